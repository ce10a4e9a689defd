//! `satsolve` on an incremental CNF (`p inccnf`): one answer block per cube, in input
//! order (the batch contract of docs/streams.md; unlike CaDiCaL, which stops at the first
//! satisfiable cube).
//!
//! - The cdcl engine solves each cube on a root level of its own, dropping afterwards
//!   what it learnt from the cube (clauses learnt from the base alone stay); the other engines propagate the cube and search the
//!   simplified formula afresh; `--assumptions` solves the cubes under assumptions on
//!   one engine instead ([`crate::solver::cube_solver`] has the measurements). Clauses between
//!   cubes are added for good before the next cube.
//! - `--conflicts N` applies to each block. `--timeout` and Ctrl-C end the whole run: the
//!   block being solved and every later one are answered `s UNKNOWN` (the input is still
//!   read to its end, so the k-th block always answers the k-th cube).
//! - Exit code: 20 if any block is UNSAT, else 10 if every block is SAT, else 0 (some
//!   block UNKNOWN). A stream without cubes answers the base formula as one block.
//! - Output goes out in 64 KiB writes on a pipe or file (one syscall per puzzle would cost
//!   more than solving an easy one), block by block on a terminal ([`super::sink`]).
//! - `--jobs N` (N > 1) hands chunks of cubes to N engines on N threads ([`super::jobs`]);
//!   one job answers the cubes here, with the same per-cube step ([`super::cube`]).
//!   Without `--jobs`, N is the machine's available parallelism (the caller resolves it).
//! - `--models N`: each cube's answer is a group of up to N models under a `c cube`
//!   line ([`super::cube`]); blocks and the exit code count cubes, as without it.
//!
//! The options that make no sense on a stream are refused by the caller before it
//! comes here; this module sees only the [`StreamRun`] cut from them.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::cube::{Answerer, ModelsPlan, Tally};
use super::jobs::Pool;
use super::sink::BlockSink;
use super::stats::{write_times, Times};
use crate::cli::answer::Listing;
use crate::cli::progress::{Progress, ProgressMode};
use crate::cli::{Failure, Source, FLUSH_AT};
use crate::dimacs::{CubeReader, Dimacs};
use crate::solver::cube_solver::EngineSetup;
use crate::solver::write_stat;

/// What a stream run needs besides the formula.
pub(super) struct StreamRun<'a> {
    /// The input, for messages.
    pub(super) source: &'a Source,
    /// How each engine is built; its interrupt is the run's stop flag.
    pub(super) engine: EngineSetup,
    /// Worker threads (1: one, on this thread), resolved from `--jobs`.
    pub(super) jobs: usize,
    /// Which literals the `v` lines list.
    pub(super) listing: Listing,
    /// `--models N`: up to N models per cube, each cube's blocks under a `c cube` line.
    pub(super) models: Option<ModelsPlan>,
    /// The `--output` file.
    pub(super) output: Option<&'a PathBuf>,
    /// When progress shows on stderr.
    pub(super) progress: ProgressMode,
    /// `--stats`: the report on stderr at the end (also printed after Ctrl-C).
    pub(super) stats: bool,
    /// Set by the first Ctrl-C.
    pub(super) signalled: Arc<AtomicBool>,
    /// When the run started, and how long reading the base took.
    pub(super) start: Instant,
    pub(super) parse_time: Duration,
}

/// Answers every cube of an incremental CNF; returns the exit code.
pub(super) fn run_stream<R: BufRead>(
    run: &StreamRun,
    base: Dimacs,
    cubes: Box<CubeReader<R>>,
) -> Result<u8, Failure> {
    let mut sink = BlockSink::new(run.output)?;
    let mut progress = Progress::new(run.progress);
    let solve_start = Instant::now();
    let (tally, engine_stats) = if run.jobs > 1 {
        let pool = Pool::spawn(
            run.jobs,
            &run.engine,
            &run.listing,
            run.models.as_ref(),
            &base.cnf,
        );
        pool.solve(cubes, run.source, &mut sink, &mut progress)?
    } else {
        let models = run.models.as_ref();
        let mut answerer = Answerer::new(&base.cnf, &run.engine, run.listing.clone(), models);
        let tally = solve_serial(run.source, &mut answerer, cubes, &mut sink, &mut progress)?;
        let mut stats = Vec::new();
        answerer.write_stats(&mut stats)?;
        (tally, stats)
    };
    sink.finish()?;
    progress.finish();
    if run.stats || run.signalled.load(Ordering::SeqCst) {
        let solve = solve_start.elapsed();
        print_stream_stats(&base, run, &tally, &engine_stats, solve)?;
    }
    Ok(tally.exit_code())
}

/// Answers the cubes one after the other.
fn solve_serial<R: BufRead>(
    source: &Source,
    answerer: &mut Answerer,
    mut cubes: Box<CubeReader<R>>,
    sink: &mut BlockSink,
    progress: &mut Progress,
) -> Result<Tally, Failure> {
    let mut tally = Tally::default();
    let mut buf = Vec::with_capacity(FLUSH_AT + 16 * 1024);
    let mut any = false;
    loop {
        let cube = match cubes.next() {
            None if any => break,
            // No cube at all: the base formula is the one question.
            None => Default::default(),
            Some(Ok(cube)) => cube,
            Some(Err(error)) => {
                // The blocks already answered stay answered.
                sink.write(&buf)?;
                sink.flush()?;
                return Err(Failure::error_in(source, error));
            }
        };
        any = true;
        for clause in cube.clauses.clauses() {
            answerer.add_clause(clause);
        }
        answerer.answer(
            tally.blocks() as usize + 1,
            &cube.lits,
            &mut buf,
            &mut tally,
        );
        sink.offer(&mut buf)?;
        progress.advance(1);
        if tally.blocks() == 1 && cube.line == 0 {
            break;
        }
    }
    for warning in cubes.take_warnings() {
        eprintln!("satsolve: warning: {source}: {warning}");
    }
    sink.write(&buf)?;
    Ok(tally)
}

/// The `--stats` report of a stream: the engine counters, the base, the blocks, the times.
fn print_stream_stats(
    base: &Dimacs,
    run: &StreamRun,
    tally: &Tally,
    engine_stats: &[u8],
    solve: Duration,
) -> Result<(), Failure> {
    let mut report = engine_stats.to_vec();
    let out: &mut dyn Write = &mut report;
    write_stat(out, "variables", base.cnf.num_vars())?;
    write_stat(out, "base clauses", base.cnf.num_clauses())?;
    write_stat(out, "engine", run.engine.kind)?;
    write_stat(out, "jobs", run.jobs.max(1))?;
    write_stat(out, "blocks", tally.blocks())?;
    write_stat(out, "blocks sat", tally.sat)?;
    write_stat(out, "blocks unsat", tally.unsat)?;
    write_stat(out, "blocks unknown", tally.unknown)?;
    if run.models.is_some() {
        write_stat(out, "models", tally.models)?;
    }
    let rate = tally.blocks() as f64 / solve.as_secs_f64().max(1e-9);
    write_stat(out, "blocks/s", format_args!("{rate:.0}"))?;
    let times = Times {
        parse: run.parse_time,
        solve,
        total: run.start.elapsed(),
    };
    write_times(out, &times)?;
    // A closed stderr leaves no one to tell.
    let _ = std::io::stderr().lock().write_all(&report);
    Ok(())
}
