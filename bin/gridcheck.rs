//! `gridcheck`: check solved (or partial) grids against the rules of their layout and
//! against their puzzles.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::gridcheck::{self, GridcheckOptions};
use sudosat::cli::{self, Source};

const AFTER_HELP: &str = "\
INPUT:
  Grids in the puzzle formats of sudoku2cnf (line or block format, several per file;
  the block format is the course's: n lines of space-separated numbers, 0 blank, a blank
  line between grids). With --puzzle, the puzzles (in either format) are paired with the
  grids in order. A marker line of model2grid ('unsolvable', 'unknown') stands for the
  grid of a puzzle the solver did not solve: that puzzle fails, and the pairing goes on.
  --layout sudoku (the default) and x-sudoku detect each grid's size unless --size is
  given; --layout hanidoku reads 61-symbol lines (optionally after HQV1G) or 9-row
  blocks; --layout FILE a layout file.
  --cnf FILE takes the layout, and the givens unless --puzzle is given, from the header
  of a CNF written by sudoku2cnf. One CNF is one puzzle: every grid read with it (one,
  or several models of it as satsolve --models writes them) must keep its givens.

OUTPUT:
  One line per violation on stderr: grid number, which row, column, box, diagonal, extra
  house or Hanidoku line (row / rising line / falling line, numbered from 1), which digit,
  and why (a repeat, or a gap in a line's run), or the marker that stands in its place.
  Then a summary: 'N grids valid', or 'K of N grids invalid' (with how many puzzles had
  no solution). Nothing on stdout.

EXIT CODES:
  0  every grid is valid
  1  some grid is invalid, or is a marker (a puzzle without a solution)
  2  unreadable or malformed input, or bad usage";

/// Check grids of any layout: complete, values in range, no repeats, runs unbroken, givens kept.
#[derive(Parser)]
#[command(name = "gridcheck", version, after_help = AFTER_HELP)]
struct Args {
    /// Grids to check; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Puzzles whose givens each grid must keep, paired with the grids in order (`-`: stdin).
    #[arg(long, value_name = "FILE")]
    puzzle: Option<PathBuf>,
    /// Accept blank cells (check a puzzle for conflicts).
    #[arg(long)]
    partial: bool,
    /// The side of the grids (4, 9, 16, ...), instead of detecting it.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE", conflicts_with = "cnf")]
    layout: Option<String>,
    /// Take the layout (and the givens, without --puzzle) from this CNF's header; every
    /// grid must keep those givens.
    #[arg(long, value_name = "FILE", conflicts_with = "size")]
    cnf: Option<PathBuf>,
    /// Print nothing when every grid is valid.
    #[arg(short, long)]
    quiet: bool,
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Args>();
    let options = GridcheckOptions {
        input: Source::from_arg(args.input.as_deref()),
        puzzle: args.puzzle,
        partial: args.partial,
        size: args.size,
        layout: args.layout,
        cnf: args.cnf,
        quiet: args.quiet,
    };
    cli::run("gridcheck", || gridcheck::run(&options))
}
