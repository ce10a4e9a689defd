//! `satsolve`'s own conflict-driven clause-learning (CDCL) solver.
//!
//! The architecture is MiniSat's (Eén & Sörensson, SAT 2003) with the Glucose refinements
//! that became standard; each technique lives in its own file:
//!
//! | file | technique |
//! |---|---|
//! | `clause_db` | one clause arena, 32-bit handles, compaction |
//! | `watch` | two watched literals with blockers, binary watches, propagation |
//! | `trail` | assignment trail, levels, reasons |
//! | `analyze` | first-UIP learning, recursive minimisation, LBD |
//! | `decide` + `heap` | EVSIDS with a variable heap, target phases |
//! | `restart` | focused and stable modes in turns (default), Luby or Glucose EMA restarts |
//! | `walk` | ProbSAT local search with cached break values, opening each stable stint |
//! | `random` | a walk phase of its own for formulas that look uniformly random |
//! | `reduce` | LBD-based learnt-clause reduction, level-0 simplification, GC |
//! | `proof` | DRAT proof logging (text or binary) |
//! | `cube` | solving under a cube on a root level, its dependent learnt clauses dropped after it |
//! | `elim` + `preprocess` | bounded variable elimination with subsumption before the first search |
//! | `xor` | XOR constraints found in the clauses, Gauss-Jordan elimination on them during the search |
//! | `options` | the tuning constants of all of these in one table ([`Options`]) |
//!
//! Solver-level invariants, checked with `debug_assert!`: between search steps the trail
//! is consistent (see `trail`); every arena clause is watched exactly at positions 0
//! and 1; once `ok` is false the formula is unsatisfiable for good. Clauses are only added
//! at decision level 0, so every level-0 assignment is a fact of the formula. While a
//! cube is solved ([`Solver::solve_cube`]) level 1 plays the part of level 0 for the
//! search (no backjump below it, its literals left out of learnt clauses), and every
//! clause learnt through it is dropped before the call returns; a clause learnt from the
//! formula alone stays, since it holds for every cube.
//!
//! Variable elimination runs once, if asked ([`Solver::set_elimination`]), where enough
//! variables occur in few clauses; why, and the first version that was dropped:
//! `docs/experiments.md`, "Preprocessing".

mod analyze;
mod clause_db;
mod cube;
mod decide;
mod elim;
mod heap;
pub mod options;
mod preprocess;
mod proof;
mod random;
mod reduce;
mod restart;
mod trail;
mod walk;
mod watch;
mod xor;

#[cfg(test)]
mod cube_tests;
#[cfg(test)]
mod tests;

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use self::analyze::Analyzer;
use self::clause_db::{ClauseDb, ClauseRef};
use self::decide::Decide;
pub use self::options::{OptionError, Options};
use self::proof::Proof;
pub use self::proof::ProofFormat;
use self::reduce::ReduceSchedule;
pub use self::restart::RestartPolicy;
use self::restart::Restarts;
use self::trail::{Trail, Value};
use self::watch::Watches;
use super::{Outcome, Stats};
use crate::cnf::Cnf;
use crate::lit::Lit;

/// How often (in conflicts) the interrupt flag is read: rarely enough to cost nothing,
/// often enough to stop within milliseconds.
const INTERRUPT_CHECK_INTERVAL: u64 = 256;

/// A CDCL SAT solver. Build it from a [`Cnf`], optionally add clauses, then
/// [`Solver::solve`]; clauses may be added between solve calls.
#[derive(Debug)]
pub struct Solver {
    num_vars: usize,
    db: ClauseDb,
    watches: Watches,
    trail: Trail,
    analyzer: Analyzer,
    decide: Decide,
    restarts: Restarts,
    reduce_schedule: ReduceSchedule,
    stats: Stats,
    /// False once the empty clause has been derived.
    ok: bool,
    conflict_limit: Option<u64>,
    interrupt: Option<Arc<AtomicBool>>,
    /// Level-0 trail length at the last simplification.
    simplified_at: usize,
    /// The propagation count at the last walk (see [`Solver::rephase_by_walk`]).
    walked_at: u64,
    /// The walks' random choices; seeded, so runs repeat.
    walk_rng: crate::rng::SplitMix64,
    /// Where the last walk of the random-formula walk phase stopped (see `random`).
    walk_state: Vec<bool>,
    /// Propagation count before which no simplification starts (see `simplify`).
    simplify_props: u64,
    scratch: Vec<Lit>,
    candidates: Vec<ClauseRef>,
    /// The literals the current solve call assumes true, one per decision level from 1
    /// up (see [`Solver::solve_with_assumptions`]).
    assumptions: Vec<Lit>,
    /// Unit clauses learnt under a cube without using it: facts of the formula, fixed
    /// at level 0 when the cube is done (see [`Solver::solve_cube`]).
    cube_free_units: Vec<Lit>,
    /// The DRAT proof being written, if one was requested.
    proof: Option<Proof>,
    /// A clause was shortened in `add_clause` before a proof was requested, so
    /// `set_proof` must restate the clause database (see there).
    shortened_unlogged: bool,
    /// Variable elimination before the first search, if asked for.
    preprocess: preprocess::Preprocess,
    /// Whether the formula looks uniformly random, for the walk phase (see `random`).
    random: random::RandomPhase,
    /// The Gauss-Jordan matrices of the XORs found at preprocessing, if any.
    xor: xor::XorEngine,
    /// The tuning constants, fixed when the solver is built.
    options: Options,
}

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
    /// A solver holding the clauses of `cnf` and all of its variables, with the
    /// default options.
    pub fn new(cnf: &Cnf) -> Solver {
        Solver::with_options(cnf, Options::default())
    }

    /// A solver holding the clauses of `cnf` and all of its variables, tuned by
    /// `options`.
    pub fn with_options(cnf: &Cnf, options: Options) -> Solver {
        let mut solver = Solver::with_vars_and_options(cnf.num_vars(), options);
        for clause in cnf.clauses() {
            solver.add_clause(clause);
        }
        solver
    }

    /// An empty solver over `num_vars` variables, with the default restart policy and
    /// options.
    pub fn with_vars(num_vars: usize) -> Solver {
        Solver::with_vars_and_options(num_vars, Options::default())
    }

    /// An empty solver over `num_vars` variables, with the default restart policy,
    /// tuned by `options`.
    pub fn with_vars_and_options(num_vars: usize, options: Options) -> Solver {
        let mut solver = Solver {
            num_vars: 0,
            db: ClauseDb::new(),
            watches: Watches::default(),
            trail: Trail::default(),
            analyzer: Analyzer::default(),
            decide: Decide::new(options.vsids_decay),
            restarts: Restarts::new(RestartPolicy::default(), &options),
            reduce_schedule: ReduceSchedule::new(&options),
            stats: Stats::default(),
            ok: true,
            conflict_limit: None,
            interrupt: None,
            simplified_at: 0,
            walked_at: 0,
            walk_rng: crate::rng::SplitMix64(options.walk_seed),
            walk_state: Vec::new(),
            assumptions: Vec::new(),
            cube_free_units: Vec::new(),
            simplify_props: 0,
            scratch: Vec::new(),
            candidates: Vec::new(),
            proof: None,
            shortened_unlogged: false,
            preprocess: preprocess::Preprocess::default(),
            random: random::RandomPhase::default(),
            xor: xor::XorEngine::default(),
            options,
        };
        solver.ensure_vars(num_vars);
        solver
    }

    /// Number of variables known to the solver (the length of a model).
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Grows the variable count to at least `num_vars`.
    pub fn ensure_vars(&mut self, num_vars: usize) {
        if num_vars > self.num_vars {
            self.num_vars = num_vars;
            self.watches.grow(num_vars);
            self.trail.grow(num_vars);
            self.analyzer.grow(num_vars);
            self.decide.grow(num_vars);
        }
    }

    /// Chooses the restart policy (before or between solve calls).
    pub fn set_restart_policy(&mut self, policy: RestartPolicy) {
        self.restarts = Restarts::new(policy, &self.options);
    }

    /// Limits the number of conflicts of each following [`Solver::solve`] call; when the
    /// limit is reached the call returns [`Outcome::Unknown`]. `None` removes the limit.
    pub fn set_conflict_limit(&mut self, limit: Option<u64>) {
        self.conflict_limit = limit;
    }

    /// Installs a flag that, once set, makes [`Solver::solve`] return
    /// [`Outcome::Unknown`]; it is read every few hundred conflicts and at restarts.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Writes a DRAT proof of unsatisfiability to `out` from now on (buffered; flushed
    /// before every [`Solver::solve`] returns). See [`ProofFormat`] for the encodings.
    ///
    /// Call it before [`Solver::solve`]. Calling it before adding the clauses gives the
    /// smallest proof; if clauses were already added (as by [`Solver::new`]), the level-0
    /// units are restated, and so is every stored clause if one of them was shortened, so
    /// the proof is still valid for the original formula. Once clauses have been
    /// learnt without a proof no valid proof can follow: [`Solver::proof_error`] then
    /// reports it. A proof only certifies an [`Outcome::Unsat`] answer of the formula
    /// as given; after a SAT answer the file is left as written.
    pub fn set_proof(&mut self, out: Box<dyn Write + Send>, format: ProofFormat) {
        let mut proof = Proof::new(out, format);
        // The matrices' reasons are sums of XORs, which a RUP checker cannot follow.
        self.xor = xor::XorEngine::default();
        if self.stats.learnt_clauses > 0 {
            proof.fail("the proof was requested after the solver had learnt clauses");
        } else {
            // Every level-0 fact so far follows from the input by unit propagation in
            // trail order (no learnt clause exists); shortened clauses follow from the
            // facts. Both are RUP steps for the checker, and later deletions of the
            // shortened clauses then find them.
            self.backtrack(0);
            for &lit in self.trail.lits() {
                proof.add(&[lit]);
            }
            if self.shortened_unlogged {
                for cref in self.db.iter() {
                    proof.add(self.db.lits(cref));
                }
            }
            if !self.ok {
                proof.add(&[]);
            }
        }
        self.proof = Some(proof);
    }

    /// The first error met while writing the proof (I/O, or a proof requested too
    /// late), if any. An answer is still right when this is set, but its proof is not
    /// usable: a command-line tool should report it and fail.
    pub fn proof_error(&self) -> Option<&io::Error> {
        self.proof.as_ref().and_then(Proof::error)
    }

    /// Counters accumulated over all solve calls.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Adds a clause. Duplicate literals are removed, a tautology is ignored, literals
    /// already false at level 0 are dropped; an empty result makes the formula
    /// unsatisfiable, and a unit is fixed at level 0. Variables grow as needed. With a
    /// proof, a shortened clause is logged (added, then the original deleted), and so is
    /// the empty clause.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(max) = lits.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(max);
        }
        if !self.ok {
            return;
        }
        self.backtrack(0);
        self.restore_if_eliminated(lits);
        let mut clause = std::mem::take(&mut self.scratch);
        clause.clear();
        clause.extend_from_slice(lits);
        clause.sort_unstable();
        clause.dedup();
        // After sorting, x and ¬x are adjacent (codes 2i and 2i+1).
        let tautology = clause.windows(2).any(|pair| pair[0] == !pair[1]);
        let satisfied = clause.iter().any(|&lit| self.trail.is_true(lit));
        if !tautology && !satisfied {
            let distinct = clause.len();
            clause.retain(|&lit| !self.trail.is_false(lit));
            let shortened = clause.len() < distinct;
            if let Some(proof) = &mut self.proof {
                if shortened || clause.is_empty() {
                    proof.add(&clause);
                }
                // The original goes only after its shorter form is in (the other order
                // would lose both), so the checker's clause set matches ours. After an
                // empty result nothing is left to check, so no deletion is needed.
                if shortened && !clause.is_empty() {
                    proof.delete(lits);
                }
            } else if shortened {
                self.shortened_unlogged = true;
            }
            match clause.len() {
                0 => self.ok = false,
                1 => self.trail.assign(clause[0], ClauseRef::NONE),
                _ => {
                    let cref = self.db.alloc(&clause, false, 0);
                    self.watches.attach(&self.db, cref);
                }
            }
        }
        self.scratch = clause;
    }

    /// Searches for a model. Returns [`Outcome::Unknown`] if the conflict limit or the
    /// interrupt stopped the search; the solver can be called again afterwards.
    pub fn solve(&mut self) -> Outcome {
        self.solve_with_assumptions(&[])
    }

    /// Searches for a model in which every literal of `assumptions` is true, keeping
    /// what it learns for later calls: this is how a stream of puzzles over one layout
    /// is solved (the layout's clauses once, each puzzle's givens as assumptions).
    ///
    /// [`Outcome::Unsat`] means "no model with these assumptions"; the formula itself
    /// may still be satisfiable, and the next call starts afresh. Assumptions are placed
    /// as the first decisions, one level each (MiniSat's scheme), so every learnt clause
    /// is implied by the formula alone and stays valid for any later assumptions. An
    /// unsatisfiable answer under assumptions writes no empty clause to a proof.
    pub fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome {
        if let Some(max) = assumptions.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(max);
        }
        self.restore_if_eliminated(assumptions);
        self.assumptions.clear();
        self.assumptions.extend_from_slice(assumptions);
        let outcome = self.search();
        self.assumptions.clear();
        if let Some(proof) = &mut self.proof {
            proof.flush();
        }
        outcome
    }

    /// Propagates the clauses, then the XOR matrices if there are any (see `xor`), until
    /// neither implies more; returns a false clause, if one is found.
    fn propagate(&mut self) -> Option<ClauseRef> {
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
            watch::propagate(
                &mut self.watches,
                &mut self.db,
                &mut self.trail,
                &mut self.stats.propagations,
            )
        }
    }

    fn search(&mut self) -> Outcome {
        self.classify_if_due();
        self.eliminate_if_due();
        if !self.ok {
            return Outcome::Unsat;
        }
        self.backtrack(self.root_level());
        let limit = self
            .conflict_limit
            .map(|limit| self.stats.conflicts.saturating_add(limit));
        loop {
            if self.interrupted() {
                return Outcome::Unknown;
            }
            match self.run(limit) {
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
                    let switched = self.restarts.restarted(self.stats.propagations);
                    self.decide.restarted();
                    self.judge_xors_if_due();
                    if switched {
                        self.stats.mode_switches += 1;
                        if self.restarts.is_stable() {
                            if self.is_random() {
                                self.random_walk();
                            } else {
                                self.rephase_by_walk();
                            }
                        }
                    }
                }
                RunEnd::Stopped => {
                    self.backtrack(0);
                    return Outcome::Unknown;
                }
            }
        }
    }

    /// Runs a local search from the target phases and keeps its best assignment as the
    /// new target (see `walk`), for about as many clause visits as the search made
    /// propagations since the last walk. Only on the plain formula at level 0: under
    /// assumptions the walk would ignore them.
    fn rephase_by_walk(&mut self) {
        if !self.assumptions.is_empty() || self.root_level() > 0 {
            return;
        }
        // A restart has just backtracked to the root level, here 0.
        debug_assert_eq!(self.trail.decision_level(), 0);
        let since = self.stats.propagations - self.walked_at;
        let effort = (since as f64 * self.options.walk_effort) as u64;
        self.walk(effort, false);
    }

    /// One walk of `effort` visits (see `walk`) whose best assignment becomes the target
    /// phases: from those phases, or with `resume` from where the last resumed walk
    /// stopped (the walk phase of a random formula, see `random`).
    fn walk(&mut self, effort: u64, resume: bool) {
        let start = if resume && self.walk_state.len() == self.num_vars {
            std::mem::take(&mut self.walk_state)
        } else {
            self.decide.target_phases_mut().to_vec()
        };
        let report = walk::walk(
            &self.db,
            &self.trail,
            &start,
            self.decide.target_phases_mut(),
            resume.then_some(&mut self.walk_state),
            effort,
            self.options.walk_max_break as usize,
            &mut self.walk_rng,
        );
        self.walked_at = self.stats.propagations;
        self.stats.walks += 1;
        self.stats.walk_flips += report.flips;
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
            if self.trail.decision_level() == 0 {
                self.simplify_if_due();
                self.first_random_walk();
            }
            if self.reduce_schedule.due(
                self.stats.conflicts,
                self.db.num_learnt(),
                self.db.num_original(),
            ) {
                self.reduce();
            }
            let decision = match self.next_assumption() {
                NextAssumption::Failed => return RunEnd::AssumptionFailed,
                NextAssumption::Decide(assumption) => assumption,
                NextAssumption::AllPlaced => match self.decide.pick(&self.trail) {
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
        self.decide.decay();
        self.restarts.on_conflict(learnt.lbd, self.trail.len());
        self.backtrack(learnt.backjump.max(self.root_level()));
        let lits = self.analyzer.learnt();
        self.stats.learnt_clauses += 1;
        self.stats.learnt_literals += lits.len() as u64;
        self.stats.minimised_literals += learnt.minimised as u64;
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
            self.trail.assign(lits[0], cref);
        }
    }

    /// The level the search never backjumps below: 0, or 1 while a cube is solved (see
    /// [`Solver::solve_cube`]). Kept by the analyzer, which leaves that level's literals
    /// out of learnt clauses.
    #[inline]
    fn root_level(&self) -> usize {
        self.analyzer.root_level
    }

    fn backtrack(&mut self, level: usize) {
        if self.xor.is_active() && level < self.trail.decision_level() {
            self.xor
                .backtrack(&self.trail, self.trail.level_start(level + 1));
        }
        let decide = &mut self.decide;
        self.trail.backtrack_to(level, |lit| decide.unassigned(lit));
    }

    /// Simplifies (see [`Solver::simplify`]) if level 0 gained facts since the last pass
    /// and propagation has done enough work since. Call at level 0.
    fn simplify_if_due(&mut self) {
        if self.trail.len() > self.simplified_at && self.stats.propagations >= self.simplify_props {
            self.simplify();
        }
    }

    /// Deletes the clauses satisfied at level 0. A pass costs a scan of the arena, so
    /// (as in MiniSat) the next one waits until propagation has done about as much work:
    /// as many propagations as the arena has live words (times `simplify_effort`). Measured: bw_large.d 13 → 4 passes
    /// and garbage collections, solve time 0.043 → 0.030 s.
    fn simplify(&mut self) {
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
        let deleted = reduce::reduce(
            &mut self.db,
            &self.trail,
            &mut self.candidates,
            &self.options,
            self.proof.as_mut(),
        );
        self.stats.reductions += 1;
        self.stats.deleted_clauses += deleted as u64;
        self.reduce_schedule
            .done(self.stats.conflicts, self.db.num_learnt());
        self.drop_deleted();
    }

    /// Stops watching the clauses just deleted (in `candidates`), compacting the arena
    /// when enough of it is garbage (see [`reduce::drop_deleted`]).
    fn drop_deleted(&mut self) {
        debug_assert!(self.trail.is_consistent());
        let deleted = std::mem::take(&mut self.candidates);
        let garbage_fraction = self.options.reduce_garbage_fraction;
        if reduce::drop_deleted(
            &mut self.db,
            &mut self.watches,
            &mut self.trail,
            &deleted,
            garbage_fraction,
        ) {
            self.stats.garbage_collections += 1;
        }
        self.candidates = deleted;
    }

    /// The current assignment, total but for eliminated variables, as a model.
    fn model(&self) -> Vec<bool> {
        debug_assert_eq!(
            self.trail.len() + self.preprocess.num_eliminated(),
            self.num_vars
        );
        let mut model: Vec<bool> = (0..self.num_vars)
            .map(|index| {
                self.trail
                    .value(crate::lit::Var::from_index(index).positive())
                    == Value::True
            })
            .collect();
        self.extend_model(&mut model);
        model
    }
}
