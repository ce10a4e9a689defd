//! [`PuzzleError`]: why a puzzle could not be read, with puzzle number, line and cell.

use std::io;

use thiserror::Error;

use crate::layout::{HouseKind, LayoutError};

/// Why a puzzle could not be read. `line` is the line of the offending cell or row when
/// there is one, else the puzzle's first line; rows and columns are 1-based.
#[derive(Debug, Error)]
pub enum PuzzleError {
    /// The forced size in [`ParseOptions`](super::ParseOptions) is no Sudoku size.
    #[error("{0}")]
    InvalidSize(LayoutError),
    /// A line-format puzzle whose cell count is no `k⁴`, in a file with no size yet.
    #[error(
        "puzzle {puzzle} (line {line}): {found} cells fit no grid size (a puzzle line has \
         16 cells for 4x4, 81 for 9x9, 256 for 16x16, 625 for 25x25 or 1296 for 36x36)"
    )]
    NoSize {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// The number of symbols on the line.
        found: usize,
    },
    /// A line-format puzzle of the wrong length for the forced or established size.
    #[error("puzzle {puzzle} (line {line}): expected {expected} cells for {size}x{size} but found {found}")]
    WrongCellCount {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// The grid size the cells were expected for.
        size: usize,
        /// `size²`.
        expected: usize,
        /// The number of symbols found.
        found: usize,
    },
    /// A well-formed puzzle of another size than
    /// [`ParseOptions::size`](super::ParseOptions::size).
    #[error("puzzle {puzzle} (line {line}): size {requested} was requested but the puzzle is {found}x{found}")]
    SizeMismatch {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// The forced size.
        requested: usize,
        /// The size of the puzzle as written.
        found: usize,
    },
    /// A block whose first row has a number of entries that is no Sudoku size.
    #[error(
        "puzzle {puzzle} (line {line}): a row of {found} numbers fits no Sudoku size \
         (rows have 4, 9, 16, 25, 36, 49 or 64 numbers)"
    )]
    BlockWidth {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// Entries on the first row.
        found: usize,
    },
    /// A block row with another number of entries than the first row.
    #[error("puzzle {puzzle} (line {line}): row {row} has {found} numbers but a {size}x{size} row has {size}")]
    RowLength {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// 1-based row.
        row: usize,
        /// The grid size.
        size: usize,
        /// Entries found on the row.
        found: usize,
    },
    /// A block that ended (blank line or end of input) before its n-th row.
    #[error(
        "puzzle {puzzle} (line {line}): expected {size} rows for {size}x{size} but found {found}"
    )]
    RowCount {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// The grid size.
        size: usize,
        /// Rows found.
        found: usize,
    },
    /// A cell symbol that is neither a digit nor a blank.
    #[error("puzzle {puzzle} (line {line}), row {row} column {col}: unknown symbol '{symbol}'")]
    UnknownSymbol {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The symbol (line format) or token (block format) as written.
        symbol: String,
    },
    /// A puzzle with another cell count than its (non-square) layout.
    #[error(
        "puzzle {puzzle} (line {line}): expected {expected} cells for {layout} but found {found}"
    )]
    LayoutCellCount {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// The layout's name.
        layout: String,
        /// The layout's cell count.
        expected: usize,
        /// The number of symbols found.
        found: usize,
    },
    /// A row of a block-format honeycomb with the wrong number of cells.
    #[error("puzzle {puzzle} (line {line}): row {row} of {layout} has {expected} cells but {found} were found")]
    LayoutRowLength {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// The layout's name.
        layout: String,
        /// 1-based row.
        row: usize,
        /// Cells in that row.
        expected: usize,
        /// Symbols found.
        found: usize,
    },
    /// A digit above the grid size.
    #[error("puzzle {puzzle} (line {line}), row {row} column {col}: value {value} is out of range 1..{size}")]
    OutOfRange {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The value in decimal (kept as text: it may not fit any integer type).
        value: String,
        /// The grid size.
        size: usize,
    },
    /// Two givens with the same digit in one house.
    #[error(
        "puzzle {puzzle} (line {line}): row {} column {} and row {} column {} both hold {digit} ({house} {index})",
        first.0, first.1, second.0, second.1
    )]
    Conflict {
        /// Puzzle number.
        puzzle: usize,
        /// Line number.
        line: usize,
        /// 1-based (row, column) of the first cell in reading order.
        first: (usize, usize),
        /// 1-based (row, column) of the second cell.
        second: (usize, usize),
        /// The repeated digit.
        digit: u8,
        /// The kind of house both cells share.
        house: HouseKind,
        /// 1-based number of that house.
        index: usize,
    },
    /// Reading the input failed (including at line `line`).
    #[error("line {line}: cannot read input: {source}")]
    Io {
        /// The line being read.
        line: usize,
        /// The underlying error.
        source: io::Error,
    },
}
