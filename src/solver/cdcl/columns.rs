//! Branching on the shortest open "column" while a cube is solved (option
//! `decide_columns`).
//!
//! Puzzle formulas are exact covers written as clauses: every cell holds a digit, every
//! house (or run line) holds each digit it must, every line takes one run. Each of those
//! "at least one" constraints is an input clause of positive literals only, the column
//! of Knuth's dancing links ("Dancing links", 2000), whose Algorithm X branches on the
//! column with the fewest rows left (the "S heuristic", Golomb & Baumert's
//! most-constrained choice). While a cube is solved, the solver does the same: of the
//! positive input clauses of three or more literals that no literal satisfies yet, it
//! takes the one whose best open literal has the highest EVSIDS activity divided by the
//! square of the clause's open literals, and sets that literal true. Activity keeps what
//! conflicts taught (VSIDS alone: 1,011,633 conflicts on the 1,050 hard Hanidoku
//! puzzles), the open count keeps the choice narrow (the fewest open literals first,
//! activity breaking ties: 600,662; activity over the square of the count: 407,123).
//! When every such clause is satisfied, the ordinary EVSIDS decision takes over.
//!
//! Binary positive clauses are left out: on the Hanidoku `starts` encoding they are the
//! "low or high digit appears" pairs over auxiliary variables, and branching on them
//! first took 1,409,670 conflicts. Clauses with a negative literal are left out too
//! (705,068 with them, activity breaking ties): they are definitions, not columns.
//!
//! Only under a cube: a single formula keeps plain EVSIDS (random 3-SAT and industrial
//! formulas have positive clauses that are no columns). The measurements:
//! `docs/experiments.md`, "Hanidoku per core", "Round 5".
//!
//! Cost: one scan of the columns' literals per decision, a satisfied column costing one
//! read through the literal that satisfied it last time (a blocker, as in the watch
//! lists). On the hard Hanidoku stream that scan is about 29% of the solver's time, which
//! is why it waits for streams whose cubes take many conflicts (`CubeConflicts`); reads
//! without bounds checks, a branch-free inner loop and stopping a column once it cannot
//! win did not make it cheaper (`docs/experiments.md`). The columns are a copy of the
//! clauses' literals, refreshed when an input clause is stored: literals fixed at level 0
//! later only make a column satisfied or a literal false, which the scan reads as it goes.

use super::clause_db::ClauseDb;
use super::decide::Decide;
use super::trail::{Trail, Value};
use crate::lit::Lit;

/// The columns of the formula: its positive input clauses of three or more literals.
#[derive(Debug, Default)]
pub struct Columns {
    /// The columns' literals, one after another.
    lits: Vec<Lit>,
    /// Where each column ends in `lits`; column `k` starts where `k − 1` ends.
    ends: Vec<u32>,
    /// Per column, the index in `lits` of the literal that satisfied it at the last
    /// scan (its first literal at the start).
    witness: Vec<u32>,
    /// The arena's [`ClauseDb::originals_stored`] when the copy was made.
    made_from: Option<u64>,
}

impl Columns {
    /// Copies the columns of `db` unless no input clause was stored since the last copy.
    /// Between stores, input clauses are only deleted when satisfied at level 0, or
    /// shortened by literals false there or implied by the others, which leaves a stale
    /// copy sound (a decision may be any literal) and the scan reads the level-0 values.
    /// Eliminating variables and bringing them back both store clauses, and a column over
    /// a variable taken out of the decisions is left out.
    pub fn refresh(&mut self, db: &ClauseDb, decide: &Decide) {
        let key = db.originals_stored();
        if self.made_from == Some(key) {
            return;
        }
        self.made_from = Some(key);
        self.lits.clear();
        self.ends.clear();
        self.witness.clear();
        for cref in db.iter_from(0) {
            if db.is_learnt(cref) {
                continue;
            }
            let lits = db.lits(cref);
            if lits.len() >= 3
                && lits
                    .iter()
                    .all(|lit| lit.is_positive() && decide.is_eligible(lit.var()))
            {
                self.witness.push(self.lits.len() as u32);
                self.lits.extend_from_slice(lits);
                self.ends.push(self.lits.len() as u32);
            }
        }
    }

    /// Number of columns.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The decision of the module docs: the best open literal of the best open column,
    /// or `None` when every column is satisfied (or has a single open literal, which
    /// propagation will have set unless the trail is not propagated).
    pub fn pick(&mut self, trail: &Trail, decide: &Decide) -> Option<Lit> {
        let activities = decide.activities();
        let mut best: Option<Lit> = None;
        let mut best_score = -1.0f64;
        let mut start = 0usize;
        'columns: for (column, &end) in self.ends.iter().enumerate() {
            let (from, to) = (start, end as usize);
            start = to;
            if trail.is_true(self.lits[self.witness[column] as usize]) {
                continue;
            }
            let mut open = 0u32;
            let mut top: Option<Lit> = None;
            let mut top_activity = -1.0f64;
            for (index, &lit) in self.lits[from..to].iter().enumerate() {
                match trail.value(lit) {
                    Value::True => {
                        self.witness[column] = (from + index) as u32;
                        continue 'columns;
                    }
                    Value::False => {}
                    Value::Unassigned => {
                        open += 1;
                        let activity = activities[lit.var().index()];
                        if activity > top_activity {
                            top_activity = activity;
                            top = Some(lit);
                        }
                    }
                }
            }
            if open < 2 {
                continue;
            }
            let score = top_activity / f64::from(open * open);
            if score > best_score {
                best_score = score;
                best = top;
            }
        }
        best
    }
}

/// The moving average of conflicts per cube that switches columns on: an exponential
/// average with weight 1/16 for the latest cube, 0 before the first.
#[derive(Clone, Copy, Debug, Default)]
pub struct CubeConflicts {
    mean: f64,
}

impl CubeConflicts {
    /// Weight of the latest cube: the average follows a change of puzzle kind within
    /// a few dozen cubes.
    const ALPHA: f64 = 1.0 / 16.0;

    /// Counts a cube that took `conflicts` conflicts.
    pub fn add(&mut self, conflicts: u64) {
        self.mean += Self::ALPHA * (conflicts as f64 - self.mean);
    }

    /// The current average.
    pub fn mean(&self) -> f64 {
        self.mean
    }
}

#[cfg(test)]
mod tests {
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
        decide.bump(Var::from_index(1));
        assert_eq!(columns.pick(&trail, &decide), Some(lit(2)));
        // Variable 6 at 1.0 too: B scores 1/9 > 1/16.
        decide.bump(Var::from_index(5));
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
}
