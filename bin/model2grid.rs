//! `model2grid`: turn a SAT solver's answers for `sudoku2cnf` formulas back into grids, one
//! record per answer block.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use sudosat::cli::model2grid::{self, GridFormat, Model2GridOptions};
use sudosat::cli::{self, Source};

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
#[command(name = "model2grid", version, after_help = model2grid::AFTER_HELP)]
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
