//! The harness must be able to fail: a tampered model, a wrong verdict, a bogus proof
//! and a disagreement between solvers are each caught. The solvers here are shell
//! scripts standing in for `satsolve` and the peers, lying in a known way.

use super::*;
use crate::testkit::fixtures::scratch;
use crate::testkit::peers::Peer;
use std::os::unix::fs::PermissionsExt;

/// An executable `sh` script `name` in `dir` with `body`; returns its path.
pub(crate) fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Tools whose satsolve is `satsolve` and whose only peer (MiniSat) is `minisat`.
pub(crate) fn tools(dir: &Path, satsolve: PathBuf, minisat: Option<PathBuf>) -> Tools {
    Tools {
        satsolve,
        sudoku2cnf: PathBuf::from("/nonexistent/sudoku2cnf"),
        peers: minisat
            .map(|program| Peer::MiniSat.at(program))
            .into_iter()
            .collect(),
        scratch: dir.to_path_buf(),
        timeout: 10,
        dpll_puzzle_conflicts: None,
        own_checker_steps: OWN_CHECKER_STEPS,
    }
}

/// (1 or 2) and (not 1 or 2): satisfiable, and only with 2 true.
fn two_clauses() -> Formula {
    Formula {
        vars: 2,
        clauses: vec![vec![1, 2], vec![-1, 2]],
    }
}

#[test]
fn the_model_checker_rejects_tampered_models() {
    let formula = two_clauses();
    assert!(check_model(&formula, &[1, 2]).is_ok());
    assert!(check_model(&formula, &[-1, 2]).is_ok());
    let falsified = check_model(&formula, &[1, -2]).unwrap_err();
    assert!(falsified.contains("falsifies clause 2"), "{falsified}");
    // A variable left out satisfies nothing; one given both values is refused.
    assert!(check_model(&formula, &[1]).is_err());
    assert!(check_model(&formula, &[1, -1, 2])
        .unwrap_err()
        .contains("both"));
    assert!(check_model(&formula, &[3]).unwrap_err().contains("beyond"));
}

#[test]
fn disagreeing_verdicts_are_caught_and_unknown_is_no_verdict() {
    use Verdict::*;
    assert_eq!(agree(&[("a", Sat), ("b", Unknown), ("c", Sat)]), Ok(Sat));
    assert_eq!(agree(&[("a", Unknown)]), Ok(Unknown));
    assert!(agree(&[("a", Sat), ("b", Unsat)]).is_err());
    assert!(agree(&[("a", Unsat), ("b", Unknown), ("c", Sat)]).is_err());
}

#[test]
fn a_proof_of_a_satisfiable_formula_is_rejected() {
    let unsat = Formula {
        vars: 1,
        clauses: vec![vec![1], vec![-1]],
    };
    assert!(check_proof(&unsat, b"0\n", OWN_CHECKER_STEPS).is_ok());
    assert!(check_proof(&two_clauses(), b"0\n", OWN_CHECKER_STEPS).is_err());
    // dratify alone (our checker skipped) rejects it too.
    assert!(check_proof(&two_clauses(), b"0\n", 0).is_err());
}

#[test]
fn a_solver_printing_a_wrong_model_fails_the_check() {
    let dir = scratch("wrong-model");
    let liar = script(
        &dir,
        "satsolve",
        "echo 's SATISFIABLE'\necho 'v 1 -2 0'\nexit 10",
    );
    let mut count = Count::default();
    let error = tools(&dir, liar, None)
        .check_formula(&two_clauses(), false, &mut count)
        .unwrap_err();
    assert!(error.contains("falsifies"), "{error}");
}

#[test]
fn a_solver_claiming_unsat_without_a_valid_proof_fails_the_check() {
    let dir = scratch("wrong-unsat");
    // Writes the proof file named after --proof: just the empty clause.
    let liar = script(
        &dir,
        "satsolve",
        "while [ $# -gt 0 ]; do [ \"$1\" = --proof ] && printf '0\\n' > \"$2\"; shift; done\necho 's UNSATISFIABLE'\nexit 20",
    );
    let mut count = Count::default();
    let error = tools(&dir, liar, None)
        .check_formula(&two_clauses(), false, &mut count)
        .unwrap_err();
    assert!(error.contains("reject"), "{error}");
    assert_eq!(count.proofs, 0);
}

#[test]
fn a_peer_with_another_verdict_is_a_disagreement() {
    let dir = scratch("peer-disagrees");
    let honest = script(
        &dir,
        "satsolve",
        "echo 's SATISFIABLE'\necho 'v -1 2 0'\nexit 10",
    );
    let mut count = Count::default();
    let good = tools(&dir, honest.clone(), None).check_formula(&two_clauses(), false, &mut count);
    assert_eq!(good, Ok(Verdict::Sat));
    // cdcl with a proof, cdcl without (the XOR matrices on), splr.
    assert_eq!((count.models, count.solver_runs), (3, 3));
    let unsat_peer = script(&dir, "minisat", "echo UNSAT > \"$4\"\nexit 20");
    let error = tools(&dir, honest, Some(unsat_peer))
        .check_formula(&two_clauses(), false, &mut count)
        .unwrap_err();
    assert!(
        error.contains("minisat") && error.contains("Unsat"),
        "{error}"
    );
}
