//! The `compact` encoding (Kwon & Jain 2006): propagate the givens, then write only what
//! is still open.
//!
//! **Propagation.** Every cell starts with all digits as candidates; a given leaves one.
//! A cell with one candidate removes it from every other cell of its houses and lines
//! (naked single); a digit that must appear in a group (every digit in a full house, the
//! mandatory digits `n+1−m..=m` of a run line of m cells) and has one candidate cell left
//! is fixed there (hidden single). Both rules run to a fixpoint or until a cell loses its
//! last candidate or a required digit its last cell. On layouts without lines this is
//! exactly unit propagation on the extended encoding.
//!
//! **Why the result is equivalent.** The candidates define a partial assignment α:
//! `var(cell, d)` is false when `d` is no candidate and true when it is the only one. Each
//! removal follows from the clauses and the givens, so the extended formula F implies α,
//! and F ≡ F ∧ α ≡ F|α ∧ α, where F|α drops the clauses α satisfies and the literals α
//! falsifies. `compact` writes F|α followed by α as unit clauses: the same models over the
//! same n³ variables (so `model2grid` decodes it like every other encoding, and solution
//! counts are unchanged). A contradiction shows up as an empty clause in F|α.

use super::VarMap;
use crate::grid::Grid;
use crate::layout::{House, Layout};
use crate::lit::Lit;

/// Candidate digits per cell: bit `d − 1` set when digit `d` is still possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Candidates {
    bits: Vec<u64>,
    size: usize,
}

impl Candidates {
    /// The value α gives `var(cell, digit)`: `None` while it is open.
    fn value(&self, cell: usize, digit: usize) -> Option<bool> {
        let bits = self.bits[cell];
        let bit = 1u64 << (digit - 1);
        if bits & bit == 0 {
            Some(false)
        } else if bits == bit {
            Some(true)
        } else {
            None
        }
    }

    /// The value α gives a literal: `None` while its cell variable is open, and always for
    /// the auxiliary variables beyond the cells (α says nothing of them).
    pub(super) fn lit_value(&self, lit: Lit) -> Option<bool> {
        let index = lit.var().index();
        if index >= self.bits.len() * self.size {
            return None;
        }
        let value = self.value(index / self.size, index % self.size + 1)?;
        Some(value != lit.is_negative())
    }

    /// The unit clauses of α: cells in reading order, digits ascending.
    pub(super) fn units(&self, map: &VarMap) -> Vec<Lit> {
        let mut units = Vec::new();
        for cell in 0..self.bits.len() {
            for digit in 1..=self.size {
                if let Some(value) = self.value(cell, digit) {
                    units.push(map.cell_var(cell, digit as u8).lit(value));
                }
            }
        }
        units
    }
}

/// The digits a group must contain: all of them for a full house, the mandatory range for
/// a run line, none for a shorter house.
fn required_digits(group: &House, size: usize, is_line: bool) -> u64 {
    let m = group.cells.len();
    let range = |low: usize, high: usize| (low..=high).fold(0u64, |bits, d| bits | 1 << (d - 1));
    if is_line {
        range((size + 1).saturating_sub(m).max(1), m.min(size))
    } else if m == size {
        range(1, size)
    } else {
        0
    }
}

/// Propagates the givens of `grid` over `layout` (see the module docs). Sizes up to 64.
pub(super) fn propagate(grid: &Grid, layout: &Layout) -> Candidates {
    let size = layout.size();
    let all = if size >= 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    };
    let groups: Vec<(&House, u64)> = layout
        .houses()
        .iter()
        .map(|house| (house, required_digits(house, size, false)))
        .chain(
            layout
                .lines()
                .iter()
                .map(|line| (line, required_digits(line, size, true))),
        )
        .collect();
    let mut groups_of = vec![Vec::new(); layout.num_cells()];
    for (index, (group, _)) in groups.iter().enumerate() {
        for &cell in &group.cells {
            groups_of[cell].push(index);
        }
    }
    let mut bits = vec![all; layout.num_cells()];
    for (cell, &digit) in grid.cells().iter().enumerate() {
        if digit != 0 {
            bits[cell] = 1 << (digit - 1);
        }
    }
    let mut queue: Vec<usize> = (0..bits.len())
        .filter(|&cell| bits[cell].count_ones() == 1)
        .collect();
    loop {
        // Naked singles.
        while let Some(cell) = queue.pop() {
            let bit = bits[cell];
            for &group in &groups_of[cell] {
                for &other in &groups[group].0.cells {
                    if other == cell || bits[other] & bit == 0 {
                        continue;
                    }
                    bits[other] &= !bit;
                    match bits[other].count_ones() {
                        0 => return Candidates { bits, size },
                        1 => queue.push(other),
                        _ => {}
                    }
                }
            }
        }
        // Hidden singles; any new single goes back to the naked-single loop.
        for (group, required) in &groups {
            for digit in 0..size {
                let bit = 1u64 << digit;
                if required & bit == 0 {
                    continue;
                }
                let mut holders = group.cells.iter().filter(|&&cell| bits[cell] & bit != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => return Candidates { bits, size },
                    (Some(&cell), None) if bits[cell] != bit => {
                        bits[cell] = bit;
                        queue.push(cell);
                    }
                    _ => {}
                }
            }
        }
        if queue.is_empty() {
            return Candidates { bits, size };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_fixes_its_cell_and_leaves_its_peers() {
        let layout = Layout::square(4).unwrap();
        let mut grid = Grid::empty(4).unwrap();
        grid.set(0, 0, 1);
        let fixed = propagate(&grid, &layout);
        assert_eq!(fixed.value(0, 1), Some(true));
        assert_eq!(fixed.value(0, 2), Some(false));
        assert_eq!(fixed.value(1, 1), Some(false), "row peer");
        assert_eq!(fixed.value(4, 1), Some(false), "column peer");
        assert_eq!(fixed.value(5, 1), Some(false), "box peer");
        assert_eq!(fixed.value(10, 1), None);
        assert_eq!(fixed.value(10, 2), None);
    }

    #[test]
    fn singles_run_to_the_fixpoint() {
        // Each row misses one digit in one cell, and the rows' singles fill the grid; the
        // blank (3,0) is also a hidden single of its column after (0..2, 0) are known.
        let layout = Layout::square(4).unwrap();
        let cells = vec![1, 2, 3, 0, 3, 4, 0, 2, 2, 0, 4, 3, 0, 3, 2, 1];
        let grid = Grid::from_cells(4, cells).unwrap();
        let fixed = propagate(&grid, &layout);
        assert_eq!(fixed.value(3, 4), Some(true));
        let solved = (0..16).all(|cell| fixed.bits[cell].count_ones() == 1);
        assert!(solved, "{:?}", fixed.bits);
        assert_eq!(fixed.units(&VarMap::new(4)).len(), 64);
    }

    #[test]
    fn a_contradiction_stops_with_an_empty_candidate_set() {
        // Cell (0,3) sees 1, 2, 3 in its row and 4 in its column.
        let layout = Layout::square(4).unwrap();
        let cells = vec![1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0];
        let grid = Grid::from_cells(4, cells).unwrap();
        let fixed = propagate(&grid, &layout);
        assert!(fixed.bits.contains(&0), "{:?}", fixed.bits);
    }
}
