//! Random puzzles for the differential tests: complete Sudoku grids under the symmetries
//! that keep them valid, puzzles cut from them (solvable by construction, or with one
//! given changed), and random givens on any layout (nothing known by construction).

use crate::gen::symmetry::{band_order, shuffled};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::rng::SplitMix64;

/// A random complete Sudoku grid of box side `k` (n = k²): a valid base pattern under
/// random relabelling of digits, shuffles of rows within bands, of bands, of columns within
/// stacks, of stacks, and an optional transposition.
pub fn random_solution(rng: &mut SplitMix64, k: usize) -> Grid {
    let n = k * k;
    let digits = shuffled(n, rng);
    let rows = band_order(k, rng);
    let cols = band_order(k, rng);
    let transpose = rng.below(2) == 0;
    let mut grid = Grid::empty(n).expect("k*k is a Sudoku size");
    for (r, &row_of_r) in rows.iter().enumerate() {
        for (c, &col_of_c) in cols.iter().enumerate() {
            let (row, col) = if transpose {
                (col_of_c, row_of_r)
            } else {
                (row_of_r, col_of_c)
            };
            // The base pattern: row r is row 0 shifted by k*(r mod k) + r/k.
            let base = (k * (row % k) + row / k + col) % n;
            grid.set(r, c, digits[base] as u8 + 1);
        }
    }
    grid
}

/// Whether `value` can be given at `cell` of `grid` without repeating a digit in a group.
fn fits(grid: &Grid, layout: &Layout, cell: usize, value: u8) -> bool {
    // Groups, not just houses: the honeycomb's lines are runs, not houses, yet repeat no digit.
    layout
        .groups()
        .filter(|group| group.cells.contains(&cell))
        .all(|group| {
            group
                .cells
                .iter()
                .all(|&other| grid.cells()[other] != value)
        })
}

/// A puzzle cut from [`random_solution`]: `givens` random cells kept. When `solvable` is
/// false, one given is then changed to another digit that repeats none of its houses;
/// such a puzzle usually has no solution, but may have one (the solvers decide).
pub fn random_sudoku(rng: &mut SplitMix64, k: usize, givens: usize, solvable: bool) -> Grid {
    let n = k * k;
    let solution = random_solution(rng, k);
    let mut grid = Grid::empty(n).expect("k*k is a Sudoku size");
    let cells = shuffled(n * n, rng);
    let kept = &cells[..givens.min(n * n)];
    for &cell in kept {
        grid.set_cell(cell, solution.cells()[cell]);
    }
    if !solvable && !kept.is_empty() {
        let layout = Layout::square(n).expect("k*k is a Sudoku size");
        for attempt in 0..kept.len() {
            let cell = kept[(attempt * 7) % kept.len()];
            let old = grid.cells()[cell];
            grid.set_cell(cell, 0);
            let choices: Vec<u8> = (1..=n as u8)
                .filter(|&v| v != old && fits(&grid, &layout, cell, v))
                .collect();
            if choices.is_empty() {
                grid.set_cell(cell, old);
                continue;
            }
            grid.set_cell(cell, choices[rng.index(choices.len())]);
            break;
        }
    }
    grid
}

/// Random givens on an empty board of `layout`: up to `givens` cells, each a digit that
/// repeats none of its houses at the time it is placed. Few givens are usually solvable,
/// many usually not; nothing is known by construction.
pub fn random_givens(rng: &mut SplitMix64, layout: &Layout, givens: usize) -> Grid {
    let mut grid = Grid::empty_for(layout);
    let cells = layout.num_cells();
    let size = layout.size() as u64;
    for _ in 0..givens.min(cells) * 4 {
        if grid.givens() >= givens {
            break;
        }
        let cell = rng.index(cells);
        let value = rng.below(size) as u8 + 1;
        if grid.cells()[cell] == 0 && fits(&grid, layout, cell, value) {
            grid.set_cell(cell, value);
        }
    }
    grid
}
