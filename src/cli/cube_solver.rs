//! How one cube of a stream is solved: the strategy shared by `satsolve`'s serial and
//! `--jobs` paths.
//!
//! Default: unit propagation of the cube over the formula first ([`Propagator`]): a
//! conflict is UNSAT, a full assignment is the model (on Sudoku: naked and hidden singles
//! solve most 17-clue puzzles), and otherwise a fresh engine searches the simplified
//! formula (a few hundred clauses instead of 12,000 for a 9x9).
//!
//! `--assumptions`: one long-lived engine, each cube as assumptions, learnt clauses kept
//! from cube to cube (MiniSat's incremental interface). Measured on 20,000 17-clue
//! puzzles / 3,000 of forum_hardest_1905_11+ (user s): assumptions 1.85 / 7.0, a fresh
//! engine over the whole formula with the givens as units 9.3 / 2.5, the default 1.8 /
//! 1.6. Under assumptions every learnt clause carries the negated givens (about 110
//! literals on the hard set) and those clauses slow every later puzzle; a fresh engine
//! over the simplified formula learns short clauses and costs little to build.

use super::propagate::{Propagated, Propagator};
use crate::cnf::Cnf;
use crate::lit::Lit;
use crate::solver::{new_engine, write_counters, Engine, EngineKind, Limits, Outcome};

/// Solves cubes over a formula that only grows.
pub enum CubeSolver {
    /// Propagate, then a fresh engine over what is left.
    Simplify {
        /// The engine for the open cubes.
        kind: EngineKind,
        /// Limits of every engine (conflicts per cube).
        limits: Limits,
        /// The formula, with occurrence lists.
        propagator: Box<Propagator>,
        /// Counters summed over the fresh engines' runs, as `c` lines of the last one.
        searched: u64,
    },
    /// One engine, cubes as assumptions.
    Assumptions(Box<dyn Engine>),
}

impl CubeSolver {
    /// A solver over `base` with `limits` (its `conflicts` applies to each cube).
    pub fn new(kind: EngineKind, base: &Cnf, limits: &Limits, assumptions: bool) -> CubeSolver {
        if assumptions {
            return CubeSolver::Assumptions(new_engine(kind, base, limits));
        }
        CubeSolver::Simplify {
            kind,
            limits: limits.clone(),
            propagator: Box::new(Propagator::new(base)),
            searched: 0,
        }
    }

    /// Adds a clause for this and every later cube.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        match self {
            CubeSolver::Simplify { propagator, .. } => propagator.add_clause(clause),
            CubeSolver::Assumptions(engine) => engine.add_clause(clause),
        }
    }

    /// Solves the formula with `cube` true.
    pub fn solve(&mut self, cube: &[Lit]) -> Outcome {
        match self {
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
            CubeSolver::Assumptions(engine) => engine.write_stats(out),
            CubeSolver::Simplify { searched, .. } => {
                write_counters(out, &[("blocks searched", *searched)])
            }
        }
    }
}
