//! Tests of `columns`: the copy, the decision, and random searches against a scan of
//! every column.

use super::*;
use crate::lit::Var;
use crate::solver::cdcl::clause_db::ClauseRef;

fn lit(v: i32) -> Lit {
    Lit::from_dimacs(i64::from(v)).unwrap()
}

fn db_of(clauses: &[&[i32]]) -> ClauseDb {
    let mut db = ClauseDb::default();
    for clause in clauses {
        let lits: Vec<Lit> = clause.iter().map(|&v| lit(v)).collect();
        db.alloc(&lits, false, 0);
    }
    db
}

#[test]
fn only_positive_input_clauses_of_three_or_more_literals_are_columns() {
    let mut db = db_of(&[&[1, 2, 3], &[1, 2], &[-1, 2, 3], &[4, 5, 6, 7]]);
    db.alloc(&[lit(1), lit(5), lit(6)], true, 2);
    let mut columns = Columns::default();
    columns.refresh(&db, &decide_over(8));
    assert_eq!(columns.len(), 2);
    assert_eq!(columns.ends, vec![3, 7]);
}

fn decide_over(num_vars: usize) -> Decide {
    let mut decide = Decide::default();
    decide.grow(num_vars);
    decide
}

#[test]
fn the_copy_is_made_again_when_an_input_clause_is_stored_and_only_then() {
    let mut db = db_of(&[&[1, 2, 3]]);
    let mut decide = decide_over(8);
    let mut columns = Columns::default();
    columns.refresh(&db, &decide);
    assert_eq!(columns.len(), 1);
    // A learnt clause is no column; a variable taken out of the decisions does not
    // change the copy until an input clause is stored.
    db.alloc(&[lit(4), lit(5), lit(6)], true, 2);
    decide.set_decision(Var::from_index(1), false);
    columns.refresh(&db, &decide);
    assert_eq!(columns.len(), 1);
    db.alloc(&[lit(4), lit(5), lit(6)], false, 0);
    columns.refresh(&db, &decide);
    assert_eq!(columns.len(), 1, "(1 2 3) names an excluded variable");
    decide.set_decision(Var::from_index(1), true);
    let emptied = db.emptied();
    assert_eq!(emptied.originals_stored(), db.originals_stored());
    db.alloc(&[lit(1), lit(2), lit(7)], false, 0);
    columns.refresh(&db, &decide);
    assert_eq!(columns.len(), 3);
}

/// A conflict as the solver has one: `vars` assigned (false) at a new level, counted
/// by a decision or not, bumped while assigned, then unassigned by a backtrack.
fn conflict_on(
    columns: &mut Columns,
    trail: &mut Trail,
    decide: &mut Decide,
    vars: &[i32],
    counted: bool,
) {
    trail.qhead = trail.len();
    trail.new_level();
    for &v in vars {
        trail.assign(lit(-v), ClauseRef::NONE);
    }
    if counted {
        columns.pick(trail, decide);
    }
    for &v in vars {
        decide.bump(Var::from_index(v as usize - 1));
    }
    let level = trail.decision_level() - 1;
    columns.backtrack(trail, trail.level_start(level + 1), decide.activities());
    trail.backtrack_to(level, |lit| decide.unassigned(lit));
}

#[test]
fn picks_the_best_activity_over_squared_open_count_and_skips_satisfied_columns() {
    // Column A (1 2 3 4): four open. Column B (5 6 7): three open. Column C (8 9 10):
    // satisfied by 10.
    let db = db_of(&[&[1, 2, 3, 4], &[5, 6, 7], &[8, 9, 10]]);
    let mut trail = Trail::default();
    trail.grow(11);
    let mut decide = decide_over(11);
    trail.assign(lit(10), ClauseRef::NONE);
    let mut columns = Columns::default();
    columns.refresh(&db, &decide);
    // All activities 0: the first open column's first literal.
    assert_eq!(columns.pick(&trail, &decide), Some(lit(1)));
    // Variable 2 (literal 2) at 1.0: A scores 1/16, B 0: A's literal 2.
    conflict_on(&mut columns, &mut trail, &mut decide, &[2], true);
    assert_eq!(columns.pick(&trail, &decide), Some(lit(2)));
    // Variable 6 at 1.0 too, bumped before any decision counted it: B scores 1/9 >
    // 1/16.
    conflict_on(&mut columns, &mut trail, &mut decide, &[6], false);
    assert_eq!(columns.pick(&trail, &decide), Some(lit(6)));
    // 5 false leaves B two open: still B, now 1/4.
    trail.assign(lit(-5), ClauseRef::NONE);
    assert_eq!(columns.pick(&trail, &decide), Some(lit(6)));
    // 7 true satisfies B: back to A.
    trail.assign(lit(7), ClauseRef::NONE);
    assert_eq!(columns.pick(&trail, &decide), Some(lit(2)));
    // Every column satisfied: none.
    trail.assign(lit(3), ClauseRef::NONE);
    assert_eq!(columns.pick(&trail, &decide), None);
}

/// The decision of the module docs by a scan of every column, as `pick` was before
/// it kept counts and bounds: the oracle of the test below.
fn scan(columns: &Columns, trail: &Trail, decide: &Decide) -> Option<Lit> {
    let mut best = None;
    let mut best_score = -1.0f64;
    let mut start = 0;
    for &end in &columns.ends {
        let lits = &columns.lits[start..end as usize];
        start = end as usize;
        if lits.iter().any(|&lit| trail.is_true(lit)) {
            continue;
        }
        let open: Vec<Lit> = lits
            .iter()
            .copied()
            .filter(|&lit| trail.value(lit) == Value::Unassigned)
            .collect();
        if open.len() < 2 {
            continue;
        }
        let mut top = None;
        let mut top_activity = -1.0f64;
        for lit in open.iter().copied() {
            if decide.activity(lit.var()) > top_activity {
                top_activity = decide.activity(lit.var());
                top = Some(lit);
            }
        }
        let score = top_activity / (open.len() * open.len()) as f64;
        if score > best_score {
            best_score = score;
            best = top;
        }
    }
    best
}

#[test]
fn picks_what_a_scan_of_every_column_picks_through_random_searches() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..40 {
        let num_vars = 12 + next(20);
        let mut clauses: Vec<Vec<i32>> = Vec::new();
        for _ in 0..4 + next(12) {
            let len = 2 + next(6);
            clauses.push((0..len).map(|_| 1 + next(num_vars) as i32).collect());
        }
        let refs: Vec<&[i32]> = clauses.iter().map(|c| c.as_slice()).collect();
        let db = db_of(&refs);
        let mut trail = Trail::default();
        trail.grow(num_vars);
        let mut decide = decide_over(num_vars);
        let mut columns = Columns::default();
        columns.refresh(&db, &decide);
        let mut picks = 0;
        for _ in 0..400 {
            match next(5) {
                // A decision and a few propagations, unassigned variables only.
                0 | 1 => {
                    trail.qhead = trail.len();
                    trail.new_level();
                    for _ in 0..1 + next(3) {
                        let var = next(num_vars);
                        if trail.value(Var::from_index(var).positive()) == Value::Unassigned {
                            let lit = Var::from_index(var).positive();
                            trail.assign(if next(2) == 0 { lit } else { !lit }, ClauseRef::NONE);
                        }
                    }
                }
                // A pick, as at a decision.
                2 => {
                    assert_eq!(
                        columns.pick(&trail, &decide),
                        scan(&columns, &trail, &decide)
                    );
                    picks += 1;
                }
                // A conflict: assigned variables bumped, a backjump.
                _ => {
                    let assigned: Vec<Lit> = trail.lits().to_vec();
                    for _ in 0..next(6) {
                        if !assigned.is_empty() {
                            decide.bump(assigned[next(assigned.len())].var());
                        }
                    }
                    decide.conflict_done(&trail);
                    if trail.decision_level() > 0 {
                        let level = next(trail.decision_level());
                        columns.backtrack(
                            &trail,
                            trail.level_start(level + 1),
                            decide.activities(),
                        );
                        trail.backtrack_to(level, |lit| decide.unassigned(lit));
                    }
                }
            }
        }
        assert!(picks > 0);
    }
}
