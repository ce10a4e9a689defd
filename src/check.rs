//! Checking a grid against the rules: the independent oracle at the end of the pipeline.
//!
//! This module deliberately shares nothing with [`encode`](crate::encode): it reads the
//! houses from the [`Layout`] and compares digits directly, so a bug in the encoder or the
//! decoder cannot hide itself by being repeated here.

use thiserror::Error;

use crate::grid::format::and_list;
use crate::grid::Grid;
use crate::layout::{HouseKind, Layout};

/// One broken rule. Rows, columns and house numbers are 1-based.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Violation {
    /// The grid and the layout have different sizes; nothing else was checked.
    #[error("the grid is {found}x{found} but {expected}x{expected} was expected")]
    SizeMismatch {
        /// The layout's size.
        expected: usize,
        /// The grid's size.
        found: usize,
    },
    /// The grid and its puzzle have different sizes; nothing else was checked.
    #[error("the grid is {grid}x{grid} but its puzzle is {puzzle}x{puzzle}")]
    PuzzleSizeMismatch {
        /// The grid's size.
        grid: usize,
        /// The puzzle's size.
        puzzle: usize,
    },
    /// A blank cell in a grid that should be complete.
    #[error("row {row} column {col} is blank")]
    Incomplete {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A value above the size.
    #[error("row {row} column {col} holds {value}, outside 1..{size}")]
    OutOfRange {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The value found.
        value: u8,
        /// The grid size.
        size: usize,
    },
    /// A digit that occurs more than once in a house.
    #[error("{house} {index}: digit {digit} appears {} ({})", times(.cells.len()), where_(*.house, .cells))]
    Repeat {
        /// The kind of house.
        house: HouseKind,
        /// 1-based house number.
        index: usize,
        /// The repeated digit.
        digit: u8,
        /// 1-based (row, column) of every cell holding it, in reading order.
        cells: Vec<(usize, usize)>,
    },
    /// The digits of a consecutive-run line (Hanidoku) leave a gap: they span more values
    /// than the line has cells, so they cannot be (part of) one run.
    #[error(
        "{house} {index}: digits {} do not form a run ({} missing)",
        and_list(.digits), and_list(.missing)
    )]
    Gap {
        /// The kind of line (row, rising line, falling line).
        house: HouseKind,
        /// 1-based line number.
        index: usize,
        /// The distinct digits on the line, ascending.
        digits: Vec<u8>,
        /// The digits between the smallest and the largest that the line lacks.
        missing: Vec<u8>,
    },
    /// A cell whose given was changed or removed.
    #[error("row {row} column {col}: the puzzle gives {given} but the grid has {}", found_text(*.found))]
    GivenChanged {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The puzzle's digit.
        given: u8,
        /// The grid's value (0 for blank).
        found: u8,
    },
}

fn times(count: usize) -> String {
    match count {
        2 => "twice".to_string(),
        _ => format!("{count} times"),
    }
}

fn found_text(found: u8) -> String {
    match found {
        0 => "a blank".to_string(),
        _ => found.to_string(),
    }
}

/// Where the repeats are, in the words that fit the house: within a row only columns
/// differ, within a column only rows.
fn where_(house: HouseKind, cells: &[(usize, usize)]) -> String {
    match house {
        HouseKind::Row => {
            let cols: Vec<_> = cells.iter().map(|&(_, c)| c).collect();
            format!("columns {}", and_list(&cols))
        }
        HouseKind::Column => {
            let rows: Vec<_> = cells.iter().map(|&(r, _)| r).collect();
            format!("rows {}", and_list(&rows))
        }
        _ => {
            let places: Vec<_> = cells
                .iter()
                .map(|&(r, c)| format!("row {r} column {c}"))
                .collect();
            and_list(&places)
        }
    }
}

/// Every broken rule of `grid` under `layout`, in this order: values out of range, then
/// cell by cell changed givens and blanks (blanks only unless `partial`), then repeats
/// house by house in layout order, then for each line (Hanidoku) its repeats and gaps.
/// Empty means the grid is valid (and, unless `partial`,
/// solved). A blank where a given was is reported as a changed given, not also as blank.
///
/// ```
/// use sudosat::check::check_grid;
/// use sudosat::grid::parse_puzzles;
/// use sudosat::layout::Layout;
/// let layout = Layout::square(4).unwrap();
/// let grid = &parse_puzzles("1234341221434321", &Default::default()).unwrap()[0].grid;
/// assert!(check_grid(grid, &layout, None, false).is_empty());
/// let mut broken = grid.clone();
/// broken.set(0, 0, 2);
/// let messages: Vec<_> = check_grid(&broken, &layout, Some(grid), false)
///     .iter().map(|v| v.to_string()).collect();
/// assert_eq!(messages[0], "row 1 column 1: the puzzle gives 1 but the grid has 2");
/// assert_eq!(messages[1], "row 1: digit 2 appears twice (columns 1 and 2)");
/// ```
pub fn check_grid(
    grid: &Grid,
    layout: &Layout,
    givens: Option<&Grid>,
    partial: bool,
) -> Vec<Violation> {
    let size = layout.size();
    if grid.size() != size || grid.cells().len() != layout.num_cells() {
        return vec![Violation::SizeMismatch {
            expected: size,
            found: grid.size(),
        }];
    }
    if let Some(puzzle) = givens.filter(|puzzle| puzzle.size() != grid.size()) {
        return vec![Violation::PuzzleSizeMismatch {
            grid: grid.size(),
            puzzle: puzzle.size(),
        }];
    }
    let mut violations = Vec::new();
    let position = |cell: usize| {
        let (row, col) = layout.position(cell);
        (row + 1, col + 1)
    };
    for (cell, &value) in grid.cells().iter().enumerate() {
        if usize::from(value) > size {
            let (row, col) = position(cell);
            violations.push(Violation::OutOfRange {
                row,
                col,
                value,
                size,
            });
        }
    }
    for (cell, &value) in grid.cells().iter().enumerate() {
        let (row, col) = position(cell);
        let given = givens.map_or(0, |g| g.cells()[cell]);
        if given != 0 && given != value {
            violations.push(Violation::GivenChanged {
                row,
                col,
                given,
                found: value,
            });
        } else if value == 0 && !partial {
            violations.push(Violation::Incomplete { row, col });
        }
    }
    let mut holders: Vec<Vec<usize>> = vec![Vec::new(); size + 1];
    let is_line = |index: usize| index >= layout.houses().len();
    for (group_index, house) in layout.groups().enumerate() {
        holders.iter_mut().for_each(Vec::clear);
        for &cell in &house.cells {
            let value = usize::from(grid.cells()[cell]);
            if (1..=size).contains(&value) {
                holders[value].push(cell);
            }
        }
        for (digit, cells) in holders.iter().enumerate() {
            if cells.len() > 1 {
                let mut cells: Vec<_> = cells.iter().map(|&cell| position(cell)).collect();
                cells.sort_unstable();
                violations.push(Violation::Repeat {
                    house: house.kind,
                    index: house.index + 1,
                    digit: digit as u8,
                    cells,
                });
            }
        }
        if is_line(group_index) {
            if let Some(gap) = run_gap(house, &holders) {
                violations.push(gap);
            }
        }
    }
    violations
}

/// The gap of a line whose present digits (`holders[d]` non-empty) span more values than
/// the line has cells. A complete line of distinct digits has no gap exactly when it is a
/// run; a partial one can still become a run exactly when it has none.
fn run_gap(line: &crate::layout::House, holders: &[Vec<usize>]) -> Option<Violation> {
    let digits: Vec<u8> = (1..holders.len())
        .filter(|&d| !holders[d].is_empty())
        .map(|d| d as u8)
        .collect();
    let (&low, &high) = (digits.first()?, digits.last()?);
    if usize::from(high - low) < line.cells.len() {
        return None;
    }
    let missing = (low..=high).filter(|d| !digits.contains(d)).collect();
    Some(Violation::Gap {
        house: line.kind,
        index: line.index + 1,
        digits,
        missing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid 9x9 solution built from the pattern (r·3 + r/3 + c) mod 9, which is a
    /// textbook construction independent of any solver.
    fn solved9() -> Grid {
        let cells = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                ((r * 3 + r / 3 + c) % 9 + 1) as u8
            })
            .collect();
        Grid::from_cells(9, cells).unwrap()
    }

    fn messages(violations: &[Violation]) -> Vec<String> {
        violations.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_solution_has_no_violations() {
        let layout = Layout::square(9).unwrap();
        let grid = solved9();
        assert!(check_grid(&grid, &layout, None, false).is_empty());
        assert!(check_grid(&grid, &layout, Some(&grid), true).is_empty());
    }

    #[test]
    fn a_swap_within_a_row_breaks_two_columns_and_two_boxes() {
        let layout = Layout::square(9).unwrap();
        let mut grid = solved9();
        let (a, b) = (grid.get(2, 1), grid.get(2, 6));
        grid.set(2, 1, b);
        grid.set(2, 6, a);
        // By the pattern, row 3 reads 7 8 9 1 2 3 4 5 6: the swap puts 4 at column 2
        // (where row 7 and row 2's box neighbour (2, 1) hold 4) and 8 at column 7 (where
        // row 4 and, in box 3, (1, 8) hold 8).
        assert_eq!((a, b), (8, 4));
        let text = messages(&check_grid(&grid, &layout, None, false));
        assert_eq!(
            text,
            [
                "column 2: digit 4 appears twice (rows 3 and 7)",
                "column 7: digit 8 appears twice (rows 3 and 4)",
                "box 1: digit 4 appears twice (row 2 column 1 and row 3 column 2)",
                "box 3: digit 8 appears twice (row 1 column 8 and row 3 column 7)",
            ]
        );
    }

    #[test]
    fn blanks_count_only_when_complete_grids_are_wanted() {
        let layout = Layout::square(4).unwrap();
        let mut grid = Grid::empty(4).unwrap();
        grid.set(0, 0, 3);
        grid.set(0, 3, 3);
        grid.set(3, 0, 3);
        let partial = check_grid(&grid, &layout, None, true);
        assert_eq!(
            messages(&partial),
            [
                "row 1: digit 3 appears twice (columns 1 and 4)",
                "column 1: digit 3 appears twice (rows 1 and 4)",
            ]
        );
        let full = check_grid(&grid, &layout, None, false);
        assert_eq!(full.len(), 13 + 2);
        assert_eq!(full[0].to_string(), "row 1 column 2 is blank");
    }

    #[test]
    fn three_repeats_and_removed_givens_are_worded() {
        let layout = Layout::square(4).unwrap();
        let mut grid = Grid::empty(4).unwrap();
        for col in 0..3 {
            grid.set(1, col, 2);
        }
        let mut givens = Grid::empty(4).unwrap();
        givens.set(3, 3, 4);
        let text = messages(&check_grid(&grid, &layout, Some(&givens), true));
        assert_eq!(
            text[0],
            "row 4 column 4: the puzzle gives 4 but the grid has a blank"
        );
        assert_eq!(
            text[1],
            "row 2: digit 2 appears 3 times (columns 1, 2 and 3)"
        );
    }

    /// The known honeycomb solution of `shared/design/formats.md`, row by row.
    pub(crate) const HANIDOKU_SOLUTION: &str =
        "26345 574263 4365127 65812734 342789516 27394865 5876934 638457 45623";

    fn hanidoku_solution() -> Grid {
        let layout = Layout::hanidoku();
        let cells = HANIDOKU_SOLUTION
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| b - b'0')
            .collect();
        Grid::for_layout(&layout, cells).unwrap()
    }

    #[test]
    fn the_known_hanidoku_solution_is_valid() {
        let layout = Layout::hanidoku();
        assert!(check_grid(&hanidoku_solution(), &layout, None, false).is_empty());
    }

    #[test]
    fn hanidoku_lines_report_repeats_and_gaps_by_name() {
        let layout = Layout::hanidoku();
        let mut grid = hanidoku_solution();
        // Row 1 reads 2 6 3 4 5; an 8 in its first cell leaves 3, 4, 5, 6, 8 (no 7).
        grid.set_cell(0, 8);
        let text = messages(&check_grid(&grid, &layout, None, false));
        assert!(
            text.contains(
                &"row 1: digits 3, 4, 5, 6 and 8 do not form a run (7 missing)".to_string()
            ),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.starts_with("rising line 1:")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.starts_with("falling line 5:")),
            "{text:?}"
        );
        let mut grid = hanidoku_solution();
        grid.set_cell(1, 2);
        let text = messages(&check_grid(&grid, &layout, None, false));
        assert_eq!(text[0], "row 1: digit 2 appears twice (columns 1 and 2)");
    }

    #[test]
    fn mismatched_sizes_stop_the_check() {
        let layout = Layout::square(9).unwrap();
        let small = Grid::empty(4).unwrap();
        assert_eq!(
            messages(&check_grid(&small, &layout, None, false)),
            ["the grid is 4x4 but 9x9 was expected"]
        );
        assert_eq!(
            check_grid(&solved9(), &layout, Some(&small), false),
            [Violation::PuzzleSizeMismatch { grid: 9, puzzle: 4 }]
        );
    }

    fn fixture(file: &str) -> Vec<Grid> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata/puzzles")
            .join(file);
        let text = std::fs::read_to_string(path).unwrap();
        let puzzles = crate::grid::parse_puzzles(&text, &Default::default()).unwrap();
        puzzles.into_iter().map(|p| p.grid).collect()
    }

    /// All solutions (up to `limit`) by plain backtracking over `check_grid`: slow, but
    /// built only from the checker, so it vouches for fixtures independently of any solver.
    fn solutions(grid: &mut Grid, layout: &Layout, limit: usize, found: &mut Vec<Grid>) {
        if found.len() >= limit || !check_grid(grid, layout, None, true).is_empty() {
            return;
        }
        let Some(cell) = grid.cells().iter().position(|&v| v == 0) else {
            found.push(grid.clone());
            return;
        };
        let (row, col) = layout.position(cell);
        for digit in 1..=grid.size() as u8 {
            grid.set(row, col, digit);
            solutions(grid, layout, limit, found);
        }
        grid.set(row, col, 0);
    }

    #[test]
    fn hand_made_4x4_fixtures_have_the_listed_solutions() {
        let layout = Layout::square(4).unwrap();
        let cases = [
            ("4x4_line.txt", "4x4_line.solution.txt"),
            ("4x4_block.txt", "4x4_block.solution.txt"),
        ];
        for (puzzles, answers) in cases {
            let answers = fixture(answers);
            for (mut puzzle, answer) in fixture(puzzles).into_iter().zip(answers) {
                let mut found = Vec::new();
                solutions(&mut puzzle, &layout, 3, &mut found);
                assert_eq!(found, [answer], "{puzzles}");
            }
        }
        let mut found = Vec::new();
        solutions(
            &mut fixture("4x4_two_solutions.txt")[0],
            &layout,
            3,
            &mut found,
        );
        assert_eq!(found, fixture("4x4_two_solutions.solutions.txt"));
    }

    #[test]
    fn every_solution_fixture_solves_its_puzzle() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/puzzles");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".solution.txt") else {
                continue;
            };
            let puzzles = fixture(&format!("{stem}.txt"));
            let answers = fixture(&name);
            assert_eq!(puzzles.len(), answers.len(), "{name}");
            for (puzzle, answer) in puzzles.iter().zip(&answers) {
                let layout = Layout::square(puzzle.size()).unwrap();
                let violations = check_grid(answer, &layout, Some(puzzle), false);
                assert!(violations.is_empty(), "{name}: {violations:?}");
                checked += 1;
            }
        }
        assert!(checked >= 30, "only {checked} solutions found");
    }
}
