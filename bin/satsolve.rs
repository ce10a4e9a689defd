//! `satsolve`: our CDCL solver as a DIMACS filter with SAT-competition output.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use sudosat::cli::progress::ProgressMode;
use sudosat::cli::satsolve::{self, SolveOptions};
use sudosat::cli::{self, Source};
use sudosat::model::AnswerFormat;
use sudosat::solver::cdcl::{ProofFormat, RestartPolicy};
use sudosat::solver::EngineKind;

/// When the CDCL search restarts.
#[derive(Clone, Copy, ValueEnum)]
enum Restarts {
    /// Restart after 50·luby(i) conflicts.
    Luby,
    /// Restart when recent learnt clauses are worse (higher LBD) than the long-run average.
    Glucose,
    /// Focused (Glucose restarts) and stable (Luby restarts, walk-based rephasing) modes in turns.
    Modes,
}

/// How answers are written.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// SAT competition `s`/`v` lines.
    Competition,
    /// The course's `.res` form: `s 1|0|-1`, `v` lines, `t <milliseconds>`.
    Res,
}

/// Solve a CNF formula given in DIMACS format, or answer every cube of an incremental one.
#[derive(Parser)]
#[command(name = "satsolve", version, after_help = satsolve::AFTER_HELP)]
struct Args {
    /// DIMACS CNF file (plain, .gz, .xz, .bz2 or .lzma); `-` or nothing reads standard input.
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
    /// Restart policy of the cdcl engine: `modes` (focused and stable modes in turns),
    /// `luby` (Luby sequence, unit 50) or `glucose` (LBD moving averages).
    #[arg(long, value_enum, default_value = "modes")]
    restarts: Restarts,
    /// Skip the cdcl engine's preprocessing (bounded variable elimination with
    /// subsumption, run by default on a single formula where it is likely to pay).
    #[arg(long)]
    no_elim: bool,
    /// Give up with `s UNKNOWN` (exit 0) after this many conflicts.
    #[arg(long, value_name = "N")]
    conflicts: Option<u64>,
    /// Give up with `s UNKNOWN` (exit 0) after this many seconds (wall clock).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    timeout: Option<Duration>,
    /// Enumerate up to N distinct models (0: all), projected on the `c p show` variables;
    /// on an incremental CNF, up to N per cube, each cube's under a `c cube` line.
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
    /// List only the TRUE literals of the projection (`c p show`) variables in `v` lines
    /// (all variables without one); unlisted variables are false.
    #[arg(long)]
    true_only: bool,
    /// Solve the blocks of an incremental CNF on N threads (default: the machine's
    /// available parallelism; 1: one thread). Answers stay in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Show progress over the blocks of a stream on stderr, even when it is not a terminal.
    #[arg(long, conflicts_with = "no_progress")]
    progress: bool,
    /// Never show progress.
    #[arg(long)]
    no_progress: bool,
    /// On a stream, solve each cube under assumptions on one engine that keeps its learnt
    /// clauses, instead of unit propagation and a fresh search of what is left.
    #[arg(long)]
    assumptions: bool,
    /// Set a tuning option of the cdcl engine, e.g. `--set restart_luby_unit=100`
    /// (repeatable; see --list-options).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// List the cdcl engine's tuning options with their defaults and ranges, and exit.
    #[arg(long)]
    list_options: bool,
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
    let args = cli::args::parse_args::<Args>();
    let options = SolveOptions {
        input: Source::from_arg(args.input.as_deref()),
        strict: args.strict,
        quiet: args.quiet,
        stats: args.stats,
        engine: args.engine,
        restarts: match args.restarts {
            Restarts::Luby => RestartPolicy::Luby,
            Restarts::Glucose => RestartPolicy::Glucose,
            Restarts::Modes => RestartPolicy::Modes,
        },
        elimination: !args.no_elim,
        conflicts: args.conflicts,
        timeout: args.timeout,
        models: args.models.map(|limit| (limit > 0).then_some(limit)),
        output: args.output,
        format: match args.format {
            Format::Competition => AnswerFormat::Competition,
            Format::Res => AnswerFormat::Res,
        },
        proof: args.proof.map(|path| {
            let format = if args.binary_proof {
                ProofFormat::Binary
            } else {
                ProofFormat::Text
            };
            (path, format)
        }),
        print_cnf: args.print_cnf,
        true_only: args.true_only,
        // 0: the machine's available parallelism, on a stream.
        jobs: args.jobs.map_or(0, usize::from),
        progress: match (args.progress, args.no_progress) {
            (true, _) => ProgressMode::Always,
            (_, true) => ProgressMode::Never,
            _ => ProgressMode::Auto,
        },
        assumptions: args.assumptions,
        settings: args.set,
        list_options: args.list_options,
    };
    cli::run("satsolve", || satsolve::run(&options))
}
