//! Preprocessing before the first search: bounded variable elimination (see `elim`), and
//! what it asks of the rest of the solver. An eliminated variable is no decision; a model
//! gets its value back from the clauses it had; and a clause or assumption that names
//! one brings every eliminated variable back, with its clauses, so the solver stays
//! incremental (MiniSat freezes such variables ahead instead, which needs the caller
//! to know them).
//!
//! It is off unless asked for ([`Solver::set_elimination`]), and runs once, at the start
//! of the first solve call without assumptions, before anything is learnt, on formulas
//! where enough variables occur in few clauses for it to pay (`elim::worth_a_pass`).

use super::clause_db::ClauseRef;
use super::elim::{self, EliminatedVar};
use super::trail::Value;
use super::watch::Watches;
use super::Solver;
use crate::lit::{Lit, Var};

/// The elimination's settings and what it left behind.
#[derive(Debug, Default)]
pub(super) struct Preprocess {
    /// Eliminate at the first solve call (if nothing was learnt yet).
    enabled: bool,
    /// The pass ran (it runs at most once).
    done: bool,
    /// Eliminated variables in order, with their clauses.
    eliminated: Vec<EliminatedVar>,
    /// By variable index: eliminated and not restored.
    is_eliminated: Vec<bool>,
}

impl Preprocess {
    /// Whether any literal of `lits` has an eliminated variable.
    fn names_eliminated(&self, lits: &[Lit]) -> bool {
        !self.eliminated.is_empty()
            && lits
                .iter()
                .any(|lit| self.is_eliminated.get(lit.var().index()) == Some(&true))
    }

    /// Records a variable replaced by an equivalent literal (`congruence`): it is undone
    /// and restored like an eliminated one.
    pub(super) fn push_eliminated(&mut self, entry: EliminatedVar) {
        self.is_eliminated
            .resize(self.is_eliminated.len().max(entry.var.index() + 1), false);
        self.is_eliminated[entry.var.index()] = true;
        self.eliminated.push(entry);
    }

    /// The number of variables eliminated and not restored.
    pub(super) fn num_eliminated(&self) -> usize {
        self.eliminated.len()
    }
}

impl Solver {
    /// Runs bounded variable elimination with subsumption (see `elim`) at the start of
    /// the first solve call without assumptions, if nothing was learnt before. Off by
    /// default. Models, proofs and later clauses work as without it: eliminated
    /// variables get their values back in every model, and a clause or assumption that
    /// names one first restores them all.
    pub fn set_elimination(&mut self, enabled: bool) {
        self.preprocess.enabled = enabled;
    }

    /// Eliminates if it was asked for and this is the moment: the first search, no
    /// assumptions, nothing learnt.
    pub(super) fn eliminate_if_due(&mut self) {
        let pass = &self.preprocess;
        if pass.enabled
            && !pass.done
            && self.ok
            && self.assumptions.is_empty()
            && self.root_level() == 0
            && self.stats.learnt_clauses == 0
        {
            self.eliminate();
            self.detect_xors();
        }
    }

    fn eliminate(&mut self) {
        self.preprocess.done = true;
        self.backtrack(0);
        if self.propagate().is_some() {
            self.refuted_at_level_zero();
            return;
        }
        self.simplify();
        self.close_congruences();
        if !self.ok {
            return;
        }
        let mut occurrences = vec![0u32; self.num_vars];
        for cref in self.db.iter() {
            for &lit in self.db.lits(cref) {
                if !self.trail.is_false(lit) {
                    occurrences[lit.var().index()] += 1;
                }
            }
        }
        if !elim::worth_a_pass(&occurrences, &self.options) {
            return;
        }
        let mut clauses = Vec::with_capacity(self.db.num_original());
        let mut num_lits = 0;
        for cref in self.db.iter() {
            let lits = self.db.lits(cref);
            let kept: Vec<Lit> = lits
                .iter()
                .copied()
                .filter(|&lit| !self.trail.is_false(lit))
                .collect();
            if kept.len() < lits.len() {
                if let Some(proof) = &mut self.proof {
                    proof.add(&kept);
                    proof.delete(lits);
                }
            }
            num_lits += kept.len();
            clauses.push(kept);
        }
        let frozen: Vec<bool> = (0..self.num_vars)
            .map(|index| self.trail.value(Var::from_index(index).positive()) != Value::Unassigned)
            .collect();
        let result = elim::eliminate(
            clauses,
            &frozen,
            elim::budget(num_lits, &self.options),
            &self.options,
            self.proof.as_mut(),
        );
        self.stats.eliminated_vars += result.eliminated.len() as u64;
        self.stats.subsumed_clauses += result.subsumed;
        self.stats.strengthened_literals += result.strengthened;

        // Nothing is learnt yet and level 0 holds no reasons after `simplify`, so the
        // arena can start afresh.
        self.fresh_clause_db();
        if result.unsat {
            // The pass logged the empty clause.
            self.ok = false;
            return;
        }
        if !self.load_clauses(&result.clauses) {
            return;
        }
        self.preprocess.is_eliminated.resize(self.num_vars, false);
        for entry in &result.eliminated {
            self.preprocess.is_eliminated[entry.var.index()] = true;
            self.decide.set_decision(entry.var, false);
        }
        self.preprocess.eliminated.extend(result.eliminated);
        if self.propagate().is_some() {
            self.refuted_at_level_zero();
        }
    }

    /// An empty arena and watch lists, for a pass that rewrites every clause at level 0
    /// (nothing learnt yet, no reasons on the trail).
    pub(super) fn fresh_clause_db(&mut self) {
        self.db = self.db.emptied();
        self.watches = Watches::default();
        self.watches.grow(self.num_vars);
    }

    /// Loads a pass's clauses into the fresh arena: units go on the trail at level 0, the
    /// rest get watches. False when a unit is already false (the solver is then refuted).
    pub(super) fn load_clauses(&mut self, clauses: &[Vec<Lit>]) -> bool {
        for clause in clauses {
            if let [unit] = clause[..] {
                match self.trail.value(unit) {
                    Value::True => {}
                    Value::False => {
                        self.refuted_at_level_zero();
                        return false;
                    }
                    Value::Unassigned => self.trail.assign(unit, ClauseRef::NONE),
                }
            } else {
                let cref = self.db.alloc(clause, false, 0);
                self.watches.attach(&self.db, cref);
            }
        }
        true
    }

    /// Records a conflict at level 0: the formula is unsatisfiable.
    pub(super) fn refuted_at_level_zero(&mut self) {
        self.ok = false;
        if let Some(proof) = &mut self.proof {
            proof.add(&[]);
        }
    }

    /// If `lits` name an eliminated variable, brings back every eliminated variable
    /// with the clauses it had, latest first, before those literals are used.
    pub(super) fn restore_if_eliminated(&mut self, lits: &[Lit]) {
        if !self.preprocess.names_eliminated(lits) {
            return;
        }
        let eliminated = std::mem::take(&mut self.preprocess.eliminated);
        for entry in &eliminated {
            self.preprocess.is_eliminated[entry.var.index()] = false;
            self.decide.set_decision(entry.var, true);
        }
        // The proof never deleted these clauses (see `elim`): `add_clause` logs only
        // what it shortens, as for input clauses.
        for entry in eliminated.iter().rev() {
            for clause in &entry.clauses {
                self.add_clause(clause);
            }
        }
    }

    /// Gives the eliminated variables of `model` values that satisfy their clauses.
    pub(super) fn extend_model(&self, model: &mut [bool]) {
        elim::extend_model(model, &self.preprocess.eliminated);
    }
}

#[cfg(test)]
mod tests;
