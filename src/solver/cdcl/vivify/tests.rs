//! Vivification: a learnt clause shortened to a known clause (by an implied literal, by a
//! conflict, to a unit), the proof of each step accepted, and refutations with
//! vivification forced on every restart checked by both DRAT checkers.

use super::super::clause_db::ClauseRef;
use super::super::proof::{ProofFormat, Shared};
use super::super::walk::LastWalk;
use super::super::{Options, Solver};
use crate::lit::testing::lits;
use crate::lit::Lit;
use crate::rng::SplitMix64;
use crate::solver::Outcome;
use crate::testkit::diffcheck::check_proof;
use crate::testkit::drat;
use crate::testkit::families::{mixed_lengths, pigeonhole, random_ksat, Formula};

/// A solver over `clauses` with a text proof, and the learnt clause `learnt` (of LBD
/// `lbd`) stored and watched as if conflict analysis had found it (and logged).
fn with_learnt(
    num_vars: usize,
    clauses: &[&[i64]],
    learnt: &[i64],
    lbd: u32,
) -> (Solver, Shared, ClauseRef) {
    let sink = Shared::default();
    // No compaction, so the old handle still tells that its clause was deleted.
    let options = Options {
        reduce_garbage_fraction: 0.9,
        ..Options::default()
    };
    let mut solver = Solver::with_vars_and_options(num_vars, options);
    solver.set_proof(Box::new(sink.clone()), ProofFormat::Text);
    for clause in clauses {
        solver.add_clause(&lits(clause));
    }
    let cref = solver.db.alloc(&lits(learnt), true, lbd);
    solver.watches.attach(&solver.db, cref);
    solver.proof.as_mut().unwrap().add(&lits(learnt));
    (solver, sink, cref)
}

/// The live learnt clauses, each sorted by DIMACS value.
fn learnt_clauses(solver: &Solver) -> Vec<Vec<i64>> {
    solver
        .db
        .iter()
        .filter(|&cref| solver.db.is_learnt(cref))
        .map(|cref| {
            let mut clause: Vec<i64> = solver.db.lits(cref).iter().map(|l| l.to_dimacs()).collect();
            clause.sort_unstable();
            clause
        })
        .collect()
}

/// Every lemma of the proof written so far is RUP for `clauses` and the lemmas before it
/// (the formulas here are satisfiable, so there is no refutation to check): a lemma is
/// RUP iff the empty clause is, once its negation is added as units. (The tests'
/// stand-in learnt clauses are RUP too.)
fn proof_steps_hold(clauses: &[&[i64]], sink: &Shared) {
    let formula: Vec<Vec<i64>> = clauses.iter().map(|c| c.to_vec()).collect();
    let mut steps = drat::parse_text(&sink.bytes()).unwrap();
    steps.retain(|(deletion, _)| !deletion);
    assert!(steps.len() >= 2, "nothing was logged");
    for (index, (_, lemma)) in steps.iter().enumerate() {
        let mut closing = steps[..index].to_vec();
        closing.push((false, vec![]));
        let mut with_negation = formula.clone();
        with_negation.extend(lemma.iter().map(|&l| vec![-l]));
        drat::check(&with_negation, &closing)
            .unwrap_or_else(|e| panic!("lemma {lemma:?} is not RUP: {e}"));
    }
}

#[test]
fn an_implied_literal_shortens_a_clause() {
    // 1 -> 2 -> 3: the learnt clause (-1 3 4 5) holds without 4 and 5.
    let clauses: &[&[i64]] = &[&[-1, 2], &[-2, 3], &[4, 5, 6], &[-4, -5, -6]];
    let (mut solver, sink, old) = with_learnt(6, clauses, &[-1, 3, 4, 5], 4);
    solver.vivify();
    assert!(solver.db.is_deleted(old));
    assert_eq!(learnt_clauses(&solver), vec![vec![-1, 3]]);
    assert_eq!(solver.stats.vivified_clauses, 1);
    assert_eq!(solver.stats.vivified_literals, 2);
    assert_eq!(solver.stats.propagations, 0, "vivification counts apart");
    assert!(solver.stats.vivify_propagations > 0);
    assert!(solver.watches.is_consistent(&solver.db));
    solver.proof.as_mut().unwrap().flush();
    // The shorter clause first, then the deletion of the old one.
    let steps = drat::parse_text(&sink.bytes()).unwrap();
    let sorted = |(deletion, clause): &(bool, Vec<i64>)| {
        let mut clause = clause.clone();
        clause.sort_unstable();
        (*deletion, clause)
    };
    let last: Vec<(bool, Vec<i64>)> = steps[steps.len() - 2..].iter().map(sorted).collect();
    assert_eq!(last, vec![(false, vec![-1, 3]), (true, vec![-1, 3, 4, 5])]);
    proof_steps_hold(clauses, &sink);
}

#[test]
fn vivification_leaves_the_saved_phases_as_the_search_left_them() {
    // Vivifying (-1 3 4 5) assigns 1, 2 and 3 true; the phases stay false (the initial
    // phase), as the search never gave those variables a value.
    let clauses: &[&[i64]] = &[&[-1, 2], &[-2, 3], &[4, 5, 6], &[-4, -5, -6]];
    let (mut solver, _, _) = with_learnt(6, clauses, &[-1, 3, 4, 5], 4);
    solver.vivify();
    assert_eq!(solver.stats.vivified_clauses, 1);
    for dimacs in 1..=6 {
        let var = Lit::from_dimacs(dimacs).unwrap().var();
        assert!(!solver.decide.saved_phase(var), "phase of {dimacs} saved");
    }
}

#[test]
fn vivify_2_runs_a_round_only_after_a_near_miss_walk() {
    let clauses: &[&[i64]] = &[&[-1, 2], &[-2, 3], &[4, 5, 6], &[-4, -5, -6]];
    let (mut solver, _, old) = with_learnt(6, clauses, &[-1, 3, 4, 5], 4);
    solver.options.vivify = 2;
    solver.last_walk = LastWalk::Away;
    solver.vivify_after_reduction();
    solver.vivify_if_due();
    assert!(!solver.db.is_deleted(old), "no near miss, no round");
    // The skipped round is not left pending for the next restart.
    solver.last_walk = LastWalk::NearMiss;
    solver.vivify_if_due();
    assert!(!solver.db.is_deleted(old));
    solver.vivify_after_reduction();
    solver.vivify_if_due();
    assert!(solver.db.is_deleted(old));
    assert_eq!(solver.stats.vivified_clauses, 1);
}

#[test]
fn a_conflict_keeps_only_the_decisions_it_used() {
    // 1 and 2 together contradict; 3 and 4 play no part: (-1 -2 3 4) -> (-1 -2).
    let clauses: &[&[i64]] = &[&[-1, -2, 5], &[-1, -2, -5], &[3, 4, 6]];
    let (mut solver, sink, old) = with_learnt(6, clauses, &[3, -1, 4, -2], 4);
    solver.vivify();
    assert!(solver.db.is_deleted(old));
    assert_eq!(learnt_clauses(&solver), vec![vec![-2, -1]]);
    solver.proof.as_mut().unwrap().flush();
    proof_steps_hold(clauses, &sink);
}

#[test]
fn a_clause_shortened_to_a_unit_is_fixed_at_level_0() {
    // 1 -> 2 and 1 -> -2: -1 is a fact, and (-1 3 4) vivifies to it.
    let clauses: &[&[i64]] = &[&[-1, 2], &[-1, -2], &[3, 4, 5]];
    let (mut solver, sink, old) = with_learnt(5, clauses, &[-1, 3, 4], 4);
    solver.vivify();
    assert!(solver.db.is_deleted(old));
    assert!(learnt_clauses(&solver).is_empty());
    assert!(solver.trail.is_true(Lit::from_dimacs(-1).unwrap()));
    assert_eq!(solver.trail.level(Lit::from_dimacs(-1).unwrap().var()), 0);
    solver.proof.as_mut().unwrap().flush();
    proof_steps_hold(clauses, &sink);
}

#[test]
fn a_clause_with_nothing_to_drop_is_kept_and_marked() {
    let clauses: &[&[i64]] = &[&[1, 2, 3], &[-1, -2], &[-2, -3]];
    let (mut solver, _, old) = with_learnt(4, clauses, &[1, 3, 4], 4);
    solver.vivify();
    assert!(!solver.db.is_deleted(old));
    assert!(solver.db.is_vivified(old));
    assert_eq!(solver.stats.vivified_clauses, 0);
    assert_eq!(solver.trail.decision_level(), 0);
    // The next round finds every clause of the tier tried and starts over.
    solver.vivify();
    assert!(solver.db.is_vivified(old));
}

/// Options that vivify with an unbounded budget and reduce often, so that small
/// formulas see many rounds.
fn eager() -> Options {
    Options {
        vivify: 1,
        vivify_effort: 1e6,
        reduce_first: 50,
        reduce_increment: 10,
        ..Options::default()
    }
}

/// Solves `formula` with eager vivification and a proof; checks the model, or the
/// proof with both checkers, and the answer against the solver without vivification.
/// Returns (satisfiable, vivified clauses).
fn check(formula: &Formula) -> (bool, u64) {
    let cnf = formula.to_cnf();
    let sink = Shared::default();
    let mut solver = Solver::with_vars_and_options(cnf.num_vars(), eager());
    solver.set_proof(Box::new(sink.clone()), ProofFormat::Text);
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    let outcome = solver.solve();
    let plain = Options {
        vivify: 0,
        ..Options::default()
    };
    let expected = Solver::with_options(&cnf, plain).solve();
    let vivified = solver.stats().vivified_clauses;
    match outcome {
        Outcome::Sat(model) => {
            assert!(cnf.is_satisfied_by(&model), "model falsifies a clause");
            assert!(matches!(expected, Outcome::Sat(_)), "{formula:?}");
            (true, vivified)
        }
        Outcome::Unsat => {
            assert_eq!(expected, Outcome::Unsat, "{formula:?}");
            assert!(solver.proof_error().is_none());
            check_proof(formula, &sink.bytes(), 20_000).unwrap();
            (false, vivified)
        }
        Outcome::Unknown => panic!("no limit was set"),
    }
}

#[test]
fn refutations_with_vivification_have_checked_proofs() {
    let mut rng = SplitMix64(27);
    let (mut unsat, mut vivified) = (0, 0);
    for round in 0..40 {
        let formula = match round % 2 {
            0 => random_ksat(&mut rng, 60 + round, 3, 4.6),
            _ => mixed_lengths(&mut rng, 50 + round, 5, 3.2),
        };
        let (sat, count) = check(&formula);
        unsat += usize::from(!sat);
        vivified += count;
    }
    let (sat, count) = check(&pigeonhole(7, 6));
    assert!(!sat);
    vivified += count;
    assert!(unsat >= 10, "only {unsat} refutations");
    assert!(vivified >= 20, "only {vivified} clauses vivified");
}
