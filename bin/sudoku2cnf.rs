//! `sudoku2cnf`: encode a Sudoku-family puzzle (any [`Layout`](sudosat::layout::Layout)) as DIMACS CNF.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::sudoku2cnf::{self, Sudoku2cnfOptions};
use sudosat::cli::{self, Source};
use sudosat::encode::{EncodingKind, LineEncoding};

/// Encode a Sudoku puzzle (n²×n², n up to 64, or any --layout) as a DIMACS CNF formula, or
/// a file of puzzles as one incremental CNF stream.
#[derive(Parser)]
#[command(name = "sudoku2cnf", version, after_help = sudoku2cnf::AFTER_HELP)]
struct Args {
    /// Puzzle file; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The side of the grid (4, 9, 16, ...), instead of detecting it.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// The board: sudoku, x-sudoku, hanidoku, or a layout file.
    #[arg(long, value_name = "NAME|FILE")]
    layout: Option<String>,
    /// Encode puzzle number K (1-based) of a file holding several.
    #[arg(long, value_name = "K", conflicts_with = "split")]
    index: Option<usize>,
    /// Write one DIR/NNNNNN.cnf per puzzle instead of one formula on stdout.
    #[arg(long, value_name = "DIR")]
    split: Option<PathBuf>,
    /// Print variables, clauses and the clause-length histogram on stderr.
    #[arg(long)]
    stats: bool,
    /// The clause set: minimal, efficient, extended or compact (see ENCODINGS below).
    #[arg(long, value_name = "NAME", default_value = "compact")]
    encoding: EncodingKind,
    /// The clauses of run lines (Hanidoku): runs, span, runs-span, presence, order or
    /// starts (see LINE ENCODINGS below).
    #[arg(long, value_name = "NAME", default_value_t = LineEncoding::default())]
    lines: LineEncoding,
    /// Add symmetry-breaking clauses: keeps satisfiability, changes solution counts.
    #[arg(long)]
    break_symmetry: bool,
    /// Write the incremental CNF stream even for a file of one puzzle.
    #[arg(long, conflicts_with_all = ["index", "split", "break_symmetry"])]
    stream: bool,
    /// In a stream, write each cube as the givens' consequences by the single and run
    /// rules (fixed cells and removed candidates as literals), not the givens alone.
    #[arg(long, conflicts_with_all = ["index", "split"])]
    presolve: bool,
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Args>();
    let options = Sudoku2cnfOptions {
        input: Source::from_arg(args.input.as_deref()),
        size: args.size,
        layout: args.layout,
        index: args.index,
        split: args.split,
        stats: args.stats,
        encoding: args.encoding,
        lines: args.lines,
        break_symmetry: args.break_symmetry,
        stream: args.stream,
        presolve: args.presolve,
    };
    cli::run("sudoku2cnf", || sudoku2cnf::run(&options))
}
