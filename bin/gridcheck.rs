//! `gridcheck`: check solved (or partial) grids against the rules of their layout and
//! against their puzzles.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudosat::check::check_grid;
use sudosat::cli::{self, Failure, Source};
use sudosat::encode::read_cnf_header;
use sudosat::grid::{Grid, Marker, ParseOptions, PuzzleError, PuzzleReader, Record};
use sudosat::layout::Layout;

const AFTER_HELP: &str = "\
INPUT:
  Grids in the puzzle formats of sudoku2cnf (line or block format, several per file;
  the block format is the course's: n lines of space-separated numbers, 0 blank, a blank
  line between grids). With --puzzle, the puzzles (in either format) are paired with the
  grids in order. A marker line of model2grid ('unsolvable', 'unknown') stands for the
  grid of a puzzle the solver did not solve: that puzzle fails, and the pairing goes on. --layout hanidoku reads
  61-symbol lines (optionally after HQV1G) or 9-row blocks; --layout FILE a layout file.
  --cnf FILE takes the layout, and the givens unless --puzzle is given, from the header
  of a CNF written by sudoku2cnf (then one grid is expected).

OUTPUT:
  One line per violation on stderr: grid number, which row, column, box, diagonal, extra
  house or Hanidoku line (row / rising line / falling line, numbered from 1), which digit,
  and why (a repeat, or a gap in a line's run), or the marker that stands in its place.
  Then a summary: 'N grids valid', or 'K of N grids invalid' (with how many puzzles had
  no solution). Nothing on stdout.

EXIT CODES:
  0  every grid is valid
  1  some grid is invalid, or is a marker (a puzzle without a solution)
  2  unreadable or malformed input, or bad usage";

/// Check grids of any layout: complete, values in range, no repeats, runs unbroken, givens kept.
#[derive(Parser)]
#[command(name = "gridcheck", version, after_help = AFTER_HELP)]
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
    /// Take the layout (and the givens, without --puzzle) from this CNF's header.
    #[arg(long, value_name = "FILE", conflicts_with = "size")]
    cnf: Option<PathBuf>,
    /// Print nothing when every grid is valid.
    #[arg(short, long)]
    quiet: bool,
}

fn main() -> ExitCode {
    cli::run("gridcheck", || check(cli::args::parse_args::<Args>()))
}

/// One entry of a grid file: a grid, or a grid whose value is out of range (a violation
/// of that grid, reported like the others, not an error of the whole input).
enum Entry {
    Grid(Grid),
    OutOfRange(String),
    /// The marker a batch writes for a puzzle its solver did not solve.
    Marker(Marker),
}

/// Opens `source` as a stream of grids, in any puzzle format (of `layout`, if given),
/// with the marker lines of a batch when `markers` is set.
fn grids<'a>(
    source: &'a Source,
    size: Option<usize>,
    layout: Option<&Layout>,
    markers: bool,
) -> Result<impl Iterator<Item = Result<Entry, Failure>> + 'a, Failure> {
    let input = cli::open(source).map_err(|error| Failure::input(2, source, error))?;
    let options = ParseOptions {
        size,
        allow_conflicts: true,
    };
    let reader = match layout {
        Some(layout) => PuzzleReader::for_layout(input, layout, true),
        None => {
            PuzzleReader::new(input, &options).map_err(|error| Failure::input(2, source, error))?
        }
    };
    let records = reader.records().map(move |record| match record {
        Ok(Record::Marker { marker, .. }) if markers => Ok(Entry::Marker(marker)),
        Ok(Record::Marker { marker, line, .. }) => Err(Failure::input(
            2,
            source,
            format!(
                "line {line}: `{}` where a puzzle was expected",
                marker.as_str()
            ),
        )),
        Ok(Record::Grid(puzzle)) => Ok(Entry::Grid(puzzle.grid)),
        Err(PuzzleError::OutOfRange {
            line,
            row,
            col,
            value,
            size,
            ..
        }) => Ok(Entry::OutOfRange(format!(
            "row {row} column {col}: value {value} is out of range 1..{size} (line {line})"
        ))),
        Err(error) => Err(Failure::input(2, source, error)),
    });
    Ok(records)
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}

fn check(args: Args) -> Result<u8, Failure> {
    let source = Source::from_arg(args.input.as_deref());
    let puzzle_source =
        cli::second_input(&source, args.puzzle.as_deref(), "the grids and the puzzles")?;
    // `sudoku` is the default: the reader detects the size of each grid (or uses --size).
    let (fixed, header_puzzle) = match (
        args.layout.as_deref().filter(|&spec| spec != "sudoku"),
        &args.cnf,
    ) {
        (Some(spec), _) => (
            Some(Layout::resolve(spec, args.size).map_err(|error| Failure::new(2, error))?),
            None,
        ),
        (None, Some(path)) => {
            let cnf = Source::File(path.clone());
            let input = cli::open(&cnf).map_err(|error| Failure::input(2, &cnf, error))?;
            let header = read_cnf_header(input).map_err(|error| Failure::input(2, &cnf, error))?;
            (Some(header.layout), header.puzzle)
        }
        (None, None) => (None, None),
    };
    let mut puzzles = match &puzzle_source {
        Some(source) => Some(grids(source, args.size, fixed.as_ref(), false)?),
        None => None,
    };
    let mut layouts: Vec<Layout> = fixed.into_iter().collect();
    let (mut checked, mut invalid, mut unsolved) = (0, 0, 0);
    for entry in grids(&source, args.size, layouts.first(), true)? {
        let entry = entry?;
        checked += 1;
        let puzzle =
            match &mut puzzles {
                None if checked == 1 && header_puzzle.is_some() => header_puzzle.clone(),
                Some(puzzles) => match puzzles.next().transpose()? {
                    Some(Entry::Grid(puzzle)) => Some(puzzle),
                    Some(Entry::OutOfRange(reason)) => {
                        return Err(Failure::new(2, format!("puzzle {checked}: {reason}")))
                    }
                    Some(Entry::Marker(_)) => None,
                    None => {
                        return Err(Failure::new(
                            2,
                            format!(
                            "grid {checked} has no puzzle: the grids and the puzzles of {} are \
                             paired in order",
                            puzzle_source.as_ref().map(ToString::to_string).unwrap_or_default()
                        ),
                        ))
                    }
                },
                None => None,
            };
        let grid = match entry {
            Entry::Grid(grid) => grid,
            Entry::OutOfRange(reason) => {
                invalid += 1;
                eprintln!("gridcheck: grid {checked}: {reason}");
                continue;
            }
            // The puzzle was consumed above, so the pairing of the next grids holds.
            Entry::Marker(marker) => {
                invalid += 1;
                unsolved += 1;
                eprintln!(
                    "gridcheck: grid {checked}: puzzle {checked} has no grid: the record is `{}`",
                    marker.as_str()
                );
                continue;
            }
        };
        // Files usually hold one size; keep the layouts built so far rather than one per grid.
        let layout = match layouts
            .iter()
            .position(|layout| layout.size() == grid.size())
        {
            Some(index) => &layouts[index],
            None => {
                layouts.push(Layout::square(grid.size()).map_err(|error| Failure::new(2, error))?);
                &layouts[layouts.len() - 1]
            }
        };
        let violations = check_grid(&grid, layout, puzzle.as_ref(), args.partial);
        if !violations.is_empty() {
            invalid += 1;
        }
        for violation in violations {
            eprintln!("gridcheck: grid {checked}: {violation}");
        }
    }
    if checked == 0 {
        return Err(Failure::input(2, &source, "no grid found"));
    }
    if let Some(puzzles) = &mut puzzles {
        if puzzles.next().transpose()?.is_some() {
            return Err(Failure::new(
                2,
                format!(
                    "{} has more puzzles than the {} checked: the grids and the puzzles are paired in order",
                    puzzle_source.as_ref().map(ToString::to_string).unwrap_or_default(),
                    plural(checked, "grid")
                ),
            ));
        }
    }
    if invalid > 0 {
        let markers = match unsolved {
            0 => String::new(),
            count => format!(" ({} without a solution)", plural(count, "puzzle")),
        };
        eprintln!(
            "gridcheck: {invalid} of {} invalid{markers}",
            plural(checked, "grid")
        );
        Ok(1)
    } else {
        if !args.quiet {
            eprintln!("gridcheck: {} valid", plural(checked, "grid"));
        }
        Ok(0)
    }
}
