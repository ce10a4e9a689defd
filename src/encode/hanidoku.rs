//! Clauses for consecutive-run lines (Hanidoku), without auxiliary variables.
//!
//! For a line of `m` cells over digits `1..=n` (n = 9 on the honeycomb) the clauses are:
//!
//! 1. per digit, `¬a ∨ ¬b` for every pair of cells: digits on the line are distinct;
//! 2. per *mandatory* digit `d` in `n+1−m ..= m`: "d appears", the clause of the line's
//!    cell variables for `d`;
//! 3. per low digit `i ≤ n − m` and high digit `j ≥ m + 1` with `j − i ≤ m`:
//!    "i appears or j appears", one clause over `2m` cell variables.
//!
//! The encoding needs `2m > n` (a non-empty mandatory range): every honeycomb line has
//! `m ≥ 5 > 9/2`. For shorter lines clause (3) would also forbid genuine runs.
//!
//! **Why this is exact.** Every cell holds exactly one digit (the cell clauses), so by (1)
//! the line holds a set S of m distinct digits. If S is a run `a..a+m−1`, then since
//! `1 ≤ a ≤ n−m+1`, S covers `n+1−m..=m`, so (2) holds; and for a pair (i, j) of (3) with
//! both absent, S would lie strictly between them (it contains the mandatory digits, which
//! lie between i and j) in only `j − i − 1 < m` places: impossible, so (3) holds.
//! Conversely let S satisfy (1)-(3). The missing digits are all outside the mandatory
//! range, so each is low (`≤ n−m`) or high (`≥ m+1`). Let i be the largest missing low
//! digit and j the smallest missing high digit: S contains every digit strictly between
//! them. If both exist and `j − i ≤ m`, clause (i, j) is violated; so `j − i − 1 ≥ m`, and
//! S, of size m, is exactly the run `i+1..j−1` when that run has m digits — it cannot have
//! more than m, since S ⊇ it. If no low digit is missing, S ⊇ `1..j−1` with `j−1 ≥ m`
//! digits, so S is the run `1..m`; symmetrically if no high digit is missing. The
//! brute-force test below checks this over every digit set of every line length.
//!
//! Counts for the empty honeycomb: 61 cell at-least-one + 2,196 cell at-most-one + 4,968
//! line pairs + 123 mandatory + 120 low/high = 7,468 clauses over 549 variables.

use super::clauses::{add_pairwise_at_most_one, ClauseSink};
use super::VarMap;
use crate::layout::House;
use crate::lit::Lit;

/// Adds the run clauses of one line (see the module docs), in the order: per digit the
/// pairwise distinctness, then the mandatory digits ascending, then the (low, high) pairs
/// by low then high digit.
pub(super) fn add_run_clauses(sink: &mut ClauseSink, map: &VarMap, line: &House, size: usize) {
    let m = line.cells.len();
    debug_assert!(
        2 * m > size,
        "run clauses need lines longer than half the digits"
    );
    let appears = |digit: usize| digit_cells(map, line, digit);
    add_digits_at_most_once(sink, map, line, size);
    for digit in mandatory_digits(m, size) {
        sink.add(&appears(digit));
    }
    for low in 1..=size.saturating_sub(m) {
        for high in (m + 1)..=size.min(low + m) {
            let mut clause = appears(low);
            clause.extend(appears(high));
            sink.add(&clause);
        }
    }
}

/// The literals "cell c of `line` holds `digit`", in the line's cell order: "digit
/// appears on the line" as a clause.
pub(super) fn digit_cells(map: &VarMap, line: &House, digit: usize) -> Vec<Lit> {
    line.cells
        .iter()
        .map(|&cell| map.cell_var(cell, digit as u8).positive())
        .collect()
}

/// Distinct digits on `line`: each of `1..=size` in at most one of its cells (pairwise).
pub(super) fn add_digits_at_most_once(
    sink: &mut ClauseSink,
    map: &VarMap,
    line: &House,
    size: usize,
) {
    for digit in 1..=size {
        add_pairwise_at_most_one(sink, &digit_cells(map, line, digit));
    }
}

/// The digits of a line of `m` cells over `1..=size` that appear in every run of it.
pub(super) fn mandatory_digits(m: usize, size: usize) -> std::ops::RangeInclusive<usize> {
    (size + 1).saturating_sub(m).max(1)..=m.min(size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_grid;
    use crate::encode::{decode_model, encode_sudoku, read_header_comments};
    use crate::grid::{parse_puzzles_for, Grid};
    use crate::layout::{HouseKind, Layout};

    /// The known solution of `shared/design/formats.md`, row by row.
    const SOLUTION: &str = "26345 574263 4365127 65812734 342789516 27394865 5876934 638457 45623";

    fn solution() -> Grid {
        let layout = Layout::hanidoku();
        parse_puzzles_for(SOLUTION, &layout, false)
            .unwrap()
            .remove(0)
            .grid
    }

    #[test]
    fn the_empty_honeycomb_has_549_variables_and_7468_clauses() {
        let layout = Layout::hanidoku();
        let encoding = encode_sudoku(&Grid::empty_for(&layout), &layout).unwrap();
        assert_eq!(
            (encoding.cnf.num_vars(), encoding.cnf.num_clauses()),
            (549, 7_468)
        );
        let mut histogram = vec![0; 19];
        histogram[2] = 61 * 36 + 4_968;
        histogram[9] = 61;
        // Mandatory digits: a clause per cell of the line; pairs: twice that.
        for (m, mandatory, pairs) in [(5, 1, 10), (6, 3, 6), (7, 5, 3), (8, 7, 1), (9, 9, 0)] {
            let lines = if m == 9 { 3 } else { 6 };
            histogram[m] += lines * mandatory;
            histogram[2 * m] += lines * pairs;
        }
        // No 18-literal clause: the 9-cell lines have no low/high pairs.
        histogram.truncate(17);
        assert_eq!(encoding.cnf.clause_length_histogram(), histogram);
        assert_eq!(encoding.comments[1], "layout hanidoku");
        let puzzle = "HQV1G0000000000000000000000000000000000000000000000002053000040350";
        let grid = parse_puzzles_for(puzzle, &layout, false)
            .unwrap()
            .remove(0)
            .grid;
        let encoding = encode_sudoku(&grid, &layout).unwrap();
        assert_eq!(encoding.cnf.num_clauses(), 7_468 + 6);
        let header = read_header_comments(&encoding.comments).unwrap();
        assert_eq!((header.layout, header.puzzle), (layout, Some(grid)));
    }

    #[test]
    fn the_known_solution_satisfies_the_encoding_and_decodes_back() {
        let layout = Layout::hanidoku();
        let grid = solution();
        let map = VarMap::for_layout(&layout);
        let mut values = vec![false; map.num_vars()];
        for (cell, &digit) in grid.cells().iter().enumerate() {
            values[map.cell_var(cell, digit).index()] = true;
        }
        let encoding = encode_sudoku(&grid, &layout).unwrap();
        for clause in encoding.cnf.clauses() {
            let satisfied = clause
                .iter()
                .any(|lit| values[lit.var().index()] != lit.is_negative());
            assert!(satisfied, "clause {clause:?}");
        }
        assert_eq!(decode_model(&values, &layout).unwrap(), grid);
        assert!(check_grid(&grid, &layout, Some(&grid), false).is_empty());
    }

    /// True when `digits` (one per cell of a line of digits 1..=n) satisfies every clause
    /// `add_run_clauses` writes for that line.
    fn satisfies(digits: &[usize], n: usize) -> bool {
        let line = House {
            kind: HouseKind::Row,
            index: 0,
            cells: (0..digits.len()).collect(),
        };
        let map = VarMap::new(n);
        let mut sink = ClauseSink::new(digits.len() * n, None);
        add_run_clauses(&mut sink, &map, &line, n);
        let cnf = sink.cnf;
        let value = |lit: Lit| {
            let index = lit.var().index();
            let holds = digits[index / n] == index % n + 1;
            holds != lit.is_negative()
        };
        let all = cnf
            .clauses()
            .all(|clause| clause.iter().any(|&lit| value(lit)));
        all
    }

    #[test]
    fn the_clauses_accept_exactly_the_runs_for_every_line_length() {
        // Every subset of 1..=9 of size m, placed in the line in ascending order (the
        // clauses are symmetric in the cells), plus a repeat, for the line lengths 5..=9.
        let n = 9;
        for m in 5..=n {
            for mask in 0u32..1 << n {
                if mask.count_ones() as usize != m {
                    continue;
                }
                let digits: Vec<usize> = (1..=n).filter(|d| mask >> (d - 1) & 1 == 1).collect();
                let is_run = digits[m - 1] - digits[0] + 1 == m;
                assert_eq!(satisfies(&digits, n), is_run, "line {digits:?}");
            }
            if m >= 2 {
                let mut repeated: Vec<usize> = (1..=m).collect();
                repeated[1] = 1;
                assert!(!satisfies(&repeated, n), "a repeat in a line of {m}");
            }
        }
    }
}
