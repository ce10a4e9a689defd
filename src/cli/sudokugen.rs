//! The body of `sudokugen`: what each subcommand does once its arguments are parsed
//! ([`grids`], [`puzzles`], [`rate`]); the work itself is in [`crate::gen`]. The binary
//! only parses flags into a [`Command`].

mod human;

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Failure, Source};
use crate::gen::grids::{enumerate, Construction};
use crate::gen::puzzles::{Generator, Request};
use crate::gen::random::RandomGrids;
use crate::gen::sat_level::{SatGrader, SatLevel};
use crate::gen::{push_grid, GenError, OutputFormat};
use crate::grid::PuzzleReader;
use crate::layout::Layout;

/// The `--help` text after the options: examples, what each subcommand makes, exit codes.
pub const AFTER_HELP: &str = "\
EXAMPLES:
  sudokugen -c 1000000 > grids.txt          a million distinct 9x9 grids (course format)
  sudokugen grids 10 --first 5 --format line
  sudokugen grids 5 --random --seed 7 --layout hanidoku
  sudokugen puzzles 100 --minimal --seed 1 | sudoku2cnf --split cnfs/
  sudokugen puzzles 5 --clues 25 --sat-level probing
  sudokugen puzzles 5 --difficulty diabolical
  sudokugen rate puzzles.txt

GRIDS:
  Square Sudoku grids are distinct by construction: first-row permutation x row-shift
  pattern, (n)! x (k!)^(k+1)/k^2 grids (52,254,720 for 9x9; 5,806,080 with --first).
  X-Sudoku, Hanidoku and layout files are enumerated by the solver with blocking clauses.
  --random draws grids by a randomised solver search plus a random symmetry, reproducible
  by --seed; repeats are skipped.

PUZZLES:
  Holes are dug in a random solved grid, each removal kept only if the solver proves the
  solution still unique. One line per puzzle ('.' blanks, the format sudoku2cnf reads;
  Hanidoku as 61 symbols for --layout hanidoku), or --format block.

RATE:
  One line per puzzle: the level and a score. propagation 0: unit propagation solves it;
  probing F: failed-literal probing solves it after F failed literals; search C: a CDCL
  search is needed, C conflicts; unsolvable 0: a contradiction. --summary prints counts.

EXIT CODES:
  0  success
  1  failure: a clue count or level not reached within --attempts, a layout with fewer
     grids than asked, or output that cannot be written
  2  bad usage or input: N not a positive integer or above what can be made distinct,
     unknown layout, bad --first, unreadable puzzle file";

/// What `sudokugen` was asked to do, independent of how the flags were spelled.
#[derive(Clone, Debug)]
pub enum Command {
    /// `sudokugen grids COUNT` (or `-c COUNT`).
    Grids {
        /// How many grids, as typed (checked here, so that the message is ours).
        count: String,
        /// What kind of grids.
        options: GridOptions,
    },
    /// `sudokugen puzzles COUNT`.
    Puzzles {
        /// How many puzzles, as typed.
        count: String,
        /// The board.
        board: Board,
        /// Clue target, difficulty, attempts, check budget.
        request: Request,
        /// Seed of the random choices.
        seed: u64,
        /// How the puzzles are written.
        format: OutputFormat,
    },
    /// `sudokugen rate [INPUT]`.
    Rate {
        /// The puzzles (`None` or `-`: stdin).
        input: Option<PathBuf>,
        /// The board.
        board: Board,
        /// Only the count and mean score per level.
        summary: bool,
        /// The SAT levels (propagation, probing, search) instead of the SE-style rating.
        sat: bool,
        /// Each puzzle's path, one step a line.
        steps: bool,
    },
    /// `sudokugen reglib FILE`: HoDoKu's regression library against our techniques.
    Reglib {
        /// The library file.
        input: PathBuf,
        /// Only this technique (a code such as `0300`, or a name).
        technique: Option<String>,
    },
}

/// Runs `sudokugen`: the subcommand, or a usage error when the command line named none
/// (`None`); returns the exit code (0) or the failure to report.
pub fn run(command: Option<&Command>) -> Result<u8, Failure> {
    match command {
        Some(Command::Grids { count, options }) => grids(count, options),
        Some(Command::Puzzles {
            count,
            board,
            request,
            seed,
            format,
        }) => puzzles(count, board, *request, *seed, *format),
        Some(Command::Rate {
            input,
            board,
            summary,
            sat: true,
            ..
        }) => rate(input.as_deref(), board, *summary),
        Some(Command::Rate {
            input,
            board,
            summary,
            steps,
            ..
        }) => human::rate_se(input.as_deref(), board, *summary, *steps),
        Some(Command::Reglib { input, technique }) => human::reglib(input, technique.as_deref()),
        None => Err(Failure::usage(
            "give a command (grids, puzzles, rate, reglib) or -c N; see --help",
        )),
    }
}

/// Default conflict budget of a uniqueness check on layouts with run lines, where
/// proving "no second solution" for a sparse honeycomb can take thousands of conflicts;
/// see `--check-conflicts`. Hanidoku itself needs none: its questions are answered from
/// the table of all its grids, exactly, so its puzzles are minimal whatever the budget.
pub const HANIDOKU_CHECK_CONFLICTS: u64 = 20;

/// The board every subcommand works on: `--layout` and `--size` (the binary flattens
/// these arguments into each subcommand).
#[derive(Clone, Debug, clap::Args)]
pub struct Board {
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE", default_value = "sudoku")]
    pub layout: String,
    /// The side of square grids (4, 9, 16, ...).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
}

impl Board {
    /// The resolved layout; an unknown one is a usage error (exit 2).
    pub(crate) fn layout(&self) -> Result<Layout, Failure> {
        Layout::resolve(&self.layout, self.size).map_err(Failure::usage)
    }
}

/// What `sudokugen grids` (and `sudokugen -c N`) is asked for.
#[derive(Clone, Debug, clap::Args)]
pub struct GridOptions {
    /// The board.
    #[command(flatten)]
    pub board: Board,
    /// Fix the top-left digit (square Sudoku construction only).
    #[arg(long, value_name = "D")]
    pub first: Option<u32>,
    /// `block` (the course format, default) or `line`.
    #[arg(long, default_value = "block")]
    pub format: OutputFormat,
    /// Random grids instead of the construction (reproducible with --seed).
    #[arg(long)]
    pub random: bool,
    /// Seed for --random.
    #[arg(long, default_value_t = 1, requires = "random")]
    pub seed: u64,
}

/// The error of the library as the binary's failure, with its exit code.
pub(crate) fn gen_failure(error: GenError) -> Failure {
    match error {
        GenError::Io(io) => Failure::output(io),
        other => Failure::new(other.exit_code(), other),
    }
}

/// A positive count, or the usage error the issue asks for.
fn parse_count(text: &str) -> Result<u64, Failure> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err(gen_failure(GenError::ZeroCount)),
        Ok(n) => Ok(n),
        Err(_) => Err(Failure::usage(format!(
            "the count must be a positive integer, not `{text}`"
        ))),
    }
}

/// `sudokugen grids COUNT`: distinct solved grids on stdout, by construction for square
/// Sudoku, else by the solver (random or enumerated).
pub fn grids(count: &str, options: &GridOptions) -> Result<u8, Failure> {
    let count = parse_count(count)?;
    let layout = options.board.layout()?;
    let mut out = std::io::stdout().lock();
    let constructible = Construction::box_side(&layout).is_some();
    if constructible && !options.random {
        let construction = Construction::new(&layout, options.first).map_err(gen_failure)?;
        construction
            .write(count, options.format, &layout, &mut out)
            .map_err(gen_failure)?;
        return Ok(0);
    }
    if options.first.is_some() {
        return Err(Failure::usage(
            "--first works with the square Sudoku construction only (not with --random or other layouts)",
        ));
    }
    let list = if options.random {
        RandomGrids::new(&layout, options.seed)
            .and_then(|mut g| g.distinct(count))
            .map_err(gen_failure)?
    } else {
        enumerate(&layout, count).map_err(gen_failure)?
    };
    let mut buf = Vec::new();
    for grid in &list {
        push_grid(&mut buf, grid, &layout, options.format).map_err(gen_failure)?;
    }
    out.write_all(&buf)?;
    out.flush()?;
    Ok(0)
}

/// `sudokugen puzzles COUNT`: puzzles with exactly one solution on stdout, one at a time.
/// A `check_conflicts` of `Some(0)` means no limit; `None` takes the default
/// ([`HANIDOKU_CHECK_CONFLICTS`] on layouts with run lines, else no limit).
pub fn puzzles(
    count: &str,
    board: &Board,
    mut request: Request,
    seed: u64,
    format: OutputFormat,
) -> Result<u8, Failure> {
    let count = parse_count(count)?;
    let layout = board.layout()?;
    request.check_conflicts = match request.check_conflicts {
        Some(0) => None,
        Some(limit) => Some(limit),
        None if !layout.lines().is_empty() => Some(HANIDOKU_CHECK_CONFLICTS),
        None => None,
    };
    let request = &request;
    let mut generator = Generator::new(&layout, seed).map_err(gen_failure)?;
    generator.check(request).map_err(gen_failure)?;
    let mut out = super::stdout();
    let mut buf = Vec::new();
    for _ in 0..count {
        let puzzle = generator.next(request).map_err(gen_failure)?;
        buf.clear();
        push_grid(&mut buf, &puzzle, &layout, format).map_err(gen_failure)?;
        out.write_all(&buf)?;
    }
    out.flush()?;
    Ok(0)
}

/// `sudokugen rate --sat [INPUT]`: one SAT level line per puzzle read from `input` (stdin
/// for `None` or `-`), or with `summary` the count and mean score of each level.
pub fn rate(input: Option<&Path>, board: &Board, summary: bool) -> Result<u8, Failure> {
    let source = Source::from_arg(input);
    let layout = board.layout()?;
    let reader = super::open(&source).map_err(|e| Failure::input(&source, e))?;
    let mut rater = SatGrader::new(&layout).map_err(gen_failure)?;
    let mut out = super::stdout();
    let mut counts = [0u64; 4];
    let mut scores = [0u64; 4];
    for puzzle in PuzzleReader::for_layout(reader, &layout, false) {
        let puzzle = puzzle.map_err(|e| Failure::input(&source, e))?;
        let rating = rater.grade(&puzzle.grid).map_err(gen_failure)?;
        counts[rating.level as usize] += 1;
        scores[rating.level as usize] += rating.score;
        if !summary {
            writeln!(out, "{rating}")?;
        }
    }
    if summary {
        for level in [
            SatLevel::Propagation,
            SatLevel::Probing,
            SatLevel::Search,
            SatLevel::Unsolvable,
        ] {
            let i = level as usize;
            let mean = if counts[i] > 0 {
                scores[i] as f64 / counts[i] as f64
            } else {
                0.0
            };
            writeln!(out, "{level:<12} {:>8} mean score {mean:.1}", counts[i])?;
        }
    }
    out.flush()?;
    Ok(0)
}
