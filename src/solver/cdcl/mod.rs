//! `satsolve`'s own CDCL solver (work in progress: building blocks only).

mod clause_db;
mod trail;
mod watch;
mod heap;
mod decide;
mod restart;
mod analyze;
mod reduce;
