//! `sudoplay`: play a puzzle in the terminal, with hints that explain themselves. The game
//! is `sudosat::play`, the terminal front end `sudosat::cli::sudoplay`; this file only
//! reads the command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::{self, sudoplay};
use sudosat::gen::rate::Level;

const AFTER_HELP: &str = "\
BOARDS:
  Square Sudoku 4x4 to 25x25 (--size, or detected from the file), x-sudoku, the
  Hanidoku honeycomb, and layout files (jigsaw regions, diagonals, extra houses).
  Without PUZZLES a puzzle is made on the spot, with a unique solution.

KEYS (? in the game lists them all):
  arrows/hjkl move (honeycomb: h l along the row, y u b n diagonals), 1-9 place
  (boards above 9 digits: two keys, 1 then 6 for 16, Enter after a lone 1), 0 clear,
  p pencil marks, z/Z undo/redo, t hint (says why), H candidates, c check, s save,
  x export the board (line format), mouse selects, q quit.

EXIT CODES:
  0    quit
  1    the puzzle has no solution, or the terminal failed
  2    bad usage or input, or stdin/stdout is not a terminal
  130  Ctrl-C";

/// Play a Sudoku-family puzzle in the terminal, with hints that explain themselves.
#[derive(Parser)]
#[command(name = "sudoplay", version, after_help = AFTER_HELP)]
struct Args {
    /// Puzzle file (any format the tools read); without it a puzzle is generated.
    #[arg(conflicts_with_all = ["difficulty", "seed"])]
    puzzles: Option<PathBuf>,
    /// Which puzzle of the file, counting from 1.
    #[arg(long, value_name = "K", default_value_t = 1, requires = "puzzles")]
    index: usize,
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE")]
    layout: Option<String>,
    /// The side of square boards (4, 9, 16, 25).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Level of a generated puzzle: propagation|easy, probing|medium, search|hard.
    #[arg(long, value_name = "LEVEL")]
    difficulty: Option<Level>,
    /// Seed of a generated puzzle (default: from the clock; shown in the title).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Open a game saved with `s`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["puzzles", "layout", "size", "difficulty", "seed"])]
    resume: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Args>();
    let options = sudoplay::SudoplayOptions {
        puzzles: args.puzzles,
        index: args.index,
        layout: args.layout,
        size: args.size,
        difficulty: args.difficulty,
        seed: args.seed,
        resume: args.resume,
    };
    cli::run("sudoplay", || sudoplay::run(&options))
}
