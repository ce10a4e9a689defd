//! The XOR engine against brute force: every implication, reason and conflict of the
//! matrices checked on random XOR systems under random decisions and backjumps; then
//! the solver with the engine on random formulas with XORs, against the solver without
//! it and brute force.

use super::*;
use crate::rng::SplitMix64;
use crate::solver::cdcl::Solver;
use crate::solver::Outcome;
use crate::testkit::brute;
use crate::testkit::families::{parity_chains, random_xors, tseitin_graph, Formula};

/// An XOR system's solutions, each a bit mask over the variables (at most 20).
struct Oracle {
    /// Each XOR as a mask of its variables and its right-hand side.
    rows: Vec<(u32, bool)>,
    num_vars: usize,
}

impl Oracle {
    fn new(xors: &[Xor], num_vars: usize) -> Oracle {
        let rows = xors
            .iter()
            .map(|xor| {
                let mask = xor.vars.iter().fold(0u32, |m, v| m | 1 << v.index());
                (mask, xor.rhs)
            })
            .collect();
        Oracle { rows, num_vars }
    }

    fn solutions(&self) -> impl Iterator<Item = u32> + '_ {
        (0u32..1 << self.num_vars).filter(move |&a| {
            self.rows
                .iter()
                .all(|&(mask, rhs)| ((a & mask).count_ones() % 2 == 1) == rhs)
        })
    }

    /// Solutions agreeing with every assigned variable of `trail`.
    fn consistent<'a>(&'a self, trail: &'a Trail) -> impl Iterator<Item = u32> + 'a {
        self.solutions().filter(move |&a| {
            trail
                .lits()
                .iter()
                .all(|lit| (a >> lit.var().index() & 1 == 1) == lit.is_positive())
        })
    }

    /// Whether every solution satisfies `clause`.
    fn implies(&self, clause: &[Lit]) -> bool {
        self.solutions().all(|a| {
            clause
                .iter()
                .any(|lit| (a >> lit.var().index() & 1 == 1) == lit.is_positive())
        })
    }
}

/// Limits under which every group of two or more XORs gets a matrix.
const ALL: BuildLimits = BuildLimits {
    max_columns: usize::MAX,
    min_rows: 1,
    max_matrices: usize::MAX,
};

fn random_system(rng: &mut SplitMix64, num_vars: usize) -> Vec<Xor> {
    let count = 2 + rng.index(num_vars);
    (0..count)
        .map(|_| {
            let len = 2 + rng.index(4.min(num_vars - 1));
            let mut vars: Vec<Var> = Vec::new();
            while vars.len() < len {
                let var = Var::from_index(rng.index(num_vars));
                if !vars.contains(&var) {
                    vars.push(var);
                }
            }
            vars.sort();
            Xor {
                vars,
                rhs: rng.below(2) == 0,
            }
        })
        .collect()
}

/// Propagates the engine alone to a fixpoint or a conflict, checking each implication's
/// reason against the oracle.
fn propagate(engine: &mut XorEngine, trail: &mut Trail, oracle: &Oracle) -> Option<ClauseRef> {
    loop {
        let before = trail.len();
        let fired = engine.propagate(trail);
        for &lit in &trail.lits()[before..] {
            let reason = engine.reasons().lits(trail.reason(lit.var()));
            assert_eq!(reason[0], lit, "the implied literal comes first");
            assert!(reason[1..].iter().all(|&l| trail.is_false(l)));
            assert!(oracle.implies(reason), "reason {reason:?} is not implied");
        }
        for matrix in &engine.matrices {
            assert!(matrix.is_consistent());
        }
        match fired {
            XorPropagation::Quiet => return None,
            XorPropagation::Propagated => {}
            XorPropagation::Conflict(clause) => return Some(clause),
        }
    }
}

#[test]
fn matrices_imply_exactly_what_the_system_implies() {
    let mut rng = SplitMix64(2027);
    let (mut conflicts, mut implied, mut pivots_seen) = (0, 0, 0);
    for _ in 0..300 {
        let num_vars = 3 + rng.index(12);
        let xors = random_system(&mut rng, num_vars);
        // Every variable of the system in a matrix: one group, or the oracle would see
        // XORs the engine leaves to the clauses.
        let Ok((mut engine, units)) = XorEngine::build(&xors, num_vars, ALL) else {
            assert_eq!(Oracle::new(&xors, num_vars).solutions().count(), 0);
            continue;
        };
        let in_matrix: Vec<Xor> = xors
            .iter()
            .filter(|xor| xor.vars.iter().all(|v| engine.column(*v).is_some()))
            .cloned()
            .collect();
        let oracle = Oracle::new(&in_matrix, num_vars);
        let mut trail = Trail::default();
        trail.grow(num_vars);
        for &unit in &units {
            assert!(Oracle::new(&xors, num_vars).implies(&[unit]));
            if trail.value(unit) == Value::Unassigned {
                trail.assign(unit, ClauseRef::NONE);
            }
        }
        engine.qhead = trail.len();
        engine.synced = trail.len();
        for _step in 0..40 {
            match propagate(&mut engine, &mut trail, &oracle) {
                Some(conflict) => {
                    conflicts += 1;
                    let clause = engine.reasons().lits(conflict).to_vec();
                    assert!(clause.iter().all(|&l| trail.is_false(l)));
                    assert!(oracle.implies(&clause));
                    assert_eq!(oracle.consistent(&trail).count(), 0);
                    if trail.decision_level() == 0 {
                        break;
                    }
                    let level = rng.index(trail.decision_level());
                    engine.backtrack(&trail, trail.level_start(level + 1));
                    trail.backtrack_to(level, |_| {});
                }
                None => {
                    assert!(engine.is_propagated(&trail));
                    // Complete: consistent, and no unassigned variable forced.
                    let (mut all_true, mut all_false, mut any) = (u32::MAX, u32::MAX, false);
                    for a in oracle.consistent(&trail) {
                        all_true &= a;
                        all_false &= !a;
                        any = true;
                    }
                    assert!(any, "a fixpoint on an inconsistent assignment");
                    for v in 0..num_vars {
                        let lit = Var::from_index(v).positive();
                        if trail.value(lit) == Value::Unassigned
                            && engine.column(lit.var()).is_some()
                        {
                            let forced = (all_true | all_false) >> v & 1 == 1;
                            assert!(!forced, "x{} is forced but not implied", v + 1);
                        }
                    }
                    implied += trail
                        .lits()
                        .iter()
                        .filter(|l| trail.reason(l.var()).is_external())
                        .count();
                    let free: Vec<usize> = (0..num_vars)
                        .filter(|&v| {
                            trail.value(Var::from_index(v).positive()) == Value::Unassigned
                        })
                        .collect();
                    if free.is_empty() {
                        let level = rng.index(trail.decision_level() + 1);
                        if level < trail.decision_level() {
                            engine.backtrack(&trail, trail.level_start(level + 1));
                            trail.backtrack_to(level, |_| {});
                        }
                        continue;
                    }
                    // One to three assignments at once, as clause propagation makes
                    // them: the matrices see them together, and may find a conflict
                    // (one at a time never does, as their propagation is complete).
                    trail.qhead = trail.len();
                    trail.new_level();
                    for (i, &v) in free.iter().enumerate() {
                        if i == 0 || rng.below(free.len() as u64) < 2 {
                            let var = Var::from_index(v);
                            pivots_seen += usize::from(
                                engine
                                    .column(var)
                                    .is_some_and(|(m, c)| engine.matrices[m].is_basic(c)),
                            );
                            trail.assign(var.lit(rng.below(2) == 0), ClauseRef::NONE);
                        }
                    }
                }
            }
        }
    }
    assert!(
        conflicts > 50 && implied > 200 && pivots_seen > 50,
        "{conflicts} {implied} {pivots_seen}"
    );
}

/// Solves `formula` with preprocessing (elimination and XORs) and without anything of
/// it; checks the model and the answer against brute force when small, the other
/// solver otherwise. Returns the answer, whether a matrix was built and whether XORs
/// were found.
fn check(formula: &Formula) -> (bool, bool, bool) {
    let cnf = formula.to_cnf();
    let mut solver = Solver::new(&cnf);
    solver.set_elimination(true);
    let outcome = solver.solve();
    let with_matrix = solver.stats().xor_matrices > 0;
    let with_xors = solver.stats().xors_found > 0;
    let expected = if formula.vars <= 20 {
        brute::is_satisfiable(formula)
    } else {
        let mut plain = Solver::new(&cnf);
        matches!(plain.solve(), Outcome::Sat(_))
    };
    match outcome {
        Outcome::Sat(model) => {
            assert!(cnf.is_satisfied_by(&model), "model falsifies a clause");
            assert!(expected, "SAT, but UNSAT expected: {formula:?}");
            (true, with_matrix, with_xors)
        }
        Outcome::Unsat => {
            assert!(!expected, "UNSAT, but SAT expected: {formula:?}");
            (false, with_matrix, with_xors)
        }
        Outcome::Unknown => panic!("no limit was set"),
    }
}

#[test]
fn the_solver_with_matrices_agrees_on_formulas_with_xors() {
    let mut rng = SplitMix64(29);
    let (mut sat, mut unsat, mut matrices, mut found) = (0, 0, 0, 0);
    for round in 0..150 {
        let size = rng.index(30);
        let formula = match round % 3 {
            0 => {
                let vars = 8 + size;
                let (count, extra) = (vars * (6 + rng.index(6)) / 10, rng.index(vars));
                random_xors(&mut rng, vars, count, extra)
            }
            1 => tseitin_graph(&mut rng, 4 + size * 2 / 3, round % 2 == 0),
            _ => parity_chains(&mut rng, 3 + size / 3, round % 2 == 0),
        };
        let (answer, with_matrix, with_xors) = check(&formula);
        if answer {
            sat += 1;
        } else {
            unsat += 1;
        }
        matrices += usize::from(with_matrix);
        found += usize::from(with_xors);
    }
    // Many formulas have one group of XORs, which merging sums into one XOR (or into
    // 0 = 1): no matrix then.
    assert!(
        sat > 30 && unsat > 30 && matrices > 20 && found > 100,
        "{sat} {unsat} {matrices} {found}"
    );
}

#[test]
fn a_large_tseitin_formula_is_refuted_by_the_matrix_alone() {
    // 200 vertices: far beyond resolution's reach, and the XORs sum to 0 = 1.
    let mut rng = SplitMix64(5);
    let formula = tseitin_graph(&mut rng, 200, false);
    let mut solver = Solver::new(&formula.to_cnf());
    solver.set_elimination(true);
    assert_eq!(solver.solve(), Outcome::Unsat);
    assert!(solver.stats().conflicts < 10, "{:?}", solver.stats());
    let sat = tseitin_graph(&mut rng, 200, true);
    let mut solver = Solver::new(&sat.to_cnf());
    solver.set_elimination(true);
    let Outcome::Sat(model) = solver.solve() else {
        panic!("a satisfiable Tseitin formula");
    };
    assert!(sat.satisfied_by(&model));
}

#[test]
fn later_clauses_and_assumptions_keep_the_matrices_sound() {
    let mut rng = SplitMix64(41);
    for _ in 0..40 {
        let formula = random_xors(&mut rng, 14, 10, 4);
        let cnf = formula.to_cnf();
        let mut solver = Solver::new(&cnf);
        solver.set_elimination(true);
        let mut current = formula.clone();
        if solver.solve() == Outcome::Unsat {
            continue;
        }
        for _ in 0..4 {
            // Assumptions, then a clause: each answer against brute force.
            let assumption = (rng.index(14) as i64 + 1) * if rng.below(2) == 0 { 1 } else { -1 };
            let mut assumed = current.clone();
            assumed.clauses.push(vec![assumption]);
            let outcome = solver.solve_with_assumptions(&[Lit::from_dimacs(assumption).unwrap()]);
            assert_eq!(
                matches!(outcome, Outcome::Sat(_)),
                brute::is_satisfiable(&assumed)
            );
            if let Outcome::Sat(model) = outcome {
                assert!(assumed.satisfied_by(&model));
            }
            let clause = crate::testkit::families::random_clause(&mut rng, 14, 2);
            current.clauses.push(clause.clone());
            let lits: Vec<Lit> = clause
                .iter()
                .map(|&l| Lit::from_dimacs(l).unwrap())
                .collect();
            solver.add_clause(&lits);
            let outcome = solver.solve();
            assert_eq!(
                matches!(outcome, Outcome::Sat(_)),
                brute::is_satisfiable(&current)
            );
            if let Outcome::Sat(model) = outcome {
                assert!(current.satisfied_by(&model));
            }
        }
    }
}

#[test]
fn no_matrix_under_a_proof_nor_when_switched_off() {
    let mut rng = SplitMix64(8);
    let formula = tseitin_graph(&mut rng, 12, false);
    let cnf = formula.to_cnf();
    let sink = crate::solver::cdcl::proof::Shared::default();
    let mut solver = Solver::new(&cnf);
    solver.set_proof(
        Box::new(sink.clone()),
        crate::solver::cdcl::ProofFormat::Text,
    );
    solver.set_elimination(true);
    assert_eq!(solver.solve(), Outcome::Unsat);
    assert_eq!(solver.stats().xor_matrices, 0);
    assert!(solver.stats().xors_found == 0);
    crate::testkit::diffcheck::check_proof(&formula, &sink.bytes(), 100_000).unwrap();
    let options = crate::solver::cdcl::Options {
        xor: 0,
        ..Default::default()
    };
    let mut solver = Solver::with_options(&cnf, options);
    solver.set_elimination(true);
    assert_eq!(solver.solve(), Outcome::Unsat);
    assert_eq!(solver.stats().xors_found, 0);
}
