//! Building engines: [`new_engine`] turns an [`EngineKind`] and a formula into a
//! ready [`Engine`] with its [`Limits`] in force. This is the one module that knows every
//! engine, so it sits above them: the engines ([`super::cdcl`], [`super::dpll`],
//! [`super::splr`]) see only the contract in [`super::engine`], and a new engine is one
//! more arm here. Our CDCL solver's [`Engine`] implementation lives here too, since
//! `cdcl` itself knows nothing of the trait.

use std::io::{self, Write};
use std::sync::Arc;

use super::cdcl::{self, ProofFormat};
use super::dpll::Dpll;
use super::engine::{Engine, EngineKind, Limits, Outcome};
use super::splr::SplrEngine;
use crate::cnf::Cnf;
use crate::lit::Lit;

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
    let mut solver = cdcl::Solver::with_vars_and_options(cnf.num_vars(), limits.cdcl.clone());
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
    solver.set_elimination(limits.elimination);
    if let Some(flag) = &limits.interrupt {
        solver.set_interrupt(Arc::clone(flag));
    }
}

/// Our CDCL solver over `cnf` with `limits` (and their tuning options) in force, for
/// callers that need more than the [`Engine`] interface (such as
/// [`cdcl::Solver::solve_cube`]).
pub fn new_cdcl(cnf: &Cnf, limits: &Limits) -> cdcl::Solver {
    let mut solver = cdcl::Solver::with_options(cnf, limits.cdcl.clone());
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
