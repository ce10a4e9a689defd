//! The DIMACS reader on arbitrary bytes, strict and lenient (the first byte chooses).
//!
//! Beyond "no panic, no hang, no huge allocation", a formula that parses must be
//! self-consistent: every literal within the variable count, a strict parse matching its
//! header, and the writer's output read back strictly to the same formula.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudosat::dimacs::{read_dimacs, write_dimacs, ReadOptions, WarningKind};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let options = ReadOptions {
        strict: mode & 1 == 1,
    };
    let Ok(dimacs) = read_dimacs(text, &options) else {
        return;
    };
    let cnf = &dimacs.cnf;
    for index in 0..cnf.num_clauses() {
        for lit in cnf.clause(index) {
            assert!(
                lit.var().index() < cnf.num_vars(),
                "literal beyond num_vars"
            );
        }
    }
    if options.strict {
        let header = dimacs.header.expect("a strict parse has a header");
        assert_eq!(header.clauses, cnf.num_clauses());
        // A comment is never an error, so a malformed `c p show` is the one strict warning.
        assert!(dimacs
            .warnings
            .iter()
            .all(|w| matches!(w.kind, WarningKind::BadShowLine { .. })));
    }
    let mut written = Vec::new();
    write_dimacs(&mut written, cnf, &[]).expect("writing to memory");
    let again = read_dimacs(&written[..], &ReadOptions { strict: true })
        .expect("the writer's output reads back strictly");
    assert_eq!(&again.cnf, cnf, "write then read changed the formula");
});
