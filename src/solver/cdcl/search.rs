//! The search loop of [`Solver`]: propagation of clauses and XOR matrices, conflicts and
//! learning, restarts, reductions and backtracking. The solver's state and its public
//! interface are in `mod.rs`; this file holds the steps `solve` runs them through, and
//! `rephase` the rephasing and the walks they call.

use std::sync::atomic::Ordering;

use super::chrono::ChronoConflict;
use super::clause_db::ClauseRef;
use super::decide::{Order, PhaseSaving, PhaseSource, Scores};
use super::reduce::LearntSoFar;
use super::rephase::WeightedWalkEnd;
use super::restart::RestartPolicy;
use super::trail::Value;
use super::{reduce, walk, watch, xor, Solver};
use crate::lit::Lit;
use crate::solver::Outcome;

/// How often (in conflicts) the interrupt flag is read: rarely enough to cost nothing,
/// often enough to stop within milliseconds.
const INTERRUPT_CHECK_INTERVAL: u64 = 256;

/// How one run between restarts ended.
enum RunEnd {
    Sat,
    Unsat,
    /// An assumption is false given the formula and the assumptions before it.
    AssumptionFailed,
    Restart,
    Stopped,
}

/// What [`Solver::next_assumption`] found.
enum NextAssumption {
    /// This assumption is unassigned: decide it.
    Decide(Lit),
    /// Every assumption holds at its own level: search on.
    AllPlaced,
    /// An assumption is false under the earlier ones and the formula.
    Failed,
}

impl Solver {
    /// Propagates the clauses, then the XOR matrices if there are any (see `xor`), until
    /// neither implies more; returns a false clause, if one is found.
    pub(super) fn propagate(&mut self) -> Option<ClauseRef> {
        loop {
            let conflict = self.propagate_clauses();
            if conflict.is_some() || !self.xor.is_active() {
                return conflict;
            }
            let before = self.trail.len();
            let fired = self.xor.propagate(&mut self.trail);
            self.stats.xor_propagations += (self.trail.len() - before) as u64;
            match fired {
                xor::XorPropagation::Quiet => {
                    debug_assert!(self.xor.is_propagated(&self.trail));
                    return None;
                }
                xor::XorPropagation::Propagated => {}
                xor::XorPropagation::Conflict(clause) => {
                    self.stats.xor_conflicts += 1;
                    return Some(clause);
                }
            }
        }
    }

    fn propagate_clauses(&mut self) -> Option<ClauseRef> {
        // SAFETY: `propagate`'s condition is that every literal in the watch lists, and
        // every literal of a clause they point to, has a variable the trail has room
        // for. The trail is never replaced and only grows (`ensure_vars` sizes it), so
        // it suffices that each such literal had room when it was stored, and each had:
        // - `add_clause` (also used to restore eliminated variables) calls
        //   `ensure_vars` before it stores a clause;
        // - a learnt clause is made of negated trail literals;
        // - elimination (`preprocess`) replaces the arena and the watch lists, which do
        //   shrink then, but it fills them only with clauses of the old arena,
        //   strengthened (a subset of one) or resolved (two of them joined, one variable
        //   dropped), so with no literal the old arena lacked;
        // - reduction, simplification and garbage collection delete, move and re-watch
        //   clauses of the arena, never add a literal;
        // - a watch's blocker or implied literal is a literal of the clause it watches.
        unsafe {
            if self.chrono_active {
                watch::propagate_implied(
                    &mut self.watches,
                    &mut self.db,
                    &mut self.trail,
                    &mut self.stats.propagations,
                )
            } else {
                watch::propagate(
                    &mut self.watches,
                    &mut self.db,
                    &mut self.trail,
                    &mut self.stats.propagations,
                )
            }
        }
    }

    pub(super) fn search(&mut self) -> Outcome {
        self.classify_if_due();
        self.eliminate_if_due();
        if !self.ok {
            return Outcome::Unsat;
        }
        self.backtrack(self.root_level());
        self.apply_strategy();
        let limit = self
            .conflict_limit
            .map(|limit| self.stats.conflicts.saturating_add(limit));
        loop {
            if self.interrupted() {
                return Outcome::Unknown;
            }
            self.chrono_active = self.chrono_applies();
            let end = self.run(limit);
            // Vivification, walks and the rest between runs propagate at the current
            // level and keep the trail in order.
            self.chrono_active = false;
            match end {
                RunEnd::Sat => return Outcome::Sat(self.model()),
                RunEnd::Unsat => {
                    self.ok = false;
                    return Outcome::Unsat;
                }
                RunEnd::AssumptionFailed => {
                    self.backtrack(0);
                    return Outcome::Unsat;
                }
                RunEnd::Restart => {
                    self.stats.restarts += 1;
                    let near_miss = self.last_walk == walk::LastWalk::NearMiss;
                    let share = if near_miss {
                        self.options.mode_near_miss_stable_share
                    } else {
                        self.options.mode_stable_share
                    };
                    self.restarts.set_stable_share(share);
                    let switched = self.restarts.restarted(self.stats.propagations);
                    let reset = match self.options.target_restart_reset {
                        0 => false,
                        1 => true,
                        _ => !near_miss,
                    };
                    if reset {
                        self.decide.restarted();
                    }
                    self.judge_xors_if_due();
                    self.vivify_if_due();
                    if !self.ok {
                        return Outcome::Unsat;
                    }
                    if switched {
                        self.stats.mode_switches += 1;
                        self.apply_strategy();
                        if self.restarts.is_stable() {
                            if self.is_random() {
                                self.random_walk();
                            } else if self.options.rephase == 0 {
                                self.rephase_by_walk();
                            }
                        }
                    }
                    self.rephase_if_due();
                }
                RunEnd::Stopped => {
                    self.backtrack(0);
                    return Outcome::Unknown;
                }
            }
        }
    }

    /// Sets the decision order and phase source of the current mode (see `decide`):
    /// under `--restarts modes` the focused stints decide by `focused_vmtf`'s order,
    /// the stable ones by EVSIDS, and option `target_phases` says which of them take the
    /// target phases; a single restart policy (and a stream's cubes) keeps EVSIDS with
    /// target phases throughout, and so do formulas that look uniformly random: the
    /// hard suite's random 3- and 7-SAT lost with the focused queue and saved phases
    /// (docs/experiments.md, "The broad suite's defaults"). Focused stints that decide
    /// by EVSIDS (`focused_vmtf` 0, or 2 in every other focused stint) take
    /// `focused_vsids_decay` and, with `focused_own_scores`, activities of their own
    /// (docs/experiments.md, "Focused stints by EVSIDS": options, not defaults).
    pub(super) fn apply_strategy(&mut self) {
        let modes = self.restarts.policy() == RestartPolicy::Modes
            && self.root_level() == 0
            && !self.is_random();
        let stable = self.restarts.is_stable();
        // Each focused stint follows a stable one but the first.
        let focused_stint = self.stats.mode_switches / 2;
        let queue = match self.options.focused_vmtf {
            0 => false,
            1 => true,
            _ => focused_stint % 2 == 0,
        };
        let order = if modes && !stable && queue {
            Order::Vmtf
        } else {
            Order::Vsids
        };
        let target = !modes
            || match self.options.target_phases {
                0 => false,
                1 => stable,
                _ => true,
            };
        let phases = if target {
            PhaseSource::Target
        } else {
            PhaseSource::Saved
        };
        let focused_evsids = modes && !stable && order == Order::Vsids;
        let decay = if focused_evsids {
            self.options.focused_vsids_decay
        } else {
            self.options.vsids_decay
        };
        let scores = if focused_evsids && self.options.focused_own_scores == 1 {
            Scores::Focused
        } else {
            Scores::Stable
        };
        self.decide.set_strategy(order, phases, decay, scores);
    }

    fn interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Propagates, learns and decides until a model, a refutation, a restart or a limit.
    fn run(&mut self, limit: Option<u64>) -> RunEnd {
        loop {
            if let Some(conflict) = self.propagate() {
                self.stats.conflicts += 1;
                if self.chrono_active && self.chrono_conflict(conflict) == ChronoConflict::Implied {
                    continue;
                }
                if self.trail.decision_level() <= self.root_level() {
                    if self.root_level() > 0 {
                        return RunEnd::AssumptionFailed;
                    }
                    if let Some(proof) = &mut self.proof {
                        proof.add(&[]);
                    }
                    return RunEnd::Unsat;
                }
                self.learn(conflict);
                if limit.is_some_and(|limit| self.stats.conflicts >= limit)
                    || (self.stats.conflicts % INTERRUPT_CHECK_INTERVAL == 0 && self.interrupted())
                {
                    return RunEnd::Stopped;
                }
                continue;
            }
            if self.restarts.should_restart() {
                self.backtrack(self.root_level());
                return RunEnd::Restart;
            }
            // The clause-weighting walk runs when due, not at the next restart: the
            // stable stints' Luby runs put that restart up to 118,000 conflicts late on
            // g125.18 (docs/experiments.md, "g125.18's late walk"). Its model is decided
            // along from the root; when it finds none the search goes on untouched.
            if self.weighted_walk_due() && self.weighted_walk() == WeightedWalkEnd::Model {
                self.backtrack(self.root_level());
                continue;
            }
            if self.trail.decision_level() == 0 {
                self.simplify_if_due();
                self.first_random_walk();
            }
            if self.reduce_schedule.due(
                self.stats.conflicts,
                self.db.num_learnt(),
                self.db.num_original(),
                self.last_walk,
                LearntSoFar {
                    clauses: self.stats.learnt_clauses,
                    literals: self.stats.learnt_literals,
                },
            ) {
                self.reduce();
            }
            let decision = match self.next_assumption() {
                NextAssumption::Failed => return RunEnd::AssumptionFailed,
                NextAssumption::Decide(assumption) => assumption,
                NextAssumption::AllPlaced => match self.pick_decision() {
                    None => return RunEnd::Sat,
                    Some(lit) => {
                        self.stats.decisions += 1;
                        lit
                    }
                },
            };
            self.trail.new_level();
            self.trail.assign(decision, ClauseRef::NONE);
        }
    }

    /// The next decision once every assumption is placed: under a cube a column's
    /// literal (see `columns`), else, or when every column is satisfied, EVSIDS's.
    fn pick_decision(&mut self) -> Option<Lit> {
        if self.branch_on_columns {
            if let Some(lit) = self.columns.pick(&self.trail, &self.decide) {
                self.stats.column_decisions += 1;
                return Some(lit);
            }
        }
        self.decide.pick(&self.trail)
    }

    /// The next assumption to decide. An assumption that is already true still gets a
    /// level of its own (an empty one), so that level `d` always belongs to assumption
    /// `d - 1` and backjumping below it re-places it.
    fn next_assumption(&mut self) -> NextAssumption {
        while let Some(&lit) = self.assumptions.get(self.trail.decision_level()) {
            match self.trail.value(lit) {
                Value::True => self.trail.new_level(),
                Value::False => return NextAssumption::Failed,
                Value::Unassigned => return NextAssumption::Decide(lit),
            }
        }
        NextAssumption::AllPlaced
    }

    /// Analyses a conflict, backjumps, and asserts the learnt clause.
    fn learn(&mut self, conflict: ClauseRef) {
        self.decide.conflict(&self.trail);
        let learnt = self.analyzer.analyze(
            conflict,
            &mut self.db,
            self.xor.reasons(),
            &self.trail,
            &mut self.decide,
        );
        self.decide.conflict_done(&self.trail);
        self.restarts.on_conflict(learnt.lbd, self.trail.len());
        let jump = learnt.backjump.max(self.root_level());
        // Units go to level 0 as they are learnt (see `chrono`).
        let target = if self.chrono_active && self.analyzer.learnt().len() > 1 {
            self.chrono_backtrack_level(jump)
        } else {
            jump
        };
        if target > jump {
            self.stats.chrono_backtracks += 1;
        }
        self.backtrack(target);
        let lits = self.analyzer.learnt();
        self.stats.learnt_clauses += 1;
        self.stats.learnt_literals += lits.len() as u64;
        self.stats.minimised_literals += learnt.minimised as u64;
        self.stats.shrunk_literals += learnt.shrunk as u64;
        if let Some(proof) = &mut self.proof {
            proof.add(lits);
        }
        if lits.len() == 1 {
            if self.root_level() > 0 && !learnt.cube_dependent {
                // A fact of the formula found under a cube: it goes to level 0 once the
                // cube is done (see `solve_cube`).
                self.cube_free_units.push(lits[0]);
            }
            self.trail.assign(lits[0], ClauseRef::NONE);
        } else {
            let cref = self.db.alloc(lits, true, learnt.lbd);
            if learnt.cube_dependent {
                self.db.set_cube_dependent(cref);
            }
            self.watches.attach(&self.db, cref);
            self.trail.assign_at(lits[0], cref, jump);
            let window = self.options.reduce_eager_subsume as usize;
            self.eager_subsume.learnt(&self.db, cref, window);
        }
    }

    /// The level the search never backjumps below: 0, or 1 while a cube is solved (see
    /// [`Solver::solve_cube`]). Kept by the analyzer, which leaves that level's literals
    /// out of learnt clauses.
    #[inline]
    pub(super) fn root_level(&self) -> usize {
        self.analyzer.root_level
    }

    /// Undoes the levels above `level`, saving the phases of the unassigned variables.
    pub(super) fn backtrack(&mut self, level: usize) {
        self.backtrack_with(level, PhaseSaving::Save);
    }

    /// Undoes the levels above `level`; `saving` says whether their values become phases.
    pub(super) fn backtrack_with(&mut self, level: usize, saving: PhaseSaving) {
        if level < self.trail.decision_level() {
            let start = self.trail.level_start(level + 1);
            if self.xor.is_active() {
                self.xor.backtrack(&self.trail, start);
            }
            if self.branch_on_columns {
                self.columns
                    .backtrack(&self.trail, start, self.decide.activities());
            }
        }
        let decide = &mut self.decide;
        match saving {
            PhaseSaving::Save => self.trail.backtrack_to(level, |lit| decide.unassigned(lit)),
            PhaseSaving::Keep => self
                .trail
                .backtrack_to(level, |lit| decide.unassigned_keeping_phase(lit)),
        }
    }

    /// Simplifies (see [`Solver::simplify`]) if level 0 gained facts since the last pass
    /// and propagation has done enough work since. Call at level 0.
    pub(super) fn simplify_if_due(&mut self) {
        if self.trail.len() > self.simplified_at && self.stats.propagations >= self.simplify_props {
            self.simplify();
        }
    }

    /// Deletes the clauses satisfied at level 0. A pass costs a scan of the arena, so
    /// (as in MiniSat) the next one waits until propagation has done about as much work:
    /// as many propagations as the arena has live words (times `simplify_effort`). Measured: bw_large.d 13 → 4 passes
    /// and garbage collections, solve time 0.043 → 0.030 s.
    pub(super) fn simplify(&mut self) {
        let removed = reduce::simplify(
            &mut self.db,
            &mut self.trail,
            &mut self.candidates,
            self.proof.as_mut(),
        );
        self.stats.simplified_clauses += removed as u64;
        self.simplified_at = self.trail.len();
        self.drop_deleted();
        let live = (self.db.size() - self.db.wasted()) as f64;
        self.simplify_props =
            self.stats.propagations + (live * self.options.simplify_effort) as u64;
    }

    fn reduce(&mut self) {
        // The clauses subsumed since the last reduction go first, so the ranking below
        // and the limit see only the others (see `subsume`).
        let mut subsumed = self.eager_subsume.take_subsumed(&self.db);
        subsumed.retain(|&cref| !reduce::is_locked(&self.db, &self.trail, cref));
        for &cref in &subsumed {
            if let Some(proof) = self.proof.as_mut() {
                proof.delete(self.db.lits(cref));
            }
            self.db.delete(cref);
        }
        let deleted = reduce::reduce(
            &mut self.db,
            &self.trail,
            &mut self.candidates,
            &self.options,
            self.proof.as_mut(),
        );
        let eager = subsumed.len() as u64;
        self.candidates.append(&mut subsumed);
        self.stats.reductions += 1;
        self.stats.eager_subsumed += eager;
        self.stats.deleted_clauses += deleted as u64 + eager;
        self.reduce_schedule
            .done(self.stats.conflicts, self.db.num_learnt());
        self.drop_deleted();
        self.vivify_after_reduction();
    }

    /// Stops watching the clauses just deleted (in `candidates`), compacting the arena
    /// when enough of it is garbage (see [`reduce::drop_deleted`]).
    pub(super) fn drop_deleted(&mut self) {
        debug_assert!(self.trail.is_consistent());
        let deleted = std::mem::take(&mut self.candidates);
        let garbage_fraction = self.options.reduce_garbage_fraction;
        if reduce::drop_deleted(
            &mut self.db,
            &mut self.watches,
            &mut self.trail,
            &deleted,
            garbage_fraction,
            self.serves_cubes,
        ) {
            self.stats.garbage_collections += 1;
        }
        self.candidates = deleted;
    }
}
