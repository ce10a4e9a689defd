use super::*;
use crate::rng::SplitMix64;
use crate::solver::cdcl::{Options, Solver};
use crate::solver::Outcome;
use crate::testkit::families::{multiplier_miter, MiterShape, SecondCopy};

fn lits(dimacs: &[i64]) -> Vec<Lit> {
    dimacs
        .iter()
        .map(|&n| Lit::from_dimacs(n).unwrap())
        .collect()
}

fn miter(
    seed: u64,
    bits: usize,
    second: SecondCopy,
    flip_gate: bool,
) -> crate::testkit::families::Formula {
    let shape = MiterShape {
        bits,
        second,
        shuffle: seed % 2 == 1,
        flip_gate,
    };
    multiplier_miter(&mut SplitMix64(seed), shape)
}

fn solver(formula: &crate::testkit::families::Formula, congruence: bool) -> Solver {
    let options = Options {
        congruence: u64::from(congruence),
        ..Options::default()
    };
    let mut solver = Solver::with_options(&formula.to_cnf(), options);
    solver.set_elimination(true);
    solver
}

/// 3 = 1 ∧ 2 and 4 = 2 ∧ 1 as NOR of negations: ¬4' where 4 = ¬1 ∨ ¬2; and 3 ∨ 4 ∨ 5.
fn two_equal_ands() -> Vec<Vec<Lit>> {
    vec![
        lits(&[-3, 1]),
        lits(&[-3, 2]),
        lits(&[3, -1, -2]),
        lits(&[4, 1]),
        lits(&[4, 2]),
        lits(&[-4, -1, -2]),
        lits(&[3, 4, 5]),
    ]
}

/// 3 = 1 ∧ 2, 4 = 1 ∧ 2, 5 = 3 ⊕ 4, and 5 ∨ 1.
fn xor_of_equal_ands() -> Vec<Vec<Lit>> {
    vec![
        lits(&[-3, 1]),
        lits(&[-3, 2]),
        lits(&[3, -1, -2]),
        lits(&[-4, 1]),
        lits(&[-4, 2]),
        lits(&[4, -1, -2]),
        lits(&[-5, 3, 4]),
        lits(&[-5, -3, -4]),
        lits(&[5, -3, 4]),
        lits(&[5, 3, -4]),
        lits(&[5, 1]),
    ]
}

#[test]
fn two_ands_over_equal_inputs_merge() {
    let clauses = two_equal_ands();
    let closure = close(&clauses, 5, 16, 0, None);
    assert!(!closure.unsat);
    assert_eq!(closure.substituted.len(), 1);
    assert_eq!(closure.substituted[0].var, lits(&[4])[0].var());
    // 3 ∨ 4 ∨ 5 became 3 ∨ ¬3 ∨ 5: satisfied, gone.
    assert!(!closure
        .clauses
        .iter()
        .any(|clause| clause.len() == 3 && clause.contains(&lits(&[5])[0])));
}

#[test]
fn fewer_merges_than_the_minimum_leave_the_clauses_alone() {
    let clauses = two_equal_ands();
    // One variable merges (4 into ¬3): below a minimum of two, nothing is substituted.
    let closure = close(&clauses, 5, 16, 2, None);
    assert!(!closure.unsat && !closure.changed);
    assert!(closure.substituted.is_empty() && closure.clauses.is_empty());
    assert_eq!(close(&clauses, 5, 16, 1, None).substituted.len(), 1);
}

#[test]
fn a_merge_into_a_constant_is_kept_below_the_minimum() {
    // 5 = 3 ⊕ 4 with 3 and 4 equal is constant false: a unit worth having however few
    // variables merge.
    let clauses = xor_of_equal_ands();
    let closure = close(&clauses, 5, 16, 1000, None);
    assert!(closure.clauses.contains(&lits(&[-5])));
}

#[test]
fn an_xor_of_merged_inputs_is_constant() {
    let clauses = xor_of_equal_ands();
    let closure = close(&clauses, 5, 16, 0, None);
    // ¬5 is a unit, which with 5 ∨ 1 leaves 1: not refuted yet, but 5 is fixed false.
    assert!(closure.clauses.contains(&lits(&[-5])));
}

#[test]
fn miters_collapse_at_level_zero() {
    for (seed, second) in [
        (1, SecondCopy::Identical),
        (2, SecondCopy::Identical),
        (3, SecondCopy::Decomposed),
        (4, SecondCopy::Decomposed),
    ] {
        let formula = miter(seed, 8, second, false);
        let mut with = solver(&formula, true);
        assert_eq!(with.solve(), Outcome::Unsat, "{second:?}");
        assert_eq!(
            with.stats().conflicts,
            0,
            "{second:?}: refuted before the search"
        );
        assert!(with.stats().gates_found > 0);
    }
}

#[test]
fn models_of_flipped_miters_hold_after_substitution() {
    for seed in 0..6 {
        let second = if seed % 3 == 0 {
            SecondCopy::Identical
        } else {
            SecondCopy::Decomposed
        };
        let formula = miter(seed, 3 + seed as usize % 4, second, true);
        let mut with = solver(&formula, true);
        match with.solve() {
            Outcome::Sat(model) => assert!(formula.satisfied_by(&model), "seed {seed}"),
            other => panic!("seed {seed}: {other:?}"),
        }
        assert!(with.stats().substituted_vars > 0, "seed {seed}");
    }
}

#[test]
fn a_clause_naming_a_substituted_variable_restores_it() {
    let formula = miter(5, 4, SecondCopy::Decomposed, true);
    let mut with = solver(&formula, true);
    let Outcome::Sat(_) = with.solve() else {
        panic!("flipped miters are satisfiable");
    };
    assert!(with.stats().substituted_vars > 0);
    // Force every variable to the opposite of a fresh model, one at a time, through
    // added clauses: the answers must still satisfy everything added so far.
    let mut extended = formula.clone();
    for var in 1..=formula.vars as i64 {
        let clause = vec![if var % 2 == 0 { var } else { -var }];
        with.add_clause(&lits(&clause));
        extended.clauses.push(clause);
        match with.solve() {
            Outcome::Sat(model) => assert!(extended.satisfied_by(&model), "after {var}"),
            Outcome::Unsat => break,
            Outcome::Unknown => panic!("no limit was set"),
        }
    }
}

#[test]
fn congruence_can_be_switched_off() {
    let formula = miter(7, 4, SecondCopy::Decomposed, false);
    let mut without = solver(&formula, false);
    assert_eq!(without.solve(), Outcome::Unsat);
    assert_eq!(without.stats().gates_found, 0);
}
