//! `fuzz_diff`: the differential test of `tests/differential.rs` at larger sizes, for as
//! long as asked: every family of `sudosat::families` in turn through every `satsolve`
//! engine (DPLL left out) and every `sudoku2cnf` encoding, against MiniSat and CaDiCaL.
//! Driven by `scripts/fuzz-diff`, which builds it and the binaries.
//!
//! ```text
//! fuzz_diff --bin-dir target/release --seconds 600 --seed 1 --save scratch/fuzz-diff
//! fuzz_diff --bin-dir target/release --count 200 --seed 7
//! ```
//!
//! Prints a Markdown tally per family (every minute and at the end) on stderr. Exit 0:
//! no disagreement; 1: a disagreement, bad model or rejected proof, whose instance is
//! saved under the --save directory; 2: bad usage or a missing peer solver.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudosat::families::{Family, Instance, Scale};
use sudosat::rng::SplitMix64;
use sudosat::testkit::diffcheck::{Tally, Tools};
use sudosat::testkit::external::find_on_path;

/// When to stop.
enum Budget {
    Time(Duration),
    Count(usize),
}

struct Options {
    bin_dir: PathBuf,
    budget: Budget,
    seed: u64,
    save: PathBuf,
    timeout: u64,
}

const USAGE: &str = "usage: fuzz_diff --bin-dir DIR (--seconds N | --count N) [--seed S] [--save DIR] [--timeout SECONDS]";

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        bin_dir: PathBuf::from("target/release"),
        budget: Budget::Time(Duration::from_secs(600)),
        seed: 1,
        save: PathBuf::from("scratch/fuzz-diff"),
        timeout: 60,
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
            "--seed" => options.seed = number(value()?)?,
            "--save" => options.save = PathBuf::from(value()?),
            "--timeout" => options.timeout = number(value()?)?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

/// A peer solver on PATH; the fuzzer is useless without both, CI or not.
fn peer(name: &str) -> Result<PathBuf, String> {
    find_on_path(name).ok_or(format!("peer solver {name} is not on PATH"))
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("fuzz_diff: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (minisat, cadical) = match (peer("minisat"), peer("cadical")) {
        (Ok(minisat), Ok(cadical)) => (minisat, cadical),
        (Err(message), _) | (_, Err(message)) => {
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
        minisat: Some(minisat),
        cadical: Some(cadical),
        scratch,
        timeout: options.timeout,
    };
    let start = Instant::now();
    let mut last_report = start;
    let mut tally = Tally::default();
    let mut instances = 0;
    // One round = one instance of each family in turn, each family with its own stream.
    let mut streams: Vec<SplitMix64> = Family::ALL
        .iter()
        .map(|&family| {
            SplitMix64(options.seed ^ (family as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        })
        .collect();
    let mut round = 0usize;
    loop {
        let done = match options.budget {
            Budget::Time(limit) => start.elapsed() >= limit,
            Budget::Count(limit) => instances >= limit,
        };
        if done {
            break;
        }
        for (family, rng) in Family::ALL.into_iter().zip(&mut streams) {
            let count = tally.0.entry(family.name()).or_default();
            let instance = family.generate(rng, Scale::Large, round);
            instances += 1;
            if let Err(message) = tools.check(&instance, false, count) {
                let path = save(&options.save, family, options.seed, round, &instance);
                eprintln!(
                    "fuzz_diff: DISAGREEMENT in {} round {round}: {message}\nfuzz_diff: instance saved as {path}",
                    family.name()
                );
                eprintln!("{tally}");
                return ExitCode::from(1);
            }
        }
        round += 1;
        if last_report.elapsed() >= Duration::from_secs(60) {
            last_report = Instant::now();
            eprintln!("after {} s:\n{tally}", start.elapsed().as_secs());
        }
    }
    eprintln!(
        "fuzz_diff: seed {}, {} s, no disagreement\n{tally}",
        options.seed,
        start.elapsed().as_secs()
    );
    ExitCode::SUCCESS
}

/// Saves the instance that caused a failure; returns its path (or why it could not).
fn save(
    dir: &std::path::Path,
    family: Family,
    seed: u64,
    round: usize,
    instance: &Instance,
) -> String {
    let (extension, text) = match instance {
        Instance::Cnf(formula) => ("cnf", formula.to_dimacs()),
        Instance::Puzzle { text, .. } => ("txt", text.clone()),
    };
    let path = dir.join(format!(
        "disagreement-{}-seed{seed}-round{round}.{extension}",
        family.name()
    ));
    match std::fs::write(&path, text) {
        Ok(()) => path.display().to_string(),
        Err(error) => format!("(not saved: {}: {error})", path.display()),
    }
}
