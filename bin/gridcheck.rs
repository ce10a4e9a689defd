//! `gridcheck`: check solved (or partial) grids against the Sudoku rules and their puzzles.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::check::check_grid;
use sudosat::cli::{self, Failure, Source};
use sudosat::grid::{Grid, ParseOptions, PuzzleReader};
use sudosat::layout::Layout;

const AFTER_HELP: &str = "\
INPUT:
  Grids in the puzzle formats of sudoku2cnf (line or block format, several per file).
  With --puzzle, the puzzles are paired with the grids in order.

OUTPUT:
  One line per violation on stderr: grid number, which row, column or box, which digit.
  Nothing on stdout.

EXIT CODES:
  0  every grid is valid
  1  some grid is invalid
  2  unreadable or malformed input, or bad usage";

/// Check Sudoku grids: complete, values in range, no repeats, givens kept.
#[derive(Parser)]
#[command(name = "gridcheck", version, after_help = AFTER_HELP)]
struct Args {
    /// Grids to check; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Puzzles whose givens each grid must keep, paired with the grids in order.
    #[arg(long, value_name = "FILE")]
    puzzle: Option<PathBuf>,
    /// Accept blank cells (check a puzzle for conflicts).
    #[arg(long)]
    partial: bool,
    /// The side of the grids (4, 9, 16, ...), instead of detecting it.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Print nothing when every grid is valid.
    #[arg(short, long)]
    quiet: bool,
}

fn main() -> ExitCode {
    cli::run("gridcheck", || check(Args::parse()))
}

fn read_grids(source: &Source, size: Option<usize>) -> Result<Vec<Grid>, Failure> {
    let input = cli::open(source).map_err(|error| Failure::input(2, source, error))?;
    let options = ParseOptions {
        size,
        allow_conflicts: true,
    };
    PuzzleReader::new(input, options)
        .map(|puzzle| puzzle.map(|puzzle| puzzle.grid))
        .collect::<Result<_, _>>()
        .map_err(|error| Failure::input(2, source, error))
}

fn check(args: Args) -> Result<u8, Failure> {
    let source = Source::from_arg(args.input.as_deref());
    let grids = read_grids(&source, args.size)?;
    let puzzles = match &args.puzzle {
        Some(path) => {
            let puzzles = read_grids(&Source::File(path.clone()), args.size)?;
            if puzzles.len() != grids.len() {
                return Err(Failure::new(
                    2,
                    format!(
                        "{} grids but {} puzzles in {}: they are paired in order",
                        grids.len(),
                        puzzles.len(),
                        path.display()
                    ),
                ));
            }
            Some(puzzles)
        }
        None => None,
    };
    if grids.is_empty() {
        return Err(Failure::input(2, &source, "no grid found"));
    }
    let mut invalid = 0;
    for (index, grid) in grids.iter().enumerate() {
        let number = index + 1;
        let layout = Layout::square(grid.size()).map_err(|error| Failure::new(2, error))?;
        let givens = puzzles.as_ref().map(|puzzles| &puzzles[index]);
        if let Some(puzzle) = givens {
            if puzzle.size() != grid.size() {
                return Err(Failure::new(
                    2,
                    format!(
                        "grid {number} is {0}x{0} but its puzzle is {1}x{1}",
                        grid.size(),
                        puzzle.size()
                    ),
                ));
            }
        }
        let violations = check_grid(grid, &layout, givens, args.partial);
        if !violations.is_empty() {
            invalid += 1;
        }
        for violation in violations {
            eprintln!("gridcheck: grid {number}: {violation}");
        }
    }
    if invalid > 0 {
        eprintln!("gridcheck: {invalid} of {} grids invalid", grids.len());
        Ok(1)
    } else {
        if !args.quiet {
            eprintln!("gridcheck: {} grids valid", grids.len());
        }
        Ok(0)
    }
}
