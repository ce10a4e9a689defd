//! The solver with elimination: answers against brute force and against the solver
//! without it, every model checked against the input, every refutation's DRAT proof
//! checked by dratify and our own checker, and the way back for incremental use.

use super::super::proof::{ProofFormat, Shared};
use super::super::Solver;
use crate::cnf::Cnf;
use crate::lit::testing::lits;
use crate::rng::SplitMix64;
use crate::solver::Outcome;
use crate::testkit::brute;
use crate::testkit::diffcheck::check_proof;
use crate::testkit::families::{mixed_lengths, parity_chains, pigeonhole, random_ksat, Formula};

fn eliminating(cnf: &Cnf) -> Solver {
    let mut solver = Solver::new(cnf);
    solver.set_elimination(true);
    solver
}

/// Solves `formula` with elimination and a proof; checks the model or the proof, and
/// the answer against the solver without elimination. Returns (satisfiable, variables
/// removed): eliminated, or substituted by congruence closure, which takes equivalence
/// chains before elimination sees them.
fn check(formula: &Formula) -> (bool, u64) {
    let cnf = formula.to_cnf();
    let sink = Shared::default();
    let mut solver = Solver::with_vars(cnf.num_vars());
    solver.set_proof(Box::new(sink.clone()), ProofFormat::Text);
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    solver.set_elimination(true);
    let outcome = solver.solve();
    let eliminated = solver.stats().eliminated_vars + solver.stats().substituted_vars;
    let expected = Solver::new(&cnf).solve();
    match outcome {
        Outcome::Sat(model) => {
            assert_eq!(model.len(), cnf.num_vars());
            assert!(cnf.is_satisfied_by(&model), "model falsifies a clause");
            assert!(matches!(expected, Outcome::Sat(_)), "{formula:?}");
            (true, eliminated)
        }
        Outcome::Unsat => {
            assert_eq!(expected, Outcome::Unsat, "{formula:?}");
            assert!(solver.proof_error().is_none());
            check_proof(formula, &sink.bytes(), 20_000).unwrap();
            (false, eliminated)
        }
        Outcome::Unknown => panic!("no limit was set"),
    }
}

#[test]
fn answers_models_and_proofs_hold_on_random_formulas() {
    let mut rng = SplitMix64(16);
    let (mut sat, mut unsat, mut eliminated) = (0, 0, 0);
    for round in 0..120 {
        let vars = 20 + round % 60;
        let formula = match round % 3 {
            0 => random_ksat(&mut rng, vars, 3, 4.26),
            1 => mixed_lengths(&mut rng, vars, 5, 3.0),
            _ => parity_chains(&mut rng, 4 + round % 6, round % 2 == 0),
        };
        if formula.vars <= brute::MAX_VARS {
            let is_sat = brute::is_satisfiable(&formula);
            assert_eq!(check(&formula).0, is_sat, "{formula:?}");
        }
        let (is_sat, count) = check(&formula);
        if is_sat {
            sat += 1;
        } else {
            unsat += 1;
        }
        eliminated += count;
    }
    assert!(sat > 10 && unsat > 10, "{sat} SAT and {unsat} UNSAT");
    assert!(eliminated > 150, "only {eliminated} variables eliminated");
}

#[test]
fn pigeonhole_refutations_check_and_equivalence_chains_go() {
    for holes in 3..=5 {
        let mut formula = pigeonhole(holes + 1, holes);
        let (sat, alone) = check(&formula);
        assert!(!sat);
        // A chain of equivalences beside it loses its inner links.
        let first = formula.vars as i64 + 1;
        for var in first..first + 9 {
            formula.clauses.push(vec![-var, var + 1]);
            formula.clauses.push(vec![var, -(var + 1)]);
        }
        formula.vars += 10;
        let (sat, eliminated) = check(&formula);
        assert!(!sat);
        assert!(
            eliminated >= alone + 8,
            "{eliminated} eliminated, {alone} without"
        );
    }
}

#[test]
fn a_clause_on_an_eliminated_variable_brings_them_back() {
    // 2 is eliminated from the chain 1 → 2 → 3 (1 and 3 occur elsewhere, so they stay
    // costlier); then clauses force 2 false while 1 holds: UNSAT only with the chain.
    let mut cnf = Cnf::new(4);
    for clause in [
        &[-1, 2][..],
        &[-2, 3],
        &[1, 3, 4],
        &[-1, -3, 4],
        &[1, -4],
        &[3, -4],
    ] {
        cnf.add_clause(&lits(clause));
    }
    let mut solver = eliminating(&cnf);
    assert!(matches!(solver.solve(), Outcome::Sat(_)));
    assert!(solver.stats().eliminated_vars > 0);
    solver.add_clause(&lits(&[-2]));
    solver.add_clause(&lits(&[1]));
    assert_eq!(solver.solve(), Outcome::Unsat);
}

#[test]
fn assumptions_and_enumeration_see_every_variable() {
    let mut rng = SplitMix64(3);
    for _ in 0..40 {
        let formula = mixed_lengths(&mut rng, 12, 4, 2.0);
        let cnf = formula.to_cnf();
        let mut solver = eliminating(&cnf);
        let mut count = 0u64;
        while let Outcome::Sat(model) = solver.solve() {
            assert!(cnf.is_satisfied_by(&model));
            count += 1;
            let blocking: Vec<i64> = (0..model.len())
                .map(|v| {
                    if model[v] {
                        -(v as i64 + 1)
                    } else {
                        v as i64 + 1
                    }
                })
                .collect();
            solver.add_clause(&lits(&blocking));
        }
        assert_eq!(count, brute::count_models(&formula), "{formula:?}");

        let mut solver = eliminating(&cnf);
        let first = solver.solve();
        for var in 1..=12i64 {
            for assumption in [var, -var] {
                let outcome = solver.solve_with_assumptions(&lits(&[assumption]));
                let expected = brute::is_satisfiable_under(&formula, &[assumption]);
                assert_eq!(matches!(outcome, Outcome::Sat(_)), expected, "{formula:?}");
                if let Outcome::Sat(model) = outcome {
                    assert!(cnf.is_satisfied_by(&model));
                    assert_eq!(model[var as usize - 1], assumption > 0);
                }
            }
        }
        assert_eq!(
            matches!(first, Outcome::Sat(_)),
            brute::is_satisfiable(&formula)
        );
    }
}
