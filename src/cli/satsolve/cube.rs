//! One cube, one answer block: the step that the serial path and every `--jobs` worker
//! take for each cube of a stream, and the [`Tally`] of the blocks answered. Which
//! strategy solves the cube (a root level, propagation, assumptions) is the solver's
//! business ([`CubeSolver`]); this step adds the stop flag and the answer's text.
//!
//! With `--models N` a cube's answer is a group instead ([`crate::model::group`]): the
//! line `c cube K models M END`, then M `s SATISFIABLE` blocks, or one `s UNSATISFIABLE`
//! or `s UNKNOWN` block when M is 0. The models come from [`CubeModels`]; they are
//! written sorted by their values on the projection, so that a cube with at most N
//! models reads the same whichever engine state found them first (a `--jobs` worker's
//! state depends on the cubes it was handed before).

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::cli::answer::{push_block, Listing};
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::model::group::ModelsLine;
use crate::solver::cube_solver::{CubeSolver, EngineSetup};
use crate::solver::enumerate::{CubeAnswer, CubeModels, EnumerationEnd};
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
    /// Models written (`--models`; a cube with models counts once in `sat`).
    pub models: u64,
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
        self.models += other.models;
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

/// What `--models N` asks of every cube of a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ModelsPlan {
    /// At most this many models per cube (`None`: all of them).
    pub(super) limit: Option<usize>,
    /// The variables models must differ on (`c p show`; `None`: all).
    pub(super) projection: Option<Vec<Var>>,
}

/// How each cube is searched: for its first model, or for up to N.
enum Search {
    First(CubeSolver),
    Models(Box<CubeModels>, ModelsPlan),
}

/// A cube solver with what its answers need: the run's stop flag and which literals the
/// `v` lines list.
pub(super) struct Answerer {
    search: Search,
    /// Set by the time-out or Ctrl-C: every later cube is answered `s UNKNOWN`.
    stop: Arc<AtomicBool>,
    listing: Listing,
}

impl Answerer {
    /// An answerer over `base`, its solver built as `setup` says, looking for up to N
    /// models per cube if `models` is set; the stop flag is the set-up's interrupt.
    pub(super) fn new(
        base: &Cnf,
        setup: &EngineSetup,
        listing: Listing,
        models: Option<&ModelsPlan>,
    ) -> Answerer {
        let search = match models {
            None => Search::First(CubeSolver::new(base, setup)),
            Some(plan) => Search::Models(Box::new(CubeModels::new(base, setup)), plan.clone()),
        };
        Answerer {
            search,
            stop: setup.limits.interrupt.clone().unwrap_or_default(),
            listing,
        }
    }

    /// Adds a clause for this and every later cube.
    pub(super) fn add_clause(&mut self, clause: &[Lit]) {
        match &mut self.search {
            Search::First(solver) => solver.add_clause(clause),
            Search::Models(finder, _) => finder.add_clause(clause),
        }
    }

    /// Answers `cube`, the `number`-th of the stream: solves it (or gives `s UNKNOWN`
    /// once the run is stopped), appends its block (or group) to `text` and counts it in
    /// `tally`.
    pub(super) fn answer(
        &mut self,
        number: usize,
        cube: &[Lit],
        text: &mut Vec<u8>,
        tally: &mut Tally,
    ) {
        let stopped = self.stop.load(Ordering::Relaxed);
        let (finder, plan) = match &mut self.search {
            Search::First(solver) => {
                let outcome = if stopped {
                    Outcome::Unknown
                } else {
                    solver.solve(cube)
                };
                tally.count(&outcome);
                push_block(text, &outcome, &self.listing);
                return;
            }
            Search::Models(finder, plan) => (finder, plan),
        };
        let projection = plan.projection.as_deref();
        let CubeAnswer { mut models, end } = if stopped {
            CubeAnswer {
                models: Vec::new(),
                end: EnumerationEnd::Unknown,
            }
        } else {
            finder.models(cube, projection, plan.limit)
        };
        models.sort_by_cached_key(|model| projected(model, projection));
        let header = ModelsLine {
            cube: number,
            models: models.len(),
            end,
        };
        text.extend_from_slice(format!("{header}\n").as_bytes());
        tally.models += models.len() as u64;
        if models.is_empty() {
            let outcome = match end {
                EnumerationEnd::Exhausted => Outcome::Unsat,
                _ => Outcome::Unknown,
            };
            tally.count(&outcome);
            push_block(text, &outcome, &self.listing);
            return;
        }
        tally.sat += 1;
        for model in models {
            push_block(text, &Outcome::Sat(model), &self.listing);
        }
    }

    /// The solver's counters as `c` lines.
    pub(super) fn write_stats(&self, out: &mut dyn io::Write) -> io::Result<()> {
        match &self.search {
            Search::First(solver) => solver.write_stats(out),
            Search::Models(finder, _) => finder.write_stats(out),
        }
    }
}

/// The values of `model` on `projection` (every variable if `None`): what the models of
/// a cube are sorted by.
fn projected(model: &[bool], projection: Option<&[Var]>) -> Vec<bool> {
    match projection {
        Some(vars) => vars
            .iter()
            .map(|var| model.get(var.index()).copied().unwrap_or(false))
            .collect(),
        None => model.to_vec(),
    }
}
