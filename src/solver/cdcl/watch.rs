//! Watch lists and unit propagation with two watched literals.
//!
//! Two watched literals (Moskewicz et al., "Chaff", DAC 2001) with blocking literals
//! (Chu, Harwood & Stuckey 2008; MiniSat 2.2 `Watcher { cref, blocker }`):
//! * every arena clause is watched by exactly its literals at positions 0 and 1: the
//!   list `lists[l]` holds a [`Watch`] for each clause whose position 0 or 1 holds `l`,
//!   and is visited when `l` becomes false;
//! * the blocker is some literal of the clause other than the watched one; if it is true
//!   the clause is satisfied and the arena is not touched;
//! * binary clauses are flagged: their blocker is the other literal, so propagating them
//!   never reads the arena. Their reason still points at the arena clause, but the implied
//!   literal may sit at position 0 or 1 there (analysis skips it by variable);
//! * for a longer clause propagated by [`propagate`], the implied literal is moved to
//!   position 0, so a reason clause's two watched literals are its implied literal and a
//!   false one.
//!
//! After [`propagate`] returns `None`, no clause is unit or false under the trail with an
//! unassigned or false watch whose partner is not true: the classic watch invariant.
//!
//! Not kept: starting the search for a replacement watch where the previous one in the
//! same clause succeeded (Gent, JAIR 2013; CaDiCaL's saved position), stored in the
//! upper half of the LBD header word (the LBD capped to 16 bits). It changes which
//! watch is picked and so the search, with no clear saving per propagation (release,
//! CPU time, one run): structured and 5 shuffled copies each 0.0476 → 0.0464 s
//! (geometric mean of two runs), 13 random instances 0.834 → 0.818 s, the 36x36 Sudoku
//! 2.57 → 2.53 s, but industrial_38bits_10 1.48 → 6.21 s (59 048 → 152 667 conflicts)
//! and php_10_9 1.93 → 2.42 s.

use super::clause_db::{ClauseDb, ClauseRef};
use super::trail::Trail;
use crate::lit::Lit;

/// One entry of a watch list: 8 bytes, the clause handle with the binary flag in its
/// top bit, and the blocker. (With a separate `bool` it took 12. Packing it, with the
/// list shrinking in [`Watches::rebuild`], cut php_10_9's peak after 100 000 conflicts
/// from 5.8 MB to 4.3 MB.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The watched clause's raw handle, with [`BINARY`] set for a two-literal clause.
    tagged: u32,
    /// A literal of the clause; if true, the clause needs no visit. For a binary
    /// clause, the other literal.
    pub blocker: Lit,
}

const BINARY: u32 = 1 << 31;

impl Watch {
    #[inline]
    fn new(cref: ClauseRef, blocker: Lit, binary: bool) -> Watch {
        let tagged = cref.raw() | if binary { BINARY } else { 0 };
        Watch { tagged, blocker }
    }

    /// The watched clause.
    #[inline]
    pub fn cref(self) -> ClauseRef {
        ClauseRef::from_raw(self.tagged & !BINARY)
    }

    /// True if the clause has two literals (and the blocker is the other one).
    #[inline]
    pub fn is_binary(self) -> bool {
        self.tagged & BINARY != 0
    }
}

/// Watch lists indexed by literal code.
#[derive(Debug, Default)]
pub struct Watches {
    lists: Vec<Vec<Watch>>,
}

impl Watches {
    /// Makes room for the literals of variables `0..num_vars`.
    pub fn grow(&mut self, num_vars: usize) {
        if 2 * num_vars > self.lists.len() {
            self.lists.resize_with(2 * num_vars, Vec::new);
        }
    }

    /// Watches the clause's literals at positions 0 and 1.
    pub fn attach(&mut self, db: &ClauseDb, cref: ClauseRef) {
        let lits = db.lits(cref);
        let binary = lits.len() == 2;
        let (a, b) = (lits[0], lits[1]);
        self.lists[a.code()].push(Watch::new(cref, b, binary));
        self.lists[b.code()].push(Watch::new(cref, a, binary));
    }

    /// Stops watching `cref` (its watched literals must still be at positions 0 and 1,
    /// as they are between propagations).
    pub fn detach(&mut self, db: &ClauseDb, cref: ClauseRef) {
        let lits = db.lits(cref);
        for watched in [lits[0], lits[1]] {
            let list = &mut self.lists[watched.code()];
            // Learnt clauses are attached last, so their watches sit near the end.
            let pos = list.iter().rposition(|w| w.cref() == cref);
            debug_assert!(
                pos.is_some(),
                "a live clause is watched at positions 0 and 1"
            );
            if let Some(pos) = pos {
                list.swap_remove(pos);
            }
        }
    }

    /// Rebuilds every list from the arena, after garbage collection moved the clauses.
    /// Positions 0 and 1 are unchanged by compaction, so the watched pairs are too.
    ///
    /// Lists whose capacity is far above their new length are shrunk: a list keeps the
    /// largest size it ever had otherwise: on php_10_9 after 40 000 conflicts, watch
    /// lists held 1.6 MB of a 2.3 MB heap (valgrind massif), for a few thousand clauses.
    pub fn rebuild(&mut self, db: &ClauseDb) {
        let mut counts = vec![0usize; self.lists.len()];
        for cref in db.iter() {
            let lits = db.lits(cref);
            counts[lits[0].code()] += 1;
            counts[lits[1].code()] += 1;
        }
        for (list, &count) in self.lists.iter_mut().zip(&counts) {
            list.clear();
            if list.capacity() > 2 * count + 16 {
                list.shrink_to(count + count / 2 + 4);
            }
        }
        for cref in db.iter() {
            self.attach(db, cref);
        }
    }

    /// Checks that each live clause is watched exactly at positions 0 and 1; for
    /// `debug_assert!` (cost linear in the formula).
    pub fn is_consistent(&self, db: &ClauseDb) -> bool {
        let total: usize = self.lists.iter().map(Vec::len).sum();
        let mut expected = 0;
        for cref in db.iter() {
            expected += 2;
            let lits = db.lits(cref);
            for watched in [lits[0], lits[1]] {
                let count = self.lists[watched.code()]
                    .iter()
                    .filter(|w| w.cref() == cref)
                    .count();
                if count != 1 {
                    return false;
                }
            }
        }
        total == expected
    }
}

/// Propagates every literal on the trail from `trail.qhead` on; returns a clause made
/// false by the assignment, or `None` once the queue is empty. Counts assignments in
/// `propagations`.
///
/// Postcondition: on `None`, `trail.qhead == trail.len()`; on a conflict, the conflict
/// clause has every literal false.
pub fn propagate(
    watches: &mut Watches,
    db: &mut ClauseDb,
    trail: &mut Trail,
    propagations: &mut u64,
) -> Option<ClauseRef> {
    let mut conflict = None;
    while trail.qhead < trail.len() {
        let false_lit = !trail.lits()[trail.qhead];
        trail.qhead += 1;
        *propagations += 1;
        // Taking the list out lets us push onto other lists while scanning it; moving a
        // `Vec` does not allocate. New watches never go to this list: they are non-false.
        let mut list = std::mem::take(&mut watches.lists[false_lit.code()]);
        let len = list.len();
        let mut kept = 0;
        let mut i = 0;
        while i < len {
            // SAFETY (every unchecked access to `list` here): `i < len == list.len()`
            // and `kept <= i`, since each visited watch is kept at most once.
            let watch = unsafe { *list.get_unchecked(i) };
            i += 1;
            if trail.is_true_fast(watch.blocker) {
                unsafe { *list.get_unchecked_mut(kept) = watch };
                kept += 1;
                continue;
            }
            let cref = watch.cref();
            if watch.is_binary() {
                unsafe { *list.get_unchecked_mut(kept) = watch };
                kept += 1;
                if trail.is_false_fast(watch.blocker) {
                    conflict = Some(cref);
                    break;
                }
                trail.assign(watch.blocker, cref);
                continue;
            }
            let lits = db.lits_mut(cref);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            debug_assert_eq!(lits[1], false_lit, "watch list out of sync with clause");
            let first = lits[0];
            let refreshed = Watch::new(cref, first, false);
            if first != watch.blocker && trail.is_true_fast(first) {
                unsafe { *list.get_unchecked_mut(kept) = refreshed };
                kept += 1;
                continue;
            }
            let mut moved = false;
            for k in 2..lits.len() {
                let candidate = lits[k];
                if !trail.is_false_fast(candidate) {
                    lits[k] = false_lit;
                    lits[1] = candidate;
                    watches.lists[candidate.code()].push(refreshed);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            unsafe { *list.get_unchecked_mut(kept) = refreshed };
            kept += 1;
            if trail.is_false_fast(first) {
                conflict = Some(cref);
                break;
            }
            trail.assign(first, cref);
        }
        // On a conflict, the unvisited tail keeps its watches.
        if i < len {
            list.copy_within(i..len, kept);
            kept += len - i;
        }
        list.truncate(kept);
        watches.lists[false_lit.code()] = list;
        if conflict.is_some() {
            break;
        }
    }
    debug_assert!(conflict.is_some() || trail.qhead == trail.len());
    debug_assert!(conflict.map_or(true, |c| db.lits(c).iter().all(|&l| trail.is_false(l))));
    conflict
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::lit::testing::lit;

    #[test]
    fn chain_of_implications_and_a_conflict() {
        let mut db = ClauseDb::new();
        let mut watches = Watches::default();
        let mut trail = Trail::default();
        watches.grow(4);
        trail.grow(4);
        // 1 -> 2 (binary), (¬1 ∨ ¬2 ∨ 3), (¬3 ∨ 4), (¬3 ∨ ¬4 ∨ ¬1)
        let clauses = [vec![-1, 2], vec![-1, -2, 3], vec![-3, 4], vec![-3, -4, -1]];
        let crefs: Vec<ClauseRef> = clauses
            .iter()
            .map(|c| {
                let lits: Vec<Lit> = c.iter().map(|&n| lit(n)).collect();
                let cref = db.alloc(&lits, false, 0);
                watches.attach(&db, cref);
                cref
            })
            .collect();
        assert!(watches.is_consistent(&db));
        trail.new_level();
        trail.assign(lit(1), ClauseRef::NONE);
        let mut count = 0;
        let conflict = propagate(&mut watches, &mut db, &mut trail, &mut count);
        assert_eq!(conflict, Some(crefs[3]));
        assert!(trail.is_true(lit(2)) && trail.is_true(lit(3)) && trail.is_true(lit(4)));
        assert_eq!(trail.reason(lit(3).var()), crefs[1]);
        assert_eq!(
            db.lits(crefs[1])[0],
            lit(3),
            "implied literal moves to position 0"
        );
        assert!(watches.is_consistent(&db));
        trail.backtrack_to(0, |_| {});
        trail.assign(lit(-3), ClauseRef::NONE);
        assert_eq!(
            propagate(&mut watches, &mut db, &mut trail, &mut count),
            None
        );
        assert_eq!(trail.len(), 1);
    }
}
