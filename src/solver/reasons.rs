//! Unit propagation that remembers why, over a fixed clause set: the engine behind the
//! game's candidate probe (`play::probe`, the `H` key), the SAT-level grader's probing and
//! the generator's cheap uniqueness evidence (a propagation proof, or a second solution
//! found by a short depth-first [`ReasonPropagator::search`]) before it asks the CDCL.
//!
//! Every literal set by propagation keeps its **reason**, the clause that became unit
//! (the implication graph of a CDCL solver, Marques-Silva & Sakallah, GRASP, 1999), so
//! the probe can name the rule a contradiction broke in the words of the board.
//!
//! Two watched literals per clause (Moskewicz et al., Chaff, 2001), a trail, and undo to a
//! mark. Invariant, as in MiniSat: the first two literals of every clause of two or more
//! literals are its watches, and a watch is false only if every other literal is false or
//! the clause is satisfied by the other watch, once the trail is fully propagated.

use crate::cnf::Cnf;
use crate::lit::Lit;

/// No reason: a literal that was assumed, not implied.
const ASSUMED: u32 = u32::MAX;

/// Unit propagation with reasons over a fixed clause set.
pub struct ReasonPropagator {
    lits: Vec<Lit>,
    /// Clause `i` is `lits[starts[i]..starts[i + 1]]`.
    starts: Vec<usize>,
    /// For each literal code, the clauses in which that literal is watched.
    watches: Vec<Vec<u32>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    values: Vec<i8>,
    /// Per variable: the clause that implied its value, or [`ASSUMED`].
    reasons: Vec<u32>,
    trail: Vec<Lit>,
    head: usize,
    /// Unit clauses of the formula (clause indices), asserted by
    /// [`ReasonPropagator::reset`].
    units: Vec<u32>,
    /// The formula has an empty clause.
    empty: bool,
}

impl ReasonPropagator {
    /// A propagator over the clauses of `cnf`, with nothing assigned.
    pub fn new(cnf: &Cnf) -> ReasonPropagator {
        let mut p = ReasonPropagator {
            lits: Vec::with_capacity(cnf.num_lits()),
            starts: vec![0],
            watches: vec![Vec::new(); 2 * cnf.num_vars()],
            values: vec![0; cnf.num_vars()],
            reasons: vec![ASSUMED; cnf.num_vars()],
            trail: Vec::with_capacity(cnf.num_vars()),
            head: 0,
            units: Vec::new(),
            empty: false,
        };
        for (index, clause) in cnf.clauses().enumerate() {
            let index = index as u32;
            match clause.len() {
                0 => p.empty = true,
                1 => p.units.push(index),
                _ => {
                    p.watches[clause[0].code()].push(index);
                    p.watches[clause[1].code()].push(index);
                }
            }
            p.lits.extend_from_slice(clause);
            p.starts.push(p.lits.len());
        }
        p
    }

    /// The literals of clause `index` (their order changes as watches move).
    pub fn clause(&self, index: u32) -> &[Lit] {
        let i = index as usize;
        &self.lits[self.starts[i]..self.starts[i + 1]]
    }

    /// 1 if `lit` is true, -1 if false, 0 if unassigned.
    pub fn value(&self, lit: Lit) -> i8 {
        let v = self.values[lit.var().index()];
        if lit.is_negative() {
            -v
        } else {
            v
        }
    }

    /// The clause that implied `lit`'s variable, `None` for an assumed or free one.
    pub fn reason(&self, lit: Lit) -> Option<u32> {
        let index = lit.var().index();
        (self.values[index] != 0 && self.reasons[index] != ASSUMED).then(|| self.reasons[index])
    }

    /// Unassigns everything and asserts the formula's unit clauses, propagated; `None` on
    /// success, or the clause found false.
    pub fn reset(&mut self) -> Option<u32> {
        self.undo_to(0);
        if self.empty {
            return Some(0);
        }
        for i in 0..self.units.len() {
            let index = self.units[i];
            let lit = self.clause(index)[0];
            if !self.assign(lit, index) {
                return Some(index);
            }
        }
        self.propagate()
    }

    /// Makes `lit` true without a reason; false if it is already false.
    pub fn assume(&mut self, lit: Lit) -> bool {
        self.assign(lit, ASSUMED)
    }

    fn assign(&mut self, lit: Lit, reason: u32) -> bool {
        match self.value(lit) {
            1 => true,
            -1 => false,
            _ => {
                let var = lit.var().index();
                self.values[var] = if lit.is_negative() { -1 } else { 1 };
                self.reasons[var] = reason;
                self.trail.push(lit);
                true
            }
        }
    }

    /// Propagates the trail to a fixpoint; the clause found false on a conflict.
    ///
    /// Postcondition on success: no clause is unit or false under the assignment.
    pub fn propagate(&mut self) -> Option<u32> {
        while self.head < self.trail.len() {
            let false_lit = !self.trail[self.head];
            self.head += 1;
            let mut list = std::mem::take(&mut self.watches[false_lit.code()]);
            let mut kept = 0;
            let mut conflict = None;
            let mut i = 0;
            while i < list.len() {
                let clause = list[i];
                i += 1;
                let (start, end) = (
                    self.starts[clause as usize],
                    self.starts[clause as usize + 1],
                );
                if self.lits[start] == false_lit {
                    self.lits.swap(start, start + 1);
                }
                let other = self.lits[start];
                if self.value(other) == 1 {
                    list[kept] = clause;
                    kept += 1;
                    continue;
                }
                if let Some(k) = (start + 2..end).find(|&k| self.value(self.lits[k]) != -1) {
                    self.lits.swap(start + 1, k);
                    self.watches[self.lits[start + 1].code()].push(clause);
                    continue;
                }
                list[kept] = clause;
                kept += 1;
                if !self.assign(other, clause) {
                    conflict = Some(clause);
                    while i < list.len() {
                        list[kept] = list[i];
                        kept += 1;
                        i += 1;
                    }
                }
            }
            list.truncate(kept);
            self.watches[false_lit.code()] = list;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// The trail length, to undo to later.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Unassigns everything after the first `mark` trail entries. The trail up to `mark`
    /// must have been fully propagated.
    pub fn undo_to(&mut self, mark: usize) {
        for lit in self.trail.drain(mark..) {
            self.values[lit.var().index()] = 0;
        }
        self.head = self.head.min(mark);
    }

    /// Every variable has a value.
    pub fn complete(&self) -> bool {
        self.trail.len() == self.values.len()
    }

    /// The value of variable `index`: 0 unassigned, 1 true, -1 false.
    pub fn var_value(&self, index: usize) -> i8 {
        self.values[index]
    }

    /// Depth-first search for a model extending the current assignment, branching on the
    /// positive literals of the cell variables (groups of `digits` variables per cell, the
    /// first `cells` groups, smallest open domain first), at most `budget` failed branches.
    /// `Some(true)`: a model is on the trail (left assigned for the caller to read; undo
    /// afterwards). `Some(false)`: none exists. `None`: the budget ran out.
    pub fn search(&mut self, cells: usize, digits: usize, budget: &mut u32) -> Option<bool> {
        if self.complete() {
            return Some(true);
        }
        let mut best: Option<(usize, usize)> = None;
        for cell in 0..cells {
            let mut open = 0;
            let mut solved = false;
            for d in 0..digits {
                match self.values[cell * digits + d] {
                    1 => solved = true,
                    0 => open += 1,
                    _ => {}
                }
            }
            if !solved && open > 0 && best.map_or(true, |(_, b)| open < b) {
                best = Some((cell, open));
            }
        }
        let Some((cell, _)) = best else {
            // Every cell is decided but some other variable is open: not a grid model.
            return Some(false);
        };
        for d in 0..digits {
            if self.values[cell * digits + d] != 0 {
                continue;
            }
            let lit = crate::lit::Var::from_index(cell * digits + d).positive();
            let mark = self.mark();
            self.assume(lit);
            if self.propagate().is_none() {
                match self.search(cells, digits, budget) {
                    Some(true) => return Some(true),
                    None => {
                        self.undo_to(mark);
                        return None;
                    }
                    Some(false) => {}
                }
            }
            self.undo_to(mark);
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i64) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    fn cnf(clauses: &[&[i64]]) -> Cnf {
        let mut cnf = Cnf::new(0);
        for clause in clauses {
            cnf.add_clause(&clause.iter().map(|&n| lit(n)).collect::<Vec<_>>());
        }
        cnf
    }

    #[test]
    fn a_chain_keeps_its_reasons_and_undo_keeps_what_came_before() {
        // 1 -> 2 -> 3, and 4 -> 5 beside it; assuming 1 and 4.
        let formula = cnf(&[&[-1, 2], &[-2, 3], &[-4, 5], &[-3, -5, 6]]);
        let mut p = ReasonPropagator::new(&formula);
        assert_eq!(p.reset(), None);
        assert!(p.assume(lit(1)));
        assert_eq!(p.propagate(), None);
        assert_eq!(p.value(lit(3)), 1);
        assert_eq!(p.reason(lit(3)), Some(1));
        assert_eq!(p.reason(lit(1)), None);
        assert!(p.assume(lit(4)));
        assert_eq!(p.propagate(), None);
        assert_eq!(p.reason(lit(6)), Some(3));
        let mark = p.mark();
        assert!(p.assume(lit(-6)) || p.value(lit(6)) == 1);
        p.undo_to(mark);
        assert_eq!(p.value(lit(6)), 1);
    }

    #[test]
    fn a_conflict_names_the_false_clause_and_undo_restores() {
        let formula = cnf(&[&[-1, 2], &[-1, 3], &[-2, -3], &[7]]);
        let mut p = ReasonPropagator::new(&formula);
        assert_eq!(p.reset(), None);
        assert_eq!(p.value(lit(7)), 1);
        assert_eq!(p.reason(lit(7)), Some(3));
        let mark = p.mark();
        assert!(p.assume(lit(1)));
        let conflict = p.propagate().expect("1 forces 2 and 3, which clash");
        assert_eq!(conflict, 2);
        p.undo_to(mark);
        assert_eq!((p.value(lit(1)), p.value(lit(2))), (0, 0));
        assert!(p.assume(lit(-2)));
        assert_eq!(p.propagate(), None);
        assert_eq!(p.value(lit(1)), -1);
    }
}
