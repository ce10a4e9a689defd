//! Enumeration on one formula, and per cube over a stream with activation literals,
//! checked against brute force.

use super::*;
use crate::rng::SplitMix64;
use crate::solver::cdcl::Solver;
use crate::solver::EngineKind;
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

/// The distinct values on `projection` (every variable if `None`) of the assignments of
/// `num_vars` variables that satisfy `clauses` and `cube`: the oracle, by brute force.
fn projected_models(
    clauses: &[Vec<Lit>],
    num_vars: usize,
    cube: &[Lit],
    projection: Option<&[Var]>,
) -> Vec<Vec<bool>> {
    let holds = |values: &[bool], lit: &Lit| values[lit.var().index()] == lit.is_positive();
    let mut found: Vec<Vec<bool>> = (0u32..1 << num_vars)
        .map(|bits| {
            (0..num_vars)
                .map(|i| bits >> i & 1 == 1)
                .collect::<Vec<bool>>()
        })
        .filter(|values| {
            cube.iter().all(|lit| holds(values, lit))
                && clauses
                    .iter()
                    .all(|clause| clause.iter().any(|lit| holds(values, lit)))
        })
        .map(|values| match projection {
            Some(vars) => vars.iter().map(|var| values[var.index()]).collect(),
            None => values,
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

fn setups() -> Vec<EngineSetup> {
    let mut setups = Vec::new();
    for kind in EngineKind::ALL {
        for assumptions in [false, true] {
            setups.push(EngineSetup {
                kind,
                assumptions,
                ..EngineSetup::default()
            });
        }
    }
    setups
}

fn random_lit(rng: &mut SplitMix64, num_vars: usize) -> Lit {
    let var = Var::from_index(rng.below(num_vars as u64) as usize);
    var.lit(rng.below(2) == 0)
}

#[test]
fn every_cube_gets_its_own_models_and_no_blocking_clause_leaks() {
    let mut rng = SplitMix64(14);
    // Cubes the cdcl root level handed over to a fresh engine (budget 0).
    let mut handed_over = 0;
    for round in 0..8 {
        let num_vars = 6 + round % 4;
        let projection: Vec<Var> = (0..num_vars - 2).map(Var::from_index).collect();
        let projection = (round % 2 == 0).then_some(projection.as_slice());
        let clauses: Vec<Vec<Lit>> = (0..num_vars)
            .map(|_| (0..3).map(|_| random_lit(&mut rng, num_vars)).collect())
            .collect();
        let base = {
            let mut cnf = Cnf::new(num_vars);
            for clause in &clauses {
                cnf.add_clause(clause);
            }
            cnf
        };
        // The same cubes twice over, and an empty cube: a leak shows on the repeat.
        let mut cubes: Vec<Vec<Lit>> = (0..6)
            .map(|_| (0..2).map(|_| random_lit(&mut rng, num_vars)).collect())
            .collect();
        cubes.extend(cubes.clone());
        cubes.push(Vec::new());
        for (setup, budget) in setups()
            .into_iter()
            .flat_map(|setup| [(setup.clone(), ROOT_BUDGET), (setup, 0)])
        {
            let mut finder = CubeModels::new(&base, &setup);
            // Budget 0: the cdcl root level hands every cube with a search to do over
            // to a fresh engine.
            finder.set_root_budget(budget);
            let mut clauses = clauses.clone();
            for (k, cube) in cubes.iter().enumerate() {
                if k == 7 {
                    // A clause between cubes holds for every later cube.
                    let clause: Vec<Lit> = (0..2).map(|_| random_lit(&mut rng, num_vars)).collect();
                    finder.add_clause(&clause);
                    clauses.push(clause);
                }
                let expected = projected_models(&clauses, num_vars, cube, projection);
                for limit in [None, Some(1), Some(2)] {
                    let answer = finder.models(cube, projection, limit);
                    let context =
                        format!("round {round} cube {k} {setup:?} budget {budget} limit {limit:?}");
                    let mut seen: Vec<Vec<bool>> = answer
                        .models
                        .iter()
                        .map(|model| {
                            assert_eq!(model.len(), num_vars, "{context}");
                            let mut all = clauses.iter();
                            assert!(
                                all.all(|c| c
                                    .iter()
                                    .any(|l| model[l.var().index()] == l.is_positive())),
                                "{context}"
                            );
                            assert!(
                                cube.iter()
                                    .all(|l| model[l.var().index()] == l.is_positive()),
                                "{context}"
                            );
                            match projection {
                                Some(vars) => vars.iter().map(|v| model[v.index()]).collect(),
                                None => model.clone(),
                            }
                        })
                        .collect();
                    seen.sort();
                    seen.dedup();
                    assert_eq!(seen.len(), answer.models.len(), "{context}: a model twice");
                    match limit {
                        Some(limit) if expected.len() >= limit => {
                            assert_eq!(answer.models.len(), limit, "{context}");
                            if expected.len() > limit {
                                assert_eq!(answer.end, EnumerationEnd::LimitReached, "{context}");
                            }
                        }
                        _ => {
                            assert_eq!(seen, expected, "{context}");
                            assert_eq!(answer.end, EnumerationEnd::Exhausted, "{context}");
                        }
                    }
                }
            }
            if budget == 0 && setup.kind == EngineKind::Cdcl && !setup.assumptions {
                handed_over += counter(&finder, "over budget");
            }
        }
    }
    assert!(
        handed_over > 0,
        "the fresh-engine path of the root level was not taken"
    );
}

/// The value of the counter `name` in the finder's statistics.
fn counter(finder: &CubeModels, name: &str) -> u64 {
    let mut stats = Vec::new();
    finder.write_stats(&mut stats).unwrap();
    let stats = String::from_utf8(stats).unwrap();
    stats
        .lines()
        .find_map(|line| line.strip_prefix(&format!("c {name}")))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} line in {stats}"))
}

#[test]
fn activation_variables_are_recycled_by_rebuilds() {
    // x1 or x2 over 2 variables: 3 models under the empty cube, 2 under x1.
    let base = cnf(&[&[1, 2]], 2);
    let x1 = [Lit::from_dimacs(1).unwrap()];
    for setup in setups() {
        let mut finder = CubeModels::new(&base, &setup);
        finder.set_rebuild_after(3);
        for round in 0..20 {
            let cube: &[Lit] = if round % 2 == 0 { &[] } else { &x1 };
            let answer = finder.models(cube, None, None);
            assert_eq!(
                answer.models.len(),
                3 - round % 2,
                "{setup:?} round {round}"
            );
            assert!(answer.models.iter().all(|model| model.len() == 2));
        }
        // A cube and a clause on variables numbered like spent activation variables.
        let x3 = Lit::from_dimacs(3).unwrap();
        let answer = finder.models(&[x3], None, None);
        assert_eq!(answer.models.len(), 3, "{setup:?}: x3 is a free variable");
        finder.add_clause(&[!x3, Lit::from_dimacs(-1).unwrap()]);
        let answer = finder.models(&[x3], None, None);
        assert_eq!(answer.models, [vec![false, true, true]], "{setup:?}");
        // Ten cubes under x1 each spent an activation variable (on the engines that
        // use them), one rebuild per three; the x3 cube found a spent one.
        let rebuilds = counter(&finder, "rebuilds");
        if setup.kind == EngineKind::Cdcl || setup.assumptions {
            assert!(rebuilds >= 4, "{setup:?}: {rebuilds}");
        }
    }
}
