//! Where the game comes from: puzzle K of a file (any format the tools read), a puzzle
//! made on the spot by the generator (unique solution guaranteed), or a saved game.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::SudoplayOptions;
use crate::cli::{self, Failure, Source};
use crate::gen::puzzles::{Generator, Request, Target};
use crate::gen::GenError;
use crate::grid::{Grid, ParseOptions, PuzzleReader};
use crate::layout::{Layout, LayoutChoice};
use crate::play::{prepare, read_save, Prepared, Solutions};

/// The largest board played: 25x25 still fits a large terminal (a 36x36 does not).
pub const MAX_SIZE: usize = 25;

/// Conflicts per uniqueness check when generating Hanidoku (as `sudokugen`'s default).
const HANIDOKU_CHECK_CONFLICTS: u64 = 20;

/// A game ready to play, with what to call it.
pub struct Loaded {
    /// The game and its hinter.
    pub prepared: Prepared,
    /// The title line's text.
    pub title: String,
    /// The first message: what to do, or why there are no hints.
    pub message: String,
    /// The saved game it was resumed from.
    pub resumed: Option<PathBuf>,
}

/// Loads the game `options` ask for.
pub fn load(options: &SudoplayOptions) -> Result<Loaded, Failure> {
    if let Some(path) = &options.resume {
        return resume(path);
    }
    let (layout, givens, title) = match &options.puzzles {
        Some(path) => from_file(options, path)?,
        None => generated(options)?,
    };
    let prepared = start(&layout, &givens, &title)?;
    let message = first_message(&prepared);
    Ok(Loaded {
        prepared,
        title,
        message,
        resumed: None,
    })
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
        Solutions::Several(..) => "This puzzle has more than one solution: no hints, and \
                                   checks against the rules only."
            .to_string(),
        _ => "Fill every cell. t gives a hint and says why; ? lists the keys.".to_string(),
    }
}

fn from_file(options: &SudoplayOptions, path: &Path) -> Result<(Layout, Grid, String), Failure> {
    let source = Source::File(path.to_path_buf());
    let reader = cli::open(&source).map_err(|e| Failure::input(&source, e))?;
    let choice = LayoutChoice::from_args(options.layout.as_deref(), options.size)
        .map_err(Failure::invalid)?;
    let puzzles: Box<dyn Iterator<Item = _>> = match choice.fixed() {
        Some(layout) => Box::new(PuzzleReader::for_layout(reader, layout, false)),
        None => Box::new(
            PuzzleReader::new(
                reader,
                &ParseOptions {
                    size: options.size,
                    allow_conflicts: false,
                },
            )
            .map_err(|e| Failure::input(&source, e))?,
        ),
    };
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

fn generated(options: &SudoplayOptions) -> Result<(Layout, Grid, String), Failure> {
    let layout = Layout::resolve(options.layout.as_deref().unwrap_or("sudoku"), options.size)
        .map_err(Failure::invalid)?;
    check_size(&layout)?;
    let seed = options.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000)
    });
    let request = Request {
        target: Target::Minimal,
        difficulty: options.difficulty,
        attempts: 1000,
        check_conflicts: (!layout.lines().is_empty()).then_some(HANIDOKU_CHECK_CONFLICTS),
        rating: None,
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
                "no {what} in {attempts} attempts with seed {seed}: try another --seed or an \
                 easier --difficulty (minimal puzzles that need search are rare)"
            ),
        ),
        other => Failure::new(other.exit_code(), other),
    };
    let mut generator = Generator::new(&layout, seed).map_err(fail)?;
    let givens = generator.next(&request).map_err(fail)?;
    let level = options
        .difficulty
        .map_or(String::new(), |level| format!(" · {level}"));
    let title = format!("{} · generated, seed {seed}{level}", board_name(&layout));
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
    let message = first_message(&prepared);
    Ok(Loaded {
        prepared,
        title,
        message,
        resumed: Some(path.to_path_buf()),
    })
}

/// "9x9 sudoku", "x-sudoku 9x9", "hanidoku", "jigsaw 9x9".
fn board_name(layout: &Layout) -> String {
    let n = layout.size();
    match layout.name().split_once(' ') {
        Some(("square", _)) => format!("{n}x{n} sudoku"),
        Some((name, _)) => format!("{name} {n}x{n}"),
        None if layout.is_square() => format!("{} {n}x{n}", layout.name()),
        None => layout.name().to_string(),
    }
}
