//! `sudokugen`: distinct solved grids at disk speed, random grids, puzzles with a unique
//! solution, and difficulty ratings. The work is in `sudosat::gen`; this file only reads
//! the command line and calls `sudosat::gen::cli`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args as ClapArgs, Parser, Subcommand};
use sudosat::cli::{self, Failure};
use sudosat::gen::cli as gen_cli;
use sudosat::gen::puzzles::{Request, Target};
use sudosat::gen::rate::Level;
use sudosat::gen::OutputFormat;

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
            (Some(Command::Grids { count, options }), None) => {
                gen_cli::grids(&count, &options.lib())
            }
            (None, Some(count)) => gen_cli::grids(&count, &args.grid_options.lib()),
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
                gen_cli::puzzles(&count, &board.lib(), request, seed, format)
            }
            (
                Some(Command::Rate {
                    input,
                    board,
                    summary,
                }),
                None,
            ) => gen_cli::rate(input.as_deref(), &board.lib(), summary),
            _ => Err(Failure::usage(
                "give a command (grids, puzzles, rate) or -c N; see --help",
            )),
        }
    })
}

impl Board {
    /// The library's view of these arguments.
    fn lib(&self) -> gen_cli::Board {
        gen_cli::Board {
            layout: self.layout.clone(),
            size: self.size,
        }
    }
}

impl GridOptions {
    /// The library's view of these arguments.
    fn lib(&self) -> gen_cli::GridOptions {
        gen_cli::GridOptions {
            board: self.board.lib(),
            first: self.first,
            format: self.format,
            random: self.random,
            seed: self.seed,
        }
    }
}
