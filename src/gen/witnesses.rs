//! Solved grids kept for later uniqueness questions: a second solution found once can
//! answer "not unique" again without a search.
//!
//! The generator asks, for each given g of a puzzle whose solution is S: is there a
//! solution T of the other givens with `T[g] ≠ S[g]`? Any solved grid T of the layout
//! that agrees with S on the other givens and not at g answers yes. On Hanidoku such
//! questions are the generator's dearest (a near-minimal puzzle's second solution, 7 ms
//! of CDCL search on average, 10-12 ms at 5-6 givens), and a second solution found for one question often fits
//! a later one, of the same puzzle or of another. So each second solution the CDCL
//! finds goes into the pool with its images under the board's rotations and reflections
//! and the digit reversal `d → n+1−d` (a symmetry of every layout: it keeps houses
//! houses and runs runs), and a question looks in the pool before it asks the CDCL.
//!
//! Only second solutions: the drawn solutions themselves almost never fit (20 and 100
//! puzzles answered 41 and 335 questions from the pool with them, 41 and 333 without;
//! 1,000 extra random grids in the pool before the first puzzle added no answer at all),
//! so they would only fill it.
//!
//! The pool only ever answers yes, and only with a grid that is a solution (the images
//! of solutions under symmetries the layout was checked to have), so a verdict never
//! differs from the CDCL's; the generator's output under `--check-conflicts 0` stays
//! byte for byte the same. Under a check budget (Hanidoku's default) a question the pool
//! answers is one the CDCL no longer searches, so its state, and with it which later
//! checks run out, can change: the puzzles differ, stay unique, and keep as many givens
//! (300 puzzles, seed 1: 8.39 givens on average before, 8.35 after).

use super::symmetry::Symmetries;
use crate::layout::Layout;

/// Bytes the pool may hold (a grid takes a byte a cell): 4 MiB, 68,000 Hanidoku grids.
/// Once full it keeps what it has; every grid in it is as good a witness as a new one.
const POOL_BYTES: usize = 4 << 20;

/// Solved grids of one layout, each stored with its symmetric images.
pub(crate) struct WitnessPool {
    cells: usize,
    digits: u8,
    /// The board's rigid symmetries (new cell i takes old cell `perm[i]`).
    symmetries: Vec<Vec<usize>>,
    /// Grid i is `grids[i * cells..(i + 1) * cells]`, digits 1..=n.
    grids: Vec<u8>,
    capacity: usize,
    /// Questions the pool has answered, for the tests that must see it answer.
    #[cfg(test)]
    answered: u64,
}

impl WitnessPool {
    /// An empty pool for `layout`.
    pub(crate) fn new(layout: &Layout) -> WitnessPool {
        let cells = layout.num_cells().max(1);
        WitnessPool {
            cells,
            digits: layout.size() as u8,
            symmetries: Symmetries::new(layout).rigid(layout),
            grids: Vec::new(),
            capacity: POOL_BYTES / cells,
            #[cfg(test)]
            answered: 0,
        }
    }

    /// How many grids the pool holds.
    pub(crate) fn len(&self) -> usize {
        self.grids.len() / self.cells
    }

    /// Adds the solved grid `cells` and its images (all of them, or none once full).
    pub(crate) fn add(&mut self, cells: &[u8]) {
        debug_assert_eq!(cells.len(), self.cells);
        if self.len() + 2 * self.symmetries.len() > self.capacity {
            return;
        }
        let n = self.digits;
        for perm in &self.symmetries {
            self.grids.extend(perm.iter().map(|&old| cells[old]));
            self.grids
                .extend(perm.iter().map(|&old| n + 1 - cells[old]));
        }
    }

    /// True when a pool grid has every `givens` digit in its cell (pairs of cell and
    /// digit) and not `digit` at `cell`: a second solution of the givens without
    /// `digit` at `cell`.
    pub(crate) fn refutes(&mut self, givens: &[(usize, u8)], cell: usize, digit: u8) -> bool {
        let found = self.grids.chunks_exact(self.cells).any(|grid| {
            grid[cell] != digit && givens.iter().all(|&(other, value)| grid[other] == value)
        });
        #[cfg(test)]
        {
            self.answered += u64::from(found);
        }
        found
    }

    /// How many questions [`WitnessPool::refutes`] has answered.
    #[cfg(test)]
    pub(crate) fn answered(&self) -> u64 {
        self.answered
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::random::RandomGrids;
    use crate::grid::Grid;

    fn valid(layout: &Layout, cells: &[u8]) -> bool {
        let grid = Grid::for_layout(layout, cells.to_vec()).unwrap();
        crate::check::check_grid(&grid, layout, None, false).is_empty()
    }

    #[test]
    fn every_image_of_a_solution_is_a_solution() {
        for layout in [
            Layout::hanidoku(),
            Layout::square(9).unwrap(),
            Layout::x_sudoku(9).unwrap(),
        ] {
            let mut grids = RandomGrids::new(&layout, 4).unwrap();
            let mut pool = WitnessPool::new(&layout);
            let grid = grids.next_grid().unwrap();
            pool.add(grid.cells());
            let expected = if layout.lines().is_empty() { 16 } else { 24 };
            assert_eq!(pool.len(), expected, "{}", layout.name());
            for image in pool.grids.chunks_exact(pool.cells) {
                assert!(valid(&layout, image), "{}", layout.name());
            }
        }
    }

    #[test]
    fn refutes_only_with_a_grid_that_fits_the_givens_and_differs_at_the_cell() {
        let layout = Layout::hanidoku();
        let mut grids = RandomGrids::new(&layout, 9).unwrap();
        let mut pool = WitnessPool::new(&layout);
        let s = grids.next_grid().unwrap();
        pool.add(s.cells());
        let t = s.cells();
        // Every cell of S but one given: only S fits (a solved grid is fixed by all its
        // other cells), so its own digit is not refuted and any other digit is.
        let all_but_0: Vec<(usize, u8)> = (1..t.len()).map(|c| (c, t[c])).collect();
        assert!(!pool.refutes(&all_but_0, 0, t[0]));
        let other = if t[0] == 1 { 2 } else { 1 };
        assert!(pool.refutes(&all_but_0, 0, other));
        // The givens of an image (S with its digits reversed, every cell but one whose
        // digit reversal moves): the pool finds that image, whose digit differs there.
        let n = layout.size() as u8;
        let cell = (0..t.len()).find(|&c| 2 * t[c] != n + 1).unwrap();
        let reversed: Vec<(usize, u8)> = (0..t.len())
            .filter(|&c| c != cell)
            .map(|c| (c, n + 1 - t[c]))
            .collect();
        assert!(pool.refutes(&reversed, cell, t[cell]));
        // Givens no solved grid has (one digit twice in the first row): nothing refutes.
        let twice = [(0, t[0]), (1, t[0])];
        assert!(!pool.refutes(&twice, 2, t[2]));
    }

    #[test]
    fn a_full_pool_keeps_what_it_has() {
        let layout = Layout::hanidoku();
        let mut pool = WitnessPool::new(&layout);
        pool.capacity = 30;
        let mut grids = RandomGrids::new(&layout, 2).unwrap();
        pool.add(grids.next_grid().unwrap().cells());
        assert_eq!(pool.len(), 24);
        pool.add(grids.next_grid().unwrap().cells());
        assert_eq!(pool.len(), 24);
    }
}
