//! One game on the page: [`sudosat::play::Game`] and its [`Coach`], plus what the page
//! shows beside the board (the selected cell, pencil mode, auto candidates, the message,
//! the checked cells, the clock), as the terminal game's `App` keeps it. Every key and
//! button of the page is a method here, and [`Session::view`] is everything the page
//! draws, so the JavaScript holds no game logic: it turns keys into calls and views into
//! SVG.
//!
//! Time comes from the caller (`now`, milliseconds of `Date.now()` in the page), never
//! from `std::time::Instant`, which panics on `wasm32-unknown-unknown`; `Game::clock`
//! (which runs on `Instant`) is left alone.

use std::time::Duration;

use sudosat::grid::{to_line, Grid};
use sudosat::layout::Layout;
use sudosat::play::{
    cell_name, prepare, read_save, save_text, Action, Coach, Game, Lesson, Solutions, Unmarked,
};

use crate::geometry::{board_name, BoardShape};
use crate::view::{CellView, HintView, View};
use sudosat::play::moves::{Direction, Moves};

/// How a message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something refused or wrong.
    Error,
    /// A solved board, a check that found nothing.
    Good,
}

impl Tone {
    /// The name the page's styles use.
    pub fn name(self) -> &'static str {
        match self {
            Tone::Info => "info",
            Tone::Error => "error",
            Tone::Good => "good",
        }
    }
}

/// Why a cell is marked after a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// Its digit breaks a rule.
    Rule,
    /// Its digit is not the solution's.
    Wrong,
}

/// The time played, in milliseconds of the caller's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Clock {
    earlier: f64,
    since: Option<f64>,
}

impl Clock {
    fn elapsed(&self, now: f64) -> f64 {
        self.earlier + self.since.map_or(0.0, |since| (now - since).max(0.0))
    }

    fn start(&mut self, now: f64) {
        self.since.get_or_insert(now);
    }

    fn stop(&mut self, now: f64) {
        self.earlier = self.elapsed(now);
        self.since = None;
    }
}

/// A game and everything the page shows about it.
pub struct Session {
    game: Game,
    coach: Option<Coach>,
    title: String,
    shape: BoardShape,
    moves: Moves,
    selected: usize,
    pencil: bool,
    auto: bool,
    /// The first key of a two-key digit (boards of more than 9 digits).
    pending: Option<u8>,
    /// The last digit typed, highlighted while the selected cell is empty.
    last_digit: Option<u8>,
    message: (String, Tone),
    flagged: Vec<(usize, Flag)>,
    /// A check offered the comparison with the solution.
    offer_compare: bool,
    clock: Clock,
    paused: bool,
    solved: bool,
    /// The hint's text, shown while its lesson is current.
    hint_text: String,
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock_text(ms: f64) -> String {
    let seconds = (ms / 1000.0) as u64;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

impl Session {
    /// A new game on `givens` of `layout`, called `title`, started at `now`. A puzzle
    /// without a solution is refused; one with several is played without hints.
    pub fn new(layout: &Layout, givens: &Grid, title: &str, now: f64) -> Result<Session, String> {
        let prepared = prepare(layout, givens).map_err(|e| e.to_string())?;
        let message = match prepared.solutions {
            Solutions::None => return Err("this puzzle has no solution".to_string()),
            Solutions::Several(..) => "This puzzle has more than one solution: no hints, and \
                                       checks against the rules only."
                .to_string(),
            Solutions::Unique(_) => {
                "Fill every cell. t gives a hint and says why; ? lists the keys.".to_string()
            }
        };
        Ok(Session::start(prepared.game, title, message, now))
    }

    /// The game saved as `text` (a sudoplay saved game), resumed at `now`; `origin` ends
    /// the title, after the board's name.
    pub fn resume(text: &str, origin: &str, now: f64) -> Result<Session, String> {
        let saved = read_save(text, "the saved game").map_err(|e| e.to_string())?;
        let title = format!("{} · {origin}", board_name(&saved.layout));
        let prepared = prepare(&saved.layout, &saved.givens).map_err(|e| e.to_string())?;
        if prepared.solutions == Solutions::None {
            return Err("the saved puzzle has no solution".to_string());
        }
        let game = prepared
            .game
            .resumed(saved.cells, saved.counters, saved.played);
        let mut session = Session::start(game, &title, "Game restored.".to_string(), now);
        session.clock.earlier = saved.played.as_millis() as f64;
        session.solved = session.game.is_solved();
        if session.solved {
            session.clock.stop(now);
        }
        Ok(session)
    }

    fn start(game: Game, title: &str, message: String, now: f64) -> Session {
        let layout = game.layout().clone();
        let selected = (0..layout.num_cells())
            .find(|&c| game.cells()[c].digit == 0)
            .unwrap_or(0);
        let coach = Coach::new(&game);
        let mut session = Session {
            shape: BoardShape::new(&layout),
            moves: Moves::new(&layout),
            coach,
            game,
            title: title.to_string(),
            selected,
            pencil: false,
            auto: false,
            pending: None,
            last_digit: None,
            message: (message, Tone::Info),
            flagged: Vec::new(),
            offer_compare: false,
            clock: Clock::default(),
            paused: false,
            solved: false,
            hint_text: String::new(),
        };
        session.clock.start(now);
        session
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board's drawing.
    pub fn shape(&self) -> &BoardShape {
        &self.shape
    }

    /// What the game is stored under in the page's saved games: the layout's name (and,
    /// for a layout file, a hash of its text, since two files may share a name) and the
    /// puzzle.
    pub fn key(&self) -> String {
        let layout = self.game.layout();
        let puzzle = to_line(self.game.givens()).unwrap_or_default();
        match layout.source() {
            Some(source) => format!("{} {:016x} {puzzle}", layout.name(), fnv1a(source)),
            None => format!("{} {puzzle}", layout.name()),
        }
    }

    /// The puzzle in line format.
    pub fn puzzle_line(&self) -> String {
        to_line(self.game.givens()).unwrap_or_default()
    }

    /// The game as a sudoplay saved game (`sudoplay --resume` opens it too).
    pub fn save(&self, now: f64) -> String {
        let played = Duration::from_millis(self.clock.elapsed(now) as u64);
        save_text(&self.game, played)
    }

    fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = (text.into(), tone);
    }

    /// Refuses a command while paused; says so.
    fn refuse_paused(&mut self) -> bool {
        if self.paused {
            self.say("paused: Space resumes", Tone::Info);
        }
        self.paused
    }

    /// A click or tap on `cell`.
    pub fn select(&mut self, cell: usize, now: f64) {
        if self.refuse_paused() || cell >= self.game.layout().num_cells() {
            return;
        }
        self.flush_pending(now);
        self.selected = cell;
    }

    /// An arrow key (or `h` `j` `k` `l`, `y` `u` `b` `n` on the honeycomb).
    pub fn step(&mut self, direction: Direction, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        self.selected = self.moves.step(self.selected, direction);
    }

    /// A digit key. On boards of more than 9 digits a key that can start a two-digit
    /// number waits for the second (`1` `6` is 16; Enter takes the `1` alone); `0` alone
    /// clears the cell, as in the terminal game.
    pub fn key_digit(&mut self, typed: u8, now: f64) {
        if self.refuse_paused() {
            return;
        }
        let size = self.game.layout().size();
        if let Some(first) = self.pending.take() {
            let value = usize::from(first) * 10 + usize::from(typed);
            if (1..=size).contains(&value) {
                return self.enter(value as u8, now);
            }
            return self.say(
                format!("{value} is not a digit of this board (1..={size})"),
                Tone::Error,
            );
        }
        if typed == 0 {
            return self.clear(now);
        }
        if size > 9 && usize::from(typed) * 10 <= size {
            self.pending = Some(typed);
            return self.say(
                format!("{typed}_: a second digit, or Enter for {typed}"),
                Tone::Info,
            );
        }
        self.enter(typed, now);
    }

    /// Enter after a lone first digit: places it.
    pub fn confirm(&mut self, now: f64) {
        if let Some(first) = self.pending.take() {
            self.enter(first, now);
        }
    }

    /// A whole digit from the page's digit buttons.
    pub fn place(&mut self, digit: u8, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.pending = None;
        self.enter(digit, now);
    }

    /// Another command after a lone first digit places that digit first (as the
    /// terminal game does).
    fn flush_pending(&mut self, now: f64) {
        if let Some(first) = self.pending.take() {
            self.enter(first, now);
        }
    }

    /// Places `digit` in the selected cell, or toggles its pencil mark.
    fn enter(&mut self, digit: u8, now: f64) {
        self.last_digit = Some(digit);
        let action = if self.pencil {
            Action::Mark(self.selected, digit)
        } else {
            Action::Place(self.selected, digit)
        };
        self.act(action, now);
    }

    /// Clears the selected cell (its digit, then its marks).
    pub fn clear(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        self.act(Action::Clear(self.selected), now);
    }

    /// Takes back the last move.
    pub fn undo(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        self.act(Action::Undo, now);
    }

    /// Makes the last undone move again.
    pub fn redo(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        self.act(Action::Redo, now);
    }

    /// Pencil mode on or off: digits add or remove marks.
    pub fn toggle_pencil(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        self.pencil = !self.pencil;
        let mode = if self.pencil { "on" } else { "off" };
        self.say(format!("pencil marks {mode}"), Tone::Info);
    }

    /// Auto candidates on or off.
    pub fn toggle_auto(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        self.auto = !self.auto;
        let text = if self.auto {
            "auto candidates on: your own marks stay on top; ! marks a cell whose marks rule \
             out its digit"
        } else {
            "auto candidates off: your own marks only"
        };
        self.say(text, Tone::Info);
    }

    /// Does `action` and reports a refusal.
    fn act(&mut self, action: Action, now: f64) {
        if self.solved && !matches!(action, Action::Undo | Action::Redo) {
            return self.say("the board is solved: start a new game", Tone::Info);
        }
        match self.game.act(action) {
            Ok(()) => {
                let what = match action {
                    Action::Undo => "undone",
                    Action::Redo => "redone",
                    _ => "",
                };
                self.say(what, Tone::Info);
                self.changed(now);
            }
            Err(error) => self.say(error.to_string(), Tone::Error),
        }
    }

    /// After a change of the board: old check marks go; a solved board stops the clock
    /// and says so.
    fn changed(&mut self, now: f64) {
        self.flagged.clear();
        self.offer_compare = false;
        let was = self.solved;
        self.solved = self.game.is_solved();
        if !self.solved {
            if was {
                self.clock.start(now);
            }
            return;
        }
        self.clock.stop(now);
        let counters = self.game.counters;
        self.say(
            format!(
                "Solved in {}! {} moves, {} mistakes, {} hints.",
                clock_text(self.clock.elapsed(now)),
                counters.moves,
                counters.mistakes,
                counters.hints
            ),
            Tone::Good,
        );
    }

    /// `t`: the next level of the hint. The first names the technique and where it
    /// applies, the second shows its cells (and says why), the third makes the step.
    pub fn hint(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        if self.solved {
            return self.say("the board is solved: start a new game", Tone::Info);
        }
        let Some(coach) = self.coach.as_mut() else {
            return self.say(
                "no hints: this puzzle has more than one solution",
                Tone::Error,
            );
        };
        let Some(lesson) = coach.press(&mut self.game, Unmarked::shown(self.auto)) else {
            return self.say("the board is already solved", Tone::Info);
        };
        let layout = self.game.layout();
        let level = lesson.level;
        let text = hint_text(lesson, layout);
        let target = lesson.targets().first().copied();
        self.hint_text = text;
        if let (Some(target), 2..) = (target, level) {
            self.selected = target;
        }
        self.say("", Tone::Info);
        if level == 3 {
            self.changed(now);
        }
    }

    /// `c`: marks every placed digit that breaks a rule, then offers the comparison with
    /// the solution.
    pub fn check(&mut self, now: f64) {
        if self.refuse_paused() {
            return;
        }
        self.flush_pending(now);
        let breaks = self.game.rule_breaks();
        self.flagged = breaks
            .iter()
            .flat_map(|b| b.cells.iter().map(|&c| (c, Flag::Rule)))
            .collect();
        let mut text = match breaks.len() {
            0 => "No rule is broken.".to_string(),
            1 => "1 rule broken:".to_string(),
            n => format!("{n} rules broken:"),
        };
        for rule in &breaks {
            text.push_str(&format!("\n{}", rule.text));
        }
        self.offer_compare = self.game.solution().is_some();
        let tone = if breaks.is_empty() {
            Tone::Good
        } else {
            Tone::Error
        };
        self.say(text, tone);
    }

    /// Compares the placed digits with the solution (after a check).
    pub fn compare(&mut self) {
        self.offer_compare = false;
        let Some(wrong) = self.game.differences() else {
            return;
        };
        let layout = self.game.layout();
        let names: Vec<String> = wrong.iter().map(|&c| cell_name(layout, c)).collect();
        self.flagged.extend(wrong.iter().map(|&c| (c, Flag::Wrong)));
        match wrong.len() {
            0 => self.say("Every placed digit agrees with the solution.", Tone::Good),
            n => self.say(
                format!(
                    "{n} digit{} differ{} from the solution: {}",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "s" } else { "" },
                    names.join(" ")
                ),
                Tone::Error,
            ),
        }
    }

    /// Esc: clears the check's marks.
    pub fn dismiss(&mut self) {
        self.flagged.clear();
        self.offer_compare = false;
    }

    /// Space: pauses (the clock stops and the board is hidden) or resumes.
    pub fn toggle_pause(&mut self, now: f64) {
        self.set_paused(!self.paused, now);
    }

    /// Pauses or resumes (the page pauses a game whose tab is hidden).
    pub fn set_paused(&mut self, paused: bool, now: f64) {
        if paused == self.paused {
            return;
        }
        self.paused = paused;
        if paused {
            self.clock.stop(now);
            self.say("paused: Space resumes", Tone::Info);
        } else {
            if !self.solved {
                self.clock.start(now);
            }
            self.say("resumed", Tone::Info);
        }
    }

    /// The digit highlighted everywhere: the selected cell's, else the last one typed.
    fn highlighted(&self) -> Option<u8> {
        match self.game.cells()[self.selected].digit {
            0 => self.last_digit,
            digit => Some(digit),
        }
    }

    /// Everything the page draws, at `now`.
    pub fn view(&self, now: f64) -> View<'_> {
        let game = &self.game;
        let layout = game.layout();
        let lesson = self
            .coach
            .as_ref()
            .and_then(|coach| coach.lesson(game))
            .filter(|l| l.level >= 2);
        let auto = self.auto.then(|| game.auto_candidates());
        let missing = if self.auto {
            game.marks_without_solution()
        } else {
            Vec::new()
        };
        let highlight = self.highlighted();
        // At the second level the hint's cells show the candidates the tutor reasoned
        // on, where the player sees none, so the pattern and the struck digits show.
        let mut shown_by_hint: Vec<usize> = lesson.map_or_else(Vec::new, |lesson| {
            let mut cells = lesson.pattern();
            cells.extend(lesson.targets());
            cells.extend(lesson.eliminations().iter().map(|&(cell, _)| cell));
            cells
        });
        shown_by_hint.sort_unstable();
        shown_by_hint.dedup();
        let mut cells: Vec<CellView> = (0..layout.num_cells())
            .map(|cell| {
                let state = game.cells()[cell];
                let mut view = CellView {
                    d: state.digit,
                    given: game.is_given(cell),
                    ..CellView::default()
                };
                if state.digit == 0 {
                    let (marks, tutor) = match (state.marks, &auto, lesson) {
                        (0, Some(auto), _) => (auto[cell], true),
                        (0, None, Some(lesson)) if shown_by_hint.binary_search(&cell).is_ok() => {
                            (lesson.board.candidates(cell), true)
                        }
                        (marks, _, _) => (marks, false),
                    };
                    view.marks = digits_of(marks);
                    view.auto = tutor && marks != 0;
                }
                if state.digit != 0 && Some(state.digit) == highlight {
                    view.flags.push("same");
                }
                view
            })
            .collect();
        for &(cell, flag) in &self.flagged {
            cells[cell].flags.push(match flag {
                Flag::Rule => "rule",
                Flag::Wrong => "wrong",
            });
        }
        for &cell in &missing {
            cells[cell].flags.push("missing");
        }
        if let Some(lesson) = lesson {
            let groups: Vec<_> = layout.groups().collect();
            for &index in lesson.groups() {
                for &cell in &groups[index].cells {
                    cells[cell].flags.push("house");
                }
            }
            for cell in lesson.pattern() {
                cells[cell].flags.push("pattern");
            }
            for cell in lesson.targets() {
                cells[cell].flags.push("target");
            }
            if lesson.level == 2 {
                for &(cell, digit) in lesson.eliminations() {
                    cells[cell].struck.push(digit);
                }
            }
        }
        for (cell, view) in cells.iter_mut().enumerate() {
            view.flags.dedup();
            view.label = aria_label(layout, cell, view);
        }
        let hint = self
            .coach
            .as_ref()
            .and_then(|coach| coach.lesson(game))
            .map(|lesson: &Lesson| HintView {
                level: lesson.level,
                headline: lesson.headline(layout),
                text: self.hint_text.clone(),
            });
        let (undo, redo) = game.history();
        View {
            title: &self.title,
            board: &self.shape.name,
            unique: game.solution().is_some(),
            cells,
            selected: self.selected,
            highlight,
            pencil: self.pencil,
            auto: self.auto,
            pending: self.pending,
            left: game.digits_left(),
            moves: game.counters.moves,
            mistakes: game.counters.mistakes,
            hints: game.counters.hints,
            undo,
            redo,
            clock_ms: self.clock.elapsed(now).round(),
            running: self.clock.since.is_some(),
            paused: self.paused,
            solved: self.solved,
            message: &self.message.0,
            tone: self.message.1.name(),
            offer_compare: self.offer_compare,
            hint,
        }
    }
}

/// FNV-1a, 64 bits: a stable name for a layout file's text.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The digits of a bit set (bit d-1 for digit d), ascending.
fn digits_of(bits: u64) -> Vec<u8> {
    (1..=64u8).filter(|d| bits & (1 << (d - 1)) != 0).collect()
}

/// The hint's text at its level, as the terminal game's panel says it.
fn hint_text(lesson: &Lesson, layout: &Layout) -> String {
    let headline = lesson.headline(layout);
    match lesson.level {
        1 => format!("Hint: {headline}. (t: show where)"),
        2 => {
            let names = |cells: &[usize]| {
                let mut list: Vec<String> = cells
                    .iter()
                    .take(12)
                    .map(|&c| cell_name(layout, c))
                    .collect();
                if cells.len() > 12 {
                    list.push("…".to_string());
                }
                list.join(" ")
            };
            let (pattern, targets) = (lesson.pattern(), lesson.targets());
            let mut text = format!("Hint: {headline}. Changes {}.", names(&targets));
            if !pattern.is_empty() && pattern != targets {
                text.push_str(&format!(" Uses {}.", names(&pattern)));
            }
            text.push_str(" (t: apply)\n");
            text.push_str(&lesson.reasoning(layout));
            text
        }
        _ => format!("Hint applied: {} ({headline})", lesson.effect_text(layout)),
    }
}

/// What a screen reader says for a cell: "row 3, column 7, empty, candidates 2 4 9".
fn aria_label(layout: &Layout, cell: usize, view: &CellView) -> String {
    let (row, col) = layout.position(cell);
    let mut label = format!("row {}, column {}, ", row + 1, col + 1);
    let list = |digits: &[u8]| {
        digits
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    match (view.d, view.given) {
        (0, _) => {
            label.push_str("empty");
            if !view.marks.is_empty() {
                label.push_str(&format!(", candidates {}", list(&view.marks)));
            }
        }
        (digit, true) => label.push_str(&format!("given {digit}")),
        (digit, false) => label.push_str(&digit.to_string()),
    }
    for flag in &view.flags {
        label.push_str(match *flag {
            "rule" => ", breaks a rule",
            "wrong" => ", not the solution's digit",
            "missing" => ", its marks leave out its digit",
            "target" => ", the hint changes this cell",
            "pattern" => ", in the hint's pattern",
            "house" => ", in a house the hint uses",
            _ => "",
        });
    }
    if !view.struck.is_empty() {
        label.push_str(&format!(", the hint removes {}", list(&view.struck)));
    }
    label
}

#[cfg(test)]
mod tests;
