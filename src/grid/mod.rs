//! [`Grid`]: the digits of a puzzle or solution, 0 for a blank cell.
//!
//! A grid knows only its digit count and its cells (n² of them for the classic square
//! formats, or as many as its [`Layout`] has); which cells must differ, and where they
//! sit, is the layout's business. Reading text into grids lives in
//! [`parse`], writing them out in [`format`](mod@format) (text) and [`svg`] (pictures).

pub mod format;
pub mod parse;
pub mod svg;

use std::fmt;

use thiserror::Error;

use crate::layout::Layout;

pub use format::{to_block, to_line, to_pretty};
pub use parse::{
    parse_puzzles, parse_puzzles_for, Marker, ParseOptions, Puzzle, PuzzleError, PuzzleReader,
    Record, Records,
};
pub use svg::to_svg;

/// The largest size a grid may have. Matches the largest square layout (64 = 8²); a `u8`
/// cell would hold more, but no layout uses more.
pub const MAX_SIZE: usize = 64;

/// A grid that cannot be built from the given cells.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GridError {
    /// The size is 0 or above [`MAX_SIZE`].
    #[error("grid size {size} is outside 1..={MAX_SIZE}")]
    BadSize {
        /// The requested size.
        size: usize,
    },
    /// The cell count is not `size²` (or the layout's cell count).
    #[error("a {size}x{size} grid has {expected} cells, not {found}")]
    WrongLength {
        /// The grid size.
        size: usize,
        /// `size²`.
        expected: usize,
        /// The number of cells supplied.
        found: usize,
    },
    /// A cell holds a value above the size.
    #[error("cell {cell} holds {value}, outside 0..={size}")]
    OutOfRange {
        /// The grid size.
        size: usize,
        /// 0-based cell index.
        cell: usize,
        /// The offending value.
        value: u8,
    },
}

/// An n×n grid of digits `1..=n`, 0 meaning blank. Cells are row-major.
///
/// ```
/// use sudosat::grid::Grid;
/// let mut grid = Grid::empty(4).unwrap();
/// grid.set(0, 1, 3);
/// assert_eq!((grid.get(0, 1), grid.givens(), grid.is_complete()), (3, 1, false));
/// assert_eq!(grid.to_string(), ".3..............");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An all-blank grid of `size` × `size` cells.
    pub fn empty(size: usize) -> Result<Grid, GridError> {
        if size == 0 || size > MAX_SIZE {
            return Err(GridError::BadSize { size });
        }
        Grid::from_cells(size, vec![0; size * size])
    }

    /// A grid from row-major cells; checks the length and that every value is `0..=size`.
    pub fn from_cells(size: usize, cells: Vec<u8>) -> Result<Grid, GridError> {
        if size == 0 || size > MAX_SIZE {
            return Err(GridError::BadSize { size });
        }
        Grid::checked(size, size * size, cells)
    }

    /// A grid of `expected` cells holding values `0..=size`, or why `cells` is not one.
    fn checked(size: usize, expected: usize, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != expected {
            return Err(GridError::WrongLength {
                size,
                expected,
                found: cells.len(),
            });
        }
        if let Some(cell) = cells.iter().position(|&v| usize::from(v) > size) {
            return Err(GridError::OutOfRange {
                size,
                cell,
                value: cells[cell],
            });
        }
        Ok(Grid { size, cells })
    }

    /// An all-blank grid with the cells and digits of `layout`.
    ///
    /// ```
    /// use sudosat::{grid::Grid, layout::Layout};
    /// let grid = Grid::empty_for(&Layout::hanidoku());
    /// assert_eq!((grid.size(), grid.cells().len()), (9, 61));
    /// ```
    pub fn empty_for(layout: &Layout) -> Grid {
        Grid {
            size: layout.size(),
            cells: vec![0; layout.num_cells()],
        }
    }

    /// A grid for `layout` from cells in the layout's reading order; checks the count and
    /// that every value is `0..=layout.size()`.
    pub fn for_layout(layout: &Layout, cells: Vec<u8>) -> Result<Grid, GridError> {
        let size = layout.size();
        if layout.is_square() {
            return Grid::from_cells(size, cells);
        }
        Grid::checked(size, layout.num_cells(), cells)
    }

    /// The number of digits `n` (a square grid is n×n).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value at 0-based (`row`, `col`) of a square grid: 0 for blank.
    ///
    /// # Panics
    /// If `row` or `col` is not below `size()`.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(row < self.size && col < self.size, "cell outside the grid");
        self.cells[row * self.size + col]
    }

    /// Sets the value at 0-based (`row`, `col`); 0 blanks the cell.
    ///
    /// # Panics
    /// If the cell is outside the grid or `value > size()`: both are caller bugs, since
    /// input data reaches a grid only through [`Grid::from_cells`] or the parser.
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        assert!(row < self.size && col < self.size, "cell outside the grid");
        assert!(usize::from(value) <= self.size, "value above the grid size");
        self.cells[row * self.size + col] = value;
    }

    /// Sets cell index `cell` (reading order) to `value`; 0 blanks it. Works for every
    /// layout, where [`Grid::set`] assumes a square.
    ///
    /// # Panics
    /// If `cell` is outside the grid or `value > size()` (caller bugs, as for `set`).
    pub fn set_cell(&mut self, cell: usize, value: u8) {
        assert!(usize::from(value) <= self.size, "value above the grid size");
        self.cells[cell] = value;
    }

    /// All cells, row-major (reading order).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// True when the grid has the n² cells of an n×n square.
    pub fn is_square(&self) -> bool {
        self.cells.len() == self.size * self.size
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

impl fmt::Display for Grid {
    /// Line format when every digit has a one-character symbol (n ≤ 35), otherwise the
    /// block format without its final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match to_line(self) {
            Some(line) => f.write_str(&line),
            None => f.write_str(to_block(self).trim_end_matches('\n')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construction_checks_size_length_and_values() {
        assert_eq!(Grid::empty(0), Err(GridError::BadSize { size: 0 }));
        assert_eq!(Grid::empty(65), Err(GridError::BadSize { size: 65 }));
        assert_eq!(
            Grid::from_cells(4, vec![0; 15]).unwrap_err().to_string(),
            "a 4x4 grid has 16 cells, not 15"
        );
        let mut cells = vec![0; 16];
        cells[3] = 5;
        assert_eq!(
            Grid::from_cells(4, cells).unwrap_err().to_string(),
            "cell 3 holds 5, outside 0..=4"
        );
    }

    #[test]
    fn accessors_agree_with_cells() {
        let mut grid = Grid::empty(4).unwrap();
        assert_eq!(grid.givens(), 0);
        for (i, cell) in (0..16).enumerate() {
            grid.set(cell / 4, cell % 4, (i % 4 + 1) as u8);
        }
        assert!(grid.is_complete());
        assert_eq!(grid.get(2, 3), 4);
        assert_eq!(grid.cells()[11], 4);
        grid.set(2, 3, 0);
        assert!(!grid.is_complete());
        assert_eq!(grid.givens(), 15);
    }

    #[test]
    fn display_switches_to_blocks_above_35() {
        let grid = Grid::empty(36).unwrap();
        let text = grid.to_string();
        assert_eq!(text.lines().count(), 36);
        assert!(!text.ends_with('\n'));
    }
}
