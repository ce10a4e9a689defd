//! `satsolve` on an incremental CNF (`p inccnf`): one answer block per cube, in input
//! order (the batch contract of issue 5; unlike CaDiCaL, which stops at the first
//! satisfiable cube).
//!
//! - The cdcl engine solves each cube on a root level of its own, dropping what it
//!   learnt for the cube afterwards; the other engines propagate the cube and search the
//!   simplified formula afresh; `--assumptions` solves the cubes under assumptions on
//!   one engine instead ([`crate::solver::cube_solver`] has the measurements). Clauses between
//!   cubes are added for good before the next cube.
//! - `--conflicts N` applies to each block. `--timeout` and Ctrl-C end the whole run: the
//!   block being solved and every later one are answered `s UNKNOWN` (the input is still
//!   read to its end, so the k-th block always answers the k-th cube).
//! - Exit code: 20 if any block is UNSAT, else 10 if every block is SAT, else 0 (some
//!   block UNKNOWN). A stream without cubes answers the base formula as one block.
//! - Output goes out in 64 KiB writes on a pipe or file (one syscall per puzzle would cost
//!   more than solving an easy one), block by block on a terminal.
//! - `--jobs N` (N > 1) hands chunks of cubes to N engines on N threads ([`super::jobs`]).

use std::io::{BufRead, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::answer::{push_block, Listing};
use super::atomic::AtomicFile;
use super::progress::Progress;
use super::satsolve::SolveOptions;
use super::{Failure, Source};
use crate::dimacs::{CubeReader, Dimacs};
use crate::model::AnswerFormat;
use crate::solver::cube_solver::{CubeSolver, EngineSetup};
use crate::solver::{Limits, Outcome};

/// Output gathered before a write on a pipe or file.
pub(super) const FLUSH_AT: usize = 64 * 1024;

/// The blocks answered so far, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `s SATISFIABLE` blocks.
    pub sat: u64,
    /// `s UNSATISFIABLE` blocks.
    pub unsat: u64,
    /// `s UNKNOWN` blocks.
    pub unknown: u64,
}

impl Tally {
    /// Counts one outcome.
    pub fn count(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Sat(_) => self.sat += 1,
            Outcome::Unsat => self.unsat += 1,
            Outcome::Unknown => self.unknown += 1,
        }
    }

    /// Adds another tally.
    pub fn add(&mut self, other: Tally) {
        self.sat += other.sat;
        self.unsat += other.unsat;
        self.unknown += other.unknown;
    }

    /// All blocks.
    pub fn blocks(&self) -> u64 {
        self.sat + self.unsat + self.unknown
    }

    /// The exit code of the run: 20 if any block is UNSAT, 10 if all are SAT, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.unsat > 0 {
            20
        } else if self.unknown == 0 {
            10
        } else {
            0
        }
    }
}

/// Where answers go, for a stream and for one formula alike: stdout, and the `--output`
/// file if there is one.
pub(super) struct BlockSink {
    stdout: BufWriter<std::io::StdoutLock<'static>>,
    /// The `--output` copy, published only when the whole run succeeds.
    file: Option<AtomicFile>,
    /// Stdout is a terminal: flush every block.
    interactive: bool,
}

impl BlockSink {
    /// A sink to stdout, and to a temporary file renamed to `output` at
    /// [`BlockSink::finish`].
    pub(super) fn new(output: Option<&PathBuf>) -> Result<BlockSink, Failure> {
        let file = match output {
            Some(path) => {
                Some(AtomicFile::create(path).map_err(|error| Failure::write(path, error))?)
            }
            None => None,
        };
        Ok(BlockSink {
            stdout: super::stdout(),
            file,
            interactive: std::io::stdout().is_terminal(),
        })
    }

    /// Writes `buf` and empties it when it is due: at [`FLUSH_AT`] bytes, or at once on
    /// a terminal.
    pub(super) fn offer(&mut self, buf: &mut Vec<u8>) -> Result<(), Failure> {
        if self.interactive || buf.len() >= FLUSH_AT {
            self.write(buf)?;
            buf.clear();
            if self.interactive {
                self.stdout.flush()?;
            }
        }
        Ok(())
    }

    /// Writes `bytes` to stdout (buffered) and to the `--output` file.
    pub(super) fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.stdout.write_all(bytes)?;
        if let Some(file) = &mut self.file {
            file.write_all(bytes)
                .map_err(|error| Failure::write(file.target(), error))?;
        }
        Ok(())
    }

    /// Pushes what stdout buffered (the `--output` file waits for [`BlockSink::finish`]).
    pub(super) fn flush(&mut self) -> Result<(), Failure> {
        self.stdout.flush()?;
        Ok(())
    }

    /// Ends a successful run: flushes stdout and publishes the `--output` file under its
    /// name. A sink dropped without this leaves no output file behind.
    pub(super) fn finish(mut self) -> Result<(), Failure> {
        self.stdout.flush()?;
        if let Some(file) = self.file.take() {
            let target = file.target().to_path_buf();
            file.commit()
                .map_err(|error| Failure::write(&target, error))?;
        }
        Ok(())
    }
}

/// What a stream run needs besides the formula.
pub(super) struct StreamContext {
    pub(super) stop: Arc<AtomicBool>,
    pub(super) signalled: Arc<AtomicBool>,
    pub(super) start: Instant,
    pub(super) parse_time: Duration,
}

/// Refuses the options that have no sound meaning on a stream (exit 2).
fn check_options(options: &SolveOptions) -> Result<(), Failure> {
    let refuse = |what: &str, why: &str| {
        Err(Failure::usage(format!(
            "{what} does not work on an incremental CNF (p inccnf): {why}"
        )))
    };
    if options.proof.is_some() {
        return refuse(
            "--proof",
            "an UNSAT answer under a cube's assumptions is no refutation of the formula",
        );
    }
    if options.models.is_some() {
        return refuse(
            "--models",
            "enumerate one puzzle at a time (sudoku2cnf --index K | satsolve --models N)",
        );
    }
    if options.print_cnf {
        return refuse(
            "--print-cnf",
            "it prints plain CNF, and cubes are not clauses",
        );
    }
    if options.format == AnswerFormat::Res {
        return refuse("--format res", "the course's .res form holds one answer");
    }
    Ok(())
}

/// Which literals the `v` lines list, for `options` and the base's projection.
pub(super) fn listing(options: &SolveOptions, base: &Dimacs) -> Listing {
    match (options.quiet, options.true_only, &base.show) {
        (true, _, _) => Listing::None,
        (false, false, _) => Listing::All,
        (false, true, Some(vars)) => Listing::TrueOnly(vars.clone()),
        (false, true, None) => Listing::TrueOnlyAll,
    }
}

/// Answers every cube of an incremental CNF; returns the exit code.
pub(super) fn run_stream<R: BufRead>(
    options: &SolveOptions,
    base: Dimacs,
    cubes: Box<CubeReader<R>>,
    context: &StreamContext,
) -> Result<u8, Failure> {
    check_options(options)?;
    let setup = EngineSetup {
        kind: options.engine,
        limits: Limits {
            conflicts: options.conflicts,
            interrupt: Some(Arc::clone(&context.stop)),
            timeout: options.timeout,
            restarts: options.restarts,
        },
        assumptions: options.assumptions,
    };
    let mut sink = BlockSink::new(options.output.as_ref())?;
    let mut progress = Progress::new(options.progress);
    let solve_start = Instant::now();
    let listing = listing(options, &base);
    let (tally, engine_stats) = if options.jobs > 1 {
        super::jobs::solve_parallel(
            options,
            &base,
            cubes,
            &setup,
            &listing,
            &mut sink,
            &mut progress,
        )?
    } else {
        let mut engine = CubeSolver::new(&base.cnf, &setup);
        let tally = solve_serial(
            &options.input,
            &mut engine,
            cubes,
            &context.stop,
            &listing,
            &mut sink,
            &mut progress,
        )?;
        let mut stats = Vec::new();
        engine.write_stats(&mut stats)?;
        (tally, stats)
    };
    sink.finish()?;
    progress.finish();
    if options.stats || context.signalled.load(Ordering::SeqCst) {
        let solve = solve_start.elapsed();
        print_stream_stats(&base, options, &tally, &engine_stats, context, solve);
    }
    Ok(tally.exit_code())
}

/// Solves the cubes one after the other on `engine`.
fn solve_serial<R: BufRead>(
    source: &Source,
    engine: &mut CubeSolver,
    mut cubes: Box<CubeReader<R>>,
    stop: &AtomicBool,
    listing: &Listing,
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
            engine.add_clause(clause);
        }
        let outcome = if stop.load(Ordering::Relaxed) {
            Outcome::Unknown
        } else {
            engine.solve(&cube.lits)
        };
        tally.count(&outcome);
        push_block(&mut buf, &outcome, listing);
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

/// The `--stats` report of a stream: the base, the engine counters, the blocks.
fn print_stream_stats(
    base: &Dimacs,
    options: &SolveOptions,
    tally: &Tally,
    engine_stats: &[u8],
    context: &StreamContext,
    solve: Duration,
) {
    let mut report = String::new();
    let mut line = |name: &str, value: String| report.push_str(&format!("c {name:<20} {value}\n"));
    line("variables", base.cnf.num_vars().to_string());
    line("base clauses", base.cnf.num_clauses().to_string());
    line("engine", options.engine.to_string());
    line("jobs", options.jobs.max(1).to_string());
    line("blocks", tally.blocks().to_string());
    line("blocks sat", tally.sat.to_string());
    line("blocks unsat", tally.unsat.to_string());
    line("blocks unknown", tally.unknown.to_string());
    let rate = tally.blocks() as f64 / solve.as_secs_f64().max(1e-9);
    line("blocks/s", format!("{rate:.0}"));
    line(
        "parse time",
        format!("{:.3} s", context.parse_time.as_secs_f64()),
    );
    line("solve time", format!("{:.3} s", solve.as_secs_f64()));
    line(
        "total time",
        format!("{:.3} s", context.start.elapsed().as_secs_f64()),
    );
    if let Some(megabytes) = super::peak_memory_mb() {
        line("peak memory", format!("{megabytes:.1} MB"));
    }
    let mut stderr = std::io::stderr().lock();
    // A closed stderr leaves no one to tell.
    let _ = stderr.write_all(engine_stats);
    let _ = stderr.write_all(report.as_bytes());
}
