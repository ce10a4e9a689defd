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

const AFTER_HELP: &str = "\
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
  k-th cube. --jobs N solves chunks of blocks on N threads, each with its own engine.
  --proof, --models, --print-cnf and --format res are refused on a stream (exit 2).
  Progress (a spinner with the count and rate) goes to stderr when it is a terminal and
  the run lasts over a second; --progress forces it (plain lines when stderr is not a
  terminal), --no-progress hides it. On a pipe or file, answers are written in 64 KiB
  pieces; on a terminal, block by block.

OUTPUT (stdout):
  SAT competition format: s SATISFIABLE / s UNSATISFIABLE / s UNKNOWN, then for SAT the
  model as 'v' lines (at most 78 characters each, the last ending in 0). --format res
  writes the course's .res form instead (s 1 / s 0 / s -1, v lines, t <milliseconds>).
  With --models N, one s/v block per model. --true-only lists only the true projected
  variables ('c p show', else all), positive, still ending in 0: 81 numbers for a 9x9.
  Warnings and statistics go to stderr (--stats on a stream: totals, blocks, blocks/s).

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
  10  satisfiable (with --models: at least one model; a stream: every block SAT)
  20  unsatisfiable (a stream: at least one block UNSAT)
   0  unknown (a limit was reached; a stream: some block UNKNOWN, none UNSAT), or
      --print-cnf succeeded
   1  the input could not be read or is not valid DIMACS, or an output file failed
   2  bad command-line usage (also --proof with an engine other than cdcl)";

/// When the CDCL search restarts.
#[derive(Clone, Copy, ValueEnum)]
enum Restarts {
    /// Restart after 50·luby(i) conflicts.
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

/// Solve a CNF formula given in DIMACS format, or answer every cube of an incremental one.
#[derive(Parser)]
#[command(name = "satsolve", version, after_help = AFTER_HELP)]
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
    /// Restart policy of the cdcl engine: `luby` (Luby sequence, unit 50) or `glucose` (LBD moving averages).
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
    /// List only the TRUE literals of the projection (`c p show`) variables in `v` lines
    /// (all variables without one); unlisted variables are false.
    #[arg(long)]
    true_only: bool,
    /// Solve the blocks of an incremental CNF on N threads (answers stay in input order).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
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
        },
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
        jobs: usize::from(args.jobs),
        progress: match (args.progress, args.no_progress) {
            (true, _) => ProgressMode::Always,
            (_, true) => ProgressMode::Never,
            _ => ProgressMode::Auto,
        },
        assumptions: args.assumptions,
    };
    cli::run("satsolve", || satsolve::run(&options))
}
