//! Eager subsumption of recently learnt clauses (CaDiCaL's `eagersubsume`, after the
//! "on-the-fly" subsumption of Han and Somenzi, SAT 2009): each new learnt clause is
//! compared with the last few learnt before it, and those it subsumes are deleted at the
//! next reduction.
//!
//! A learnt clause often subsumes one learnt a few conflicts earlier: the search meets
//! the same conflict again from a shorter set of decisions, and minimisation leaves a
//! subset of the old clause. The old clause then only takes room in a database whose
//! size is limited (`reduce`), and on the small unsatisfiable formulas of the broad
//! suite, where the limit binds, room is what the refutation needs. CaDiCaL checks the
//! last 20 learnt clauses (`eagersubsumelim`) and counts 19% of all its clauses
//! subsumed on cliquecoloring-12-5-4.
//!
//! The subsumed clauses stay watched until the next reduction deletes them with the
//! worse half of the others: deleting a clause needs its two watch lists filtered, too
//! much for every conflict, and until then the clause is merely redundant. A clause that
//! is the reason of an assignment then is kept, as reduction keeps it. The option
//! `reduce_eager_subsume` is how many recent clauses are checked (0: none).
//!
//! Off by default: with a window of 20 the broad suite's flat3-colouring, van der
//! Waerden, satlib and pigeonhole families regressed, and the clique-colouring formulas
//! kept their conflict counts, since the clauses it removes are mostly ones reduction
//! deletes anyway (docs/experiments.md, "Eager subsumption, the clause-weighting walk's
//! budget, and the target across restarts").

use super::clause_db::{ClauseDb, ClauseRef};
use crate::lit::Lit;

/// The recent learnt clauses, the subsumed ones waiting for the next reduction, and
/// the literal marks of the comparison.
#[derive(Debug, Default)]
pub struct EagerSubsume {
    /// The last learnt clauses of at least two literals, oldest first, at most `window`,
    /// each with its [`signature`].
    recent: Vec<(ClauseRef, u64)>,
    /// Subsumed clauses to delete at the next reduction.
    subsumed: Vec<ClauseRef>,
    /// The arena's epoch the handles above belong to.
    epoch: u64,
    /// Per literal code: whether it is in the clause being compared.
    marked: Vec<bool>,
}

impl EagerSubsume {
    /// Compares the learnt clause `learnt` (just stored in `db`) with the last `window`
    /// learnt clauses, queues those it subsumes, and then makes it one of the recent
    /// clauses. Returns how many it subsumed.
    pub fn learnt(&mut self, db: &ClauseDb, learnt: ClauseRef, window: usize) -> usize {
        if window == 0 {
            return 0;
        }
        self.forget_if_moved(db);
        let lits = db.lits(learnt);
        let needed = lits.len();
        let learnt_signature = signature(lits);
        for &lit in lits {
            let code = lit.code();
            if code >= self.marked.len() {
                self.marked.resize(code + 1, false);
            }
            self.marked[code] = true;
        }
        let before = self.subsumed.len();
        let marked = &self.marked;
        self.recent.retain(|&(old, old_signature)| {
            // A clause queued before is already out of `recent`; one deleted since
            // (reduction, simplification) is dropped here.
            if db.is_deleted(old) {
                return false;
            }
            // A literal of the new clause missing from the old one shows in the
            // signatures most of the time, without reading the old clause.
            if learnt_signature & !old_signature != 0 {
                return true;
            }
            let old_lits = db.lits(old);
            if old_lits.len() < needed || !subsumes(marked, needed, old_lits) {
                return true;
            }
            self.subsumed.push(old);
            false
        });
        for &lit in lits {
            self.marked[lit.code()] = false;
        }
        if self.recent.len() >= window {
            self.recent.remove(0);
        }
        self.recent.push((learnt, learnt_signature));
        self.subsumed.len() - before
    }

    /// Drops every handle kept when a compaction (a new epoch of `db`) has moved clauses.
    fn forget_if_moved(&mut self, db: &ClauseDb) {
        if db.epoch() != self.epoch {
            self.recent.clear();
            self.subsumed.clear();
            self.epoch = db.epoch();
        }
    }

    /// The subsumed clauses still in the arena, for deletion by the caller; the queue is
    /// emptied.
    pub fn take_subsumed(&mut self, db: &ClauseDb) -> Vec<ClauseRef> {
        self.forget_if_moved(db);
        let mut subsumed = std::mem::take(&mut self.subsumed);
        subsumed.retain(|&cref| !db.is_deleted(cref));
        subsumed
    }
}

/// A 64-bit summary of a clause's literals: if clause A subsumes clause B, A's bits are
/// a subset of B's (the signatures of MiniSat's and SatELite's subsumption).
fn signature(lits: &[Lit]) -> u64 {
    lits.iter()
        .fold(0, |bits, lit| bits | 1 << (lit.code() % 64))
}

/// True when all `needed` marked literals occur in `lits`.
fn subsumes(marked: &[bool], needed: usize, lits: &[Lit]) -> bool {
    let mut found = 0;
    for &lit in lits {
        if marked.get(lit.code()).copied().unwrap_or(false) {
            found += 1;
            if found == needed {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(dimacs: &[i64]) -> Vec<Lit> {
        dimacs
            .iter()
            .map(|&d| Lit::from_dimacs(d).unwrap())
            .collect()
    }

    #[test]
    fn a_learnt_clause_queues_the_recent_ones_it_subsumes() {
        let mut db = ClauseDb::new();
        let wide = db.alloc(&lits(&[1, 2, 3, 4]), true, 3);
        let other = db.alloc(&lits(&[1, -2, 3]), true, 2);
        let mut eager = EagerSubsume::default();
        assert_eq!(eager.learnt(&db, wide, 20), 0);
        assert_eq!(eager.learnt(&db, other, 20), 0);
        let narrow = db.alloc(&lits(&[3, 1, 2]), true, 2);
        // Subsumes `wide`, not `other` (a sign differs).
        assert_eq!(eager.learnt(&db, narrow, 20), 1);
        assert_eq!(eager.take_subsumed(&db), vec![wide]);
        assert!(eager.take_subsumed(&db).is_empty());
        // `narrow` is recent now, and a clause equal to it subsumes it.
        let again = db.alloc(&lits(&[1, 2, 3]), true, 2);
        assert_eq!(eager.learnt(&db, again, 20), 1);
        assert_eq!(eager.take_subsumed(&db), vec![narrow]);
    }

    #[test]
    fn only_the_window_is_compared_and_deleted_or_moved_clauses_are_forgotten() {
        let mut db = ClauseDb::new();
        let mut eager = EagerSubsume::default();
        let first = db.alloc(&lits(&[1, 2, 3]), true, 2);
        eager.learnt(&db, first, 2);
        for extra in [4, 5] {
            let cref = db.alloc(&lits(&[extra, 6]), true, 2);
            eager.learnt(&db, cref, 2);
        }
        // `first` left the window of two.
        let narrow = db.alloc(&lits(&[1, 2]), true, 2);
        assert_eq!(eager.learnt(&db, narrow, 2), 0);
        // A recent clause deleted meanwhile (by a reduction) is not queued.
        let wide = db.alloc(&lits(&[1, 2, 7]), true, 2);
        eager.learnt(&db, wide, 20);
        db.delete(wide);
        let narrow_again = db.alloc(&lits(&[2, 1]), true, 2);
        assert_eq!(eager.learnt(&db, narrow_again, 20), 1);
        // After a compaction the queued handle is stale: nothing is handed out.
        db.delete(first);
        db.compact();
        assert!(eager.take_subsumed(&db).is_empty());
    }
}
