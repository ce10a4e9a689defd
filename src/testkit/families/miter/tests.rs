use super::*;
use crate::solver::cdcl::Solver;
use crate::solver::Outcome;

fn solve(formula: &Formula) -> Outcome {
    let mut solver = Solver::new(&formula.to_cnf());
    solver.solve()
}

fn shape(bits: usize, second: SecondCopy, shuffle: bool, flip_gate: bool) -> MiterShape {
    MiterShape {
        bits,
        second,
        shuffle,
        flip_gate,
    }
}

#[test]
fn miters_of_equal_circuits_are_unsat_and_a_flipped_gate_makes_them_sat() {
    let mut rng = SplitMix64(27);
    for bits in 1..=4 {
        for second in [SecondCopy::Identical, SecondCopy::Decomposed] {
            for shuffled in [false, true] {
                let miter = multiplier_miter(&mut rng, shape(bits, second, shuffled, false));
                assert_eq!(solve(&miter), Outcome::Unsat, "{bits} bits, {second:?}");
                let buggy = multiplier_miter(&mut rng, shape(bits, second, shuffled, true));
                match solve(&buggy) {
                    Outcome::Sat(model) => assert!(buggy.satisfied_by(&model)),
                    other => panic!("{bits} bits, {second:?}, flipped: {other:?}"),
                }
            }
        }
    }
}

/// With both factors fixed by unit clauses, each copy's outputs must spell their
/// product: the multiplier is a multiplier, not merely equal to its twin.
#[test]
fn both_styles_multiply() {
    let mut circuit = Circuit {
        vars: 6,
        clauses: Vec::new(),
        inverters: HashMap::new(),
    };
    let a: Vec<i64> = (1..=3).collect();
    let b: Vec<i64> = (4..=6).collect();
    let plain = circuit.multiplier(&a, &b, Style::Plain, None);
    let decomposed = circuit.multiplier(&a, &b, Style::Decomposed, None);
    for x in 0..8i64 {
        for y in 0..8i64 {
            let mut formula = Formula {
                vars: circuit.vars,
                clauses: circuit.clauses.clone(),
            };
            for i in 0..3 {
                formula
                    .clauses
                    .push(vec![if x >> i & 1 == 1 { a[i] } else { -a[i] }]);
                formula
                    .clauses
                    .push(vec![if y >> i & 1 == 1 { b[i] } else { -b[i] }]);
            }
            let Outcome::Sat(model) = solve(&formula) else {
                panic!("a circuit is satisfiable under any inputs");
            };
            let value = |outputs: &[Option<i64>]| {
                outputs
                    .iter()
                    .enumerate()
                    .fold(0, |acc, (k, bit)| match bit {
                        Some(lit) if model[lit.unsigned_abs() as usize - 1] == (*lit > 0) => {
                            acc | 1 << k
                        }
                        _ => acc,
                    })
            };
            assert_eq!(value(&plain), x * y, "{x} * {y}, plain");
            assert_eq!(value(&decomposed), x * y, "{x} * {y}, decomposed");
        }
    }
}
