//! sudosat: solve, check and generate Sudoku-family puzzles through SAT.
//!
//! The library owns every step of one flow; each binary joins a few arrows of it:
//!
//! ```text
//! puzzle text --grid::parse--> Grid + Layout --encode--> Cnf --dimacs::write--> DIMACS
//! DIMACS --dimacs::read--> Cnf --solver--> Outcome --model::write--> s/v lines
//! s/v lines --model::read--> Model --encode::decode--> Grid --check--> violations
//! ```
//!
//! Any external DIMACS solver can replace the `solver` arrow: the only contract between
//! the stages is text (DIMACS in, SAT-competition answer out).

pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod cnf;
pub mod dimacs;
pub mod encode;
pub mod gen;
pub mod grid;
pub mod human;
pub mod layout;
pub mod lit;
pub mod model;
pub mod play;
pub mod rng;
pub mod solver;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod text;

pub use check::{check_grid, Violation};
pub use cnf::Cnf;
pub use encode::{decode_model, encode_sudoku, Encoding, VarMap};
pub use grid::{Grid, ParseOptions, Puzzle, PuzzleError, PuzzleReader};
pub use layout::{House, HouseKind, Layout};
pub use lit::{Lit, Var};
