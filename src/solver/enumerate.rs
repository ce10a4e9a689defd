//! Model enumeration by blocking clauses, projected on a set of variables.
//!
//! After each model the solver gets the clause "not this assignment of the projection
//! variables" and is asked again, so the n-th answer differs from all earlier ones on at
//! least one projection variable. The projection is what the `c p show ... 0` lines of a
//! CNF name (the model-counting convention); for a Sudoku encoding those are the cell
//! variables, so models are counted as solutions, not as assignments of auxiliary
//! variables. Without a projection every variable counts.
//!
//! `--models 2` is how a user checks that a puzzle has exactly one solution: one model and
//! [`EnumerationEnd::Exhausted`] means unique.
//!
//! On a stream of cubes ([`CubeModels`]) a blocking clause holds only under its own cube:
//! the next puzzle may well have that very grid as its solution. Two ways keep it there.
//!
//! - **A fresh engine per cube.** The formula the cube leaves after unit propagation
//!   ([`CubePropagator`]: its open clauses and the units found, a few hundred clauses for a
//!   puzzle) gets an engine of its own, which searches every model of the cube with
//!   plain blocking clauses and is dropped with them. It learns from the first model's
//!   search for the second, and the second is where a uniqueness check spends its time:
//!   a proof that no other model exists. The dpll and splr strategies search a fresh
//!   engine anyway; the cdcl root level hands a cube over after [`ROOT_BUDGET`]
//!   conflicts of its first search.
//! - **Activation literals**, the technique of MiniSat's incremental interface (Eén and
//!   Sörensson, "Temporary clauses", 2003), on the long-lived engine: for the cube `c` a
//!   fresh variable `a`, blocking clauses `¬a ∨ (not this model)`, searches under
//!   `c ∧ a`, and after the cube the unit `¬a`, which satisfies those clauses for good
//!   (the solver drops satisfied clauses at level 0). Whatever the solver learnt from
//!   them mentions `¬a` or was learnt under the cube and dropped with it, so nothing
//!   leaks into a later cube. This serves the cubes whose first model the root level
//!   found within its budget (an engine build would cost more than their search),
//!   `--assumptions` (whose engine is kept for what it learns) and cubes that
//!   propagation alone decides.
//!
//! Measured (user s, shared 2-core machine at load 6 to 8, one run each; the first 100
//! of the 1,050 hard Hanidoku puzzles / the first 2,000 17-clue puzzles, `--models 2`):
//! activation literals only 8.27 / 0.21, a fresh engine for every cube 5.17 / 0.52, the
//! root level with a budget of 100 conflicts then a fresh engine 4.66 / 0.19, against
//! 3.06 / 0.10 for the first solution alone. The budget hardly matters between 25 and
//! 200 (4.7 to 5.4 on the hard puzzles); the root level's first search does not carry
//! what it learnt into the second (learnt clauses go with the cube), which is why the
//! hard puzzles do better on an engine of their own.
//!
//! The retired activation variables stay, fixed false: a model grows by one value per
//! cube that used one, and a million puzzles would make every model a million values
//! long. So once the retired variables outnumber the formula's own (or
//! [`REBUILD_AFTER`], whichever is larger) the solver is built afresh from the formula
//! and the clauses added since; the same happens if a clause or cube read later uses a
//! variable number already spent on activation. A rebuild costs one engine build per
//! thousand cubes or more.

use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::solver::cube_solver::{CubeSolver, EngineSetup};
use crate::solver::propagate::{CubePropagator, Propagated};
use crate::solver::{new_engine, Engine, Outcome, Stats};

/// Retired activation variables tolerated before a rebuild, at least (see the module
/// docs): with a 9x9 formula's 729 variables, one engine build per 1,024 cubes.
pub const REBUILD_AFTER: usize = 1024;

/// Conflicts a cube's first search may take at the root level of the long-lived cdcl
/// engine before the cube moves to a fresh engine over the formula it simplifies.
pub const ROOT_BUDGET: u64 = 100;

/// Why enumeration stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumerationEnd {
    /// The solver proved that no further model exists: the count is exact.
    Exhausted,
    /// The requested number of models was found; more may exist.
    LimitReached,
    /// The solver gave up (limit, time-out or interrupt) before deciding.
    Unknown,
}

/// The clause that excludes `model`'s values on `projection` (every variable if `None`).
pub fn blocking_clause(model: &[bool], projection: Option<&[Var]>) -> Vec<Lit> {
    // A projected variable past the model's end has no value: false, as in the `v` lines.
    let negate = |var: Var| var.lit(!model.get(var.index()).copied().unwrap_or(false));
    match projection {
        Some(vars) => vars.iter().map(|&var| negate(var)).collect(),
        None => (0..model.len())
            .map(|index| negate(Var::from_index(index)))
            .collect(),
    }
}

/// Finds up to `limit` models (all of them if `None`), handing each to `on_model` as soon
/// as it is found; returns how many were found and why the search ended. An error from
/// `on_model` (e.g. a closed stdout) stops the enumeration and is returned.
pub fn enumerate<E>(
    solver: &mut dyn Engine,
    projection: Option<&[Var]>,
    limit: Option<usize>,
    mut on_model: impl FnMut(&[bool]) -> Result<(), E>,
) -> Result<(usize, EnumerationEnd), E> {
    let mut found = 0;
    loop {
        if limit.is_some_and(|limit| found >= limit) {
            return Ok((found, EnumerationEnd::LimitReached));
        }
        match solver.solve() {
            Outcome::Sat(model) => {
                found += 1;
                on_model(&model)?;
                solver.add_clause(&blocking_clause(&model, projection));
            }
            Outcome::Unsat => return Ok((found, EnumerationEnd::Exhausted)),
            Outcome::Unknown => return Ok((found, EnumerationEnd::Unknown)),
        }
    }
}

/// What a cube's first search gave: an answer, or the formula the cube leaves, to be
/// searched on a fresh engine.
enum First {
    Done(Outcome),
    Search(Cnf),
}

/// What propagating `cube` over the formula gives: UNSAT on a conflict, the model when
/// every clause is satisfied, else the simplified formula to search.
fn propagated(propagator: &mut CubePropagator, cube: &[Lit]) -> First {
    match propagator.propagate(cube) {
        Propagated::Conflict => First::Done(Outcome::Unsat),
        Propagated::Model(model) => First::Done(Outcome::Sat(model)),
        Propagated::Open(rest) => First::Search(rest),
    }
}

/// The models found for one cube, and why the search for more ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeAnswer {
    /// The models in the order found, each one value per variable of the formula (never
    /// an activation variable), distinct on the projection.
    pub models: Vec<Vec<bool>>,
    /// [`EnumerationEnd::Exhausted`]: `models` is every model of the cube (none: UNSAT).
    pub end: EnumerationEnd,
}

/// Up to N models per cube over a formula that only grows: a [`CubeSolver`] with the
/// fresh engines, activation literals and rebuilds of the module docs.
pub struct CubeModels {
    solver: CubeSolver,
    setup: EngineSetup,
    /// The base and every clause added since: what a rebuild starts from.
    formula: Cnf,
    /// One past the largest variable the formula or a cube used: a model's length.
    real_vars: usize,
    /// The activation variables used since the last build, ascending.
    spent: Vec<usize>,
    /// Retired activation variables that trigger a rebuild, at least ([`REBUILD_AFTER`]).
    rebuild_after: usize,
    /// Conflicts of a first search at the root level before a fresh engine takes the
    /// cube ([`ROOT_BUDGET`]).
    root_budget: u64,
    /// Solvers replaced by a rebuild.
    rebuilds: u64,
    /// The cdcl strategy's propagator, built at the first cube past the root budget.
    propagator: Option<Box<CubePropagator>>,
    /// Cubes whose models were searched on a fresh engine.
    fresh_engines: u64,
    /// Cubes whose first search at the root level ran past [`ROOT_BUDGET`].
    over_budget: u64,
    /// The counters of the cdcl solvers replaced by a rebuild, and how many cubes the
    /// replaced propagating solvers searched.
    earlier: Stats,
    earlier_searched: u64,
}

impl CubeModels {
    /// A model finder over `base`, its solver built as `setup` says.
    pub fn new(base: &Cnf, setup: &EngineSetup) -> CubeModels {
        CubeModels {
            solver: CubeSolver::new(base, setup),
            setup: setup.clone(),
            formula: base.clone(),
            real_vars: base.num_vars(),
            spent: Vec::new(),
            rebuild_after: REBUILD_AFTER,
            root_budget: ROOT_BUDGET,
            rebuilds: 0,
            propagator: None,
            fresh_engines: 0,
            over_budget: 0,
            earlier: Stats::default(),
            earlier_searched: 0,
        }
    }

    /// Adds a clause for this and every later cube.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        // A rebuild, if one is due, starts from the formula without this clause.
        self.uses(clause);
        self.formula.add_clause(clause);
        self.solver.add_clause(clause);
        if let Some(propagator) = &mut self.propagator {
            propagator.add_clause(clause);
        }
    }

    /// Up to `limit` models (all if `None`) of the formula with `cube` true, distinct on
    /// `projection` (every variable if `None`).
    pub fn models(
        &mut self,
        cube: &[Lit],
        projection: Option<&[Var]>,
        limit: Option<usize>,
    ) -> CubeAnswer {
        if let Some(max) = cube.iter().map(|lit| lit.var().index() + 1).max() {
            self.formula.ensure_vars(max);
        }
        self.uses(cube);
        let mut models = Vec::new();
        let first = match self.first_search(cube) {
            First::Done(outcome) => outcome,
            First::Search(rest) => {
                let end = self.models_on(&rest, projection, limit, &mut models);
                return CubeAnswer { models, end };
            }
        };
        let end = match first {
            Outcome::Unsat => EnumerationEnd::Exhausted,
            Outcome::Unknown => EnumerationEnd::Unknown,
            Outcome::Sat(model) => {
                models.push(self.trimmed(model));
                self.more_models(cube, projection, limit, &mut models)
            }
        };
        CubeAnswer { models, end }
    }

    /// The cube's first search, as its strategy makes it; or the formula simplified by
    /// the cube, when every model is to be searched on a fresh engine.
    fn first_search(&mut self, cube: &[Lit]) -> First {
        let (solver, user_limit) = match &mut self.solver {
            CubeSolver::Assumptions(_) => return First::Done(self.solver.solve(cube)),
            CubeSolver::Simplify { propagator, .. } => return propagated(propagator, cube),
            CubeSolver::Root(solver) => (solver, self.setup.limits.conflicts),
        };
        let budget = user_limit.map_or(self.root_budget, |limit| limit.min(self.root_budget));
        solver.set_conflict_limit(Some(budget));
        let outcome = solver.solve_cube(cube);
        solver.set_conflict_limit(user_limit);
        let stopped = (self.setup.limits.interrupt.as_ref())
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed));
        let over_budget = outcome == Outcome::Unknown
            && user_limit.map_or(true, |limit| limit > self.root_budget)
            && !stopped;
        if !over_budget {
            return First::Done(outcome);
        }
        self.over_budget += 1;
        let formula = &self.formula;
        let propagator = self
            .propagator
            .get_or_insert_with(|| Box::new(CubePropagator::new(formula)));
        propagated(propagator, cube)
    }

    /// Every model on a fresh engine over `rest` (the formula simplified by the cube),
    /// dropped afterwards with its blocking clauses: it learns from one model's search
    /// for the next.
    fn models_on(
        &mut self,
        rest: &Cnf,
        projection: Option<&[Var]>,
        limit: Option<usize>,
        models: &mut Vec<Vec<bool>>,
    ) -> EnumerationEnd {
        self.fresh_engines += 1;
        let mut engine = new_engine(self.setup.kind, rest, &self.setup.limits);
        loop {
            match engine.solve() {
                Outcome::Sat(model) => models.push(self.trimmed(model)),
                Outcome::Unsat => return EnumerationEnd::Exhausted,
                Outcome::Unknown => return EnumerationEnd::Unknown,
            }
            if limit.is_some_and(|limit| models.len() >= limit) {
                return EnumerationEnd::LimitReached;
            }
            let last = models.last().expect("a model was just found");
            engine.add_clause(&blocking_clause(last, projection));
        }
    }

    /// After the cube's first model: the search for the others under an activation
    /// literal, retired at the end.
    fn more_models(
        &mut self,
        cube: &[Lit],
        projection: Option<&[Var]>,
        limit: Option<usize>,
        models: &mut Vec<Vec<bool>>,
    ) -> EnumerationEnd {
        if limit.is_some_and(|limit| models.len() >= limit) {
            return EnumerationEnd::LimitReached;
        }
        let activation = self.activation();
        let mut under = cube.to_vec();
        under.push(activation);
        let end = loop {
            let last = models.last().expect("the cube's first model");
            let mut clause = blocking_clause(last, projection);
            clause.push(!activation);
            self.solver.add_clause(&clause);
            match self.solver.solve(&under) {
                Outcome::Sat(model) => models.push(self.trimmed(model)),
                Outcome::Unsat => break EnumerationEnd::Exhausted,
                Outcome::Unknown => break EnumerationEnd::Unknown,
            }
            if limit.is_some_and(|limit| models.len() >= limit) {
                break EnumerationEnd::LimitReached;
            }
        };
        // The cube's blocking clauses are satisfied from now on.
        self.solver.add_clause(&[!activation]);
        end
    }

    /// A fresh activation variable, after a rebuild if too many are retired.
    fn activation(&mut self) -> Lit {
        if self.spent.len() >= self.real_vars.max(self.rebuild_after) {
            self.rebuild();
        }
        let index = match self.spent.last() {
            Some(&last) => self.real_vars.max(last + 1),
            None => self.real_vars,
        };
        self.spent.push(index);
        Var::from_index(index).positive()
    }

    /// Notes the variables of `lits` (a clause or a cube); one already spent on
    /// activation is fixed false in the solver, which must then be built afresh.
    fn uses(&mut self, lits: &[Lit]) {
        let Some(max) = lits.iter().map(|lit| lit.var().index() + 1).max() else {
            return;
        };
        self.real_vars = self.real_vars.max(max);
        let first = self.spent.first().copied().unwrap_or(usize::MAX);
        let spent = |lit: &Lit| {
            let index = lit.var().index();
            index >= first && self.spent.binary_search(&index).is_ok()
        };
        if lits.iter().any(spent) {
            self.rebuild();
        }
    }

    /// Builds the solver afresh from the formula, keeping its counters.
    fn rebuild(&mut self) {
        let fresh = CubeSolver::new(&self.formula, &self.setup);
        match std::mem::replace(&mut self.solver, fresh) {
            CubeSolver::Root(solver) => add_stats(&mut self.earlier, solver.stats()),
            CubeSolver::Simplify { searched, .. } => self.earlier_searched += searched,
            // An engine behind the trait shows its counters only as text: after a
            // rebuild the report covers the current engine (and says how many went).
            CubeSolver::Assumptions(_) => {}
        }
        self.rebuilds += 1;
        self.spent.clear();
    }

    /// Rebuilds after `count` retired activation variables (or the formula's variable
    /// count, if larger): lets a test see many rebuilds without thousands of cubes.
    #[cfg(test)]
    fn set_rebuild_after(&mut self, count: usize) {
        self.rebuild_after = count;
    }

    /// Moves a cube to a fresh engine after `conflicts` at the root level: lets a test
    /// take that path on formulas too small to need it.
    #[cfg(test)]
    fn set_root_budget(&mut self, conflicts: u64) {
        self.root_budget = conflicts;
    }

    /// `model` cut to the formula's variables (the solver's also holds activation ones).
    fn trimmed(&self, mut model: Vec<bool>) -> Vec<bool> {
        model.resize(self.real_vars, false);
        model
    }

    /// Counters as `c` lines, summed over the rebuilds, and the number of rebuilds.
    pub fn write_stats(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        match &self.solver {
            CubeSolver::Root(solver) => {
                let mut total = self.earlier.clone();
                add_stats(&mut total, solver.stats());
                total.write_comments(out)?;
            }
            CubeSolver::Simplify { searched, .. } => crate::solver::write_counters(
                out,
                &[("blocks searched", self.earlier_searched + searched)],
            )?,
            CubeSolver::Assumptions(engine) => engine.write_stats(out)?,
        }
        crate::solver::write_counters(
            out,
            &[
                ("over budget", self.over_budget),
                ("fresh engines", self.fresh_engines),
                ("rebuilds", self.rebuilds),
            ],
        )
    }
}

/// Adds the counters of `more` to `total`. The pattern names every field, so a new
/// counter fails to compile here rather than vanish from the sums.
fn add_stats(total: &mut Stats, more: &Stats) {
    let Stats {
        conflicts,
        decisions,
        column_decisions,
        propagations,
        restarts,
        learnt_clauses,
        deleted_clauses,
        reductions,
        learnt_literals,
        minimised_literals,
        shrunk_literals,
        garbage_collections,
        eager_subsumed,
        simplified_clauses,
        mode_switches,
        rephases,
        walks,
        walk_flips,
        weighted_walks,
        weighted_flips,
        eliminated_vars,
        subsumed_clauses,
        strengthened_literals,
        gates_found,
        substituted_vars,
        xors_found,
        xor_matrices,
        xor_propagations,
        xor_conflicts,
        xor_dropped,
        vivified_clauses,
        vivified_literals,
        vivify_propagations,
        chrono_backtracks,
        missed_implications,
    } = more;
    total.conflicts += conflicts;
    total.decisions += decisions;
    total.column_decisions += column_decisions;
    total.propagations += propagations;
    total.restarts += restarts;
    total.learnt_clauses += learnt_clauses;
    total.deleted_clauses += deleted_clauses;
    total.reductions += reductions;
    total.learnt_literals += learnt_literals;
    total.minimised_literals += minimised_literals;
    total.shrunk_literals += shrunk_literals;
    total.garbage_collections += garbage_collections;
    total.eager_subsumed += eager_subsumed;
    total.simplified_clauses += simplified_clauses;
    total.mode_switches += mode_switches;
    total.rephases += rephases;
    total.walks += walks;
    total.walk_flips += walk_flips;
    total.weighted_walks += weighted_walks;
    total.weighted_flips += weighted_flips;
    total.eliminated_vars += eliminated_vars;
    total.subsumed_clauses += subsumed_clauses;
    total.strengthened_literals += strengthened_literals;
    total.gates_found += gates_found;
    total.substituted_vars += substituted_vars;
    total.xors_found += xors_found;
    total.xor_matrices += xor_matrices;
    total.xor_propagations += xor_propagations;
    total.xor_conflicts += xor_conflicts;
    total.xor_dropped += xor_dropped;
    total.vivified_clauses += vivified_clauses;
    total.vivified_literals += vivified_literals;
    total.vivify_propagations += vivify_propagations;
    total.chrono_backtracks += chrono_backtracks;
    total.missed_implications += missed_implications;
}

#[cfg(test)]
mod tests;
