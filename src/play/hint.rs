//! Hints that explain themselves: one cell filled, with the simplest reason that exists.
//!
//! The digit of a hint always comes from the puzzle's unique solution (proven before the
//! game starts, `solve` module); the reasoning only decides *which* cell is hinted and
//! *why*, and every reason is computed for the solution's digit, so a hint cannot be
//! wrong. The reasons, simplest first (a hint takes the first level that has a cell,
//! looking from the selected cell on in reading order):
//!
//! 1. **a mistake**: a placed digit that differs from the solution is corrected first,
//!    since no reasoning is sound on a board that holds one;
//! 2. **naked single**: every other digit is in the cell's houses or lines;
//! 3. **hidden single**: the digit must be in a house (or a honeycomb line: its mandatory
//!    digits, `n+1−m..=m`) and no other cell of it can take it;
//! 4. **propagation**: unit propagation over the CNF of the board sets the cell (on square
//!    boards this is singles applied in a row; on the honeycomb the run clauses add more),
//!    or refutes every other digit: "if not 6, propagation reaches a broken rule". The
//!    shortest such argument (fewest clauses) is chosen and told as its chain;
//! 5. **search**: the CDCL refutes "not this digit" under the board as a cube; the reason
//!    gives its conflict count, for the cell (among those with fewest candidates left by
//!    propagation) that needed the fewest.

use super::explain::{cell_name, Chain};
use super::solve::board_cube;
use crate::cnf::Cnf;
use crate::encode::VarMap;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Lit;
use crate::solver::cdcl::Solver;
use crate::solver::reasons::ReasonPropagator;
use crate::solver::Outcome;

/// Cells tried by the CDCL for a search hint: the cells with fewest candidates, at most
/// this many (each costs one solve).
const SEARCH_TRIES: usize = 3;

/// Why a hinted digit is there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The cell held `wrong`, which is not the solution's digit.
    Mistake {
        /// The digit that was there.
        wrong: u8,
    },
    /// Every other digit is among the cell's peers.
    NakedSingle,
    /// The digit must be in `group` and only this cell of it can take it.
    HiddenSingle {
        /// The house or line, in words ("box 5").
        group: String,
    },
    /// Unit propagation from the board sets the cell.
    Propagation(Chain),
    /// Unit propagation from the board and "not this digit" breaks a rule.
    Refutation(Chain),
    /// Only search proves it: the CDCL's conflicts to refute "not this digit".
    Search {
        /// Conflicts of that refutation.
        conflicts: u64,
    },
}

/// One hinted cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The cell filled.
    pub cell: usize,
    /// The digit (the solution's).
    pub digit: u8,
    /// Why.
    pub reason: Reason,
}

impl Hint {
    /// The reason in words, e.g. `r4c7: only 6 fits`.
    pub fn text(&self, layout: &Layout) -> String {
        let at = cell_name(layout, self.cell);
        let digit = self.digit;
        match &self.reason {
            Reason::Mistake { wrong } => {
                format!("{at}: {wrong} was wrong, the solution has {digit}")
            }
            Reason::NakedSingle => format!("{at}: only {digit} fits"),
            Reason::HiddenSingle { group } => format!("{at}: {digit} has one place in {group}"),
            Reason::Propagation(chain) => {
                let ending = match chain.last_cell {
                    Some(_) => format!("only {digit} fits"),
                    None => chain.last.clone(),
                };
                let count = clauses(chain);
                if chain.steps.is_empty() {
                    format!("{at}: {digit} by propagation over {count}, ending in {ending}")
                } else {
                    let steps = chain.steps_text(layout);
                    format!("{at}: {digit} by propagation over {count}: {steps} → {ending}")
                }
            }
            Reason::Refutation(chain) => {
                let ending = match chain.last_cell {
                    Some(cell) => format!("{} has no digit left", cell_name(layout, cell)),
                    None => format!("{} breaks", chain.last),
                };
                let count = clauses(chain);
                let mut text = format!(
                    "{at}: {digit}, as any other digit fails by propagation over {count}: "
                );
                if !chain.steps.is_empty() {
                    text.push_str(&chain.steps_text(layout));
                    text.push_str(" → ");
                }
                text.push_str(&ending);
                text
            }
            Reason::Search { conflicts } => {
                format!("{at}: {digit} found by search ({conflicts} conflicts)")
            }
        }
    }
}

fn clauses(chain: &Chain) -> String {
    match chain.clauses {
        1 => "1 clause".to_string(),
        n => format!("{n} clauses"),
    }
}

/// What propagation leaves for one cell (`H`).
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

/// Finds hints and candidates for one puzzle: its solution, the board's clauses under
/// propagation with reasons, and a CDCL over the same clauses.
pub struct Hinter {
    layout: Layout,
    map: VarMap,
    solution: Grid,
    propagator: ReasonPropagator,
    solver: Solver,
    /// Per cell: the other cells sharing a house or line with it.
    peers: Vec<Vec<usize>>,
    /// Per cell: the indices (into `layout.groups()`) of its groups.
    cell_groups: Vec<Vec<usize>>,
    /// Per group: the digits it must hold, as a bit mask (bit d-1 for digit d).
    must: Vec<u64>,
}

impl Hinter {
    /// A hinter for `layout` whose puzzle has the unique `solution`; `cnf` is the empty
    /// board's clauses ([`super::empty_board_cnf`]).
    pub fn new(layout: &Layout, solution: &Grid, cnf: &Cnf) -> Hinter {
        let n = layout.size();
        let mut peers = vec![Vec::new(); layout.num_cells()];
        let mut cell_groups = vec![Vec::new(); layout.num_cells()];
        let mut must = Vec::new();
        let houses = layout.houses().len();
        for (index, group) in layout.groups().enumerate() {
            for &a in &group.cells {
                peers[a].extend(group.cells.iter().copied().filter(|&b| b != a));
                cell_groups[a].push(index);
            }
            let m = group.cells.len();
            let (low, high) = if index < houses {
                if m == n {
                    (1, n)
                } else {
                    (1, 0)
                }
            } else {
                ((n + 1).saturating_sub(m).max(1), m.min(n))
            };
            must.push((low..=high).fold(0u64, |mask, d| mask | 1 << (d - 1)));
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        Hinter {
            layout: layout.clone(),
            map: VarMap::for_layout(layout),
            solution: solution.clone(),
            propagator: ReasonPropagator::new(cnf),
            solver: Solver::new(cnf),
            peers,
            cell_groups,
            must,
        }
    }

    /// The solution hints come from.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// A hint for the board `digits` (givens included, 0 blank), looking from `selected`
    /// on; `None` when the board is already the solution.
    pub fn hint(&mut self, digits: &[u8], selected: usize) -> Option<Hint> {
        let cells = digits.len();
        let order: Vec<usize> = (0..cells).map(|i| (selected + i) % cells).collect();
        let answer = self.solution.cells().to_vec();
        let hint = |cell: usize, reason| Hint {
            cell,
            digit: answer[cell],
            reason,
        };
        if let Some(&cell) = order
            .iter()
            .find(|&&c| digits[c] != 0 && digits[c] != answer[c])
        {
            return Some(hint(
                cell,
                Reason::Mistake {
                    wrong: digits[cell],
                },
            ));
        }
        let empty: Vec<usize> = order.into_iter().filter(|&c| digits[c] == 0).collect();
        if empty.is_empty() {
            return None;
        }
        let used: Vec<u64> = (0..cells).map(|c| self.peer_digits(digits, c)).collect();
        let bit = |digit: u8| 1u64 << (digit - 1);
        let all = if self.map.size() == 64 {
            u64::MAX
        } else {
            (1u64 << self.map.size()) - 1
        };
        if let Some(&cell) = empty.iter().find(|&&c| all & !used[c] == bit(answer[c])) {
            return Some(hint(cell, Reason::NakedSingle));
        }
        for &cell in &empty {
            let digit = answer[cell];
            let single = self.cell_groups[cell].iter().find(|&&g| {
                let group = self.group(g);
                self.must[g] & bit(digit) != 0
                    && group
                        .cells
                        .iter()
                        .all(|&o| o == cell || digits[o] != 0 || used[o] & bit(digit) != 0)
            });
            if let Some(&g) = single {
                let group = self.group(g).to_string();
                return Some(hint(cell, Reason::HiddenSingle { group }));
            }
        }
        if let Some((cell, reason)) = self.by_propagation(digits, &empty) {
            return Some(hint(cell, reason));
        }
        let (cell, conflicts) = self.by_search(digits, &empty);
        Some(hint(cell, Reason::Search { conflicts }))
    }

    fn group(&self, index: usize) -> &crate::layout::House {
        self.layout
            .groups()
            .nth(index)
            .expect("group indices come from the layout")
    }

    /// The digits held by the peers of `cell`, as a mask.
    fn peer_digits(&self, digits: &[u8], cell: usize) -> u64 {
        self.peers[cell]
            .iter()
            .filter(|&&p| digits[p] != 0)
            .fold(0, |mask, &p| mask | 1 << (digits[p] - 1))
    }

    /// Asserts the board on the propagator; false if propagation finds a contradiction.
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
        super::explain::clause_name(&self.layout, &self.map, self.propagator.clause(clause))
    }

    fn chain(&self, clause: u32) -> Chain {
        Chain::from_cone(&self.propagator, &self.layout, &self.map, clause)
    }

    /// The shortest propagation argument for some empty cell: forward first, then
    /// refutation.
    fn by_propagation(&mut self, digits: &[u8], empty: &[usize]) -> Option<(usize, Reason)> {
        self.assume_board(digits).ok()?;
        let answer = self.solution.cells();
        let mut best: Option<(usize, Chain)> = None;
        for &cell in empty {
            let lit = self.map.cell_var(cell, answer[cell]).positive();
            if let Some(reason) = self.propagator.reason(lit) {
                if self.propagator.value(lit) == 1 && better(&best, self.cone_len(reason)) {
                    best = Some((cell, self.chain(reason)));
                }
            }
        }
        if let Some((cell, chain)) = best {
            return Some((cell, Reason::Propagation(chain)));
        }
        let base = self.propagator.mark();
        for &cell in empty {
            let not = self.map.cell_var(cell, answer[cell]).negative();
            if self.propagator.assume(not) {
                if let Some(conflict) = self.propagator.propagate() {
                    if better(&best, self.cone_len(conflict)) {
                        best = Some((cell, self.chain(conflict)));
                    }
                }
            }
            self.propagator.undo_to(base);
        }
        best.map(|(cell, chain)| (cell, Reason::Refutation(chain)))
    }

    fn cone_len(&self, clause: u32) -> usize {
        self.propagator.cone(clause).len()
    }

    /// The cell (of those with fewest candidates after propagation) whose digit the CDCL
    /// proves with the fewest conflicts, and that count.
    fn by_search(&mut self, digits: &[u8], empty: &[usize]) -> (usize, u64) {
        let answer = self.solution.cells().to_vec();
        let counts: Vec<usize> = match self.assume_board(digits) {
            Ok(()) => empty
                .iter()
                .map(|&cell| {
                    (1..=self.map.size() as u8)
                        .filter(|&d| {
                            self.propagator.value(self.map.cell_var(cell, d).positive()) != -1
                        })
                        .count()
                })
                .collect(),
            Err(_) => vec![0; empty.len()],
        };
        let fewest = counts.iter().copied().min().unwrap_or(0);
        let tried: Vec<usize> = empty
            .iter()
            .zip(&counts)
            .filter(|(_, &count)| count == fewest)
            .map(|(&cell, _)| cell)
            .take(SEARCH_TRIES)
            .collect();
        let mut cube: Vec<Lit> = board_cube(&self.map, digits);
        let mut best = (tried[0], u64::MAX);
        for &cell in &tried {
            cube.push(self.map.cell_var(cell, answer[cell]).negative());
            let before = self.solver.stats().conflicts;
            let outcome = self.solver.solve_cube(&cube);
            cube.pop();
            debug_assert_eq!(outcome, Outcome::Unsat, "the solution is unique");
            let conflicts = self.solver.stats().conflicts - before;
            if conflicts < best.1 {
                best = (cell, conflicts);
            }
        }
        best
    }

    /// What propagation leaves for `cell` on the board `digits` (wrong digits included:
    /// this is the player's view).
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
}

/// True when an argument of `len` clauses beats the best so far.
fn better(best: &Option<(usize, Chain)>, len: usize) -> bool {
    best.as_ref().map_or(true, |(_, chain)| len < chain.clauses)
}
