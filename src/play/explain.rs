//! Clauses in words: what a clause of the puzzle's CNF says about the board, and a
//! propagation chain shortened to those words.
//!
//! A clause is named from its literals and the layout alone, not from the encoder's
//! internals, so any encoding of the same rules reads the same: a clause over one cell is
//! that cell's rule ("r4c7": it holds one digit); a clause over one digit in several cells
//! is the rule of the house or line that holds all those cells ("6 in box 5"); a clause
//! mixing digits over several cells of one line is that line's run rule ("rising line 3").

use crate::encode::VarMap;
use crate::layout::Layout;
use crate::lit::Lit;
use crate::solver::reasons::ReasonPropagator;

/// The name people use for a cell: `r4c7`, 1-based row and column (on the honeycomb the
/// column counts within the row).
///
/// ```
/// use sudosat::{layout::Layout, play::cell_name};
/// assert_eq!(cell_name(&Layout::square(9).unwrap(), 33), "r4c7");
/// assert_eq!(cell_name(&Layout::hanidoku(), 5), "r2c1");
/// ```
pub fn cell_name(layout: &Layout, cell: usize) -> String {
    let (row, col) = layout.position(cell);
    format!("r{}c{}", row + 1, col + 1)
}

/// The (cell, digit) of a cell variable.
pub(crate) fn cell_digit(map: &VarMap, lit: Lit) -> (usize, u8) {
    let index = lit.var().index();
    (index / map.size(), (index % map.size() + 1) as u8)
}

/// What a clause says, in the words of the board.
pub(crate) fn clause_name(layout: &Layout, map: &VarMap, clause: &[Lit]) -> String {
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

/// One digit a chain placed on its way, and the rule that placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The cell.
    pub cell: usize,
    /// The digit placed there.
    pub digit: u8,
    /// The clause that forced it, in words.
    pub rule: String,
}

/// A propagation argument, shortened: how many clauses it used, the digits it placed on
/// the way (in order), and the rule it ended on (the one that placed the hinted digit, or
/// the one that broke in a refutation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Clauses in the argument.
    pub clauses: usize,
    /// Digits placed on the way, in propagation order.
    pub steps: Vec<Step>,
    /// The last clause, in words.
    pub last: String,
    /// The cell, when the last clause is a cell's own rule (it holds one digit).
    pub last_cell: Option<usize>,
}

/// Most steps spelled out; the rest are counted.
const SHOWN_STEPS: usize = 5;

impl Chain {
    /// The chain ending in clause `end` of `propagator` (unit or false there).
    pub(crate) fn from_cone(
        propagator: &ReasonPropagator,
        layout: &Layout,
        map: &VarMap,
        end: u32,
    ) -> Chain {
        let cone = propagator.cone(end);
        let mut steps = Vec::new();
        for &index in &cone[..cone.len() - 1] {
            match propagator.implied_by(index) {
                Some(lit) if !lit.is_negative() => {
                    let (cell, digit) = cell_digit(map, lit);
                    steps.push(Step {
                        cell,
                        digit,
                        rule: clause_name(layout, map, propagator.clause(index)),
                    });
                }
                _ => {}
            }
        }
        let last = propagator.clause(end);
        let first_cell = cell_digit(map, last[0]).0;
        Chain {
            clauses: cone.len(),
            steps,
            last: clause_name(layout, map, last),
            last_cell: last
                .iter()
                .all(|&lit| cell_digit(map, lit).0 == first_cell)
                .then_some(first_cell),
        }
    }

    /// The placed digits as `r2c3=5 (box 1) → ...`, at most `SHOWN_STEPS` of them.
    pub fn steps_text(&self, layout: &Layout) -> String {
        let mut parts: Vec<String> = self
            .steps
            .iter()
            .take(SHOWN_STEPS)
            .map(|step| {
                let cell = cell_name(layout, step.cell);
                let rule = if step.rule == cell {
                    "only fit"
                } else {
                    &step.rule
                };
                format!("{cell}={} ({rule})", step.digit)
            })
            .collect();
        if self.steps.len() > SHOWN_STEPS {
            parts.push(format!("{} more", self.steps.len() - SHOWN_STEPS));
        }
        parts.join(" → ")
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
