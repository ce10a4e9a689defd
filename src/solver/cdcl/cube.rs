//! Solving under a cube on a root level: [`Solver::solve_cube`].
//!
//! While a cube is solved, level 1 plays the part of level 0 for the search: the cube's
//! literals sit there as facts, the search never backjumps below it, analysis leaves its
//! literals out of learnt clauses (`Analyzer::root_level`), and a conflict on it means
//! the cube is UNSAT. Such a learnt clause may only hold under the cube; analysis tells
//! (see "Cube dependence" in `analyze`), the clause carries a flag in its header, and
//! only the flagged ones are deleted when the cube is done. The others follow from the
//! formula alone and serve every later cube; so do the unit clauses learnt without the
//! cube, which are fixed at level 0 afterwards.
//!
//! Measured on the 1,050 hard Hanidoku puzzles as one stream: see `docs/experiments.md`,
//! "Streams of cubes".

use super::clause_db::ClauseRef;
use super::reduce::ReduceSchedule;
use super::restart::Restarts;
use super::trail::Value;
use super::Solver;
use crate::lit::Lit;
use crate::solver::Outcome;

impl Solver {
    /// Searches for a model in which every literal of `cube` is true: the cube's
    /// literals are placed together on level 1 and treated as facts while it is solved,
    /// so learnt clauses leave them out (short clauses, cheap analysis). Every clause
    /// learnt through the cube is dropped before returning; those learnt from the
    /// formula alone stay for later calls. The clauses, watches, activities and phases
    /// stay; this is how a stream of puzzles over one layout is solved by default (see
    /// `solver::cube_solver` for the measurements against
    /// [`Solver::solve_with_assumptions`]).
    ///
    /// [`Outcome::Unsat`] means "no model with this cube". Learnt clauses from earlier
    /// calls are kept unless a reduction during the cube deletes them. With a proof
    /// attached this is [`Solver::solve_with_assumptions`], whose learnt clauses a
    /// checker can verify.
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
        self.serves_cubes = true;
        self.backtrack(0);
        self.restore_if_eliminated(cube);
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
            // previous puzzle's say nothing about this one. They are the cube's own (no
            // Luby restarts, a small learnt-clause limit: see `Restarts::for_cube` and
            // `ReduceSchedule::for_cube`). The solver's own schedules come back
            // afterwards, for plain solve calls, and so does what their last walk found
            // (a cube's search makes no rephasing walk: see `rephase_by_walk`).
            let restarts = self.restarts.clone();
            let reduce_schedule = self.reduce_schedule.clone();
            let last_walk = std::mem::take(&mut self.last_walk);
            self.restarts = Restarts::for_cube(restarts.policy(), &self.options);
            self.reduce_schedule = ReduceSchedule::for_cube(self.stats.conflicts, &self.options);
            self.decide.restarted();
            self.analyzer.root_level = 1;
            self.branch_on_columns =
                self.cube_conflicts.mean() >= self.options.decide_columns as f64;
            if self.branch_on_columns {
                self.columns.refresh(&self.db, &self.decide);
            }
            let conflicts_before = self.stats.conflicts;
            let outcome = self.search();
            self.branch_on_columns = false;
            self.cube_conflicts
                .add(self.stats.conflicts - conflicts_before);
            self.analyzer.root_level = 0;
            self.restarts = restarts;
            self.reduce_schedule = reduce_schedule;
            self.last_walk = last_walk;
            outcome
        } else {
            Outcome::Unsat
        };
        self.backtrack(0);
        self.forget_cube_clauses(mark, collections);
        self.fix_cube_free_units();
        outcome
    }

    /// Deletes the cube-dependent learnt clauses: those stored since the arena had
    /// `mark` words if `collections` is still the garbage-collection count (clauses
    /// before the mark predate the cube), else all of them. At level 0 no such clause
    /// is a reason: level-0 facts rest on the formula and on clauses learnt from it.
    fn forget_cube_clauses(&mut self, mark: usize, collections: u64) {
        debug_assert_eq!(self.trail.decision_level(), 0);
        let from = if self.stats.garbage_collections == collections {
            mark
        } else {
            0
        };
        let mut dependent = std::mem::take(&mut self.candidates);
        dependent.clear();
        dependent.extend(
            self.db
                .iter_from(from)
                .filter(|&cref| self.db.is_cube_dependent(cref)),
        );
        for &cref in &dependent {
            self.db.delete(cref);
        }
        self.stats.deleted_clauses += dependent.len() as u64;
        self.candidates = dependent;
        self.drop_deleted();
    }

    /// Fixes at level 0 the unit clauses learnt during the cube without it. A false one
    /// refutes the formula (both it and its negation follow from it).
    fn fix_cube_free_units(&mut self) {
        for lit in std::mem::take(&mut self.cube_free_units) {
            match self.trail.value(lit) {
                Value::True => {}
                Value::False => self.ok = false,
                Value::Unassigned => self.trail.assign(lit, ClauseRef::NONE),
            }
        }
    }
}
