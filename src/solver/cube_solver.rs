//! How one cube of a stream is solved: the strategy shared by `satsolve`'s serial and
//! `--jobs` paths.
//!
//! Default with the cdcl engine: one solver built once over the base clauses; each cube
//! is placed on its own root level and treated as facts while it is solved, and the
//! clauses learnt through it are dropped afterwards, those learnt from the base clauses
//! alone kept for the next cubes ([`cdcl::Solver::solve_cube`]). With the
//! dpll and splr engines: unit propagation of the cube over the formula first
//! ([`CubePropagator`]): a conflict is UNSAT, a full assignment is the model, and
//! otherwise a fresh engine searches the simplified formula (a few hundred clauses
//! instead of 12,000 for a 9x9).
//!
//! `--assumptions`: one long-lived engine, each cube as assumptions, learnt clauses kept
//! from cube to cube (MiniSat's incremental interface, as docs/streams.md describes).
//!
//! Measured (user s, one run each, twice, same figures; 20,000 17-clue puzzles / 3,000
//! of forum_hardest_1905_11+): root level 0.56 / 0.89, propagation then a fresh cdcl
//! engine (the default before) 1.74 / 1.48, assumptions 1.67 / 5.91. Under assumptions
//! every learnt clause carries the negated givens (about 110 literals on the hard set)
//! and those clauses slow every later puzzle; a fresh engine learns short clauses but
//! its building (watches, heap) and the propagation pass over occurrence lists cost more
//! than the search on easy puzzles. The root level keeps the built engine and learns the
//! short clauses.

use super::cdcl;
use super::engine::{Engine, EngineKind, Limits, Outcome};
use super::factory::{new_cdcl, new_engine};
use super::propagate::{CubePropagator, Propagated};
use super::stats::write_counters;
use crate::cnf::Cnf;
use crate::lit::Lit;

/// What building a [`CubeSolver`] takes besides the formula: the engine, its limits and
/// the strategy. Small and `Clone`, so that each worker thread of `satsolve --jobs` gets
/// its own copy and builds its own solver.
#[derive(Clone, Debug, Default)]
pub struct EngineSetup {
    /// Which engine searches.
    pub kind: EngineKind,
    /// Limits of every search (`conflicts` applies to each cube), restart policy included.
    pub limits: Limits,
    /// Cubes as assumptions on one long-lived engine, instead of the default strategy of
    /// the engine kind (a root level per cube for cdcl, propagation then a fresh search
    /// for the others).
    pub assumptions: bool,
}

/// Solves cubes over a formula that only grows.
pub enum CubeSolver {
    /// The CDCL engine built once, each cube on its own root level, the clauses
    /// learnt through it dropped after each cube ([`cdcl::Solver::solve_cube`]).
    Root(Box<cdcl::Solver>),
    /// Propagate, then a fresh engine over what is left.
    Simplify {
        /// The engine for the open cubes.
        kind: EngineKind,
        /// Limits of every engine (conflicts per cube), boxed as the cdcl options make
        /// them large.
        limits: Box<Limits>,
        /// The formula, with occurrence lists.
        propagator: Box<CubePropagator>,
        /// Counters summed over the fresh engines' runs, as `c` lines of the last one.
        searched: u64,
    },
    /// One engine, cubes as assumptions.
    Assumptions(Box<dyn Engine>),
}

impl CubeSolver {
    /// A solver over `base`, built as `setup` says.
    pub fn new(base: &Cnf, setup: &EngineSetup) -> CubeSolver {
        let (kind, limits) = (setup.kind, &setup.limits);
        if setup.assumptions {
            return CubeSolver::Assumptions(new_engine(kind, base, limits));
        }
        if kind == EngineKind::Cdcl {
            return CubeSolver::Root(Box::new(new_cdcl(base, limits)));
        }
        CubeSolver::Simplify {
            kind,
            limits: Box::new(limits.clone()),
            propagator: Box::new(CubePropagator::new(base)),
            searched: 0,
        }
    }

    /// Adds a clause for this and every later cube.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        match self {
            CubeSolver::Root(solver) => solver.add_clause(clause),
            CubeSolver::Simplify { propagator, .. } => propagator.add_clause(clause),
            CubeSolver::Assumptions(engine) => engine.add_clause(clause),
        }
    }

    /// Solves the formula with `cube` true.
    pub fn solve(&mut self, cube: &[Lit]) -> Outcome {
        match self {
            CubeSolver::Root(solver) => solver.solve_cube(cube),
            CubeSolver::Assumptions(engine) => engine.solve_with_assumptions(cube),
            CubeSolver::Simplify {
                kind,
                limits,
                propagator,
                searched,
            } => match propagator.propagate(cube) {
                Propagated::Conflict => Outcome::Unsat,
                Propagated::Model(model) => Outcome::Sat(model),
                Propagated::Open(rest) => {
                    *searched += 1;
                    new_engine(*kind, &rest, limits).solve()
                }
            },
        }
    }

    /// Counters as `c` lines: the engine's, or how many cubes needed a search.
    pub fn write_stats(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        match self {
            CubeSolver::Root(solver) => solver.stats().write_comments(out),
            CubeSolver::Assumptions(engine) => engine.write_stats(out),
            CubeSolver::Simplify { searched, .. } => {
                write_counters(out, &[("blocks searched", *searched)])
            }
        }
    }
}
