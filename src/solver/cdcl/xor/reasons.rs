//! The clauses the XOR engine hands to conflict analysis: the reason of each literal a
//! matrix row implied and the clause of each row it found false, written once, when the
//! row fires, and named by [`ClauseRef::external`] handles so that the trail and the
//! analysis treat them like arena clauses.
//!
//! A row is a sum of input XORs and changes at every pivot, so its reason cannot be
//! rebuilt later from the matrix: the clause is taken at the moment the row fires (one
//! literal per column of the row, the implied one first). Clauses live as long as the
//! literal they explain: the store is a stack in trail order and backtracking pops it.

use crate::lit::Lit;
use crate::solver::cdcl::clause_db::ClauseRef;

/// One stored clause: where its literals are, and the trail position it belongs to.
#[derive(Clone, Copy, Debug)]
struct Entry {
    start: u32,
    len: u32,
    /// The trail position of the implied literal, or the trail length when a conflict
    /// was found: the clause goes when the trail is cut to this length or shorter.
    trail_position: u32,
}

/// Reason and conflict clauses of the XOR engine, in trail order.
#[derive(Debug, Default)]
pub struct Reasons {
    lits: Vec<Lit>,
    entries: Vec<Entry>,
}

impl Reasons {
    /// Starts a clause to be filled with [`Reasons::extend`] and closed by
    /// [`Reasons::finish`]: building in place saves a copy.
    pub fn begin(&mut self) -> usize {
        self.lits.len()
    }

    /// Appends a literal to the clause begun last.
    #[inline]
    pub fn extend(&mut self, lit: Lit) {
        self.lits.push(lit);
    }

    /// Closes the clause begun at `start` for trail position `trail_position`.
    pub fn finish(&mut self, start: usize, trail_position: usize) -> ClauseRef {
        self.entries.push(Entry {
            start: start as u32,
            len: (self.lits.len() - start) as u32,
            trail_position: trail_position as u32,
        });
        ClauseRef::external(self.entries.len() - 1)
    }

    /// The literals of a stored clause.
    #[inline]
    pub fn lits(&self, cref: ClauseRef) -> &[Lit] {
        let entry = self.entries[cref.external_index()];
        &self.lits[entry.start as usize..(entry.start + entry.len) as usize]
    }

    /// Drops the clauses of trail positions `trail_length` and later.
    pub fn truncate(&mut self, trail_length: usize) {
        while let Some(last) = self.entries.last() {
            if (last.trail_position as usize) < trail_length {
                break;
            }
            self.lits.truncate(last.start as usize);
            self.entries.pop();
        }
    }
}
