//! Run-line clauses for lines of any length, by [`LineEncoding`]: the `hanidoku` module's
//! encoding (`runs`) where it is exact (lines longer than half the digits), the span
//! encoding below for shorter lines and for `--lines span`, or both (`runs-span`).
//!
//! Honeycomb layout files may put `run` rules on boards whose lines are short against the
//! digit count (a line of 3 cells over digits 1..9). The `hanidoku` encoding needs
//! `2m > n`: for shorter lines its "low or high digit appears" clauses would forbid
//! genuine runs. The span encoding works for every length, without auxiliary variables:
//!
//! 1. per digit, `¬a ∨ ¬b` for every pair of cells: the digits are distinct;
//! 2. per pair of digits `i < j` with `j − i ≥ m`, and per ordered pair of distinct
//!    cells (a, b): `¬x(a, i) ∨ ¬x(b, j)`: no two digits of the line lie m or more apart.
//!
//! **Why this is exact.** With one digit per cell (the cell clauses), (1) makes the line's
//! digits a set S of m distinct values, and (2) says `max S − min S ≤ m − 1`. m distinct
//! integers within a span of m values are exactly that span: a run. Conversely a run of m
//! digits spans `m − 1` and has distinct digits, so it meets (1) and (2). A pair of equal
//! cells (a = a) is left out of (2): the cell at-most-one clauses already forbid two
//! digits in one cell, and every encoding that allows run lines writes them.
//!
//! Counts: a line of m cells over n digits gets `n·m(m−1)/2` clauses from (1) and
//! `m(m−1)·(n−m)(n−m+1)/2` from (2); a 3-cell line over 1..9 gets 27 + 126.
//!
//! **Span clauses on long lines.** Added to the `runs` clauses (`runs-span`) they change
//! no model: both sets are exact, so both accept exactly the runs. What they add is
//! propagation: a cell set to digit i removes at once, by binaries, every digit m or more
//! away from the other cells of its lines, which `runs` only learns through conflicts (its
//! low/high clauses are long). On the honeycomb that is 3,372 binaries (per line of 5, 6,
//! 7, 8 cells: 10, 6, 3, 1 digit pairs, each for every ordered pair of cells).

use super::clauses::{add_pairwise_at_most_one, ClauseSink};
use super::{hanidoku, presence, LineEncoding, VarMap};
use crate::layout::House;
use crate::lit::Lit;

/// Adds the clauses of one run line for `lines`: `runs` writes the `hanidoku` encoding when
/// `2m > size` and the span encoding of the module docs otherwise; `span` always writes the
/// span encoding; `runs-span` writes both where `runs` is exact, else the span encoding.
pub(super) fn add_line_clauses(
    sink: &mut ClauseSink,
    map: &VarMap,
    line: &House,
    size: usize,
    lines: LineEncoding,
) {
    let long = 2 * line.cells.len() > size;
    match lines {
        LineEncoding::Runs if long => hanidoku::add_run_clauses(sink, map, line, size),
        LineEncoding::RunsSpan if long => {
            hanidoku::add_run_clauses(sink, map, line, size);
            add_span_clauses(sink, map, line, size);
        }
        LineEncoding::Presence | LineEncoding::Order | LineEncoding::Starts => {
            let extras = presence::Extras {
                starts: lines == LineEncoding::Starts,
                order: lines == LineEncoding::Order,
            };
            presence::add_presence_clauses(sink, map, line, size, extras);
        }
        LineEncoding::Runs | LineEncoding::RunsSpan | LineEncoding::Span => {
            add_distinct_clauses(sink, map, line, size);
            add_span_clauses(sink, map, line, size);
        }
    }
}

/// Clauses (1) of the module docs: per digit, pairwise at-most-one over the line.
pub(super) fn add_distinct_clauses(sink: &mut ClauseSink, map: &VarMap, line: &House, size: usize) {
    for digit in 1..=size {
        let lits: Vec<Lit> = line
            .cells
            .iter()
            .map(|&cell| map.cell_var(cell, digit as u8).positive())
            .collect();
        add_pairwise_at_most_one(sink, &lits);
    }
}

/// Clauses (2) of the module docs: `¬x(a, i) ∨ ¬x(b, j)` for digits `j − i ≥ m` and
/// distinct cells a, b of the line, by low digit, high digit, then a, then b.
pub(super) fn add_span_clauses(sink: &mut ClauseSink, map: &VarMap, line: &House, size: usize) {
    let m = line.cells.len();
    let var = |cell: usize, digit: usize| map.cell_var(cell, digit as u8);
    for low in 1..=size {
        for high in (low + m).max(low + 1)..=size {
            for &a in &line.cells {
                for &b in line.cells.iter().filter(|&&b| b != a) {
                    sink.add(&[var(a, low).negative(), var(b, high).negative()]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::clauses::add_exactly_one;
    use super::*;
    use crate::check::check_grid;
    use crate::encode::encode_sudoku;
    use crate::grid::Grid;
    use crate::layout::{parse_layout_file, HouseKind};
    use crate::solver::enumerate::blocking_clause;
    use crate::solver::{new_engine, EngineKind, Limits, Outcome};

    /// A single row of `m` cells over `n` digits whose only rule is `rows run`.
    fn row_layout(m: usize, n: usize) -> crate::layout::Layout {
        let row = vec!["."; m].join(" ");
        let text = format!("digits {n}\nhoneycomb 1\n{row}\nrows run\n");
        parse_layout_file(&text, "row").unwrap()
    }

    /// The number of digit sequences of length m over 1..n that are runs in some order:
    /// (n − m + 1) runs, each in m! orders.
    fn runs(m: usize, n: usize) -> usize {
        (n - m + 1) * (1..=m).product::<usize>()
    }

    #[test]
    fn every_model_of_a_short_or_long_line_is_a_run_and_every_run_is_a_model() {
        // Both encodings (short: 2m ≤ n, long: 2m > n), checked by counting models with an
        // independent enumerator against the number of runs, and each model by the checker.
        for (m, n) in [(2, 5), (3, 6), (3, 7), (4, 9), (1, 4), (4, 7), (5, 6)] {
            let layout = row_layout(m, n);
            let cnf = encode_sudoku(&Grid::empty_for(&layout), &layout)
                .unwrap()
                .cnf;
            let mut engine = new_engine(EngineKind::Dpll, &cnf, &Limits::default());
            let mut models = 0;
            while let Outcome::Sat(model) = engine.solve() {
                let grid = crate::encode::decode_model(&model, &layout).unwrap();
                assert!(
                    check_grid(&grid, &layout, None, false).is_empty(),
                    "{grid:?}"
                );
                engine.add_clause(&blocking_clause(&model, None));
                models += 1;
            }
            assert_eq!(models, runs(m, n), "m {m}, n {n}");
        }
    }

    /// True when the line of `digits.len()` cells holding `digits` (over 1..=n) satisfies
    /// the cell clauses and the `lines` clauses of the line, for some value of the
    /// auxiliary variables: the cells are fixed by units and a solver looks for the rest.
    fn accepts(lines: LineEncoding, digits: &[usize], n: usize) -> bool {
        let m = digits.len();
        let line = House {
            kind: HouseKind::Row,
            index: 0,
            cells: (0..m).collect(),
        };
        let map = VarMap::new(n);
        let mut sink = ClauseSink::new(m * n, None);
        for cell in 0..m {
            let lits: Vec<_> = (1..=n as u8)
                .map(|d| map.cell_var(cell, d).positive())
                .collect();
            add_exactly_one(&mut sink, &lits);
        }
        add_line_clauses(&mut sink, &map, &line, n, lines);
        let cell_vars = m * n;
        let mut cnf = sink.cnf;
        assert!(cnf.num_vars() >= cell_vars);
        for (cell, &digit) in digits.iter().enumerate() {
            cnf.add_clause(&[map.cell_var(cell, digit as u8).positive()]);
        }
        let mut engine = new_engine(EngineKind::Dpll, &cnf, &Limits::default());
        match engine.solve() {
            Outcome::Sat(_) => true,
            Outcome::Unsat => false,
            Outcome::Unknown => panic!("no limits, yet no answer"),
        }
    }

    #[test]
    fn every_line_encoding_accepts_exactly_the_runs_for_every_digit_set_and_length() {
        // Every digit set of every size m (1..=n) over n = 9 and n = 6, its digits placed
        // ascending and rotated by one cell, plus a repeated digit: accepted exactly when
        // the set is a run. Covers short lines (2m <= n, where runs falls back to span) and
        // long ones, and each encoding's auxiliary variables.
        for lines in LineEncoding::ALL {
            for n in [9, 6] {
                for mask in 1u32..1 << n {
                    let digits: Vec<usize> = (1..=n).filter(|d| mask >> (d - 1) & 1 == 1).collect();
                    let m = digits.len();
                    let is_run = digits[m - 1] - digits[0] + 1 == m;
                    assert_eq!(accepts(lines, &digits, n), is_run, "{lines} {digits:?}");
                    let mut rotated = digits.clone();
                    rotated.rotate_left(1);
                    assert_eq!(accepts(lines, &rotated, n), is_run, "{lines} {rotated:?}");
                    if m >= 2 {
                        let mut repeated = digits.clone();
                        repeated[1] = repeated[0];
                        assert!(!accepts(lines, &repeated, n), "{lines} {repeated:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_3_cell_line_over_9_digits_gets_the_counted_clauses() {
        let layout = row_layout(3, 9);
        let cnf = encode_sudoku(&Grid::empty_for(&layout), &layout)
            .unwrap()
            .cnf;
        // 3 cell at-least-one, 3 · 36 cell at-most-one, 27 distinct, 126 span.
        assert_eq!(cnf.num_clauses(), 3 + 108 + 27 + 126);
    }
}
