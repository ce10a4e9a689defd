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
//! Cost: dancing links keeps each column's size as rows are covered and uncovered, so
//! Algorithm X finds the shortest column without looking at the rows. The columns here
//! do the same with the trail: each column's open and true literal counts follow the
//! assignments, brought up to date from the trail at each decision (a literal once, over
//! the columns its variable is in) and taken back when the solver backtracks. A decision
//! then passes over one key a column, a bound on its score from the counts and a bound on
//! its best open activity, and reads the literals of the few columns whose bound can
//! still win, where a scan of every column's literals at each decision was about 29% of
//! the solver's time on the hard Hanidoku stream. The counts change no decision: the same
//! column and literal win, ties to the first as before. They follow the trail only while
//! a cube branches on columns, so that other searches pay nothing for them. The columns are a copy of the clauses' literals,
//! refreshed when an input clause is stored: literals fixed at level 0 later only make a
//! column satisfied or a literal false, which the counts follow like any other
//! assignment. The measurements: `docs/experiments.md`, "Hanidoku per core".

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
    /// The arena's [`ClauseDb::originals_stored`] when the copy was made.
    made_from: Option<u64>,
    /// Per variable index, where its columns start in `occurrences` (one entry more than
    /// the variables the copy knows of).
    occurrence_starts: Vec<u32>,
    /// The columns each variable is in, one entry per literal of a column.
    occurrences: Vec<u32>,
    /// Per column, its literals not assigned and true in the trail's first `counted`
    /// literals.
    counts: Vec<Counts>,
    /// How many of the trail's literals the counts include.
    counted: usize,
    /// Per variable index, an activity that the bounds of all its columns reach: a
    /// variable unassigned at no higher activity leaves them as they are. Lowered to a
    /// column's bound when a read makes it exact, raised with the bounds.
    covered: Vec<f64>,
    /// `1 / k²` for each open count `k` a column can have, for the bounds.
    inverse_squares: Vec<f64>,
    /// Per column, its bound times `1 / open²` (near the highest score it can have) if it
    /// is open, else -1: what a decision passes over, 8 bytes a column.
    keys: Vec<f64>,
}

/// What the counted assignments leave of one column.
#[derive(Clone, Copy, Debug)]
struct Counts {
    /// Literals not assigned.
    open: u32,
    /// Literals assigned true.
    true_lits: u32,
    /// At least the activity of each open literal: exact when the column was last read,
    /// raised as literals are unassigned. Activities change only by conflicts' bumps,
    /// which raise assigned variables (those of the conflict and its reasons), and by
    /// rescaling, which lowers them all; so a bound stays one until its literals come
    /// back open, where `Columns::backtrack` raises it.
    bound: f64,
}

impl Counts {
    /// A column to branch on: nothing satisfies it, two literals or more are open.
    #[inline]
    fn is_open(&self) -> bool {
        self.true_lits == 0 && self.open >= 2
    }

    /// A score of the module docs for its best open literal's `activity`.
    #[inline]
    fn score(&self, activity: f64) -> f64 {
        activity / f64::from(self.open * self.open)
    }
}

impl Columns {
    /// Copies the columns of `db` unless no input clause was stored since the last copy.
    /// Between stores, input clauses are only deleted when satisfied at level 0, or
    /// shortened by literals false there or implied by the others, which leaves a stale
    /// copy sound (a decision may be any literal) and the scan reads the level-0 values.
    /// Eliminating variables and bringing them back both store clauses, and a column over
    /// a variable taken out of the decisions is left out.
    ///
    /// Either way the counts start over, nothing of the trail counted: they follow the
    /// trail only while the solver branches on columns (`Solver::backtrack` calls
    /// [`Columns::backtrack`] only then), so that other searches pay nothing for them.
    pub fn refresh(&mut self, db: &ClauseDb, decide: &Decide) {
        let key = db.originals_stored();
        if self.made_from == Some(key) {
            self.start_counts();
            return;
        }
        self.made_from = Some(key);
        self.lits.clear();
        self.ends.clear();
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
                self.lits.extend_from_slice(lits);
                self.ends.push(self.lits.len() as u32);
            }
        }
        self.index_occurrences();
        self.start_counts();
    }

    /// Builds `occurrences` and `inverse_squares` from the columns.
    fn index_occurrences(&mut self) {
        let num_vars = self
            .lits
            .iter()
            .map(|lit| lit.var().index() + 1)
            .max()
            .unwrap_or(0);
        self.occurrence_starts.clear();
        self.occurrence_starts.resize(num_vars + 1, 0);
        for lit in &self.lits {
            self.occurrence_starts[lit.var().index() + 1] += 1;
        }
        for var in 0..num_vars {
            self.occurrence_starts[var + 1] += self.occurrence_starts[var];
        }
        let mut next = self.occurrence_starts.clone();
        self.occurrences.clear();
        self.occurrences.resize(self.lits.len(), 0);
        let mut start = 0u32;
        let mut longest = 0u32;
        for (column, &end) in self.ends.iter().enumerate() {
            for lit in &self.lits[start as usize..end as usize] {
                let slot = &mut next[lit.var().index()];
                self.occurrences[*slot as usize] = column as u32;
                *slot += 1;
            }
            longest = longest.max(end - start);
            start = end;
        }
        self.inverse_squares = (0..=longest)
            .map(|open| 1.0 / f64::from(open.max(1) * open.max(1)))
            .collect();
    }

    /// Starts the counts over, with nothing of the trail counted: every literal open,
    /// every bound infinite.
    fn start_counts(&mut self) {
        self.counts.clear();
        let mut start = 0u32;
        for &end in &self.ends {
            self.counts.push(Counts {
                open: end - start,
                true_lits: 0,
                bound: f64::INFINITY,
            });
            start = end;
        }
        self.counted = 0;
        self.keys = (0..self.counts.len())
            .map(|column| self.key(column))
            .collect();
        self.covered.clear();
        self.covered.resize(
            self.occurrence_starts.len().saturating_sub(1),
            f64::INFINITY,
        );
    }

    /// What `keys` holds for `column`.
    #[inline]
    fn key(&self, column: usize) -> f64 {
        let counts = &self.counts[column];
        if counts.is_open() {
            counts.bound * self.inverse_squares[counts.open as usize]
        } else {
            -1.0
        }
    }

    /// The columns `lit`'s variable is in (none for a variable the copy does not know).
    #[inline]
    fn columns_of(&self, lit: Lit) -> std::ops::Range<usize> {
        let var = lit.var().index();
        match self.occurrence_starts.get(var + 1) {
            Some(&end) => self.occurrence_starts[var] as usize..end as usize,
            None => 0..0,
        }
    }

    /// Brings the counts up to date with the trail's literals past `counted`.
    fn count_new_assignments(&mut self, trail: &Trail) {
        let lits = trail.lits();
        for &lit in &lits[self.counted.min(lits.len())..] {
            let truth = u32::from(lit.is_positive());
            for index in self.columns_of(lit) {
                let column = self.occurrences[index] as usize;
                let counts = &mut self.counts[column];
                counts.open -= 1;
                counts.true_lits += truth;
                self.keys[column] = self.key(column);
            }
        }
        self.counted = lits.len();
    }

    /// Called before the solver unassigns the trail's literals from `start` on (before
    /// every backtrack while it branches on columns): takes back their counts, and raises their
    /// columns' bounds to their activity where conflicts bumped it past what the bounds
    /// hold (see `covered`).
    pub fn backtrack(&mut self, trail: &Trail, start: usize, activities: &[f64]) {
        let lits = trail.lits();
        let counted = self.counted.min(lits.len());
        for &lit in lits[start.min(counted)..counted].iter() {
            let truth = u32::from(lit.is_positive());
            for index in self.columns_of(lit) {
                let column = self.occurrences[index] as usize;
                let counts = &mut self.counts[column];
                counts.open += 1;
                counts.true_lits -= truth;
                self.keys[column] = self.key(column);
            }
        }
        for &lit in lits.iter().skip(start) {
            let var = lit.var().index();
            let Some(&covered) = self.covered.get(var) else {
                continue;
            };
            let activity = activities[var];
            if activity <= covered {
                continue;
            }
            self.covered[var] = activity;
            for index in self.columns_of(lit) {
                let column = self.occurrences[index] as usize;
                let counts = &mut self.counts[column];
                if activity > counts.bound {
                    counts.bound = activity;
                    self.keys[column] = self.key(column);
                }
            }
        }
        self.counted = self.counted.min(start);
    }

    /// Number of columns.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The decision of the module docs: the best open literal of the best open column,
    /// or `None` when every column is satisfied (or has a single open literal, which
    /// propagation will have set unless the trail is not propagated).
    ///
    /// The same column and literal as a scan of every open column in order (the first
    /// of the highest score, the first of the highest activity in it), found by reading
    /// few of them: the column of the highest bound on its score is read first, then a
    /// column is read only if its bound could beat (or tie with an earlier column) the
    /// best score so far.
    pub fn pick(&mut self, trail: &Trail, decide: &Decide) -> Option<Lit> {
        self.count_new_assignments(trail);
        let activities = decide.activities();
        // Which column is read first changes no result, only how many are read after
        // it: the first of the highest keys.
        let mut first: Option<usize> = None;
        let mut first_key = -0.5f64;
        for (column, &key) in self.keys.iter().enumerate() {
            if key > first_key {
                first_key = key;
                first = Some(column);
            }
        }
        let mut best_column = first?;
        let (mut best, mut best_score) = self.read(best_column, trail, activities);
        for column in 0..self.keys.len() {
            // A column is passed over when its key is below the best score by far more
            // than rounding: the key, a product, and the bound over the square of the
            // open count, a quotient, differ by a few units in the last place, the margin
            // is 1e-9 relative; so its score, at most that quotient rounded, is below the
            // best and cannot win or tie. Anything nearer is read and scored exactly as
            // before. A column not open has key -1, below any score.
            if column == best_column || self.keys[column] < best_score * (1.0 - 1e-9) {
                debug_assert!(
                    column == best_column
                        || !self.counts[column].is_open()
                        || self.counts[column].score(self.top(column, trail, activities).1)
                            < best_score,
                    "column {column}: the bound holds"
                );
                continue;
            }
            let (top, score) = self.read(column, trail, activities);
            if score > best_score || (score == best_score && column < best_column) {
                best_score = score;
                best = top;
                best_column = column;
            }
        }
        best
    }

    /// The first open literal of highest activity of `column`, and that activity.
    #[inline]
    fn top(&self, column: usize, trail: &Trail, activities: &[f64]) -> (Option<Lit>, f64) {
        let from = if column == 0 {
            0
        } else {
            self.ends[column - 1] as usize
        };
        let to = self.ends[column] as usize;
        let mut top: Option<Lit> = None;
        let mut top_activity = -1.0f64;
        for &lit in &self.lits[from..to] {
            if trail.value(lit) == Value::Unassigned {
                let activity = activities[lit.var().index()];
                if activity > top_activity {
                    top_activity = activity;
                    top = Some(lit);
                }
            }
        }
        debug_assert_eq!(
            self.lits[from..to]
                .iter()
                .filter(|&&lit| trail.value(lit) == Value::Unassigned)
                .count(),
            self.counts[column].open as usize,
            "column {column}: the open count follows the trail"
        );
        (top, top_activity)
    }

    /// Reads an open column: its best literal and score; its bound becomes exact.
    fn read(&mut self, column: usize, trail: &Trail, activities: &[f64]) -> (Option<Lit>, f64) {
        let (top, top_activity) = self.top(column, trail, activities);
        let counts = &mut self.counts[column];
        debug_assert!(
            top_activity <= counts.bound,
            "column {column}: the bound holds"
        );
        counts.bound = top_activity;
        let from = if column == 0 {
            0
        } else {
            self.ends[column - 1] as usize
        };
        for lit in &self.lits[from..self.ends[column] as usize] {
            let covered = &mut self.covered[lit.var().index()];
            *covered = covered.min(top_activity);
        }
        let score = counts.score(top_activity);
        self.keys[column] = self.key(column);
        (top, score)
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
#[path = "columns_tests.rs"]
mod tests;
