//! The contract between the search engines and everything else: the [`Engine`] trait,
//! the [`Outcome`] every solve call returns, the [`Limits`] a caller sets and the
//! [`EngineKind`] names. This is the bottom of `solver`: the engines ([`super::dpll`],
//! [`super::splr`], [`super::cdcl`]) implement it, and [`super::factory`] builds them,
//! so the binary (and model enumeration, which adds blocking clauses between solves)
//! never cares which one runs.
//!
//! | kind | technique | limits honoured |
//! |---|---|---|
//! | [`EngineKind::Cdcl`] | our CDCL ([`super::cdcl`]) | conflicts, interrupt, restart policy, elimination, options |
//! | [`EngineKind::Dpll`] | classic DPLL ([`super::dpll`]), the baseline | conflicts (= backtracks), interrupt |
//! | [`EngineKind::Splr`] | the splr crate ([`super::splr`]) | timeout, interrupt; no conflict limit |
//!
//! Contract shared by every [`Engine`]: clauses may be added before and between
//! [`Engine::solve`] calls and only ever strengthen the formula; assumptions passed to
//! [`Engine::solve_with_assumptions`] hold for that call only; `solve` returns a model of
//! every clause added so far (one value per variable, the count growing with the clauses),
//! `Unsat`, or `Unknown` when a limit stopped it; after `Unknown` the engine can be called
//! again. No engine writes to stdout, which carries data only.

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::cdcl::{self, RestartPolicy};
use crate::lit::Lit;

/// The result of a solve call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Satisfiable: the value of every variable, indexed by [`crate::Var::index`]; the
    /// length equals the formula's variable count.
    Sat(Vec<bool>),
    /// Unsatisfiable.
    Unsat,
    /// The search stopped (conflict limit or interrupt) before an answer was found.
    Unknown,
}

/// Which search engine to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EngineKind {
    /// Our conflict-driven clause-learning solver (the default).
    #[default]
    Cdcl,
    /// Classic DPLL: unit propagation, MOMS branching, chronological backtracking.
    Dpll,
    /// The splr crate (0.17.2), an independent modern CDCL solver.
    Splr,
}

impl EngineKind {
    /// Every kind, in the order `--help` should list them.
    pub const ALL: [EngineKind; 3] = [EngineKind::Cdcl, EngineKind::Dpll, EngineKind::Splr];

    /// The command-line name: `cdcl`, `dpll` or `splr`.
    pub const fn name(self) -> &'static str {
        match self {
            EngineKind::Cdcl => "cdcl",
            EngineKind::Dpll => "dpll",
            EngineKind::Splr => "splr",
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of `cdcl`, `dpll`, `splr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine \"{0}\" (expected cdcl, dpll or splr)")]
pub struct UnknownEngine(pub String);

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    /// Parses a command-line name, ignoring ASCII case.
    fn from_str(text: &str) -> Result<EngineKind, UnknownEngine> {
        EngineKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownEngine(text.to_string()))
    }
}

/// When to give up (with [`Outcome::Unknown`]), how CDCL restarts, whether it
/// preprocesses and how it is tuned. `Default` is "no limit, the default restart policy,
/// no elimination, the default options".
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Conflicts allowed per solve call: CDCL conflicts, DPLL backtracks; splr has no
    /// such limit and ignores it.
    pub conflicts: Option<u64>,
    /// Once set (by a timer or a signal handler), the search stops soon: CDCL reads it
    /// every few hundred conflicts, DPLL every few hundred steps, splr's caller every 10 ms.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Wall-clock budget per solve call. Only splr uses it (as its own `c_timeout`, in
    /// whole seconds, so its worker thread stops too); for CDCL and DPLL the caller sets
    /// `interrupt` when time is up.
    pub timeout: Option<Duration>,
    /// CDCL restart policy; the other engines have their own schedules or none.
    pub restarts: RestartPolicy,
    /// CDCL: bounded variable elimination before the first search without assumptions
    /// (see [`super::cdcl::Solver::set_elimination`]); the other engines ignore it.
    pub elimination: bool,
    /// CDCL tuning constants (`satsolve --set`); the other engines ignore them.
    pub cdcl: cdcl::Options,
}

/// A SAT search engine: clauses in, [`Outcome`] out, incremental between solves.
pub trait Engine {
    /// Adds a clause (duplicates, tautologies and the empty clause are allowed); the
    /// variable count grows to cover it. Valid before and between [`Engine::solve`] calls.
    fn add_clause(&mut self, lits: &[Lit]);

    /// Searches for a model of all clauses added so far.
    fn solve(&mut self) -> Outcome {
        self.solve_with_assumptions(&[])
    }

    /// Searches for a model of all clauses added so far in which every literal of
    /// `assumptions` is true. [`Outcome::Unsat`] then means "none under these
    /// assumptions": the assumptions hold for this call only, and the engine stays usable
    /// for other assumptions. CDCL keeps what it learnt across calls (this is what makes
    /// a stream of puzzles over one layout cheap); DPLL and splr start each call afresh.
    fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome;

    /// Writes this engine's counters as `c name value` lines (cumulative over solves).
    fn write_stats(&self, out: &mut dyn Write) -> io::Result<()>;

    /// The command-line name of the engine (`cdcl`, `dpll`, `splr`).
    fn name(&self) -> &'static str;

    /// Literals assigned by propagation so far, where the engine counts them (for the
    /// propagations-per-second figure of `--stats`).
    fn propagations(&self) -> Option<u64> {
        None
    }

    /// The first error met while writing a proof, if the engine writes one.
    fn proof_error(&self) -> Option<&io::Error> {
        None
    }
}
