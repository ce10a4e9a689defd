//! `fuzz_diff`: the differential test of `tests/differential.rs` at larger sizes, for as
//! long as asked: every family of `sudosat::testkit::families` in turn through every `satsolve`
//! engine (DPLL only with `--dpll`) and every `sudoku2cnf` encoding, against MiniSat and
//! CaDiCaL. Driven by `scripts/fuzz-diff` (large formulas, for hours) and by
//! `scripts/trust-campaign` (`--scale trust --dpll --cubes K`: 100,000 mostly small
//! formulas through every engine, plus streams of cubes through both stream schemes).
//!
//! ```text
//! fuzz_diff --bin-dir target/release --seconds 600 --seed 1 --save scratch/fuzz-diff
//! fuzz_diff --bin-dir target/release --count 200 --seed 7
//! fuzz_diff --scale trust --dpll --cubes 40 --formulas 100000 --tally tally.md
//! ```
//!
//! With `--cubes K`, each round also sends one batch (a small base formula of the round's
//! random-formula family and K cubes, `sudosat::testkit::streamcheck`) through every
//! engine, both schemes and one and two threads; each cube counts as one formula of the
//! stream tally, kept apart from the plain formulas'.
//!
//! Prints a one-line progress every minute and the Markdown tallies at the end on stderr
//! (and into `--tally FILE`, rewritten every minute while the run lasts). `--max-seconds`
//! stops a `--count` or `--formulas` run early, with its tally. Exit 0: no disagreement; 1: a disagreement, bad model or
//! rejected proof, whose instance is saved under the --save directory; 2: bad usage or a
//! missing peer solver.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudosat::rng::SplitMix64;
use sudosat::testkit::diffcheck::{Tally, Tools, OWN_CHECKER_STEPS};
use sudosat::testkit::families::{Family, Instance, Scale};
use sudosat::testkit::peers::{Peer, PeerSolver};
use sudosat::testkit::streamcheck::{Batch, Config};

/// The DPLL engine's conflict limit on puzzle formulas at the trust scale: about 0.1 s on
/// a Hanidoku formula (9,000 conflicts/s there), where without a limit it can take
/// minutes; what it cannot answer in that budget counts as given up.
const DPLL_PUZZLE_CONFLICTS: u64 = 1_000;

/// When to stop.
enum Budget {
    Time(Duration),
    /// Instances: puzzles, formulas and stream batches.
    Count(usize),
    /// Formulas: one per plain formula or encoding of a puzzle, one per cube of a stream.
    Formulas(usize),
}

struct Options {
    bin_dir: PathBuf,
    budget: Budget,
    seed: u64,
    save: PathBuf,
    timeout: u64,
    scale: Scale,
    dpll: bool,
    cubes: usize,
    tally: Option<PathBuf>,
    own_checker_steps: usize,
    /// A time limit on top of a `--count` or `--formulas` budget.
    max_seconds: Option<u64>,
}

const USAGE: &str = "usage: fuzz_diff --bin-dir DIR (--seconds N | --count N | --formulas N) [--seed S] [--save DIR] [--timeout SECONDS] [--scale small|large|trust] [--dpll] [--cubes K] [--tally FILE] [--own-checker-steps N] [--max-seconds N]";

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        bin_dir: PathBuf::from("target/release"),
        budget: Budget::Time(Duration::from_secs(600)),
        seed: 1,
        save: PathBuf::from("scratch/fuzz-diff"),
        timeout: 60,
        scale: Scale::Large,
        dpll: false,
        cubes: 0,
        tally: None,
        own_checker_steps: OWN_CHECKER_STEPS,
        max_seconds: None,
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("{flag}: {text:?} is not a non-negative integer"))
        };
        match flag.as_str() {
            "--bin-dir" => options.bin_dir = PathBuf::from(value()?),
            "--seconds" => options.budget = Budget::Time(Duration::from_secs(number(value()?)?)),
            "--count" => options.budget = Budget::Count(number(value()?)? as usize),
            "--formulas" => options.budget = Budget::Formulas(number(value()?)? as usize),
            "--seed" => options.seed = number(value()?)?,
            "--save" => options.save = PathBuf::from(value()?),
            "--timeout" => options.timeout = number(value()?)?,
            "--scale" => {
                options.scale = match value()?.as_str() {
                    "small" => Scale::Small,
                    "large" => Scale::Large,
                    "trust" => Scale::Trust,
                    other => return Err(format!("--scale: {other:?} is not small|large|trust")),
                }
            }
            "--dpll" => options.dpll = true,
            "--cubes" => options.cubes = number(value()?)? as usize,
            "--tally" => options.tally = Some(PathBuf::from(value()?)),
            "--own-checker-steps" => options.own_checker_steps = number(value()?)? as usize,
            "--max-seconds" => options.max_seconds = Some(number(value()?)?),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

/// Every peer solver on PATH; the fuzzer is useless without all of them, CI or not.
fn peers() -> Result<Vec<PeerSolver>, String> {
    Peer::ALL
        .into_iter()
        .map(|peer| {
            peer.installed()
                .ok_or(format!("peer solver {} is not on PATH", peer.name()))
        })
        .collect()
}

/// The random-number stream of `family`, salted apart for the plain formulas and the
/// stream bases, so that adding a family or streams changes no other stream.
fn family_rng(seed: u64, family: Family, salt: u64) -> SplitMix64 {
    SplitMix64(seed ^ salt ^ (family as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The plain and stream tallies and how they are printed.
struct Tallies {
    plain: Tally,
    streams: Tally,
    instances: usize,
}

impl Tallies {
    fn formulas(&self) -> usize {
        self.plain.total().formulas + self.streams.total().formulas
    }

    fn markdown(&self) -> String {
        let mut text = format!("Plain formulas:\n\n{}\n", self.plain);
        if !self.streams.0.is_empty() {
            text += &format!(
                "\nStreams (a formula = one cube with its base):\n\n{}\n",
                self.streams
            );
        }
        text
    }

    fn progress(&self, seconds: u64) -> String {
        let (plain, streams) = (self.plain.total(), self.streams.total());
        format!(
            "after {seconds} s: {} plain formulas ({} solver runs), {} stream formulas ({} solver runs)",
            plain.formulas, plain.solver_runs, streams.formulas, streams.solver_runs
        )
    }
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("fuzz_diff: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let peers = match peers() {
        Ok(peers) => peers,
        Err(message) => {
            eprintln!("fuzz_diff: {message}");
            return ExitCode::from(2);
        }
    };
    let scratch = options.save.join("work");
    if let Err(error) = std::fs::create_dir_all(&scratch) {
        eprintln!("fuzz_diff: {}: {error}", scratch.display());
        return ExitCode::from(2);
    }
    let tools = Tools {
        satsolve: options.bin_dir.join("satsolve"),
        sudoku2cnf: options.bin_dir.join("sudoku2cnf"),
        peers,
        scratch,
        timeout: options.timeout,
        dpll_puzzle_conflicts: (options.scale == Scale::Trust).then_some(DPLL_PUZZLE_CONFLICTS),
        own_checker_steps: options.own_checker_steps,
    };
    let start = Instant::now();
    let mut last_report = start;
    let mut tallies = Tallies {
        plain: Tally::default(),
        streams: Tally::default(),
        instances: 0,
    };
    // One round = one instance of each family in turn, each family with its own stream,
    // then (with --cubes) one batch whose base comes from the next random-formula family.
    let mut plain_rngs: Vec<SplitMix64> = Family::ALL
        .iter()
        .map(|&family| family_rng(options.seed, family, 0))
        .collect();
    let bases: Vec<Family> = Family::ALL
        .into_iter()
        .filter(|family| !family.is_puzzle())
        .collect();
    let mut base_rngs: Vec<SplitMix64> = bases
        .iter()
        .map(|&family| family_rng(options.seed, family, 0x5742_EA45))
        .collect();
    let out_of_time = || {
        options
            .max_seconds
            .is_some_and(|limit| start.elapsed() >= Duration::from_secs(limit))
    };
    let done = |tallies: &Tallies| {
        out_of_time()
            || match options.budget {
                Budget::Time(limit) => start.elapsed() >= limit,
                Budget::Count(limit) => tallies.instances >= limit,
                Budget::Formulas(limit) => tallies.formulas() >= limit,
            }
    };
    let mut round = 0usize;
    'rounds: while !done(&tallies) {
        for (family, rng) in Family::ALL.into_iter().zip(&mut plain_rngs) {
            if (matches!(options.budget, Budget::Formulas(_)) || out_of_time()) && done(&tallies) {
                break 'rounds;
            }
            if options.scale == Scale::Trust && round % family.trust_period() != 0 {
                continue;
            }
            let count = tallies.plain.0.entry(family.name()).or_default();
            let clock = Instant::now();
            let instance = family.generate(rng, options.scale, round);
            tallies.instances += 1;
            let checked = tools.check(&instance, options.dpll, count);
            count.millis += clock.elapsed().as_millis() as u64;
            if let Err(message) = checked {
                count.disagreements += 1;
                let path = save(&options.save, family, options.seed, round, &instance);
                return fail(&tallies, family, round, &message, &path);
            }
        }
        if options.cubes > 0 {
            let clock = Instant::now();
            let which = round % bases.len();
            let (family, rng) = (bases[which], &mut base_rngs[which]);
            // Bases at the small scale: every cube is answered twice by each peer and, on
            // the dpll and splr engines, searched afresh, so a 100-300-variable 3-SAT base
            // (rare at the trust scale) held a campaign up for minutes per batch.
            // The family's own batch number picks the variant: the campaign round would,
            // as `round % bases.len()` is fixed per family, always pick the same one.
            let batch_number = round / bases.len();
            let Instance::Cnf(base) = family.generate(rng, Scale::Small, batch_number) else {
                unreachable!("a family that is not a puzzle yields formulas");
            };
            let batch = Batch::random(rng, base, options.cubes);
            let count = tallies.streams.0.entry(family.name()).or_default();
            tallies.instances += 1;
            let checked = tools.check_batch(&batch, &Config::all(batch_number), count);
            count.millis += clock.elapsed().as_millis() as u64;
            if let Err(message) = checked {
                count.disagreements += 1;
                let path = save_text(
                    &options.save,
                    &format!("stream-{}", family.name()),
                    options.seed,
                    round,
                    "icnf",
                    &batch.to_icnf(),
                );
                return fail(&tallies, family, round, &message, &path);
            }
        }
        round += 1;
        if last_report.elapsed() >= Duration::from_secs(60) {
            last_report = Instant::now();
            let seconds = start.elapsed().as_secs();
            eprintln!("fuzz_diff: {}", tallies.progress(seconds));
            // The tally so far, so that a run stopped from outside still leaves one.
            if let Some(path) = &options.tally {
                let text = format!("fuzz_diff: seed {}, IN PROGRESS after {seconds} s, {} formulas, no disagreement so far\n\n{}", options.seed, tallies.formulas(), tallies.markdown());
                if let Err(error) = std::fs::write(path, text) {
                    eprintln!("fuzz_diff: {}: {error}", path.display());
                }
            }
        }
    }
    let summary = format!(
        "fuzz_diff: seed {}, {} s, {} formulas, no disagreement\n\n{}",
        options.seed,
        start.elapsed().as_secs(),
        tallies.formulas(),
        tallies.markdown()
    );
    eprintln!("{summary}");
    if let Some(path) = &options.tally {
        if let Err(error) = std::fs::write(path, &summary) {
            eprintln!("fuzz_diff: {}: {error}", path.display());
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// Reports a disagreement and the tallies up to it; exit 1.
fn fail(tallies: &Tallies, family: Family, round: usize, message: &str, path: &str) -> ExitCode {
    eprintln!(
        "fuzz_diff: DISAGREEMENT in {} round {round}: {message}\nfuzz_diff: instance saved as {path}",
        family.name()
    );
    eprintln!("{}", tallies.markdown());
    ExitCode::from(1)
}

/// Saves the instance that caused a failure; returns its path (or why it could not).
fn save(dir: &Path, family: Family, seed: u64, round: usize, instance: &Instance) -> String {
    let (extension, text) = match instance {
        Instance::Cnf(formula) => ("cnf", formula.to_dimacs()),
        Instance::Puzzle { text, .. } => ("txt", text.clone()),
    };
    save_text(dir, family.name(), seed, round, extension, &text)
}

/// Writes `text` as `disagreement-NAME-seedS-roundR.EXT` under `dir`.
fn save_text(
    dir: &Path,
    name: &str,
    seed: u64,
    round: usize,
    extension: &str,
    text: &str,
) -> String {
    let path = dir.join(format!(
        "disagreement-{name}-seed{seed}-round{round}.{extension}"
    ));
    match std::fs::write(&path, text) {
        Ok(()) => path.display().to_string(),
        Err(error) => format!("(not saved: {}: {error})", path.display()),
    }
}
