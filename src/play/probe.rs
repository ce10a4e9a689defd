//! What unit propagation over the board's CNF leaves a cell (the game's `H` key), and a
//! broken rule named in the words of the board when the digits contradict each other.
//!
//! Hints that teach come from the technique ladder ([`super::coach`]); this probe answers
//! a narrower question, "which digits can this cell still take?", by the clauses alone,
//! so on a honeycomb it also sees what the run rules exclude.
//!
//! A clause is named from its literals and the layout alone, not from the encoder's
//! internals, so any encoding of the same rules reads the same: a clause over one cell is
//! that cell's rule ("r4c7": it holds one digit); a clause over one digit in several cells
//! is the rule of the house or line that holds all those cells ("6 in box 5"); a clause
//! mixing digits over several cells of one line is that line's run rule ("the run of
//! rising line 3").

use super::solve::board_cube;
use crate::cnf::Cnf;
use crate::encode::VarMap;
use crate::human::cell_name;
use crate::layout::Layout;
use crate::lit::Lit;
use crate::solver::reasons::ReasonPropagator;

/// What propagation leaves for one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Candidates {
    /// The cell holds this digit.
    Filled(u8),
    /// The digits propagation does not rule out, ascending.
    Digits(Vec<u8>),
    /// The board's digits already contradict each other under propagation; the rule that
    /// broke, in words.
    Contradiction(String),
}

/// Unit propagation over one board's clauses, asked about one cell at a time.
pub struct CandidateProbe {
    layout: Layout,
    map: VarMap,
    propagator: ReasonPropagator,
}

impl CandidateProbe {
    /// A probe for `layout`; `cnf` is the empty board's clauses
    /// ([`super::empty_board_cnf`]).
    pub fn new(layout: &Layout, cnf: &Cnf) -> CandidateProbe {
        CandidateProbe {
            layout: layout.clone(),
            map: VarMap::for_layout(layout),
            propagator: ReasonPropagator::new(cnf),
        }
    }

    /// What propagation leaves for `cell` on the board `digits` (givens included, 0
    /// blank; wrong digits included too: this is the player's view).
    pub fn candidates(&mut self, digits: &[u8], cell: usize) -> Candidates {
        if digits[cell] != 0 {
            return Candidates::Filled(digits[cell]);
        }
        if let Err(rule) = self.assume_board(digits) {
            return Candidates::Contradiction(rule);
        }
        let left = (1..=self.map.size() as u8)
            .filter(|&d| self.propagator.value(self.map.cell_var(cell, d).positive()) != -1)
            .collect();
        Candidates::Digits(left)
    }

    /// Asserts the board on the propagator; the broken rule if propagation finds a
    /// contradiction.
    fn assume_board(&mut self, digits: &[u8]) -> Result<(), String> {
        if let Some(clause) = self.propagator.reset() {
            return Err(self.name(clause));
        }
        for lit in board_cube(&self.map, digits) {
            if !self.propagator.assume(lit) {
                let reason = self.propagator.reason(lit);
                return Err(reason.map_or_else(|| "a cell".to_string(), |c| self.name(c)));
            }
        }
        match self.propagator.propagate() {
            Some(clause) => Err(self.name(clause)),
            None => Ok(()),
        }
    }

    fn name(&self, clause: u32) -> String {
        clause_name(&self.layout, &self.map, self.propagator.clause(clause))
    }
}

/// The (cell, digit) of a cell variable.
fn cell_digit(map: &VarMap, lit: Lit) -> (usize, u8) {
    let index = lit.var().index();
    (index / map.size(), (index % map.size() + 1) as u8)
}

/// What a clause says, in the words of the board.
fn clause_name(layout: &Layout, map: &VarMap, clause: &[Lit]) -> String {
    let mut cells: Vec<usize> = Vec::with_capacity(clause.len());
    let mut digits: Vec<u8> = Vec::with_capacity(clause.len());
    for &lit in clause {
        let (cell, digit) = cell_digit(map, lit);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
        if !digits.contains(&digit) {
            digits.push(digit);
        }
    }
    if cells.len() == 1 {
        return cell_name(layout, cells[0]);
    }
    let group = layout
        .groups()
        .find(|group| cells.iter().all(|cell| group.cells.contains(cell)));
    match (group, digits.as_slice()) {
        (Some(group), [digit]) => format!("{digit} in {group}"),
        (Some(group), _) => format!("the run of {group}"),
        (None, _) => format!("a rule over {} cells", cells.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lit::Var;

    #[test]
    fn clauses_are_named_by_the_cell_or_the_group_that_holds_them() {
        let layout = Layout::square(9).unwrap();
        let map = VarMap::for_layout(&layout);
        let x = |cell: usize, digit: u8| map.cell_var(cell, digit);
        let cell_rule: Vec<Lit> = (1..=9).map(|d| x(33, d).positive()).collect();
        assert_eq!(clause_name(&layout, &map, &cell_rule), "r4c7");
        let box5: Vec<Lit> = layout.houses()[22]
            .cells
            .iter()
            .map(|&c| x(c, 6).positive())
            .collect();
        assert_eq!(clause_name(&layout, &map, &box5), "6 in box 5");
        let pair = [x(0, 3).negative(), x(80, 3).negative()];
        assert_eq!(clause_name(&layout, &map, &pair), "a rule over 2 cells");
        let hex = Layout::hanidoku();
        let hmap = VarMap::for_layout(&hex);
        let run = [
            hmap.cell_var(0, 1).positive(),
            hmap.cell_var(5, 9).positive(),
        ];
        assert_eq!(clause_name(&hex, &hmap, &run), "the run of rising line 1");
        assert_eq!(cell_digit(&map, Var::from_index(80).positive()), (8, 9));
    }
}
