//! sudoplay in the browser: the sudosat library compiled to WebAssembly, exported through
//! `wasm-bindgen` to a static page (`web/www`, built by `make web`).
//!
//! The page runs this module in Web Workers, so hint searches and the generator never
//! block it: one worker holds the game ([`Play`]), another makes and rates puzzles
//! ([`generate`], [`daily`], [`rate`]). Everything the page shows comes from here as
//! JSON: the board's drawing once per game ([`Play::board`]), then a view after every
//! call ([`Play::view`]); the page's JavaScript only draws views and turns keys and
//! clicks into calls. docs/web.md describes the page, its contract with outside checks
//! and the measurements.
//!
//! Only the library's public API is used (`play`, `human`, `gen`, `layout`, `grid`). No
//! path from here reaches `std::time::Instant` (it panics on `wasm32-unknown-unknown`),
//! threads or files: time comes from the page, and layout files come as text.

pub mod bench;
pub mod geometry;
pub mod open;
pub mod session;
pub mod view;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use geometry::board_name;
use session::Session;
use sudosat::play::moves::Direction;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// The page's clock (`performance.now()`, also in workers), for the benchmarks.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
    /// `console.error`, where panics are reported.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(text: &str);
}

/// Milliseconds of a monotonic clock: `performance.now()` in the browser, the process's
/// own clock in the native tests.
pub fn milliseconds() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        performance_now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

/// Reports panics on the console (a panic is a bug: the page shows that the worker
/// stopped).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("sudosat: {info}"))));
}

fn js_error(message: String) -> JsError {
    JsError::new(&message)
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("views are plain data")
}

/// One game: the page's every key and button is a method, and after each the page asks
/// for [`Play::view`].
#[wasm_bindgen]
pub struct Play {
    session: Session,
}

#[wasm_bindgen]
impl Play {
    /// Opens `puzzle` (any format the tools read) on the layout `layout` (a name:
    /// `sudoku`, `x-sudoku`, `hanidoku`, `jigsaw9`, ...; empty: a square board of the
    /// puzzle's size) or, when `layout_file` is not empty, the layout file of that text.
    /// `origin` ends the title ("typed in", "daily 2024-05-01"); `now` is `Date.now()`.
    pub fn open(
        puzzle: &str,
        layout: &str,
        layout_file: &str,
        origin: &str,
        now: f64,
    ) -> Result<Play, JsError> {
        let (layout, givens) = open::puzzle(puzzle, layout, layout_file).map_err(js_error)?;
        let title = format!("{} · {origin}", board_name(&layout));
        let session = Session::new(&layout, &givens, &title, now).map_err(js_error)?;
        Ok(Play { session })
    }

    /// Resumes a game saved by [`Play::save`] (or by `sudoplay`'s `s`).
    pub fn resume(save: &str, origin: &str, now: f64) -> Result<Play, JsError> {
        let session = Session::resume(save, origin, now).map_err(js_error)?;
        Ok(Play { session })
    }

    /// The board's drawing (cells as SVG polygons, walls, mark places), as JSON.
    pub fn board(&self) -> String {
        json(self.session.shape())
    }

    /// Everything the page draws now, as JSON.
    pub fn view(&self, now: f64) -> String {
        json(&self.session.view(now))
    }

    /// The game as a sudoplay saved game.
    pub fn save(&self, now: f64) -> String {
        self.session.save(now)
    }

    /// The key the page stores the game under: layout name and puzzle.
    pub fn key(&self) -> String {
        self.session.key()
    }

    /// The puzzle in the line format.
    pub fn puzzle(&self) -> String {
        self.session.puzzle_line()
    }

    /// Selects `cell` (a click or a tap).
    pub fn select(&mut self, cell: usize, now: f64) {
        self.session.select(cell, now);
    }

    /// Moves the selection: `left`, `right`, `up`, `down`, and on the honeycomb
    /// `up-left`, `up-right`, `down-left`, `down-right`.
    pub fn step(&mut self, direction: &str, now: f64) -> Result<(), JsError> {
        let direction = Direction::from_name(direction)
            .ok_or_else(|| js_error(format!("no direction `{direction}`")))?;
        self.session.step(direction, now);
        Ok(())
    }

    /// A digit key (two keys for digits from 10 on; `0` clears).
    pub fn key_digit(&mut self, digit: u8, now: f64) {
        self.session.key_digit(digit, now);
    }

    /// Enter: places a lone first digit.
    pub fn confirm(&mut self, now: f64) {
        self.session.confirm(now);
    }

    /// A whole digit (the page's digit buttons).
    pub fn place(&mut self, digit: u8, now: f64) {
        self.session.place(digit, now);
    }

    /// Clears the selected cell.
    pub fn clear(&mut self, now: f64) {
        self.session.clear(now);
    }

    /// Pencil mode on or off.
    pub fn toggle_pencil(&mut self, now: f64) {
        self.session.toggle_pencil(now);
    }

    /// Auto candidates on or off.
    pub fn toggle_auto(&mut self, now: f64) {
        self.session.toggle_auto(now);
    }

    /// Takes back the last move.
    pub fn undo(&mut self, now: f64) {
        self.session.undo(now);
    }

    /// Makes the last undone move again.
    pub fn redo(&mut self, now: f64) {
        self.session.redo(now);
    }

    /// The next level of the hint.
    pub fn hint(&mut self, now: f64) {
        self.session.hint(now);
    }

    /// Checks the rules.
    pub fn check(&mut self, now: f64) {
        self.session.check(now);
    }

    /// Compares the placed digits with the solution.
    pub fn compare(&mut self) {
        self.session.compare();
    }

    /// Clears the check's marks.
    pub fn dismiss(&mut self) {
        self.session.dismiss();
    }

    /// Pauses or resumes.
    pub fn toggle_pause(&mut self, now: f64) {
        self.session.toggle_pause(now);
    }

    /// Pauses (`true`) or resumes (`false`).
    pub fn set_paused(&mut self, paused: bool, now: f64) {
        self.session.set_paused(paused, now);
    }
}

/// A generated puzzle, for the page to open.
#[derive(Serialize)]
struct Generated {
    puzzle: String,
    seed: u64,
    ms: f64,
}

fn generated(
    layout: &sudosat::layout::Layout,
    level: Option<&str>,
    seed: u64,
) -> Result<String, JsError> {
    let start = milliseconds();
    let grid = open::generate(layout, level, seed).map_err(js_error)?;
    let puzzle = sudosat::grid::to_line(&grid)
        .ok_or_else(|| js_error("the puzzle has no line format".to_string()))?;
    Ok(json(&Generated {
        puzzle,
        seed,
        ms: milliseconds() - start,
    }))
}

/// A new puzzle with one solution: on `layout` (`layout_file` when not empty), `size`
/// digits for the square built-ins (0: 9), at the SE level `level` (empty: any),
/// reproducible from `seed`. JSON: `{puzzle, seed, ms}`.
#[wasm_bindgen]
pub fn generate(
    layout: &str,
    layout_file: &str,
    size: usize,
    level: &str,
    seed: u64,
) -> Result<String, JsError> {
    let layout = open::layout(layout, layout_file, (size > 0).then_some(size)).map_err(js_error)?;
    generated(&layout, (!level.is_empty()).then_some(level), seed)
}

/// The puzzle of the day `date` (`YYYY-MM-DD`, UTC) on `layout`: the same puzzle as
/// `sudoplay --daily` on that day. JSON as [`generate`].
#[wasm_bindgen]
pub fn daily(date: &str, layout: &str, layout_file: &str, size: usize) -> Result<String, JsError> {
    let layout = open::layout(layout, layout_file, (size > 0).then_some(size)).map_err(js_error)?;
    let seed = open::daily_seed(date).map_err(js_error)?;
    generated(&layout, None, seed)
}

/// A puzzle's rating on Sudoku Explainer's scale.
#[derive(Serialize)]
struct RatingView {
    /// `ER/EP/ED`.
    text: String,
    er: f64,
    level: &'static str,
    hardest: String,
    ms: f64,
}

/// The SE-style rating of `puzzle` on `layout` (as [`Play::open`] reads them). JSON:
/// `{text, er, level, hardest, ms}`; an error for a puzzle without one solution.
#[wasm_bindgen]
pub fn rate(puzzle: &str, layout: &str, layout_file: &str) -> Result<String, JsError> {
    let start = milliseconds();
    let (layout, givens) = open::puzzle(puzzle, layout, layout_file).map_err(js_error)?;
    let cnf = sudosat::play::empty_board_cnf(&layout).map_err(|e| js_error(e.to_string()))?;
    let solution = match sudosat::play::solutions(&layout, &givens, &cnf) {
        Ok(sudosat::play::Solutions::Unique(solution)) => solution,
        _ => {
            return Err(js_error(
                "no rating: the puzzle has no unique solution".into(),
            ))
        }
    };
    let rating = sudosat::human::rating::rate(&layout, givens.cells(), solution.cells());
    Ok(json(&RatingView {
        text: rating.text(),
        er: rating.er,
        level: rating.level(),
        hardest: rating.hardest.name().to_string(),
        ms: milliseconds() - start,
    }))
}

/// What the page offers: layouts by name, SE levels with their ER ranges, square sizes.
#[derive(Serialize)]
struct Catalogue {
    layouts: Vec<&'static str>,
    levels: Vec<(&'static str, f64, f64)>,
    sizes: Vec<usize>,
}

/// The page's menus, as JSON: `{layouts, levels: [[name, low, high]], sizes}`.
#[wasm_bindgen]
pub fn catalogue() -> String {
    json(&Catalogue {
        layouts: open::LAYOUT_NAMES.to_vec(),
        levels: open::levels(),
        sizes: vec![4, 9, 16, 25],
    })
}

/// Times the tutor's hints on every puzzle of `puzzles` (at most `limit`; 0: all) on
/// `layout`, as `make bench-hints` does natively (`examples/hint_bench.rs`). JSON; see
/// [`bench::hints`].
#[wasm_bindgen]
pub fn bench_hints(puzzles: &str, layout: &str, limit: usize) -> Result<String, JsError> {
    let layout = open::layout(layout, "", None).map_err(js_error)?;
    bench::hints(puzzles, &layout, limit)
        .map(|report| json(&report))
        .map_err(js_error)
}
