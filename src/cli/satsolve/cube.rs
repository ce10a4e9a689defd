//! One cube, one answer block: the step that the serial path and every `--jobs` worker
//! take for each cube of a stream, and the [`Tally`] of the blocks answered. Which
//! strategy solves the cube (a root level, propagation, assumptions) is the solver's
//! business ([`CubeSolver`]); this step adds the stop flag and the answer's text.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::cli::answer::{push_block, Listing};
use crate::cnf::Cnf;
use crate::lit::Lit;
use crate::solver::cube_solver::{CubeSolver, EngineSetup};
use crate::solver::Outcome;

/// The blocks answered so far, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `s SATISFIABLE` blocks.
    pub sat: u64,
    /// `s UNSATISFIABLE` blocks.
    pub unsat: u64,
    /// `s UNKNOWN` blocks.
    pub unknown: u64,
}

impl Tally {
    /// Counts one outcome.
    pub fn count(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Sat(_) => self.sat += 1,
            Outcome::Unsat => self.unsat += 1,
            Outcome::Unknown => self.unknown += 1,
        }
    }

    /// Adds another tally.
    pub fn add(&mut self, other: Tally) {
        self.sat += other.sat;
        self.unsat += other.unsat;
        self.unknown += other.unknown;
    }

    /// All blocks.
    pub fn blocks(&self) -> u64 {
        self.sat + self.unsat + self.unknown
    }

    /// The exit code of the run: 20 if any block is UNSAT, 10 if all are SAT, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.unsat > 0 {
            20
        } else if self.unknown == 0 {
            10
        } else {
            0
        }
    }
}

/// A cube solver with what its answers need: the run's stop flag and which literals the
/// `v` lines list.
pub(super) struct Answerer {
    solver: CubeSolver,
    /// Set by the time-out or Ctrl-C: every later cube is answered `s UNKNOWN`.
    stop: Arc<AtomicBool>,
    listing: Listing,
}

impl Answerer {
    /// An answerer over `base`, its solver built as `setup` says; the stop flag is the
    /// set-up's interrupt.
    pub(super) fn new(base: &Cnf, setup: &EngineSetup, listing: Listing) -> Answerer {
        Answerer {
            solver: CubeSolver::new(base, setup),
            stop: setup.limits.interrupt.clone().unwrap_or_default(),
            listing,
        }
    }

    /// Adds a clause for this and every later cube.
    pub(super) fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    /// Answers `cube`: solves it (or gives `s UNKNOWN` once the run is stopped), appends
    /// its block to `text` and counts it in `tally`.
    pub(super) fn answer(&mut self, cube: &[Lit], text: &mut Vec<u8>, tally: &mut Tally) {
        let outcome = if self.stop.load(Ordering::Relaxed) {
            Outcome::Unknown
        } else {
            self.solver.solve(cube)
        };
        tally.count(&outcome);
        push_block(text, &outcome, &self.listing);
    }

    /// The solver's counters as `c` lines.
    pub(super) fn write_stats(&self, out: &mut dyn io::Write) -> io::Result<()> {
        self.solver.write_stats(out)
    }
}
