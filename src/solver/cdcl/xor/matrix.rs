//! One Gauss-Jordan matrix over GF(2), kept in reduced row echelon form during the
//! search and watched like clauses: the "simplex way" of Han & Jiang ("When Boolean
//! satisfiability meets Gaussian elimination in a simplex way", CAV 2012), as
//! CryptoMiniSat's `EGaussian` runs it.
//!
//! Each row is an XOR (a sum of input XORs) with one *basic* column, which no other row
//! has, and watches two columns: its basic one and one other (*non-basic*) column. While
//! both are unassigned the row can neither imply nor conflict, so an assignment only
//! visits the rows watching its column:
//! - a non-basic watch that becomes assigned moves to another unassigned non-basic
//!   column of the row; if there is none, the row is down to its basic column, which it
//!   implies (or, assigned already, checks);
//! - a basic column that becomes assigned hands its role to an unassigned non-basic
//!   column of its row (a pivot: that column is eliminated from every other row, whose
//!   watches are then repaired); if there is none but the watch, the row implies the
//!   watch.
//!
//! The matrix keeps its own picture of the assignment as two bit sets (unassigned
//! columns, true columns), so finding an unassigned column of a row and the parity of
//! its assigned part are word operations. Nothing is undone on backtracking but that
//! picture: any echelon form serves, and the watches stay valid the way two watched
//! literals do, since a row that fires keeps its watches on the literals it fired on,
//! assigned at the current level.
//!
//! Invariants between calls (checked by [`Matrix::is_consistent`]): every row's basic
//! column is set in that row and in no other; `row_of` is its inverse; each row's
//! non-basic watch is set in the row and differs from its basic column; `watchers[c]`
//! lists exactly the rows watching column `c`, each once.

use super::reasons::Reasons;
use crate::lit::{Lit, Var};
use crate::solver::cdcl::clause_db::ClauseRef;
use crate::solver::cdcl::trail::{Trail, Value};

/// `row_of` value of a non-basic column.
const NO_ROW: u32 = u32::MAX;

/// What an assignment made a matrix do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fired {
    /// Nothing was implied.
    Quiet,
    /// At least one literal was implied (and assigned on the trail).
    Propagated,
    /// A row is false under the assignment: the clause of its literals, all false.
    Conflict(ClauseRef),
}

/// A matrix whose rows sum to the empty XOR with right-hand side 1: the formula is
/// unsatisfiable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inconsistent;

/// A Gauss-Jordan matrix over some variables (see the module docs).
#[derive(Clone, Debug)]
pub struct Matrix {
    /// The variable of each column.
    vars: Vec<Var>,
    /// Words per row.
    words: usize,
    /// The rows' bits, row after row.
    bits: Vec<u64>,
    /// Each row's right-hand side: the XOR of its columns' values must equal it.
    rhs: Vec<bool>,
    /// Each row's basic column.
    basic: Vec<u32>,
    /// Each row's watched non-basic column.
    watch: Vec<u32>,
    /// The row whose basic column each column is, or `NO_ROW`.
    row_of: Vec<u32>,
    /// The rows watching each column.
    watchers: Vec<Vec<u32>>,
    /// The columns the matrix sees unassigned.
    unassigned: Vec<u64>,
    /// The columns the matrix sees assigned true.
    values: Vec<u64>,
}

impl Matrix {
    /// Reduces `rows` (each a list of distinct column indices below `vars.len()` and a
    /// right-hand side) to reduced row echelon form, with every column unassigned.
    /// Returns the matrix of the rows of two or more columns and the units the others
    /// imply, or [`Inconsistent`] if the rows contradict each other.
    pub fn new(
        vars: Vec<Var>,
        rows: &[(Vec<u32>, bool)],
    ) -> Result<(Matrix, Vec<Lit>), Inconsistent> {
        let columns = vars.len();
        let words = columns.div_ceil(64).max(1);
        let mut bits = vec![0u64; rows.len() * words];
        let mut rhs = Vec::with_capacity(rows.len());
        for (r, (cols, value)) in rows.iter().enumerate() {
            for &c in cols {
                bits[r * words + c as usize / 64] ^= 1 << (c % 64);
            }
            rhs.push(*value);
        }
        // Gauss-Jordan: column by column, a pivot row is moved up and the column is
        // cleared from every other row.
        let mut rank = 0;
        let mut basic = Vec::new();
        for c in 0..columns {
            let (word, bit) = (c / 64, 1u64 << (c % 64));
            let Some(pivot) = (rank..rows.len()).find(|&r| bits[r * words + word] & bit != 0)
            else {
                continue;
            };
            swap_rows(&mut bits, words, pivot, rank);
            rhs.swap(pivot, rank);
            for r in 0..rows.len() {
                if r != rank && bits[r * words + word] & bit != 0 {
                    xor_rows(&mut bits, words, rank, r);
                    rhs[r] ^= rhs[rank];
                }
            }
            basic.push(c as u32);
            rank += 1;
        }
        if rhs[rank..].iter().any(|&value| value) {
            return Err(Inconsistent);
        }
        bits.truncate(rank * words);
        rhs.truncate(rank);
        // Rows of one column are units; their columns are in no other row.
        let mut units = Vec::new();
        let mut kept_bits = Vec::with_capacity(bits.len());
        let mut kept_rhs = Vec::new();
        let mut kept_basic = Vec::new();
        for r in 0..rank {
            let row = &bits[r * words..(r + 1) * words];
            if row.iter().map(|w| w.count_ones()).sum::<u32>() == 1 {
                units.push(vars[basic[r] as usize].lit(rhs[r]));
            } else {
                kept_bits.extend_from_slice(row);
                kept_rhs.push(rhs[r]);
                kept_basic.push(basic[r]);
            }
        }
        let mut matrix = Matrix {
            words,
            bits: kept_bits,
            rhs: kept_rhs,
            basic: kept_basic,
            watch: Vec::new(),
            row_of: vec![NO_ROW; columns],
            watchers: vec![Vec::new(); columns],
            unassigned: vec![0; words],
            values: vec![0; words],
            vars,
        };
        for c in 0..columns {
            matrix.unassigned[c / 64] |= 1 << (c % 64);
        }
        for r in 0..matrix.num_rows() {
            let b = matrix.basic[r];
            let w = matrix
                .find_unassigned(r, b, b)
                .expect("a row of two or more columns has a non-basic one");
            matrix.row_of[b as usize] = r as u32;
            matrix.watch.push(w);
            matrix.watchers[b as usize].push(r as u32);
            matrix.watchers[w as usize].push(r as u32);
        }
        debug_assert!(matrix.is_consistent());
        Ok((matrix, units))
    }

    /// The number of rows.
    pub fn num_rows(&self) -> usize {
        self.rhs.len()
    }

    /// The number of columns.
    pub fn num_columns(&self) -> usize {
        self.vars.len()
    }

    /// The variable of column `column`.
    pub fn var(&self, column: usize) -> Var {
        self.vars[column]
    }

    /// Whether column `column` is the basic column of a row.
    #[cfg(test)]
    pub fn is_basic(&self, column: usize) -> bool {
        self.row_of[column] != NO_ROW
    }

    /// Takes the assignment of column `column` to `value` into the matrix's picture.
    #[inline]
    pub fn set_assigned(&mut self, column: usize, value: bool) {
        let (word, bit) = (column / 64, 1u64 << (column % 64));
        self.unassigned[word] &= !bit;
        if value {
            self.values[word] |= bit;
        }
    }

    /// Takes the unassignment of column `column` into the matrix's picture.
    #[inline]
    pub fn set_unassigned(&mut self, column: usize) {
        let (word, bit) = (column / 64, 1u64 << (column % 64));
        self.unassigned[word] |= bit;
        self.values[word] &= !bit;
    }

    #[inline]
    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    #[inline]
    fn has(&self, r: usize, column: u32) -> bool {
        self.bits[r * self.words + column as usize / 64] & (1 << (column % 64)) != 0
    }

    #[inline]
    fn is_unassigned(&self, column: u32) -> bool {
        self.unassigned[column as usize / 64] & (1 << (column % 64)) != 0
    }

    /// An unassigned column of row `r` other than `a` and `b`.
    #[inline]
    fn find_unassigned(&self, r: usize, a: u32, b: u32) -> Option<u32> {
        let row = self.row(r);
        for (k, (&bits, &free)) in row.iter().zip(&self.unassigned).enumerate() {
            let mut candidates = bits & free;
            if a as usize / 64 == k {
                candidates &= !(1 << (a % 64));
            }
            if b as usize / 64 == k {
                candidates &= !(1 << (b % 64));
            }
            if candidates != 0 {
                return Some((k * 64) as u32 + candidates.trailing_zeros());
            }
        }
        None
    }

    /// The XOR of the values of row `r`'s assigned columns.
    #[inline]
    fn assigned_parity(&self, r: usize) -> bool {
        let ones: u32 = self
            .row(r)
            .iter()
            .zip(&self.values)
            .map(|(&bits, &values)| (bits & values).count_ones())
            .sum();
        ones & 1 == 1
    }

    /// Column `column` (in the matrix's picture already) was assigned: visits the rows
    /// watching it, assigning on `trail` what they imply, with reasons in `reasons`.
    /// Stops at the first conflict; the matrix stays consistent either way.
    pub fn assigned(&mut self, column: usize, trail: &mut Trail, reasons: &mut Reasons) -> Fired {
        let column = column as u32;
        let r = self.row_of[column as usize];
        if r != NO_ROW {
            return self.basic_assigned(r as usize, trail, reasons);
        }
        let mut list = std::mem::take(&mut self.watchers[column as usize]);
        let mut fired = Fired::Quiet;
        let mut kept = 0;
        let mut i = 0;
        while i < list.len() {
            let r = list[i] as usize;
            i += 1;
            debug_assert_eq!(self.watch[r], column);
            let b = self.basic[r];
            if let Some(other) = self.find_unassigned(r, b, column) {
                self.watch[r] = other;
                self.watchers[other as usize].push(r as u32);
                continue;
            }
            list[kept] = r as u32;
            kept += 1;
            match self.settle(r, b, trail, reasons) {
                Fired::Quiet => {}
                Fired::Propagated => fired = Fired::Propagated,
                conflict @ Fired::Conflict(_) => {
                    fired = conflict;
                    break;
                }
            }
        }
        // After a conflict the rows not visited keep their watch.
        list.copy_within(i.., kept);
        let len = kept + list.len() - i;
        list.truncate(len);
        // Settling never pushes onto this column's list, so nothing was added meanwhile.
        debug_assert!(self.watchers[column as usize].is_empty());
        self.watchers[column as usize] = list;
        fired
    }

    /// The basic column of row `r` was assigned: its role goes to another unassigned
    /// column of the row if there is one, else the row implies or checks its watch.
    fn basic_assigned(&mut self, r: usize, trail: &mut Trail, reasons: &mut Reasons) -> Fired {
        let (b, w) = (self.basic[r], self.watch[r]);
        match self.find_unassigned(r, b, w) {
            Some(new_basic) => self.pivot(r, new_basic, trail, reasons),
            None => self.settle(r, w, trail, reasons),
        }
    }

    /// Makes `new_basic` (an unassigned column of row `r`) the basic column of `r` in
    /// place of the old one, which is assigned: eliminates it from every other row and
    /// repairs the watches of the rows that lost theirs.
    fn pivot(
        &mut self,
        r: usize,
        new_basic: u32,
        trail: &mut Trail,
        reasons: &mut Reasons,
    ) -> Fired {
        let old_basic = self.basic[r];
        self.row_of[old_basic as usize] = NO_ROW;
        self.row_of[new_basic as usize] = r as u32;
        self.basic[r] = new_basic;
        // Only `r` had the old basic column, so only `r` watched it; every row watching
        // the new one (never `r`) has it and is about to lose it.
        self.watchers[old_basic as usize].clear();
        self.watchers[new_basic as usize].clear();
        self.watchers[new_basic as usize].push(r as u32);
        let (word, bit) = (new_basic as usize / 64, 1u64 << (new_basic % 64));
        let mut fired = Fired::Quiet;
        for s in 0..self.num_rows() {
            if s == r || self.bits[s * self.words + word] & bit == 0 {
                continue;
            }
            xor_rows(&mut self.bits, self.words, r, s);
            self.rhs[s] ^= self.rhs[r];
            let w = self.watch[s];
            if w != new_basic && self.has(s, w) {
                continue;
            }
            if w != new_basic {
                let list = &mut self.watchers[w as usize];
                let at = list.iter().position(|&x| x == s as u32);
                list.swap_remove(at.expect("a row is in its watch's list"));
            }
            let b = self.basic[s];
            if let Some(other) = self.find_unassigned(s, b, b) {
                self.watch[s] = other;
                self.watchers[other as usize].push(s as u32);
                continue;
            }
            // Every column of `s` but perhaps its basic one is assigned; the old basic
            // column of `r`, now in `s`, was assigned last and carries the watch.
            self.watch[s] = old_basic;
            self.watchers[old_basic as usize].push(s as u32);
            if matches!(fired, Fired::Conflict(_)) {
                continue;
            }
            match self.settle(s, b, trail, reasons) {
                Fired::Quiet => {}
                Fired::Propagated => fired = Fired::Propagated,
                conflict @ Fired::Conflict(_) => fired = conflict,
            }
        }
        fired
    }

    /// Row `r` has every column assigned but perhaps `last`: implies `last` if it is
    /// unassigned, else reports a conflict if the row is false.
    fn settle(&mut self, r: usize, last: u32, trail: &mut Trail, reasons: &mut Reasons) -> Fired {
        let parity = self.assigned_parity(r);
        if self.is_unassigned(last) {
            let value = self.rhs[r] ^ parity;
            let lit = self.vars[last as usize].lit(value);
            debug_assert_eq!(trail.value(lit), Value::Unassigned);
            let position = trail.len();
            let start = reasons.begin();
            reasons.extend(lit);
            self.push_false_lits(r, last, reasons);
            let reason = reasons.finish(start, position);
            trail.assign(lit, reason);
            self.set_assigned(last as usize, value);
            Fired::Propagated
        } else if parity != self.rhs[r] {
            let start = reasons.begin();
            self.push_false_lits(r, u32::MAX, reasons);
            Fired::Conflict(reasons.finish(start, trail.len()))
        } else {
            Fired::Quiet
        }
    }

    /// Appends the false literal of every column of row `r` but `skip`.
    fn push_false_lits(&self, r: usize, skip: u32, reasons: &mut Reasons) {
        for (k, (&bits, &values)) in self.row(r).iter().zip(&self.values).enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let offset = rest.trailing_zeros();
                rest &= rest - 1;
                let column = (k * 64) as u32 + offset;
                if column != skip {
                    let value = values & (1 << offset) != 0;
                    reasons.extend(self.vars[column as usize].lit(!value));
                }
            }
        }
    }

    /// Checks the invariants of the module docs; for `debug_assert!` and tests.
    pub fn is_consistent(&self) -> bool {
        let rows = self.num_rows();
        for r in 0..rows {
            let (b, w) = (self.basic[r], self.watch[r]);
            if !self.has(r, b) || self.row_of[b as usize] != r as u32 || !self.has(r, w) || w == b {
                return false;
            }
            if (0..rows).any(|s| s != r && self.has(s, b)) {
                return false;
            }
        }
        let basic_columns = self.row_of.iter().filter(|&&r| r != NO_ROW).count();
        let listed: usize = self.watchers.iter().map(Vec::len).sum();
        let each_once = self.watchers.iter().enumerate().all(|(c, list)| {
            list.iter().all(|&r| {
                let r = r as usize;
                (self.basic[r] == c as u32 || self.watch[r] == c as u32)
                    && list.iter().filter(|&&x| x as usize == r).count() == 1
            })
        });
        basic_columns == rows && listed == 2 * rows && each_once
    }

    /// Whether every row that the assignment of `trail` leaves with one unassigned column
    /// or none is satisfied or implied: no propagation or conflict was missed. Only
    /// meaningful at a propagation fixpoint; for tests and `debug_assert!`.
    pub fn is_propagated(&self, trail: &Trail) -> bool {
        (0..self.num_rows()).all(|r| {
            let mut unassigned = 0;
            let mut parity = self.rhs[r];
            for (k, &bits) in self.row(r).iter().enumerate() {
                let mut rest = bits;
                while rest != 0 {
                    let column = k * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    match trail.value(self.vars[column].positive()) {
                        Value::Unassigned => unassigned += 1,
                        Value::True => parity = !parity,
                        Value::False => {}
                    }
                }
            }
            unassigned >= 2 || (unassigned == 0 && !parity)
        })
    }
}

/// Swaps rows `a` and `b` of a matrix of `words` words per row.
fn swap_rows(bits: &mut [u64], words: usize, a: usize, b: usize) {
    if a != b {
        for k in 0..words {
            bits.swap(a * words + k, b * words + k);
        }
    }
}

/// Adds (XORs) row `from` into row `to`.
#[inline]
fn xor_rows(bits: &mut [u64], words: usize, from: usize, to: usize) {
    debug_assert_ne!(from, to);
    for k in 0..words {
        bits[to * words + k] ^= bits[from * words + k];
    }
}

#[cfg(test)]
mod tests;
