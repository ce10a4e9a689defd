//! `sudokugen`: distinct solved grids at disk speed, random grids, puzzles with a unique
//! solution, and difficulty ratings. The work is in `sudosat::gen`; this file only reads
//! the command line and calls `sudosat::cli::sudokugen`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sudosat::cli::sudokugen::{Board, GridOptions};
use sudosat::cli::{self, sudokugen};
use sudosat::gen::puzzles::{Request, Target};
use sudosat::gen::sat_level::SatLevel;
use sudosat::gen::OutputFormat;
use sudosat::human::rating::SeLevel;
use sudosat::human::Technique;

/// Generate distinct solved grids, unique puzzles, and difficulty ratings.
#[derive(Parser)]
#[command(name = "sudokugen", version, after_help = sudokugen::AFTER_HELP, args_conflicts_with_subcommands = true)]
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
        /// Only puzzles of this level of Sudoku Explainer's scale: easy, medium, hard,
        /// expert, diabolical, extreme, beyond (see docs/techniques.md).
        #[arg(long, value_name = "LEVEL", conflicts_with = "rating")]
        difficulty: Option<SeLevel>,
        /// Only puzzles whose rating (SE's ER) lies in A-B, e.g. 3.0-4.5.
        #[arg(long, value_name = "A-B", value_parser = cli::args::parse_rating_range)]
        rating: Option<(f64, f64)>,
        /// Only puzzles of this SAT level: propagation, probing or search.
        #[arg(long, value_name = "LEVEL")]
        sat_level: Option<SatLevel>,
        /// Only puzzles whose rating path uses this technique (e.g. x-wing; see
        /// docs/techniques.md for the names).
        #[arg(long, value_name = "NAME", value_parser = cli::args::parse_rated_technique)]
        technique: Option<Technique>,
        /// Seed of the random choices (same seed, same puzzles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Solved grids to try per puzzle before giving up (exit 1).
        #[arg(long, default_value_t = 1000)]
        attempts: u64,
        /// Conflicts per uniqueness check (0: no limit). A check out of budget keeps its
        /// given: still unique, maybe not minimal. Default: no limit, 20 on run-line
        /// layouts. Hanidoku's checks are exact table lookups, which need no budget.
        #[arg(long, value_name = "N")]
        check_conflicts: Option<u64>,
        /// `line` (default for puzzles) or `block`.
        #[arg(long, default_value = "line")]
        format: OutputFormat,
    },
    /// Rate puzzles on Sudoku Explainer's scale (ER/EP/ED and a level).
    Rate {
        /// Puzzle file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        #[command(flatten)]
        board: Board,
        /// Print only the count of puzzles per level.
        #[arg(long)]
        summary: bool,
        /// Print each puzzle's steps: EFFECTS, TECHNIQUE and WHY, tab-separated.
        #[arg(long, conflicts_with_all = ["summary", "sat"])]
        steps: bool,
        /// Rate by the reasoning a SAT solver needs (propagation, probing, search).
        #[arg(long)]
        sat: bool,
    },
    /// Check our techniques against HoDoKu's regression library.
    Reglib {
        /// The library file (reglib-1.3.txt).
        input: PathBuf,
        /// Only this technique: a library code (0300) or a name (x-wing).
        #[arg(long, value_name = "NAME")]
        technique: Option<String>,
    },
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Cli>();
    let command = match (args.command, args.count) {
        (Some(Command::Grids { count, options }), None) => {
            Some(sudokugen::Command::Grids { count, options })
        }
        (None, Some(count)) => Some(sudokugen::Command::Grids {
            count,
            options: args.grid_options,
        }),
        (
            Some(Command::Puzzles {
                count,
                board,
                clues,
                minimal: _,
                difficulty,
                rating,
                sat_level,
                technique,
                seed,
                attempts,
                check_conflicts,
                format,
            }),
            None,
        ) => {
            let request = Request {
                target: clues.map_or(Target::Minimal, Target::Clues),
                sat_level,
                attempts,
                check_conflicts,
                rating: rating.or(difficulty.map(SeLevel::range)),
                technique,
            };
            Some(sudokugen::Command::Puzzles {
                count,
                board,
                request,
                seed,
                format,
            })
        }
        (
            Some(Command::Rate {
                input,
                board,
                summary,
                steps,
                sat,
            }),
            None,
        ) => Some(sudokugen::Command::Rate {
            input,
            board,
            summary,
            sat,
            steps,
        }),
        (Some(Command::Reglib { input, technique }), None) => {
            Some(sudokugen::Command::Reglib { input, technique })
        }
        _ => None,
    };
    cli::run("sudokugen", || sudokugen::run(command.as_ref()))
}
