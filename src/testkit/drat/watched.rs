//! A forward DRUP checker with two watched literals and a kept root assignment: the
//! same verdicts as [`super::check`], fast enough for the proofs of the hard suite
//! (millions of steps), where propagating from scratch at every step takes hours.
//!
//! Written apart from the solver and from dratify: clauses are DIMACS `i64` vectors, the
//! watch scheme is the textbook one (each live clause of two or more literals watched by
//! two of its literals; a literal's list is visited when it becomes false), and the
//! literals true by unit propagation of the current clause set alone (the root
//! assignment) are kept between steps. A lemma is checked by assigning its negation above
//! the root, propagating, and undoing that part; a clause added or deleted changes the
//! root assignment: an addition by propagating it, a deletion of a clause that is the
//! reason of a root literal by recomputing the root assignment from scratch (our solver
//! never deletes such a clause, so this is rare). The simple checker and this one must
//! agree on every proof of the tests (`tests/proof.rs`, the module tests).

use std::collections::HashMap;

use super::Step;

/// Literal code: `2v` for `v`, `2v + 1` for `-v`.
fn code(lit: i64) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

const NO_REASON: usize = usize::MAX;

struct Checker {
    clauses: Vec<Vec<i64>>,
    alive: Vec<bool>,
    by_key: HashMap<Vec<i64>, Vec<usize>>,
    /// Clause indices by the code of a watched literal (positions 0 and 1).
    watches: Vec<Vec<usize>>,
    /// Per variable: 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    /// Per variable: the clause that implied it at the root, or `NO_REASON`.
    reason: Vec<usize>,
    trail: Vec<i64>,
    /// Literals of the trail whose watches were visited.
    head: usize,
    /// Length of the root part of the trail.
    root: usize,
    /// The root assignment is in conflict: every clause is RUP from now on.
    refuted: bool,
}

impl Checker {
    fn new() -> Checker {
        Checker {
            clauses: Vec::new(),
            alive: Vec::new(),
            by_key: HashMap::new(),
            watches: Vec::new(),
            value: Vec::new(),
            reason: Vec::new(),
            trail: Vec::new(),
            head: 0,
            root: 0,
            refuted: false,
        }
    }

    fn grow(&mut self, lit: i64) {
        let var = lit.unsigned_abs() as usize;
        if var >= self.value.len() {
            self.value.resize(var + 1, 0);
            self.reason.resize(var + 1, NO_REASON);
            self.watches.resize(2 * var + 2, Vec::new());
        }
    }

    fn val(&self, lit: i64) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    fn assign(&mut self, lit: i64, reason: usize) {
        let var = lit.unsigned_abs() as usize;
        self.value[var] = if lit > 0 { 1 } else { -1 };
        self.reason[var] = reason;
        self.trail.push(lit);
    }

    /// Propagates the trail from `head`; true on a conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let falsified = -self.trail[self.head];
            self.head += 1;
            // Taken out so that watches can move to other lists while it is scanned;
            // kept entries are compacted to its front.
            let mut list = std::mem::take(&mut self.watches[code(falsified)]);
            let mut kept = 0;
            let mut next = 0;
            let mut conflict = false;
            while next < list.len() {
                let index = list[next];
                next += 1;
                if !self.alive[index] {
                    continue; // deleted: the watch goes
                }
                let clause = &mut self.clauses[index];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                if self.val(other) == 1 {
                    list[kept] = index;
                    kept += 1;
                    continue;
                }
                let clause = &self.clauses[index];
                if let Some(k) = (2..clause.len()).find(|&k| self.val(clause[k]) != -1) {
                    let clause = &mut self.clauses[index];
                    clause.swap(1, k);
                    let new_watch = clause[1];
                    self.watches[code(new_watch)].push(index);
                    continue;
                }
                list[kept] = index;
                kept += 1;
                if self.val(other) == -1 {
                    conflict = true;
                    break;
                }
                self.assign(other, index);
            }
            list.copy_within(next.., kept);
            let len = kept + (list.len() - next);
            list.truncate(len);
            self.watches[code(falsified)] = list;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Undoes the assignments above the root.
    fn backtrack_to_root(&mut self) {
        for lit in self.trail.drain(self.root..) {
            let var = lit.unsigned_abs() as usize;
            self.value[var] = 0;
            self.reason[var] = NO_REASON;
        }
        self.head = self.root;
    }

    /// Adds a clause (deduplicated) and brings the root assignment up to date.
    fn add(&mut self, clause: &[i64]) {
        let mut lits = clause.to_vec();
        lits.sort_unstable();
        lits.dedup();
        for &lit in &lits {
            self.grow(lit);
        }
        let index = self.clauses.len();
        self.by_key.entry(lits.clone()).or_default().push(index);
        // Watch two literals that are not false at the root, when there are.
        let mut order: Vec<i64> = lits.clone();
        order.sort_by_key(|&lit| match self.val(lit) {
            1 => 0,
            0 => 1,
            _ => 2,
        });
        self.clauses.push(order);
        self.alive.push(true);
        if self.refuted {
            return;
        }
        let clause = &self.clauses[index];
        match clause.len() {
            0 => self.refuted = true,
            1 => match self.val(clause[0]) {
                1 => {}
                -1 => self.refuted = true,
                _ => {
                    let lit = clause[0];
                    self.assign(lit, index);
                    self.refuted = self.propagate();
                    self.root = self.trail.len();
                }
            },
            _ => {
                let (a, b) = (clause[0], clause[1]);
                self.watches[code(a)].push(index);
                self.watches[code(b)].push(index);
                if self.val(a) == -1 {
                    self.refuted = true;
                } else if self.val(a) == 0 && self.val(b) == -1 {
                    self.assign(a, index);
                    self.refuted = self.propagate();
                    self.root = self.trail.len();
                }
            }
        }
    }

    fn delete(&mut self, clause: &[i64]) -> Result<(), String> {
        let mut key = clause.to_vec();
        key.sort_unstable();
        key.dedup();
        let index = self
            .by_key
            .get_mut(&key)
            .and_then(Vec::pop)
            .ok_or_else(|| format!("deletion of absent clause {clause:?}"))?;
        self.alive[index] = false;
        let is_reason = self.clauses[index].iter().any(|&lit| {
            let var = lit.unsigned_abs() as usize;
            self.val(lit) == 1 && self.reason[var] == index
        });
        if is_reason || self.clauses[index].len() < 2 || self.refuted {
            self.recompute_root();
        }
        Ok(())
    }

    /// The root assignment from scratch: every live unit, then propagation. Watches stay
    /// valid (they never depend on the assignment), but a clause whose watched literals
    /// are both false under the new root must be seen, so every clause is looked at once.
    fn recompute_root(&mut self) {
        self.root = 0;
        self.backtrack_to_root();
        self.refuted = false;
        for index in 0..self.clauses.len() {
            if !self.alive[index] {
                continue;
            }
            match self.clauses[index][..] {
                [] => self.refuted = true,
                [lit] => match self.val(lit) {
                    1 => {}
                    -1 => self.refuted = true,
                    _ => self.assign(lit, index),
                },
                _ => {}
            }
        }
        if !self.refuted {
            self.refuted = self.propagate();
        }
        self.root = self.trail.len();
    }

    /// Whether `clause` follows from the current clauses by unit propagation.
    fn is_rup(&mut self, clause: &[i64]) -> bool {
        if self.refuted {
            return true;
        }
        for &lit in clause {
            self.grow(lit);
        }
        let mut conflict = false;
        for &lit in clause {
            match self.val(lit) {
                1 => {
                    conflict = true;
                    break;
                }
                -1 => {}
                _ => self.assign(-lit, NO_REASON),
            }
        }
        if !conflict {
            conflict = self.propagate();
        }
        self.backtrack_to_root();
        conflict
    }
}

/// Checks `steps` against `formula` as [`super::check`] does (the same verdicts: Ok with
/// the number of deletions, or the 1-based failing step and why), with watched literals.
pub fn check_watched(formula: &[Vec<i64>], steps: &[Step]) -> Result<usize, String> {
    super::replay(Checker::new(), formula, steps)
}

impl super::RupStore for Checker {
    fn add(&mut self, clause: &[i64]) {
        Checker::add(self, clause)
    }

    fn delete(&mut self, clause: &[i64]) -> Result<(), String> {
        Checker::delete(self, clause)
    }

    fn is_rup(&mut self, clause: &[i64]) -> bool {
        Checker::is_rup(self, clause)
    }
}

#[cfg(test)]
mod tests;
