//! Where the game comes from: puzzle K of a file (any format the tools read), a puzzle
//! typed on the command line (`--puzzle`), a puzzle made on the spot by the generator
//! (unique solution guaranteed; `--daily` seeds it with the date), or a saved game.
//!
//! Every puzzle is solved before play: one without a solution is refused (exit 1); one
//! with several is played without hints, checked against the rules only, and kept out of
//! the statistics, since its time says nothing about a level. A unique one is rated
//! (`gen::sat_level`: easy, medium or hard) for the title and the statistics.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::app::StatsEntry;
use super::date::Date;
use super::SudoplayOptions;
use crate::cli::{self, Failure, Source};
use crate::gen::puzzles::{Generator, Request, Target};
use crate::gen::GenError;
use crate::grid::{Grid, ParseOptions, Puzzle, PuzzleError, PuzzleReader};
use crate::human::rating::{rate, SeLevel};
use crate::layout::{Layout, LayoutChoice};
use crate::play::{prepare, read_save, Prepared, Solutions};

/// The largest board played: 25x25 still fits a large terminal (a 36x36 does not).
pub const MAX_SIZE: usize = 25;

/// Conflicts per uniqueness check when generating Hanidoku (as `sudokugen`'s default).
const HANIDOKU_CHECK_CONFLICTS: u64 = 20;

/// A game ready to play, with what to call it.
pub struct Loaded {
    /// The game and its candidate probe.
    pub prepared: Prepared,
    /// The title line's text.
    pub title: String,
    /// The first message: what to do, or why there are no hints.
    pub message: String,
    /// The saved game it was resumed from.
    pub resumed: Option<PathBuf>,
    /// How a solved game goes into the statistics (unique puzzles only; its level is
    /// set when the rating arrives).
    pub stats: Option<StatsEntry>,
    /// The rating of a unique puzzle, on its way.
    pub rating: Option<PendingRating>,
}

/// A puzzle's rating on its way: computed in a thread of its own, so that a puzzle whose
/// rating needs nested chains (seconds on a honeycomb) opens at once; the title says
/// "rating…" until it is there.
pub struct PendingRating {
    /// The title without the rating.
    base: String,
    receiver: std::sync::mpsc::Receiver<f64>,
}

impl PendingRating {
    /// Rates `givens` (with `solution`, unique) in a thread.
    fn start(base: String, layout: &Layout, givens: &Grid, solution: &Grid) -> PendingRating {
        let (sender, receiver) = std::sync::mpsc::channel();
        let (layout, givens, solution) = (layout.clone(), givens.clone(), solution.clone());
        std::thread::spawn(move || {
            let rating = rate(&layout, givens.cells(), solution.cells());
            // The game may have ended first: nobody is listening then.
            let _ = sender.send(rating.er);
        });
        PendingRating { base, receiver }
    }

    /// The title with the rating, and the level, once the rating is there (waiting
    /// for it when `wait`).
    pub fn poll(&self, wait: bool) -> Option<(String, SeLevel)> {
        let er = if wait {
            self.receiver.recv().ok()?
        } else {
            self.receiver.try_recv().ok()?
        };
        let level = SeLevel::of(er);
        Some((format!("{} · ER {er:.1} {level}", self.base), level))
    }
}

/// Loads the game `options` ask for.
pub fn load(options: &SudoplayOptions) -> Result<Loaded, Failure> {
    if let Some(path) = &options.resume {
        return resume(path);
    }
    let (layout, givens, title, what) = match (&options.puzzles, &options.puzzle) {
        (Some(path), _) => {
            let (layout, givens, title) = from_file(options, path)?;
            (layout, givens, title, path.display().to_string())
        }
        (None, Some(text)) => {
            let (layout, givens) = typed(options, text)?;
            let title = format!("{} · typed in", board_name(&layout));
            (layout, givens, title, "the puzzle of --puzzle".to_string())
        }
        (None, None) => {
            let (layout, givens, title) = generated(options)?;
            (layout, givens, title, "the generated puzzle".to_string())
        }
    };
    let prepared = start(&layout, &givens, &what)?;
    Ok(finish(prepared, title, None))
}

/// The game with its title (the level added, or "not unique"), first message, and
/// statistics entry.
fn finish(prepared: Prepared, title: String, resumed: Option<PathBuf>) -> Loaded {
    let layout = prepared.game.layout().clone();
    let message = first_message(&prepared);
    let (title, stats, rating) = match prepared.solutions {
        Solutions::Unique(ref solution) => {
            let givens = prepared.game.givens();
            let pending = PendingRating::start(title.clone(), &layout, givens, solution);
            let entry = StatsEntry {
                board: board_name(&layout),
                level: String::new(),
                date: Date::today().to_string(),
            };
            (format!("{title} · rating…"), Some(entry), Some(pending))
        }
        _ => (format!("{title} · not unique"), None, None),
    };
    Loaded {
        prepared,
        title,
        message,
        resumed,
        stats,
        rating,
    }
}

fn check_size(layout: &Layout) -> Result<(), Failure> {
    let n = layout.size();
    if layout.is_square() && !(4..=MAX_SIZE).contains(&n) {
        return Err(Failure::usage(format!(
            "sudoplay plays square boards of 4x4 to {MAX_SIZE}x{MAX_SIZE}, not {n}x{n}"
        )));
    }
    Ok(())
}

fn start(layout: &Layout, givens: &Grid, what: &str) -> Result<Prepared, Failure> {
    check_size(layout)?;
    let prepared = prepare(layout, givens).map_err(Failure::error)?;
    if prepared.solutions == Solutions::None {
        return Err(Failure::error(format!("{what} has no solution")));
    }
    Ok(prepared)
}

fn first_message(prepared: &Prepared) -> String {
    match prepared.solutions {
        Solutions::Several(..) => "This puzzle has more than one solution: no hints, no \
                                   statistics, and checks against the rules only."
            .to_string(),
        _ => "Fill every cell. t gives a hint and says why; ? lists the keys.".to_string(),
    }
}

/// Puzzles as a reader yields them, one result each.
type Puzzles = Box<dyn Iterator<Item = Result<Puzzle, PuzzleError>>>;

/// The course's prefix of a Hanidoku line (`HQV1G` and 61 symbols).
const HANIDOKU_PREFIX: &str = "HQV1G";

/// Whether the first puzzle line `reader` holds (after blank and `#` comment lines)
/// starts with the course's Hanidoku prefix, and the reader again from its start (the
/// lines read are put back in front).
fn sniff_hanidoku(mut reader: Box<dyn BufRead>) -> std::io::Result<(bool, Box<dyn BufRead>)> {
    let mut prefix = Vec::new();
    let mut hanidoku = false;
    loop {
        let start = prefix.len();
        if reader.read_until(b'\n', &mut prefix)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&prefix[start..]);
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            hanidoku = line.starts_with(HANIDOKU_PREFIX);
            break;
        }
    }
    Ok((
        hanidoku,
        Box::new(std::io::Read::chain(std::io::Cursor::new(prefix), reader)),
    ))
}

/// The puzzles `reader` holds, read as `options` say (`--layout`, `--size`; without
/// `--layout`, lines with the course's `HQV1G` prefix are Hanidoku); errors name
/// `source`.
fn puzzles(
    options: &SudoplayOptions,
    reader: Box<dyn BufRead>,
    source: &str,
) -> Result<(LayoutChoice, Puzzles), Failure> {
    let (layout, reader) = match options.layout.as_deref() {
        None => {
            let (hanidoku, reader) =
                sniff_hanidoku(reader).map_err(|e| Failure::invalid(format!("{source}: {e}")))?;
            (hanidoku.then_some("hanidoku"), reader)
        }
        layout => (layout, reader),
    };
    let choice = LayoutChoice::from_args(layout, options.size).map_err(Failure::invalid)?;
    let puzzles: Puzzles = match choice.fixed() {
        Some(layout) => Box::new(PuzzleReader::for_layout(reader, layout, false)),
        None => Box::new(
            PuzzleReader::new(
                reader,
                &ParseOptions {
                    size: options.size,
                    allow_conflicts: false,
                },
            )
            .map_err(|e| Failure::invalid(format!("{source}: {e}")))?,
        ),
    };
    Ok((choice, puzzles))
}

fn from_file(options: &SudoplayOptions, path: &Path) -> Result<(Layout, Grid, String), Failure> {
    let source = Source::File(path.to_path_buf());
    let reader = cli::open(&source).map_err(|e| Failure::input(&source, e))?;
    let (choice, puzzles) = puzzles(options, reader, &source.to_string())?;
    let k = options.index;
    if k == 0 {
        return Err(Failure::usage("--index counts from 1"));
    }
    let mut seen = 0;
    for puzzle in puzzles {
        seen += 1;
        if seen == k {
            let puzzle = puzzle.map_err(|e| Failure::input(&source, e))?;
            let layout = choice
                .for_size(puzzle.grid.size())
                .map_err(Failure::invalid)?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |name| name.to_string_lossy().into_owned(),
            );
            let title = format!("{} · {name} #{k}", board_name(&layout));
            return Ok((layout, puzzle.grid, title));
        }
    }
    Err(Failure::usage(format!(
        "{source} has {seen} puzzles, so there is no puzzle {k}"
    )))
}

/// `--puzzle TEXT` as puzzle text: rows typed apart (`53..7..../6..195...`, or with
/// spaces between rows of equal length) are joined into the line format; rows with
/// spaces inside (`5 3 0 0 7 0 0 0 0 / 6 0 0 ...`) become the lines of a block.
fn typed_text(text: &str) -> String {
    let text = text.trim();
    if text.contains(['/', '|']) {
        let rows: Vec<&str> = text.split(['/', '|']).map(str::trim).collect();
        if rows.iter().all(|row| !row.contains(char::is_whitespace)) {
            return rows.concat();
        }
        return rows.join("\n");
    }
    if !text.contains('\n') {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let length = tokens.first().map_or(0, |t| t.chars().count());
        if tokens.iter().all(|t| t.chars().count() == length) {
            return tokens.concat();
        }
    }
    text.to_string()
}

/// `--puzzle TEXT`: exactly one puzzle, in any format a puzzle file may hold, rows
/// joined as [`typed_text`] says.
fn typed(options: &SudoplayOptions, text: &str) -> Result<(Layout, Grid), Failure> {
    let text = typed_text(text);
    let reader: Box<dyn BufRead> = Box::new(std::io::Cursor::new(text.into_bytes()));
    let (choice, puzzles) = puzzles(options, reader, "--puzzle")?;
    let mut found = Vec::new();
    for puzzle in puzzles {
        found.push(puzzle.map_err(|e| Failure::invalid(format!("--puzzle: {e}")))?);
    }
    match found.len() {
        1 => {
            let grid = found.remove(0).grid;
            let layout = choice.for_size(grid.size()).map_err(Failure::invalid)?;
            Ok((layout, grid))
        }
        0 => Err(Failure::invalid("--puzzle: no puzzle in the text")),
        n => Err(Failure::invalid(format!(
            "--puzzle: {n} puzzles in the text; give one"
        ))),
    }
}

fn generated(options: &SudoplayOptions) -> Result<(Layout, Grid, String), Failure> {
    let layout = Layout::resolve(options.layout.as_deref().unwrap_or("sudoku"), options.size)
        .map_err(Failure::invalid)?;
    check_size(&layout)?;
    let daily = options
        .daily
        .then(|| options.date.unwrap_or_else(Date::today));
    let seed = daily.map(Date::seed).or(options.seed).unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000)
    });
    let request = Request {
        target: Target::Minimal,
        sat_level: None,
        attempts: 1000,
        check_conflicts: (!layout.lines().is_empty()).then_some(HANIDOKU_CHECK_CONFLICTS),
        rating: options.rating,
        technique: None,
    };
    if layout.size() >= 25 {
        eprintln!(
            "sudoplay: making a {0}x{0} puzzle; this can take minutes",
            layout.size()
        );
    }
    let fail = |e: GenError| match e {
        // sudokugen's own advice (--attempts) is no option of sudoplay.
        GenError::Budget { what, attempts } => Failure::new(
            1,
            format!(
                "no {what} in {attempts} attempts with seed {seed}: try another --seed or \
                 another --difficulty (minimal puzzles of the hardest levels are rare)"
            ),
        ),
        other => Failure::new(other.exit_code(), other),
    };
    let mut generator = Generator::new(&layout, seed).map_err(fail)?;
    let givens = generator.next(&request).map_err(fail)?;
    let title = match daily {
        Some(date) => format!("{} · daily {date}", board_name(&layout)),
        None => format!("{} · generated, seed {seed}", board_name(&layout)),
    };
    Ok((layout, givens, title))
}

fn resume(path: &Path) -> Result<Loaded, Failure> {
    let source = Source::File(path.to_path_buf());
    let text = cli::read_to_string(&source).map_err(|e| Failure::input(&source, e))?;
    let saved = read_save(&text, &path.display().to_string()).map_err(Failure::invalid)?;
    let title = format!(
        "{} · resumed from {}",
        board_name(&saved.layout),
        path.display()
    );
    let mut prepared = start(&saved.layout, &saved.givens, &source.to_string())?;
    prepared.game = prepared
        .game
        .resumed(saved.cells, saved.counters, saved.played);
    Ok(finish(prepared, title, Some(path.to_path_buf())))
}

/// "9x9 sudoku", "x-sudoku 9x9", "hanidoku", "jigsaw 9x9".
pub fn board_name(layout: &Layout) -> String {
    let n = layout.size();
    match layout.name().split_once(' ') {
        Some(("square", _)) => format!("{n}x{n} sudoku"),
        Some((name, _)) => format!("{name} {n}x{n}"),
        None if layout.is_square() => format!("{} {n}x{n}", layout.name()),
        None => layout.name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A file of the course's Hanidoku lines opens as Hanidoku without `--layout`, and
    /// `--layout` still decides when given.
    #[test]
    fn a_file_of_course_lines_opens_as_hanidoku() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/layouts/hanidoku.txt");
        let options = SudoplayOptions {
            puzzles: Some(path.clone()),
            index: 1,
            ..SudoplayOptions::default()
        };
        let (layout, grid, title) = from_file(&options, &path).unwrap();
        assert_eq!(layout.num_cells(), 61, "{title}");
        assert_eq!(grid.cells().len(), 61);
        let sudoku = SudoplayOptions {
            layout: Some("sudoku".into()),
            ..options.clone()
        };
        assert!(from_file(&sudoku, &path).is_err());
        let course: Box<dyn BufRead> = Box::new(std::io::Cursor::new("# x\n\nHQV1G0\n".as_bytes()));
        let (hanidoku, mut again) = sniff_hanidoku(course).unwrap();
        let mut text = String::new();
        again.read_to_string(&mut text).unwrap();
        assert!(hanidoku);
        assert_eq!(text, "# x\n\nHQV1G0\n", "the lines read are given back");
        let line: Box<dyn BufRead> = Box::new(std::io::Cursor::new("53..7....".as_bytes()));
        assert!(!sniff_hanidoku(line).unwrap().0);
    }
}
