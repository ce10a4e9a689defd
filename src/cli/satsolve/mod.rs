//! The body of `satsolve`: read a formula, build an engine, solve (or enumerate models),
//! write the answers and statistics. The binary only parses flags into [`SolveOptions`].
//!
//! An incremental CNF (`p inccnf`, one cube per puzzle) is answered block by block by
//! the `stream` module; everything else is one formula, one answer, here.
//!
//! The files depend one way, top down: this one (the options, the one-formula path);
//! `stream.rs` (a stream, serial); `jobs.rs` (a stream on N threads); at the bottom
//! `cube.rs` (one cube, one answer block), `sink.rs` (stdout and the `--output` file) and
//! `stats.rs` (the closing lines of `--stats`). The lower ones get narrow set-ups cut
//! from [`SolveOptions`] (an [`EngineSetup`], a `StreamRun`), never the options
//! themselves.
//!
//! Limits share one stop flag: the time-out thread and the Ctrl-C handler set it, every
//! engine polls it, and the search ends in `s UNKNOWN` (never a wrong `s` line).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use self::cube::ModelsPlan;
use self::sink::BlockSink;
use self::stats::{write_times, Times};
use self::stream::{run_stream, StreamRun};
use super::answer::{push_block, Listing};
use super::atomic::AtomicFile;
use super::progress::ProgressMode;
use super::{Failure, Source};
use crate::cnf::Cnf;
use crate::dimacs::{read_formula, write_dimacs, Dimacs, Formula, ReadOptions};
use crate::model::{write_answer, AnswerFormat};
use crate::solver::cdcl::{self, ProofFormat, RestartPolicy};
use crate::solver::cube_solver::EngineSetup;
use crate::solver::enumerate::{enumerate, EnumerationEnd};
use crate::solver::{
    new_engine, new_engine_with_proof, write_stat, Engine, EngineKind, Limits, Outcome, ProofOutput,
};

mod cube;
mod jobs;
mod sink;
mod stats;
mod stream;

pub use cube::Tally;

/// The `--help` text after the options: input, streams, output, engines, proofs, limits
/// and exit codes, kept beside the code that honours them.
pub const AFTER_HELP: &str = "\
INPUT:
  DIMACS CNF, plain or compressed with gzip, xz, bzip2 or lzma (detected from the content,
  not the name). By default the reader is lenient: comments anywhere, a SATLIB '%' line
  ends the formula, a header whose counts are off only draws a warning. --strict applies
  the SAT competition rules instead.
  'c p show <vars> 0' lines name the variables models are projected on (--models).

STREAMS (incremental CNF, p inccnf; what sudoku2cnf writes for a file of puzzles):
  Every 'a <literals> 0' line (a cube) is answered, in input order, with its own block:
  s SATISFIABLE and v lines, s UNSATISFIABLE, or s UNKNOWN. The formula is the clauses
  read so far (clauses after a cube hold for every later cube); the cube's literals are
  assumptions for that block only. Unlike CaDiCaL, which stops at the first satisfiable
  cube, every cube gets an answer. The cdcl engine is built once; each cube is solved
  with its literals as facts on a root level, and what was learnt for it is dropped
  after its answer. The dpll and splr engines unit-propagate each cube (a conflict:
  UNSAT; every clause satisfied: the model) and otherwise search the simplified formula
  afresh. --assumptions instead solves every cube under assumptions on one engine (cdcl
  keeps its learnt clauses from block to block; slower on Sudoku, whose learnt clauses
  then carry the negated givens). A stream without cubes answers the formula once.
  --conflicts N applies to each block; --timeout and Ctrl-C end the run: the block being
  solved and all later ones are answered s UNKNOWN, so the k-th block always answers the
  k-th cube. Blocks are solved in chunks on N threads, each with its own engine: N is
  --jobs N, by default the machine's available parallelism; --jobs 1 solves on one
  thread. The answers are the same, in input order, whatever N (except that a puzzle
  with several solutions may show another one). --models N answers each cube K with up to N models
  under the line 'c cube K models M exact|limit|unknown' (exact: no other model exists;
  limit: N found, more may; unknown: the search gave up), then M SAT blocks, or for M = 0
  one s UNSATISFIABLE (exact) or s UNKNOWN block; the models of a cube are sorted.
  --proof, --print-cnf and --format res are refused on a stream (exit 2).
  Progress (a spinner with the count and rate) goes to stderr when it is a terminal and
  the run lasts over a second; --progress forces it (plain lines when stderr is not a
  terminal), --no-progress hides it. On a pipe or file, answers are written in 64 KiB
  pieces; on a terminal, block by block.

OUTPUT (stdout):
  SAT competition format: s SATISFIABLE / s UNSATISFIABLE / s UNKNOWN, then for SAT the
  model as 'v' lines (at most 78 characters each, the last ending in 0). --format res
  writes the course's .res form instead (s 1 / s 0 / s -1, v lines, t <milliseconds>).
  With --models N, one s/v block per model (on a stream, per cube as above). --true-only lists only the true projected
  variables ('c p show', else all), positive, still ending in 0: 81 numbers for a 9x9.
  Warnings and statistics go to stderr (--stats on a stream: totals, blocks, blocks/s).

ENGINES:
  cdcl (default): our CDCL solver. dpll: classic DPLL (unit propagation, MOMS branching,
  chronological backtracking), the baseline that shows what clause learning buys. splr:
  the splr crate, fed the clauses our reader parsed. The same input, output and exit codes
  for all three; only cdcl writes proofs, and splr has no conflict limit.

TUNING (cdcl engine):
  --set NAME=VALUE changes one of the solver's tuning constants (repeatable; later
  settings win): restart units and margins, moving-average factors, mode stint lengths,
  reduction intervals and tiers, the VSIDS decay, walk and elimination budgets. The
  defaults are what the solver was tuned with; --list-options prints every option, one a
  line, as NAME=DEFAULT, its range [MIN, MAX] and what it does, and exits. It applies to
  a single formula and to every block of a stream alike. An unknown name, a value that is
  not a number of the option's type or one out of its range is a usage error (exit 2),
  and so is --set with --engine dpll or splr, which have no such options.
  Example: satsolve --stats --set restart_luby_unit=100 --restarts luby in.cnf

PROOFS:
  --proof FILE writes a DRAT proof (text; --binary-proof for binary DRAT) that a checker
  such as drat-trim can verify when the answer is UNSATISFIABLE. It ends with the empty
  clause only for an UNSAT answer. A proof switches off the XOR matrices (Gauss-Jordan
  elimination on the XORs found in the clauses), whose reasoning DRAT cannot follow.

LIMITS:
  --timeout, --conflicts and Ctrl-C end the search with s UNKNOWN (exit 0); Ctrl-C also
  prints statistics. A second Ctrl-C exits at once with code 130.

EXIT CODES:
  10  satisfiable (with --models: at least one model; a stream: every cube SAT)
  20  unsatisfiable (a stream: at least one cube UNSAT)
   0  unknown (a limit was reached; a stream: some block UNKNOWN, none UNSAT), or
      --print-cnf succeeded
   1  the input could not be read or is not valid DIMACS, or an output file failed
   2  bad command-line usage (also --proof or --set with an engine other than cdcl, and a
      bad --set)";

/// Everything `satsolve` was asked to do, independent of how the flags were spelled.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// The formula (a file or stdin; gzip detected).
    pub input: Source,
    /// Competition DIMACS rules instead of the lenient reader.
    pub strict: bool,
    /// Only the `s` line, no model.
    pub quiet: bool,
    /// Statistics on stderr.
    pub stats: bool,
    /// Which engine searches.
    pub engine: EngineKind,
    /// CDCL restart policy.
    pub restarts: RestartPolicy,
    /// CDCL bounded variable elimination before the search (one formula, no `--models`).
    pub elimination: bool,
    /// Conflict limit per solve call.
    pub conflicts: Option<u64>,
    /// Wall-clock limit from the start of the run.
    pub timeout: Option<Duration>,
    /// `Some(limit)`: enumerate models, `Some(None)`: all of them.
    pub models: Option<Option<usize>>,
    /// A second destination for the answer.
    pub output: Option<PathBuf>,
    /// The answer format.
    pub format: AnswerFormat,
    /// Where to write a DRAT proof, and whether in binary.
    pub proof: Option<(PathBuf, ProofFormat)>,
    /// Print the formula as read, in strict DIMACS, instead of solving.
    pub print_cnf: bool,
    /// `v` lines list only the true projected variables (`--true-only`).
    pub true_only: bool,
    /// Worker threads for a stream of cubes; 0: the machine's available parallelism
    /// (`--jobs` not given). A single formula always runs on one thread.
    pub jobs: usize,
    /// When a stream shows its progress on stderr.
    pub progress: ProgressMode,
    /// Solve a stream's cubes under assumptions on one engine (learnt clauses kept)
    /// instead of propagating each and searching the rest afresh.
    pub assumptions: bool,
    /// `NAME=VALUE` settings of the cdcl engine's tuning options (`--set`), applied in
    /// order to the defaults.
    pub settings: Vec<String>,
    /// Print the tuning options with their defaults and ranges instead of solving.
    pub list_options: bool,
}

impl SolveOptions {
    /// What building an engine takes, with `stop` (set by the time-out and Ctrl-C) as
    /// the interrupt and `tuning` as the cdcl engine's options.
    fn engine_setup(&self, stop: &Arc<AtomicBool>, tuning: cdcl::Options) -> EngineSetup {
        EngineSetup {
            kind: self.engine,
            limits: Limits {
                conflicts: self.conflicts,
                interrupt: Some(Arc::clone(stop)),
                timeout: self.timeout,
                restarts: self.restarts,
                // Only a single formula is preprocessed (see `run`): a stream's cubes
                // would bring eliminated variables back.
                elimination: false,
                cdcl: tuning,
            },
            assumptions: self.assumptions,
        }
    }

    /// The cdcl engine's options: the defaults with the `--set` settings applied. A bad
    /// setting, or one for an engine without options, is a usage error.
    fn tuning(&self) -> Result<cdcl::Options, Failure> {
        if !self.settings.is_empty() && self.engine != EngineKind::Cdcl {
            return Err(Failure::usage(format!(
                "--set tunes the cdcl engine only (found --engine {})",
                self.engine
            )));
        }
        let mut tuning = cdcl::Options::default();
        for setting in &self.settings {
            tuning.apply(setting).map_err(|error| {
                Failure::usage(format!("--set {setting}: {error} (see --list-options)"))
            })?;
        }
        Ok(tuning)
    }

    /// Which literals the `v` lines list, for these options and the formula's projection.
    fn listing(&self, formula: &Dimacs) -> Listing {
        match (self.quiet, self.true_only, &formula.show) {
            (true, _, _) => Listing::None,
            (false, false, _) => Listing::All,
            (false, true, Some(vars)) => Listing::TrueOnly(vars.clone()),
            (false, true, None) => Listing::TrueOnlyAll,
        }
    }
}

/// Runs `satsolve`; returns the exit code (10, 20 or 0) or the failure to report.
pub fn run(options: &SolveOptions) -> Result<u8, Failure> {
    let start = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let signalled = Arc::new(AtomicBool::new(false));
    install_limits(&stop, &signalled, options.timeout);

    if options.list_options {
        let mut out = super::stdout();
        cdcl::options::write_list(&mut out)?;
        out.flush()?;
        return Ok(0);
    }
    let tuning = options.tuning()?;
    if options.true_only && options.format == AnswerFormat::Res {
        return Err(Failure::usage("--true-only needs the competition format (the course's .res form lists every variable)"));
    }
    let source = &options.input;
    let input = super::open(source).map_err(|error| Failure::error_in(source, error))?;
    let read_options = ReadOptions {
        strict: options.strict,
    };
    let formula =
        read_formula(input, &read_options).map_err(|error| Failure::error_in(source, error))?;
    let (dimacs, cubes) = match formula {
        Formula::Plain(dimacs) => (dimacs, None),
        Formula::Incremental { base, cubes } => (base, Some(cubes)),
    };
    for warning in &dimacs.warnings {
        eprintln!("satsolve: warning: {source}: {warning}");
    }
    if !dimacs.cnf.is_within_reach() {
        let message = format!(
            "{} variables for {} literal occurrences: refusing to allocate solver state for \
             variables no clause uses (lower the header's variable count)",
            dimacs.cnf.num_vars(),
            dimacs.cnf.num_lits()
        );
        return Err(Failure::error_in(source, message));
    }
    let parse_time = start.elapsed();
    let engine = options.engine_setup(&stop, tuning);
    if let Some(cubes) = cubes {
        check_stream_options(options)?;
        let models = options.models.map(|limit| ModelsPlan {
            limit,
            projection: dimacs.show.clone(),
        });
        let run = StreamRun {
            source,
            engine,
            jobs: stream_jobs(options.jobs),
            listing: options.listing(&dimacs),
            models,
            output: options.output.as_ref(),
            progress: options.progress,
            stats: options.stats,
            signalled,
            start,
            parse_time,
        };
        return run_stream(&run, dimacs, cubes);
    }
    if options.print_cnf {
        let mut out = super::stdout();
        write_dimacs(&mut out, &dimacs.cnf, &dimacs.comments)?;
        out.flush()?;
        return Ok(0);
    }

    let mut answers = Answers {
        sink: BlockSink::new(options.output.as_ref())?,
        format: options.format,
        listing: options.listing(&dimacs),
    };
    let kind = engine.kind;
    // Enumeration's first blocking clause would bring every eliminated variable back.
    let limits = &Limits {
        elimination: options.elimination && options.models.is_none(),
        ..engine.limits
    };
    // The proof is published under its name only once the answer stands (see the end).
    let mut proof_rename = None;
    let mut engine: Box<dyn Engine> = match &options.proof {
        None => new_engine(kind, &dimacs.cnf, limits),
        Some((path, format)) => {
            let file = AtomicFile::create(path).map_err(|error| Failure::write(path, error))?;
            let (writer, rename) = file.into_parts();
            proof_rename = Some(rename);
            let proof = ProofOutput {
                out: Box::new(writer),
                format: *format,
            };
            new_engine_with_proof(kind, &dimacs.cnf, limits, proof).map_err(Failure::usage)?
        }
    };

    let solve_start = Instant::now();
    let code = match options.models {
        None => {
            let outcome = engine.solve();
            // A proof that could not be written is a failure of the run: no answer then.
            if let (Some((path, _)), Some(error)) = (&options.proof, engine.proof_error()) {
                let message = format!("cannot write the proof {}: {error}", path.display());
                return Err(Failure::error(message));
            }
            answers.write(&outcome, solve_start.elapsed())?;
            match outcome {
                Outcome::Sat(_) => 10,
                Outcome::Unsat => 20,
                Outcome::Unknown => 0,
            }
        }
        Some(limit) => {
            let projection = dimacs.show.as_deref();
            let (found, end) = enumerate(engine.as_mut(), projection, limit, |model| {
                answers.write(&Outcome::Sat(model.to_vec()), solve_start.elapsed())
            })?;
            let why = match end {
                EnumerationEnd::Exhausted => "no other model exists",
                EnumerationEnd::LimitReached => "the limit was reached; more may exist",
                EnumerationEnd::Unknown => "the search gave up; more may exist",
            };
            eprintln!("c models {found} ({why})");
            match (found, end) {
                (0, EnumerationEnd::Exhausted) => {
                    answers.write(&Outcome::Unsat, solve_start.elapsed())?;
                    20
                }
                (0, _) => {
                    answers.write(&Outcome::Unknown, solve_start.elapsed())?;
                    0
                }
                _ => 10,
            }
        }
    };
    answers.finish()?;
    if let Some(rename) = proof_rename {
        // The solver flushed the proof when its last solve returned.
        let target = rename.target().to_path_buf();
        rename
            .commit()
            .map_err(|error| Failure::write(&target, error))?;
    }
    if options.stats || signalled.load(Ordering::SeqCst) {
        let times = Times {
            parse: parse_time,
            solve: solve_start.elapsed(),
            total: start.elapsed(),
        };
        print_stats(&dimacs.cnf, engine.as_ref(), &times)?;
    }
    Ok(code)
}

/// The worker threads of a stream: `jobs`, or for 0 the machine's available parallelism
/// (as ripgrep and fd do), one if that cannot be told.
fn stream_jobs(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        jobs => jobs,
    }
}

/// Refuses the options that have no sound meaning on a stream (exit 2).
fn check_stream_options(options: &SolveOptions) -> Result<(), Failure> {
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

/// The answers of one formula, in the format asked for, to stdout and the `--output` file.
struct Answers {
    sink: BlockSink,
    format: AnswerFormat,
    /// Which literals the `v` lines list (`Listing::None`: no model, `--quiet`).
    listing: Listing,
}

impl Answers {
    fn write(&mut self, outcome: &Outcome, elapsed: Duration) -> Result<(), Failure> {
        let mut text = Vec::new();
        match self.format {
            AnswerFormat::Competition => push_block(&mut text, outcome, &self.listing),
            AnswerFormat::Res => {
                let print_model = self.listing != Listing::None;
                write_answer(&mut text, outcome, self.format, print_model, elapsed)?;
            }
        }
        self.sink.write(&text)
    }

    /// Flushes stdout and publishes the `--output` file ([`BlockSink::finish`]).
    fn finish(self) -> Result<(), Failure> {
        self.sink.finish()
    }
}

/// Sets `stop` on Ctrl-C and after the time-out; a second Ctrl-C exits at once, for the
/// case where the first one arrives while the input is still being read.
fn install_limits(stop: &Arc<AtomicBool>, signalled: &Arc<AtomicBool>, timeout: Option<Duration>) {
    let (stop_on_signal, seen) = (Arc::clone(stop), Arc::clone(signalled));
    let handler = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        stop_on_signal.store(true, Ordering::SeqCst);
    });
    if let Err(error) = handler {
        eprintln!("satsolve: warning: Ctrl-C will not stop the search cleanly: {error}");
    }
    if let Some(timeout) = timeout {
        let stop = Arc::clone(stop);
        std::thread::spawn(move || {
            std::thread::sleep(timeout);
            stop.store(true, Ordering::SeqCst);
        });
    }
}

/// The statistics report: `c` lines on stderr, aligned like the solver's own counters.
fn print_stats(cnf: &Cnf, engine: &dyn Engine, times: &Times) -> Result<(), Failure> {
    let mut report = Vec::new();
    let out: &mut dyn Write = &mut report;
    write_stat(out, "variables", cnf.num_vars())?;
    write_stat(out, "clauses", cnf.num_clauses())?;
    write_stat(out, "engine", engine.name())?;
    engine.write_stats(out)?;
    if let Some(propagations) = engine.propagations() {
        let rate = propagations as f64 / times.solve.as_secs_f64().max(1e-9);
        write_stat(out, "propagations/s", format_args!("{rate:.0}"))?;
    }
    write_times(out, times)?;
    // A closed stderr leaves no one to tell.
    let _ = std::io::stderr().write_all(&report);
    Ok(())
}
