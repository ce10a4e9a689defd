//! The body of `gridcheck`: read grids (and the puzzles to pair them with), check each
//! against the rules of its layout and the givens of its puzzle, and report violations
//! and a summary on stderr. The binary only parses flags into [`GridcheckOptions`].
//! Grids under `puzzle K:` headings (several models per puzzle) are paired and judged in
//! `groups`, which also gives `--unique` its verdicts.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use self::entries::{entries, Entry};
use self::groups::Groups;
use self::tally::{plural, summary, Counts};
use super::{Failure, Source};
use crate::check::check_grid;
use crate::encode::read_cnf_header;
use crate::grid::Grid;
use crate::layout::{Layout, LayoutChoice};
use crate::model::group::PuzzleLine;

mod entries;
mod groups;
mod tally;

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
  Grids under 'puzzle K: VERDICT (M grids)' headings (model2grid on satsolve --models N
  over a stream of puzzles) are paired by heading: the grids of puzzle K with the K-th
  puzzle of --puzzle, and the grids of one puzzle must differ. The headings come first
  and in order, each followed by as many grids as it says.

UNIQUENESS (--unique):
  Needs those headings. One line per puzzle on stdout: 'puzzle K: unique', 'several',
  'none', 'unknown' (the search gave up, or --models 1) or 'invalid' (a grid of it broke
  a rule, changed a given or repeated another), and on stderr the summary
  'gridcheck: N puzzles: A unique, B several, C none' (with unknown and invalid when
  there are some). 'several' is checked here (two different valid grids); 'unique' and
  'none' are the solver's word. --quiet drops the lines of unique puzzles, and the
  summary when all are unique.

OUTPUT:
  One line per violation on stderr: grid number, which row, column, box, diagonal, extra
  house or Hanidoku line (row / rising line / falling line, numbered from 1), which digit,
  and why (a repeat, or a gap in a line's run), or the marker that stands in its place.
  Then a summary: 'N grids valid', or 'K of N grids invalid' (with how many puzzles had
  no solution). Nothing on stdout, except the verdicts of --unique.

EXIT CODES:
  0  every grid is valid (with --unique: and every puzzle unique)
  1  some grid is invalid, or is a marker (a puzzle without a solution); with --unique,
     some puzzle is not unique (several, none, unknown or invalid)
  2  unreadable or malformed input (a heading that disagrees with its grids, --unique
     without headings), or bad usage";

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
    /// No summary when every grid is valid (with `unique`: no line for a unique puzzle,
    /// and no summary when all are).
    pub quiet: bool,
    /// Report per puzzle whether it has one solution, from the `puzzle K:` headings.
    pub unique: bool,
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
    let mut out = super::stdout();
    run_on(options, input, puzzles, &mut out)
}

/// [`run`] on opened inputs (the grids, and the puzzles with their source), so that the
/// pairing can be tested in-process; the `--unique` verdicts go to `out`.
fn run_on<R: BufRead, P: BufRead>(
    options: &GridcheckOptions,
    input: R,
    puzzles: Option<(&Source, P)>,
    out: &mut dyn Write,
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
        Some((puzzle_source, text)) => Some(Puzzles {
            entries: Box::new(entries(
                text,
                puzzle_source,
                options.size,
                choice.fixed(),
                false,
            )?),
            source: puzzle_source.clone(),
        }),
        None => None,
    };
    let mut layouts: Vec<Layout> = choice.fixed().into_iter().cloned().collect();
    let mut counts = Counts::default();
    // Set by a first record that is a `puzzle K:` heading: grids pair by heading.
    let mut groups: Option<Groups> = None;
    let mut first = true;
    for entry in entries(input, source, options.size, choice.fixed(), true)? {
        let entry = entry?;
        let at_start = std::mem::take(&mut first);
        if let Entry::Heading { text, line } = entry {
            let heading = PuzzleLine::parse(&text)
                .map_err(|error| Failure::input(source, format!("line {line}: {error}")))?;
            let groups = match &mut groups {
                Some(groups) => groups,
                None if at_start => groups.insert(Groups::default()),
                None => {
                    return Err(Failure::input(
                        source,
                        format!("line {line}: a `puzzle` heading after grids that had none"),
                    ))
                }
            };
            groups.close(
                &mut counts,
                &options.input,
                options.unique,
                options.quiet,
                out,
            )?;
            let expected = groups.closed + 1;
            if heading.puzzle != expected {
                return Err(Failure::input(
                    source,
                    format!(
                        "line {line}: the heading of puzzle {} where puzzle {expected} was \
                         expected",
                        heading.puzzle
                    ),
                ));
            }
            let puzzle = match &mut puzzles {
                Some(puzzles) => puzzles.next_for(heading.puzzle)?,
                None => None,
            };
            groups.open(heading, line, puzzle);
            continue;
        }
        if at_start && options.unique {
            return Err(Failure::input(
                source,
                "--unique needs the `puzzle K:` headings that model2grid writes for a stream \
                 answered by satsolve --models N; these grids have none (a file of one \
                 puzzle is plain CNF unless sudoku2cnf gets --stream)",
            ));
        }
        counts.checked += 1;
        let checked = counts.checked;
        let (paired, prefix) = match &mut groups {
            Some(groups) => {
                let pairing = groups.grid(&entry, source)?;
                let prefix = format!("grid {checked} (puzzle {})", pairing.puzzle);
                (pairing.givens, prefix)
            }
            None => {
                let paired = match &mut puzzles {
                    Some(puzzles) => puzzles.next_for(checked)?,
                    None => None,
                };
                (paired, format!("grid {checked}"))
            }
        };
        let grid = match entry {
            Entry::Grid(grid) => grid,
            Entry::OutOfRange(reason) => {
                counts.invalid += 1;
                eprintln!("gridcheck: {prefix}: {reason}");
                if let Some(groups) = &mut groups {
                    groups.invalid();
                }
                continue;
            }
            // The puzzle was consumed above, so the pairing of the next grids holds.
            Entry::Marker(marker) => {
                counts.invalid += 1;
                counts.unsolved += 1;
                eprintln!(
                    "gridcheck: grid {checked}: puzzle {checked} has no grid: the record is `{}`",
                    marker.as_str()
                );
                continue;
            }
            Entry::Heading { .. } => continue,
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
        let repeated = match &mut groups {
            Some(groups) => groups.keep(grid, checked, !violations.is_empty()),
            None => None,
        };
        if !violations.is_empty() || repeated.is_some() {
            counts.invalid += 1;
        }
        for violation in violations {
            eprintln!("gridcheck: {prefix}: {violation}");
        }
        if let Some(earlier) = repeated {
            eprintln!(
                "gridcheck: {prefix}: repeats grid {earlier}: the models of a puzzle must differ"
            );
        }
    }
    if let Some(groups) = &mut groups {
        groups.close(
            &mut counts,
            &options.input,
            options.unique,
            options.quiet,
            out,
        )?;
    }
    if counts.checked == 0 {
        return Err(Failure::input(source, "no grid found"));
    }
    if let Some(puzzles) = &mut puzzles {
        if puzzles.entries.next().transpose()?.is_some() {
            let what = match &groups {
                Some(groups) => plural(groups.closed, "puzzle heading"),
                None => plural(counts.checked, "grid"),
            };
            return Err(Failure::invalid(format!(
                "{} has more puzzles than the {what} checked: the grids and the puzzles are \
                     paired in order",
                puzzles.source
            )));
        }
    }
    out.flush()?;
    match (&groups, options.unique) {
        (Some(groups), true) => {
            eprint!("{}", groups.verdicts.summary(options.quiet));
            Ok(u8::from(groups.verdicts.unique < groups.closed))
        }
        _ => {
            eprint!("{}", summary(&counts, options.quiet));
            Ok(u8::from(counts.invalid > 0))
        }
    }
}

/// The puzzles of `--puzzle`, paired with the grids (or headings) in order.
struct Puzzles<'a> {
    entries: Box<dyn Iterator<Item = Result<Entry, Failure>> + 'a>,
    source: Source,
}

impl Puzzles<'_> {
    /// The next puzzle, for grid (or heading) `number`; `None` for a marker.
    fn next_for(&mut self, number: usize) -> Result<Option<Grid>, Failure> {
        match self.entries.next().transpose()? {
            Some(Entry::Grid(puzzle)) => Ok(Some(puzzle)),
            Some(Entry::OutOfRange(reason)) => {
                Err(Failure::invalid(format!("puzzle {number}: {reason}")))
            }
            Some(Entry::Marker(_) | Entry::Heading { .. }) => Ok(None),
            None => Err(Failure::invalid(format!(
                "grid {number} has no puzzle: the grids and the puzzles of {} are paired in \
                 order",
                self.source
            ))),
        }
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
        let mut out = Vec::new();
        run_on(options, grids.as_bytes(), puzzles, &mut out).map_err(|failure| failure.message)
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
        let counts = |checked, invalid, unsolved| Counts {
            checked,
            invalid,
            unsolved,
        };
        assert_eq!(
            summary(&counts(3, 2, 1), false),
            "gridcheck: 2 of 3 grids invalid (1 puzzle without a solution)\n"
        );
        assert_eq!(
            summary(&counts(1, 0, 0), false),
            "gridcheck: 1 grid valid\n"
        );
        assert_eq!(summary(&counts(2, 0, 0), true), "");
    }
}
