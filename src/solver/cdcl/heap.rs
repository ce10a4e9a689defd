//! A binary max-heap of variables keyed by activity, with a position index so a bumped
//! variable can be moved up in O(log n) (the `Heap` of MiniSat's `mtl`).
//!
//! Invariants: `pos[heap[i]] == i` for every slot, `pos[v] == ABSENT` for variables not in
//! the heap, and `activity[heap[parent(i)]] >= activity[heap[i]]`. The activities live
//! outside the heap (in the decision heuristic) and are passed in; they may only
//! increase for variables in the heap, or be scaled all by the same factor.

use crate::lit::Var;

const ABSENT: u32 = u32::MAX;

/// Variables ordered by descending activity.
#[derive(Debug, Default)]
pub struct VarHeap {
    heap: Vec<Var>,
    pos: Vec<u32>,
}

impl VarHeap {
    /// Makes room for variables `0..num_vars` (none of them inserted).
    pub fn grow(&mut self, num_vars: usize) {
        if num_vars > self.pos.len() {
            self.pos.resize(num_vars, ABSENT);
        }
    }

    /// True if `var` is in the heap.
    #[inline]
    pub fn contains(&self, var: Var) -> bool {
        self.pos[var.index()] != ABSENT
    }

    /// Number of variables in the heap.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True if no variable is in the heap.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Adds `var` (no effect if present).
    pub fn insert(&mut self, var: Var, activity: &[f64]) {
        if self.contains(var) {
            return;
        }
        self.pos[var.index()] = self.heap.len() as u32;
        self.heap.push(var);
        self.sift_up(self.heap.len() - 1, activity);
    }

    /// Restores the order after `var`'s activity grew.
    #[inline]
    pub fn increased(&mut self, var: Var, activity: &[f64]) {
        if self.contains(var) {
            self.sift_up(self.pos[var.index()] as usize, activity);
        }
    }

    /// Removes and returns the most active variable.
    pub fn pop(&mut self, activity: &[f64]) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.pos[top.index()] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last.index()] = 0;
            self.sift_down(0, activity);
        }
        Some(top)
    }

    fn sift_up(&mut self, mut i: usize, activity: &[f64]) {
        let var = self.heap[i];
        let key = activity[var.index()];
        while i > 0 {
            let parent = (i - 1) / 2;
            let above = self.heap[parent];
            if activity[above.index()] >= key {
                break;
            }
            self.heap[i] = above;
            self.pos[above.index()] = i as u32;
            i = parent;
        }
        self.heap[i] = var;
        self.pos[var.index()] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize, activity: &[f64]) {
        let var = self.heap[i];
        let key = activity[var.index()];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && activity[self.heap[right].index()] > activity[self.heap[left].index()]
            {
                right
            } else {
                left
            };
            let below = self.heap[child];
            if activity[below.index()] <= key {
                break;
            }
            self.heap[i] = below;
            self.pos[below.index()] = i as u32;
            i = child;
        }
        self.heap[i] = var;
        self.pos[var.index()] = i as u32;
    }

    /// Checks the invariants in the module doc.
    #[cfg(test)]
    pub fn is_valid(&self, activity: &[f64]) -> bool {
        let positions_match = self
            .heap
            .iter()
            .enumerate()
            .all(|(i, v)| self.pos[v.index()] == i as u32);
        let ordered = (1..self.heap.len())
            .all(|i| activity[self.heap[(i - 1) / 2].index()] >= activity[self.heap[i].index()]);
        let absent = self.pos.iter().filter(|&&p| p == ABSENT).count();
        positions_match && ordered && absent + self.heap.len() == self.pos.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_descending_activity_order_after_bumps() {
        let n = 50;
        let mut activity: Vec<f64> = (0..n).map(|i| ((i * 37) % 50) as f64).collect();
        let mut heap = VarHeap::default();
        heap.grow(n);
        for i in 0..n {
            heap.insert(Var::from_index(i), &activity);
        }
        heap.insert(Var::from_index(3), &activity);
        assert_eq!(heap.len(), n);
        assert!(heap.is_valid(&activity));
        for i in (0..n).step_by(7) {
            activity[i] += 30.0;
            heap.increased(Var::from_index(i), &activity);
        }
        assert!(heap.is_valid(&activity));
        let mut previous = f64::INFINITY;
        let mut count = 0;
        while let Some(var) = heap.pop(&activity) {
            assert!(activity[var.index()] <= previous);
            previous = activity[var.index()];
            assert!(!heap.contains(var));
            assert!(heap.is_valid(&activity));
            count += 1;
        }
        assert_eq!(count, n);
        assert!(heap.is_empty());
    }
}
