//! [`Layout`]: which cells a puzzle has, how many digits it uses, and which groups of cells
//! (houses) must hold distinct digits.
//!
//! Every other stage is written against houses rather than against rows, columns and
//! boxes, so that irregular regions, diagonals or Hanidoku lines only need a new
//! constructor here, not a new encoder or checker.
//!
//! Invariants, established by the constructors and relied on by the encoder and checker:
//! every cell index in a house is `< num_cells()`, no house lists a cell twice, and a house
//! has at most `size()` cells (a house of exactly `size()` cells holds every digit once).

mod square;

use std::fmt;

use thiserror::Error;

/// The largest box side supported: `64 = 8²` digits still fit a `u8` cell with room to
/// spare, and a 64x64 grid already has 262,144 variables.
pub const MAX_BOX_SIZE: usize = 8;

/// What a house is, for messages ("row 3", "box 2") and for the pretty printer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HouseKind {
    /// A full row of the grid.
    Row,
    /// A full column of the grid.
    Column,
    /// A k×k box of a square Sudoku.
    Box,
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        })
    }
}

/// A group of cells that must hold distinct digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// What kind of group this is.
    pub kind: HouseKind,
    /// 0-based number among the houses of the same kind (box 0 is the top-left box).
    pub index: usize,
    /// Cell indices (`row · cols + col`), in reading order.
    pub cells: Vec<usize>,
}

impl fmt::Display for House {
    /// "row 3", "box 1": 1-based, as people count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.index + 1)
    }
}

/// A layout that cannot be built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LayoutError {
    /// The digit count is not `k²` for a box side `k` in `1..=8`.
    #[error(
        "size {size} is not a square Sudoku size (the sizes are k*k for k in 1..=8: \
         1, 4, 9, 16, 25, 36, 49, 64)"
    )]
    NotSquare {
        /// The size that was asked for.
        size: usize,
    },
}

/// The shape of a puzzle: cells on a `rows() × cols()` grid, digits `1..=size()`, houses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    name: String,
    size: usize,
    rows: usize,
    cols: usize,
    box_size: Option<usize>,
    houses: Vec<House>,
    /// For each cell, the indices into `houses` of the houses containing it, precomputed
    /// because conflict checks ask for them once per given.
    cell_houses: Vec<Vec<usize>>,
}

impl Layout {
    /// Builds a layout from its parts and indexes which houses each cell belongs to.
    fn from_houses(
        name: String,
        size: usize,
        rows: usize,
        cols: usize,
        box_size: Option<usize>,
        houses: Vec<House>,
    ) -> Layout {
        let mut cell_houses = vec![Vec::new(); rows * cols];
        for (house_index, house) in houses.iter().enumerate() {
            debug_assert!(house.cells.len() <= size);
            for &cell in &house.cells {
                cell_houses[cell].push(house_index);
            }
        }
        Layout {
            name,
            size,
            rows,
            cols,
            box_size,
            houses,
            cell_houses,
        }
    }

    /// A name for headers and messages, e.g. `"square 9"`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of digits `n`: cells hold `1..=n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of rows of the grid the cells sit on.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns of the grid the cells sit on.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells (`rows() · cols()`).
    pub fn num_cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The box side `k` of a square Sudoku (3 for 9x9). `None` for layouts whose regions
    /// are not k×k boxes (later: irregular regions), which the pretty printer then draws
    /// without inner borders.
    pub fn box_size(&self) -> Option<usize> {
        self.box_size
    }

    /// All houses: for a square Sudoku the rows, then the columns, then the boxes.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The houses containing `cell`, in the order of [`Layout::houses`]. Empty for a
    /// cell index outside the layout.
    ///
    /// ```
    /// use sudosat::layout::{HouseKind, Layout};
    /// let layout = Layout::square(9).unwrap();
    /// let kinds: Vec<_> = layout.houses_of(80).map(|h| (h.kind, h.index)).collect();
    /// assert_eq!(kinds, [(HouseKind::Row, 8), (HouseKind::Column, 8), (HouseKind::Box, 8)]);
    /// ```
    pub fn houses_of(&self, cell: usize) -> impl Iterator<Item = &House> + '_ {
        self.cell_houses
            .get(cell)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(move |&index| &self.houses[index])
    }

    /// The cell index of (`row`, `col`), both 0-based.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// The 0-based (row, column) of a cell index.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }
}
