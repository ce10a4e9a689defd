use super::*;
use crate::check::check_grid;
use crate::testkit::brute::{count_models, is_satisfiable};

#[test]
fn pigeonhole_is_unsat_exactly_with_more_pigeons_than_holes() {
    assert!(!is_satisfiable(&pigeonhole(3, 2)));
    assert!(!is_satisfiable(&pigeonhole(4, 3)));
    assert!(is_satisfiable(&pigeonhole(3, 3)));
    let php = pigeonhole(4, 3);
    // 4 pigeon clauses, 3 holes x C(4,2) conflict pairs.
    assert_eq!((php.vars, php.clauses.len()), (12, 4 + 3 * 6));
}

#[test]
fn parity_chains_are_sat_or_unsat_as_asked() {
    let mut rng = SplitMix64(7);
    for n in 2..=6 {
        assert!(is_satisfiable(&parity_chains(&mut rng, n, true)), "n = {n}");
        assert!(
            !is_satisfiable(&parity_chains(&mut rng, n, false)),
            "n = {n}"
        );
    }
}

#[test]
fn xor_encodings_hold_exactly_on_their_parity() {
    for k in 1..=5 {
        for rhs in [false, true] {
            let vars: Vec<i64> = (1..=k as i64).collect();
            let formula = Formula {
                vars: k,
                clauses: xor_clauses(&vars, rhs),
            };
            assert_eq!(formula.clauses.len(), 1 << (k - 1));
            for bits in 0u32..1 << k {
                let model: Vec<bool> = (0..k).map(|v| bits >> v & 1 == 1).collect();
                assert_eq!(
                    formula.satisfied_by(&model),
                    (bits.count_ones() % 2 == 1) == rhs
                );
            }
        }
    }
}

#[test]
fn tseitin_formulas_are_sat_or_unsat_as_asked() {
    let mut rng = SplitMix64(27);
    for vertices in 3..=9 {
        let sat = tseitin_graph(&mut rng, vertices, true);
        let unsat = tseitin_graph(&mut rng, vertices, false);
        assert!(sat.vars <= 24 && unsat.vars <= 24);
        assert!(is_satisfiable(&sat), "{vertices} vertices");
        assert!(!is_satisfiable(&unsat), "{vertices} vertices");
    }
}

#[test]
fn random_xor_systems_come_out_both_ways() {
    let mut rng = SplitMix64(31);
    let answers: Vec<bool> = (0..40)
        .map(|_| {
            let vars = 8 + rng.index(8);
            is_satisfiable(&random_xors(&mut rng, vars, vars * 9 / 10, 3))
        })
        .collect();
    assert!(
        answers.contains(&true) && answers.contains(&false),
        "{answers:?}"
    );
}

#[test]
fn random_clauses_have_distinct_variables_in_range() {
    let mut rng = SplitMix64(1);
    let formula = random_ksat(&mut rng, 30, 3, 4.26);
    assert_eq!(formula.clauses.len(), 128);
    let mixed = mixed_lengths(&mut rng, 10, 6, 3.0);
    for clause in formula.clauses.iter().chain(&mixed.clauses) {
        let mut vars: Vec<u64> = clause.iter().map(|l| l.unsigned_abs()).collect();
        assert!(vars.iter().all(|v| (1..=30).contains(v)));
        vars.sort_unstable();
        vars.dedup();
        assert_eq!(vars.len(), clause.len());
    }
    let lengths: Vec<usize> = mixed.clauses.iter().map(Vec::len).collect();
    assert!(lengths.contains(&2) && lengths.iter().all(|&l| (1..=6).contains(&l)));
}

#[test]
fn dimacs_text_has_an_exact_header() {
    let formula = Formula {
        vars: 3,
        clauses: vec![vec![1, -2], vec![3]],
    };
    assert_eq!(formula.to_dimacs(), "p cnf 3 2\n1 -2 0\n3 0\n");
    assert!(formula.satisfied_by(&[true, false, true]));
    assert!(!formula.satisfied_by(&[false, true, true]));
}

#[test]
fn formulas_convert_to_and_from_the_library_cnf() {
    let formula = pigeonhole(3, 2);
    let cnf = formula.to_cnf();
    assert_eq!((cnf.num_vars(), cnf.num_clauses()), (6, 3 + 2 * 3));
    assert_eq!(Formula::from(&cnf), formula);
    // The brute-force oracle agrees with the model checker each representation has.
    let free = Formula {
        vars: 3,
        clauses: vec![vec![1, -2], vec![2, 3]],
    };
    let models = (0..8u32)
        .filter(|bits| {
            let model: Vec<bool> = (0..3).map(|v| bits >> v & 1 == 1).collect();
            assert_eq!(
                free.satisfied_by(&model),
                free.to_cnf().is_satisfied_by(&model)
            );
            free.satisfied_by(&model)
        })
        .count();
    assert_eq!(count_models(&free) as usize, models);
}

#[test]
fn random_literals_are_in_range_and_may_repeat_a_variable() {
    let mut rng = SplitMix64(9);
    let lists: Vec<Vec<i64>> = (0..100).map(|_| random_lits(&mut rng, 10, 2)).collect();
    let lits: Vec<i64> = lists.concat();
    assert_eq!(lits.len(), 200);
    assert!(lits.iter().all(|l| (1..=10).contains(&l.unsigned_abs())));
    assert!(lits.iter().any(|&l| l > 0) && lits.iter().any(|&l| l < 0));
    // Drawn with replacement, unlike `random_clause`: one pair in ten repeats its variable.
    assert!(lists.iter().any(|pair| pair[0].abs() == pair[1].abs()));
}

#[test]
fn random_solutions_are_valid_grids_and_vary() {
    let mut rng = SplitMix64(3);
    for k in 2..=5 {
        let layout = Layout::square(k * k).unwrap();
        let a = random_solution(&mut rng, k);
        let b = random_solution(&mut rng, k);
        assert!(
            a.is_complete() && check_grid(&a, &layout, None, false).is_empty(),
            "k = {k}"
        );
        assert!(check_grid(&b, &layout, None, false).is_empty());
        assert_ne!(a, b, "two draws gave the same grid");
    }
}

#[test]
fn solvable_puzzles_keep_their_givens_and_changed_ones_repeat_no_digit() {
    let mut rng = SplitMix64(11);
    let layout = Layout::square(9).unwrap();
    for givens in [0, 17, 40, 81] {
        let puzzle = random_sudoku(&mut rng, 3, givens, true);
        assert_eq!(puzzle.givens(), givens);
        let changed = random_sudoku(&mut rng, 3, givens, false);
        assert_eq!(changed.givens(), givens);
        // Givens with conflicts would be rejected by the reader before any solver runs.
        assert!(check_grid(&changed, &layout, None, true).is_empty());
    }
    let honeycomb = Layout::hanidoku();
    let grid = random_givens(&mut rng, &honeycomb, 12);
    assert!(grid.givens() > 0 && grid.givens() <= 12);
    let violations = check_grid(&grid, &honeycomb, None, true);
    assert!(
        violations.iter().all(|v| !v.to_string().contains("twice")),
        "{violations:?}"
    );
}

#[test]
fn every_family_generates_at_every_scale() {
    let mut rng = SplitMix64(5);
    for family in Family::ALL {
        for scale in [Scale::Small, Scale::Large, Scale::Trust] {
            for round in 0..3 {
                match family.generate(&mut rng, scale, round) {
                    Instance::Cnf(formula) => {
                        assert!(!family.is_puzzle());
                        assert!(formula
                            .clauses
                            .iter()
                            .flatten()
                            .all(|l| { *l != 0 && l.unsigned_abs() as usize <= formula.vars }));
                    }
                    Instance::Puzzle { text, layout } => {
                        assert!(family.is_puzzle(), "{}", family.name());
                        assert!(text.ends_with('\n'));
                        assert_eq!(layout == "hanidoku", family == Family::Hanidoku);
                    }
                }
            }
        }
    }
}

#[test]
fn miters_of_equal_multipliers_are_unsat_and_a_flipped_gate_makes_them_sat() {
    use crate::solver::cdcl::Solver;
    use crate::solver::Outcome;
    let mut rng = SplitMix64(27);
    for bits in 1..=4 {
        for second in [SecondCopy::Identical, SecondCopy::Decomposed] {
            for shuffle in [false, true] {
                for flip_gate in [false, true] {
                    let shape = MiterShape {
                        bits,
                        second,
                        shuffle,
                        flip_gate,
                    };
                    let miter = multiplier_miter(&mut rng, shape);
                    match Solver::new(&miter.to_cnf()).solve() {
                        Outcome::Sat(model) if flip_gate => assert!(miter.satisfied_by(&model)),
                        Outcome::Unsat if !flip_gate => {}
                        other => panic!("{shape:?}: {other:?}"),
                    }
                }
            }
        }
    }
}
