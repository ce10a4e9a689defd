//! Tests of [`Solver::solve_cube`]: answers against brute force and against a fresh
//! solver per cube, every learnt clause kept after a cube implied by the formula alone
//! (brute force), reductions inside a cube, and mixing with plain solve calls.

use super::tests::{brute_force, pigeonhole, random_mixed, sudoku_cnf, sudoku_var, ESCARGOT};
use super::{Options, Solver};
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::rng::SplitMix64;
use crate::solver::Outcome;
use crate::testkit::brute;
use crate::testkit::families::{random_lits, Formula};

use crate::lit::testing::{lit, lits};

/// `base` with every literal of `cube` added as a unit.
fn with_units(base: &Cnf, cube: &[Lit]) -> Cnf {
    let mut cnf = base.clone();
    for &l in cube {
        cnf.add_clause(&[l]);
    }
    cnf
}

fn satisfies(model: &[bool], clause: &[Lit]) -> bool {
    clause
        .iter()
        .any(|l| model[l.var().index()] == l.is_positive())
}

/// Checks the solver between two cubes: no cube-dependent clause is left, and every
/// learnt clause and level-0 fact is implied by `formula` (brute force: the formula with
/// the clause's negation has no model). Returns the number of learnt clauses.
fn assert_learnt_clauses_follow_from(solver: &Solver, formula: &Cnf, context: &str) -> usize {
    let oracle = Formula::from(formula);
    let learnt: Vec<_> = solver
        .db
        .iter()
        .filter(|&cref| solver.db.is_learnt(cref))
        .collect();
    for &cref in &learnt {
        assert!(
            !solver.db.is_cube_dependent(cref),
            "{context}: a cube-dependent clause stays"
        );
        let negation: Vec<i64> = solver
            .db
            .lits(cref)
            .iter()
            .map(|&l| (!l).to_dimacs())
            .collect();
        assert!(
            !brute::is_satisfiable_under(&oracle, &negation),
            "{context}: kept clause {:?} does not follow from the formula",
            solver.db.lits(cref)
        );
    }
    for &fact in solver.trail.lits() {
        assert!(
            !brute::is_satisfiable_under(&oracle, &[(!fact).to_dimacs()]),
            "{context}: level-0 fact {fact:?} does not follow from the formula"
        );
    }
    learnt.len()
}

/// A random cube of 0..=4 literals; sometimes contradictory or repeating a literal.
fn random_cube(rng: &mut SplitMix64, num_vars: usize) -> Vec<Lit> {
    let len = rng.index(5);
    let mut cube = lits(&random_lits(rng, num_vars, len));
    if !cube.is_empty() && rng.index(10) == 0 {
        cube.push(!cube[0]);
    }
    cube
}

#[test]
fn random_cubes_agree_with_brute_force_and_keep_only_implied_clauses() {
    check_random_cubes_against_brute_force(Options::default());
}

/// Options with column decisions from the first cube on (see `columns`).
fn columns_from_the_first_cube() -> Options {
    Options {
        decide_columns: 0,
        ..Options::default()
    }
}

#[test]
fn random_cubes_with_column_decisions_agree_with_brute_force() {
    check_random_cubes_against_brute_force(columns_from_the_first_cube());
}

fn check_random_cubes_against_brute_force(options: Options) {
    let columns_always = options.decide_columns == 0;
    let mut column_decisions = 0;
    let mut rng = SplitMix64(0x5eed_c0be);
    let mut sat = 0;
    let mut unsat = 0;
    let mut kept = 0;
    for round in 0..300 {
        let num_vars = 6 + rng.index(11);
        let base = random_mixed(&mut rng, num_vars);
        let mut solver = Solver::with_options(&base, options.clone());
        let mut formula = base.clone();
        for step in 0..8 {
            // Now and then a plain solve call or a new clause between cubes.
            match rng.index(6) {
                0 => {
                    let expected = brute_force(&formula);
                    let outcome = solver.solve();
                    assert_eq!(
                        matches!(outcome, Outcome::Sat(_)),
                        expected,
                        "round {round}"
                    );
                }
                1 => {
                    let clause = random_cube(&mut rng, num_vars);
                    if !clause.is_empty() {
                        solver.add_clause(&clause);
                        formula.add_clause(&clause);
                    }
                }
                _ => {}
            }
            let cube = random_cube(&mut rng, num_vars);
            let expected = brute_force(&with_units(&formula, &cube));
            match solver.solve_cube(&cube) {
                Outcome::Sat(model) => {
                    assert!(expected, "round {round} step {step}: SAT on an UNSAT cube");
                    assert!(formula.clauses().all(|c| satisfies(&model, c)));
                    assert!(cube.iter().all(|&l| satisfies(&model, &[l])));
                    sat += 1;
                }
                Outcome::Unsat => {
                    assert!(!expected, "round {round} step {step}: UNSAT on a SAT cube");
                    unsat += 1;
                }
                Outcome::Unknown => panic!("no limit was set"),
            }
            assert_eq!(solver.trail.decision_level(), 0);
            assert_eq!(solver.root_level(), 0);
            if solver.ok {
                kept += assert_learnt_clauses_follow_from(
                    &solver,
                    &formula,
                    &format!("round {round} step {step}"),
                );
            }
            assert!(solver.watches.is_consistent(&solver.db));
        }
        column_decisions += solver.stats().column_decisions;
    }
    assert!(
        sat > 300 && unsat > 300,
        "both answers exercised: {sat} / {unsat}"
    );
    assert!(kept > 100, "learnt clauses kept across cubes: {kept}");
    assert_eq!(column_decisions > 0, columns_always, "{column_decisions}");
}

#[test]
fn clauses_learnt_without_the_cube_are_kept_and_implied_by_the_formula() {
    let mut rng = SplitMix64(0xc0be_4ee9);
    let mut kept = 0;
    for round in 0..200 {
        // 3-SAT just below the threshold over 12..=20 variables: cubes of 1..=3
        // literals need conflicts both through the cube and without it.
        let num_vars = 12 + rng.index(9);
        let base = crate::testkit::families::random_ksat(&mut rng, num_vars, 3, 4.0).to_cnf();
        let mut solver = Solver::new(&base);
        for step in 0..10 {
            let len = 1 + rng.index(3);
            let cube = lits(&random_lits(&mut rng, num_vars, len));
            let expected = brute_force(&with_units(&base, &cube));
            let outcome = solver.solve_cube(&cube);
            assert_eq!(
                matches!(outcome, Outcome::Sat(_)),
                expected,
                "round {round} step {step}"
            );
            if !solver.ok {
                assert!(!brute_force(&base), "round {round}: refuted a SAT formula");
                break;
            }
            kept += assert_learnt_clauses_follow_from(
                &solver,
                &base,
                &format!("round {round} step {step}"),
            );
        }
    }
    assert!(kept > 1000, "learnt clauses kept: {kept}");
}

#[test]
fn cubes_on_one_solver_agree_with_a_fresh_solver_per_cube() {
    // Formulas too large for brute force (40..=80 variables near the 3-SAT threshold),
    // each with a stream of random cubes: the long-lived solver (keeping what it learns
    // without the cubes) must give every answer a fresh solver gives on the formula
    // with the cube as unit clauses, and its models must hold.
    let mut rng = SplitMix64(0xd1ff_c0be);
    let mut sat = 0;
    let mut unsat = 0;
    for round in 0..60 {
        let num_vars = 40 + rng.index(41);
        let base = crate::testkit::families::random_ksat(&mut rng, num_vars, 3, 4.0).to_cnf();
        let mut solver = Solver::new(&base);
        for step in 0..12 {
            let len = rng.index(7);
            let cube = lits(&random_lits(&mut rng, num_vars, len));
            let fresh = Solver::new(&with_units(&base, &cube)).solve();
            match solver.solve_cube(&cube) {
                Outcome::Sat(model) => {
                    assert!(
                        matches!(fresh, Outcome::Sat(_)),
                        "round {round} step {step}: SAT where a fresh solver says UNSAT"
                    );
                    assert!(base.clauses().all(|c| satisfies(&model, c)));
                    assert!(cube.iter().all(|&l| satisfies(&model, &[l])));
                    sat += 1;
                }
                Outcome::Unsat => {
                    assert_eq!(fresh, Outcome::Unsat, "round {round} step {step}");
                    unsat += 1;
                }
                Outcome::Unknown => panic!("no limit was set"),
            }
            assert!(solver.watches.is_consistent(&solver.db));
            assert!(solver.db.iter().all(|c| !solver.db.is_cube_dependent(c)));
        }
    }
    assert!(
        sat > 100 && unsat > 100,
        "both answers exercised: {sat} / {unsat}"
    );
}

#[test]
fn a_long_cube_that_reduces_the_database_leaves_a_working_solver() {
    // PHP(8, 7) with a selector s (variable 57) in every clause: the cube ¬s is the
    // pigeonhole problem (thousands of conflicts, so reductions and garbage
    // collections run inside the cube), the cube s is trivially SAT.
    let php = pigeonhole(8, 7);
    let selector = lit(57);
    let mut base = Cnf::new(57);
    for clause in php.clauses() {
        let mut extended = clause.to_vec();
        extended.push(selector);
        base.add_clause(&extended);
    }
    let mut solver = Solver::new(&base);
    // A learnt clause (¬58 ∨ 59), as an earlier solve call could leave, and the unit 58:
    // 59 becomes a level-0 fact whose reason is that learnt clause, which level-0
    // simplification then deletes as satisfied. Every clause the cube learns goes
    // through ¬s (all base clauses hold s), so the clean-up deletes them all.
    solver.ensure_vars(59);
    let learnt = solver.db.alloc(&[lit(-58), lit(59)], true, 2);
    solver.watches.attach(&solver.db, learnt);
    solver.add_clause(&[lit(58)]);
    assert_eq!(solver.solve_cube(&[!selector]), Outcome::Unsat);
    assert!(solver.trail.is_true(lit(59)), "the fact stays");
    assert!(solver.stats().reductions > 0, "{:?}", solver.stats());
    assert_eq!(solver.db.num_learnt(), 0);
    assert!(solver.watches.is_consistent(&solver.db));
    assert!(matches!(solver.solve_cube(&[selector]), Outcome::Sat(_)));
    assert_eq!(solver.solve_cube(&[!selector]), Outcome::Unsat);
    // The formula itself was never refuted.
    assert!(matches!(solver.solve(), Outcome::Sat(_)));
}

#[test]
fn sudoku_givens_as_cubes_over_the_empty_grid() {
    check_sudoku_cubes(Options::default());
}

#[test]
fn sudoku_givens_as_cubes_with_column_decisions() {
    check_sudoku_cubes(columns_from_the_first_cube());
}

fn check_sudoku_cubes(options: Options) {
    let columns_always = options.decide_columns == 0;
    let empty = sudoku_cnf("");
    let mut solver = Solver::with_options(&empty, options);
    let givens = |puzzle: &str| -> Vec<Lit> {
        puzzle
            .chars()
            .enumerate()
            .filter_map(|(cell, ch)| {
                let digit = ch.to_digit(10)? as usize;
                Some(sudoku_var(cell / 9, cell % 9, digit - 1).positive())
            })
            .collect()
    };
    let escargot = givens(ESCARGOT);
    let Outcome::Sat(first) = solver.solve_cube(&escargot) else {
        panic!("AI Escargot is solvable");
    };
    assert!(escargot.iter().all(|&l| satisfies(&first, &[l])));
    assert!(empty.clauses().all(|c| satisfies(&first, c)));
    // Two equal digits in row 1 make the cube UNSAT; the next cube is still solved.
    let mut clash = escargot.clone();
    clash.push(sudoku_var(0, 1, 0).positive());
    assert_eq!(solver.solve_cube(&clash), Outcome::Unsat);
    assert_eq!(solver.solve_cube(&escargot), Outcome::Sat(first.clone()));
    // The unique solution as a blocking clause: the cube is then UNSAT, the empty grid
    // still SAT.
    let blocking: Vec<Lit> = first
        .iter()
        .enumerate()
        .filter(|&(_, &value)| value)
        .map(|(i, _)| Var::from_index(i).negative())
        .collect();
    solver.add_clause(&blocking);
    assert_eq!(solver.solve_cube(&escargot), Outcome::Unsat);
    assert!(matches!(solver.solve_cube(&[]), Outcome::Sat(_)));
    assert_eq!(solver.stats().column_decisions > 0, columns_always);
}
