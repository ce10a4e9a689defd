//! The assignment trail: which literals are true, in what order, at which decision
//! level, and why.
//!
//! This is the explicit trail of MiniSat (`trail`, `trail_lim`, `qhead`). Invariants:
//! * a literal is on the trail iff it is assigned true, and each variable appears at most
//!   once; `values` holds the value of both literals of every variable;
//! * `lims[d - 1]` is the trail position of the decision that opened level `d`, so the
//!   literals assigned while level `d` was the current one are `lits[lims[d-1]..lims[d]]`;
//!   each has level `d`, or a lower one once chronological backtracking (`chrono`) has
//!   assigned literals at the level their reason implies them at ("out of order",
//!   Nadel and Ryvchin, SAT 2018; Möhle and Biere, SAT 2019). Without it levels never
//!   decrease along the trail;
//! * `level` and `reason` are meaningful only for assigned variables; a decision, and a
//!   unit fixed at level 0, has reason [`ClauseRef::NONE`]; a propagated literal's
//!   reason clause contains it and every other literal of that clause is false;
//! * `qhead <= lits.len()`: literals before `qhead` have had their watches visited.

use super::clause_db::ClauseRef;
use crate::lit::{Lit, Var};

/// The value of a literal under the current partial assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Assigned true.
    True,
    /// Assigned false.
    False,
    /// Not assigned.
    Unassigned,
}

/// What the trail knows of an assigned variable.
#[derive(Clone, Copy, Debug)]
struct VarData {
    level: u32,
    reason: ClauseRef,
}

/// Assignment, levels, reasons and the propagation queue.
#[derive(Debug, Default)]
pub struct Trail {
    values: Vec<Value>,
    /// Level and reason side by side: propagation writes both and analysis reads both,
    /// so one cache line serves both.
    var_data: Vec<VarData>,
    lits: Vec<Lit>,
    lims: Vec<usize>,
    /// Position of the next literal whose consequences propagation has not yet visited.
    pub qhead: usize,
    /// Some literal may sit above the start of a level higher than its own (see the
    /// module docs); until the trail is back at level 0, backtracking keeps such
    /// literals when their level stays.
    out_of_order: bool,
}

impl Trail {
    /// Makes room for variables `0..num_vars`, all unassigned. `values` and `var_data`
    /// grow together and never shrink, so `values.len() == 2 * self.num_vars()` always
    /// (what the `_unchecked` reads rely on).
    pub fn grow(&mut self, num_vars: usize) {
        if num_vars > self.var_data.len() {
            // Room for every variable on the trail at once: pushing a literal never
            // reallocates (see `assign_unchecked`).
            self.lits.reserve(num_vars - self.lits.len());
            self.values.resize(2 * num_vars, Value::Unassigned);
            self.var_data.resize(
                num_vars,
                VarData {
                    level: 0,
                    reason: ClauseRef::NONE,
                },
            );
        }
    }

    /// Number of variables the trail has room for.
    pub fn num_vars(&self) -> usize {
        self.var_data.len()
    }

    /// Value of a literal.
    #[inline]
    pub fn value(&self, lit: Lit) -> Value {
        self.values[lit.code()]
    }

    /// True if the literal is assigned true.
    #[inline]
    pub fn is_true(&self, lit: Lit) -> bool {
        self.values[lit.code()] == Value::True
    }

    /// True if the literal is assigned false.
    #[inline]
    pub fn is_false(&self, lit: Lit) -> bool {
        self.values[lit.code()] == Value::False
    }

    /// Value of a literal if it is fixed at decision level 0, else `Unassigned`: what the
    /// walks take as the formula's facts, so they can run above level 0 (`ccanr`).
    #[inline]
    pub fn root_value(&self, lit: Lit) -> Value {
        match self.value(lit) {
            Value::Unassigned => Value::Unassigned,
            _ if self.level(lit.var()) > 0 => Value::Unassigned,
            value => value,
        }
    }

    /// [`Trail::is_true`] without the bounds check, for propagation's inner loop.
    ///
    /// # Safety
    ///
    /// `lit`'s variable must be one the trail has room for:
    /// `lit.var().index() < self.num_vars()`.
    #[inline]
    pub unsafe fn is_true_unchecked(&self, lit: Lit) -> bool {
        debug_assert!(lit.var().index() < self.num_vars());
        // SAFETY: `grow` keeps `values.len() == 2 * num_vars()`, and the caller promises
        // `var < num_vars()`, so `code = 2 * var + sign < values.len()`.
        unsafe { *self.values.get_unchecked(lit.code()) == Value::True }
    }

    /// [`Trail::is_false`] without the bounds check, for propagation.
    ///
    /// # Safety
    ///
    /// As for [`Trail::is_true_unchecked`]: `lit.var().index() < self.num_vars()`.
    #[inline]
    pub unsafe fn is_false_unchecked(&self, lit: Lit) -> bool {
        debug_assert!(lit.var().index() < self.num_vars());
        // SAFETY: as in `is_true_unchecked`, from the same promise of the caller.
        unsafe { *self.values.get_unchecked(lit.code()) == Value::False }
    }

    /// Decision level at which the (assigned) variable got its value.
    #[inline]
    pub fn level(&self, var: Var) -> usize {
        self.var_data[var.index()].level as usize
    }

    /// The clause that implied the (assigned) variable, or [`ClauseRef::NONE`].
    #[inline]
    pub fn reason(&self, var: Var) -> ClauseRef {
        self.var_data[var.index()].reason
    }

    /// Replaces a reason handle, for garbage collection and level-0 simplification.
    pub fn set_reason(&mut self, var: Var, reason: ClauseRef) {
        self.var_data[var.index()].reason = reason;
    }

    /// The current decision level (0 = no decisions).
    #[inline]
    pub fn decision_level(&self) -> usize {
        self.lims.len()
    }

    /// All assigned literals in assignment order.
    #[inline]
    pub fn lits(&self) -> &[Lit] {
        &self.lits
    }

    /// Number of assigned variables.
    #[inline]
    pub fn len(&self) -> usize {
        self.lits.len()
    }

    /// The trail position of the decision that opened `level` (1 to the current level):
    /// backtracking to `level - 1` cuts the trail to this length.
    #[inline]
    pub fn level_start(&self, level: usize) -> usize {
        self.lims[level - 1]
    }

    /// Number of literals assigned below the current decision level (the whole trail
    /// at level 0).
    #[inline]
    pub fn below_current_level(&self) -> usize {
        self.lims.last().copied().unwrap_or(self.lits.len())
    }

    /// Assigns `lit` true at the current level with the given reason.
    ///
    /// Precondition: the variable is unassigned.
    #[inline]
    pub fn assign(&mut self, lit: Lit, reason: ClauseRef) {
        self.assign_at(lit, reason, self.lims.len());
    }

    /// Assigns `lit` true at `level`, at most the current one, with the given reason:
    /// below the current level for a literal whose reason implies it there
    /// (chronological backtracking).
    ///
    /// Precondition: the variable is unassigned.
    #[inline]
    pub fn assign_at(&mut self, lit: Lit, reason: ClauseRef, level: usize) {
        debug_assert_eq!(self.value(lit), Value::Unassigned, "{lit:?} assigned twice");
        debug_assert!(level <= self.lims.len());
        self.out_of_order |= level < self.lims.len();
        self.values[lit.code()] = Value::True;
        self.values[(!lit).code()] = Value::False;
        self.var_data[lit.var().index()] = VarData {
            level: level as u32,
            reason,
        };
        self.lits.push(lit);
    }

    /// [`Trail::assign`] without bounds checks, for propagation.
    ///
    /// # Safety
    ///
    /// `lit`'s variable must be one the trail has room for
    /// (`lit.var().index() < self.num_vars()`) and unassigned.
    #[inline]
    pub unsafe fn assign_unchecked(&mut self, lit: Lit, reason: ClauseRef) {
        // SAFETY: the caller's promise, passed on; the current level is at most itself.
        unsafe { self.assign_unchecked_at(lit, reason, self.lims.len()) }
    }

    /// [`Trail::assign_at`] without bounds checks, for propagation.
    ///
    /// # Safety
    ///
    /// As for [`Trail::assign_unchecked`]; and `level <= self.decision_level()`.
    #[inline]
    pub unsafe fn assign_unchecked_at(&mut self, lit: Lit, reason: ClauseRef, level: usize) {
        debug_assert!(lit.var().index() < self.num_vars());
        debug_assert_eq!(self.value(lit), Value::Unassigned, "{lit:?} assigned twice");
        debug_assert!(level <= self.lims.len());
        self.out_of_order |= level < self.lims.len();
        let level = level as u32;
        // SAFETY: `grow` keeps `values.len() == 2 * num_vars()` and `var_data.len() ==
        // num_vars()`, and the caller promises `var < num_vars()`. The trail holds each
        // variable at most once and this one is unassigned, so `lits.len() < num_vars()`,
        // within the capacity `grow` reserved: the write lands in reserved memory and
        // `set_len` covers only initialised slots.
        unsafe {
            *self.values.get_unchecked_mut(lit.code()) = Value::True;
            *self.values.get_unchecked_mut((!lit).code()) = Value::False;
            *self.var_data.get_unchecked_mut(lit.var().index()) = VarData { level, reason };
            let len = self.lits.len();
            debug_assert!(len < self.lits.capacity());
            self.lits.as_mut_ptr().add(len).write(lit);
            self.lits.set_len(len + 1);
        }
    }

    /// The literal at trail position `index` without a bounds check.
    ///
    /// # Safety
    ///
    /// `index < self.len()`.
    #[inline]
    pub unsafe fn lit_unchecked(&self, index: usize) -> Lit {
        debug_assert!(index < self.lits.len());
        // SAFETY: the caller promises `index < lits.len()`.
        unsafe { *self.lits.get_unchecked(index) }
    }

    /// Opens a new decision level; the next assigned literal is its decision.
    #[inline]
    pub fn new_level(&mut self) {
        debug_assert_eq!(self.qhead, self.lits.len(), "decide only after propagation");
        self.lims.push(self.lits.len());
    }

    /// Forgets the reason of every assigned literal: for facts at level 0, which
    /// analysis never resolves on, so their reason clauses may then be deleted.
    pub fn clear_reasons(&mut self) {
        for &lit in &self.lits {
            self.var_data[lit.var().index()].reason = ClauseRef::NONE;
        }
    }

    /// Undoes every assignment above `level`, newest first, handing each undone literal
    /// to `on_unassign` (for the decision heap). Literals of `level` or below that sit
    /// above its end (out of order, see the module docs) stay, in their order, and
    /// propagation visits them again: the literals they implied may be undone.
    pub fn backtrack_to(&mut self, level: usize, mut on_unassign: impl FnMut(Lit)) {
        if level >= self.lims.len() {
            return;
        }
        let start = self.lims[level];
        if self.out_of_order {
            for index in (start..self.lits.len()).rev() {
                let lit = self.lits[index];
                if self.var_data[lit.var().index()].level as usize > level {
                    self.values[lit.code()] = Value::Unassigned;
                    self.values[(!lit).code()] = Value::Unassigned;
                    on_unassign(lit);
                }
            }
            // Levels are left as they were by unassigning, so they still tell which
            // literals stay.
            let mut kept = start;
            for index in start..self.lits.len() {
                let lit = self.lits[index];
                if self.var_data[lit.var().index()].level as usize <= level {
                    self.lits[kept] = lit;
                    kept += 1;
                }
            }
            self.lits.truncate(kept);
            self.out_of_order = level > 0;
        } else {
            for &lit in self.lits[start..].iter().rev() {
                self.values[lit.code()] = Value::Unassigned;
                self.values[(!lit).code()] = Value::Unassigned;
                on_unassign(lit);
            }
            self.lits.truncate(start);
        }
        self.lims.truncate(level);
        self.qhead = self.qhead.min(start);
    }

    /// Checks the invariants in the module doc; for `debug_assert!`.
    pub fn is_consistent(&self) -> bool {
        let mut seen = vec![false; self.num_vars()];
        let mut level = 0;
        for (pos, &lit) in self.lits.iter().enumerate() {
            while level < self.lims.len() && self.lims[level] <= pos {
                level += 1;
            }
            let var = lit.var().index();
            let lit_level = self.level(lit.var());
            let misplaced = if self.out_of_order {
                lit_level > level
            } else {
                lit_level != level
            };
            if seen[var] || !self.is_true(lit) || misplaced {
                return false;
            }
            seen[var] = true;
        }
        let assigned = self.values.iter().filter(|&&v| v == Value::True).count();
        assigned == self.lits.len() && self.qhead <= self.lits.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backtracking_restores_values_and_reports_undone_literals_newest_first() {
        let mut trail = Trail::default();
        trail.grow(4);
        let lit = |n: i64| Lit::from_dimacs(n).unwrap();
        trail.assign(lit(1), ClauseRef::NONE);
        trail.qhead = 1;
        trail.new_level();
        trail.assign(lit(-2), ClauseRef::NONE);
        trail.assign(lit(3), ClauseRef::NONE);
        trail.qhead = 3;
        trail.new_level();
        trail.assign(lit(4), ClauseRef::NONE);
        assert!(trail.is_consistent());
        assert_eq!(trail.level(lit(3).var()), 1);
        assert!(trail.is_false(lit(2)) && trail.is_true(lit(-2)));
        let mut undone = Vec::new();
        trail.backtrack_to(0, |l| undone.push(l));
        assert_eq!(undone, vec![lit(4), lit(3), lit(-2)]);
        assert_eq!(trail.lits(), &[lit(1)]);
        assert_eq!(trail.qhead, 1);
        assert_eq!(trail.value(lit(2)), Value::Unassigned);
        assert!(trail.is_consistent());
    }

    #[test]
    fn backtracking_keeps_out_of_order_literals_of_the_levels_that_stay() {
        let mut trail = Trail::default();
        trail.grow(5);
        let lit = |n: i64| Lit::from_dimacs(n).unwrap();
        trail.new_level();
        trail.assign(lit(1), ClauseRef::NONE);
        trail.qhead = 1;
        trail.new_level();
        trail.assign(lit(2), ClauseRef::NONE);
        trail.assign_at(lit(3), ClauseRef::NONE, 1);
        trail.assign_at(lit(-4), ClauseRef::NONE, 0);
        trail.assign(lit(5), ClauseRef::NONE);
        trail.qhead = 5;
        assert!(trail.is_consistent());
        assert_eq!(trail.level(lit(3).var()), 1);
        let mut undone = Vec::new();
        trail.backtrack_to(1, |l| undone.push(l));
        assert_eq!(undone, vec![lit(5), lit(2)]);
        assert_eq!(trail.lits(), &[lit(1), lit(3), lit(-4)]);
        // The kept literals are propagated again: what they implied may be gone.
        assert_eq!(trail.qhead, 1);
        assert!(trail.is_consistent());
        undone.clear();
        trail.backtrack_to(0, |l| undone.push(l));
        assert_eq!(undone, vec![lit(3), lit(1)]);
        assert_eq!(trail.lits(), &[lit(-4)]);
        assert_eq!(trail.decision_level(), 0);
        assert!(trail.is_consistent());
    }

    #[test]
    fn root_values_are_the_level_0_facts_alone() {
        let mut trail = Trail::default();
        trail.grow(3);
        let lit = |n: i64| Lit::from_dimacs(n).unwrap();
        trail.assign(lit(-1), ClauseRef::NONE);
        trail.qhead = 1;
        trail.new_level();
        trail.assign(lit(2), ClauseRef::NONE);
        assert_eq!(trail.root_value(lit(1)), Value::False);
        assert_eq!(trail.root_value(lit(-1)), Value::True);
        assert_eq!(trail.value(lit(2)), Value::True);
        assert_eq!(trail.root_value(lit(2)), Value::Unassigned);
        assert_eq!(trail.root_value(lit(-2)), Value::Unassigned);
        assert_eq!(trail.root_value(lit(3)), Value::Unassigned);
    }
}
