//! The elimination pass against brute force: the formula left is satisfiable exactly
//! when the input is, and every model of it extends to a model of the input.

use super::*;
use crate::lit::testing::{lit, lits};
use crate::rng::SplitMix64;
use crate::testkit::brute;
use crate::testkit::families::{mixed_lengths, random_ksat, Formula};

/// `formula`'s clauses as sorted literal vectors, duplicates and tautologies dropped, as
/// the solver hands them over.
fn clean(formula: &Formula) -> Vec<Vec<Lit>> {
    formula
        .clauses
        .iter()
        .filter_map(|clause| {
            let mut lits = lits(clause);
            lits.sort_unstable();
            lits.dedup();
            let tautology = lits.windows(2).any(|pair| pair[0] == !pair[1]);
            (!tautology && !lits.is_empty()).then_some(lits)
        })
        .collect()
}

fn as_formula(vars: usize, clauses: &[Vec<Lit>]) -> Formula {
    Formula {
        vars,
        clauses: clauses
            .iter()
            .map(|clause| clause.iter().map(|lit| lit.to_dimacs()).collect())
            .collect(),
    }
}

/// Checks one pass over `formula`; returns the number of variables it eliminated.
fn check_pass(formula: &Formula) -> usize {
    let input = clean(formula);
    let result = eliminate(
        input,
        &vec![false; formula.vars],
        u64::MAX,
        &Options::default(),
        None,
    );
    let sat = brute::is_satisfiable(formula);
    if result.unsat {
        assert!(!sat, "the pass refuted a satisfiable formula: {formula:?}");
        return result.eliminated.len();
    }
    let left = as_formula(formula.vars, &result.clauses);
    assert_eq!(brute::is_satisfiable(&left), sat, "{formula:?}");
    for entry in &result.eliminated {
        assert!(
            result
                .clauses
                .iter()
                .flatten()
                .all(|lit| lit.var() != entry.var),
            "eliminated {:?} still occurs",
            entry.var
        );
    }
    for assignment in 0u32..1 << formula.vars {
        let mut model: Vec<bool> = (0..formula.vars)
            .map(|v| assignment >> v & 1 == 1)
            .collect();
        if left.satisfied_by(&model) {
            extend_model(&mut model, &result.eliminated);
            assert!(formula.satisfied_by(&model), "{formula:?}: {model:?}");
        }
    }
    result.eliminated.len()
}

#[test]
fn random_formulas_keep_their_answer_and_models_extend() {
    let mut rng = SplitMix64(2026_1201);
    let mut eliminated = 0;
    for round in 0..400 {
        let vars = 3 + round % 10;
        let formula = if round % 2 == 0 {
            random_ksat(&mut rng, vars, 3, 3.0 + (round % 7) as f64 * 0.5)
        } else {
            mixed_lengths(&mut rng, vars, 4, 2.5 + (round % 5) as f64 * 0.5)
        };
        eliminated += check_pass(&formula);
    }
    // Most of these small formulas lose variables; a pass that did nothing would pass
    // the checks above trivially.
    assert!(eliminated > 400, "only {eliminated} variables eliminated");
}

#[test]
fn a_chain_loses_its_middle_and_the_model_comes_back() {
    // (¬1 ∨ 2) (¬2 ∨ 3): eliminating 2 leaves (¬1 ∨ 3).
    let formula = Formula {
        vars: 3,
        clauses: vec![vec![-1, 2], vec![-2, 3]],
    };
    let result = eliminate(
        clean(&formula),
        &[true, false, true],
        u64::MAX,
        &Options::default(),
        None,
    );
    assert_eq!(result.clauses, vec![lits(&[-1, 3])]);
    assert_eq!(result.eliminated.len(), 1);
    assert_eq!(result.eliminated[0].var, lit(2).var());
    let mut model = vec![true, false, true];
    extend_model(&mut model, &result.eliminated);
    assert_eq!(model, vec![true, true, true]);
    check_pass(&formula);
}

#[test]
fn frozen_variables_and_costly_ones_stay() {
    let formula = Formula {
        vars: 3,
        clauses: vec![vec![-1, 2], vec![-2, 3]],
    };
    let result = eliminate(
        clean(&formula),
        &[true; 3],
        u64::MAX,
        &Options::default(),
        None,
    );
    assert!(result.eliminated.is_empty());
    assert_eq!(result.clauses.len(), 2);

    // Variable 1 in three positive and three negative ternary clauses over distinct
    // others: nine resolvents for six clauses, so it stays (the others are frozen).
    let mut clauses = Vec::new();
    for k in 0..3 {
        clauses.push(vec![1, 2 + 2 * k, 3 + 2 * k]);
        clauses.push(vec![-1, 8 + 2 * k, 9 + 2 * k]);
    }
    let formula = Formula { vars: 13, clauses };
    let mut frozen = vec![true; 13];
    frozen[0] = false;
    let result = eliminate(
        clean(&formula),
        &frozen,
        u64::MAX,
        &Options::default(),
        None,
    );
    assert!(result.eliminated.is_empty());
}

#[test]
fn subsumption_and_strengthening() {
    // (1 2) subsumes (1 2 3); (1 ¬2) strengthens... then (1) subsumes the rest.
    let formula = Formula {
        vars: 4,
        clauses: vec![vec![1, 2], vec![1, 2, 3], vec![1, -2, 4], vec![1, -2]],
    };
    let result = eliminate(
        clean(&formula),
        &[true; 4],
        u64::MAX,
        &Options::default(),
        None,
    );
    assert_eq!(result.clauses, vec![lits(&[1])]);
    assert!(result.subsumed >= 2);
    assert!(result.strengthened >= 1);

    // (1) and (¬1 ∨ 2) and (¬2) strengthen down to the empty clause.
    let formula = Formula {
        vars: 2,
        clauses: vec![vec![1], vec![-1, 2], vec![-2]],
    };
    let result = eliminate(
        clean(&formula),
        &[false; 2],
        u64::MAX,
        &Options::default(),
        None,
    );
    assert!(result.unsat);
}

#[test]
fn relation_and_resolvent_by_merge() {
    assert_eq!(
        relation(&lits(&[1, 3]), &lits(&[1, 2, 3])),
        Relation::Subsumes
    );
    assert_eq!(
        relation(&lits(&[1, 3]), &lits(&[1, 2, -3])),
        Relation::Strengthens(lit(-3))
    );
    assert_eq!(
        relation(&lits(&[-1, 3]), &lits(&[1, -3])),
        Relation::Unrelated
    );
    assert_eq!(
        relation(&lits(&[1, 4]), &lits(&[1, 2, 3])),
        Relation::Unrelated
    );

    let mut out = Vec::new();
    let pivot = lit(2).var();
    assert!(resolve(
        &lits(&[1, 2, 4]),
        &lits(&[-2, 3, 4]),
        pivot,
        &mut out
    ));
    assert_eq!(out, lits(&[1, 3, 4]));
    assert!(!resolve(&lits(&[1, 2]), &lits(&[-1, -2]), pivot, &mut out));
}

#[test]
fn a_spent_budget_stops_the_pass_soundly() {
    let mut rng = SplitMix64(7);
    for budget in [0, 10, 100, 1_000] {
        let formula = random_ksat(&mut rng, 12, 3, 4.0);
        let result = eliminate(
            clean(&formula),
            &[false; 12],
            budget,
            &Options::default(),
            None,
        );
        let left = as_formula(12, &result.clauses);
        assert_eq!(
            !result.unsat && brute::is_satisfiable(&left),
            brute::is_satisfiable(&formula)
        );
    }
}

#[test]
fn a_pass_is_worth_it_when_a_tenth_of_the_variables_are_sparse() {
    assert!(!worth_a_pass(&[], &Options::default()));
    assert!(!worth_a_pass(&[0, 0], &Options::default()));
    // Nine dense variables and one sparse: a tenth.
    let mut counts = vec![40; 9];
    counts.push(3);
    assert!(worth_a_pass(&counts, &Options::default()));
    counts.push(40);
    assert!(!worth_a_pass(&counts, &Options::default()));
    // Variables in no clause do not count.
    assert!(worth_a_pass(&[0, 0, 0, 16], &Options::default()));
    assert!(!worth_a_pass(&[0, 0, 0, 17], &Options::default()));
}
