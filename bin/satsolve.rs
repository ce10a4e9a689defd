//! `satsolve`: our CDCL solver as a DIMACS filter with SAT-competition output.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudosat::cli::{self, Failure, Source};
use sudosat::dimacs::{read_dimacs, write_dimacs, ReadOptions};
use sudosat::model::{write_answer, AnswerFormat};
use sudosat::solver::cdcl::{ProofFormat, RestartPolicy};
use sudosat::solver::enumerate::{enumerate, EnumerationEnd};
use sudosat::solver::{
    new_engine, new_engine_with_proof, Engine, EngineKind, Limits, Outcome, ProofOutput,
};
use sudosat::Cnf;

const AFTER_HELP: &str = "\
INPUT:
  DIMACS CNF, plain or gzip-compressed (detected from the content). By default the reader
  is lenient: comments anywhere, a SATLIB '%' line ends the formula, a header whose counts
  are off only draws a warning. --strict applies the SAT competition rules instead.
  'c p show <vars> 0' lines name the variables models are projected on (--models).

OUTPUT (stdout):
  SAT competition format: s SATISFIABLE / s UNSATISFIABLE / s UNKNOWN, then for SAT the
  model as 'v' lines (at most 78 characters each, the last ending in 0). --format res
  writes the course's .res form instead (s 1 / s 0 / s -1, v lines, t <milliseconds>).
  With --models N, one s/v block per model. Warnings and statistics go to stderr.

ENGINES:
  cdcl (default): our CDCL solver. dpll: classic DPLL (unit propagation, MOMS branching,
  chronological backtracking), the baseline that shows what clause learning buys. splr:
  the splr crate, fed the clauses our reader parsed. The same input, output and exit codes
  for all three; only cdcl writes proofs, and splr has no conflict limit.

PROOFS:
  --proof FILE writes a DRAT proof (text; --binary-proof for binary DRAT) that a checker
  such as drat-trim can verify when the answer is UNSATISFIABLE. It ends with the empty
  clause only for an UNSAT answer.

LIMITS:
  --timeout, --conflicts and Ctrl-C end the search with s UNKNOWN (exit 0); Ctrl-C also
  prints statistics. A second Ctrl-C exits at once with code 130.

EXIT CODES:
  10  satisfiable (with --models: at least one model)
  20  unsatisfiable
   0  unknown (a limit was reached), or --print-cnf succeeded
   1  the input could not be read or is not valid DIMACS, or an output file failed
   2  bad command-line usage (also --proof with an engine other than cdcl)";

/// When the CDCL search restarts.
#[derive(Clone, Copy, ValueEnum)]
enum Restarts {
    /// Restart after 100·luby(i) conflicts.
    Luby,
    /// Restart when recent learnt clauses are worse (higher LBD) than the long-run average.
    Glucose,
}

/// How answers are written.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// SAT competition `s`/`v` lines.
    Competition,
    /// The course's `.res` form: `s 1|0|-1`, `v` lines, `t <milliseconds>`.
    Res,
}

/// Solve a CNF formula given in DIMACS format.
#[derive(Parser)]
#[command(name = "satsolve", version, after_help = AFTER_HELP)]
struct Args {
    /// DIMACS CNF file (plain or .gz); `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Apply the competition rules: exact header counts, no `%` trailer, every clause ends in 0.
    #[arg(long)]
    strict: bool,
    /// Print only the `s` line, not the model.
    #[arg(short, long)]
    quiet: bool,
    /// Print statistics as `c` lines on stderr.
    #[arg(long)]
    stats: bool,
    /// Search engine: `cdcl` (ours, the default), `dpll` (the classic baseline, no
    /// learning) or `splr` (the splr crate, an independent CDCL solver).
    #[arg(long, default_value_t = EngineKind::Cdcl)]
    engine: EngineKind,
    /// Restart policy of the cdcl engine: `luby` (Luby sequence, unit 100) or `glucose` (LBD moving averages).
    #[arg(long, value_enum, default_value = "luby")]
    restarts: Restarts,
    /// Give up with `s UNKNOWN` (exit 0) after this many conflicts.
    #[arg(long, value_name = "N")]
    conflicts: Option<u64>,
    /// Give up with `s UNKNOWN` (exit 0) after this many seconds (wall clock).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    timeout: Option<Duration>,
    /// Enumerate up to N distinct models (0: all), projected on the `c p show` variables.
    #[arg(long, value_name = "N")]
    models: Option<usize>,
    /// Also write the answer to FILE.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Answer format, on stdout and in the --output file.
    #[arg(long, value_enum, default_value = "competition")]
    format: Format,
    /// Write a DRAT proof of unsatisfiability to FILE (text unless --binary-proof).
    #[arg(long, value_name = "FILE", conflicts_with = "models")]
    proof: Option<PathBuf>,
    /// Write the proof in binary DRAT (`a`/`d` bytes, varint literals).
    #[arg(long, requires = "proof")]
    binary_proof: bool,
    /// Print the formula as read, in strict DIMACS (exact header, one clause per line), and exit.
    #[arg(long)]
    print_cnf: bool,
}

fn positive_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!(
            "expected a positive number of seconds, found {text:?}"
        )),
    }
}

fn main() -> ExitCode {
    cli::run("satsolve", || solve(Args::parse()))
}

/// Where answers go: stdout, and the `--output` file if there is one.
struct Answers {
    stdout: BufWriter<std::io::StdoutLock<'static>>,
    file: Option<(PathBuf, BufWriter<File>)>,
    format: AnswerFormat,
    print_model: bool,
}

impl Answers {
    fn write(&mut self, outcome: &Outcome, elapsed: Duration) -> Result<(), Failure> {
        let mut text = Vec::new();
        write_answer(&mut text, outcome, self.format, self.print_model, elapsed)?;
        self.stdout.write_all(&text)?;
        if let Some((path, file)) = &mut self.file {
            file.write_all(&text)
                .map_err(|error| output_failure(path, error))?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Failure> {
        self.stdout.flush()?;
        if let Some((path, file)) = &mut self.file {
            file.flush().map_err(|error| output_failure(path, error))?;
        }
        Ok(())
    }
}

fn output_failure(path: &std::path::Path, error: std::io::Error) -> Failure {
    Failure::new(1, format!("cannot write {}: {error}", path.display()))
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

fn solve(args: Args) -> Result<u8, Failure> {
    let start = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let signalled = Arc::new(AtomicBool::new(false));
    install_limits(&stop, &signalled, args.timeout);

    let source = Source::from_arg(args.input.as_deref());
    let input = cli::open(&source).map_err(|error| Failure::input(1, &source, error))?;
    let options = ReadOptions {
        strict: args.strict,
    };
    let dimacs = read_dimacs(input, &options).map_err(|error| Failure::input(1, &source, error))?;
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
        return Err(Failure::input(1, &source, message));
    }
    let parse_time = start.elapsed();
    if args.print_cnf {
        let mut out = cli::stdout();
        write_dimacs(&mut out, &dimacs.cnf, &dimacs.comments)?;
        out.flush()?;
        return Ok(0);
    }

    let mut answers = Answers {
        stdout: cli::stdout(),
        file: match &args.output {
            Some(path) => {
                let file = File::create(path).map_err(|error| output_failure(path, error))?;
                Some((path.clone(), BufWriter::new(file)))
            }
            None => None,
        },
        format: match args.format {
            Format::Competition => AnswerFormat::Competition,
            Format::Res => AnswerFormat::Res,
        },
        print_model: !args.quiet,
    };
    let limits = Limits {
        conflicts: args.conflicts,
        interrupt: Some(Arc::clone(&stop)),
        timeout: args.timeout,
        restarts: match args.restarts {
            Restarts::Luby => RestartPolicy::Luby,
            Restarts::Glucose => RestartPolicy::Glucose,
        },
    };
    let mut engine: Box<dyn Engine> = match &args.proof {
        None => new_engine(args.engine, &dimacs.cnf, &limits),
        Some(path) => {
            let file = File::create(path).map_err(|error| output_failure(path, error))?;
            let format = if args.binary_proof {
                ProofFormat::Binary
            } else {
                ProofFormat::Text
            };
            let proof = ProofOutput {
                out: Box::new(file),
                format,
            };
            new_engine_with_proof(args.engine, &dimacs.cnf, &limits, proof)
                .map_err(|error| Failure::new(2, error))?
        }
    };

    let solve_start = Instant::now();
    let code = match args.models {
        None => {
            let outcome = engine.solve();
            // A proof that could not be written is a failure of the run: no answer then.
            if let (Some(path), Some(error)) = (&args.proof, engine.proof_error()) {
                let message = format!("cannot write the proof {}: {error}", path.display());
                return Err(Failure::new(1, message));
            }
            answers.write(&outcome, solve_start.elapsed())?;
            match outcome {
                Outcome::Sat(_) => 10,
                Outcome::Unsat => 20,
                Outcome::Unknown => 0,
            }
        }
        Some(limit) => {
            let limit = (limit > 0).then_some(limit);
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
    answers.flush()?;
    if args.stats || signalled.load(Ordering::SeqCst) {
        print_stats(
            &dimacs.cnf,
            engine.as_ref(),
            parse_time,
            solve_start.elapsed(),
            start.elapsed(),
        )?;
    }
    Ok(code)
}

/// The statistics report: `c` lines on stderr, aligned like the solver's own counters.
fn print_stats(
    cnf: &Cnf,
    engine: &dyn Engine,
    parse_time: Duration,
    solve_time: Duration,
    total_time: Duration,
) -> Result<(), Failure> {
    let mut report = Vec::new();
    writeln!(report, "c {:<20} {}", "variables", cnf.num_vars())?;
    writeln!(report, "c {:<20} {}", "clauses", cnf.num_clauses())?;
    writeln!(report, "c {:<20} {}", "engine", engine.name())?;
    engine.write_stats(&mut report)?;
    if let Some(propagations) = engine.propagations() {
        let rate = propagations as f64 / solve_time.as_secs_f64().max(1e-9);
        writeln!(report, "c {:<20} {rate:.0}", "propagations/s")?;
    }
    writeln!(
        report,
        "c {:<20} {:.3} s",
        "parse time",
        parse_time.as_secs_f64()
    )?;
    writeln!(
        report,
        "c {:<20} {:.3} s",
        "solve time",
        solve_time.as_secs_f64()
    )?;
    writeln!(
        report,
        "c {:<20} {:.3} s",
        "total time",
        total_time.as_secs_f64()
    )?;
    if let Some(megabytes) = cli::peak_memory_mb() {
        writeln!(report, "c {:<20} {megabytes:.1} MB", "peak memory")?;
    }
    // A closed stderr leaves no one to tell.
    let _ = std::io::stderr().write_all(&report);
    Ok(())
}
