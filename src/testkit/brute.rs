//! Satisfiability and model counts by trying every assignment: the one oracle that
//! shares nothing with any solver, so a solver's UNSAT on a small formula is checked
//! against it rather than against another solver.
//!
//! Clauses become two bit masks (the variables occurring positively and negatively), so
//! an assignment, itself a bit mask, satisfies a clause when it sets one of the first or
//! clears one of the second; the empty clause has empty masks and is never satisfied, a
//! tautology always is. 2^24 assignments of a few hundred clauses is already seconds in a
//! debug build, hence [`MAX_VARS`].

use crate::testkit::families::Formula;

/// The largest variable count these functions accept.
pub const MAX_VARS: usize = 24;

/// Per clause, the variables it holds positively and negatively, as bit masks.
fn masks(formula: &Formula) -> Vec<(u32, u32)> {
    assert!(
        formula.vars <= MAX_VARS,
        "brute force is for formulas of at most {MAX_VARS} variables, not {}",
        formula.vars
    );
    formula
        .clauses
        .iter()
        .map(|clause| {
            clause.iter().fold((0, 0), |(pos, neg), &lit| {
                let var = lit.unsigned_abs() as usize;
                assert!(
                    (1..=formula.vars).contains(&var),
                    "literal {lit} outside the formula's {} variables",
                    formula.vars
                );
                let bit = 1u32 << (var - 1);
                if lit > 0 {
                    (pos | bit, neg)
                } else {
                    (pos, neg | bit)
                }
            })
        })
        .collect()
}

/// Every assignment of `formula`'s variables (bit `v - 1` is variable `v`) that
/// satisfies every clause.
fn models(formula: &Formula) -> impl Iterator<Item = u32> {
    let masks = masks(formula);
    (0u32..1 << formula.vars).filter(move |&assignment| {
        masks
            .iter()
            .all(|&(pos, neg)| assignment & pos != 0 || !assignment & neg != 0)
    })
}

/// The number of assignments of `formula`'s variables that satisfy it.
pub fn count_models(formula: &Formula) -> u64 {
    models(formula).count() as u64
}

/// Whether some assignment satisfies `formula`.
pub fn is_satisfiable(formula: &Formula) -> bool {
    models(formula).next().is_some()
}

/// Whether some assignment satisfies `formula` with every literal of `assumptions` true
/// (repeats allowed; a literal and its negation make it false).
pub fn is_satisfiable_under(formula: &Formula, assumptions: &[i64]) -> bool {
    let mut with_units = formula.clone();
    with_units
        .clauses
        .extend(assumptions.iter().map(|&lit| vec![lit]));
    is_satisfiable(&with_units)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formula(vars: usize, clauses: &[&[i64]]) -> Formula {
        Formula {
            vars,
            clauses: clauses.iter().map(|c| c.to_vec()).collect(),
        }
    }

    #[test]
    fn counts_models_of_small_formulas() {
        assert_eq!(count_models(&formula(0, &[])), 1);
        assert_eq!(count_models(&formula(3, &[])), 8);
        assert_eq!(count_models(&formula(3, &[&[1, 2, 3]])), 7);
        assert_eq!(count_models(&formula(2, &[&[1, -1]])), 4, "tautology");
        assert_eq!(count_models(&formula(2, &[&[1, 1], &[-2, -2]])), 1);
        assert_eq!(count_models(&formula(2, &[&[1], &[]])), 0, "empty clause");
        assert!(!is_satisfiable(&formula(1, &[&[1], &[-1]])));
    }

    #[test]
    fn assumptions_act_as_units() {
        let f = formula(2, &[&[1, 2]]);
        assert!(is_satisfiable_under(&f, &[-1]));
        assert!(!is_satisfiable_under(&f, &[-1, -2]));
        assert!(!is_satisfiable_under(&f, &[2, -2]));
        assert!(is_satisfiable_under(&f, &[2, 2]));
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn literals_beyond_the_variable_count_are_refused() {
        count_models(&formula(2, &[&[3]]));
    }
}
