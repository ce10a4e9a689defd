//! Cactus plots of solver comparisons: `results.csv` (as written by `scripts/bench.py` and
//! `make compare`) in, SVG and PNG out, for the `cactusplot` binary.
//!
//! A cactus plot draws, for each solver, the instances it solved sorted by time, with the
//! number solved on the x axis and the cumulative time on the (logarithmic) y axis: the
//! curve further right solved more, the curve lower took less time to do so. Only runs
//! marked correct count as solved (an answer checked against `expected.tsv` and, for SAT,
//! a model checked clause by clause), so a fast wrong answer never helps a solver.
//!
//! Text in the PNG needs a TrueType font, read at run time (see [`find_font`]): the
//! Debian package `fonts-dejavu-core` provides the default one. The SVG names the
//! `sans-serif` family and leaves the glyphs to the viewer.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use thiserror::Error;

/// One solver run: a row of `results.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The instance's file name.
    pub instance: String,
    /// Its category (`random`, `sudoku`, ...).
    pub category: String,
    /// The solver's name.
    pub solver: String,
    /// Whether the answer was checked correct (absent: no answer, e.g. a timeout).
    pub solved: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// What can go wrong reading results or drawing the plot.
#[derive(Debug, Error)]
pub enum PlotError {
    /// The CSV lacks a column this module needs.
    #[error("{file}: the header has no `{column}` column")]
    MissingColumn {
        /// The file name.
        file: String,
        /// The missing column.
        column: &'static str,
    },
    /// A row that cannot be read.
    #[error("{file} line {line}: {message}")]
    BadRow {
        /// The file name.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// No font file for the PNG's text.
    #[error(
        "no TrueType font found (tried {tried}); install fonts-dejavu-core or pass --font FILE"
    )]
    NoFont {
        /// The paths tried, comma-separated.
        tried: String,
    },
    /// A font file that could not be read or parsed.
    #[error("{path}: {message}")]
    BadFont {
        /// The font file.
        path: String,
        /// Why.
        message: String,
    },
    /// Drawing or writing an output failed.
    #[error("cannot write {path}: {message}")]
    Draw {
        /// The output file.
        path: String,
        /// Why.
        message: String,
    },
}

/// Splits one CSV line into fields: commas separate, double quotes enclose a field that
/// holds commas, `""` inside quotes is one quote.
fn split_csv(line: &str) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => fields.push(std::mem::take(&mut field)),
            (_, c) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".to_string());
    }
    fields.push(field);
    Ok(fields)
}

/// Reads `results.csv` text; `file` names it in errors. Needs the columns `instance`,
/// `category`, `solver`, `correct` (1 solved, 0 wrong, empty unanswered) and `seconds`;
/// others are ignored.
///
/// ```
/// use sudosat::cli::cactusplot::plot::read_results;
/// let csv = "instance,category,solver,correct,seconds\na.cnf,random,minisat,1,0.5\n";
/// let runs = read_results(csv, "results.csv").unwrap();
/// assert!(runs[0].solved && runs[0].seconds == 0.5);
/// ```
pub fn read_results(text: &str, file: &str) -> Result<Vec<Run>, PlotError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let header = match lines.next() {
        Some((_, line)) => {
            split_csv(line.trim_end_matches('\r')).map_err(|message| PlotError::BadRow {
                file: file.to_string(),
                line: 1,
                message,
            })?
        }
        None => Vec::new(),
    };
    let column = |name: &'static str| {
        header
            .iter()
            .position(|h| h.trim() == name)
            .ok_or(PlotError::MissingColumn {
                file: file.to_string(),
                column: name,
            })
    };
    let columns = [
        column("instance")?,
        column("category")?,
        column("solver")?,
        column("correct")?,
        column("seconds")?,
    ];
    let mut runs = Vec::new();
    for (index, line) in lines {
        let bad = |message: String| PlotError::BadRow {
            file: file.to_string(),
            line: index + 1,
            message,
        };
        let fields = split_csv(line.trim_end_matches('\r')).map_err(bad)?;
        if fields.len() < header.len() {
            return Err(bad(format!(
                "{} fields, the header has {}",
                fields.len(),
                header.len()
            )));
        }
        let [instance, category, solver, correct, seconds] = columns.map(|c| fields[c].trim());
        let solved = match correct {
            "1" => true,
            "0" | "" => false,
            other => return Err(bad(format!("correct is {other:?}, expected 1, 0 or empty"))),
        };
        let seconds: f64 = seconds
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)
            .ok_or_else(|| bad(format!("seconds is {seconds:?}, expected a number >= 0")))?;
        runs.push(Run {
            instance: instance.to_string(),
            category: category.to_string(),
            solver: solver.to_string(),
            solved,
            seconds,
        });
    }
    Ok(runs)
}

/// One solver's curve: point i is (i + 1 instances solved, cumulative seconds of the
/// i + 1 fastest solved runs).
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The solver.
    pub solver: String,
    /// The points, x increasing, y non-decreasing.
    pub points: Vec<(usize, f64)>,
}

/// The cactus curves of `runs`, one per solver in order of first appearance. Repeated
/// runs of one (solver, instance) pair keep the median time, solved only if all were.
///
/// ```
/// use sudosat::cli::cactusplot::plot::{cactus, Run};
/// let run = |solver: &str, instance: &str, seconds| Run {
///     instance: instance.into(), category: "c".into(), solver: solver.into(),
///     solved: true, seconds,
/// };
/// let series = cactus(&[run("a", "x", 2.0), run("a", "y", 1.0)]);
/// assert_eq!(series[0].points, [(1, 1.0), (2, 3.0)]);
/// ```
pub fn cactus(runs: &[Run]) -> Vec<Series> {
    let mut solvers: Vec<&str> = Vec::new();
    for run in runs {
        if !solvers.contains(&run.solver.as_str()) {
            solvers.push(&run.solver);
        }
    }
    solvers
        .into_iter()
        .map(|solver| {
            let mut instances: Vec<&str> = Vec::new();
            for run in runs.iter().filter(|r| r.solver == solver) {
                if !instances.contains(&run.instance.as_str()) {
                    instances.push(&run.instance);
                }
            }
            let mut times: Vec<f64> = instances
                .into_iter()
                .filter_map(|instance| {
                    let repeats: Vec<&Run> = runs
                        .iter()
                        .filter(|r| r.solver == solver && r.instance == instance)
                        .collect();
                    if !repeats.iter().all(|r| r.solved) {
                        return None;
                    }
                    let mut seconds: Vec<f64> = repeats.iter().map(|r| r.seconds).collect();
                    seconds.sort_by(f64::total_cmp);
                    Some(seconds[seconds.len() / 2])
                })
                .collect();
            times.sort_by(f64::total_cmp);
            let mut total = 0.0;
            let points = times
                .iter()
                .enumerate()
                .map(|(index, seconds)| {
                    total += seconds;
                    (index + 1, total)
                })
                .collect();
            Series {
                solver: solver.to_string(),
                points,
            }
        })
        .collect()
}

/// Where a TrueType font is looked for when none is given: the usual Debian, Fedora and
/// Arch places of DejaVu Sans and Liberation Sans.
pub const FONT_PATHS: [&str; 4] = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
];

/// The first of [`FONT_PATHS`] that exists.
pub fn find_font() -> Result<PathBuf, PlotError> {
    FONT_PATHS
        .iter()
        .map(PathBuf::from)
        .find(|path| path.is_file())
        .ok_or_else(|| PlotError::NoFont {
            tried: FONT_PATHS.join(", "),
        })
}

/// Makes the font at `path` plotters' `sans-serif`. Plotters keeps fonts for the whole
/// process, so the bytes are leaked once per call (the binary calls it once).
pub fn load_font(path: &Path) -> Result<(), PlotError> {
    let bad = |message: String| PlotError::BadFont {
        path: path.display().to_string(),
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| bad("not a TrueType/OpenType font".to_string()))
}

/// Colours that stay apart in print and for the common colour blindnesses (Okabe-Ito).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// Draws `series` on any plotters backend; `instances` is the x-axis extent.
fn draw_on<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    series: &[Series],
    instances: usize,
    title: &str,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let times = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let low = times.clone().fold(f64::INFINITY, f64::min).max(1e-3);
    let high = times.fold(0.0, f64::max).max(low * 10.0);
    let (low, high) = (low.min(1.0) / 2.0, high * 2.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(0..instances.max(1), (low..high).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("instances solved")
        .y_desc("cumulative time (s)")
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(err)?;
    for (index, curve) in series.iter().enumerate() {
        let color = PALETTE[index % PALETTE.len()];
        let style = ShapeStyle::from(&color).stroke_width(2);
        chart
            .draw_series(LineSeries::new(curve.points.iter().copied(), style))
            .map_err(err)?
            .label(format!("{} ({})", curve.solver, curve.points.len()))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
        chart
            .draw_series(
                curve
                    .points
                    .iter()
                    .map(|&point| Circle::new(point, 3, color.filled())),
            )
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(("sans-serif", 16))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Writes the cactus plot of `series` as SVG to `svg` and as PNG to `png` (either may be
/// `None`); `instances` is how many instances each solver was given. A font must have
/// been loaded ([`load_font`]) for the PNG's text.
pub fn draw_cactus(
    series: &[Series],
    instances: usize,
    title: &str,
    svg: Option<&Path>,
    png: Option<&Path>,
) -> Result<(), PlotError> {
    const SIZE: (u32, u32) = (900, 600);
    let failed = |path: &Path, message: String| PlotError::Draw {
        path: path.display().to_string(),
        message,
    };
    if let Some(path) = svg {
        let mut text = String::new();
        draw_on(
            SVGBackend::with_string(&mut text, SIZE).into_drawing_area(),
            series,
            instances,
            title,
        )
        .map_err(|m| failed(path, m))?;
        std::fs::write(path, text).map_err(|e| failed(path, e.to_string()))?;
    }
    if let Some(path) = png {
        // The bitmap backend encodes the PNG (by the file's extension) on present.
        draw_on(
            BitMapBackend::new(path, SIZE).into_drawing_area(),
            series,
            instances,
            title,
        )
        .map_err(|m| failed(path, m))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
