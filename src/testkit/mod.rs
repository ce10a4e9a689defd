//! Test support: the oracles, checkers and lookups that the unit tests, the integration
//! tests (`tests/`), the examples and the differential fuzzer share, so that each exists
//! once.
//!
//! Compiled only with the `testkit` feature, which users never need: the crate's
//! dev-dependency on itself turns it on for `cargo test`, `cargo build --examples` and
//! `cargo clippy --all-targets`, so the library's unit tests (`crate::testkit`) and every
//! other target (`sudosat::testkit`) see the same code.
//!
//! The formula generators live in [`families`] (pigeonhole, random
//! k-SAT, random literals, parity chains, puzzles), which the long differential fuzzer
//! also draws from; this module holds what judges a solver's answer without trusting
//! it, and where test material outside the repository is found:
//!
//! - [`brute`]: satisfiability and model counts by trying every assignment;
//! - [`drat`]: DRAT decoders, a forward RUP checker sharing no code with the solver, and
//!   the adapter to the `dratify` crate;
//! - [`diffcheck`]: one instance through every engine, encoding and peer solver, every
//!   model and proof checked;
//! - [`streamcheck`]: one incremental CNF stream through every engine, scheme and thread
//!   count, each cube's answers against the peers on the cube's own formula;
//! - [`external`]: the `../shared` folder and peer solvers on `PATH`, both of which a
//!   test may skip without, except under `CI=true`, where a missing one fails the test;
//! - [`peers`]: MiniSat and CaDiCaL run on a CNF, their answers read by the library's
//!   reader and checked against their exit codes;
//! - [`fixtures`]: `testdata/`, scratch folders, puzzle files split into one CNF each,
//!   DIMACS text with a clause added;
//! - [`square`]: a square Sudoku's grid read from a model and its rules checked without
//!   the library's layout code.
//!
//! Like all test code, these panic on misuse (a formula too large to brute-force, a
//! fixture missing under `CI=true`) rather than return errors.

pub mod brute;
pub mod diffcheck;
pub mod drat;
pub mod external;
pub mod families;
pub mod fixtures;
pub mod peers;
pub mod square;
pub mod streamcheck;
