//! Tests of the three engines through the [`Engine`] trait: edge cases, limits,
//! incremental solving, and a differential test against each other and brute force.
//!
//! Every answer is checked by code independent of the engines: models with
//! [`Cnf::is_satisfied_by`], UNSAT by enumerating all assignments
//! ([`crate::testkit::brute`], formulas of at most 16 variables here). Random formulas
//! come from a fixed-seed SplitMix64 generator, so a failure names its seed and
//! reproduces.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::{new_engine, Engine, EngineKind, Limits, Outcome};
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::rng::SplitMix64;
use crate::testkit::brute::{count_models, is_satisfiable_under};
use crate::testkit::families::{pigeonhole, random_lits, Formula};

use crate::lit::testing::lits;

fn cnf(num_vars: usize, clauses: &[&[i64]]) -> Cnf {
    let mut cnf = Cnf::new(num_vars);
    for clause in clauses {
        cnf.add_clause(&lits(clause));
    }
    cnf
}

/// Solves `cnf` with a fresh engine of each kind and no limits.
fn solve_all(cnf: &Cnf) -> Vec<(EngineKind, Outcome)> {
    EngineKind::ALL
        .into_iter()
        .map(|kind| (kind, new_engine(kind, cnf, &Limits::default()).solve()))
        .collect()
}

/// Number of models of `cnf`, by enumerating every assignment (at most 2^16).
fn brute_force_count(cnf: &Cnf) -> usize {
    assert!(cnf.num_vars() <= 16, "brute force is for small formulas");
    count_models(&Formula::from(cnf)) as usize
}

/// Asserts that every engine answers `expect_sat` on `cnf`, with a model of the right
/// length that satisfies `cnf` when SAT.
fn assert_all(cnf: &Cnf, expect_sat: bool, what: &str) {
    for (kind, outcome) in solve_all(cnf) {
        match outcome {
            Outcome::Sat(model) => {
                assert!(expect_sat, "{kind}: SAT on unsatisfiable {what}");
                assert_eq!(model.len(), cnf.num_vars(), "{kind}: model length, {what}");
                assert!(cnf.is_satisfied_by(&model), "{kind}: bad model, {what}");
            }
            Outcome::Unsat => assert!(!expect_sat, "{kind}: UNSAT on satisfiable {what}"),
            Outcome::Unknown => panic!("{kind}: UNKNOWN without limits, {what}"),
        }
    }
}

#[test]
fn empty_formula_is_satisfiable_with_every_declared_variable() {
    assert_all(&Cnf::new(0), true, "no variables");
    assert_all(&Cnf::new(5), true, "five unused variables");
    for (kind, outcome) in solve_all(&Cnf::new(3)) {
        assert_eq!(outcome, Outcome::Sat(vec![false; 3]), "{kind}");
    }
}

#[test]
fn empty_clause_is_unsatisfiable() {
    assert_all(&cnf(0, &[&[]]), false, "only the empty clause");
    assert_all(
        &cnf(3, &[&[1, 2], &[], &[-3]]),
        false,
        "empty clause among others",
    );
}

#[test]
fn units_decide_everything() {
    let units = cnf(4, &[&[1], &[-2], &[3], &[-4]]);
    for (kind, outcome) in solve_all(&units) {
        assert_eq!(
            outcome,
            Outcome::Sat(vec![true, false, true, false]),
            "{kind}"
        );
    }
    assert_all(&cnf(2, &[&[1], &[2], &[-1]]), false, "contradictory units");
    assert_all(
        &cnf(2, &[&[1], &[1], &[-1, 2], &[-2]]),
        false,
        "units that propagate",
    );
}

#[test]
fn duplicates_and_tautologies_are_harmless() {
    assert_all(&cnf(2, &[&[1, 1, 1], &[-1, -1, 2, 2]]), true, "duplicates");
    assert_all(&cnf(1, &[&[1, -1]]), true, "x or not x");
    assert_all(&cnf(2, &[&[1, -1], &[2, -2, 1]]), true, "tautologies only");
    assert_all(
        &cnf(2, &[&[1, -1, 2], &[-1], &[1, 1]]),
        false,
        "tautology beside contradictory units",
    );
    assert_all(
        &cnf(2, &[&[1, 2], &[1, -2], &[-1, 2], &[-1, -2, -2]]),
        false,
        "all sign patterns, one duplicated",
    );
}

#[test]
fn variables_grow_with_added_clauses() {
    for kind in EngineKind::ALL {
        let mut engine = new_engine(kind, &Cnf::new(1), &Limits::default());
        engine.add_clause(&lits(&[4]));
        // Variables 1-3 are free: any value is right.
        match engine.solve() {
            Outcome::Sat(model) => assert!(model.len() == 4 && model[3], "{kind}: {model:?}"),
            other => panic!("{kind}: {other:?}"),
        }
    }
}

/// Enumerates every model by blocking clauses, the way `--models` does.
fn count_by_blocking(engine: &mut dyn Engine, cnf: &Cnf) -> usize {
    let mut count = 0;
    loop {
        match engine.solve() {
            Outcome::Sat(model) => {
                assert!(cnf.is_satisfied_by(&model), "{}: bad model", engine.name());
                count += 1;
                let blocking: Vec<Lit> = model
                    .iter()
                    .enumerate()
                    .map(|(index, &value)| Var::from_index(index).lit(!value))
                    .collect();
                engine.add_clause(&blocking);
            }
            Outcome::Unsat => return count,
            Outcome::Unknown => panic!("{}: UNKNOWN without limits", engine.name()),
        }
        assert!(
            count <= 1 << cnf.num_vars(),
            "{}: repeats models",
            engine.name()
        );
    }
}

#[test]
fn blocking_clauses_enumerate_every_model_exactly_once() {
    let formulas = [
        cnf(4, &[&[1, 2], &[-3, 4]]),
        cnf(3, &[&[1, 2, 3]]),
        cnf(3, &[]),
        cnf(2, &[&[1], &[-2]]),
        cnf(2, &[&[1, 2], &[1, -2], &[-1, 2], &[-1, -2]]),
    ];
    for formula in &formulas {
        let expected = brute_force_count(formula);
        for kind in EngineKind::ALL {
            let mut engine = new_engine(kind, formula, &Limits::default());
            assert_eq!(
                count_by_blocking(engine.as_mut(), formula),
                expected,
                "{kind} on {formula:?}"
            );
        }
    }
}

/// Pigeonhole PHP(n+1, n): unsatisfiable, and exponential for DPLL.
fn php(holes: usize) -> Cnf {
    pigeonhole(holes + 1, holes).to_cnf()
}

#[test]
fn a_set_interrupt_flag_gives_unknown() {
    let formula = php(9);
    let limits = Limits {
        interrupt: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    for kind in EngineKind::ALL {
        let mut engine = new_engine(kind, &formula, &limits);
        assert_eq!(engine.solve(), Outcome::Unknown, "{kind}");
    }
}

#[test]
fn dpll_and_cdcl_honour_the_conflict_limit() {
    let formula = php(7);
    let limits = Limits {
        conflicts: Some(10),
        ..Limits::default()
    };
    for kind in [EngineKind::Cdcl, EngineKind::Dpll] {
        let mut engine = new_engine(kind, &formula, &limits);
        assert_eq!(engine.solve(), Outcome::Unknown, "{kind}");
        let mut stats = Vec::new();
        engine.write_stats(&mut stats).unwrap();
        let stats = String::from_utf8(stats).unwrap();
        assert!(
            stats.contains("c conflicts            10\n"),
            "{kind}: {stats}"
        );
    }
    // Without a limit every engine proves it.
    assert_all(&formula, false, "PHP(8,7)");
}

#[test]
fn statistics_are_comment_lines_naming_engine_counters() {
    let formula = php(4);
    let expected_rows = [
        (EngineKind::Cdcl, "c decisions"),
        (EngineKind::Dpll, "c backtracks"),
        (EngineKind::Dpll, "c max depth"),
        (EngineKind::Splr, "c splr builds          1"),
    ];
    for (kind, row) in expected_rows {
        let mut engine = new_engine(kind, &formula, &Limits::default());
        assert_eq!(engine.solve(), Outcome::Unsat, "{kind}");
        let mut out = Vec::new();
        engine.write_stats(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|line| line.starts_with("c ")), "{text}");
        assert!(text.contains(row), "{kind}: no {row:?} in\n{text}");
    }
}

/// A random formula over at most 16 variables: clause lengths 0 to 4 with rare empty
/// clauses, literals drawn with replacement so duplicates and tautologies occur.
fn random_formula(rng: &mut SplitMix64) -> Cnf {
    let num_vars = 1 + rng.index(16);
    let num_clauses = rng.index(5 * num_vars);
    let mut cnf = Cnf::new(num_vars);
    for _ in 0..num_clauses {
        let len = if rng.index(200) == 0 {
            0
        } else {
            1 + rng.index(4)
        };
        cnf.add_clause(&lits(&random_lits(rng, num_vars, len)));
    }
    cnf
}

#[test]
fn engines_agree_with_each_other_and_with_brute_force() {
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..400u64 {
        let mut rng = SplitMix64(seed);
        let formula = random_formula(&mut rng);
        let satisfiable = brute_force_count(&formula) > 0;
        assert_all(
            &formula,
            satisfiable,
            &format!("random formula, seed {seed}"),
        );
        if satisfiable {
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    // The generator must exercise both answers, or the test proves little.
    assert!(sat > 50 && unsat > 50, "{sat} SAT / {unsat} UNSAT");
}

/// Random assumptions over the variables of `cnf`: up to 4 literals, repeats and
/// contradictory pairs allowed.
fn random_assumptions(rng: &mut SplitMix64, num_vars: usize) -> Vec<Lit> {
    let len = rng.index(5);
    lits(&random_lits(rng, num_vars, len))
}

/// Whether `cnf` has a model in which every assumption holds, by brute force.
fn brute_force_sat_under(cnf: &Cnf, assumptions: &[Lit]) -> bool {
    assert!(cnf.num_vars() <= 16, "brute force is for small formulas");
    let assumptions: Vec<i64> = assumptions.iter().map(|lit| lit.to_dimacs()).collect();
    is_satisfiable_under(&Formula::from(cnf), &assumptions)
}

#[test]
fn assumptions_hold_for_one_call_and_learning_carries_over() {
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..150u64 {
        let mut rng = SplitMix64(seed);
        let mut formula = random_formula(&mut rng);
        let num_vars = formula.num_vars();
        let mut engines: Vec<Box<dyn Engine>> = EngineKind::ALL
            .into_iter()
            .map(|kind| new_engine(kind, &formula, &Limits::default()))
            .collect();
        for call in 0..8 {
            // Now and then a clause joins between calls: assumptions must not leak
            // into it, nor learnt clauses from earlier calls conflict with it.
            if call % 3 == 2 {
                let clause = random_assumptions(&mut rng, num_vars);
                formula.add_clause(&clause);
                for engine in &mut engines {
                    engine.add_clause(&clause);
                }
            }
            let assumptions = random_assumptions(&mut rng, num_vars);
            let expected = brute_force_sat_under(&formula, &assumptions);
            for engine in &mut engines {
                let what = format!("{}, seed {seed}, call {call}", engine.name());
                match engine.solve_with_assumptions(&assumptions) {
                    Outcome::Sat(model) => {
                        assert!(expected, "SAT, expected UNSAT: {what}");
                        assert!(formula.is_satisfied_by(&model), "bad model: {what}");
                        for lit in &assumptions {
                            assert_eq!(model[lit.var().index()], lit.is_positive(), "{what}");
                        }
                    }
                    Outcome::Unsat => assert!(!expected, "UNSAT, expected SAT: {what}"),
                    Outcome::Unknown => panic!("UNKNOWN without limits: {what}"),
                }
            }
            if expected {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
    }
    assert!(sat > 200 && unsat > 200, "{sat} SAT / {unsat} UNSAT");
}

/// Random 3-SAT over `num_vars` variables with `num_clauses` clauses, literals drawn with
/// replacement (so a clause may repeat a variable).
fn random_3sat(rng: &mut SplitMix64, num_vars: usize, num_clauses: usize) -> Cnf {
    let clauses = (0..num_clauses)
        .map(|_| random_lits(rng, num_vars, 3))
        .collect();
    Formula {
        vars: num_vars,
        clauses,
    }
    .to_cnf()
}

/// On formulas large enough for CDCL to learn hundreds of clauses per call, one solver
/// answering a sequence of assumption sets agrees with a fresh solver per call that gets
/// the assumptions as unit clauses.
#[test]
fn one_cdcl_solver_under_many_assumptions_agrees_with_fresh_solvers() {
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..12u64 {
        let mut rng = SplitMix64(1000 + seed);
        let formula = random_3sat(&mut rng, 120, 480);
        let mut incremental = new_engine(EngineKind::Cdcl, &formula, &Limits::default());
        for call in 0..25 {
            let len = rng.index(12);
            let assumptions = lits(&random_lits(&mut rng, 120, len));
            let mut with_units = formula.clone();
            for &lit in &assumptions {
                with_units.add_clause(&[lit]);
            }
            let fresh = new_engine(EngineKind::Cdcl, &with_units, &Limits::default()).solve();
            let what = format!("seed {seed}, call {call}");
            match incremental.solve_with_assumptions(&assumptions) {
                Outcome::Sat(model) => {
                    assert!(with_units.is_satisfied_by(&model), "bad model: {what}");
                    assert!(matches!(fresh, Outcome::Sat(_)), "fresh: UNSAT, {what}");
                    sat += 1;
                }
                Outcome::Unsat => {
                    assert_eq!(fresh, Outcome::Unsat, "fresh: SAT, {what}");
                    unsat += 1;
                }
                Outcome::Unknown => panic!("UNKNOWN without limits: {what}"),
            }
        }
    }
    assert!(sat > 20 && unsat > 20, "{sat} SAT / {unsat} UNSAT");
}
