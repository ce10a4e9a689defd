//! The variable-move-to-front queue (VMTF: Ryan's Siege, 2004; Biere & Fröhlich,
//! "Evaluating CDCL Variable Scoring Schemes", SAT 2015), the decision order of CaDiCaL's
//! and Kissat's focused mode.
//!
//! All variables sit in one doubly linked list. A variable bumped at a conflict moves to
//! the end of the list (its "front") and gets the next value of a global stamp, so stamps
//! grow along the list; a decision takes the unassigned variable nearest the end. The
//! variables bumped at one conflict move in the order of their old stamps, so the ones
//! already near the end stay ahead of the others (CaDiCaL's `bump_variables`, sorting
//! the analysed variables by their old stamp first).
//!
//! The search for the next decision starts at a cursor (`search`) rather than at the
//! end: invariant, every variable after the cursor is assigned. Bumping an unassigned
//! variable, or unassigning a variable whose stamp is above the cursor's, moves the
//! cursor to it, which keeps the invariant; a decision walks the cursor back to the
//! first unassigned variable. Each walk step passes an assigned variable, so the walks
//! cost no more than the assignments did (CaDiCaL's `queue.unassigned`).
//!
//! Against EVSIDS, which decays exponentially but keeps a long memory, VMTF forgets at
//! once: only the order of the last bumps counts. That suits the focused mode's many
//! short runs; on the ordering principle GT_n, where EVSIDS at decay 0.95 wanders for
//! hundreds of thousands of conflicts, it follows the recent conflicts as a low decay
//! does (`docs/experiments.md`, "CaDiCaL's search strategy").

use crate::lit::Var;

/// The end of the list, in `prev` and `next`.
const NONE: u32 = u32::MAX;

/// Above this many bumped variables [`Queue::flush`] sorts them by radix.
const RADIX_MIN: usize = 64;

/// Sorts `items` by stamp (a stamp belongs to one variable: each move takes a fresh
/// one), least significant byte first, skipping the bytes on which all stamps agree, as
/// CaDiCaL's `rsort` does; `buffer` is scratch space.
fn radix_sort_by_stamp(items: &mut Vec<(u64, u32)>, buffer: &mut Vec<(u64, u32)>) {
    let (mut all_ones, mut all_zeros) = (u64::MAX, 0u64);
    for &(stamp, _) in items.iter() {
        all_ones &= stamp;
        all_zeros |= stamp;
    }
    // Bits set in some stamp and clear in another.
    let varying = all_ones ^ all_zeros;
    buffer.clear();
    buffer.resize(items.len(), (0, 0));
    for shift in (0..64).step_by(8) {
        if (varying >> shift) & 0xff == 0 {
            continue;
        }
        let mut count = [0usize; 256];
        for &(stamp, _) in items.iter() {
            count[((stamp >> shift) & 0xff) as usize] += 1;
        }
        let mut position = 0;
        for slot in count.iter_mut() {
            let here = *slot;
            *slot = position;
            position += here;
        }
        for &item in items.iter() {
            let byte = ((item.0 >> shift) & 0xff) as usize;
            buffer[count[byte]] = item;
            count[byte] += 1;
        }
        std::mem::swap(items, buffer);
    }
}

/// The queue: links, stamps and the search cursor.
#[derive(Debug, Default)]
pub struct Queue {
    prev: Vec<u32>,
    next: Vec<u32>,
    stamp: Vec<u64>,
    /// The first (least recently bumped) and last (most recently bumped) variables.
    first: u32,
    last: u32,
    /// Every variable after this one is assigned (`NONE`: the queue is empty).
    search: u32,
    /// The stamp the next moved variable gets.
    counter: u64,
    /// Variables bumped at the current conflict, moved by [`Queue::flush`].
    pending: Vec<Var>,
    /// [`Queue::flush`]'s buffers: the pending variables' old stamps and indices, and
    /// the radix sort's second array.
    by_stamp: Vec<(u64, u32)>,
    radix_buffer: Vec<(u64, u32)>,
    /// Whether each variable is in the list (not taken out by [`Queue::remove`]).
    queued: Vec<bool>,
}

impl Queue {
    /// Appends variables up to `num_vars` at the end, each with a fresh stamp, as
    /// CaDiCaL enqueues new variables (so the last ones are decided first).
    pub fn grow(&mut self, num_vars: usize) {
        if self.prev.is_empty() {
            self.first = NONE;
            self.last = NONE;
            self.search = NONE;
        }
        for index in self.prev.len()..num_vars {
            self.prev.push(NONE);
            self.next.push(NONE);
            self.stamp.push(0);
            self.queued.push(true);
            self.enqueue(index as u32);
            self.search = index as u32;
        }
    }

    /// The variable's stamp: higher for a more recently moved (bumped) variable.
    #[inline]
    pub fn stamp(&self, var: Var) -> u64 {
        self.stamp[var.index()]
    }

    /// Notes that `var` took part in the current conflict; [`Queue::flush`] moves it.
    #[inline]
    pub fn bump(&mut self, var: Var) {
        self.pending.push(var);
    }

    /// Moves the variables bumped since the last flush to the end, in the order of their
    /// old stamps. `unassigned` tells which variables are unassigned: the cursor moves
    /// to the last of those.
    pub fn flush(&mut self, unassigned: impl Fn(Var) -> bool) {
        let mut pending = std::mem::take(&mut self.pending);
        if pending.len() <= RADIX_MIN {
            pending.sort_unstable_by_key(|var| self.stamp[var.index()]);
            for &var in &pending {
                self.move_to_end(var.index() as u32, &unassigned);
            }
        } else {
            self.flush_many(&pending, &unassigned);
        }
        pending.clear();
        self.pending = pending;
    }

    /// [`Queue::flush`] for many variables: each stamp is read once into a pair with its
    /// variable and the pairs sorted by radix (CaDiCaL's `rsort`). The comparison sort
    /// took 15-17% of the run on g125.18, whose conflicts bump about a thousand variables
    /// each; sorting the pairs by comparison saved 1%, by radix 12% (docs/experiments.md,
    /// "Sorting the bumped variables by radix"). Kept out of line, so that the common
    /// case of few variables stays as compact as it was.
    #[inline(never)]
    fn flush_many(&mut self, pending: &[Var], unassigned: &impl Fn(Var) -> bool) {
        let mut by_stamp = std::mem::take(&mut self.by_stamp);
        by_stamp.extend(
            pending
                .iter()
                .map(|var| (self.stamp[var.index()], var.index() as u32)),
        );
        radix_sort_by_stamp(&mut by_stamp, &mut self.radix_buffer);
        for &(_, index) in &by_stamp {
            self.move_to_end(index, unassigned);
        }
        by_stamp.clear();
        self.by_stamp = by_stamp;
    }

    /// One step of [`Queue::flush`]: `index` moves to the end with a fresh stamp.
    #[inline]
    fn move_to_end(&mut self, index: u32, unassigned: &impl Fn(Var) -> bool) {
        if self.last == index || !self.queued[index as usize] {
            return;
        }
        self.dequeue(index);
        self.enqueue(index);
        if unassigned(Var::from_index(index as usize)) {
            self.search = index;
        }
    }

    /// Called when `var` becomes unassigned: the cursor moves to it if it lies beyond.
    #[inline]
    pub fn unassigned(&mut self, var: Var) {
        let index = var.index() as u32;
        if self.search == NONE || self.stamp[index as usize] > self.stamp[self.search as usize] {
            self.search = index;
        }
    }

    /// The unassigned variable nearest the end, or `None`; `unassigned` tells which
    /// are unassigned.
    pub fn pick(&mut self, unassigned: impl Fn(Var) -> bool) -> Option<Var> {
        while self.search != NONE {
            let var = Var::from_index(self.search as usize);
            if unassigned(var) {
                return Some(var);
            }
            self.search = self.prev[self.search as usize];
        }
        None
    }

    /// Moves the cursor to the end, which keeps the invariant whatever was unassigned
    /// while the cursor was not kept.
    pub fn reset_cursor(&mut self) {
        self.search = self.last;
    }

    /// Takes `var` out of the queue: a variable that is never decided (eliminated).
    pub fn remove(&mut self, var: Var) {
        if std::mem::replace(&mut self.queued[var.index()], false) {
            self.dequeue(var.index() as u32);
        }
    }

    /// Puts a removed `var` back, at the end, as an unassigned variable.
    pub fn restore(&mut self, var: Var) {
        if !std::mem::replace(&mut self.queued[var.index()], true) {
            let index = var.index() as u32;
            self.enqueue(index);
            self.search = index;
        }
    }

    fn dequeue(&mut self, index: u32) {
        let (prev, next) = (self.prev[index as usize], self.next[index as usize]);
        if prev == NONE {
            self.first = next;
        } else {
            self.next[prev as usize] = next;
        }
        if next == NONE {
            self.last = prev;
        } else {
            self.prev[next as usize] = prev;
        }
        if self.search == index {
            // Every variable after `prev` is still assigned but this one.
            self.search = if prev == NONE { next } else { prev };
        }
    }

    fn enqueue(&mut self, index: u32) {
        self.prev[index as usize] = self.last;
        self.next[index as usize] = NONE;
        if self.last == NONE {
            self.first = index;
        } else {
            self.next[self.last as usize] = index;
        }
        self.last = index;
        self.counter += 1;
        self.stamp[index as usize] = self.counter;
    }

    /// The variables from the end to the start: the decision order when all are free.
    #[cfg(test)]
    fn order(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut index = self.last;
        while index != NONE {
            out.push(index as usize);
            index = self.prev[index as usize];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn the_radix_sort_orders_as_a_comparison_sort() {
        let mut rng = SplitMix64(3);
        let mut buffer = Vec::new();
        // Unique stamps (each move takes a fresh one) spread over two bytes, several, and
        // the whole range; one repeated entry, as a variable bumped twice at a conflict.
        for spread in [1500u64, 1 << 20, 1 << 40, u64::MAX >> 1] {
            for len in [0usize, 1, 65, 1000] {
                let mut seen = std::collections::HashSet::new();
                let mut items: Vec<(u64, u32)> = (0..len)
                    .map(|i| ((1 << 30) + rng.next() % spread, i as u32))
                    .filter(|&(stamp, _)| seen.insert(stamp))
                    .collect();
                if len > 1 {
                    items.push(items[0]);
                }
                let mut expected = items.clone();
                expected.sort_unstable();
                radix_sort_by_stamp(&mut items, &mut buffer);
                assert_eq!(items, expected, "spread {spread}, {len} items");
            }
        }
    }

    fn var(i: usize) -> Var {
        Var::from_index(i)
    }

    #[test]
    fn new_variables_come_last_and_are_decided_first() {
        let mut queue = Queue::default();
        queue.grow(3);
        queue.grow(5);
        assert_eq!(queue.order(), vec![4, 3, 2, 1, 0]);
        assert_eq!(queue.pick(|_| true), Some(var(4)));
    }

    #[test]
    fn bumped_variables_move_to_the_end_in_the_order_of_their_stamps() {
        let mut queue = Queue::default();
        queue.grow(5);
        // Bumped in the order 3, 0, 1: by old stamp 0 < 1 < 3, so 3 ends last.
        queue.bump(var(3));
        queue.bump(var(0));
        queue.bump(var(1));
        queue.flush(|_| true);
        assert_eq!(queue.order(), vec![3, 1, 0, 4, 2]);
        assert_eq!(queue.pick(|_| true), Some(var(3)));
    }

    #[test]
    fn many_bumped_variables_move_as_few_do() {
        // 300 variables bumped (past the radix sort's threshold), in a scrambled order and
        // one twice: they move in the order of their old stamps, as with three.
        let mut queue = Queue::default();
        queue.grow(400);
        let bumped: Vec<usize> = (0..300).map(|i| (i * 7) % 300 + 50).collect();
        for &index in &bumped {
            queue.bump(var(index));
        }
        queue.bump(var(bumped[0]));
        queue.flush(|_| true);
        let mut expected: Vec<usize> = (50..350).rev().collect();
        expected.extend((350..400).rev());
        expected.extend((0..50).rev());
        assert_eq!(queue.order(), expected);
    }

    #[test]
    fn the_cursor_skips_assigned_variables_and_comes_back_when_they_are_freed() {
        let mut queue = Queue::default();
        queue.grow(4);
        let assigned = [false, false, true, true];
        assert_eq!(queue.pick(|v| !assigned[v.index()]), Some(var(1)));
        // Variable 3 is freed again: its stamp is above the cursor's.
        queue.unassigned(var(3));
        assert_eq!(queue.pick(|_| true), Some(var(3)));
    }

    #[test]
    fn removed_variables_are_never_picked_until_restored() {
        let mut queue = Queue::default();
        queue.grow(4);
        queue.remove(var(3));
        queue.remove(var(1));
        assert_eq!(queue.order(), vec![2, 0]);
        assert_eq!(queue.pick(|_| true), Some(var(2)));
        queue.restore(var(1));
        assert_eq!(queue.order(), vec![1, 2, 0]);
        assert_eq!(queue.pick(|_| true), Some(var(1)));
    }

    #[test]
    fn flushing_an_assigned_variable_keeps_the_cursor_on_a_free_one() {
        let mut queue = Queue::default();
        queue.grow(4);
        let mut assigned = [false; 4];
        assigned[3] = true;
        assert_eq!(queue.pick(|v| !assigned[v.index()]), Some(var(2)));
        // 2 is bumped while assigned, 0 while free.
        assigned[2] = true;
        queue.bump(var(2));
        queue.bump(var(0));
        queue.flush(|v| !assigned[v.index()]);
        assert_eq!(queue.order(), vec![2, 0, 3, 1]);
        assert_eq!(queue.pick(|v| !assigned[v.index()]), Some(var(0)));
        assigned[0] = true;
        assert_eq!(queue.pick(|v| !assigned[v.index()]), Some(var(1)));
    }
}
