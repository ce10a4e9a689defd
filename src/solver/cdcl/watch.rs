//! Watch lists and unit propagation with two watched literals.
//!
//! Two watched literals (Moskewicz et al., "Chaff", DAC 2001) with blocking literals
//! (Chu, Harwood & Stuckey 2008; MiniSat 2.2 `Watcher { cref, blocker }`):
//! * every arena clause is watched by exactly its literals at positions 0 and 1: the
//!   list `lists[l]` holds a [`Watch`] for each clause whose position 0 or 1 holds `l`,
//!   and is visited when `l` becomes false;
//! * the blocker is some literal of the clause other than the watched one; if it is true
//!   the clause is satisfied and the arena is not touched;
//! * binary clauses have lists of their own, holding the other literal, so propagating
//!   them never reads the arena, and they go first for each false literal (Glucose's
//!   `watchesBin`; CaDiCaL and Kissat also visit binaries before the arena). Their reason
//!   still points at the arena clause, but the implied literal may sit at position 0 or 1
//!   there (analysis skips it by variable);
//! * for a longer clause propagated by [`propagate`], the implied literal is moved to
//!   position 0, so a reason clause's two watched literals are its implied literal and a
//!   false one.
//!
//! After [`propagate`] returns `None`, no clause is unit or false under the trail with an
//! unassigned or false watch whose partner is not true: the classic watch invariant.
//!
//! Binaries first pays over one mixed list per literal: about 9% over the whole suite in
//! shuffled copies, and 4-6% per conflict where the search stays the same (php_10_9).
//! Single files move both ways, since the visiting order changes the search.
//!
//! Not kept: starting the search for a replacement watch where the previous one in the
//! same clause succeeded (Gent, JAIR 2013; CaDiCaL's saved position). On the small
//! suite's short clauses no clear saving per propagation, and the changed choice of watch
//! made some searches much longer (industrial_38bits_10 4x). On the broad suite's long
//! learnt clauses it propagates up to 1.28x as fast (1.00-1.28 on seven formulas), but
//! the changed searches lose the satisfiable families, and clique-colouring even with
//! the position saved only after a near-miss walk (branch `exp-saved-position`).
//!
//! The measurements: `docs/experiments.md`, "Propagation".

use super::clause_db::{ClauseDb, ClauseRef, Relocation};
use super::trail::Trail;
use crate::lit::Lit;

/// One entry of a long clause's watch list: 8 bytes, the clause handle and the blocker.
/// (Earlier the binary flag shared this entry; the packing, with lists shrinking in
/// [`Watches::rebuild`], cut php_10_9's peak after 100 000 conflicts from 5.8 MB to
/// 4.3 MB against a 12-byte entry.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The watched clause.
    pub cref: ClauseRef,
    /// A literal of the clause; if true, the clause needs no visit.
    pub blocker: Lit,
}

/// One entry of a binary clause's watch list: the other literal, implied when the
/// watched one becomes false, and the clause, for the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BinaryWatch {
    /// The clause's other literal.
    pub implied: Lit,
    /// The clause in the arena.
    pub cref: ClauseRef,
}

/// Watch lists indexed by literal code: binary clauses and longer ones apart.
#[derive(Debug, Default)]
pub struct Watches {
    pub(super) lists: Vec<Vec<Watch>>,
    pub(super) binaries: Vec<Vec<BinaryWatch>>,
}

impl Watches {
    /// Makes room for the literals of variables `0..num_vars`.
    pub fn grow(&mut self, num_vars: usize) {
        if 2 * num_vars > self.lists.len() {
            self.lists.resize_with(2 * num_vars, Vec::new);
            self.binaries.resize_with(2 * num_vars, Vec::new);
        }
    }

    /// Watches the clause's literals at positions 0 and 1.
    pub fn attach(&mut self, db: &ClauseDb, cref: ClauseRef) {
        let lits = db.lits(cref);
        let (a, b) = (lits[0], lits[1]);
        if lits.len() == 2 {
            self.binaries[a.code()].push(BinaryWatch { implied: b, cref });
            self.binaries[b.code()].push(BinaryWatch { implied: a, cref });
        } else {
            self.lists[a.code()].push(Watch { cref, blocker: b });
            self.lists[b.code()].push(Watch { cref, blocker: a });
        }
    }

    /// Rebuilds every list from the arena, after garbage collection moved the clauses:
    /// each list then holds its clauses in arena order. Positions 0 and 1 are unchanged
    /// by compaction, so the watched pairs are too.
    ///
    /// Lists whose capacity is far above their new length are shrunk: a list keeps the
    /// largest size it ever had otherwise: on php_10_9 after 40 000 conflicts, watch
    /// lists held 1.6 MB of a 2.3 MB heap (valgrind massif), for a few thousand clauses.
    pub fn rebuild(&mut self, db: &ClauseDb) {
        let mut counts = vec![0usize; self.lists.len()];
        for cref in db.iter() {
            let lits = db.lits(cref);
            if lits.len() > 2 {
                counts[lits[0].code()] += 1;
                counts[lits[1].code()] += 1;
            }
        }
        for (list, &count) in self.lists.iter_mut().zip(&counts) {
            list.clear();
            if list.capacity() > 2 * count + 16 {
                list.shrink_to(count + count / 2 + 4);
            }
        }
        // Binary lists are not shrunk: reduction never deletes a binary clause (its LBD
        // is at most 2), so they only lose clauses satisfied at level 0.
        self.binaries.iter_mut().for_each(Vec::clear);
        for cref in db.iter() {
            self.attach(db, cref);
        }
    }

    /// Removes the watches of `deleted` (clauses marked deleted in `db`, still in the
    /// arena) from the lists of their watched literals, keeping the order of every list.
    /// Only those lists are read: each is filtered once, however many deleted clauses
    /// it held.
    pub fn drop_deleted(&mut self, db: &ClauseDb, deleted: &[ClauseRef]) {
        let mut dirty: Vec<(bool, usize)> = Vec::with_capacity(2 * deleted.len());
        for &cref in deleted {
            debug_assert!(db.is_deleted(cref));
            let lits = db.lits(cref);
            let binary = lits.len() == 2;
            dirty.push((binary, lits[0].code()));
            dirty.push((binary, lits[1].code()));
        }
        dirty.sort_unstable();
        dirty.dedup();
        for (binary, code) in dirty {
            if binary {
                self.binaries[code].retain(|w| !db.is_deleted(w.cref));
            } else {
                self.lists[code].retain(|w| !db.is_deleted(w.cref));
            }
        }
    }

    /// The lists (binary or not, literal code) that watch a clause stored at or after
    /// `mark`, deleted or not: those a compaction from `mark` leaves stale. Each once.
    pub fn lists_watching_from(&self, db: &ClauseDb, mark: usize) -> Vec<(bool, usize)> {
        // One flag per list and kind (bit 0 long, bit 1 binary), instead of sorting
        // the pairs: the tail of a cube names hundreds of lists.
        let mut seen = vec![0u8; self.lists.len()];
        let mut dirty: Vec<(bool, usize)> = Vec::new();
        for cref in db.iter_stored_from(mark) {
            let lits = db.lits(cref);
            let binary = lits.len() == 2;
            let bit = 1u8 << u8::from(binary);
            for lit in [lits[0], lits[1]] {
                if seen[lit.code()] & bit == 0 {
                    seen[lit.code()] |= bit;
                    dirty.push((binary, lit.code()));
                }
            }
        }
        dirty
    }

    /// Brings the lists `dirty` (from [`Watches::lists_watching_from`] before the
    /// compaction) up to date after [`ClauseDb::compact`]: a watch of a clause the
    /// compaction kept points to its place, one of a clause it dropped goes; every other
    /// list is untouched and still right. Each list keeps its order (unlike
    /// [`Watches::rebuild`]; [`Watches::restore_arena_order`] gives the long lists that
    /// order back); a long list far above its new length is shrunk as there.
    pub fn relocate(&mut self, relocation: &Relocation, dirty: &[(bool, usize)]) {
        let moved = |cref: &mut ClauseRef| match relocation.get(*cref) {
            Some(new) => {
                *cref = new;
                true
            }
            None => false,
        };
        for &(binary, code) in dirty {
            if binary {
                self.binaries[code].retain_mut(|w| moved(&mut w.cref));
            } else {
                let list = &mut self.lists[code];
                list.retain_mut(|w| moved(&mut w.cref));
                if list.capacity() > 2 * list.len() + 16 {
                    list.shrink_to(list.len() + list.len() / 2 + 4);
                }
            }
        }
    }

    /// Puts every long list in arena order, each blocker the clause's other watched
    /// literal: the long lists as [`Watches::rebuild`] leaves them, after
    /// [`Watches::relocate`] (whose binary lists already are: a binary watch never
    /// moves, and they were pushed in arena order). The order of the lists steers the
    /// search; with it a stream's cubes search as they did after a full rebuild.
    pub fn restore_arena_order(&mut self, db: &ClauseDb) {
        for (code, list) in self.lists.iter_mut().enumerate() {
            list.sort_unstable_by_key(|watch| watch.cref);
            for watch in list.iter_mut() {
                let lits = db.lits(watch.cref);
                watch.blocker = if lits[0].code() == code {
                    lits[1]
                } else {
                    lits[0]
                };
            }
        }
    }

    /// Checks that each live clause is watched exactly at positions 0 and 1, in the list
    /// for its length; for `debug_assert!` (cost linear in the formula).
    pub fn is_consistent(&self, db: &ClauseDb) -> bool {
        let total: usize = self.lists.iter().map(Vec::len).sum::<usize>()
            + self.binaries.iter().map(Vec::len).sum::<usize>();
        let mut expected = 0;
        for cref in db.iter() {
            expected += 2;
            let lits = db.lits(cref);
            for watched in [lits[0], lits[1]] {
                let count = if lits.len() == 2 {
                    let other = if watched == lits[0] { lits[1] } else { lits[0] };
                    self.binaries[watched.code()]
                        .iter()
                        .filter(|w| w.cref == cref && w.implied == other)
                        .count()
                } else {
                    self.lists[watched.code()]
                        .iter()
                        .filter(|w| w.cref == cref)
                        .count()
                };
                if count != 1 {
                    return false;
                }
            }
        }
        total == expected
    }
}

/// An empty arena, watch lists and trail with room for `num_vars` variables: the
/// set-up of the propagation and reduction tests.
#[cfg(test)]
pub fn empty_for_tests(num_vars: usize) -> (ClauseDb, Watches, Trail) {
    let mut watches = Watches::default();
    let mut trail = Trail::default();
    watches.grow(num_vars);
    trail.grow(num_vars);
    (ClauseDb::new(), watches, trail)
}

/// [`propagate`] after checking its safety condition, at a cost linear in the formula:
/// for the tests, which build their arena, watches and trail by hand.
#[cfg(test)]
pub fn propagate_checked(
    watches: &mut Watches,
    db: &mut ClauseDb,
    trail: &mut Trail,
    propagations: &mut u64,
) -> Option<ClauseRef> {
    let room = |lit: Lit| lit.var().index() < trail.num_vars();
    let long_ok = watches
        .lists
        .iter()
        .flatten()
        .all(|w| room(w.blocker) && db.lits(w.cref).iter().all(|&lit| room(lit)));
    let binary_ok = watches.binaries.iter().flatten().all(|w| room(w.implied));
    assert!(long_ok && binary_ok, "a watched literal beyond the trail");
    // SAFETY: the two checks above are `propagate`'s condition.
    unsafe { propagate(watches, db, trail, propagations) }
}

/// Propagates every literal on the trail from `trail.qhead` on; returns a clause made
/// false by the assignment, or `None` once the queue is empty. Counts assignments in
/// `propagations`.
///
/// For each false literal, binary clauses go first (Glucose's separate binary watches):
/// they need no arena access, and a conflict or implication found there is the
/// cheapest one.
///
/// Postcondition: on `None`, `trail.qhead == trail.len()`; on a conflict, the conflict
/// clause has every literal false.
///
/// The inner loops read the trail's values, the watch lists and the arena without
/// bounds checks: on the Hanidoku stream the checks and `Vec` bookkeeping were a third of
/// this function's instructions (see `docs/experiments.md`, "Propagation").
///
/// # Safety
///
/// Every literal in `watches` (blockers and implied literals) and every literal of the
/// clauses of `db` its watches point to must have a variable the trail has room for
/// (`lit.var().index() < trail.num_vars()`), and every clause handle in `watches` must
/// be that of a clause stored in `db` (see [`ClauseDb::lits_unchecked_mut`]): values and
/// clauses are read without a bounds check. [`Solver`](super::Solver) grows its trail
/// and watch lists together before it stores a clause over new variables, and drops the
/// watches of deleted clauses before a compaction removes them (or rebuilds every list).
pub unsafe fn propagate(
    watches: &mut Watches,
    db: &mut ClauseDb,
    trail: &mut Trail,
    propagations: &mut u64,
) -> Option<ClauseRef> {
    // SAFETY: the caller's promise, passed on.
    unsafe { propagate_at::<{ Levels::Current as u8 }>(watches, db, trail, propagations) }
}

/// At which level propagation assigns an implied literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Levels {
    /// The current decision level, as MiniSat does: the trail's levels never decrease.
    Current,
    /// The highest level among the reason's other literals, which may be below the
    /// current one once chronological backtracking keeps literals out of order (see
    /// `trail`; CaDiCaL's `search_assign`).
    Implied,
}

/// [`propagate`], assigning implied literals at their implication level
/// ([`Levels::Implied`]) for chronological backtracking.
///
/// # Safety
///
/// As for [`propagate`].
pub unsafe fn propagate_implied(
    watches: &mut Watches,
    db: &mut ClauseDb,
    trail: &mut Trail,
    propagations: &mut u64,
) -> Option<ClauseRef> {
    // SAFETY: the caller's promise, passed on.
    unsafe { propagate_at::<{ Levels::Implied as u8 }>(watches, db, trail, propagations) }
}

/// The propagation loop, for both [`Levels`] (a constant, so the default one pays
/// nothing for the other).
///
/// # Safety
///
/// As for [`propagate`].
#[inline(always)]
unsafe fn propagate_at<const LEVELS: u8>(
    watches: &mut Watches,
    db: &mut ClauseDb,
    trail: &mut Trail,
    propagations: &mut u64,
) -> Option<ClauseRef> {
    let implied_levels = LEVELS == Levels::Implied as u8;
    let mut conflict = None;
    let mut count = 0u64;
    while trail.qhead < trail.len() {
        // SAFETY: `qhead < len`, checked just above.
        let false_lit = !unsafe { trail.lit_unchecked(trail.qhead) };
        trail.qhead += 1;
        count += 1;
        debug_assert!(false_lit.code() < watches.binaries.len());
        // SAFETY: `false_lit` is the negation of a trail literal, whose variable the
        // trail has room for; `grow` sizes the lists like the trail (2 per variable).
        let binaries = unsafe { watches.binaries.get_unchecked(false_lit.code()) };
        for &binary in binaries {
            // SAFETY: `binary.implied` is a literal of `watches`; the caller promises the
            // trail has room for its variable.
            if unsafe { trail.is_true_unchecked(binary.implied) } {
                continue;
            }
            // SAFETY: as above, the same literal.
            if unsafe { trail.is_false_unchecked(binary.implied) } {
                conflict = Some(binary.cref);
                break;
            }
            if implied_levels {
                let level = trail.level(false_lit.var());
                // SAFETY: as above; the false literal's level is at most the current one.
                unsafe { trail.assign_unchecked_at(binary.implied, binary.cref, level) };
                continue;
            }
            // SAFETY: as above, and the literal is neither true nor false.
            unsafe { trail.assign_unchecked(binary.implied, binary.cref) };
        }
        if conflict.is_some() {
            break;
        }
        // Taking the list out lets us push onto other lists while scanning it; moving a
        // `Vec` does not allocate. New watches never go to this list: they are non-false.
        // SAFETY: as for the binary lists, `grow` sized `lists` to the trail.
        let mut list = std::mem::take(unsafe { watches.lists.get_unchecked_mut(false_lit.code()) });
        let len = list.len();
        let base = list.as_mut_ptr();
        let mut kept = 0;
        let mut i = 0;
        while i < len {
            // SAFETY: `i < len == list.len()`; `list` is neither resized nor moved in
            // this loop, so `base` stays valid.
            let watch = unsafe { *base.add(i) };
            i += 1;
            // SAFETY: a blocker is a literal of `watches`, whose variables the caller
            // promises the trail has room for.
            if unsafe { trail.is_true_unchecked(watch.blocker) } {
                // SAFETY: `kept < i <= len`: each visited watch is kept at most once, and
                // `i` already counts this one.
                unsafe { base.add(kept).write(watch) };
                kept += 1;
                continue;
            }
            let cref = watch.cref;
            // SAFETY: the caller promises that every handle in `watches` is a clause
            // stored in `db`.
            let lits = unsafe { db.lits_unchecked_mut(cref) };
            debug_assert!(lits.len() >= 3, "a long watch on a short clause");
            // SAFETY: indices 0 and 1 are in bounds, as a long clause has at least
            // three literals.
            let first = unsafe {
                if *lits.get_unchecked(0) == false_lit {
                    *lits.get_unchecked_mut(0) = *lits.get_unchecked(1);
                    *lits.get_unchecked_mut(1) = false_lit;
                }
                *lits.get_unchecked(0)
            };
            debug_assert_eq!(lits[1], false_lit, "watch list out of sync with clause");
            let refreshed = Watch {
                cref,
                blocker: first,
            };
            // SAFETY: `first` is a literal of a clause a watch points to, which the
            // caller promises the trail has room for.
            if first != watch.blocker && unsafe { trail.is_true_unchecked(first) } {
                // SAFETY: `kept < i <= len`, as above.
                unsafe { base.add(kept).write(refreshed) };
                kept += 1;
                continue;
            }
            let mut moved = false;
            for k in 2..lits.len() {
                // SAFETY: `k < lits.len()`; the literal is of the same clause as `first`.
                let candidate = unsafe { *lits.get_unchecked(k) };
                // SAFETY: `candidate` is a literal of the same clause as `first`.
                if !unsafe { trail.is_false_unchecked(candidate) } {
                    // SAFETY: `1 < k < lits.len()`.
                    unsafe {
                        *lits.get_unchecked_mut(k) = false_lit;
                        *lits.get_unchecked_mut(1) = candidate;
                    }
                    debug_assert!(candidate.code() < watches.lists.len());
                    // SAFETY: `candidate`'s variable has room in the trail, and the lists
                    // are sized like it; `candidate` is not false, so this is not `list`'s
                    // slot (which was taken out above and is empty anyway).
                    unsafe { watches.lists.get_unchecked_mut(candidate.code()) }.push(refreshed);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            // SAFETY: `kept < i <= len`, as above.
            unsafe { base.add(kept).write(refreshed) };
            kept += 1;
            // SAFETY: `first` as above.
            if unsafe { trail.is_false_unchecked(first) } {
                conflict = Some(cref);
                break;
            }
            if implied_levels {
                let level = lits[1..]
                    .iter()
                    .map(|lit| trail.level(lit.var()))
                    .max()
                    .unwrap_or(0);
                // SAFETY: `first` as above, and it is neither true nor false; every
                // level on the trail is at most the current one.
                unsafe { trail.assign_unchecked_at(first, cref, level) };
                continue;
            }
            // SAFETY: `first` as above, and it is neither true nor false.
            unsafe { trail.assign_unchecked(first, cref) };
        }
        // On a conflict, the unvisited tail keeps its watches.
        if i < len {
            list.copy_within(i..len, kept);
            kept += len - i;
        }
        list.truncate(kept);
        // SAFETY: as where the list was taken out.
        *unsafe { watches.lists.get_unchecked_mut(false_lit.code()) } = list;
        if conflict.is_some() {
            break;
        }
    }
    *propagations += count;
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
        let (mut db, mut watches, mut trail) = empty_for_tests(4);
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
        let conflict = propagate_checked(&mut watches, &mut db, &mut trail, &mut count);
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
            propagate_checked(&mut watches, &mut db, &mut trail, &mut count),
            None
        );
        assert_eq!(trail.len(), 1);
    }

    #[test]
    fn binary_clauses_go_first_and_their_conflict_wins() {
        let (mut db, mut watches, mut trail) = empty_for_tests(5);
        // The long clause (¬1 ∨ 2 ∨ 3) is attached before the binary (¬1 ∨ 4), yet with
        // 3 false and 1 true the binary's 4 is implied before the long clause's 2.
        let long = db.alloc(&[lit(-1), lit(2), lit(3)], false, 0);
        watches.attach(&db, long);
        let binary = db.alloc(&[lit(-1), lit(4)], false, 0);
        watches.attach(&db, binary);
        let mut count = 0;
        trail.assign(lit(-3), ClauseRef::NONE);
        assert_eq!(
            propagate_checked(&mut watches, &mut db, &mut trail, &mut count),
            None
        );
        trail.new_level();
        trail.assign(lit(1), ClauseRef::NONE);
        assert_eq!(
            propagate_checked(&mut watches, &mut db, &mut trail, &mut count),
            None
        );
        assert_eq!(trail.lits(), &[lit(-3), lit(1), lit(4), lit(2)]);
        assert_eq!(trail.reason(lit(4).var()), binary);
        // With (¬1 ∨ ¬4) as well, the binaries clash before the long clause is visited:
        // 2 is never implied.
        trail.backtrack_to(0, |_| {});
        let clash = db.alloc(&[lit(-1), lit(-4)], false, 0);
        watches.attach(&db, clash);
        trail.new_level();
        trail.assign(lit(1), ClauseRef::NONE);
        assert_eq!(
            propagate_checked(&mut watches, &mut db, &mut trail, &mut count),
            Some(clash)
        );
        assert_eq!(trail.lits(), &[lit(-3), lit(1), lit(4)]);
        assert!(watches.is_consistent(&db));
    }
}
