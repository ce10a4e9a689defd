use super::*;
use crate::solver::cdcl::clause_db::ClauseRef;
use crate::testkit::families::random_ksat;

/// The arena and an empty level-0 trail of a formula given as DIMACS literals.
pub(in crate::solver::cdcl) fn load(num_vars: usize, clauses: &[Vec<i64>]) -> (ClauseDb, Trail) {
    let mut db = ClauseDb::new();
    for clause in clauses {
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&l| Lit::from_dimacs(l).unwrap())
            .collect();
        db.alloc(&lits, false, 0);
    }
    let mut trail = Trail::default();
    trail.grow(num_vars);
    (db, trail)
}

/// A walk from `phases` (written back with the best assignment met), with no record of
/// the last one and the solver's break cap: the shape most tests need.
fn walk_from(
    db: &ClauseDb,
    trail: &Trail,
    phases: &mut [bool],
    effort: u64,
    cost: Cost,
    rng: &mut SplitMix64,
) -> WalkReport {
    let start = phases.to_vec();
    walk(db, trail, &start, phases, None, effort, cost, 32, rng)
}

/// How many of `clauses` the assignment `phases` falsifies.
pub(in crate::solver::cdcl) fn falsified(clauses: &[Vec<i64>], phases: &[bool]) -> usize {
    clauses
        .iter()
        .filter(|clause| {
            !clause
                .iter()
                .any(|&l| phases[l.unsigned_abs() as usize - 1] == (l > 0))
        })
        .count()
}

/// A walk from the given phases (written back with the best assignment met) with the
/// given effort: the shape the checks below take, for this walker and `ccanr`'s.
pub(in crate::solver::cdcl) type WalkFrom<'a> =
    &'a mut dyn FnMut(&ClauseDb, &Trail, &mut [bool], u64) -> WalkReport;

/// An easy random 3-SAT formula (100 variables, ratio 3.5) walked from all-false to a
/// model, reported and written back.
pub(in crate::solver::cdcl) fn check_easy_random_3sat(walk: WalkFrom) {
    let mut rng = SplitMix64(7);
    let formula = random_ksat(&mut rng, 100, 3, 3.5);
    let (db, trail) = load(formula.vars, &formula.clauses);
    let mut phases = vec![false; formula.vars];
    let before = falsified(&formula.clauses, &phases);
    let report = walk(&db, &trail, &mut phases, 10_000_000);
    assert_eq!(report.initial, before);
    assert_eq!(report.best, 0, "{report:?}");
    assert_eq!(falsified(&formula.clauses, &phases), 0);
}

/// Unsatisfiable (every sign pattern over three variables): the best is one falsified
/// clause, and the phases written back must be such an assignment.
pub(in crate::solver::cdcl) fn check_best_is_reported_exactly(walk: WalkFrom) {
    let mut clauses = Vec::new();
    for signs in 0..8 {
        clauses.push(
            (1..=3)
                .map(|v| if signs >> (v - 1) & 1 == 1 { v } else { -v })
                .collect::<Vec<i64>>(),
        );
    }
    let (db, trail) = load(3, &clauses);
    let mut phases = vec![true; 3];
    let report = walk(&db, &trail, &mut phases, 1000);
    assert_eq!(report.initial, 1);
    assert_eq!(report.best, 1);
    assert_eq!(falsified(&clauses, &phases), report.best);
    assert!(report.flips > 0);
}

#[test]
fn finds_a_model_of_an_easy_random_3sat_formula() {
    let mut rng = SplitMix64(7);
    check_easy_random_3sat(&mut |db, trail, phases, effort| {
        walk_from(db, trail, phases, effort, Cost::Visits, &mut rng)
    });
}

#[test]
fn the_phases_returned_are_the_best_met_and_reported_exactly() {
    let mut rng = SplitMix64(3);
    check_best_is_reported_exactly(&mut |db, trail, phases, effort| {
        walk_from(db, trail, phases, effort, Cost::Visits, &mut rng)
    });
}

#[test]
fn level_zero_facts_are_kept_and_satisfied_clauses_left_out() {
    // x1 is true at level 0: (x1 ∨ x2) is satisfied, (¬x1 ∨ x3) is the unit x3 once
    // x1's falsity is dropped; the walk must set x3 and leave x1 alone.
    let clauses = vec![vec![1, 2], vec![-1, 3], vec![-2, -3, 4]];
    let (db, mut trail) = load(4, &clauses);
    trail.assign(Lit::from_dimacs(1).unwrap(), ClauseRef::NONE);
    let mut rng = SplitMix64(1);
    let mut phases = vec![false; 4];
    let report = walk_from(&db, &trail, &mut phases, 10_000, Cost::Visits, &mut rng);
    assert_eq!(report.best, 0);
    assert!(
        !phases[0],
        "a variable assigned at level 0 keeps its phase entry"
    );
    assert!(phases[2]);
}

/// The walker's cached counts against a recount from its assignment.
fn consistent(walker: &Walker) -> bool {
    let mut breaks = vec![0u32; walker.breaks.len()];
    let mut broken = 0;
    for clause in 0..walker.formula.num_clauses() {
        let true_lits: Vec<Lit> = walker
            .formula
            .clause(clause)
            .iter()
            .copied()
            .filter(|&lit| walker.is_true(lit))
            .collect();
        let state = walker.state[clause];
        if state.count as usize != true_lits.len() {
            return false;
        }
        match true_lits[..] {
            [] => broken += 1,
            [only] => {
                breaks[only.var().index()] += 1;
                if state.critical as usize != only.var().index() {
                    return false;
                }
            }
            _ => {}
        }
    }
    breaks == walker.breaks && broken == walker.broken.list.len()
}

#[test]
fn cached_breaks_follow_every_flip() {
    let mut rng = SplitMix64(21);
    for k in [3, 5] {
        let formula = random_ksat(&mut rng, 60, k, if k == 3 { 4.5 } else { 22.0 });
        let (db, trail) = load(formula.vars, &formula.clauses);
        let gathered = Formula::gather(&db, &trail);
        let start: Vec<bool> = (0..formula.vars).map(|_| rng.next() % 2 == 0).collect();
        let mut walker = Walker::new(&gathered, start);
        assert!(consistent(&walker));
        for _ in 0..500 {
            let var = Var::from_index(rng.index(formula.vars));
            let lit = var.lit(!walker.value[var.index()]);
            walker.flip(lit);
            assert!(consistent(&walker), "k = {k}");
        }
    }
}

#[test]
fn the_best_comes_back_from_the_flips_since_or_from_a_copy() {
    let mut rng = SplitMix64(8);
    for cap in [1000, 3] {
        let mut best = BestSoFar::new(4);
        best.cap = cap;
        let mut value = vec![false; 4];
        best.improved();
        let saved = value.clone();
        for _ in 0..20 {
            let var = Var::from_index(rng.index(4));
            let lit = var.lit(!value[var.index()]);
            value[var.index()] = lit.is_positive();
            best.flipped(lit, &value);
        }
        assert_eq!(best.since.is_none(), cap == 3);
        best.restore(&mut value);
        assert_eq!(value, saved, "cap {cap}");
    }
}

#[test]
fn a_resumed_walk_hands_back_where_it_stopped() {
    // Unsatisfiable, so the walk runs to its effort; `last` is the final assignment,
    // which need not be the best, and the best is what `best` gets.
    let mut clauses = Vec::new();
    for signs in 0..8 {
        clauses.push(
            (1..=3)
                .map(|v| if signs >> (v - 1) & 1 == 1 { v } else { -v })
                .collect::<Vec<i64>>(),
        );
    }
    let (db, trail) = load(3, &clauses);
    let mut rng = SplitMix64(5);
    let start = vec![true; 3];
    let mut best = vec![false; 3];
    let mut last = Vec::new();
    let report = walk(
        &db,
        &trail,
        &start,
        &mut best,
        Some(&mut last),
        777,
        Cost::Visits,
        32,
        &mut rng,
    );
    assert_eq!(last.len(), 3);
    assert_eq!(falsified(&clauses, &last), 1, "every assignment breaks one");
    assert_eq!(falsified(&clauses, &best), report.best);
    assert!(report.flips > 10);
}

#[test]
fn break_base_follows_the_table() {
    assert!((break_base(3.0) - 2.5).abs() < 1e-9);
    assert!((break_base(3.5) - 2.675).abs() < 1e-9);
    assert!((break_base(20.0) - 7.4).abs() < 1e-9);
}

/// The two units bound the same walk differently: a recount of a clause's breaks reads
/// whole occurrence lists, so on a formula whose variables sit in many clauses a walk
/// bounded in scans stops after fewer flips than one bounded in visits (the rephasing
/// walk's unit against the random-formula phase's, see `Cost`).
#[test]
fn scans_cost_more_than_visits_on_dense_occurrence_lists() {
    let mut rng = SplitMix64(11);
    let formula = random_ksat(&mut rng, 60, 3, 4.26);
    let (db, trail) = load(formula.vars, &formula.clauses);
    let mut flips = Vec::new();
    for cost in [Cost::Visits, Cost::Scans] {
        let mut phases = vec![false; formula.vars];
        let mut rng = SplitMix64(3);
        let report = walk_from(&db, &trail, &mut phases, 5_000, cost, &mut rng);
        flips.push(report.flips);
    }
    assert!(flips[1] > 0 && flips[1] < flips[0], "{flips:?}");
}
