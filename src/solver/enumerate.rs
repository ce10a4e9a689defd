//! Model enumeration by blocking clauses, projected on a set of variables.
//!
//! After each model the solver gets the clause "not this assignment of the projection
//! variables" and is asked again, so the n-th answer differs from all earlier ones on at
//! least one projection variable. The projection is what the `c p show ... 0` lines of a
//! CNF name (the model-counting convention); for a Sudoku encoding those are the cell
//! variables, so models are counted as solutions, not as assignments of auxiliary
//! variables. Without a projection every variable counts.
//!
//! `--models 2` is how a user checks that a puzzle has exactly one solution: one model and
//! [`EnumerationEnd::Exhausted`] means unique.

use crate::lit::{Lit, Var};
use crate::solver::{Engine, Outcome};

/// Why enumeration stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumerationEnd {
    /// The solver proved that no further model exists: the count is exact.
    Exhausted,
    /// The requested number of models was found; more may exist.
    LimitReached,
    /// The solver gave up (limit, time-out or interrupt) before deciding.
    Unknown,
}

/// The clause that excludes `model`'s values on `projection` (every variable if `None`).
pub fn blocking_clause(model: &[bool], projection: Option<&[Var]>) -> Vec<Lit> {
    let negate = |var: Var| var.lit(!model[var.index()]);
    match projection {
        Some(vars) => vars.iter().map(|&var| negate(var)).collect(),
        None => (0..model.len())
            .map(|index| negate(Var::from_index(index)))
            .collect(),
    }
}

/// Finds up to `limit` models (all of them if `None`), handing each to `on_model` as soon
/// as it is found; returns how many were found and why the search ended. An error from
/// `on_model` (e.g. a closed stdout) stops the enumeration and is returned.
pub fn enumerate<E>(
    solver: &mut dyn Engine,
    projection: Option<&[Var]>,
    limit: Option<usize>,
    mut on_model: impl FnMut(&[bool]) -> Result<(), E>,
) -> Result<(usize, EnumerationEnd), E> {
    let mut found = 0;
    loop {
        if limit.is_some_and(|limit| found >= limit) {
            return Ok((found, EnumerationEnd::LimitReached));
        }
        match solver.solve() {
            Outcome::Sat(model) => {
                found += 1;
                on_model(&model)?;
                solver.add_clause(&blocking_clause(&model, projection));
            }
            Outcome::Unsat => return Ok((found, EnumerationEnd::Exhausted)),
            Outcome::Unknown => return Ok((found, EnumerationEnd::Unknown)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::Solver;
    use crate::Cnf;
    use std::convert::Infallible;

    fn cnf(clauses: &[&[i64]], num_vars: usize) -> Cnf {
        let mut cnf = Cnf::new(num_vars);
        for clause in clauses {
            let lits: Vec<Lit> = clause
                .iter()
                .map(|&n| Lit::from_dimacs(n).unwrap())
                .collect();
            cnf.add_clause(&lits);
        }
        cnf
    }

    fn all_models(
        cnf: &Cnf,
        projection: Option<&[Var]>,
        limit: Option<usize>,
    ) -> (Vec<Vec<bool>>, EnumerationEnd) {
        let mut solver = Solver::new(cnf);
        let mut models = Vec::new();
        let (count, end) = enumerate::<Infallible>(&mut solver, projection, limit, |model| {
            models.push(model.to_vec());
            Ok(())
        })
        .unwrap();
        assert_eq!(count, models.len());
        (models, end)
    }

    #[test]
    fn every_model_of_a_small_formula_exactly_once() {
        // x1 or x2, over 3 variables: 3 * 2 = 6 models.
        let formula = cnf(&[&[1, 2]], 3);
        let (models, end) = all_models(&formula, None, None);
        assert_eq!(end, EnumerationEnd::Exhausted);
        assert_eq!(models.len(), 6);
        for model in &models {
            assert!(formula.is_satisfied_by(model));
        }
        let mut distinct = models.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 6);
    }

    #[test]
    fn projection_counts_distinct_values_of_the_shown_variables() {
        // x1 or x2 over 3 variables, projected on {x1, x2}: 3 models.
        let formula = cnf(&[&[1, 2]], 3);
        let shown = [Var::from_index(0), Var::from_index(1)];
        let (models, end) = all_models(&formula, Some(&shown), None);
        assert_eq!((models.len(), end), (3, EnumerationEnd::Exhausted));
        // An empty projection: one model, then nothing differs any more.
        let (models, end) = all_models(&formula, Some(&[]), None);
        assert_eq!((models.len(), end), (1, EnumerationEnd::Exhausted));
    }

    #[test]
    fn limits_and_unsat() {
        let formula = cnf(&[&[1, 2]], 3);
        let (models, end) = all_models(&formula, None, Some(2));
        assert_eq!((models.len(), end), (2, EnumerationEnd::LimitReached));
        let unsat = cnf(&[&[1], &[-1]], 1);
        let (models, end) = all_models(&unsat, None, Some(2));
        assert_eq!((models.len(), end), (0, EnumerationEnd::Exhausted));
    }

    #[test]
    fn errors_from_the_consumer_stop_the_enumeration() {
        let formula = cnf(&[&[1, 2]], 3);
        let mut solver = Solver::new(&formula);
        let mut calls = 0;
        let result = enumerate(&mut solver, None, None, |_| {
            calls += 1;
            if calls == 2 {
                Err("stdout closed")
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err("stdout closed"));
        assert_eq!(calls, 2);
    }
}
