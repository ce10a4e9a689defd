//! The body of `gridcheck`: read grids (and the puzzles to pair them with), check each
//! against the rules of its layout and the givens of its puzzle, and report violations
//! and a summary on stderr. The binary only parses flags into [`GridcheckOptions`].

use std::io::BufRead;
use std::path::PathBuf;

use super::{Failure, Source};
use crate::check::check_grid;
use crate::encode::read_cnf_header;
use crate::grid::{Grid, Marker, ParseOptions, PuzzleError, PuzzleReader, Record};
use crate::layout::{Layout, LayoutChoice};

/// The `--help` text after the options: input, output and exit codes.
pub const AFTER_HELP: &str = "\
INPUT:
  Grids in the puzzle formats of sudoku2cnf (line or block format, several per file;
  the block format is the course's: n lines of space-separated numbers, 0 blank, a blank
  line between grids). With --puzzle, the puzzles (in either format) are paired with the
  grids in order. A marker line of model2grid ('unsolvable', 'unknown') stands for the
  grid of a puzzle the solver did not solve: that puzzle fails, and the pairing goes on.
  --layout sudoku (the default) and x-sudoku detect each grid's size unless --size is
  given; --layout hanidoku reads 61-symbol lines (optionally after HQV1G) or 9-row
  blocks; --layout FILE a layout file.
  --cnf FILE takes the layout, and the givens unless --puzzle is given, from the header
  of a CNF written by sudoku2cnf. One CNF is one puzzle: every grid read with it (one,
  or several models of it as satsolve --models writes them) must keep its givens.

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

/// Everything `gridcheck` was asked to do, independent of how the flags were spelled.
#[derive(Clone, Debug, Default)]
pub struct GridcheckOptions {
    /// The grids (a file or stdin; gzip detected).
    pub input: Source,
    /// `--puzzle`: puzzles paired with the grids in order (`-`: stdin).
    pub puzzle: Option<PathBuf>,
    /// Accept blank cells.
    pub partial: bool,
    /// `--size`: the side of the grids instead of detecting it.
    pub size: Option<usize>,
    /// `--layout`: a built-in name or a layout file.
    pub layout: Option<String>,
    /// `--cnf`: the formula whose header gives the layout and the givens.
    pub cnf: Option<PathBuf>,
    /// No summary when every grid is valid.
    pub quiet: bool,
}

/// Runs `gridcheck`; returns the exit code (0 or 1) or the failure to report (code 2).
pub fn run(options: &GridcheckOptions) -> Result<u8, Failure> {
    let source = &options.input;
    let puzzle_source = super::second_input(
        source,
        options.puzzle.as_deref(),
        "the grids and the puzzles",
    )?;
    let input = super::open(source).map_err(|error| Failure::input(source, error))?;
    let puzzles = match &puzzle_source {
        Some(puzzles) => {
            let text = super::open(puzzles).map_err(|error| Failure::input(puzzles, error))?;
            Some((puzzles, text))
        }
        None => None,
    };
    run_on(options, input, puzzles)
}

/// [`run`] on opened inputs (the grids, and the puzzles with their source), so that the
/// pairing can be tested in-process.
fn run_on<R: BufRead, P: BufRead>(
    options: &GridcheckOptions,
    input: R,
    puzzles: Option<(&Source, P)>,
) -> Result<u8, Failure> {
    let source = &options.input;
    // `sudoku` is the default: the reader detects the size of each grid (or uses --size).
    let (choice, header_puzzle) = match (
        options.layout.as_deref().filter(|&spec| spec != "sudoku"),
        &options.cnf,
    ) {
        (Some(spec), _) => (
            LayoutChoice::from_args(Some(spec), options.size).map_err(Failure::usage)?,
            None,
        ),
        (None, Some(path)) => {
            let cnf = Source::File(path.clone());
            let input = super::open(&cnf).map_err(|error| Failure::input(&cnf, error))?;
            let header = read_cnf_header(input).map_err(|error| Failure::input(&cnf, error))?;
            (LayoutChoice::Fixed(header.layout), header.puzzle)
        }
        (None, None) => (LayoutChoice::Square, None),
    };
    let puzzle_source = puzzles.as_ref().map(|(source, _)| (*source).clone());
    // --puzzle, when given, pairs its own puzzles with the grids instead.
    let header_puzzle = header_puzzle.filter(|_| puzzle_source.is_none());
    let mut puzzles = match puzzles {
        Some((puzzle_source, text)) => Some(entries(
            text,
            puzzle_source,
            options.size,
            choice.fixed(),
            false,
        )?),
        None => None,
    };
    let paired_with = || {
        puzzle_source
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default()
    };
    let mut layouts: Vec<Layout> = choice.fixed().into_iter().cloned().collect();
    let (mut checked, mut invalid, mut unsolved) = (0, 0, 0);
    for entry in entries(input, source, options.size, choice.fixed(), true)? {
        let entry = entry?;
        checked += 1;
        let paired = match &mut puzzles {
            Some(puzzles) => match puzzles.next().transpose()? {
                Some(Entry::Grid(puzzle)) => Some(puzzle),
                Some(Entry::OutOfRange(reason)) => {
                    return Err(Failure::invalid(format!("puzzle {checked}: {reason}")))
                }
                Some(Entry::Marker(_)) => None,
                None => {
                    return Err(Failure::invalid(format!(
                        "grid {checked} has no puzzle: the grids and the puzzles of {} are \
                             paired in order",
                        paired_with()
                    )))
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
                layouts.push(choice.for_size(grid.size()).map_err(Failure::invalid)?);
                &layouts[layouts.len() - 1]
            }
        };
        // One CNF is one puzzle: every grid checked against it (several models of it, as
        // `satsolve --models` writes them) must keep its givens, not only the first.
        let puzzle = paired.as_ref().or(header_puzzle.as_ref());
        let violations = check_grid(&grid, layout, puzzle, options.partial);
        if !violations.is_empty() {
            invalid += 1;
        }
        for violation in violations {
            eprintln!("gridcheck: grid {checked}: {violation}");
        }
    }
    if checked == 0 {
        return Err(Failure::input(source, "no grid found"));
    }
    if let Some(puzzles) = &mut puzzles {
        if puzzles.next().transpose()?.is_some() {
            return Err(Failure::invalid(format!(
                "{} has more puzzles than the {} checked: the grids and the puzzles are \
                     paired in order",
                paired_with(),
                plural(checked, "grid")
            )));
        }
    }
    eprint!("{}", summary(checked, invalid, unsolved, options.quiet));
    Ok(u8::from(invalid > 0))
}

/// The closing line on stderr (empty when `quiet` and every grid is valid).
fn summary(checked: usize, invalid: usize, unsolved: usize, quiet: bool) -> String {
    if invalid > 0 {
        let markers = match unsolved {
            0 => String::new(),
            count => format!(" ({} without a solution)", plural(count, "puzzle")),
        };
        format!(
            "gridcheck: {invalid} of {} invalid{markers}\n",
            plural(checked, "grid")
        )
    } else if quiet {
        String::new()
    } else {
        format!("gridcheck: {} valid\n", plural(checked, "grid"))
    }
}

/// One entry of a grid file: a grid, or a grid whose value is out of range (a violation
/// of that grid, reported like the others, not an error of the whole input).
enum Entry {
    Grid(Grid),
    OutOfRange(String),
    /// The marker a batch writes for a puzzle its solver did not solve.
    Marker(Marker),
}

/// The grids of `input` (read from `source`), in any puzzle format (of `layout`, if
/// given), with the marker lines of a batch when `markers` is set.
fn entries<'a, R: BufRead + 'a>(
    input: R,
    source: &'a Source,
    size: Option<usize>,
    layout: Option<&Layout>,
    markers: bool,
) -> Result<impl Iterator<Item = Result<Entry, Failure>> + 'a, Failure> {
    let options = ParseOptions {
        size,
        allow_conflicts: true,
    };
    let reader = match layout {
        Some(layout) => PuzzleReader::for_layout(input, layout, true),
        None => {
            PuzzleReader::new(input, &options).map_err(|error| Failure::input(source, error))?
        }
    };
    let records = reader.records().map(move |record| match record {
        Ok(Record::Marker { marker, .. }) if markers => Ok(Entry::Marker(marker)),
        Ok(Record::Marker { marker, line, .. }) => Err(Failure::input(
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
        Err(error) => Err(Failure::input(source, error)),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 grid valid as an X-Sudoku too; as a square Sudoku, too.
    const X_SOLVED: &str = "1234341243212143";
    /// A valid 4x4 Sudoku whose main diagonal repeats 4 (it reads 1 4 4 2).
    const NOT_X: &str = "1234342121434312";

    fn check(options: &GridcheckOptions, grids: &str, puzzles: Option<&str>) -> Result<u8, String> {
        let source = Source::File("puzzles.txt".into());
        let puzzles = puzzles.map(|text| (&source, text.as_bytes()));
        run_on(options, grids.as_bytes(), puzzles).map_err(|failure| failure.message)
    }

    #[test]
    fn x_sudoku_without_size_checks_the_diagonals_at_the_input_size() {
        let x = GridcheckOptions {
            layout: Some("x-sudoku".into()),
            ..GridcheckOptions::default()
        };
        let square = GridcheckOptions::default();
        assert_eq!(check(&square, NOT_X, None), Ok(0));
        assert_eq!(check(&x, X_SOLVED, None), Ok(0));
        assert_eq!(check(&x, NOT_X, None), Ok(1));
    }

    #[test]
    fn markers_fail_their_puzzle_without_shifting_the_pairing() {
        let options = GridcheckOptions::default();
        let grids = format!("{X_SOLVED}\nunsolvable\n{X_SOLVED}\n");
        let puzzles = "1...............\n................\n1...............\n";
        assert_eq!(check(&options, &grids, Some(puzzles)), Ok(1));
        let wrong = "1...............\n2...............\n";
        assert_eq!(
            check(&options, &format!("{X_SOLVED}\n{X_SOLVED}\n"), Some(wrong)),
            Ok(1)
        );
    }

    #[test]
    fn grids_and_puzzles_must_pair_up() {
        let options = GridcheckOptions::default();
        let short = check(
            &options,
            &format!("{X_SOLVED}\n{X_SOLVED}\n"),
            Some("1...............\n"),
        );
        assert!(short.unwrap_err().starts_with("grid 2 has no puzzle"));
        let long = check(
            &options,
            X_SOLVED,
            Some("1...............\n1...............\n"),
        );
        assert!(long
            .unwrap_err()
            .contains("has more puzzles than the 1 grid checked"));
    }

    #[test]
    fn a_value_out_of_range_fails_its_grid_only() {
        let grids = format!("{X_SOLVED}\n1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 7\n");
        assert_eq!(check(&GridcheckOptions::default(), &grids, None), Ok(1));
    }

    #[test]
    fn the_summary_counts_grids_and_unsolved_puzzles() {
        assert_eq!(
            summary(3, 2, 1, false),
            "gridcheck: 2 of 3 grids invalid (1 puzzle without a solution)\n"
        );
        assert_eq!(summary(1, 0, 0, false), "gridcheck: 1 grid valid\n");
        assert_eq!(summary(2, 0, 0, true), "");
    }
}
