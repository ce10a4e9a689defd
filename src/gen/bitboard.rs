//! A bitset solver for boards made of houses only (square Sudoku of any size up to
//! 31x31, X-Sudoku, jigsaw and other layout files without run lines): the puzzle
//! generator's fast, exact uniqueness check.
//!
//! **Why not the CDCL.** Digging a minimal 9x9 puzzle asks 81 uniqueness questions. The
//! CDCL answers each in tens of microseconds, mostly spent on its clause machinery (a
//! full backtrack, the watch lists of 12,000 clauses); this solver keeps one candidate
//! word per cell and answers most questions in one or two microseconds. The idea is the
//! one of the fast Sudoku solvers (Norvig's constraint propagation, the bitset solvers
//! such as JCZSolve and tdoku): candidates as bit masks, naked and hidden singles, and a
//! depth-first search on the cell with the fewest candidates.
//!
//! **Exact.** Propagation removes only impossible candidates: a placed digit from the
//! cell's peers (every house forbids repeats), and in a house of n cells (which must hold
//! every digit) a digit with one possible cell is placed there, a digit with none is a
//! contradiction. The search branches on every candidate of one cell, so the branches
//! partition the solutions, and a leaf (every cell placed, no two peers alike) is a
//! solution. Counting leaves up to 2 therefore decides uniqueness, a second solution
//! found or excluded by exhaustion. A node budget bounds the work: a question out of
//! budget is answered `None`, and the caller asks the CDCL instead, so no verdict ever
//! rests on a guess. A test compares the verdicts with the CDCL's on random dig-outs.

use crate::layout::Layout;

/// Marks a placed cell (its one digit bit is set too); digits use bits `0..n`.
const PLACED: u32 = 1 << 31;

/// The largest digit count: 31 digit bits and the `PLACED` bit fill a `u32`.
pub(crate) const MAX_DIGITS: usize = 31;

/// A solver for one layout: the peers of each cell and the full houses, then a stack of
/// candidate states (one word per cell and search level).
pub(crate) struct BitBoard {
    cells: usize,
    /// Every digit bit.
    full: u32,
    /// `peers[peer_start[c]..peer_start[c + 1]]`: the cells sharing a house with c.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// The houses of n cells, `n` cells each: they must hold every digit.
    houses: Vec<u16>,
    n: usize,
    /// `cell_houses[house_start[c]..house_start[c + 1]]`: the houses (all of them, full
    /// or not) that contain c, for the start state.
    house_start: Vec<u32>,
    cell_houses: Vec<u16>,
    /// Scratch of the start state: the digits given in each house.
    used: Vec<u32>,
    /// Level d's state is `stack[d·cells..(d+1)·cells]`.
    stack: Vec<u32>,
    /// Cells whose one candidate is still to be placed.
    queue: Vec<u16>,
    /// Search nodes left in the current question.
    budget: u64,
}

impl BitBoard {
    /// The solver for `layout`, or `None` when the layout has run lines (Hanidoku) or more
    /// than [`MAX_DIGITS`] digits.
    pub(crate) fn for_layout(layout: &Layout) -> Option<BitBoard> {
        let n = layout.size();
        let cells = layout.num_cells();
        if !layout.lines().is_empty() || n > MAX_DIGITS || n == 0 || cells > usize::from(u16::MAX) {
            return None;
        }
        let mut peer_lists = vec![Vec::new(); cells];
        let mut house_lists = vec![Vec::new(); cells];
        let mut houses = Vec::new();
        for (index, house) in layout.houses().iter().enumerate() {
            for &a in &house.cells {
                peer_lists[a].extend(house.cells.iter().copied().filter(|&b| b != a));
                house_lists[a].push(index as u16);
            }
            if house.cells.len() == n {
                houses.extend(house.cells.iter().map(|&c| c as u16));
            }
        }
        let mut peer_start = vec![0u32];
        let mut peers = Vec::new();
        for mut list in peer_lists {
            list.sort_unstable();
            list.dedup();
            peers.extend(list.iter().map(|&c| c as u16));
            peer_start.push(peers.len() as u32);
        }
        let mut house_start = vec![0u32];
        let mut cell_houses = Vec::new();
        for list in house_lists {
            cell_houses.extend(list);
            house_start.push(cell_houses.len() as u32);
        }
        Some(BitBoard {
            cells,
            full: (1u32 << n) - 1,
            peer_start,
            peers,
            houses,
            n,
            house_start,
            cell_houses,
            used: vec![0; layout.houses().len()],
            stack: vec![0; (cells + 2) * cells],
            queue: Vec::with_capacity(cells),
            budget: 0,
        })
    }

    /// The number of solutions of `givens` (one value per cell, 0 blank), counted up to
    /// `limit`; `None` when `budget` search nodes did not settle it. (The generator asks
    /// [`BitBoard::other_solution`]; this is the question the tests put to both solvers.)
    #[cfg(test)]
    pub(crate) fn count(&mut self, givens: &[u8], limit: usize, budget: u64) -> Option<usize> {
        if !self.start(givens, None) {
            return Some(0);
        }
        self.budget = budget;
        let mut found = 0;
        self.search(0, limit, &mut found).then_some(found)
    }

    /// Whether `givens` with `cell` blanked has a solution without `digit` at `cell`: that
    /// is, whether blanking `cell` of a puzzle whose unique solution has `digit` there
    /// lets a second solution in. `None` when `budget` search nodes did not settle it.
    pub(crate) fn other_solution(
        &mut self,
        givens: &[u8],
        cell: usize,
        digit: u8,
        budget: u64,
    ) -> Option<bool> {
        if !self.start(givens, Some((cell, digit))) {
            return Some(false);
        }
        self.budget = budget;
        let mut found = 0;
        self.search(0, 1, &mut found).then_some(found > 0)
    }

    /// Level 0 with the givens placed (`except`: that cell blank, that digit excluded
    /// there) and the other cells' candidates reduced by them; false on a contradiction
    /// among the givens. Marking each house's given digits and then reading each blank
    /// cell's houses is the peer elimination of placing the givens one by one, for a
    /// third of the work (a quarter of the time of a 9x9 dig went to placing givens).
    fn start(&mut self, givens: &[u8], except: Option<(usize, u8)>) -> bool {
        debug_assert_eq!(givens.len(), self.cells);
        let cells = self.cells;
        let state = &mut self.stack[..cells];
        let (skip, excluded) = match except {
            Some((cell, digit)) => (cell, 1u32 << (digit - 1)),
            None => (usize::MAX, 0),
        };
        self.used.fill(0);
        self.queue.clear();
        for (cell, &value) in givens.iter().enumerate() {
            if value == 0 || cell == skip {
                continue;
            }
            let bit = 1u32 << (value - 1);
            for &house in &self.cell_houses
                [self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
            {
                let used = &mut self.used[usize::from(house)];
                if *used & bit != 0 {
                    return false;
                }
                *used |= bit;
            }
            state[cell] = bit | PLACED;
        }
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 && cell != skip {
                continue;
            }
            let mut used = 0;
            for &house in &self.cell_houses
                [self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
            {
                used |= self.used[usize::from(house)];
            }
            let word = self.full & !used & !(if cell == skip { excluded } else { 0 });
            if word & word.wrapping_sub(1) == 0 {
                if word == 0 {
                    return false;
                }
                self.queue.push(cell as u16);
            }
            state[cell] = word;
        }
        true
    }

    /// Depth-first search from level `depth`, counting solutions into `found` up to
    /// `limit`; false when the node budget ran out.
    fn search(&mut self, depth: usize, limit: usize, found: &mut usize) -> bool {
        let cells = self.cells;
        if !self.propagate_level(depth) {
            return true;
        }
        let state = &self.stack[depth * cells..(depth + 1) * cells];
        let mut best = None;
        let mut best_count = u32::MAX;
        for (cell, &word) in state.iter().enumerate() {
            if word & PLACED == 0 {
                let count = word.count_ones();
                if count < best_count {
                    best = Some(cell);
                    best_count = count;
                    if count == 2 {
                        break;
                    }
                }
            }
        }
        let Some(cell) = best else {
            *found += 1;
            return true;
        };
        let mut candidates = state[cell];
        while candidates != 0 && *found < limit {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            let (done, rest) = self.stack.split_at_mut((depth + 1) * cells);
            let next = &mut rest[..cells];
            next.copy_from_slice(&done[depth * cells..]);
            next[cell] = bit;
            self.queue.clear();
            self.queue.push(cell as u16);
            if !self.search(depth + 1, limit, found) {
                return false;
            }
        }
        true
    }

    /// Propagates level `depth` to a fixpoint of naked and hidden singles; false on a
    /// contradiction.
    fn propagate_level(&mut self, depth: usize) -> bool {
        let cells = self.cells;
        let state = &mut self.stack[depth * cells..(depth + 1) * cells];
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = usize::from(cell);
                let word = state[cell];
                if word & PLACED != 0 {
                    continue;
                }
                if !place(
                    &self.peer_start,
                    &self.peers,
                    state,
                    &mut self.queue,
                    cell,
                    word,
                ) {
                    return false;
                }
            }
            // The 9x9, 4x4 and 16x16 houses get a loop of constant length, which the
            // compiler unrolls.
            let progress = match self.n {
                9 => hidden_singles::<9>(&self.houses, self.full, state, &mut self.queue),
                4 => hidden_singles::<4>(&self.houses, self.full, state, &mut self.queue),
                16 => hidden_singles::<16>(&self.houses, self.full, state, &mut self.queue),
                n => hidden_singles_of(n, &self.houses, self.full, state, &mut self.queue),
            };
            let Some(progress) = progress else {
                return false;
            };
            if !progress {
                return true;
            }
        }
    }
}

/// [`hidden_singles_of`] for houses of a constant `N` cells.
fn hidden_singles<const N: usize>(
    houses: &[u16],
    full: u32,
    state: &mut [u32],
    queue: &mut Vec<u16>,
) -> Option<bool> {
    hidden_singles_of(N, houses, full, state, queue)
}

/// One pass of hidden singles over the full houses (`n` cells each): a digit with one
/// possible cell in a house is set there and the cell queued. `None` on a contradiction
/// (a digit with no cell, or a cell that two digits need), else whether anything was set.
#[inline(always)]
fn hidden_singles_of(
    n: usize,
    houses: &[u16],
    full: u32,
    state: &mut [u32],
    queue: &mut Vec<u16>,
) -> Option<bool> {
    let mut progress = false;
    for house in houses.chunks_exact(n) {
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &cell in house {
            let word = state[usize::from(cell)];
            // All ones for a placed cell, without a branch (placement looks random).
            let is_placed = ((word as i32) >> 31) as u32;
            placed |= word & is_placed;
            let open = word & !is_placed;
            twice |= once & open;
            once |= open;
        }
        placed &= !PLACED;
        if (once | placed) != full {
            return None;
        }
        let hidden = once & !twice & !placed;
        if hidden == 0 {
            continue;
        }
        for &cell in house {
            let word = state[usize::from(cell)];
            let bit = word & hidden;
            if word & PLACED == 0 && bit != 0 {
                if bit & (bit - 1) != 0 {
                    // Two digits that each have only this cell.
                    return None;
                }
                state[usize::from(cell)] = bit;
                queue.push(cell);
                progress = true;
            }
        }
    }
    Some(progress)
}

/// Places `bit` at `cell` (a single candidate) and removes it from the peers, queueing
/// the peers left with one candidate; false when a peer has no candidate left or holds
/// that digit already.
fn place(
    peer_start: &[u32],
    peers: &[u16],
    state: &mut [u32],
    queue: &mut Vec<u16>,
    cell: usize,
    bit: u32,
) -> bool {
    debug_assert_eq!(bit.count_ones(), 1);
    state[cell] = bit | PLACED;
    let range = peer_start[cell] as usize..peer_start[cell + 1] as usize;
    for &peer in &peers[range] {
        let word = state[usize::from(peer)];
        if word & bit == 0 {
            continue;
        }
        if word & PLACED != 0 {
            return false;
        }
        let left = word & !bit;
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            queue.push(peer);
        }
        state[usize::from(peer)] = left;
    }
    true
}

#[cfg(test)]
mod tests;
