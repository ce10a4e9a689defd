//! SAT solving: the engines, the answer type every engine returns and the counters CDCL
//! keeps.
//!
//! Three engines sit behind one [`Engine`] trait, chosen by [`EngineKind`] and built by
//! [`new_engine`]: our CDCL solver ([`cdcl`]), the classic DPLL baseline ([`dpll`]) and the
//! splr crate ([`splr`]). See [`engine`] for what each honours of [`Limits`].
//!
//! [`Outcome`] is the one contract between a solver and the rest of the flow: a full
//! model (one value per variable, including variables no clause mentions), a proof-less
//! "unsatisfiable", or "gave up" when a limit or an interrupt stopped the search.
//! [`Stats`] counts the events every CDCL solver reports; printing time and memory is
//! left to the caller, which owns the clock and the process.
//!
//! The files depend one way, from the bottom up: [`stats`] and [`engine`] (the contract:
//! [`Outcome`], [`Limits`], the [`Engine`] trait) import no engine; the engines
//! ([`cdcl`], [`dpll`], [`splr`]) implement the contract; [`factory`] builds them; on top,
//! [`enumerate`] (models one by one) and the strategies for streams of cubes
//! ([`cube_solver`], over [`propagate`]) use whichever engine they are given.

pub mod cdcl;
pub mod cube_solver;
pub mod dpll;
pub mod engine;
pub mod enumerate;
pub mod factory;
pub mod propagate;
pub mod reasons;
pub mod splr;
pub mod stats;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod suite_tests;

pub use engine::{Engine, EngineKind, Limits, Outcome, UnknownEngine};
pub use factory::{new_cdcl, new_engine, new_engine_with_proof, ProofOutput, ProofUnsupported};
pub use stats::{write_counters, write_stat, Stats};
