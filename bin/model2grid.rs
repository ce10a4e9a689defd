//! `model2grid`: turn a SAT solver's answer for a `sudoku2cnf` formula back into a grid.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use sudosat::cli::{self, Failure, Source};
use sudosat::encode::{decode_model, read_cnf_header};
use sudosat::grid::format::{to_block_for, to_line, to_pretty};
use sudosat::grid::{to_svg, Grid, PuzzleReader};
use sudosat::layout::Layout;
use sudosat::model::{read_answer, Answer};

const AFTER_HELP: &str = "\
INPUT:
  A solver's answer in any common form: SAT competition output ('s' and 'v' lines, wrapped
  or not), MiniSat's result file ('SAT' then the literals), or bare literal lines.
  The layout comes from --layout (sudoku, x-sudoku, hanidoku or a layout file) and --size,
  from the header comments of the CNF given with --cnf (which name the layout, or embed
  the layout file), or from the variable count (n*n*n for an n x n grid, 549 for
  hanidoku). A model whose variable count is that of another grid size is refused.

OUTPUT:
  --format auto (the default) writes the line format for grids up to 35x35 and the block
  format above, so the pipeline works at every size. Hanidoku: --format line prints the 61
  digits on one line, block one row of the honeycomb per line, pretty draws the honeycomb
  with rows offset by half a cell.
  --format svg writes a standalone SVG picture (square grids with thick box or region
  borders and shaded diagonals / extra houses; Hanidoku as a honeycomb). Givens are bold
  black and solved digits blue when the puzzle is known: from --puzzle FILE (one puzzle,
  in any format sudoku2cnf reads, for the same layout), or else from the 'c puzzle' lines
  of the CNF given with --cnf. Otherwise every digit is drawn alike.
  --puzzle is checked against the grid in every format: each given must keep its value.

EXIT CODES:
  0  a grid was decoded and written
  1  no solution (UNSATISFIABLE or UNKNOWN), an unreadable answer, a model that does not
     give every cell exactly one value, or a grid that changes a given of --puzzle
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
    /// Rows with box borders, for people.
    Pretty,
    /// A standalone SVG picture; givens bold, solved digits blue.
    Svg,
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
}

fn main() -> ExitCode {
    cli::run("model2grid", || decode(cli::args::parse_args::<Args>()))
}

fn decode(args: Args) -> Result<u8, Failure> {
    let source = Source::from_arg(args.input.as_deref());
    let puzzle_source =
        cli::second_input(&source, args.puzzle.as_deref(), "the answer and the puzzle")?;
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
    let mut header_puzzle = None;
    let layout = match (
        args.layout.as_deref().filter(|&spec| spec != "sudoku"),
        args.size,
        &args.cnf,
    ) {
        (Some(spec), size, _) => {
            Layout::resolve(spec, size).map_err(|error| Failure::new(2, error))?
        }
        (None, Some(size), _) => Layout::square(size).map_err(|error| Failure::new(2, error))?,
        (None, None, Some(path)) => {
            let (layout, puzzle) = layout_from_cnf(&Source::File(path.clone()))?;
            header_puzzle = puzzle;
            layout
        }
        (None, None, None) => layout_from_var_count(model.max_var())?,
    };
    let size = layout.size();
    let num_vars = layout.num_cells() * size;
    if model.max_var() != num_vars {
        if let Some(other) = known_layout_of(model.max_var()) {
            return Err(Failure::new(
                1,
                format!(
                    "the model covers variables 1..{} ({}) but the layout is {}",
                    model.max_var(),
                    describe(&other),
                    describe(&layout)
                ),
            ));
        }
    }
    let assignment = model.to_assignment(num_vars);
    let grid = decode_model(&assignment, &layout).map_err(|error| Failure::new(1, error))?;
    let givens = match &puzzle_source {
        Some(source) => Some(read_one_puzzle(source, &layout)?),
        // The header's puzzle is only drawn, so only read for pictures: the text formats
        // keep decoding exactly as before.
        None if matches!(args.format, Format::Svg) => header_puzzle,
        None => None,
    };
    if let Some(puzzle) = &givens {
        check_givens_kept(&grid, puzzle, &layout, puzzle_source.as_ref())?;
    }
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
        Format::Block => to_block_for(&grid, &layout),
        Format::Pretty => to_pretty(&grid, &layout),
        Format::Svg => to_svg(&grid, &layout, givens.as_ref()),
    };
    let mut out = cli::stdout();
    out.write_all(text.as_bytes())?;
    if !text.ends_with('\n') {
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(0)
}

/// The layout named (or embedded) in the comment lines above the `p` line of a CNF, and
/// the puzzle its `c puzzle` lines give, if any.
fn layout_from_cnf(source: &Source) -> Result<(Layout, Option<Grid>), Failure> {
    let input = cli::open(source).map_err(|error| Failure::input(1, source, error))?;
    let header = read_cnf_header(input).map_err(|error| Failure::input(1, source, error))?;
    Ok((header.layout, header.puzzle))
}

/// The single puzzle of `source`, read for `layout`. A file of several puzzles is refused
/// rather than guessed from: the model belongs to one of them.
fn read_one_puzzle(source: &Source, layout: &Layout) -> Result<Grid, Failure> {
    let input = cli::open(source).map_err(|error| Failure::input(2, source, error))?;
    let mut puzzles = PuzzleReader::for_layout(input, layout, true);
    let first = puzzles
        .next()
        .transpose()
        .map_err(|error| Failure::input(2, source, error))?
        .ok_or_else(|| Failure::input(2, source, "no puzzle found"))?;
    if puzzles.next().is_some() {
        return Err(Failure::input(
            2,
            source,
            "holds several puzzles; model2grid draws one grid: give a file with only its \
             puzzle (or --cnf FILE, whose header names the puzzle)",
        ));
    }
    Ok(first.grid)
}

/// Refuses a grid that changes a given: the puzzle is not the one this model solves, and
/// drawing it as given would show digits that were never there.
fn check_givens_kept(
    grid: &Grid,
    puzzle: &Grid,
    layout: &Layout,
    puzzle_source: Option<&Source>,
) -> Result<(), Failure> {
    let changed = grid
        .cells()
        .iter()
        .zip(puzzle.cells())
        .position(|(&value, &given)| given != 0 && value != given);
    let Some(cell) = changed else {
        return Ok(());
    };
    let (row, col) = layout.position(cell);
    let origin = match puzzle_source {
        Some(source) => format!("the puzzle of {source}"),
        None => "the puzzle in the CNF header".to_string(),
    };
    Err(Failure::new(
        1,
        format!(
            "row {} column {}: the grid has {} where {origin} gives {}: the model does not \
             solve that puzzle",
            row + 1,
            col + 1,
            grid.cells()[cell],
            puzzle.cells()[cell]
        ),
    ))
}

/// "9x9 grid" for square layouts, the layout's name otherwise.
fn describe(layout: &Layout) -> String {
    if layout.is_square() {
        format!("{0}x{0} grid", layout.size())
    } else {
        layout.name().to_string()
    }
}

/// The built-in layout with exactly `var_count` cell variables: the square of side n
/// (n³ variables, n in 1, 4, ..., 64) or the honeycomb (61 × 9 = 549).
fn known_layout_of(var_count: usize) -> Option<Layout> {
    if var_count == 61 * 9 {
        return Some(Layout::hanidoku());
    }
    (1..=8)
        .map(|k: usize| k * k)
        .find(|n| n * n * n == var_count)
        .and_then(|n| Layout::square(n).ok())
}

/// The layout whose cell variables the model covers exactly.
fn layout_from_var_count(max_var: usize) -> Result<Layout, Failure> {
    known_layout_of(max_var).ok_or_else(|| {
        Failure::new(
            1,
            format!(
                "cannot tell the grid size: the model's largest variable is {max_var}, \
                 which is no n^3 for n in 1, 4, 9, ..., 64 (nor 549 for hanidoku); give \
                 --size N, --layout NAME or --cnf FILE"
            ),
        )
    })
}
