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
//! | `decide` + `heap` + `vmtf` | EVSIDS with a variable heap, the move-to-front queue, saved, target and best phases, rephasing |
//! | `restart` | focused and stable modes in turns (default), Luby or Glucose EMA restarts |
//! | `walk` | ProbSAT local search with cached break values, opening each stable stint |
//! | `random` | a walk phase of its own for formulas that look uniformly random |
//! | `search` | the search loop: propagation, conflicts, restarts, reductions, backtracking |
//! | `chrono` | chronological backtracking and trail reuse (off by default) |
//! | `rephase` | when the search rephases and walks: CaDiCaL's schedule, the rephasing walk, the clause-weighting walk |
//! | `reduce` + `subsume` | LBD-based learnt-clause reduction, eager subsumption of recent learnt clauses, level-0 simplification, GC |
//! | `proof` | DRAT proof logging (text or binary) |
//! | `cube` | solving under a cube on a root level, its dependent learnt clauses dropped after it |
//! | `gates` + `congruence` | AND, XOR and ITE gates found in the clauses, congruence closure and equivalent-literal substitution before elimination |
//! | `elim` + `preprocess` | bounded variable elimination with subsumption before the first search |
//! | `vivify` | vivification of learnt clauses at restarts after reductions (off by default; `vivify=2` after near-miss walks only) |
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
mod ccanr;
mod chrono;
mod clause_db;
mod columns;
mod congruence;
mod cube;
mod decide;
mod elim;
mod gates;
mod heap;
pub mod options;
mod preprocess;
mod proof;
mod random;
mod reduce;
mod rephase;
mod restart;
mod search;
mod subsume;
mod trail;
mod vivify;
mod vmtf;
mod walk;
mod watch;
mod xor;

#[cfg(test)]
mod cube_tests;
#[cfg(test)]
mod tests;

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
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
    /// How close the last rephasing walk came to a model (see `walk::LastWalk`).
    last_walk: walk::LastWalk,
    /// Chronological backtracking is in force in the current run (see `chrono`):
    /// propagation assigns at implication levels.
    chrono_active: bool,
    /// The walks' random choices; seeded, so runs repeat.
    walk_rng: crate::rng::SplitMix64,
    /// The clause-weighting walk's own random choices, so that a walk that finds no
    /// model leaves the rest of the search exactly as without it (see `rephase`).
    weighted_rng: crate::rng::SplitMix64,
    /// Where the last walk of the random-formula walk phase stopped (see `random`).
    walk_state: Vec<bool>,
    /// Conflicts before which no clause-weighting walk runs (see `rephase`).
    weighted_walk_at: u64,
    /// Conflicts before which no rephase runs, and the rephases so far in focused and
    /// in stable stints (see `rephase`, option `rephase`).
    rephase_at: u64,
    rephases: [u64; 2],
    /// Propagation count before which no simplification starts (see `simplify`).
    simplify_props: u64,
    scratch: Vec<Lit>,
    candidates: Vec<ClauseRef>,
    /// The recent learnt clauses and the ones they subsumed (see `subsume`).
    eager_subsume: subsume::EagerSubsume,
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
    /// Vivification of learnt clauses during the search (see `vivify`).
    vivifier: vivify::Vivifier,
    /// The tuning constants, fixed when the solver is built.
    options: Options,
    /// Set by the first [`Solver::solve_cube`]: the solver serves a stream of cubes,
    /// whose garbage collections rewrite only the watch lists of moved clauses (see
    /// [`reduce::collect_garbage`]).
    serves_cubes: bool,
    /// The formula's positive input clauses, for decisions under a cube (see `columns`).
    columns: columns::Columns,
    /// Whether decisions go to `columns` first: while a cube is solved with option
    /// `decide_columns` on.
    branch_on_columns: bool,
    /// Conflicts per cube, a moving average over the stream: it decides
    /// `branch_on_columns` (option `decide_columns`).
    cube_conflicts: columns::CubeConflicts,
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
            analyzer: Analyzer::new(options.shrink == 1),
            decide: Decide::new(options.vsids_decay),
            restarts: Restarts::new(RestartPolicy::default(), &options),
            reduce_schedule: ReduceSchedule::new(&options),
            stats: Stats::default(),
            ok: true,
            conflict_limit: None,
            interrupt: None,
            simplified_at: 0,
            walked_at: 0,
            last_walk: walk::LastWalk::Away,
            chrono_active: false,
            walk_rng: crate::rng::SplitMix64(options.walk_seed),
            weighted_rng: crate::rng::SplitMix64(options.walk_seed ^ 0xcca0),
            walk_state: Vec::new(),
            weighted_walk_at: 0,
            rephase_at: options.rephase_interval,
            rephases: [0; 2],
            assumptions: Vec::new(),
            cube_free_units: Vec::new(),
            simplify_props: 0,
            scratch: Vec::new(),
            candidates: Vec::new(),
            eager_subsume: subsume::EagerSubsume::default(),
            proof: None,
            shortened_unlogged: false,
            preprocess: preprocess::Preprocess::default(),
            random: random::RandomPhase::default(),
            xor: xor::XorEngine::default(),
            vivifier: vivify::Vivifier::default(),
            serves_cubes: false,
            columns: columns::Columns::default(),
            branch_on_columns: false,
            cube_conflicts: columns::CubeConflicts::default(),
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
