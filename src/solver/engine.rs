//! One interface over the three search engines `satsolve` offers, so that the binary (and
//! model enumeration, which adds blocking clauses between solves) never cares which one
//! runs.
//!
//! | kind | technique | limits honoured |
//! |---|---|---|
//! | [`EngineKind::Cdcl`] | our CDCL ([`super::cdcl`]) | conflicts, interrupt, restart policy |
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

use super::cdcl::{self, ProofFormat, RestartPolicy};
use super::dpll::Dpll;
use super::splr::SplrEngine;
use super::Outcome;
use crate::cnf::Cnf;
use crate::lit::Lit;

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

/// When to give up (with [`Outcome::Unknown`]) and how CDCL restarts. `Default` is "no
/// limit, Luby restarts".
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

/// Where a DRAT proof goes. Only the CDCL engine writes proofs.
pub struct ProofOutput {
    /// The proof file (buffered inside the solver).
    pub out: Box<dyn Write + Send>,
    /// Text or binary DRAT.
    pub format: ProofFormat,
}

/// A proof was asked of an engine that cannot write one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {0} engine writes no proofs (use the cdcl engine)")]
pub struct ProofUnsupported(pub EngineKind);

/// Like [`new_engine`], writing a DRAT proof to `proof`. The proof is attached before the
/// clauses are added, so the simplifications made while adding them are logged too.
pub fn new_engine_with_proof(
    kind: EngineKind,
    cnf: &Cnf,
    limits: &Limits,
    proof: ProofOutput,
) -> Result<Box<dyn Engine>, ProofUnsupported> {
    if kind != EngineKind::Cdcl {
        return Err(ProofUnsupported(kind));
    }
    let mut solver = cdcl::Solver::with_vars(cnf.num_vars());
    solver.set_proof(proof.out, proof.format);
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    configure(&mut solver, limits);
    Ok(Box::new(solver))
}

/// Applies the CDCL-relevant `limits`.
fn configure(solver: &mut cdcl::Solver, limits: &Limits) {
    solver.set_conflict_limit(limits.conflicts);
    solver.set_restart_policy(limits.restarts);
    if let Some(flag) = &limits.interrupt {
        solver.set_interrupt(Arc::clone(flag));
    }
}

/// Our CDCL solver over `cnf` with `limits` in force, for callers that need more than
/// the [`Engine`] interface (such as [`cdcl::Solver::solve_cube`]).
pub fn new_cdcl(cnf: &Cnf, limits: &Limits) -> cdcl::Solver {
    let mut solver = cdcl::Solver::new(cnf);
    configure(&mut solver, limits);
    solver
}

/// Builds the engine `kind` over the clauses and variables of `cnf`, with `limits` in
/// force for every solve call.
///
/// ```
/// use sudosat::solver::{new_engine, EngineKind, Limits, Outcome};
/// use sudosat::{Cnf, Lit};
///
/// let lit = |n| Lit::from_dimacs(n).unwrap();
/// let mut cnf = Cnf::new(2);
/// cnf.add_clause(&[lit(1), lit(2)]);
/// cnf.add_clause(&[lit(-1)]);
/// for kind in EngineKind::ALL {
///     let mut engine = new_engine(kind, &cnf, &Limits::default());
///     assert_eq!(engine.solve(), Outcome::Sat(vec![false, true]));
///     engine.add_clause(&[lit(-2)]); // e.g. a blocking clause
///     assert_eq!(engine.solve(), Outcome::Unsat);
/// }
/// ```
pub fn new_engine(kind: EngineKind, cnf: &Cnf, limits: &Limits) -> Box<dyn Engine> {
    match kind {
        EngineKind::Cdcl => Box::new(new_cdcl(cnf, limits)),
        EngineKind::Dpll => Box::new(Dpll::new(cnf, limits)),
        EngineKind::Splr => Box::new(SplrEngine::new(cnf, limits)),
    }
}

impl Engine for cdcl::Solver {
    fn add_clause(&mut self, lits: &[Lit]) {
        cdcl::Solver::add_clause(self, lits);
    }

    fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome {
        cdcl::Solver::solve_with_assumptions(self, assumptions)
    }

    fn write_stats(&self, out: &mut dyn Write) -> io::Result<()> {
        self.stats().write_comments(out)
    }

    fn name(&self) -> &'static str {
        EngineKind::Cdcl.name()
    }

    fn propagations(&self) -> Option<u64> {
        Some(self.stats().propagations)
    }

    fn proof_error(&self) -> Option<&io::Error> {
        cdcl::Solver::proof_error(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in EngineKind::ALL {
            assert_eq!(kind.to_string().parse::<EngineKind>(), Ok(kind));
            let engine = new_engine(kind, &Cnf::new(0), &Limits::default());
            assert_eq!(engine.name(), kind.name());
        }
        assert_eq!("DPLL".parse::<EngineKind>(), Ok(EngineKind::Dpll));
        let error = "minisat".parse::<EngineKind>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown engine \"minisat\" (expected cdcl, dpll or splr)"
        );
        assert_eq!(EngineKind::default(), EngineKind::Cdcl);
    }
}
