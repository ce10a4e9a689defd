//! `model2grid`: turn a SAT solver's answers for `sudoku2cnf` formulas back into grids, one
//! record per answer block.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use sudosat::cli::model2grid::{self, GridFormat, Model2GridOptions};
use sudosat::cli::{self, Source};

const AFTER_HELP: &str = "\
INPUT:
  A solver's answer in any common form: SAT competition output ('s' and 'v' lines, wrapped
  or not), MiniSat's result file ('SAT' then the literals), the course's .res ('s 1'),
  or bare literal lines. The model may list every variable or only the true ones
  (satsolve --true-only).
  A stream of answers (satsolve on a batch, or per-puzzle answers concatenated) is read
  block by block, a block starting at each status line, and gives one record per block,
  in order.
  The layout comes from --layout (sudoku, x-sudoku, hanidoku or a layout file) and --size
  (sudoku and x-sudoku without --size take the size from the model), from the header
  comments of the CNF given with --cnf (which name the layout, or embed
  the layout file), or from the model: a full model's largest variable is n*n*n for an
  n x n grid (549 for hanidoku); a true-only model has one positive literal per cell, the
  largest in the last cell's range (721..729 for 9x9). A model whose variables are those
  of another grid size is refused.

OUTPUT:
  --format auto (the default) writes the line format for grids up to 35x35 (one line per
  grid) and the block format above, so the pipeline works at every size. --format block
  is the course format: n lines of space-separated numbers, a blank line between grids.
  Hanidoku: --format line prints the 61 digits on one line, block one row of the
  honeycomb per line, pretty draws the honeycomb with rows offset by half a cell.
  --format svg writes a standalone SVG picture (square grids with thick box or region
  borders and shaded diagonals / extra houses; Hanidoku as a honeycomb). Givens are bold
  black and solved digits blue when the puzzle is known: from --puzzle FILE (one puzzle,
  in any format sudoku2cnf reads, for the same layout), or else from the 'c puzzle' lines
  of the CNF given with --cnf. Otherwise every digit is drawn alike.
  --puzzle is checked against the grid in every format: each given must keep its value.

STREAMS:
  In a stream of two or more blocks, an UNSATISFIABLE block gives the record line
  'unsolvable' and an UNKNOWN block the line 'unknown' (in the block formats followed by
  the blank separator line like any record), so grids stay paired with their puzzles;
  stderr names the block, and the exit code is 1 after all records are written. A lone
  answer without a solution writes nothing, unless --batch says that the input is a
  batch (of one puzzle). --format svg takes one answer; --puzzle
  holds one puzzle, whose givens every block must keep (satsolve --models N writes
  several models of one puzzle); to pair a batch with its puzzles use gridcheck --puzzle.
  A block cut short (a model without its final 0) is an error naming the block and line;
  a lone full model that stops before the layout's last variable is reported as too short.

EXIT CODES:
  0  every block was decoded and written
  1  some block had no solution (UNSATISFIABLE or UNKNOWN), an unreadable or truncated
     answer, a model that does not give every cell exactly one value, or a grid that
     changes a given of --puzzle
  2  bad command-line usage, or a --puzzle file that is unreadable or not one puzzle of
     the layout";

/// How the grid is printed.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// `line` for grids up to 35x35, `block` above (the line format has no symbol past 35).
    Auto,
    /// One line, one symbol per cell (1-9, A-Z); sizes up to 35x35.
    Line,
    /// n lines of n space-separated numbers.
    Block,
    /// Rows with box (or jigsaw region) borders, for people.
    Pretty,
    /// A standalone SVG picture; givens bold, solved digits blue.
    Svg,
}

/// Decode a solver's model of a sudoku2cnf formula into a grid.
#[derive(Parser)]
#[command(name = "model2grid", version, after_help = AFTER_HELP)]
struct Args {
    /// Solver answer, or a stream of answers; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The side of the grid (4, 9, 16, ...).
    #[arg(long, value_name = "N", conflicts_with = "cnf")]
    size: Option<usize>,
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE", conflicts_with = "cnf")]
    layout: Option<String>,
    /// Take the layout from the comment header of this CNF (as written by sudoku2cnf).
    #[arg(long, value_name = "FILE")]
    cnf: Option<PathBuf>,
    /// The puzzle that was solved, to draw its givens apart from the solved digits
    /// (`--format svg`; default: the puzzle in the header of --cnf). `-`: stdin.
    #[arg(long, value_name = "FILE")]
    puzzle: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "auto")]
    format: Format,
    /// Read the input as a batch even if it holds one answer: a lone UNSATISFIABLE or
    /// UNKNOWN answer then writes its marker record too (scripts/sudoku-solve sets it).
    #[arg(long)]
    batch: bool,
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Args>();
    let options = Model2GridOptions {
        input: Source::from_arg(args.input.as_deref()),
        size: args.size,
        layout: args.layout,
        cnf: args.cnf,
        puzzle: args.puzzle,
        format: match args.format {
            Format::Auto => GridFormat::Auto,
            Format::Line => GridFormat::Line,
            Format::Block => GridFormat::Block,
            Format::Pretty => GridFormat::Pretty,
            Format::Svg => GridFormat::Svg,
        },
        batch: args.batch,
    };
    cli::run("model2grid", || model2grid::run(&options))
}
