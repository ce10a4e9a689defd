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

/// GT_n (every total order of n elements has a minimum) over variables x_ij, i < j, for
/// "i before j", as `cnfgen op --total` states it: transitivity clauses of length 3
/// with both signs and every variable alike, but about 2n clauses a variable.
fn ordering_principle(n: i64) -> (usize, Vec<Vec<i64>>) {
    let var = |i: i64, j: i64| i * n + j + 1;
    let before = |i: i64, j: i64| if i < j { var(i, j) } else { -var(j, i) };
    let mut clauses = Vec::new();
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                if i != j && j != k && i != k {
                    clauses.push(vec![-before(i, j), -before(j, k), before(i, k)]);
                }
            }
        }
    }
    for j in 0..n {
        clauses.push((0..n).filter(|&i| i != j).map(|i| before(i, j)).collect());
    }
    ((n * n) as usize, clauses)
}

#[test]
fn ordering_principles_are_not_random_though_shaped_alike() {
    let (vars, clauses) = ordering_principle(30);
    let (lengths, positive, negative, _) = shape(vars, &clauses);
    // The shapes the other checks look at are those of random 3-SAT...
    assert!(lengths.iter().filter(|&&len| len == 3).count() * 100 >= 99 * lengths.len());
    assert!(positive * 100 >= 45 * (positive + negative));
    assert!(positive * 100 <= 55 * (positive + negative));
    // ...but 56 clauses a variable, 13 times the threshold of 3-SAT.
    assert!(!looks_random(vars, &clauses));
}
