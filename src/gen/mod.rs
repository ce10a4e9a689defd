//! Generating solved grids and puzzles, and rating puzzles: the library side of
//! `sudokugen`.
//!
//! - [`grids`]: N distinct solved square grids by construction (first-row permutation ×
//!   row-shift pattern); other layouts by solver enumeration with blocking clauses.
//! - `grid_text`: the construction's grids as text at disk speed (each grid patched from
//!   the previous one, 1 MiB buffers made by a helper thread while this one writes).
//! - [`random`]: random solved grids of any layout (a randomised solver search plus a
//!   random symmetry of the layout), reproducible from a seed.
//! - [`puzzles`]: puzzles with exactly one solution, by digging holes in a random solved
//!   grid and checking each removal: by `bitboard` (an exact bitset search) on boards
//!   made of houses, by the in-process CDCL (the givens as a cube) otherwise, after a
//!   look among the second solutions found so far (`witnesses`).
//! - [`rate`]: a difficulty scale by the reasoning a SAT solver needs (unit propagation,
//!   failed-literal probing, search), with our own small propagation engine.

mod bitboard;
mod grid_text;
pub mod grids;
mod hanidoku_table;
#[cfg(test)]
mod oracle;
pub mod puzzles;
pub mod random;
pub mod sat_level;
pub(crate) mod symmetry;
mod witnesses;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::cnf::Cnf;
use crate::encode::{encode_with, EncodeOptions, EncodingKind, LineEncoding};
use crate::grid::Grid;
use crate::layout::Layout;

/// Everything that can go wrong while generating or rating.
#[derive(Debug, Error)]
pub enum GenError {
    /// A count of zero grids or puzzles.
    #[error("the count must be a positive integer, not 0")]
    ZeroCount,
    /// More grids than the construction (or the layout) can make distinct.
    #[error("{layout} has only {available} distinct grids of this construction, fewer than the {requested} asked for{hint}")]
    TooMany {
        /// The layout's name.
        layout: String,
        /// How many distinct grids can be made.
        available: u128,
        /// How many were asked for.
        requested: u64,
        /// What to change, e.g. "(drop --first)".
        hint: &'static str,
    },
    /// `--first D` with D outside `1..=n`.
    #[error("--first {digit} is not a digit of {layout} (1..={size})")]
    BadFirst {
        /// The digit given.
        digit: u32,
        /// The layout's name.
        layout: String,
        /// Its digit count.
        size: usize,
    },
    /// An output format that cannot write this layout's grids.
    #[error("the line format has no symbols for {size}x{size} grids (use --format block)")]
    NoLineFormat {
        /// The grid size.
        size: usize,
    },
    /// What a layout cannot do.
    #[error("{0}")]
    Unsupported(String),
    /// A clue count that no puzzle of the layout can have.
    #[error("--clues {clues} is outside 1..={cells} for {layout}")]
    BadClues {
        /// The clue count given.
        clues: usize,
        /// The layout's cell count.
        cells: usize,
        /// The layout's name.
        layout: String,
    },
    /// The attempt budget ran out before a puzzle met the request (exit 1, not a usage error).
    #[error("no puzzle {what} after {attempts} attempts (raise --attempts, or ask for less)")]
    Budget {
        /// What was asked, e.g. "with 17 clues".
        what: String,
        /// The attempts made.
        attempts: u64,
    },
    /// The layout has no (further) solution: a broken layout file, or all grids listed.
    #[error("{layout} has no further solution: only {found} distinct grids exist")]
    Exhausted {
        /// The layout's name.
        layout: String,
        /// Grids found before the solver answered UNSAT.
        found: u64,
    },
    /// Encoding failed (a layout the encoder refuses).
    #[error("{0}")]
    Encode(#[from] crate::encode::EncodeError),
    /// Writing the output failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl GenError {
    /// The exit code of `sudokugen` for this error: 1 for a budget that ran out or an
    /// output failure, 2 for bad usage or input.
    pub fn exit_code(&self) -> u8 {
        match self {
            GenError::Budget { .. } | GenError::Io(_) | GenError::Exhausted { .. } => 1,
            _ => 2,
        }
    }
}

/// How grids and puzzles are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// The course block format: n rows of n numbers (`0` blank), a blank line after each
    /// grid; the honeycomb as its 9 rows of digits.
    #[default]
    Block,
    /// One grid per line, one symbol per cell (`.` blank), as `sudoku2cnf` reads.
    Line,
}

impl FromStr for OutputFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<OutputFormat, String> {
        match text {
            "block" => Ok(OutputFormat::Block),
            "line" => Ok(OutputFormat::Line),
            other => Err(format!("unknown format `{other}` (expected block or line)")),
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Block => "block",
            OutputFormat::Line => "line",
        })
    }
}

/// Appends `grid` to `out` in `format` (slow path, one grid at a time: puzzles and
/// enumerated grids; the million-grid path is [`grids::Construction::write`]).
pub fn push_grid(
    out: &mut Vec<u8>,
    grid: &Grid,
    layout: &Layout,
    format: OutputFormat,
) -> Result<(), GenError> {
    match format {
        OutputFormat::Line => {
            let line = crate::grid::to_line(grid).ok_or(GenError::NoLineFormat {
                size: layout.size(),
            })?;
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        OutputFormat::Block => {
            out.extend_from_slice(crate::grid::format::to_block_for(grid, layout).as_bytes());
            out.push(b'\n');
        }
    }
    Ok(())
}

/// The clauses of the empty grid of `layout` (extended encoding, no givens): the formula
/// every incremental check of this module solves under assumptions. The compact encoding
/// would bake givens into the clauses, which is exactly what must stay changeable.
pub fn empty_grid_cnf(layout: &Layout) -> Result<Cnf, GenError> {
    extended_cnf(&Grid::empty_for(layout), layout)
}

/// The empty grid's clauses for the generator's uniqueness checks: the extended encoding
/// with the `starts` line encoding (a variable per line and run start), the stream's
/// default when it was measured (docs/experiments.md, "Round 3"). Only the checker reads
/// it: its verdicts are exact under any equivalent encoding, so the puzzles made do not
/// change (the random grids keep [`empty_grid_cnf`], whose search draws them).
pub fn checker_cnf(layout: &Layout) -> Result<Cnf, GenError> {
    let options = EncodeOptions {
        kind: EncodingKind::Extended,
        lines: LineEncoding::Starts,
        break_symmetry: false,
    };
    Ok(encode_with(&Grid::empty_for(layout), layout, &options)?.cnf)
}

/// The extended encoding of `grid` and its givens, without symmetry breaking.
pub(crate) fn extended_cnf(grid: &Grid, layout: &Layout) -> Result<Cnf, GenError> {
    let options = EncodeOptions {
        kind: EncodingKind::Extended,
        lines: LineEncoding::Runs,
        break_symmetry: false,
    };
    Ok(encode_with(grid, layout, &options)?.cnf)
}
