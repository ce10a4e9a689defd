//! The puzzle as a game: the state behind `sudoplay`, with no terminal code in it.
//!
//! - [`game`]: the board, moves as cell changes with undo and redo without limit, pencil
//!   marks, counters, the clock, checking against the rules and the solution.
//! - [`solve`]: the unique solution, proven by the CDCL before play starts.
//! - [`coach`]: hints in three levels from the technique ladder (`crate::human`): named,
//!   shown, applied. The one hint engine of the game.
//! - [`moves`]: moving the selection, four directions or six on the honeycomb (the
//!   terminal and the browser game share it).
//! - [`probe`]: what unit propagation over the board's CNF leaves one cell (the `H` key),
//!   and a broken rule named in the words of the board ("6 in box 5").
//! - [`candidates`]: auto candidates (the digits peers and run lines leave a cell), and
//!   pencil marks that leave out the solution's digit.
//! - [`save`]: saved games as small text files.
//! - [`stats`]: the record of solved games, and best and median times per level.
//!
//! The terminal front end (`cli::sudoplay`) only draws this state and turns keys into
//! [`Action`]s, so everything a player can do is testable here without a terminal.

pub mod candidates;
pub mod coach;
pub mod game;
pub mod moves;
pub mod probe;
pub mod save;
pub mod solve;
pub mod stats;

#[cfg(test)]
mod tests;

use thiserror::Error;

pub use crate::human::cell_name;
pub use coach::{Advice, Coach, Lesson, Unmarked};
pub use game::{Action, CellState, Change, Clock, Counters, Game, RuleBreak};
pub use probe::{CandidateProbe, Candidates};
pub use save::{read_save, save_text, SaveError, SavedGame};
pub use solve::{empty_board_cnf, solutions, Solutions};
pub use stats::{GameRecord, StatsError, Summary};

use crate::grid::Grid;
use crate::layout::Layout;

/// Why a move or a game could not be made.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    /// The cell is a given of the puzzle.
    #[error("{0} is a given and cannot change")]
    Given(String),
    /// A pencil mark on a cell that holds a digit.
    #[error("{0} holds a digit: clear it before pencilling")]
    Filled(String),
    /// A digit outside the board's digits.
    #[error("{digit} is not a digit of this board (1..={size})")]
    NotADigit {
        /// The digit typed.
        digit: u8,
        /// The board's digit count.
        size: usize,
    },
    /// A cell index outside the board (a caller bug, reported rather than panicking).
    #[error("there is no cell {0}")]
    NoCell(usize),
    /// The move would change nothing.
    #[error("{0}")]
    Unchanged(String),
    /// Undo with no move left.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Redo with no undone move.
    #[error("nothing to redo")]
    NothingToRedo,
    /// The solver stopped without an answer (it has no limit set, so this is a bug).
    #[error("the solver gave no answer")]
    Undecided,
    /// The board could not be encoded.
    #[error("{0}")]
    Encode(#[from] crate::encode::EncodeError),
    /// A model that is no grid (an internal inconsistency).
    #[error("{0}")]
    Decode(#[from] crate::encode::DecodeError),
}

/// A game ready to play: the state, and the candidate probe when the puzzle has a unique
/// solution.
pub struct Prepared {
    /// The game.
    pub game: Game,
    /// What propagation leaves a cell (`H`), when the solution is unique.
    pub probe: Option<CandidateProbe>,
    /// What the solver found.
    pub solutions: Solutions,
}

/// Solves `givens`, proves uniqueness, and sets up a new game (no probe without a unique
/// solution; [`Solutions::None`] is for the caller to refuse).
pub fn prepare(layout: &Layout, givens: &Grid) -> Result<Prepared, PlayError> {
    let cnf = empty_board_cnf(layout)?;
    let solutions = solutions(layout, givens, &cnf)?;
    let (solution, probe) = match &solutions {
        Solutions::Unique(solution) => (
            Some(solution.clone()),
            Some(CandidateProbe::new(layout, &cnf)),
        ),
        _ => (None, None),
    };
    Ok(Prepared {
        game: Game::new(layout, givens, solution),
        probe,
        solutions,
    })
}
