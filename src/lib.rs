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
//!
//! # Using the library
//!
//! The whole flow in a program of its own: read a puzzle, encode it, solve the formula with
//! the CDCL solver, decode the model into a grid and check it against the rules and the
//! givens.
//!
//! ```
//! use sudosat::solver::{cdcl::Solver, Outcome};
//! use sudosat::{check_grid, decode_model, encode_sudoku, grid::parse_puzzles, Layout, ParseOptions};
//!
//! // AI Escargot, one of the hardest-known 9x9 puzzles; `.` is a blank.
//! let text = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
//! let puzzle = &parse_puzzles(text, &ParseOptions::default()).unwrap()[0];
//! let layout = Layout::square(9).unwrap();
//!
//! let encoding = encode_sudoku(&puzzle.grid, &layout).unwrap();
//! let Outcome::Sat(assignment) = Solver::new(&encoding.cnf).solve() else {
//!     panic!("the puzzle has a solution");
//! };
//! let solution = decode_model(&assignment, &layout).unwrap();
//!
//! assert!(check_grid(&solution, &layout, Some(&puzzle.grid), false).is_empty());
//! assert!(solution.to_string().starts_with("162857493")); // the first row
//! ```
//!
//! The command-line programs live behind the default `cli` feature (module `cli`); a
//! program that needs only the library depends on `sudosat` with `default-features =
//! false` and compiles no argument parser, terminal or plotting crate.

pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod cnf;
pub mod dimacs;
pub mod encode;
pub mod gen;
pub mod grid;
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
