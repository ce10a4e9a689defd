//! Solving under a cube on a root level: [`Solver::solve_cube`].
//!
//! While a cube is solved, level 1 plays the part of level 0 for the search: the cube's
//! literals sit there as facts, the search never backjumps below it, analysis leaves its
//! literals out of learnt clauses (`Analyzer::root_level`), and a conflict on it means
//! the cube is UNSAT. Those learnt clauses may depend on the cube, so every one of them
//! is dropped before the call returns: by truncating the arena back to where it ended
//! when the cube started (after detaching their watches), or, if a garbage collection
//! moved the clauses meanwhile, by deleting every learnt clause.

use super::clause_db::ClauseRef;
use super::reduce::ReduceSchedule;
use super::trail::Value;
use super::Solver;
use crate::lit::Lit;
use crate::solver::Outcome;

impl Solver {
    /// Searches for a model in which every literal of `cube` is true, learning only for
    /// this call: the cube's literals are placed together on level 1 and treated as facts
    /// while it is solved, so learnt clauses leave them out (short clauses, cheap
    /// analysis), and every clause learnt is dropped before returning, since it may not
    /// follow from the formula alone. The clauses, watches, activities and phases stay;
    /// this is how a stream of puzzles over one layout is solved by default (see
    /// `solver::cube_solver` for the measurements against [`Solver::solve_with_assumptions`]).
    ///
    /// [`Outcome::Unsat`] means "no model with this cube". Learnt clauses from earlier
    /// plain solve calls are kept unless a reduction ran during the cube, in which case
    /// every learnt clause goes. With a proof attached this is
    /// [`Solver::solve_with_assumptions`], whose learnt clauses a checker can verify.
    pub fn solve_cube(&mut self, cube: &[Lit]) -> Outcome {
        if self.proof.is_some() {
            return self.solve_with_assumptions(cube);
        }
        if let Some(max) = cube.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(max);
        }
        if !self.ok {
            return Outcome::Unsat;
        }
        self.backtrack(0);
        if self.propagate().is_some() {
            self.ok = false;
            return Outcome::Unsat;
        }
        // The search below never returns to level 0, where plain solve calls drop the
        // clauses that units added between calls satisfy; so it happens here.
        self.simplify_if_due();
        let mark = self.db.size();
        let collections = self.stats.garbage_collections;
        self.trail.new_level();
        let mut placed = true;
        for &lit in cube {
            match self.trail.value(lit) {
                Value::True => {}
                Value::False => {
                    placed = false;
                    break;
                }
                Value::Unassigned => self.trail.assign(lit, ClauseRef::NONE),
            }
        }
        let outcome = if placed {
            // Each cube gets fresh restart and reduction schedules and targets: the
            // previous puzzle's say nothing about this one. The solver's own schedules
            // come back afterwards, for plain solve calls.
            let restarts = self.restarts.clone();
            let reduce_schedule = self.reduce_schedule.clone();
            self.restarts.reset();
            self.reduce_schedule = ReduceSchedule::starting_at(self.stats.conflicts);
            self.decide.restarted();
            self.analyzer.root_level = 1;
            let outcome = self.search();
            self.analyzer.root_level = 0;
            self.restarts = restarts;
            self.reduce_schedule = reduce_schedule;
            outcome
        } else {
            Outcome::Unsat
        };
        self.backtrack(0);
        self.forget_cube_clauses(mark, collections);
        outcome
    }

    /// Drops the clauses learnt since the arena had `mark` words, when `collections`
    /// garbage collections had run: a cheap truncation if none ran since, else (the
    /// cube's clauses are no longer told apart) every learnt clause.
    fn forget_cube_clauses(&mut self, mark: usize, collections: u64) {
        let forgotten = if self.stats.garbage_collections == collections {
            for cref in self.db.iter_from(mark) {
                self.watches.detach(&self.db, cref);
            }
            self.db.truncate(mark)
        } else {
            // A learnt clause from an earlier plain solve call may be the reason of a
            // level-0 fact; facts need no reasons (analysis never looks below the root).
            self.trail.clear_reasons();
            let learnt: Vec<ClauseRef> = self.db.iter().filter(|&c| self.db.is_learnt(c)).collect();
            for &cref in &learnt {
                self.db.delete(cref);
            }
            self.collect_garbage();
            learnt.len()
        };
        self.stats.deleted_clauses += forgotten as u64;
    }
}
