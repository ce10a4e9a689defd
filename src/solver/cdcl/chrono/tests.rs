//! Chronological backtracking: implication levels, the conflict clause's watches, and
//! whole searches with `chrono` forced on every conflict, their models checked and their
//! refutations checked by both DRAT checkers.

use super::super::clause_db::{ClauseDb, ClauseRef};
use super::super::proof::{ProofFormat, Shared};
use super::super::watch::{self, empty_for_tests};
use super::super::{Options, Solver};
use super::{watch_positions, ChronoConflict};
use crate::lit::testing::lit;
use crate::lit::Lit;
use crate::rng::SplitMix64;
use crate::solver::Outcome;
use crate::testkit::diffcheck::check_proof;
use crate::testkit::families::{
    mixed_lengths, pigeonhole, planted_colouring, random_ksat, Formula,
};

#[test]
fn propagation_assigns_implied_literals_at_their_reasons_highest_level() {
    let (mut db, mut watches, mut trail) = empty_for_tests(6);
    let clause = |db: &mut ClauseDb, c: &[i64]| {
        let lits: Vec<Lit> = c.iter().map(|&n| lit(n)).collect();
        db.alloc(&lits, false, 0)
    };
    // (¬1 ∨ ¬3 ∨ 4) and (¬1 ∨ 5): with 1 at level 1 and 3 at level 2, literal 4 is
    // implied at level 2 and 5 at level 1, though the search is at level 3.
    let long = clause(&mut db, &[4, -1, -3]);
    let binary = clause(&mut db, &[5, -1]);
    watches.attach(&db, long);
    watches.attach(&db, binary);
    trail.new_level();
    trail.assign(lit(2), ClauseRef::NONE);
    trail.qhead = 1;
    trail.new_level();
    trail.assign(lit(3), ClauseRef::NONE);
    trail.qhead = 2;
    trail.new_level();
    trail.assign(lit(6), ClauseRef::NONE);
    trail.assign_at(lit(1), ClauseRef::NONE, 1);
    let mut propagations = 0;
    // SAFETY: every watched literal is of variables 1 to 6, which the trail has room for,
    // and every watch points to a clause of `db`.
    let conflict =
        unsafe { watch::propagate_implied(&mut watches, &mut db, &mut trail, &mut propagations) };
    assert_eq!(conflict, None);
    assert!(trail.is_true(lit(4)) && trail.is_true(lit(5)));
    assert_eq!(trail.level(lit(4).var()), 2);
    assert_eq!(trail.level(lit(5).var()), 1);
    assert!(trail.is_consistent());
    // Back at level 2, 4 stays and 5 stays; 6 goes.
    trail.backtrack_to(2, |_| {});
    assert!(trail.is_true(lit(4)) && trail.is_true(lit(5)) && !trail.is_true(lit(6)));
}

#[test]
fn a_clause_can_move_its_watches_to_any_two_of_its_literals() {
    let (mut db, mut watches, _) = empty_for_tests(6);
    let lits: Vec<Lit> = [1, 2, 3, 4, 5].iter().map(|&n| lit(n)).collect();
    let cref = db.alloc(&lits, false, 0);
    watches.attach(&db, cref);
    for (first, second) in [(3, 4), (1, 0), (0, 2), (4, 0), (2, 1)] {
        let wanted = (db.lits(cref)[first], db.lits(cref)[second]);
        watch_positions(&mut watches, &mut db, cref, first, second);
        assert_eq!((db.lits(cref)[0], db.lits(cref)[1]), wanted);
        assert!(watches.is_consistent(&db), "after ({first}, {second})");
        let mut sorted = db.lits(cref).to_vec();
        sorted.sort_by_key(|l| l.code());
        assert_eq!(sorted, lits, "the clause lost or gained a literal");
    }
}

/// A solver over `clause` alone, stored and watched as written (positions 0 and 1),
/// with each literal of `decisions` false by a decision of its own level, in order.
fn at_conflict(clause: &[i64], decisions: &[&[i64]]) -> (Solver, ClauseRef) {
    let mut solver = Solver::with_vars_and_options(6, chronological(2));
    let lits: Vec<Lit> = clause.iter().map(|&n| lit(n)).collect();
    let cref = solver.db.alloc(&lits, false, 0);
    solver.watches.attach(&solver.db, cref);
    for level in decisions {
        solver.trail.new_level();
        for &n in level.iter() {
            solver.trail.assign(lit(-n), ClauseRef::NONE);
        }
        solver.trail.qhead = solver.trail.len();
    }
    (solver, cref)
}

#[test]
fn a_conflict_with_one_literal_at_its_level_implies_it_one_level_down() {
    // Watched 1 and 2 at levels 1 and 2, the unwatched 3 alone at level 3.
    let (mut solver, cref) = at_conflict(&[1, 2, 3], &[&[1], &[2], &[3]]);
    assert_eq!(solver.chrono_conflict(cref), ChronoConflict::Implied);
    assert_eq!(solver.trail.decision_level(), 2);
    assert!(solver.trail.is_true(lit(3)));
    assert_eq!(solver.trail.level(lit(3).var()), 2);
    assert_eq!(solver.trail.reason(lit(3).var()), cref);
    // The implied literal and the highest false one are watched, so that the clause is
    // the reason the reduction keeps (`is_locked`) and a backtrack below level 2
    // unassigns a watched literal.
    assert_eq!(&solver.db.lits(cref)[..2], &[lit(3), lit(2)]);
    assert!(solver.watches.is_consistent(&solver.db));
    assert_eq!(solver.stats.missed_implications, 1);
}

#[test]
fn a_conflict_below_the_current_level_is_analysed_at_its_own_level() {
    // Watched 1 and 2 at level 1; 3 and 4 at level 2, the conflict's level; level 3
    // (literal 5) has nothing to do with it.
    let (mut solver, cref) = at_conflict(&[1, 2, 3, 4], &[&[1, 2], &[3, 4], &[5]]);
    assert_eq!(solver.chrono_conflict(cref), ChronoConflict::Analyse);
    assert_eq!(solver.trail.decision_level(), 2);
    let mut watched = solver.db.lits(cref)[..2].to_vec();
    watched.sort_by_key(|l| l.code());
    assert_eq!(watched, vec![lit(3), lit(4)]);
    assert!(solver.watches.is_consistent(&solver.db));
    assert_eq!(solver.stats.missed_implications, 0);
}

/// `chrono` on every conflict: 1 with no level limit (always one level down), or 2
/// (trail reuse, CaDiCaL's limit of 100 levels). XOR detection is off so that it
/// applies to every formula; reductions come often, so reasons of out-of-order
/// literals meet the reduction's lock.
fn chronological(mode: u64) -> Options {
    Options {
        chrono: mode,
        chrono_levels: if mode == 1 { 0 } else { 100 },
        xor: 0,
        reduce_first: 100,
        reduce_increment: 20,
        ..Options::default()
    }
}

/// Solves `formula` with `options` and a proof; checks the model, or the proof with both
/// checkers, and the answer against the default solver. Returns (satisfiable,
/// chronological backtracks, missed implications).
fn check(formula: &Formula, options: Options) -> (bool, u64, u64) {
    let cnf = formula.to_cnf();
    let sink = Shared::default();
    let mut solver = Solver::with_vars_and_options(cnf.num_vars(), options);
    solver.set_proof(Box::new(sink.clone()), ProofFormat::Text);
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    let outcome = solver.solve();
    let expected = Solver::with_options(&cnf, Options::default()).solve();
    let stats = solver.stats();
    let counts = (stats.chrono_backtracks, stats.missed_implications);
    match outcome {
        Outcome::Sat(model) => {
            assert!(cnf.is_satisfied_by(&model), "model falsifies a clause");
            assert!(matches!(expected, Outcome::Sat(_)), "{formula:?}");
            (true, counts.0, counts.1)
        }
        Outcome::Unsat => {
            assert_eq!(expected, Outcome::Unsat, "{formula:?}");
            assert!(solver.proof_error().is_none());
            check_proof(formula, &sink.bytes(), 20_000).unwrap();
            (false, counts.0, counts.1)
        }
        Outcome::Unknown => panic!("no limit was set"),
    }
}

#[test]
fn chronological_searches_agree_and_their_refutations_check() {
    for mode in [1, 2] {
        let mut rng = SplitMix64(46 + mode);
        let (mut sat, mut unsat, mut chrono, mut missed) = (0, 0, 0, 0);
        for round in 0..36 {
            let formula = match round % 3 {
                0 => random_ksat(&mut rng, 70 + round, 3, 4.3),
                1 => mixed_lengths(&mut rng, 60 + round, 5, 3.2),
                _ => planted_colouring(&mut rng, 40 + round, 3, 95 + 2 * round),
            };
            let (is_sat, backtracks, implied) = check(&formula, chronological(mode));
            sat += usize::from(is_sat);
            unsat += usize::from(!is_sat);
            chrono += backtracks;
            missed += implied;
        }
        let (is_sat, backtracks, implied) = check(&pigeonhole(7, 6), chronological(mode));
        assert!(!is_sat);
        chrono += backtracks;
        missed += implied;
        assert!(
            sat >= 8 && unsat >= 8,
            "chrono={mode}: {sat} SAT, {unsat} UNSAT"
        );
        assert!(
            chrono >= 100,
            "chrono={mode}: only {chrono} chronological backtracks"
        );
        assert!(missed >= 20, "chrono={mode}: no missed implication");
    }
}
