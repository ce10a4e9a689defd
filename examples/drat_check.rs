//! `drat_check FORMULA PROOF`: checks a DRAT proof (text or binary, detected) of a DIMACS
//! formula with the `dratify` crate, a forward RUP/RAT checker that shares no code with
//! our solver. Used by `scripts/verify-proofs.py`; exit 0 verified, 1 rejected, 2 when the
//! files cannot be read.
//!
//! ```text
//! cargo run --release --example drat_check -- formula.cnf proof.drat
//! ```

use std::process::ExitCode;

use sudosat::cli::{self, Source};
use sudosat::dimacs::{read_dimacs, ReadOptions};

/// A proof step: deletion or addition, and its literals in dratify's encoding.
type Step = (bool, Vec<dratify::Lit>);

/// dratify numbers literals 2(v-1) for v and 2(v-1)+1 for -v.
fn from_dimacs(number: i64) -> dratify::Lit {
    (2 * (number.unsigned_abs() - 1) + u64::from(number < 0)) as dratify::Lit
}

/// Binary DRAT starts with an `a` or `d` byte followed by varints; text starts with a
/// digit, `-`, `d` followed by a blank, or is empty.
fn is_binary(bytes: &[u8]) -> bool {
    match bytes {
        [b'a', ..] => true,
        [b'd', next, ..] => !matches!(next, b' ' | b'\t'),
        _ => bytes.iter().take(64).any(|&b| b == 0 || b >= 0x80),
    }
}

fn parse_text(bytes: &[u8]) -> Result<Vec<Step>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("proof is not text: {e}"))?;
    let mut steps = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        let (deletion, rest) = match line.strip_prefix('d') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let mut lits = Vec::new();
        for token in rest.split_whitespace() {
            let value: i64 = token
                .parse()
                .map_err(|_| format!("proof line {}: bad token {token:?}", number + 1))?;
            if value == 0 {
                break;
            }
            lits.push(from_dimacs(value));
        }
        steps.push((deletion, lits));
    }
    Ok(steps)
}

fn parse_binary(bytes: &[u8]) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let deletion = match bytes[at] {
            b'a' => false,
            b'd' => true,
            other => {
                return Err(format!(
                    "byte {at}: expected 'a' or 'd', found 0x{other:02x}"
                ))
            }
        };
        at += 1;
        let mut lits = Vec::new();
        loop {
            let (mut value, mut shift) = (0u64, 0);
            loop {
                let byte = *bytes.get(at).ok_or("binary proof ends inside a clause")?;
                at += 1;
                value |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
                if shift > 63 {
                    return Err(format!("byte {at}: varint too long"));
                }
            }
            if value == 0 {
                break;
            }
            // 2v for v, 2v+1 for -v (v 1-based) is dratify's 2(v-1)(+1), shifted by 2.
            lits.push((value - 2) as dratify::Lit);
        }
        steps.push((deletion, lits));
    }
    Ok(steps)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [formula, proof] = args.as_slice() else {
        eprintln!("usage: drat_check FORMULA.cnf PROOF.drat");
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
    let steps = match if is_binary(&bytes) {
        parse_binary(&bytes)
    } else {
        parse_text(&bytes)
    } {
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
                .map(|lit| from_dimacs(lit.to_dimacs()))
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
