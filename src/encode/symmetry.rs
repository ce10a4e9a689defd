//! `--break-symmetry`: value-precedence clauses over the digits that no given uses.
//!
//! **The symmetry.** Let U = u₁ < u₂ < … < u_m be the digits that appear in no given. On a
//! layout made only of all-different houses, renaming digits by any permutation π of U
//! (digits outside U stay) maps every solution to a solution: houses only ask for
//! distinct digits (and a full house for all of them, which a permutation keeps), and the
//! givens use no digit of U, so they stay. Run lines (Hanidoku) are not symmetric under
//! renaming, so those layouts are refused.
//!
//! **The clauses.** Take the cells c₁, …, c_k without a given of one full house (the one
//! with the most such cells; the first row of an empty grid). For each cell cᵢ and digit
//! u_l with l ≥ 2 we require "cᵢ = u_l ⇒ u_{l−1} sits in one of c₁ … c_{i−1}" (value
//! precedence): the clause `¬x(cᵢ,u_l) ∨ x(c₁,u_{l−1}) ∨ … ∨ x(c_{i−1},u_{l−1})`. When
//! `l > i` the clause is replaced by the unit `¬x(cᵢ,u_l)`, which it implies (u_l at cᵢ
//! needs u₁ … u_{l−1} at distinct earlier cells, so l − 1 ≤ i − 1).
//!
//! **Why satisfiability is kept.** Take any solution S. List the digits of U in the order
//! in which they first occur in S(c₁), S(c₂), …; let π map the j-th of them to u_j (and
//! the digits of U that do not occur to the rest of U, in any order). π(S) is a solution,
//! and in it u_l (l ≥ 2) first occurs after u_{l−1} did, so every precedence clause holds.
//! Hence the formula with the clauses is satisfiable exactly when it is without; it keeps
//! one solution of each symmetry class that differs on these cells, so solution counts
//! drop (an empty 9x9 gets its first row fixed to 1 … 9).

use super::VarMap;
use crate::grid::Grid;
use crate::layout::{House, Layout};
use crate::lit::Lit;

/// The symmetry-breaking clauses for `grid` over `layout` (which must have no lines), and
/// a one-line description for the CNF header; no clauses when fewer than two digits are
/// unused or every full house is filled.
pub(super) fn precedence_clauses(
    grid: &Grid,
    layout: &Layout,
    map: &VarMap,
) -> (Vec<Vec<Lit>>, String) {
    let size = layout.size();
    let mut used = vec![false; size + 1];
    for &digit in grid.cells() {
        used[usize::from(digit)] = true;
    }
    let unused: Vec<u8> = (1..=size as u8)
        .filter(|&d| !used[usize::from(d)])
        .collect();
    let open = |house: &House| -> Vec<usize> {
        house
            .cells
            .iter()
            .copied()
            .filter(|&cell| grid.cells()[cell] == 0)
            .collect()
    };
    let mut best: Option<(&House, Vec<usize>)> = None;
    for house in layout.houses().iter().filter(|h| h.cells.len() == size) {
        let cells = open(house);
        if best.as_ref().map_or(true, |(_, b)| cells.len() > b.len()) {
            best = Some((house, cells));
        }
    }
    let Some((house, cells)) = best.filter(|(_, cells)| !cells.is_empty() && unused.len() >= 2)
    else {
        return (
            Vec::new(),
            "symmetry-breaking: none (fewer than two unused digits or no open house)".into(),
        );
    };
    let mut clauses = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        for l in 1..unused.len() {
            let not_here = map.cell_var(cell, unused[l]).negative();
            if l > i {
                clauses.push(vec![not_here]);
            } else {
                let mut clause = vec![not_here];
                clause.extend(
                    cells[..i]
                        .iter()
                        .map(|&earlier| map.cell_var(earlier, unused[l - 1]).positive()),
                );
                clauses.push(clause);
            }
        }
    }
    let digits: Vec<String> = unused.iter().map(u8::to_string).collect();
    let description = format!(
        "symmetry-breaking: value precedence of the unused digits {} over the {} open cells \
         of {house} (keeps satisfiability, changes solution counts)",
        digits.join(" "),
        cells.len()
    );
    (clauses, description)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_4x4_gets_its_first_row_fixed() {
        let layout = Layout::square(4).unwrap();
        let map = VarMap::new(4);
        let (clauses, text) = precedence_clauses(&Grid::empty(4).unwrap(), &layout, &map);
        assert!(
            text.contains("digits 1 2 3 4 over the 4 open cells of row 1"),
            "{text}"
        );
        // Units: cell 1 is not 2, 3, 4; cell 2 not 3, 4; cell 3 not 4: six units.
        let units: Vec<i64> = clauses
            .iter()
            .filter(|c| c.len() == 1)
            .map(|c| c[0].to_dimacs())
            .collect();
        assert_eq!(units, [-2, -3, -4, -7, -8, -12]);
        assert_eq!(clauses.len(), 4 * 3);
    }

    #[test]
    fn givens_remove_their_digits_and_cells() {
        let layout = Layout::square(4).unwrap();
        let map = VarMap::new(4);
        let mut grid = Grid::empty(4).unwrap();
        grid.set(0, 0, 2);
        grid.set(1, 2, 4);
        let (clauses, text) = precedence_clauses(&grid, &layout, &map);
        // Rows 1 and 2 have a given; row 3 is the first house with 4 open cells.
        assert!(
            text.contains("digits 1 3 over the 4 open cells of row 3"),
            "{text}"
        );
        assert_eq!(clauses.len(), 4);
    }

    #[test]
    fn nothing_to_break_with_one_unused_digit() {
        let layout = Layout::square(4).unwrap();
        let mut grid = Grid::empty(4).unwrap();
        grid.set(0, 0, 1);
        grid.set(1, 2, 2);
        grid.set(2, 1, 3);
        let (clauses, text) = precedence_clauses(&grid, &layout, &VarMap::new(4));
        assert!(clauses.is_empty());
        assert!(text.contains("none"));
    }
}
