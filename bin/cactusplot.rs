//! `cactusplot`: draws the cactus plot of a solver comparison (`results.csv` of
//! `make compare` or `make bench`) as SVG and PNG. See `sudosat::plot`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::{self, Failure, Source};
use sudosat::plot::{cactus, draw_cactus, find_font, load_font, read_results};

const AFTER_HELP: &str = "\
Each solver's curve: the instances it solved correctly (answer checked, models checked),
sorted by time, against the cumulative time on a log scale. Further right solved more;
lower took less time.

FONT:
  Text needs a TrueType font, read at run time: --font FILE, else the first existing of
  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (Debian: fonts-dejavu-core) and the
  other usual DejaVu/Liberation paths.

EXIT CODES:
  0  both plots written
  1  an output could not be written, or no usable font
  2  unreadable or malformed CSV, or bad usage";

/// Command line of `cactusplot`.
#[derive(Parser)]
#[command(version, about = "Draw a cactus plot (SVG and PNG) of a solver comparison's results.csv", after_help = AFTER_HELP)]
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
    cli::run("cactusplot", || plot(cli::args::parse_args::<Args>()))
}

fn plot(args: Args) -> Result<u8, Failure> {
    let name = args.results.display().to_string();
    let text = std::fs::read_to_string(&args.results)
        .map_err(|error| Failure::input(&Source::File(args.results.clone()), error))?;
    let runs = read_results(&text, &name).map_err(Failure::invalid)?;
    let mut instances: Vec<&str> = runs.iter().map(|r| r.instance.as_str()).collect();
    instances.sort_unstable();
    instances.dedup();
    let series = cactus(&runs);
    args.font
        .map_or_else(find_font, Ok)
        .and_then(|font| load_font(&font))
        .and_then(|()| {
            draw_cactus(
                &series,
                instances.len(),
                &args.title,
                args.svg.as_deref(),
                args.png.as_deref(),
            )
        })
        .map_err(Failure::error)?;
    Ok(0)
}
