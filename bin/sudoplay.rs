//! `sudoplay`: play a puzzle in the terminal, with hints that explain themselves. The game
//! is `sudosat::play`, the terminal front end `sudosat::cli::sudoplay`; this file only
//! reads the command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::{self, sudoplay};
use sudosat::human::rating::SeLevel;

/// The text after the options: boards, the keys (from the game's key table), statistics
/// and exit codes.
fn after_help() -> String {
    format!(
        "\
BOARDS:
  Square Sudoku 4x4 to 25x25 (--size, or detected from the file), x-sudoku, the
  Hanidoku honeycomb, and layout files (jigsaw regions, diagonals, extra houses).
  Without PUZZLES a puzzle is made on the spot, with a unique solution.

{}

STATISTICS:
  Every solved game with a unique solution is recorded in
  $XDG_DATA_HOME/sudosat/stats.tsv (default ~/.local/share/sudosat/stats.tsv);
  --stats or S in the game shows games, best and median time and hints per level.

EXIT CODES:
  0    quit
  1    the puzzle has no solution, or the terminal failed
  2    bad usage or input, or stdin/stdout is not a terminal
  130  Ctrl-C",
        sudoplay::keys_help()
    )
}

/// Play a Sudoku-family puzzle in the terminal, with hints that explain themselves.
#[derive(Parser)]
#[command(name = "sudoplay", version, after_help = after_help())]
struct Args {
    /// Puzzle file (any format the tools read); without it a puzzle is generated.
    #[arg(conflicts_with_all = ["difficulty", "rating", "seed", "puzzle", "daily"])]
    puzzles: Option<PathBuf>,
    /// Which puzzle of the file, counting from 1.
    #[arg(long, value_name = "K", default_value_t = 1, requires = "puzzles")]
    index: usize,
    /// A puzzle typed in, e.g. from a newspaper: one line as the tools read it
    /// (`53..7....6..195...`, 0 or . for blanks); rows may be apart, with / or spaces.
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["difficulty", "rating", "seed", "daily"])]
    puzzle: Option<String>,
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE")]
    layout: Option<String>,
    /// The side of square boards (4, 9, 16, 25).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Level of a generated puzzle on Sudoku Explainer's scale: easy, medium, hard,
    /// expert, diabolical, extreme, beyond.
    #[arg(long, value_name = "LEVEL", conflicts_with = "rating")]
    difficulty: Option<SeLevel>,
    /// Rating (SE's ER) of a generated puzzle, a range such as 3.0-4.5.
    #[arg(long, value_name = "A-B", value_parser = cli::args::parse_rating_range)]
    rating: Option<(f64, f64)>,
    /// Seed of a generated puzzle (default: from the clock; shown in the title).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The puzzle of the day: generated with the date (UTC) as its seed, the same for
    /// everyone on that day (with the same --layout, --size and --difficulty or --rating).
    #[arg(long, conflicts_with = "seed")]
    daily: bool,
    /// The day of --daily, YYYY-MM-DD (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD", requires = "daily")]
    date: Option<sudoplay::Date>,
    /// Open a game saved with `s`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["puzzles", "puzzle", "daily", "layout", "size", "difficulty", "rating", "seed"])]
    resume: Option<PathBuf>,
    /// Print the statistics of solved games (per board and level) and exit.
    #[arg(long, exclusive = true)]
    stats: bool,
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Args>();
    let options = sudoplay::SudoplayOptions {
        puzzles: args.puzzles,
        index: args.index,
        layout: args.layout,
        size: args.size,
        rating: args.rating.or(args.difficulty.map(SeLevel::range)),
        seed: args.seed,
        resume: args.resume,
        puzzle: args.puzzle,
        daily: args.daily,
        date: args.date,
        stats: args.stats,
    };
    cli::run("sudoplay", || sudoplay::run(&options))
}
