//! `satsolve`: our CDCL solver as a DIMACS filter with SAT-competition output.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudosat::cli::{self, Failure, Source};
use sudosat::dimacs::{read_dimacs, ReadOptions};
use sudosat::model::{write_sat, write_unknown, write_unsat};
use sudosat::solver::cdcl::{RestartPolicy, Solver};
use sudosat::solver::Outcome;
use sudosat::Cnf;

const AFTER_HELP: &str = "\
INPUT:
  DIMACS CNF, plain or gzip-compressed (detected from the content). By default the reader
  is lenient: comments anywhere, a SATLIB '%' line ends the formula, a header whose counts
  are off only draws a warning. --strict applies the SAT competition rules instead.

OUTPUT (stdout, SAT competition format):
  s SATISFIABLE / s UNSATISFIABLE / s UNKNOWN, then for SAT the model as 'v' lines
  (at most 78 characters each, the last ending in 0). Warnings and statistics go to stderr.

EXIT CODES:
  10  satisfiable
  20  unsatisfiable
   0  unknown (a limit was reached)
   1  the input could not be read or is not valid DIMACS
   2  bad command-line usage";

/// When the CDCL search restarts.
#[derive(Clone, Copy, ValueEnum)]
enum Restarts {
    /// Restart after 100·luby(i) conflicts.
    Luby,
    /// Restart when recent learnt clauses are worse (higher LBD) than the long-run average.
    Glucose,
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
    /// Restart policy: `luby` (Luby sequence, unit 100) or `glucose` (LBD moving averages).
    #[arg(long, value_enum, default_value = "luby")]
    restarts: Restarts,
    /// Give up with `s UNKNOWN` (exit 0) after this many conflicts.
    #[arg(long, value_name = "N")]
    conflicts: Option<u64>,
}

fn main() -> ExitCode {
    cli::run("satsolve", || solve(Args::parse()))
}

fn solve(args: Args) -> Result<u8, Failure> {
    let start = Instant::now();
    let source = Source::from_arg(args.input.as_deref());
    let input = cli::open(&source).map_err(|error| Failure::input(1, &source, error))?;
    let options = ReadOptions {
        strict: args.strict,
    };
    let dimacs = read_dimacs(input, &options).map_err(|error| Failure::input(1, &source, error))?;
    for warning in &dimacs.warnings {
        eprintln!("satsolve: warning: {source}: {warning}");
    }
    let parse_time = start.elapsed();

    let mut solver = Solver::new(&dimacs.cnf);
    solver.set_conflict_limit(args.conflicts);
    solver.set_restart_policy(match args.restarts {
        Restarts::Glucose => RestartPolicy::Glucose,
        Restarts::Luby => RestartPolicy::Luby,
    });
    let outcome = solver.solve();

    let mut out = cli::stdout();
    let code = match &outcome {
        Outcome::Sat(model) => {
            write_sat(&mut out, model, !args.quiet)?;
            10
        }
        Outcome::Unsat => {
            write_unsat(&mut out)?;
            20
        }
        Outcome::Unknown => {
            write_unknown(&mut out)?;
            0
        }
    };
    out.flush()?;
    if args.stats {
        print_stats(&dimacs.cnf, &solver, parse_time, start.elapsed())?;
    }
    Ok(code)
}

/// The `--stats` report: `c` lines on stderr, aligned like the solver's own counters.
fn print_stats(
    cnf: &Cnf,
    solver: &Solver,
    parse_time: Duration,
    total_time: Duration,
) -> Result<(), Failure> {
    let mut report = Vec::new();
    writeln!(report, "c {:<20} {}", "variables", cnf.num_vars())?;
    writeln!(report, "c {:<20} {}", "clauses", cnf.num_clauses())?;
    solver.stats().write_comments(&mut report)?;
    writeln!(
        report,
        "c {:<20} {:.3} s",
        "parse time",
        parse_time.as_secs_f64()
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
