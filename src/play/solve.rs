//! The puzzle's solution, and the proof that it is the only one.
//!
//! Hints and the "differs from the solution" check are only honest on a puzzle with
//! exactly one solution, so that is proven before the game starts: the CDCL finds a
//! solution S under the givens (a cube over the empty board's clauses, as the generator's
//! uniqueness checks do), then the same formula plus the clause "some blank cell differs
//! from S" must be UNSAT. The second question is asked of a fresh solver, so the blocking
//! clause never reaches the solver the hints use.

use crate::cnf::Cnf;
use crate::encode::{decode_model, encode_with, EncodeOptions, EncodingKind, LineEncoding, VarMap};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Lit;
use crate::solver::cdcl::Solver;
use crate::solver::Outcome;

use super::PlayError;

/// How many solutions a puzzle has, as far as the game cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No solution: the givens contradict each other.
    None,
    /// Exactly one, proven.
    Unique(Grid),
    /// At least two (both given).
    Several(Grid, Grid),
}

/// The clauses of `layout`'s empty board (extended encoding: cell and house at-least-one
/// and at-most-one, run clauses on lines), over which every question of the game is asked
/// with the board's digits as assumptions. Run lines keep the `runs` clauses: they have no
/// auxiliary variables, so every literal of a propagation chain names a cell and a digit.
pub fn empty_board_cnf(layout: &Layout) -> Result<Cnf, PlayError> {
    let options = EncodeOptions {
        kind: EncodingKind::Extended,
        lines: LineEncoding::Runs,
        break_symmetry: false,
    };
    Ok(encode_with(&Grid::empty_for(layout), layout, &options)?.cnf)
}

/// The literals "cell holds its digit" for every filled cell of `digits`.
pub(crate) fn board_cube(map: &VarMap, digits: &[u8]) -> Vec<Lit> {
    digits
        .iter()
        .enumerate()
        .filter(|(_, &digit)| digit != 0)
        .map(|(cell, &digit)| map.cell_var(cell, digit).positive())
        .collect()
}

/// Solves `givens` and proves whether the solution is unique (see the module docs).
pub fn solutions(layout: &Layout, givens: &Grid, cnf: &Cnf) -> Result<Solutions, PlayError> {
    let map = VarMap::for_layout(layout);
    let cube = board_cube(&map, givens.cells());
    let mut solver = Solver::new(cnf);
    let first = match solver.solve_cube(&cube) {
        Outcome::Sat(model) => decode_model(&model, layout)?,
        Outcome::Unsat => return Ok(Solutions::None),
        Outcome::Unknown => return Err(PlayError::Undecided),
    };
    let blocking: Vec<Lit> = first
        .cells()
        .iter()
        .enumerate()
        .filter(|(cell, _)| givens.cells()[*cell] == 0)
        .map(|(cell, &digit)| map.cell_var(cell, digit).negative())
        .collect();
    if blocking.is_empty() {
        return Ok(Solutions::Unique(first));
    }
    let mut second = Solver::new(cnf);
    second.add_clause(&blocking);
    match second.solve_cube(&cube) {
        Outcome::Unsat => Ok(Solutions::Unique(first)),
        Outcome::Sat(model) => Ok(Solutions::Several(first, decode_model(&model, layout)?)),
        Outcome::Unknown => Err(PlayError::Undecided),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_puzzles, ParseOptions};

    fn puzzle(text: &str) -> Grid {
        parse_puzzles(text, &ParseOptions::default()).unwrap()[0]
            .grid
            .clone()
    }

    #[test]
    fn unique_several_and_none_are_told_apart() {
        let layout = Layout::square(4).unwrap();
        let cnf = empty_board_cnf(&layout).unwrap();
        assert!(matches!(
            solutions(&layout, &Grid::empty(4).unwrap(), &cnf).unwrap(),
            Solutions::Several(a, b) if a != b
        ));
        let solved = puzzle("1234341221434321");
        assert_eq!(
            solutions(&layout, &solved, &cnf).unwrap(),
            Solutions::Unique(solved.clone())
        );
        let mut blanked = solved.clone();
        blanked.set_cell(0, 0);
        blanked.set_cell(5, 0);
        assert_eq!(
            solutions(&layout, &blanked, &cnf).unwrap(),
            Solutions::Unique(solved)
        );
        // r1c3 needs 3 or 4 (row 1 holds 1 and 2), but column 3 holds both.
        let stuck = puzzle("12....3...4.....");
        assert_eq!(solutions(&layout, &stuck, &cnf).unwrap(), Solutions::None);
    }
}
