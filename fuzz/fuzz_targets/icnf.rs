//! The streaming reader (`read_formula`: plain DIMACS or `p inccnf` with its cubes) on
//! arbitrary bytes, strict and lenient (the first byte chooses).
//!
//! Beyond "no panic, no hang, no huge allocation": a plain formula must equal what the
//! whole-input reader makes of the same bytes; a stream's cubes come out in input order,
//! and after its first error the cube iterator ends.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudosat::dimacs::{read_dimacs, read_formula, Formula, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let options = ReadOptions {
        strict: mode & 1 == 1,
    };
    let Ok(formula) = read_formula(text, &options) else {
        return;
    };
    match formula {
        Formula::Plain(dimacs) => {
            let whole = read_dimacs(text, &options).expect("both readers accept plain DIMACS");
            assert_eq!(
                whole.cnf, dimacs.cnf,
                "streaming and whole-input readers differ"
            );
        }
        Formula::Incremental { base, mut cubes } => {
            for index in 0..base.cnf.num_clauses() {
                assert!(base
                    .cnf
                    .clause(index)
                    .iter()
                    .all(|l| l.var().index() < base.cnf.num_vars()));
            }
            let mut last_line = 0;
            while let Some(cube) = cubes.next() {
                match cube {
                    Ok(cube) => {
                        assert!(cube.line >= last_line, "cubes out of order");
                        last_line = cube.line;
                    }
                    Err(_) => {
                        assert!(cubes.next().is_none(), "cubes after an error");
                        break;
                    }
                }
            }
        }
    }
});
