//! A small unit-propagation engine over a fixed clause set: two watched literals, a
//! trail, undo to a mark. Rating uses it for propagation and probing, the puzzle
//! generator for cheap uniqueness evidence (a propagation proof, or a second solution
//! found by a short depth-first search) before it asks the CDCL.

use crate::cnf::Cnf;
use crate::lit::Lit;

/// Unit propagation with two watched literals over a fixed clause set.
pub(crate) struct Propagator {
    lits: Vec<Lit>,
    starts: Vec<usize>,
    /// For each literal code, the clauses in which that literal is watched.
    watches: Vec<Vec<u32>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    values: Vec<i8>,
    pub(crate) trail: Vec<Lit>,
    head: usize,
    /// Unit clauses of the formula, assigned at the start of every rating.
    pub(crate) units: Vec<Lit>,
    /// The formula has an empty clause.
    pub(crate) empty: bool,
}

impl Propagator {
    pub(crate) fn new(cnf: &Cnf) -> Propagator {
        let mut p = Propagator {
            lits: Vec::with_capacity(cnf.num_lits()),
            starts: vec![0],
            watches: vec![Vec::new(); 2 * cnf.num_vars()],
            values: vec![0; cnf.num_vars()],
            trail: Vec::with_capacity(cnf.num_vars()),
            head: 0,
            units: Vec::new(),
            empty: false,
        };
        for clause in cnf.clauses() {
            match clause {
                [] => p.empty = true,
                [unit] => p.units.push(*unit),
                _ => {
                    let index = (p.starts.len() - 1) as u32;
                    p.watches[clause[0].code()].push(index);
                    p.watches[clause[1].code()].push(index);
                    p.lits.extend_from_slice(clause);
                    p.starts.push(p.lits.len());
                }
            }
        }
        p
    }

    pub(crate) fn value(&self, lit: Lit) -> i8 {
        let v = self.values[lit.var().index()];
        if lit.is_negative() {
            -v
        } else {
            v
        }
    }

    /// Makes `lit` true; false if it already is false.
    pub(crate) fn assign(&mut self, lit: Lit) -> bool {
        match self.value(lit) {
            1 => true,
            -1 => false,
            _ => {
                self.values[lit.var().index()] = if lit.is_negative() { -1 } else { 1 };
                self.trail.push(lit);
                true
            }
        }
    }

    /// Propagates the trail; false on a conflict.
    pub(crate) fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let false_lit = !self.trail[self.head];
            self.head += 1;
            let mut list = std::mem::take(&mut self.watches[false_lit.code()]);
            let mut kept = 0;
            let mut ok = true;
            let mut i = 0;
            while i < list.len() {
                let clause = list[i] as usize;
                i += 1;
                let (start, end) = (self.starts[clause], self.starts[clause + 1]);
                if self.lits[start] == false_lit {
                    self.lits.swap(start, start + 1);
                }
                let other = self.lits[start];
                if self.value(other) == 1 {
                    list[kept] = clause as u32;
                    kept += 1;
                    continue;
                }
                if let Some(k) = (start + 2..end).find(|&k| self.value(self.lits[k]) != -1) {
                    self.lits.swap(start + 1, k);
                    self.watches[self.lits[start + 1].code()].push(clause as u32);
                    continue;
                }
                list[kept] = clause as u32;
                kept += 1;
                if !self.assign(other) {
                    ok = false;
                    while i < list.len() {
                        list[kept] = list[i];
                        kept += 1;
                        i += 1;
                    }
                }
            }
            list.truncate(kept);
            self.watches[false_lit.code()] = list;
            if !ok {
                return false;
            }
        }
        true
    }

    /// Unassigns everything after the first `mark` trail entries.
    pub(crate) fn undo_to(&mut self, mark: usize) {
        for lit in self.trail.drain(mark..) {
            self.values[lit.var().index()] = 0;
        }
        self.head = mark;
    }

    /// Every variable has a value.
    pub(crate) fn complete(&self) -> bool {
        self.trail.len() == self.values.len()
    }
}

impl Propagator {
    /// Depth-first search for a model extending the current assignment, branching on the
    /// positive literals of `cell_vars` (groups of `digits` variables per cell, smallest
    /// open domain first), at most `budget` failed branches. `Some(true)`: a model is on
    /// the trail (left assigned for the caller to read; undo afterwards). `Some(false)`:
    /// none exists. `None`: the budget ran out.
    pub(crate) fn search(&mut self, cells: usize, digits: usize, budget: &mut u32) -> Option<bool> {
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
            let mark = self.trail.len();
            self.assign(lit);
            if self.propagate() {
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

    /// The value of variable `index`: 0 unassigned, 1 true, -1 false.
    pub(crate) fn var_value(&self, index: usize) -> i8 {
        self.values[index]
    }
}
