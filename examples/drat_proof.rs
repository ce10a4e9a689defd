//! Solve a DIMACS file with the CDCL solver and write a DRAT proof, for checking with an
//! external tool (drat-trim, or the `dratify` Python package).
//!
//! ```text
//! cargo run --release --example drat_proof -- INPUT.cnf PROOF [--binary]
//! ```
//!
//! Prints the `s` line and exits 10 (SAT) or 20 (UNSAT); exits 1 with a message on
//! stderr when the input cannot be read or the proof cannot be written.

use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use sudosat::dimacs::{read_dimacs, ReadOptions};
use sudosat::solver::cdcl::{ProofFormat, Solver};
use sudosat::solver::Outcome;

fn main() -> ExitCode {
    match run() {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("drat_proof: {message}");
            ExitCode::from(1)
        }
    }
}

fn run() -> Result<u8, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (input, proof_path, format) = match args.as_slice() {
        [input, proof] => (input, proof, ProofFormat::Text),
        [input, proof, flag] if flag == "--binary" => (input, proof, ProofFormat::Binary),
        _ => return Err("usage: drat_proof INPUT.cnf PROOF [--binary]".to_string()),
    };
    let file = File::open(input).map_err(|e| format!("{input}: {e}"))?;
    let dimacs = read_dimacs(BufReader::new(file), &ReadOptions::default())
        .map_err(|e| format!("{input}: {e}"))?;
    let proof = File::create(proof_path).map_err(|e| format!("{proof_path}: {e}"))?;
    // The proof is set before the clauses are added, the order that logs least.
    let mut solver = Solver::with_vars(dimacs.cnf.num_vars());
    solver.set_proof(Box::new(proof), format);
    for clause in dimacs.cnf.clauses() {
        solver.add_clause(clause);
    }
    let outcome = solver.solve();
    if let Some(error) = solver.proof_error() {
        return Err(format!("{proof_path}: {error}"));
    }
    Ok(match outcome {
        Outcome::Sat(_) => {
            println!("s SATISFIABLE");
            10
        }
        Outcome::Unsat => {
            println!("s UNSATISFIABLE");
            20
        }
        Outcome::Unknown => {
            println!("s UNKNOWN");
            0
        }
    })
}
