//! Run-line clauses for lines of any length: the `hanidoku` module's encoding where it is
//! exact (lines longer than half the digits), a span encoding for shorter lines.
//!
//! Honeycomb layout files may put `run` rules on boards whose lines are short against the
//! digit count (a line of 3 cells over digits 1..9). The `hanidoku` encoding needs
//! `2m > n`: for shorter lines its "low or high digit appears" clauses would forbid
//! genuine runs. For those lines we write, without auxiliary variables:
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

use super::clauses::ClauseSink;
use super::{hanidoku, VarMap};
use crate::layout::House;

/// Adds the clauses of one run line: the `hanidoku` encoding when `2m > size`, the span
/// encoding of the module docs otherwise.
pub(super) fn add_line_clauses(sink: &mut ClauseSink, map: &VarMap, line: &House, size: usize) {
    if 2 * line.cells.len() > size {
        hanidoku::add_run_clauses(sink, map, line, size);
        return;
    }
    let m = line.cells.len();
    let var = |cell: usize, digit: usize| map.cell_var(cell, digit as u8);
    for digit in 1..=size {
        for (i, &a) in line.cells.iter().enumerate() {
            for &b in &line.cells[i + 1..] {
                sink.add(&[var(a, digit).negative(), var(b, digit).negative()]);
            }
        }
    }
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
    use crate::check::check_grid;
    use crate::encode::encode_sudoku;
    use crate::grid::Grid;
    use crate::layout::parse_layout_file;
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
