//! [`Cnf`]: a formula in conjunctive normal form, stored flat.
//!
//! All literals live in one buffer and each clause is a range of it, so a formula of
//! millions of clauses costs two allocations, not millions. The variable count is kept
//! separately because DIMACS headers may declare variables that no clause mentions, and a
//! model must still assign them.

use crate::lit::{Lit, Var};

/// A CNF formula: a variable count and a list of clauses (each a list of literals).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    num_vars: usize,
    lits: Vec<Lit>,
    /// `ends[i]` is one past the last literal of clause `i` in `lits`.
    ends: Vec<usize>,
}

impl Cnf {
    /// An empty formula (no clauses) over `num_vars` variables.
    pub fn new(num_vars: usize) -> Cnf {
        Cnf {
            num_vars,
            ..Cnf::default()
        }
    }

    /// Appends a clause; grows the variable count to cover its literals.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        for &lit in clause {
            self.num_vars = self.num_vars.max(lit.var().index() + 1);
        }
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Raises the variable count to at least `num_vars` (a header may declare unused ones).
    pub fn ensure_vars(&mut self, num_vars: usize) {
        self.num_vars = self.num_vars.max(num_vars);
    }

    /// Number of variables: the largest of the declared count and every variable used.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.ends.len()
    }

    /// Total number of literal occurrences over all clauses.
    pub fn num_lits(&self) -> usize {
        self.lits.len()
    }

    /// Clause number `index` (0-based).
    pub fn clause(&self, index: usize) -> &[Lit] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.lits[start..self.ends[index]]
    }

    /// All clauses, in order.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.ends.len()).map(move |index| self.clause(index))
    }

    /// All variables `1..=num_vars`, in order.
    pub fn vars(&self) -> impl Iterator<Item = Var> {
        (0..self.num_vars).map(Var::from_index)
    }

    /// False when the variable count is out of all proportion to the clauses: more than
    /// 2^24 variables and more than 8 per literal occurrence (plus 2^20 spare). Solvers
    /// allocate tens of bytes per variable, so a 20-byte file whose header declares 10^9
    /// variables would exhaust memory; real formulas mention most of their variables.
    pub fn is_within_reach(&self) -> bool {
        const SMALL: usize = 1 << 24;
        const SPARE: usize = 1 << 20;
        self.num_vars <= SMALL || self.num_vars <= self.lits.len().saturating_mul(8) + SPARE
    }

    /// Counts clauses by length: entry `k` is the number of clauses with `k` literals.
    pub fn clause_length_histogram(&self) -> Vec<usize> {
        let mut histogram = Vec::new();
        for clause in self.clauses() {
            if histogram.len() <= clause.len() {
                histogram.resize(clause.len() + 1, 0);
            }
            histogram[clause.len()] += 1;
        }
        histogram
    }

    /// True when `assignment` (indexed by variable) makes every clause true. Deliberately
    /// independent of the solver, so tests can check models with it.
    pub fn is_satisfied_by(&self, assignment: &[bool]) -> bool {
        self.first_falsified_clause(assignment).is_none()
    }

    /// The index of the first clause that `assignment` leaves false, if any. Variables
    /// beyond the assignment's length count as false.
    pub fn first_falsified_clause(&self, assignment: &[bool]) -> Option<usize> {
        self.clauses().position(|clause| {
            !clause.iter().any(|lit| {
                let value = assignment.get(lit.var().index()).copied().unwrap_or(false);
                value == lit.is_positive()
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::lit::testing::lits;

    #[test]
    fn clauses_come_back_in_order_and_grow_the_variable_count() {
        let mut cnf = Cnf::new(2);
        cnf.add_clause(&lits(&[1, -2]));
        cnf.add_clause(&[]);
        cnf.add_clause(&lits(&[5]));
        assert_eq!(cnf.num_vars(), 5);
        assert_eq!(cnf.num_clauses(), 3);
        let clauses: Vec<_> = cnf.clauses().map(|c| c.to_vec()).collect();
        assert_eq!(clauses, vec![lits(&[1, -2]), vec![], lits(&[5])]);
        assert_eq!(cnf.clause_length_histogram(), vec![1, 1, 1]);
    }

    #[test]
    fn huge_variable_counts_without_clauses_are_out_of_reach() {
        assert!(Cnf::new(1 << 24).is_within_reach());
        assert!(!Cnf::new((1 << 24) + 1).is_within_reach());
        let mut cnf = Cnf::new(0);
        cnf.add_clause(&lits(&[1 << 29]));
        assert!(!cnf.is_within_reach());
    }

    #[test]
    fn satisfaction_check_is_literal_by_literal() {
        let mut cnf = Cnf::new(2);
        cnf.add_clause(&lits(&[1, 2]));
        cnf.add_clause(&lits(&[-1]));
        assert!(cnf.is_satisfied_by(&[false, true]));
        assert_eq!(cnf.first_falsified_clause(&[true, true]), Some(1));
        assert_eq!(cnf.first_falsified_clause(&[false, false]), Some(0));
    }
}
