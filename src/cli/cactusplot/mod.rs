//! The body of `cactusplot`: read a solver comparison's `results.csv`, draw its cactus
//! plot (see [`plot`]) and write it as SVG and PNG. The binary only parses flags
//! into [`CactusplotOptions`].

use std::path::PathBuf;

use super::{Failure, Source};
pub mod plot;

use plot::{cactus, draw_cactus, find_font, load_font, read_results};

/// The `--help` text after the options: what the curves mean, the font, exit codes.
pub const AFTER_HELP: &str = "\
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

/// Everything `cactusplot` was asked to do, independent of how the flags were spelled.
#[derive(Clone, Debug, Default)]
pub struct CactusplotOptions {
    /// The `results.csv` (columns instance, category, solver, correct, seconds).
    pub results: PathBuf,
    /// Where to write the SVG.
    pub svg: Option<PathBuf>,
    /// Where to write the PNG.
    pub png: Option<PathBuf>,
    /// The plot's title.
    pub title: String,
    /// A TrueType font for the text, instead of looking in the usual places.
    pub font: Option<PathBuf>,
}

/// Runs `cactusplot`; returns the exit code (0) or the failure to report.
pub fn run(options: &CactusplotOptions) -> Result<u8, Failure> {
    let name = options.results.display().to_string();
    let text = std::fs::read_to_string(&options.results)
        .map_err(|error| Failure::input(&Source::File(options.results.clone()), error))?;
    let runs = read_results(&text, &name).map_err(Failure::invalid)?;
    let mut instances: Vec<&str> = runs.iter().map(|r| r.instance.as_str()).collect();
    instances.sort_unstable();
    instances.dedup();
    let series = cactus(&runs);
    options
        .font
        .clone()
        .map_or_else(find_font, Ok)
        .and_then(|font| load_font(&font))
        .and_then(|()| {
            draw_cactus(
                &series,
                instances.len(),
                &options.title,
                options.svg.as_deref(),
                options.png.as_deref(),
            )
        })
        .map_err(Failure::error)?;
    Ok(0)
}
