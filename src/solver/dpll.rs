//! Classic DPLL (Davis, Logemann & Loveland 1962): the baseline users compare CDCL with.
//!
//! The search is the textbook one, written as a loop over an explicit decision stack so
//! that depth is bounded by memory, not by the call stack (a 36x36 sudoku has 46,656
//! variables):
//!
//! * **Unit propagation by counters**, as in the solvers of the 1990s (e.g. GRASP, Marques-
//!   Silva & Sakallah 1996) rather than watched literals: every clause keeps the number of
//!   its literals that are true and that are false, updated from per-literal occurrence
//!   lists on every assignment and undone on backtracking. Counters cost more per assignment
//!   than two watched literals, but they give the exact reduced size of every clause for
//!   free, which the branching heuristic needs.
//! * **MOMS branching** (Maximum Occurrences in clauses of Minimum Size), in Freeman's
//!   form (POSIT, 1995): among the clauses not yet satisfied, take those with the fewest
//!   unassigned literals, `k`; count `f(l)`, the occurrences of each unassigned literal in
//!   them; branch on the variable maximising `(f(x) + f(¬x))·2^k + f(x)·f(¬x)`, first on its
//!   more frequent literal (ties: positive, then the lowest variable). The product term
//!   favours variables constrained both ways; on sudokus that is a cell or house with two
//!   candidates left, the "minimum remaining values" rule. Two-sided Jeroslow-Wang was
//!   tried first: it branched mostly on "digit d is not in cell c" and needed 28x more
//!   decisions (3 s instead of 0.24 s on the hardest 9x9 uniqueness check). Scores are
//!   recomputed from scratch at every decision, two passes over the formula: simple, and
//!   cheap on 9x9 sudokus.
//! * **Chronological backtracking**: no learning, no backjumping. On a conflict the most
//!   recent decision not yet flipped is undone together with everything after it and its
//!   negation is tried; a decision whose both branches failed is popped. A conflict with no
//!   decision left proves the formula unsatisfiable.
//! * No pure-literal elimination: on the sudoku encodings almost no literal is pure, and it
//!   would need a second set of counters.
//!
//! Invariants between steps: `true_count[c]` and `false_count[c]` equal the number of true
//! and false literals of clause `c` under `value`; `satisfied` is the number of clauses with
//! `true_count > 0`; every literal of `trail` before `queue_head` has had its falsified
//! occurrences examined; every decision's `trail_len` is where its literal sits on `trail`.
//! Each [`Dpll::solve`] starts from an empty assignment, so clauses added in between need
//! no special handling.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::engine::{Engine, EngineKind, Limits, Outcome};
use super::stats::write_counters;
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};

/// How many steps (decisions plus conflicts) pass between reads of the interrupt flag: a
/// decision costs a pass over the formula, so this is a few milliseconds at most.
const INTERRUPT_CHECK_INTERVAL: u64 = 64;

/// DPLL's own counters, cumulative over all solve calls.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DpllStats {
    /// Branching literals chosen by the heuristic (flipped branches not included).
    pub decisions: u64,
    /// Literals implied by unit propagation.
    pub propagations: u64,
    /// Clauses found false under the current assignment.
    pub conflicts: u64,
    /// Decisions whose second branch was tried after the first failed.
    pub backtracks: u64,
    /// The deepest decision stack seen.
    pub max_depth: u64,
}

/// One entry of the decision stack.
#[derive(Clone, Copy, Debug)]
struct Decision {
    /// Position of `lit` on the trail; undoing the decision truncates the trail here.
    trail_len: usize,
    /// The literal assigned by this decision (the second branch once `flipped`).
    lit: Lit,
    /// True when the first branch failed and `lit` is its negation.
    flipped: bool,
}

/// A DPLL solver. Build it from a [`Cnf`], add clauses at will, then [`Dpll::solve`].
#[derive(Debug)]
pub struct Dpll {
    num_vars: usize,
    /// Literals of all clauses; clause `c` is `lits[starts[c]..starts[c + 1]]`.
    lits: Vec<Lit>,
    starts: Vec<usize>,
    /// Per literal code: the clauses containing that literal.
    occurs: Vec<Vec<u32>>,
    /// Literals of the unit clauses, asserted at the start of each solve.
    units: Vec<Lit>,
    /// An empty clause was added: unsatisfiable for good.
    has_empty_clause: bool,
    conflict_limit: Option<u64>,
    interrupt: Option<Arc<AtomicBool>>,
    stats: DpllStats,
    // Search state, rebuilt by every solve call.
    value: Vec<Option<bool>>,
    true_count: Vec<u32>,
    false_count: Vec<u32>,
    satisfied: usize,
    trail: Vec<Lit>,
    queue_head: usize,
    decisions: Vec<Decision>,
    /// MOMS occurrence count per literal code, scratch space of [`Dpll::pick_branch`].
    score: Vec<f64>,
}

impl Dpll {
    /// A solver holding the clauses and variables of `cnf`, with `limits` in force
    /// (`limits.conflicts` bounds conflicts per solve call; `restarts` and `timeout` do
    /// not apply).
    pub fn new(cnf: &Cnf, limits: &Limits) -> Dpll {
        let mut dpll = Dpll {
            num_vars: 0,
            lits: Vec::with_capacity(cnf.num_lits()),
            starts: vec![0],
            occurs: Vec::new(),
            units: Vec::new(),
            has_empty_clause: false,
            conflict_limit: limits.conflicts,
            interrupt: limits.interrupt.clone(),
            stats: DpllStats::default(),
            value: Vec::new(),
            true_count: Vec::new(),
            false_count: Vec::new(),
            satisfied: 0,
            trail: Vec::new(),
            queue_head: 0,
            decisions: Vec::new(),
            score: Vec::new(),
        };
        dpll.ensure_vars(cnf.num_vars());
        for clause in cnf.clauses() {
            dpll.add_clause(clause);
        }
        dpll
    }

    /// Counters accumulated over all solve calls.
    pub fn stats(&self) -> &DpllStats {
        &self.stats
    }

    fn ensure_vars(&mut self, num_vars: usize) {
        if num_vars > self.num_vars {
            self.num_vars = num_vars;
            self.occurs.resize_with(2 * num_vars, Vec::new);
        }
    }

    fn num_clauses(&self) -> usize {
        self.starts.len() - 1
    }

    /// Adds a clause; duplicates are merged, a tautology is dropped (it constrains
    /// nothing), an empty clause makes the formula unsatisfiable.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(max) = lits.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(max);
        }
        let mut clause = lits.to_vec();
        clause.sort_unstable();
        clause.dedup();
        // After sorting, x and ¬x are adjacent (codes 2i and 2i+1).
        if clause.windows(2).any(|pair| pair[0] == !pair[1]) {
            return;
        }
        match clause.as_slice() {
            [] => self.has_empty_clause = true,
            [unit] => self.units.push(*unit),
            _ => {}
        }
        let index = self.num_clauses() as u32;
        for &lit in &clause {
            self.occurs[lit.code()].push(index);
        }
        self.lits.extend_from_slice(&clause);
        self.starts.push(self.lits.len());
    }

    /// Searches for a model. Returns [`Outcome::Unknown`] if the conflict limit or the
    /// interrupt stopped the search; the solver can be called again afterwards.
    pub fn solve(&mut self) -> Outcome {
        self.solve_with_assumptions(&[])
    }

    /// Searches for a model in which every literal of `assumptions` is true. They are
    /// assigned before the first decision, like unit clauses, so exhausting the decisions
    /// refutes them for this call only.
    pub fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome {
        if self.has_empty_clause {
            return Outcome::Unsat;
        }
        if let Some(max) = assumptions.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(max);
        }
        self.reset();
        let units = std::mem::take(&mut self.units);
        let contradiction = units
            .iter()
            .chain(assumptions)
            .any(|&lit| match self.value_of(lit) {
                Some(value) => !value,
                None => {
                    self.assign(lit);
                    false
                }
            });
        self.units = units;
        if contradiction {
            return Outcome::Unsat;
        }
        let first_conflict = self.stats.conflicts;
        let mut steps: u64 = 0;
        let mut consistent = self.propagate();
        loop {
            if !consistent {
                self.stats.conflicts += 1;
                if !self.backtrack() {
                    return Outcome::Unsat;
                }
                if let Some(limit) = self.conflict_limit {
                    if self.stats.conflicts - first_conflict >= limit {
                        return Outcome::Unknown;
                    }
                }
            } else if self.satisfied == self.num_clauses() {
                return Outcome::Sat(self.model());
            } else if let Some(lit) = self.pick_branch() {
                self.stats.decisions += 1;
                self.decisions.push(Decision {
                    trail_len: self.trail.len(),
                    lit,
                    flipped: false,
                });
                self.stats.max_depth = self.stats.max_depth.max(self.decisions.len() as u64);
                self.assign(lit);
            } else {
                // Unreachable by the invariants (an unsatisfied clause with no unassigned
                // literal is a conflict), but never answer without checking.
                debug_assert!(false, "no branch literal, yet a clause is unsatisfied");
                return Outcome::Unknown;
            }
            steps += 1;
            if steps % INTERRUPT_CHECK_INTERVAL == 0 && self.interrupted() {
                return Outcome::Unknown;
            }
            consistent = self.propagate();
        }
    }

    fn interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Clears the assignment and sizes the per-variable and per-clause tables.
    fn reset(&mut self) {
        let num_clauses = self.num_clauses();
        self.value.clear();
        self.value.resize(self.num_vars, None);
        self.true_count.clear();
        self.true_count.resize(num_clauses, 0);
        self.false_count.clear();
        self.false_count.resize(num_clauses, 0);
        self.score.resize(2 * self.num_vars, 0.0);
        self.satisfied = 0;
        self.trail.clear();
        self.queue_head = 0;
        self.decisions.clear();
    }

    fn value_of(&self, lit: Lit) -> Option<bool> {
        self.value[lit.var().index()].map(|value| value == lit.is_positive())
    }

    fn model(&self) -> Vec<bool> {
        // Variables left unassigned occur only in satisfied clauses: any value will do.
        self.value.iter().map(|v| v.unwrap_or(false)).collect()
    }

    /// Makes `lit` true and updates the counters of every clause it occurs in.
    /// Precondition: `lit` is unassigned.
    fn assign(&mut self, lit: Lit) {
        debug_assert!(self.value_of(lit).is_none());
        self.value[lit.var().index()] = Some(lit.is_positive());
        self.trail.push(lit);
        for &clause in &self.occurs[lit.code()] {
            let count = &mut self.true_count[clause as usize];
            if *count == 0 {
                self.satisfied += 1;
            }
            *count += 1;
        }
        for &clause in &self.occurs[(!lit).code()] {
            self.false_count[clause as usize] += 1;
        }
    }

    /// The inverse of [`Dpll::assign`]. Precondition: `lit` is the last trail literal.
    fn unassign(&mut self, lit: Lit) {
        self.value[lit.var().index()] = None;
        for &clause in &self.occurs[lit.code()] {
            let count = &mut self.true_count[clause as usize];
            *count -= 1;
            if *count == 0 {
                self.satisfied -= 1;
            }
        }
        for &clause in &self.occurs[(!lit).code()] {
            self.false_count[clause as usize] -= 1;
        }
    }

    /// Unit propagation over the trail from `queue_head`. Returns false on a conflict
    /// (a clause with every literal false), leaving `queue_head` where it stopped.
    fn propagate(&mut self) -> bool {
        while self.queue_head < self.trail.len() {
            let falsified = !self.trail[self.queue_head];
            self.queue_head += 1;
            // Index loop: assigning implied literals changes counters, not occurrence lists.
            for position in 0..self.occurs[falsified.code()].len() {
                let clause = self.occurs[falsified.code()][position] as usize;
                if self.true_count[clause] > 0 {
                    continue;
                }
                let (start, end) = (self.starts[clause], self.starts[clause + 1]);
                let free = (end - start) - self.false_count[clause] as usize;
                if free == 0 {
                    return false;
                }
                if free == 1 {
                    let implied = self.lits[start..end]
                        .iter()
                        .copied()
                        .find(|&lit| self.value_of(lit).is_none());
                    if let Some(implied) = implied {
                        self.stats.propagations += 1;
                        self.assign(implied);
                    }
                }
            }
        }
        true
    }

    /// Chronological backtracking after a conflict: pops decisions whose both branches
    /// failed, then flips the most recent one still open. Returns false when none is left
    /// (the formula is unsatisfiable).
    fn backtrack(&mut self) -> bool {
        while let Some(decision) = self.decisions.pop() {
            while self.trail.len() > decision.trail_len {
                if let Some(lit) = self.trail.pop() {
                    self.unassign(lit);
                }
            }
            // Everything before the decision was fully propagated when it was made.
            self.queue_head = decision.trail_len;
            if !decision.flipped {
                self.stats.backtracks += 1;
                self.decisions.push(Decision {
                    lit: !decision.lit,
                    flipped: true,
                    ..decision
                });
                self.assign(!decision.lit);
                return true;
            }
        }
        false
    }

    /// MOMS (Freeman's formula, see the module docs): the branching literal, or `None`
    /// when no unsatisfied clause has an unassigned literal.
    fn pick_branch(&mut self) -> Option<Lit> {
        self.score.iter_mut().for_each(|s| *s = 0.0);
        let mut min_free = usize::MAX;
        for clause in 0..self.num_clauses() {
            if self.true_count[clause] == 0 {
                let free = (self.starts[clause + 1] - self.starts[clause])
                    - self.false_count[clause] as usize;
                min_free = min_free.min(free);
            }
        }
        for clause in 0..self.num_clauses() {
            if self.true_count[clause] > 0 {
                continue;
            }
            let (start, end) = (self.starts[clause], self.starts[clause + 1]);
            let free = (end - start) - self.false_count[clause] as usize;
            if free != min_free {
                continue;
            }
            for &lit in &self.lits[start..end] {
                if self.value[lit.var().index()].is_none() {
                    self.score[lit.code()] += 1.0;
                }
            }
        }
        // 2^k keeps the sum dominant over the product, as in Freeman's formula; the cap
        // keeps it finite on clauses of any length.
        let factor = 2f64.powi(min_free.min(60) as i32);
        let mut best: Option<(f64, Lit)> = None;
        for index in 0..self.num_vars {
            if self.value[index].is_some() {
                continue;
            }
            let var = Var::from_index(index);
            let (positive, negative) = (
                self.score[var.positive().code()],
                self.score[var.negative().code()],
            );
            let total = (positive + negative) * factor + positive * negative;
            if total > 0.0 && best.map_or(true, |(score, _)| total > score) {
                best = Some((total, var.lit(positive >= negative)));
            }
        }
        best.map(|(_, lit)| lit)
    }
}

impl Engine for Dpll {
    fn add_clause(&mut self, lits: &[Lit]) {
        Dpll::add_clause(self, lits);
    }

    fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome {
        Dpll::solve_with_assumptions(self, assumptions)
    }

    fn write_stats(&self, out: &mut dyn Write) -> io::Result<()> {
        write_counters(
            out,
            &[
                ("decisions", self.stats.decisions),
                ("propagations", self.stats.propagations),
                ("conflicts", self.stats.conflicts),
                ("backtracks", self.stats.backtracks),
                ("max depth", self.stats.max_depth),
            ],
        )
    }

    fn name(&self) -> &'static str {
        EngineKind::Dpll.name()
    }

    fn propagations(&self) -> Option<u64> {
        Some(self.stats.propagations)
    }
}
