//! [`Formula`], the families' CNF in DIMACS numbering, and the random clauses most
//! families are made of.

use crate::cnf::Cnf;
use crate::lit::Lit;
use crate::rng::SplitMix64;

/// A CNF formula in DIMACS numbering: clauses of non-zero literals over `1..=vars`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    /// The variable count of the header.
    pub vars: usize,
    /// The clauses; no clause holds a 0.
    pub clauses: Vec<Vec<i64>>,
}

impl Formula {
    /// The formula as DIMACS text with an exact `p cnf` header.
    pub fn to_dimacs(&self) -> String {
        let mut text = format!("p cnf {} {}\n", self.vars, self.clauses.len());
        for clause in &self.clauses {
            push_dimacs_line(&mut text, "", clause);
        }
        text
    }

    /// The formula as the library's [`Cnf`], for the solvers' unit tests.
    pub fn to_cnf(&self) -> Cnf {
        let mut cnf = Cnf::new(self.vars);
        for clause in &self.clauses {
            let lits: Vec<Lit> = clause
                .iter()
                .map(|&lit| Lit::from_dimacs(lit).expect("a formula holds no 0 literal"))
                .collect();
            cnf.add_clause(&lits);
        }
        cnf
    }

    /// Whether `model` (`model[v - 1]` is the value of variable `v`) satisfies every clause.
    pub fn satisfied_by(&self, model: &[bool]) -> bool {
        self.clauses.iter().all(|clause| {
            clause.iter().any(|&lit| {
                let index = lit.unsigned_abs() as usize - 1;
                model.get(index).is_some_and(|&value| value == (lit > 0))
            })
        })
    }
}

/// Appends `prefix`, the literals and the closing `0` as one DIMACS line (`prefix` is
/// `a ` for an iCNF cube, empty for a clause).
pub fn push_dimacs_line(text: &mut String, prefix: &str, lits: &[i64]) {
    text.push_str(prefix);
    for lit in lits {
        text.push_str(&lit.to_string());
        text.push(' ');
    }
    text.push_str("0\n");
}

impl From<&Cnf> for Formula {
    /// The clauses of `cnf` in DIMACS numbering, as the brute-force oracle reads them.
    fn from(cnf: &Cnf) -> Formula {
        Formula {
            vars: cnf.num_vars(),
            clauses: cnf
                .clauses()
                .map(|clause| clause.iter().map(|lit| lit.to_dimacs()).collect())
                .collect(),
        }
    }
}

/// `len` random literals over `1..=vars`, drawn with replacement: repeated literals and
/// tautologies occur, which the solvers' input cleaning must handle.
pub fn random_lits(rng: &mut SplitMix64, vars: usize, len: usize) -> Vec<i64> {
    (0..len)
        .map(|_| {
            let var = rng.index(vars) as i64 + 1;
            if rng.below(2) == 0 {
                var
            } else {
                -var
            }
        })
        .collect()
}

/// A random clause of `len` distinct variables out of `1..=vars`, random signs.
pub fn random_clause(rng: &mut SplitMix64, vars: usize, len: usize) -> Vec<i64> {
    let len = len.min(vars);
    let mut clause: Vec<i64> = Vec::with_capacity(len);
    while clause.len() < len {
        let var = rng.index(vars) as i64 + 1;
        if clause.iter().all(|lit| lit.abs() != var) {
            clause.push(if rng.below(2) == 0 { var } else { -var });
        }
    }
    clause
}
