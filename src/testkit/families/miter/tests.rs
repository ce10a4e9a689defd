use super::*;
use crate::cnf::Cnf;
use crate::lit::Lit;
use crate::solver::cdcl::Solver;
use crate::solver::Outcome;

/// A model of `clauses` over `vars` variables, if any, by our solver.
fn model(vars: usize, clauses: &[Vec<i64>]) -> Option<Vec<bool>> {
    let mut cnf = Cnf::new(vars);
    for clause in clauses {
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&l| Lit::from_dimacs(l).unwrap())
            .collect();
        cnf.add_clause(&lits);
    }
    match Solver::new(&cnf).solve() {
        Outcome::Sat(model) => Some(model),
        _ => None,
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
            let mut clauses = circuit.clauses.clone();
            for i in 0..3 {
                clauses.push(vec![if x >> i & 1 == 1 { a[i] } else { -a[i] }]);
                clauses.push(vec![if y >> i & 1 == 1 { b[i] } else { -b[i] }]);
            }
            let Some(model) = model(circuit.vars, &clauses) else {
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
