//! `gridcheck`: check solved (or partial) grids against the rules of their layout and
//! against their puzzles.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::gridcheck::{self, GridcheckOptions};
use sudosat::cli::{self, Source};

/// Check grids of any layout: complete, values in range, no repeats, runs unbroken, givens kept.
#[derive(Parser)]
#[command(name = "gridcheck", version, after_help = gridcheck::AFTER_HELP)]
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
    /// Print nothing when every grid is valid (with --unique: nothing for a unique puzzle).
    #[arg(short, long)]
    quiet: bool,
    /// Report per puzzle `unique`, `several`, `none` or `unknown` (from model2grid's
    /// `puzzle K:` headings over satsolve --models N answers); exit 0 only if all are unique.
    #[arg(long, conflicts_with = "partial")]
    unique: bool,
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
        unique: args.unique,
    };
    cli::run("gridcheck", || gridcheck::run(&options))
}
