use super::*;
use crate::rng::SplitMix64;
use crate::testkit::families::random_ksat;

/// Lengths, sign counts and occurrences of a formula given as DIMACS literals.
fn shape(num_vars: usize, clauses: &[Vec<i64>]) -> (Vec<usize>, usize, usize, Vec<u32>) {
    let mut occurrences = vec![0u32; num_vars];
    let (mut positive, mut negative) = (0, 0);
    for clause in clauses {
        for &lit in clause {
            occurrences[lit.unsigned_abs() as usize - 1] += 1;
            if lit > 0 {
                positive += 1;
            } else {
                negative += 1;
            }
        }
    }
    let lengths = clauses.iter().map(Vec::len).collect();
    (lengths, positive, negative, occurrences)
}

fn looks_random(num_vars: usize, clauses: &[Vec<i64>]) -> bool {
    let (lengths, positive, negative, occurrences) = shape(num_vars, clauses);
    looks_uniform_random(&lengths, positive, negative, &occurrences)
}

#[test]
fn uniform_random_formulas_are_recognised() {
    let mut rng = SplitMix64(3);
    for (k, ratio) in [(3, 4.26), (5, 21.0), (7, 88.0)] {
        let formula = random_ksat(&mut rng, 200, k, ratio);
        assert!(looks_random(formula.vars, &formula.clauses), "k = {k}");
    }
}

#[test]
fn structured_shapes_are_not() {
    let mut rng = SplitMix64(4);
    let formula = random_ksat(&mut rng, 200, 3, 4.26);
    // Binary clauses mixed in (2% of them): not one length.
    let mut mixed = formula.clauses.clone();
    for i in 0..20 {
        mixed.push(vec![i + 1, -(i + 2)]);
    }
    assert!(!looks_random(formula.vars, &mixed));
    // All negative: an at-most-one shape, not random signs.
    let negative: Vec<Vec<i64>> = formula
        .clauses
        .iter()
        .map(|c| c.iter().map(|l| -l.abs()).collect())
        .collect();
    assert!(!looks_random(formula.vars, &negative));
    // One variable in every clause of a third of the formula.
    let mut hub = formula.clauses.clone();
    for clause in hub.iter_mut().step_by(3) {
        if !clause.iter().any(|l| l.abs() == 1) {
            clause[0] = if clause[0] > 0 { 1 } else { -1 };
        }
    }
    assert!(!looks_random(formula.vars, &hub));
    // Binary formulas and small ones (under 500 clauses) are never random.
    let binary = random_ksat(&mut rng, 200, 2, 1.0);
    assert!(!looks_random(binary.vars, &binary.clauses));
    let tiny = random_ksat(&mut rng, 10, 3, 4.0);
    assert!(!looks_random(tiny.vars, &tiny.clauses));
    let small = random_ksat(&mut rng, 100, 3, 4.26);
    assert!(!looks_random(small.vars, &small.clauses));
}
