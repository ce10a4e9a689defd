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
//! the next puzzle may well have that very grid as its solution. So each cube's blocking
//! clauses carry an activation literal, the technique of MiniSat's incremental interface
//! (Eén and Sörensson, "Temporary clauses", 2003): for the cube `c` a fresh variable `a`,
//! blocking clauses `¬a ∨ (not this model)`, searches under `c ∧ a`, and after the cube
//! the unit `¬a`, which satisfies those clauses for good (the solver drops satisfied
//! clauses at level 0). Whatever the solver learnt from them mentions `¬a` or was learnt
//! under the cube and is dropped with it, so nothing leaks into a later cube, on every
//! strategy of [`CubeSolver`] (a root level, propagation, assumptions). The first model
//! of a cube is searched without `a`, exactly as a plain stream solves it.
//!
//! The retired activation variables stay, fixed false: a model grows by one value per
//! cube that looked for a second model, and a million puzzles would make every model a
//! million values long. So once the retired variables outnumber the formula's own (or
//! [`REBUILD_AFTER`], whichever is larger) the solver is built afresh from the formula
//! and the clauses added since; the same happens if a clause or cube read later uses a
//! variable number already spent on activation. A rebuild costs one engine build per
//! thousand cubes or more.

use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::solver::cube_solver::{CubeSolver, EngineSetup};
use crate::solver::{Engine, Outcome, Stats};

/// Retired activation variables tolerated before a rebuild, at least (see the module
/// docs): with a 9x9 formula's 729 variables, one engine build per 1,024 cubes.
pub const REBUILD_AFTER: usize = 1024;

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
/// activation literals and rebuilds of the module docs.
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
    /// Solvers replaced by a rebuild.
    rebuilds: u64,
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
            rebuilds: 0,
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
        let first = self.solver.solve(cube);
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
        crate::solver::write_counters(out, &[("rebuilds", self.rebuilds)])
    }
}

/// Adds the counters of `more` to `total`. The pattern names every field, so a new
/// counter fails to compile here rather than vanish from the sums.
fn add_stats(total: &mut Stats, more: &Stats) {
    let Stats {
        conflicts,
        decisions,
        propagations,
        restarts,
        learnt_clauses,
        deleted_clauses,
        reductions,
        learnt_literals,
        minimised_literals,
        garbage_collections,
        simplified_clauses,
    } = more;
    total.conflicts += conflicts;
    total.decisions += decisions;
    total.propagations += propagations;
    total.restarts += restarts;
    total.learnt_clauses += learnt_clauses;
    total.deleted_clauses += deleted_clauses;
    total.reductions += reductions;
    total.learnt_literals += learnt_literals;
    total.minimised_literals += minimised_literals;
    total.garbage_collections += garbage_collections;
    total.simplified_clauses += simplified_clauses;
}

#[cfg(test)]
#[path = "enumerate_tests.rs"]
mod tests;
