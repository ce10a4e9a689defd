//! The clause arena: every clause, original and learnt, in one `Vec<Lit>`.
//!
//! Layout (after MiniSat's region allocator and varisat's `ClauseAlloc`): a clause is a
//! two-word header followed by its literals. Header word 0 packs the length (upper 28 bits)
//! and the learnt, deleted, used and cube-dependent flags; word 1 holds the LBD ("glue", Audemard & Simon,
//! IJCAI 2009). A [`ClauseRef`] is the 31-bit offset of the header, so a watch (handle
//! plus blocker) costs 8 bytes and clauses are contiguous in memory.
//!
//! Header words are stored as `Lit` values whose code is the raw word; only this file
//! reads them as words.
//!
//! Invariants:
//! * clauses are stored back to back from offset 0, so walking `offset += 2 + len`
//!   visits every clause;
//! * a deleted clause keeps its length (so the walk still works) until [`ClauseDb::compact`]
//!   drops it; `wasted` counts its words;
//! * every clause has at least two literals (units and the empty clause never reach the
//!   arena) and, for the solver, positions 0 and 1 are the watched literals.

use crate::lit::Lit;

/// A handle to a clause: the offset of its header in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClauseRef(u32);

impl ClauseRef {
    /// "No clause": the reason of a decision or of a level-0 unit.
    pub const NONE: ClauseRef = ClauseRef(u32::MAX);

    /// True for [`ClauseRef::NONE`].
    #[inline]
    pub fn is_none(self) -> bool {
        self == ClauseRef::NONE
    }

    /// A handle to clause `index` of a store outside the arena: the reasons and
    /// conflicts the XOR engine builds on demand (see `xor`). Arena handles stay below
    /// 2^31 (see [`ClauseDb::alloc`]), so the top bit tells the two apart; `index` must
    /// be below 2^31 - 1, which keeps it clear of [`ClauseRef::NONE`].
    #[inline]
    pub fn external(index: usize) -> ClauseRef {
        debug_assert!(index < (EXTERNAL - 1) as usize);
        ClauseRef(EXTERNAL | index as u32)
    }

    /// True for a handle made by [`ClauseRef::external`]: its clause is not in the
    /// arena, and no [`ClauseDb`] method may be called with it.
    #[inline]
    pub fn is_external(self) -> bool {
        self.0 & EXTERNAL != 0 && self != ClauseRef::NONE
    }

    /// The index given to [`ClauseRef::external`].
    #[inline]
    pub fn external_index(self) -> usize {
        debug_assert!(self.is_external());
        (self.0 & !EXTERNAL) as usize
    }

    /// The arena offset of the clause's header, to compare with a mark taken from
    /// [`ClauseDb::size`].
    #[inline]
    pub fn offset(self) -> usize {
        self.0 as usize
    }
}

/// The top bit of an external handle (see [`ClauseRef::external`]).
const EXTERNAL: u32 = 1 << 31;

const HEADER: usize = 2;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
const USED: u32 = 4;
const CUBE: u32 = 8;
const LEN_SHIFT: u32 = 4;
/// The top bit of header word 1 (the LBD's): the clause was tried by vivification since
/// the flag was last cleared (see `vivify`). An LBD never comes near 2^31.
const VIVIFIED: u32 = 1 << 31;

/// The arena and its counts.
#[derive(Debug)]
pub struct ClauseDb {
    arena: Vec<Lit>,
    wasted: usize,
    /// No deleted clause is stored before this offset: where a compaction starts.
    first_deleted: usize,
    num_original: usize,
    /// Input clauses ever stored (deleted ones included): see [`ClauseDb::originals_stored`].
    originals_stored: u64,
    num_learnt: usize,
    /// Compactions so far, carried over by [`ClauseDb::emptied`]: see [`ClauseDb::epoch`].
    epoch: u64,
}

/// Old-to-new handle map produced by [`ClauseDb::compact`]: the clauses from `start`
/// on, sorted by old handle (the compaction keeps clause order, so the new handles are
/// sorted too); the clauses before `start` did not move.
#[derive(Debug, Default)]
pub struct Relocation {
    start: usize,
    pairs: Vec<(ClauseRef, ClauseRef)>,
}

impl Relocation {
    /// Where the compaction started: handles before it are unchanged.
    #[cfg(test)]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The new handle of a clause that survived (itself if it lies before
    /// [`Relocation::start`]), `None` for a dropped one.
    pub fn get(&self, old: ClauseRef) -> Option<ClauseRef> {
        if old.offset() < self.start {
            return Some(old);
        }
        self.pairs
            .binary_search_by_key(&old, |&(from, _)| from)
            .ok()
            .map(|i| self.pairs[i].1)
    }
}

impl Default for ClauseDb {
    fn default() -> ClauseDb {
        ClauseDb {
            arena: Vec::new(),
            wasted: 0,
            first_deleted: usize::MAX,
            num_original: 0,
            originals_stored: 0,
            num_learnt: 0,
            epoch: 0,
        }
    }
}

impl ClauseDb {
    /// An empty arena.
    pub fn new() -> ClauseDb {
        ClauseDb::default()
    }

    /// An empty arena that goes on counting [`ClauseDb::originals_stored`] from this one,
    /// so that a pass rewriting every clause still reads as a change.
    pub fn emptied(&self) -> ClauseDb {
        ClauseDb {
            originals_stored: self.originals_stored,
            epoch: self.epoch + 1,
            ..ClauseDb::default()
        }
    }

    #[inline]
    fn word(&self, index: usize) -> u32 {
        self.arena[index].code() as u32
    }

    #[inline]
    fn set_word(&mut self, index: usize, word: u32) {
        self.arena[index] = Lit::from_code(word as usize);
    }

    #[inline]
    fn flags(&self, cref: ClauseRef) -> u32 {
        self.word(cref.offset())
    }

    /// Stores a clause of at least two literals and returns its handle.
    ///
    /// # Panics
    /// When the arena would outgrow 31-bit offsets (about 8 GB of clauses), which keeps
    /// every handle well clear of [`ClauseRef::NONE`] and every length within the
    /// header's 28 bits.
    pub fn alloc(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> ClauseRef {
        debug_assert!(lits.len() >= 2, "short clauses never enter the arena");
        let offset = self.arena.len();
        assert!(
            offset + HEADER + lits.len() < 1 << 31 && lits.len() < 1 << (32 - LEN_SHIFT),
            "clause arena exceeds 31-bit offsets"
        );
        let flags = (lits.len() as u32) << LEN_SHIFT | if learnt { LEARNT } else { 0 };
        self.arena.push(Lit::from_code(flags as usize));
        self.arena.push(Lit::from_code(lbd as usize));
        self.arena.extend_from_slice(lits);
        if learnt {
            self.num_learnt += 1;
        } else {
            self.num_original += 1;
            self.originals_stored += 1;
        }
        ClauseRef(offset as u32)
    }

    /// A count that changes whenever handles may have gone stale (a compaction, or an
    /// arena rebuilt by [`ClauseDb::emptied`]): a handle kept from an earlier epoch must
    /// not be used.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Number of literals of the clause.
    #[inline]
    pub fn len(&self, cref: ClauseRef) -> usize {
        (self.flags(cref) >> LEN_SHIFT) as usize
    }

    /// The literals of the clause.
    #[inline]
    pub fn lits(&self, cref: ClauseRef) -> &[Lit] {
        let start = cref.offset() + HEADER;
        &self.arena[start..start + self.len(cref)]
    }

    /// The literals of the clause, for reordering them (the tests, and the watches of a
    /// conflict clause under chronological backtracking; propagation uses
    /// [`ClauseDb::lits_unchecked_mut`]).
    pub fn lits_mut(&mut self, cref: ClauseRef) -> &mut [Lit] {
        let start = cref.offset() + HEADER;
        let len = self.len(cref);
        &mut self.arena[start..start + len]
    }

    /// The literals of the clause, mutable, without bounds checks, for propagation's inner loop:
    /// the header word and the literals are read through the arena's pointer.
    ///
    /// # Safety
    ///
    /// `cref` must be the handle of a clause stored in this arena: returned by
    /// [`ClauseDb::alloc`] (or by the [`Relocation`] of the last [`ClauseDb::compact`]) and
    /// not dropped by a compaction since. Such a clause's header and literals lie inside
    /// the arena (`alloc` pushes them together and compaction moves them together).
    #[inline]
    pub unsafe fn lits_unchecked_mut(&mut self, cref: ClauseRef) -> &mut [Lit] {
        let base = self.arena.as_mut_ptr();
        // SAFETY: the caller promises a stored clause, so its header word at
        // `cref.offset()` and its `len` literals after the two header words are inside
        // the arena; no other reference into the arena lives while `self` is borrowed.
        unsafe {
            let len = (*base.add(cref.offset())).code() >> LEN_SHIFT;
            std::slice::from_raw_parts_mut(base.add(cref.offset() + HEADER), len)
        }
    }

    /// True for a clause learnt from a conflict (as opposed to one of the input).
    #[inline]
    pub fn is_learnt(&self, cref: ClauseRef) -> bool {
        self.flags(cref) & LEARNT != 0
    }

    /// True once [`ClauseDb::delete`] was called on the clause.
    #[inline]
    pub fn is_deleted(&self, cref: ClauseRef) -> bool {
        self.flags(cref) & DELETED != 0
    }

    /// Marks the clause deleted; its words are reclaimed by the next compaction. The
    /// caller must drop its watches and make sure it is nobody's reason.
    pub fn delete(&mut self, cref: ClauseRef) {
        debug_assert!(!self.is_deleted(cref));
        let flags = self.flags(cref);
        self.set_word(cref.offset(), flags | DELETED);
        self.wasted += HEADER + self.len(cref);
        self.first_deleted = self.first_deleted.min(cref.offset());
        if flags & LEARNT != 0 {
            self.num_learnt -= 1;
        } else {
            self.num_original -= 1;
        }
    }

    /// True if the clause took part in conflict analysis since the flag was last cleared.
    #[inline]
    pub fn is_used(&self, cref: ClauseRef) -> bool {
        self.flags(cref) & USED != 0
    }

    /// Sets or clears the "used" flag.
    #[inline]
    pub fn set_used(&mut self, cref: ClauseRef, used: bool) {
        let flags = self.flags(cref) & !USED;
        self.set_word(cref.offset(), flags | if used { USED } else { 0 });
    }

    /// True for a learnt clause whose derivation used a cube's literals (see
    /// [`super::Solver::solve_cube`]): it may not follow from the formula alone.
    #[inline]
    pub fn is_cube_dependent(&self, cref: ClauseRef) -> bool {
        self.flags(cref) & CUBE != 0
    }

    /// Marks the clause as depending on the current cube.
    #[inline]
    pub fn set_cube_dependent(&mut self, cref: ClauseRef) {
        let flags = self.flags(cref);
        self.set_word(cref.offset(), flags | CUBE);
    }

    /// The literal block distance recorded for the clause (0 for input clauses).
    #[inline]
    pub fn lbd(&self, cref: ClauseRef) -> u32 {
        self.word(cref.offset() + 1) & !VIVIFIED
    }

    /// Records a new LBD.
    #[inline]
    pub fn set_lbd(&mut self, cref: ClauseRef, lbd: u32) {
        let flag = self.word(cref.offset() + 1) & VIVIFIED;
        self.set_word(cref.offset() + 1, lbd | flag);
    }

    /// True if vivification tried the clause since the flag was last cleared.
    #[inline]
    pub fn is_vivified(&self, cref: ClauseRef) -> bool {
        self.word(cref.offset() + 1) & VIVIFIED != 0
    }

    /// Sets or clears the "vivified" flag.
    #[inline]
    pub fn set_vivified(&mut self, cref: ClauseRef, vivified: bool) {
        let word = self.word(cref.offset() + 1) & !VIVIFIED;
        self.set_word(
            cref.offset() + 1,
            word | if vivified { VIVIFIED } else { 0 },
        );
    }

    /// Live learnt clauses.
    pub fn num_learnt(&self) -> usize {
        self.num_learnt
    }

    /// Live input clauses (of length two or more).
    pub fn num_original(&self) -> usize {
        self.num_original
    }

    /// Input clauses stored since the arena was made, deleted ones included: it changes
    /// whenever one is added, so a copy of the input clauses can tell it is current.
    pub fn originals_stored(&self) -> u64 {
        self.originals_stored
    }

    /// Words held by deleted clauses.
    pub fn wasted(&self) -> usize {
        self.wasted
    }

    /// The live clauses stored at or after `mark` (a former [`ClauseDb::size`]).
    pub fn iter_from(&self, mark: usize) -> impl Iterator<Item = ClauseRef> + '_ {
        let mut offset = mark;
        std::iter::from_fn(move || {
            while offset < self.arena.len() {
                let cref = ClauseRef(offset as u32);
                offset += HEADER + self.len(cref);
                if !self.is_deleted(cref) {
                    return Some(cref);
                }
            }
            None
        })
    }

    /// Words in the arena, live and deleted.
    pub fn size(&self) -> usize {
        self.arena.len()
    }

    /// Every live clause, in arena order.
    pub fn iter(&self) -> impl Iterator<Item = ClauseRef> + '_ {
        self.iter_from(0)
    }

    /// Where the next [`ClauseDb::compact`] starts: no deleted clause is stored before
    /// this offset, so the clauses there keep their handles.
    pub fn first_deleted(&self) -> usize {
        self.first_deleted.min(self.arena.len())
    }

    /// Every clause stored at or after `mark` (a clause boundary), deleted ones too, in
    /// arena order: the clauses a compaction from `mark` may move or drop.
    pub fn iter_stored_from(&self, mark: usize) -> impl Iterator<Item = ClauseRef> + '_ {
        let mut offset = mark;
        std::iter::from_fn(move || {
            (offset < self.arena.len()).then(|| {
                let cref = ClauseRef(offset as u32);
                offset += HEADER + self.len(cref);
                cref
            })
        })
    }

    /// Drops deleted clauses by sliding the live ones after them, in order, towards the
    /// first deleted one ([`ClauseDb::first_deleted`]); clauses before it keep their
    /// handles. Working in place keeps the peak memory at one arena (copying into a
    /// fresh buffer needed two, and left the allocator with freed blocks it could not
    /// reuse: php_10_9's peak after 100 000 conflicts went from 7.1 MB to 5.8 MB).
    /// Every handle from that offset on held elsewhere (watches, reasons) is stale
    /// afterwards; the returned map translates them (handles before it are not in it).
    ///
    /// Starting at the first deleted clause, not at 0, matters for streams of cubes: a
    /// cube's learnt clauses are the arena's tail, and after they go the input clauses
    /// before them, and most of their watch lists, stay as they are.
    pub fn compact(&mut self) -> Relocation {
        let mark = self.first_deleted();
        let mut pairs = Vec::new();
        let mut read = mark;
        let mut write = mark;
        while read < self.arena.len() {
            let cref = ClauseRef(read as u32);
            let size = HEADER + self.len(cref);
            if !self.is_deleted(cref) {
                pairs.push((cref, ClauseRef(write as u32)));
                if write != read {
                    self.arena.copy_within(read..read + size, write);
                }
                write += size;
            }
            read += size;
        }
        self.arena.truncate(write);
        self.wasted = 0;
        self.first_deleted = write;
        self.epoch += 1;
        Relocation { start: mark, pairs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::lit::testing::lits;

    #[test]
    fn header_fields_are_independent() {
        let mut db = ClauseDb::new();
        let a = db.alloc(&lits(&[1, -2, 3]), false, 0);
        let b = db.alloc(&lits(&[-1, 2]), true, 2);
        assert_eq!(db.lits(a), &lits(&[1, -2, 3])[..]);
        assert_eq!(db.lits(b), &lits(&[-1, 2])[..]);
        assert!(!db.is_learnt(a) && db.is_learnt(b));
        assert_eq!(db.lbd(b), 2);
        db.set_used(b, true);
        db.set_lbd(b, 5);
        assert!(db.is_used(b) && db.is_learnt(b) && !db.is_deleted(b));
        assert!(!db.is_cube_dependent(b));
        db.set_cube_dependent(b);
        assert!(db.is_cube_dependent(b) && !db.is_cube_dependent(a));
        assert_eq!((db.len(b), db.lbd(b)), (2, 5));
        db.set_used(b, false);
        assert!(!db.is_used(b) && db.is_learnt(b) && db.is_cube_dependent(b));
        db.set_vivified(b, true);
        assert!(db.is_vivified(b) && !db.is_vivified(a));
        db.set_lbd(b, 4);
        assert_eq!((db.lbd(b), db.is_vivified(b)), (4, true));
        db.set_vivified(b, false);
        assert_eq!((db.lbd(b), db.is_vivified(b)), (4, false));
        db.lits_mut(a).swap(0, 2);
        assert_eq!(db.lits(a), &lits(&[3, -2, 1])[..]);
        assert_eq!((db.num_original(), db.num_learnt()), (1, 1));
    }

    #[test]
    fn compaction_starts_at_the_first_deleted_clause() {
        let mut db = ClauseDb::new();
        let a = db.alloc(&lits(&[1, 2]), false, 0);
        let b = db.alloc(&lits(&[3, 4, 5]), true, 3);
        let c = db.alloc(&lits(&[-6, 7, 8, 9]), true, 4);
        let d = db.alloc(&lits(&[-1, -9]), true, 2);
        db.delete(c);
        assert_eq!(db.first_deleted(), c.offset());
        let reloc = db.compact();
        assert_eq!((reloc.start(), db.first_deleted()), (c.offset(), db.size()));
        assert_eq!(
            (reloc.get(a), reloc.get(b), reloc.get(c)),
            (Some(a), Some(b), None)
        );
        assert_eq!(reloc.get(d), Some(c), "d slides into c's place");
        assert_eq!(db.lits(c), &lits(&[-1, -9])[..]);
        let e = db.alloc(&lits(&[5, 6, 7]), true, 3);
        db.delete(a);
        assert_eq!(db.first_deleted(), 0);
        let reloc = db.compact();
        assert_eq!(reloc.get(a), None);
        assert_eq!(
            db.iter().collect::<Vec<_>>(),
            vec![a, reloc.get(c).unwrap(), reloc.get(e).unwrap()]
        );
        assert_eq!(db.lits(a), &lits(&[3, 4, 5])[..]);
        assert_eq!(db.wasted(), 0);
    }

    #[test]
    fn compaction_drops_deleted_clauses_and_remaps_the_rest() {
        let mut db = ClauseDb::new();
        let a = db.alloc(&lits(&[1, 2]), false, 0);
        let b = db.alloc(&lits(&[3, 4, 5]), true, 3);
        let c = db.alloc(&lits(&[-6, 7, 8, 9]), true, 4);
        let d = db.alloc(&lits(&[-1, -9]), false, 0);
        db.delete(b);
        db.delete(a);
        assert_eq!(db.wasted(), 4 + 5);
        assert_eq!(db.iter().collect::<Vec<_>>(), vec![c, d]);
        let reloc = db.compact();
        assert_eq!(db.wasted(), 0);
        assert_eq!(db.size(), 6 + 4);
        assert_eq!(reloc.get(a), None);
        assert_eq!(reloc.get(b), None);
        let (c2, d2) = (reloc.get(c).unwrap(), reloc.get(d).unwrap());
        assert_eq!(db.lits(c2), &lits(&[-6, 7, 8, 9])[..]);
        assert_eq!(db.lbd(c2), 4);
        assert!(db.is_learnt(c2));
        assert_eq!(db.lits(d2), &lits(&[-1, -9])[..]);
        assert_eq!(db.iter().collect::<Vec<_>>(), vec![c2, d2]);
        assert_eq!((db.num_original(), db.num_learnt()), (1, 1));
    }
}
