//! A bitset solver for boards of up to 31 digits (square Sudoku, X-Sudoku, jigsaw and
//! other layout files, and run lines such as Hanidoku's through the `runs` submodule):
//! the puzzle generator's fast, exact uniqueness check.
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
//! contradiction. A run line keeps its cells to the digits of its possible runs and
//! places a digit every such run holds when one cell is left for it (`runs`). The search
//! branches on every candidate of one cell, or, on boards with run lines when some digit
//! a group must hold has fewer places than the best cell has candidates, on each of
//! those places (as dancing links branches on the column with the fewest rows: the
//! Hanidoku questions of 20 minimal puzzles that ran out of 2,000 nodes fell from 93 to
//! 53); the branches partition the solutions either way, and a leaf (every cell placed,
//! no two peers alike, every run line a run) is a solution. Counting leaves up to 2
//! therefore decides uniqueness, a second solution found or excluded by exhaustion. A
//! node budget bounds the work: a question out of budget is answered `None`, and the
//! caller asks the CDCL instead, so no verdict ever rests on a guess. A test compares the
//! verdicts with the CDCL's on random dig-outs.

use crate::layout::Layout;
use singles::{digit_of, hidden_singles, hidden_singles_of, place};

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
    /// `cell_houses[house_start[c]..house_start[c + 1]]`: the groups (houses, full or
    /// not, and run lines) that contain c, for the start state.
    house_start: Vec<u32>,
    cell_houses: Vec<u16>,
    /// The run lines shorter than n (a line of n cells is a full house, listed above):
    /// `line_cells[line_start[l]..line_start[l + 1]]` are the cells of line l.
    line_start: Vec<u32>,
    line_cells: Vec<u16>,
    /// The digits each run line must hold, as its last trimming pass found them: level
    /// d's are `line_required[d·lines..(d+1)·lines]`, copied from the level above at each
    /// branch (a line no pass revisits has the cells, and so the digits, of that level).
    line_required: Vec<u32>,
    /// For each cell, the run lines through it, line l as bit `l % 64` (lines that share
    /// a bit are trimmed together, which costs a pass and misses nothing).
    cell_lines: Vec<u64>,
    /// The run lines (same bits) whose cells changed since their last trimming pass.
    dirty: u64,
    /// The level of the last solution found.
    solution_depth: usize,
    /// When set, every solution found is appended here (one digit a cell): only
    /// [`BitBoard::all_solutions`] sets it.
    collected: Option<Vec<u8>>,
    /// For each cell, the digit (as its bit) the search tries first; 0 for none.
    prefer: Vec<u32>,
    /// Scratch of the start state: the digits given in each group.
    used: Vec<u32>,
    /// Level d's state is `stack[d·cells..(d+1)·cells]`.
    stack: Vec<u32>,
    /// Cells whose one candidate is still to be placed.
    queue: Vec<u16>,
    /// Search nodes left in the current question.
    budget: u64,
}

impl BitBoard {
    /// The solver for `layout`, or `None` when it has more than [`MAX_DIGITS`] digits or
    /// a run line longer than its digit count (no solution; the CDCL says so).
    pub(crate) fn for_layout(layout: &Layout) -> Option<BitBoard> {
        let n = layout.size();
        let cells = layout.num_cells();
        if n > MAX_DIGITS
            || n == 0
            || cells > usize::from(u16::MAX)
            || layout.lines().iter().any(|line| line.cells.len() > n)
        {
            return None;
        }
        let mut house_lists = vec![Vec::new(); cells];
        let mut houses = Vec::new();
        let mut line_start = vec![0u32];
        let mut line_cells = Vec::new();
        let mut cell_lines = vec![0u64; cells];
        let lines = layout.lines().iter().map(|line| (line, true));
        let groups = layout
            .houses()
            .iter()
            .map(|house| (house, false))
            .chain(lines);
        for (index, (group, is_line)) in groups.enumerate() {
            for &a in &group.cells {
                house_lists[a].push(index as u16);
            }
            if group.cells.len() == n {
                houses.extend(group.cells.iter().map(|&c| c as u16));
            } else if is_line {
                let line = line_start.len() - 1;
                for &c in &group.cells {
                    cell_lines[c] |= 1 << (line % 64);
                }
                line_cells.extend(group.cells.iter().map(|&c| c as u16));
                line_start.push(line_cells.len() as u32);
            }
        }
        let mut peer_start = vec![0u32];
        let mut peers = Vec::new();
        for list in layout.all_peers() {
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
            line_start,
            line_required: vec![0; (cells + 2) * layout.lines().len()],
            line_cells,
            cell_lines,
            dirty: 0,
            prefer: vec![0; cells],
            solution_depth: 0,
            collected: None,
            used: vec![0; layout.houses().len() + layout.lines().len()],
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
        self.prefer.fill(0);
        self.budget = budget;
        let mut found = 0;
        self.search(0, limit, &mut found).then_some(found)
    }

    /// Whether `givens` with `cell` blanked has a solution without `digit` at `cell`: that
    /// is, whether blanking `cell` of a puzzle whose unique solution has `digit` there
    /// lets a second solution in. `None` when `budget` search nodes did not settle it.
    ///
    /// The search tries the digits of `near` first (the solution the givens came from;
    /// 0 for none), as a CDCL's saved phases do, so that a second solution near it turns
    /// up before the search wanders far (on 20 minimal Hanidoku puzzles the second
    /// solutions took 523 ms of search in ascending digit order, 376 ms this way). The
    /// order changes only how soon the search ends, not its verdict.
    pub(crate) fn other_solution(
        &mut self,
        givens: &[u8],
        near: &[u8],
        cell: usize,
        digit: u8,
        budget: u64,
    ) -> Option<bool> {
        if !self.start(givens, Some((cell, digit))) {
            return Some(false);
        }
        for (prefer, &value) in self.prefer.iter_mut().zip(near) {
            *prefer = if value == 0 { 0 } else { 1 << (value - 1) };
        }
        self.budget = budget;
        let mut found = 0;
        self.search(0, 1, &mut found).then_some(found > 0)
    }

    /// The solution the last search found (its last, or only, one), one digit a cell.
    pub(crate) fn last_solution(&self, out: &mut Vec<u8>) {
        let state = &self.stack[self.solution_depth * self.cells..][..self.cells];
        out.clear();
        out.extend(state.iter().map(|&word| digit_of(word)));
    }

    /// Every solution of `givens`, one digit a cell each, one after the other; `None`
    /// when `budget` search nodes did not finish the enumeration. (The Hanidoku table's
    /// test rebuilds the table with it.)
    #[cfg(test)]
    pub(crate) fn all_solutions(&mut self, givens: &[u8], budget: u64) -> Option<Vec<u8>> {
        if !self.start(givens, None) {
            return Some(Vec::new());
        }
        self.prefer.fill(0);
        self.budget = budget;
        self.collected = Some(Vec::new());
        let mut found = 0;
        let finished = self.search(0, usize::MAX, &mut found);
        let solutions = self.collected.take();
        solutions.filter(|_| finished)
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
        // Every run line is to be trimmed once (none on boards of houses).
        self.dirty = if self.line_start.len() > 1 {
            u64::MAX
        } else {
            0
        };
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
            self.solution_depth = depth;
            if let Some(out) = &mut self.collected {
                out.extend(state.iter().map(|&word| digit_of(word)));
            }
            return true;
        };
        if best_count > 2 && self.line_start.len() > 1 {
            if let Some((cells_of, bit)) = self.fewest_places(depth, best_count) {
                return self.branch_on_places(depth, cells_of, bit, limit, found);
            }
        }
        let mut candidates = self.stack[depth * cells + cell];
        let preferred = candidates & self.prefer[cell];
        while candidates != 0 && *found < limit {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let bit = if candidates & preferred != 0 {
                preferred
            } else {
                candidates & candidates.wrapping_neg()
            };
            candidates ^= bit;
            if !self.descend(depth, cell, bit, limit, found) {
                return false;
            }
        }
        true
    }

    /// Level `depth + 1`: level `depth` with `bit` set at `cell`, searched on (see
    /// [`BitBoard::search`]).
    fn descend(
        &mut self,
        depth: usize,
        cell: usize,
        bit: u32,
        limit: usize,
        found: &mut usize,
    ) -> bool {
        let cells = self.cells;
        let (done, rest) = self.stack.split_at_mut((depth + 1) * cells);
        let next = &mut rest[..cells];
        next.copy_from_slice(&done[depth * cells..]);
        next[cell] = bit;
        self.queue.clear();
        self.queue.push(cell as u16);
        self.dirty = 0;
        let lines = self.line_start.len() - 1;
        self.line_required
            .copy_within(depth * lines..(depth + 1) * lines, (depth + 1) * lines);
        self.search(depth + 1, limit, found)
    }

    /// The digit a group must hold (every digit of a full house, the required digits of a
    /// run line) with the fewest open cells that can take it, if fewer than `fewer_than`:
    /// the group's cells (`true`: a range of `line_cells`, else of `houses`) and the digit.
    fn fewest_places(&self, depth: usize, fewer_than: u32) -> Option<((bool, usize, usize), u32)> {
        let state = &self.stack[depth * self.cells..(depth + 1) * self.cells];
        let mut best = None;
        let mut best_count = fewer_than;
        let houses = (0..self.houses.len() / self.n)
            .map(|h| (false, h * self.n, (h + 1) * self.n, self.full));
        let count = self.line_start.len() - 1;
        let required = &self.line_required[depth * count..(depth + 1) * count];
        let lines = self
            .line_start
            .windows(2)
            .zip(required)
            .map(|(b, &r)| (true, b[0] as usize, b[1] as usize, r));
        for (is_line, from, to, required) in houses.chain(lines) {
            let group = if is_line {
                &self.line_cells[from..to]
            } else {
                &self.houses[from..to]
            };
            let mut placed = 0;
            for &cell in group {
                let word = state[usize::from(cell)];
                if word & PLACED != 0 {
                    placed |= word;
                }
            }
            let mut open = required & !placed;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let count = group
                    .iter()
                    .filter(|&&c| state[usize::from(c)] & (bit | PLACED) == bit)
                    .count() as u32;
                if count < best_count {
                    best_count = count;
                    best = Some(((is_line, from, to), bit));
                    if count == 2 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Branches on the cells of a group that can take `bit`, a digit the group must hold
    /// in exactly one cell: the branches partition the solutions, as a cell's digits do.
    fn branch_on_places(
        &mut self,
        depth: usize,
        (is_line, from, to): (bool, usize, usize),
        bit: u32,
        limit: usize,
        found: &mut usize,
    ) -> bool {
        let cells = self.cells;
        // The preferred cell first, then the others.
        for (pass, index) in (0..2).flat_map(|pass| (from..to).map(move |index| (pass, index))) {
            let cell = usize::from(if is_line {
                self.line_cells[index]
            } else {
                self.houses[index]
            });
            if self.stack[depth * cells + cell] & (bit | PLACED) != bit
                || (self.prefer[cell] == bit) != (pass == 0)
            {
                continue;
            }
            if *found >= limit {
                break;
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            if !self.descend(depth, cell, bit, limit, found) {
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
                    (&self.cell_lines, &mut self.dirty),
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
            let Some(mut progress) = progress else {
                return false;
            };
            if !progress && self.dirty != 0 {
                let lines = self.line_start.len() - 1;
                let Some(lines) = runs::trim_lines(
                    &self.line_start,
                    &self.line_cells,
                    (&self.cell_lines, &mut self.dirty),
                    &mut self.line_required[depth * lines..(depth + 1) * lines],
                    self.n,
                    state,
                    &mut self.queue,
                ) else {
                    return false;
                };
                progress = lines;
            }
            if !progress {
                return true;
            }
        }
    }
}

mod runs;
mod singles;
#[cfg(test)]
mod tests;
