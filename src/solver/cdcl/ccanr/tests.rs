use super::super::clause_db::ClauseRef;
use super::super::walk::tests::{
    check_best_is_reported_exactly, check_easy_random_3sat, falsified, load,
};
use super::*;
use crate::lit::Lit;
use crate::testkit::families::{planted_colouring, random_ksat};

fn walk_from(
    db: &ClauseDb,
    trail: &Trail,
    phases: &mut [bool],
    effort: u64,
    seed: u64,
) -> WalkReport {
    let budget = Budget {
        effort,
        per_literal: u64::MAX,
        stall: 0,
        stall_factor: 0,
    };
    walk_within(db, trail, phases, budget, seed)
}

fn walk_within(
    db: &ClauseDb,
    trail: &Trail,
    phases: &mut [bool],
    budget: Budget,
    seed: u64,
) -> WalkReport {
    let start = phases.to_vec();
    weighted_walk(db, trail, &start, phases, budget, &mut SplitMix64(seed)).expect("small formula")
}

#[test]
fn a_walk_has_stalled_after_the_floor_and_the_factor_both_passed() {
    let budget = Budget {
        effort: u64::MAX,
        per_literal: u64::MAX,
        stall: 1000,
        stall_factor: 4,
    };
    // Best met at 100 visits: the floor of 1,000 visits binds.
    assert!(!budget.stalled(100, 1099));
    assert!(budget.stalled(100, 1100));
    // Best met at 1,000 visits: four times that binds.
    assert!(!budget.stalled(1000, 4999));
    assert!(budget.stalled(1000, 5000));
    // A stall of 0 never gives up.
    let never = Budget { stall: 0, ..budget };
    assert!(!never.stalled(0, u64::MAX));
}

#[test]
fn a_stalled_walk_stops_early_on_the_path_the_full_walk_takes() {
    let mut rng = SplitMix64(7);
    // Above the threshold: no model, so the best stops improving and the walk stalls.
    let formula = random_ksat(&mut rng, 60, 3, 6.0);
    let (db, trail) = load(formula.vars, &formula.clauses);
    let full_budget = Budget {
        effort: 20_000_000,
        per_literal: u64::MAX,
        stall: 0,
        stall_factor: 0,
    };
    let mut full_phases = vec![false; formula.vars];
    let full = walk_within(&db, &trail, &mut full_phases, full_budget, 3);
    let stall_budget = Budget {
        stall: 100_000,
        stall_factor: 2,
        ..full_budget
    };
    let mut stalled_phases = vec![false; formula.vars];
    let stalled = walk_within(&db, &trail, &mut stalled_phases, stall_budget, 3);
    assert!(
        stalled.flips < full.flips / 4,
        "{stalled:?} against {full:?}"
    );
    // The same random choices up to the stop, so no better than the full walk's best,
    // and the phases written are the best it met.
    assert!(stalled.best >= full.best && full.best > 0);
    assert_eq!(falsified(&formula.clauses, &stalled_phases), stalled.best);
    // A floor above the effort never cuts the walk: the same walk as without a stall.
    let mut late_phases = vec![false; formula.vars];
    let late_budget = Budget {
        stall: full_budget.effort,
        ..stall_budget
    };
    let late = walk_within(&db, &trail, &mut late_phases, late_budget, 3);
    assert_eq!((late, late_phases), (full, full_phases));
}

#[test]
fn finds_a_model_of_an_easy_random_3sat_formula() {
    check_easy_random_3sat(&mut |db, trail, phases, effort| {
        walk_from(db, trail, phases, effort, 1)
    });
}

#[test]
fn finds_a_model_of_a_planted_graph_colouring() {
    let mut rng = SplitMix64(11);
    let clauses = planted_colouring(&mut rng, 80, 4, 250).clauses;
    let (db, trail) = load(320, &clauses);
    let mut phases = vec![false; 320];
    let report = walk_from(&db, &trail, &mut phases, 50_000_000, 2);
    assert_eq!(report.best, 0, "{report:?}");
    assert_eq!(falsified(&clauses, &phases), 0);
}

#[test]
fn above_level_0_only_the_level_0_values_are_facts() {
    // The search walks wherever it is: values decided or implied above level 0 are
    // ignored (here every colour of vertices 0 and 1 set true at level 1, which the
    // edges' clauses forbid), and the walk writes a model of the whole formula.
    let mut rng = SplitMix64(11);
    let clauses = planted_colouring(&mut rng, 80, 4, 250).clauses;
    let (db, mut trail) = load(320, &clauses);
    trail.new_level();
    for var in 1..=8 {
        trail.assign(Lit::from_dimacs(var).unwrap(), ClauseRef::NONE);
    }
    let mut phases = vec![false; 320];
    let report = walk_from(&db, &trail, &mut phases, 50_000_000, 2);
    assert_eq!(report.best, 0, "{report:?}");
    assert_eq!(falsified(&clauses, &phases), 0);
}

#[test]
fn the_phases_returned_are_the_best_met_and_reported_exactly() {
    check_best_is_reported_exactly(&mut |db, trail, phases, _| {
        walk_from(db, trail, phases, 100_000, 3)
    });
}

/// The incremental counts, scores, good set and falsified list agree with a recount
/// from the weights after every step, through weight raises and smoothings.
#[test]
fn incremental_state_matches_a_recount_at_every_step() {
    let mut rng = SplitMix64(5);
    // Above the threshold (unsatisfiable) so that weights keep rising and get smoothed.
    let formula = random_ksat(&mut rng, 15, 3, 8.0);
    let (db, trail) = load(formula.vars, &formula.clauses);
    let gathered = Formula::gather(&db, &trail);
    let value: Vec<bool> = (0..formula.vars).map(|_| rng.next() & 1 == 1).collect();
    let mut walk = Weighted::new(&gathered, value).unwrap();
    let mut smoothed = 0;
    for step in 1..=20_000 {
        let before = walk.total_weight;
        let var = walk.pick(&mut rng);
        if walk.total_weight < before {
            smoothed += 1;
        }
        walk.flip(var, step);
        // Counts, critical variables and the falsified list.
        for c in 0..gathered.num_clauses() {
            let true_vars: Vec<usize> = gathered
                .clause(c)
                .iter()
                .filter(|&&l| walk.is_true(l))
                .map(|l| l.var().index())
                .collect();
            assert_eq!(walk.state[c].count as usize, true_vars.len());
            if true_vars.len() == 1 {
                assert_eq!(walk.state[c].critical as usize, true_vars[0]);
            }
            assert_eq!(
                walk.broken.position[c] != Broken::ABSENT,
                true_vars.is_empty()
            );
        }
        // Scores: weighted make minus break, from scratch.
        let mut score = vec![0i64; formula.vars];
        for c in 0..gathered.num_clauses() {
            let w = walk.weight[c] as i64;
            match walk.state[c].count {
                0 => gathered
                    .clause(c)
                    .iter()
                    .for_each(|l| score[l.var().index()] += w),
                1 => score[walk.state[c].critical as usize] -= w,
                _ => {}
            }
        }
        assert_eq!(walk.score, score, "step {step}");
        assert_eq!(walk.total_weight, walk.weight.iter().sum::<u64>());
        // The good set: exactly the configuration-changed variables of positive score.
        let mut good: Vec<u32> = walk.good.clone();
        good.sort_unstable();
        let expected: Vec<u32> = (0..formula.vars)
            .filter(|&v| walk.changed[v] && walk.score[v] > 0)
            .map(|v| v as u32)
            .collect();
        assert_eq!(good, expected, "step {step}");
    }
    assert!(smoothed > 0, "the test should reach a smoothing");
}
