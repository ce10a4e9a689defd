//! `cactusplot`: draws the cactus plot of a solver comparison (`results.csv` of
//! `make compare` or `make bench`) as SVG and PNG. See `sudosat::plot`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli;
use sudosat::cli::cactusplot::{self, CactusplotOptions};

/// Command line of `cactusplot`.
#[derive(Parser)]
#[command(version, about = "Draw a cactus plot (SVG and PNG) of a solver comparison's results.csv", after_help = cactusplot::AFTER_HELP)]
struct Args {
    /// The results.csv (columns instance, category, solver, correct, seconds)
    results: PathBuf,
    /// Where to write the SVG
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Where to write the PNG
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// The plot's title
    #[arg(long, default_value = "Instances solved within the time limit")]
    title: String,
    /// A TrueType font for the text, instead of looking in the usual places
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = cli::args::parse_args::<Args>();
    let options = CactusplotOptions {
        results: args.results,
        svg: args.svg,
        png: args.png,
        title: args.title,
        font: args.font,
    };
    cli::run("cactusplot", || cactusplot::run(&options))
}
