//! `sudokugen`: distinct solved grids at disk speed, random grids, puzzles with a unique
//! solution, and difficulty ratings. The work is in `sudosat::gen`; this file only reads
//! the command line and chooses.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args as ClapArgs, Parser, Subcommand};
use sudosat::cli::{self, Failure, Source};
use sudosat::gen::grids::{enumerate, Construction};
use sudosat::gen::puzzles::{Generator, Request, Target};
use sudosat::gen::random::RandomGrids;
use sudosat::gen::rate::{Level, Rater};
use sudosat::gen::{push_grid, GenError, OutputFormat};
use sudosat::grid::PuzzleReader;
use sudosat::layout::Layout;

const AFTER_HELP: &str = "\
EXAMPLES:
  sudokugen -c 1000000 > grids.txt          a million distinct 9x9 grids (course format)
  sudokugen grids 10 --first 5 --format line
  sudokugen grids 5 --random --seed 7 --layout hanidoku
  sudokugen puzzles 100 --minimal --seed 1 | sudoku2cnf --split cnfs/
  sudokugen puzzles 5 --clues 25 --difficulty probing
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

/// Default conflict budget of a uniqueness check on layouts with run lines (Hanidoku),
/// where proving "no second solution" for a sparse honeycomb can take thousands of
/// conflicts; see `--check-conflicts`. Measured on 60 puzzles: budget 20 gives 8.9 givens
/// on average at 1.8 times the rate of budget 50 (8.0 givens).
const HANIDOKU_CHECK_CONFLICTS: u64 = 20;

/// Generate distinct solved grids, unique puzzles, and difficulty ratings.
#[derive(Parser)]
#[command(name = "sudokugen", version, after_help = AFTER_HELP, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The course spelling of `grids N`.
    #[arg(short = 'c', value_name = "N")]
    count: Option<String>,
    #[command(flatten)]
    grid_options: GridOptions,
}

#[derive(Subcommand)]
enum Command {
    /// Write N distinct solved grids.
    Grids {
        /// How many grids (a positive integer).
        count: String,
        #[command(flatten)]
        options: GridOptions,
    },
    /// Write N puzzles, each with exactly one solution.
    Puzzles {
        /// How many puzzles (a positive integer).
        count: String,
        #[command(flatten)]
        board: Board,
        /// Leave exactly K givens.
        #[arg(long, value_name = "K", conflicts_with = "minimal")]
        clues: Option<usize>,
        /// Remove givens until none can be removed (the default).
        #[arg(long)]
        minimal: bool,
        /// Only puzzles of this level: propagation|easy, probing|medium, search|hard.
        #[arg(long, value_name = "LEVEL")]
        difficulty: Option<Level>,
        /// Seed of the random choices (same seed, same puzzles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Solved grids to try per puzzle before giving up (exit 1).
        #[arg(long, default_value_t = 1000)]
        attempts: u64,
        /// Conflicts per uniqueness check (0: no limit). A check out of budget keeps its
        /// given: still unique, maybe not minimal. Default: no limit, 20 for Hanidoku.
        #[arg(long, value_name = "N")]
        check_conflicts: Option<u64>,
        /// `line` (default for puzzles) or `block`.
        #[arg(long, default_value = "line")]
        format: OutputFormat,
    },
    /// Rate puzzles by the reasoning a SAT solver needs.
    Rate {
        /// Puzzle file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        #[command(flatten)]
        board: Board,
        /// Print only the count of puzzles per level.
        #[arg(long)]
        summary: bool,
    },
}

#[derive(ClapArgs, Clone)]
struct Board {
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE", default_value = "sudoku")]
    layout: String,
    /// The side of square grids (4, 9, 16, ...).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
}

#[derive(ClapArgs, Clone)]
struct GridOptions {
    #[command(flatten)]
    board: Board,
    /// Fix the top-left digit (square Sudoku construction only).
    #[arg(long, value_name = "D")]
    first: Option<u32>,
    /// `block` (the course format, default) or `line`.
    #[arg(long, default_value = "block")]
    format: OutputFormat,
    /// Random grids instead of the construction (reproducible with --seed).
    #[arg(long)]
    random: bool,
    /// Seed for --random.
    #[arg(long, default_value_t = 1, requires = "random")]
    seed: u64,
}

fn main() -> ExitCode {
    cli::run("sudokugen", || {
        let args = cli::args::parse_args::<Cli>();
        match (args.command, args.count) {
            (Some(Command::Grids { count, options }), None) => grids(&count, &options),
            (None, Some(count)) => grids(&count, &args.grid_options),
            (
                Some(Command::Puzzles {
                    count,
                    board,
                    clues,
                    minimal: _,
                    difficulty,
                    seed,
                    attempts,
                    check_conflicts,
                    format,
                }),
                None,
            ) => {
                let request = Request {
                    target: clues.map_or(Target::Minimal, Target::Clues),
                    difficulty,
                    attempts,
                    check_conflicts,
                };
                puzzles(&count, &board, request, seed, format)
            }
            (
                Some(Command::Rate {
                    input,
                    board,
                    summary,
                }),
                None,
            ) => rate(input, &board, summary),
            _ => Err(Failure::new(
                2,
                "give a command (grids, puzzles, rate) or -c N; see --help",
            )),
        }
    })
}

fn gen_failure(error: GenError) -> Failure {
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
        Err(_) => Err(Failure::new(
            2,
            format!("the count must be a positive integer, not `{text}`"),
        )),
    }
}

fn layout(board: &Board) -> Result<Layout, Failure> {
    Layout::resolve(&board.layout, board.size).map_err(|e| Failure::new(2, e))
}

fn grids(count: &str, options: &GridOptions) -> Result<u8, Failure> {
    let count = parse_count(count)?;
    let layout = layout(&options.board)?;
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
        return Err(Failure::new(
            2,
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

fn puzzles(
    count: &str,
    board: &Board,
    mut request: Request,
    seed: u64,
    format: OutputFormat,
) -> Result<u8, Failure> {
    let count = parse_count(count)?;
    let layout = layout(board)?;
    request.check_conflicts = match request.check_conflicts {
        Some(0) => None,
        Some(limit) => Some(limit),
        None if !layout.lines().is_empty() => Some(HANIDOKU_CHECK_CONFLICTS),
        None => None,
    };
    let request = &request;
    let mut generator = Generator::new(&layout, seed).map_err(gen_failure)?;
    generator.check(request).map_err(gen_failure)?;
    let mut out = cli::stdout();
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

fn rate(input: Option<PathBuf>, board: &Board, summary: bool) -> Result<u8, Failure> {
    let source = Source::from_arg(input.as_deref());
    let layout = layout(board)?;
    let reader = cli::open(&source).map_err(|e| Failure::input(2, &source, e))?;
    let mut rater = Rater::new(&layout).map_err(gen_failure)?;
    let mut out = cli::stdout();
    let mut counts = [0u64; 4];
    let mut scores = [0u64; 4];
    for puzzle in PuzzleReader::for_layout(reader, &layout, false) {
        let puzzle = puzzle.map_err(|e| Failure::input(2, &source, e))?;
        let rating = rater.rate(&puzzle.grid).map_err(gen_failure)?;
        counts[rating.level as usize] += 1;
        scores[rating.level as usize] += rating.score;
        if !summary {
            writeln!(out, "{rating}")?;
        }
    }
    if summary {
        for level in [
            Level::Propagation,
            Level::Probing,
            Level::Search,
            Level::Unsolvable,
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
