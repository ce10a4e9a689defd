//! `drat_check [--own] FORMULA PROOF`: checks a DRAT proof (text or binary, detected) of a
//! DIMACS formula with the `dratify` crate, a forward RUP/RAT checker that shares no code
//! with our solver; with `--own`, with our own forward RUP checker instead
//! (`sudosat::testkit::drat::check_watched`: two watched literals and a kept root
//! assignment, fast enough for the hard suite's proofs; it shares no code with dratify or
//! the solver, and its tests hold it to the same verdicts as the simple checker
//! `drat::check`), the second checker of `scripts/hard/pick.py`. Used by `scripts/verify-proofs.py`; exit 0
//! verified, 1 rejected, 2 when the files cannot be read. The proof is decoded by
//! `sudosat::testkit::drat`, the strict decoders of the proof tests (every step ends in 0;
//! a malformed proof is rejected).
//!
//! ```text
//! cargo run --release --example drat_check -- formula.cnf proof.drat
//! cargo run --release --example drat_check -- --own formula.cnf proof.drat
//! ```

use std::process::ExitCode;

use sudosat::cli::{self, Source};
use sudosat::dimacs::{read_dimacs, ReadOptions};
use sudosat::testkit::drat;

/// A proof step: deletion or addition, and its literals in dratify's encoding.
type Step = (bool, Vec<dratify::Lit>);

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let own = args.first().is_some_and(|arg| arg == "--own");
    if own {
        args.remove(0);
    }
    let [formula, proof] = args.as_slice() else {
        eprintln!("usage: drat_check [--own] FORMULA.cnf PROOF.drat");
        return ExitCode::from(2);
    };
    let source = Source::File(formula.into());
    let dimacs = match cli::open(&source)
        .map_err(|e| e.to_string())
        .and_then(|input| read_dimacs(input, &ReadOptions::default()).map_err(|e| e.to_string()))
    {
        Ok(dimacs) => dimacs,
        Err(error) => {
            eprintln!("drat_check: {formula}: {error}");
            return ExitCode::from(2);
        }
    };
    let bytes = match std::fs::read(proof) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("drat_check: {proof}: {error}");
            return ExitCode::from(2);
        }
    };
    if own {
        return check_own(&dimacs.cnf, &bytes, proof);
    }
    // Text or binary, told apart by the first bytes; read straight into dratify's
    // 32-bit literals, since a proof can hold hundreds of millions of them.
    let steps: Vec<Step> = match drat::parse_with(&bytes, drat::dratify_lit) {
        Ok(steps) => steps,
        Err(error) => {
            eprintln!("drat_check: {proof}: {error}");
            return ExitCode::from(1);
        }
    };
    // A clause is a set: repeated literals (legal DIMACS) would make the checker see a
    // unit as two free literals, and tautologies constrain nothing.
    let clauses: Vec<Vec<dratify::Lit>> = dimacs
        .cnf
        .clauses()
        .filter_map(|clause| {
            let mut lits: Vec<dratify::Lit> = clause
                .iter()
                .map(|lit| drat::dratify_lit(lit.to_dimacs()))
                .collect();
            lits.sort_unstable();
            lits.dedup();
            let tautology = lits.windows(2).any(|pair| pair[0] ^ 1 == pair[1]);
            (!tautology).then_some(lits)
        })
        .collect();
    let num_vars = steps
        .iter()
        .flat_map(|(_, lits)| lits.iter().map(|&lit| lit / 2 + 1))
        .max()
        .unwrap_or(0)
        .max(dimacs.cnf.num_vars() as dratify::Lit);
    let result = dratify::Checker::new(num_vars, &clauses, true, true).check(&steps);
    if result.ok && result.reached_empty {
        println!(
            "s VERIFIED ({} steps, {} deletions)",
            result.steps, result.deletions
        );
        ExitCode::SUCCESS
    } else {
        println!(
            "s NOT VERIFIED: {} (step {})",
            result.reason, result.failed_step
        );
        ExitCode::from(1)
    }
}

/// The proof checked by our own forward RUP checker (see the module docs).
fn check_own(cnf: &sudosat::cnf::Cnf, bytes: &[u8], proof: &str) -> ExitCode {
    let steps = match drat::parse_with(bytes, |lit| lit) {
        Ok(steps) => steps,
        Err(error) => {
            eprintln!("drat_check: {proof}: {error}");
            return ExitCode::from(1);
        }
    };
    let formula: Vec<Vec<i64>> = cnf
        .clauses()
        .map(|clause| clause.iter().map(|lit| lit.to_dimacs()).collect())
        .collect();
    match drat::check_watched(&formula, &steps) {
        Ok(deletions) => {
            println!(
                "s VERIFIED ({} steps, {deletions} deletions; own checker)",
                steps.len()
            );
            ExitCode::SUCCESS
        }
        Err(reason) => {
            println!("s NOT VERIFIED: {reason} (own checker)");
            ExitCode::from(1)
        }
    }
}
