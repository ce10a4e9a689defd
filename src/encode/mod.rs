//! From grids to CNF and from models back to grids.
//!
//! Every variable "cell holds digit" is numbered by [`VarMap`] and nowhere else, in every
//! encoding, so [`decode_model`] reads every encoding's models the same way. Four clause
//! sets ([`EncodingKind`], `sudoku2cnf --encoding NAME`; Lynce & Ouaknine 2006, Kwon &
//! Jain 2006), with their clause counts for the empty 9x9 (729 variables):
//!
//! | encoding | what it writes | empty 9x9 |
//! |---|---|---|
//! | `minimal` | cell at-least-one (81); per house and digit, pairwise at-most-one (8,748) | 8,829 |
//! | `efficient` | minimal + cell at-most-one, `¬a ∨ ¬b` per pair of digits (2,916) | 11,745 |
//! | `extended` | efficient + per full house and digit at-least-one (243) | 11,988 |
//! | `compact` (default of `sudoku2cnf`) | extended after propagating the givens (`compact` module docs): satisfied clauses dropped, false literals removed, fixed variables as trailing units | 11,988 (a 17-clue puzzle: about 1,200, of which about 650 units) |
//!
//! Every encoding except `compact` adds one unit clause per given. `minimal` is exact
//! because every cell lies in a full house (a row): n cells, each with a digit, no digit
//! twice. That fails on Hanidoku, whose lines are shorter than the digit count, so
//! `minimal` is refused there; `efficient` and `extended` write the same formula there
//! (it has no houses, only run lines, whose clauses every encoding keeps; see
//! `hanidoku` module), and `compact` propagates it.
//!
//! Clause order is fixed (cells in reading order, then houses in layout order with digits
//! ascending, then the run clauses of the layout's lines, then givens, then symmetry
//! breaking, then `compact`'s units), so the same puzzle always gives byte-identical DIMACS.
//!
//! Layouts with consecutive-run lines (Hanidoku) add the clauses of a line encoding
//! ([`LineEncoding`], `sudoku2cnf --lines NAME`), each exact on its own, with its size for
//! the empty honeycomb under `extended`:
//!
//! | lines | what it writes per line of m cells | empty honeycomb |
//! |---|---|---|
//! | `runs` | distinct digits; each mandatory digit `10−m..=m` appears; "i or j appears" per low/high pair (`hanidoku` module) | 549 variables, 7,468 clauses |
//! | `span` | distinct digits; no two cells hold digits m or more apart, binaries (`honeycomb` module) | 549, 10,597 |
//! | `runs-span` | both | 549, 10,840 |
//! | `presence` (default of `sudoku2cnf`) | distinct and mandatory digits as `runs`; `p(d)` ↔ "d appears" per other digit; span and low/high pairs as binaries over `p` (`presence` module) | 669, 8,428 |
//! | `order` | `presence` + ladders `p(d−1) → p(d)` outside the mandatory digits: the order encoding of the run's start | 669, 8,500 |
//! | `starts` | `presence` + one variable per possible run start, exactly one: the direct encoding | 753, 8,932 |
//!
//! Run lines of at most half the digits (honeycomb layout files) get the span clauses
//! under `runs` and `runs-span`, whose other clauses would be wrong there. Auxiliary
//! variables are numbered after the cell variables, as the encoder's clause sink hands them
//! out; the `p show` projection and [`decode_model`] read the cell variables only.
//!
//! **Symmetry breaking** (`--break-symmetry`, [`EncodeOptions::break_symmetry`]) adds
//! value-precedence clauses over the digits no given uses; the argument that this keeps
//! satisfiability (and changes solution counts) is in the `symmetry` module docs.

mod batch;
mod clauses;
mod compact;
mod hanidoku;
mod header;
mod honeycomb;
mod options;
mod presence;
mod sudoku;
mod symmetry;
mod varmap;

use thiserror::Error;

pub use batch::{encode_batch_base, push_cube, push_presolved_cube};
pub use header::{read_cnf_header, read_header_comments, HeaderError, HeaderInfo};
pub use options::{
    EncodeOptions, EncodingKind, LineEncoding, UnknownEncoding, UnknownLineEncoding,
};
pub use sudoku::{encode_sudoku, encode_with};
pub use varmap::VarMap;

use crate::cnf::Cnf;
use crate::grid::format::and_list;
use crate::grid::Grid;
use crate::layout::Layout;

/// A formula plus the comment lines that describe it (without the leading `c `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// The clauses, over exactly [`VarMap::num_vars`] variables.
    pub cnf: Cnf,
    /// Header comments: tool version, layout, numbering, puzzle, `p show` projection.
    pub comments: Vec<String>,
}

/// Grid and layout do not fit together.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum EncodeError {
    /// The grid's digit count or cell count is not the layout's.
    #[error("a {grid_size}x{grid_size} grid does not fit layout {layout}")]
    SizeMismatch {
        /// The grid size.
        grid_size: usize,
        /// The layout's name.
        layout: String,
    },
    /// An encoding or option that does not work on this layout.
    #[error("{what} does not work on layout {layout}: {reason}")]
    Unsupported {
        /// The encoding or option, e.g. `encoding minimal`.
        what: String,
        /// The layout's name.
        layout: String,
        /// Why.
        reason: String,
    },
}

/// A model that does not describe a grid. Rows and columns are 1-based.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DecodeError {
    /// The assignment has fewer values than there are cell variables.
    #[error("the model assigns {found} variables but layout {layout} needs {expected}")]
    TooShort {
        /// The layout's name.
        layout: String,
        /// cells × digits.
        expected: usize,
        /// The assignment's length.
        found: usize,
    },
    /// No digit variable of a cell is true.
    #[error("row {row} column {col}: no digit is true")]
    NoDigit {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// Several digit variables of a cell are true.
    #[error("row {row} column {col}: digits {} are all true", and_list(.digits))]
    SeveralDigits {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The true digits, ascending.
        digits: Vec<u8>,
    },
    /// The decoded cells do not make a grid of the layout (an internal inconsistency).
    #[error("layout {0} cannot hold the decoded cells")]
    NotAGrid(String),
}

/// Reads the grid out of a model: `assignment[i]` is the value of [`Var`](crate::Var)
/// index `i`. Only the cells × n cell variables are read, so extra (auxiliary) variables
/// are fine. Rows and columns in errors are those of [`Layout::position`]. A cell with no true digit or several is an error, never a guess.
///
/// ```
/// use sudosat::encode::{decode_model, VarMap};
/// use sudosat::layout::Layout;
/// let layout = Layout::square(1).unwrap();
/// assert_eq!(decode_model(&[true], &layout).unwrap().get(0, 0), 1);
/// assert_eq!(
///     decode_model(&[false], &layout).unwrap_err().to_string(),
///     "row 1 column 1: no digit is true"
/// );
/// ```
pub fn decode_model(assignment: &[bool], layout: &Layout) -> Result<Grid, DecodeError> {
    let size = layout.size();
    let map = VarMap::for_layout(layout);
    if assignment.len() < map.num_vars() {
        return Err(DecodeError::TooShort {
            layout: layout.name().to_string(),
            expected: map.num_vars(),
            found: assignment.len(),
        });
    }
    let mut cells = Vec::with_capacity(layout.num_cells());
    for cell in 0..layout.num_cells() {
        let digits: Vec<u8> = (1..=size as u8)
            .filter(|&digit| assignment[map.cell_var(cell, digit).index()])
            .collect();
        let (row, col) = layout.position(cell);
        let (row, col) = (row + 1, col + 1);
        match digits.as_slice() {
            [digit] => cells.push(*digit),
            [] => return Err(DecodeError::NoDigit { row, col }),
            _ => return Err(DecodeError::SeveralDigits { row, col, digits }),
        }
    }
    Grid::for_layout(layout, cells).map_err(|_| DecodeError::NotAGrid(layout.name().to_string()))
}

/// A readable summary of a formula for `--stats`: counts, then clauses by length.
///
/// ```
/// use sudosat::encode::{encode_sudoku, encoding_stats};
/// use sudosat::{grid::Grid, layout::Layout};
/// let encoding = encode_sudoku(&Grid::empty(4).unwrap(), &Layout::square(4).unwrap()).unwrap();
/// let stats = encoding_stats(&encoding.cnf);
/// assert!(stats.starts_with("variables      64\nclauses       "));
/// ```
pub fn encoding_stats(cnf: &Cnf) -> String {
    let mut text = format!(
        "variables {:>7}\nclauses   {:>7}\nliterals  {:>7}\nclauses by length:\n",
        cnf.num_vars(),
        cnf.num_clauses(),
        cnf.num_lits()
    );
    for (length, &count) in cnf.clause_length_histogram().iter().enumerate() {
        if count > 0 {
            text.push_str(&format!("  {length:>3} literals {count:>9}\n"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The assignment that makes exactly the grid's digits true.
    fn assignment_of(grid: &Grid) -> Vec<bool> {
        let map = VarMap::new(grid.size());
        let mut values = vec![false; map.num_vars()];
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                values[map.cell_var(cell, digit).index()] = true;
            }
        }
        values
    }

    fn latin4() -> Grid {
        let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1].to_vec();
        Grid::from_cells(4, cells).unwrap()
    }

    #[test]
    fn decoding_inverts_the_assignment() {
        let layout = Layout::square(4).unwrap();
        let grid = latin4();
        let mut values = assignment_of(&grid);
        assert_eq!(decode_model(&values, &layout).unwrap(), grid);
        values.extend([true, true]);
        assert_eq!(
            decode_model(&values, &layout).unwrap(),
            grid,
            "auxiliary vars"
        );
    }

    #[test]
    fn decoding_rejects_empty_and_crowded_cells_and_short_models() {
        let layout = Layout::square(4).unwrap();
        let map = VarMap::new(4);
        let mut values = assignment_of(&latin4());
        values[map.var(1, 2, 1).index()] = false;
        assert_eq!(
            decode_model(&values, &layout).unwrap_err().to_string(),
            "row 2 column 3: no digit is true"
        );
        values[map.var(1, 2, 1).index()] = true;
        values[map.var(1, 2, 4).index()] = true;
        values[map.var(1, 2, 2).index()] = true;
        assert_eq!(
            decode_model(&values, &layout).unwrap_err().to_string(),
            "row 2 column 3: digits 1, 2 and 4 are all true"
        );
        assert_eq!(
            decode_model(&values[..63], &layout)
                .unwrap_err()
                .to_string(),
            "the model assigns 63 variables but layout square 4 needs 64"
        );
        assert!(matches!(
            decode_model(&[], &Layout::square(9).unwrap()),
            Err(DecodeError::TooShort { expected: 729, .. })
        ));
    }

    #[test]
    fn stats_list_every_clause_length() {
        let encoding = encode_sudoku(&latin4(), &Layout::square(4).unwrap()).unwrap();
        let stats = encoding_stats(&encoding.cnf);
        assert!(stats.contains("\n    1 literals        16\n"), "{stats}");
        assert!(stats.contains("\n    2 literals       "), "{stats}");
        assert!(stats.contains("\n    4 literals       "), "{stats}");
        assert!(!stats.contains(" 3 literals"), "{stats}");
    }
}
