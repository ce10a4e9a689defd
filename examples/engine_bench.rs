//! Times each engine on DIMACS files: `cargo run --release --example engine_bench --
//! [--engines cdcl,dpll,splr] [--timeout SECONDS] FILE...`. Prints one tab-separated line
//! per file and engine (file, engine, answer, seconds) on stdout; `c` statistics on stderr.
//! Answers are checked here: SAT models against the formula.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudosat::cli::{self, Source};
use sudosat::dimacs::{read_dimacs, ReadOptions};
use sudosat::solver::{new_engine, EngineKind, Limits, Outcome};

fn main() {
    let mut engines = EngineKind::ALL.to_vec();
    let mut timeout = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--engines" => {
                let list = args.next().unwrap_or_default();
                engines = list.split(',').filter_map(|n| n.parse().ok()).collect();
            }
            "--timeout" => timeout = args.next().and_then(|s| s.parse::<f64>().ok()),
            _ => files.push(arg),
        }
    }
    for file in &files {
        let source = Source::from_arg(Some(Path::new(file)));
        let dimacs = match cli::open(&source).map(|r| read_dimacs(r, &ReadOptions::default())) {
            Ok(Ok(dimacs)) => dimacs,
            _ => {
                eprintln!("engine_bench: cannot read {file}");
                continue;
            }
        };
        for &kind in &engines {
            let flag = Arc::new(AtomicBool::new(false));
            let limits = Limits {
                interrupt: Some(Arc::clone(&flag)),
                timeout: timeout.map(Duration::from_secs_f64),
                ..Limits::default()
            };
            if let Some(seconds) = timeout {
                let flag = Arc::clone(&flag);
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_secs_f64(seconds));
                    flag.store(true, Ordering::Relaxed);
                });
            }
            let start = Instant::now();
            let mut engine = new_engine(kind, &dimacs.cnf, &limits);
            let outcome = engine.solve();
            let seconds = start.elapsed().as_secs_f64();
            let answer = match &outcome {
                Outcome::Sat(model) if dimacs.cnf.is_satisfied_by(model) => "SAT",
                Outcome::Sat(_) => "BAD-MODEL",
                Outcome::Unsat => "UNSAT",
                Outcome::Unknown => "UNKNOWN",
            };
            let name = Path::new(file)
                .file_name()
                .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
            println!("{name}\t{kind}\t{answer}\t{seconds:.3}");
            let _ = engine.write_stats(&mut std::io::stderr());
        }
    }
}
