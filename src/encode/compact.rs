//! The `compact` encoding (Kwon & Jain 2006): propagate the givens, then write only what
//! is still open.
//!
//! **Propagation.** Every cell starts with all digits as candidates; a given leaves one.
//! A cell with one candidate removes it from every other cell of its houses and lines
//! (naked single); a digit that must appear in a group (every digit in a full house, the
//! digits every still-possible run of a run line holds) and has one candidate cell left
//! is fixed there (hidden single). On a run line the runs still possible are those that
//! hold its placed digits and whose missing digits its open cells can take one each (a
//! perfect matching, `layout::runs::matching_runs`); a digit in none of them leaves every
//! cell of the line (a gap, a missing end, a range trimmed by a placed digit). The rules
//! run to a fixpoint or until a cell loses its last candidate, a required digit its last
//! cell, or a line its last run. On layouts without lines this is exactly unit propagation
//! on the extended encoding; on run lines it is the run reasoning a person does (the
//! mandatory digits `n+1−m..=m` of a line of m cells are the required digits of the empty
//! line), which unit propagation on the line encodings only partly does.
//!
//! **The presolve of a stream.** `sudoku2cnf --presolve` writes each puzzle's cube as the
//! same partial assignment α (below), fixed cells and removed candidates, instead of its
//! givens alone: α's literals follow from the givens and the layout's clauses, so the cube
//! has the same models.
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
use crate::layout::runs::{matching_runs, LineDigits};
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
    pub(crate) fn units(&self, map: &VarMap) -> Vec<Lit> {
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
pub(crate) fn propagate(grid: &Grid, layout: &Layout) -> Candidates {
    let size = layout.size();
    let all = if size >= 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    };
    let mut groups: Vec<(&House, u64)> = layout
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
        // Run lines: trim to the possible runs, whose common digits are required. A trim
        // that makes no single may still shrink another line's runs: `trimmed` asks for
        // another round.
        let mut trimmed = false;
        for (line, required) in groups.iter_mut().skip(layout.houses().len()) {
            let Some(facts) = line_facts(line, &bits, size) else {
                return Candidates { bits, size };
            };
            *required = facts.required;
            for &cell in &line.cells {
                let open = bits[cell];
                if open.count_ones() > 1 && open & !facts.possible != 0 {
                    trimmed = true;
                    bits[cell] = open & facts.possible;
                    match bits[cell].count_ones() {
                        0 => return Candidates { bits, size },
                        1 => queue.push(cell),
                        _ => {}
                    }
                }
            }
        }
        if !queue.is_empty() {
            continue;
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
        if queue.is_empty() && !trimmed {
            return Candidates { bits, size };
        }
    }
}

/// The runs `line` can still hold under the candidates `bits`, or `None` when it can
/// hold none (or two of its cells hold the same single digit). Cells with one candidate
/// count as placed.
fn line_facts(line: &House, bits: &[u64], size: usize) -> Option<LineDigits> {
    let mut placed = 0u64;
    let mut open = Vec::with_capacity(line.cells.len());
    for &cell in &line.cells {
        let candidates = bits[cell];
        if candidates.count_ones() == 1 {
            if placed & candidates != 0 {
                return None;
            }
            placed |= candidates;
        } else {
            open.push(candidates);
        }
    }
    let facts = LineDigits::from_runs(matching_runs(size, &open, placed), line.cells.len());
    (!facts.is_empty()).then_some(facts)
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
    fn a_given_trims_the_runs_of_its_lines() {
        // A 1 in the honeycomb's first cell: its row and its rising line, 5 cells each,
        // can only hold the run 1..5, so 6..9 leave their other cells; 2..5 stay open.
        let layout = Layout::hanidoku();
        let mut cells = vec![0; layout.num_cells()];
        cells[0] = 1;
        let fixed = propagate(&Grid::for_layout(&layout, cells).unwrap(), &layout);
        for cell in [1, 2, 3, 4, 5, 11, 18, 26] {
            for digit in 6..=9 {
                assert_eq!(
                    fixed.value(cell, digit),
                    Some(false),
                    "cell {cell} digit {digit}"
                );
            }
            for digit in 2..=5 {
                assert_eq!(fixed.value(cell, digit), None, "cell {cell} digit {digit}");
            }
        }
        // The ninth cell of the longest falling line is not on those lines: untouched.
        assert_eq!(fixed.value(60, 9), None);
    }

    #[test]
    fn the_run_rules_keep_the_solution_and_solve_full_grids() {
        // Soundness against known solutions: for random subsets of a solved honeycomb as
        // givens, every solution digit stays a candidate (α is a consequence of the
        // givens, and the solution satisfies them).
        let layout = Layout::hanidoku();
        let text = include_str!("../../testdata/layouts/hanidoku.solution.txt");
        let solutions = crate::grid::parse_puzzles_for(text, &layout, false).unwrap();
        let mut rng = crate::rng::SplitMix64(26);
        for solution in &solutions {
            let full = propagate(&solution.grid, &layout);
            assert!(full.bits.iter().all(|bits| bits.count_ones() == 1));
            for _ in 0..100 {
                let keep = 2 + rng.index(20);
                let mut cells = vec![0; layout.num_cells()];
                for _ in 0..keep {
                    let cell = rng.index(cells.len());
                    cells[cell] = solution.grid.cells()[cell];
                }
                let givens = Grid::for_layout(&layout, cells).unwrap();
                let fixed = propagate(&givens, &layout);
                for (cell, &digit) in solution.grid.cells().iter().enumerate() {
                    let value = fixed.value(cell, digit as usize);
                    assert_ne!(value, Some(false), "cell {cell} lost its solution digit");
                }
            }
        }
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
