//! Where the encoders put their clauses, and the cardinality constraints they are all
//! built from.
//!
//! Every encoding (the Sudoku houses, the cells, Hanidoku's run lines) is made of "at least
//! one of these literals" (one clause) and "at most one of them". At-most-one is the
//! pairwise encoding, `¬a ∨ ¬b` per pair: quadratic, but it needs no auxiliary variable, so
//! [`VarMap`](super::VarMap) stays the only numbering and every model decodes the same way
//! (Lynce & Ouaknine 2006 use it for every Sudoku encoding; the sequential counter of Sinz
//! 2005 would be linear but adds variables).
//!
//! [`ClauseSink`] lets one clause-building code serve both the plain encodings and
//! `compact`: the sink either stores each clause as given or first simplifies it by the
//! givens' propagation (see the `compact` module docs).

use super::compact::Candidates;
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};

/// Where the encoders put clauses: straight into the formula, or simplified by α first.
pub(super) struct ClauseSink<'a> {
    /// The formula being built.
    pub(super) cnf: Cnf,
    fixed: Option<&'a Candidates>,
    scratch: Vec<Lit>,
    /// The index of the next auxiliary variable: they come after the cell variables.
    next_var: usize,
}

impl<'a> ClauseSink<'a> {
    /// A sink over `num_vars` variables, simplifying by `fixed` when given.
    pub(super) fn new(num_vars: usize, fixed: Option<&'a Candidates>) -> ClauseSink<'a> {
        ClauseSink {
            cnf: Cnf::new(num_vars),
            fixed,
            scratch: Vec::new(),
            next_var: num_vars,
        }
    }

    /// A new auxiliary variable, numbered after every variable handed out so far.
    pub(super) fn fresh_var(&mut self) -> Var {
        let var = Var::from_index(self.next_var);
        self.next_var += 1;
        self.cnf.ensure_vars(self.next_var);
        var
    }

    /// Adds `clause`, or under α: nothing if α satisfies it, else it without α's false
    /// literals (possibly empty: the formula is then unsatisfiable).
    pub(super) fn add(&mut self, clause: &[Lit]) {
        let Some(fixed) = self.fixed else {
            self.cnf.add_clause(clause);
            return;
        };
        self.scratch.clear();
        for &lit in clause {
            match fixed.lit_value(lit) {
                Some(true) => return,
                Some(false) => {}
                None => self.scratch.push(lit),
            }
        }
        self.cnf.add_clause(&self.scratch);
    }
}

/// `¬a ∨ ¬b` for every pair of the (positive) literals in `lits`, pairs in the order
/// (0,1), (0,2), …, (1,2), ….
pub(super) fn add_pairwise_at_most_one(sink: &mut ClauseSink, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sink.add(&[!a, !b]);
        }
    }
}

/// Exactly one of `lits`: the at-least-one clause, then the pairwise at-most-one clauses.
pub(super) fn add_exactly_one(sink: &mut ClauseSink, lits: &[Lit]) {
    sink.add(lits);
    add_pairwise_at_most_one(sink, lits);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dimacs(cnf: &Cnf) -> Vec<Vec<i64>> {
        cnf.clauses()
            .map(|clause| clause.iter().map(|lit| lit.to_dimacs()).collect())
            .collect()
    }

    #[test]
    fn exactly_one_is_the_clause_then_its_pairs() {
        let lits: Vec<Lit> = (0..3).map(|i| Var::from_index(i).positive()).collect();
        let mut sink = ClauseSink::new(3, None);
        add_exactly_one(&mut sink, &lits);
        assert_eq!(
            dimacs(&sink.cnf),
            [vec![1, 2, 3], vec![-1, -2], vec![-1, -3], vec![-2, -3]]
        );
    }
}
