//! The generator tests' oracle: solutions counted by another path than the generator's.

use crate::grid::Grid;
use crate::layout::Layout;
use crate::solver::enumerate::blocking_clause;
use crate::solver::{new_engine, EngineKind, Limits, Outcome};
use crate::VarMap;

/// Solutions of `puzzle`, up to `limit`, by another path than the generator's: a
/// fresh engine over the puzzle's own encoding (givens as unit clauses, no
/// assumptions, no propagator shortcuts), blocking each model on the cell variables.
/// DPLL for square layouts; CDCL for Hanidoku, where DPLL is too slow.
pub(crate) fn count_solutions(puzzle: &Grid, layout: &Layout, limit: usize) -> usize {
    let cnf = crate::encode::encode_sudoku(puzzle, layout).unwrap().cnf;
    let cells: Vec<_> = (0..VarMap::for_layout(layout).num_vars())
        .map(crate::lit::Var::from_index)
        .collect();
    let kind = if layout.lines().is_empty() {
        EngineKind::Dpll
    } else {
        EngineKind::Cdcl
    };
    let mut engine = new_engine(kind, &cnf, &Limits::default());
    let mut found = 0;
    while found < limit {
        match engine.solve() {
            Outcome::Sat(model) => {
                found += 1;
                engine.add_clause(&blocking_clause(&model, Some(&cells)));
            }
            _ => break,
        }
    }
    found
}
