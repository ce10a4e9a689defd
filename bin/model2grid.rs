//! `model2grid`: turn a SAT solver's answer for a `sudoku2cnf` formula back into a grid.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use sudosat::cli::{self, Failure, Source};
use sudosat::encode::{decode_model, read_header_comments};
use sudosat::grid::format::{to_block, to_line, to_pretty};
use sudosat::layout::Layout;
use sudosat::model::{read_answer, Answer};

const AFTER_HELP: &str = "\
INPUT:
  A solver's answer in any common form: SAT competition output ('s' and 'v' lines, wrapped
  or not), MiniSat's result file ('SAT' then the literals), or bare literal lines.
  The grid size comes from --size, from the header comments of the CNF given with --cnf,
  or from the variable count (n*n*n for an n x n grid). A model whose variable count is
  that of another grid size is refused.

OUTPUT:
  --format auto (the default) writes the line format for grids up to 35x35 and the block
  format above, so the pipeline works at every size.

EXIT CODES:
  0  a grid was decoded and written
  1  no solution (UNSATISFIABLE or UNKNOWN), an unreadable answer, or a model that does not
     give every cell exactly one value
  2  bad command-line usage";

/// How the grid is printed.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// `line` for grids up to 35x35, `block` above (the line format has no symbol past 35).
    Auto,
    /// One line, one symbol per cell (1-9, A-Z); sizes up to 35x35.
    Line,
    /// n lines of n space-separated numbers.
    Block,
    /// Rows with box borders, for people.
    Pretty,
}

/// Decode a solver's model of a sudoku2cnf formula into a grid.
#[derive(Parser)]
#[command(name = "model2grid", version, after_help = AFTER_HELP)]
struct Args {
    /// Solver answer; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The side of the grid (4, 9, 16, ...).
    #[arg(long, value_name = "N", conflicts_with = "cnf")]
    size: Option<usize>,
    /// Take the layout from the comment header of this CNF (as written by sudoku2cnf).
    #[arg(long, value_name = "FILE")]
    cnf: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "auto")]
    format: Format,
}

fn main() -> ExitCode {
    cli::run("model2grid", || decode(Args::parse()))
}

fn decode(args: Args) -> Result<u8, Failure> {
    let source = Source::from_arg(args.input.as_deref());
    let input = cli::open(&source).map_err(|error| Failure::input(1, &source, error))?;
    let model = match read_answer(input).map_err(|error| Failure::input(1, &source, error))? {
        Answer::Sat(model) => model,
        Answer::Unsat => {
            return Err(Failure::new(
                1,
                "no solution: the solver answered UNSATISFIABLE",
            ))
        }
        Answer::Unknown => return Err(Failure::new(1, "no solution: the solver answered UNKNOWN")),
    };
    let layout = match (args.size, &args.cnf) {
        (Some(size), _) => Layout::square(size).map_err(|error| Failure::new(2, error))?,
        (None, Some(path)) => layout_from_cnf(&Source::File(path.clone()))?,
        (None, None) => Layout::square(size_from_var_count(model.max_var())?)
            .map_err(|error| Failure::new(1, error))?,
    };
    let size = layout.size();
    if let Some(other) = grid_size_of(model.max_var()).filter(|&other| other != size) {
        return Err(Failure::new(
            1,
            format!(
                "the model covers variables 1..{} ({other}x{other} grid) but the grid is \
                 {size}x{size}",
                model.max_var()
            ),
        ));
    }
    let assignment = model.to_assignment(size * size * size);
    let grid = decode_model(&assignment, &layout).map_err(|error| Failure::new(1, error))?;
    let format = match args.format {
        Format::Auto if size <= 35 => Format::Line,
        Format::Auto => Format::Block,
        other => other,
    };
    let text = match format {
        Format::Auto | Format::Line => to_line(&grid).ok_or_else(|| {
            Failure::new(
                1,
                format!("a {size}x{size} grid has no line format (symbols end at 35); use --format block"),
            )
        })?,
        Format::Block => to_block(&grid),
        Format::Pretty => to_pretty(&grid, &layout),
    };
    let mut out = cli::stdout();
    out.write_all(text.as_bytes())?;
    if !text.ends_with('\n') {
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(0)
}

/// The layout named in the comment lines above the `p` line of a CNF from sudoku2cnf.
fn layout_from_cnf(source: &Source) -> Result<Layout, Failure> {
    let input = cli::open(source).map_err(|error| Failure::input(1, source, error))?;
    let mut comments = Vec::new();
    for line in input.lines() {
        let line = line.map_err(|error| Failure::input(1, source, error))?;
        let Some(comment) = line.strip_prefix('c') else {
            break;
        };
        comments.push(comment.strip_prefix(' ').unwrap_or(comment).to_string());
    }
    let header =
        read_header_comments(&comments).map_err(|error| Failure::input(1, source, error))?;
    Ok(header.layout)
}

/// The grid side n (a square, 1 to 64) with exactly `var_count` = n³ cell variables.
fn grid_size_of(var_count: usize) -> Option<usize> {
    (1..=8)
        .map(|k: usize| k * k)
        .find(|n| n * n * n == var_count)
}

/// The grid side n whose n³ cell variables the model covers.
fn size_from_var_count(max_var: usize) -> Result<usize, Failure> {
    grid_size_of(max_var).ok_or_else(|| {
        Failure::new(
            1,
            format!(
                "cannot tell the grid size: the model's largest variable is {max_var}, \
                     which is no n^3 for n in 1, 4, 9, ..., 64; give --size N or --cnf FILE"
            ),
        )
    })
}
