use std::io::Write;
use std::sync::{Arc, Mutex};

use super::super::{check, parse_text};
use super::*;
use crate::rng::SplitMix64;
use crate::solver::cdcl::{ProofFormat, Solver};
use crate::solver::Outcome;
use crate::testkit::families::random_ksat;

/// A proof sink the test can read back.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The verdicts of both checkers, which must be equal.
fn both(formula: &[Vec<i64>], steps: &[Step]) -> Result<usize, String> {
    let simple = check(formula, steps);
    let watched = check_watched(formula, steps);
    assert_eq!(simple, watched, "the checkers disagree");
    watched
}

#[test]
fn the_checkers_agree_on_solver_proofs_and_their_corruptions() {
    let mut rng = SplitMix64(41);
    let mut refuted = 0;
    for round in 0..40 {
        let formula = random_ksat(&mut rng, 40 + round % 20, 3, 4.8);
        let sink = Sink::default();
        let mut solver = Solver::with_vars(formula.vars);
        solver.set_proof(Box::new(sink.clone()), ProofFormat::Text);
        let cnf = formula.to_cnf();
        for clause in cnf.clauses() {
            solver.add_clause(clause);
        }
        if solver.solve() != Outcome::Unsat {
            continue;
        }
        refuted += 1;
        let steps = parse_text(&sink.0.lock().unwrap()).unwrap();
        assert!(both(&formula.clauses, &steps).is_ok());
        // Cut short: no empty clause.
        let cut = &steps[..steps.len() / 2];
        assert!(both(&formula.clauses, cut).is_err());
        // A lemma with a literal flipped, or dropped: usually not RUP any more.
        let mut broken = steps.clone();
        let at = rng.index(broken.len());
        if let Some(lit) = broken[at].1.first_mut() {
            *lit = -*lit;
        }
        both(&formula.clauses, &broken).ok();
        let mut shorter = steps.clone();
        let at = rng.index(shorter.len());
        shorter[at].1.pop();
        both(&formula.clauses, &shorter).ok();
        // Deleting input clauses before the refutation.
        let mut deleting = steps.clone();
        for clause in formula.clauses.iter().take(5) {
            deleting.insert(0, (true, clause.clone()));
        }
        both(&formula.clauses, &deleting).ok();
    }
    assert!(refuted >= 20, "{refuted} refuted");
}

#[test]
fn root_facts_come_and_go_with_their_clauses() {
    // 1, (¬1 ∨ 2), (¬2 ∨ 3): 3 is a root fact, so (3) is RUP; after (¬1 ∨ 2) is
    // deleted it is not, and after the unit 1 is deleted neither is (2).
    let formula = vec![vec![1], vec![-1, 2], vec![-2, 3], vec![-3, -1, 4]];
    let steps = vec![
        (false, vec![3]),
        (false, vec![4]),
        (true, vec![-1, 2]),
        (false, vec![2]),
    ];
    assert!(
        both(&formula, &steps).is_err(),
        "the proof has no empty clause"
    );
    let steps = vec![(true, vec![-1, 2]), (false, vec![3])];
    assert!(both(&formula, &steps).unwrap_err().contains("step 2"));
    let steps = vec![(true, vec![1]), (false, vec![2])];
    assert!(both(&formula, &steps).unwrap_err().contains("step 2"));
    // Conflicting units refute at once; deleting one of them takes that back.
    let formula = vec![vec![1], vec![-1], vec![2, 3]];
    assert_eq!(both(&formula, &[(false, vec![])]), Ok(0));
    let steps = vec![(true, vec![-1]), (false, vec![])];
    assert!(both(&formula, &steps).is_err());
    // A deletion of an absent clause is an error in both.
    assert!(both(&formula, &[(true, vec![5, 6])])
        .unwrap_err()
        .contains("absent"));
}
