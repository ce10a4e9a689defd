//! Times `satsolve`'s CDCL solver on DIMACS files (plain or `.gz`), one line per file:
//! `name  status  seconds  conflicts`. A stop-gap until `dimacs::read` lands: the parser
//! below accepts only well-formed input and panics otherwise.
//!
//! ```text
//! cargo run --release --example solve_bench -- [--luby] FILE...
//! ```

use std::io::Read;
use std::time::Instant;

use sudosat::solver::cdcl::{RestartPolicy, Solver};
use sudosat::solver::Outcome;
use sudosat::{Cnf, Lit};

fn read_cnf(path: &str) -> Cnf {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    if path.ends_with(".gz") {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)
    } else {
        std::io::BufReader::new(file).read_to_string(&mut text)
    }
    .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cnf = Cnf::new(0);
    let mut clause = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('c') || line.starts_with('%') {
            continue;
        }
        if let Some(header) = line.strip_prefix("p cnf") {
            let vars: usize = header.split_whitespace().next().unwrap().parse().unwrap();
            cnf.ensure_vars(vars);
            continue;
        }
        for token in line.split_whitespace() {
            let number: i64 = token.parse().unwrap_or_else(|e| panic!("{token}: {e}"));
            match Lit::from_dimacs(number) {
                Some(lit) => clause.push(lit),
                None => {
                    cnf.add_clause(&clause);
                    clause.clear();
                }
            }
        }
    }
    cnf
}

fn main() {
    let luby = std::env::args().any(|arg| arg == "--luby");
    for path in std::env::args().skip(1).filter(|arg| arg != "--luby") {
        let cnf = read_cnf(&path);
        let start = Instant::now();
        let mut solver = Solver::new(&cnf);
        if luby {
            solver.set_restart_policy(RestartPolicy::Luby);
        }
        let outcome = solver.solve();
        let seconds = start.elapsed().as_secs_f64();
        let status = match &outcome {
            Outcome::Sat(model) => {
                assert!(cnf.is_satisfied_by(model), "{path}: wrong model");
                "SAT"
            }
            Outcome::Unsat => "UNSAT",
            Outcome::Unknown => "UNKNOWN",
        };
        let name = path.rsplit('/').next().unwrap_or(&path);
        println!(
            "{name:<45} {status:<7} {seconds:>8.3}s {:>9} conflicts",
            solver.stats().conflicts
        );
    }
}
