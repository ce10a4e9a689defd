//! One test per reader rule; every error test checks the full message, position included.

use super::*;

const LENIENT: ReadOptions = ReadOptions { strict: false };
const STRICT: ReadOptions = ReadOptions { strict: true };

fn read(bytes: &[u8], options: ReadOptions) -> Result<Dimacs, DimacsError> {
    read_dimacs(bytes, &options)
}

fn lenient(text: &str) -> Dimacs {
    match read(text.as_bytes(), LENIENT) {
        Ok(dimacs) => dimacs,
        Err(err) => panic!("lenient read of {text:?} failed: {err}"),
    }
}

fn strict(text: &str) -> Dimacs {
    match read(text.as_bytes(), STRICT) {
        Ok(dimacs) => dimacs,
        Err(err) => panic!("strict read of {text:?} failed: {err}"),
    }
}

fn error(bytes: &[u8], options: ReadOptions) -> String {
    match read(bytes, options) {
        Ok(dimacs) => panic!("expected an error, got {:?}", dimacs.cnf),
        Err(err) => err.to_string(),
    }
}

fn clauses(dimacs: &Dimacs) -> Vec<Vec<i64>> {
    dimacs
        .cnf
        .clauses()
        .map(|clause| clause.iter().map(|lit| lit.to_dimacs()).collect())
        .collect()
}

fn warnings(dimacs: &Dimacs) -> Vec<String> {
    dimacs.warnings.iter().map(|w| w.to_string()).collect()
}

#[test]
fn plain_file_reads_identically_in_both_modes() {
    let text = "c hello\np cnf 3 2\n1 -2 0\n2 3 0\n";
    for dimacs in [lenient(text), strict(text)] {
        assert_eq!(clauses(&dimacs), [vec![1, -2], vec![2, 3]]);
        assert_eq!(dimacs.cnf.num_vars(), 3);
        assert_eq!(
            dimacs.header,
            Some(Header {
                vars: 3,
                clauses: 2,
                line: 2
            })
        );
        assert!(dimacs.warnings.is_empty());
        assert_eq!(dimacs.comments, ["hello"]);
        assert_eq!(dimacs.show, None);
    }
}

#[test]
fn declared_but_unused_variables_count() {
    assert_eq!(strict("p cnf 7 1\n1 0\n").cnf.num_vars(), 7);
}

#[test]
fn comments_blank_lines_tabs_crlf_and_split_clauses() {
    let text = "c a\r\n\r\np  cnf\t3  2  \r\n\t1\t-2\r\nc inside\r\n\r\n 0 2\r\n3 0\r\nc end";
    let dimacs = strict(text);
    assert_eq!(clauses(&dimacs), [vec![1, -2], vec![2, 3]]);
    assert_eq!(dimacs.comments, ["a", "inside", "end"]);
}

#[test]
fn comment_text_drops_the_c_and_one_space_only() {
    let dimacs = strict("c\nc  two\n  c indented\nc\tx\np cnf 0 0\n");
    assert_eq!(dimacs.comments, ["", " two", "indented", "\tx"]);
}

#[test]
fn empty_input_is_the_empty_formula_without_warnings() {
    for text in ["", "\n\n", "c only a comment\n"] {
        let dimacs = lenient(text);
        assert_eq!(dimacs.cnf.num_clauses(), 0);
        assert_eq!(dimacs.header, None);
        assert!(dimacs.warnings.is_empty(), "{text:?}");
    }
}

#[test]
fn strict_requires_a_header() {
    assert_eq!(
        error(b"", STRICT),
        "strict: missing header \"p cnf <variables> <clauses>\""
    );
    assert_eq!(strict("p cnf 0 0\n").cnf.num_clauses(), 0);
}

#[test]
fn empty_clause_duplicates_and_tautologies_are_kept() {
    let dimacs = strict("p cnf 2 4\n1 1 -2 0\n1 -1 0\n0\n-0\n");
    assert_eq!(
        clauses(&dimacs),
        [vec![1, 1, -2], vec![1, -1], vec![], vec![]]
    );
}

#[test]
fn missing_header_counts_from_the_clauses() {
    let dimacs = lenient("c x\n1 -2 0\n2 5 0\n");
    assert_eq!(clauses(&dimacs), [vec![1, -2], vec![2, 5]]);
    assert_eq!(dimacs.cnf.num_vars(), 5);
    assert_eq!(
        warnings(&dimacs),
        ["2: no \"p cnf <variables> <clauses>\" header; counted variables and clauses from the clauses"]
    );
}

#[test]
fn stray_lines_before_the_header_are_skipped_leniently() {
    let dimacs = lenient("1\nhello there\np cnf 3 2\n1 -2 0\n2 3 0\n");
    assert_eq!(clauses(&dimacs), [vec![1, -2], vec![2, 3]]);
    assert_eq!(
        warnings(&dimacs),
        ["1: skipped 2 line(s) before the header, the first being \"1\""]
    );
    assert_eq!(
        error(b"c ok\n1\np cnf 3 2\n", STRICT),
        "2:1: strict: expected \"p cnf <variables> <clauses>\" before any clause, found \"1\""
    );
    assert_eq!(
        error(b"hello there\np cnf 3 2\n", STRICT),
        "1:1: strict: expected \"p cnf <variables> <clauses>\" before any clause, found \"hello\""
    );
}

#[test]
fn text_without_any_header_is_an_error() {
    assert_eq!(
        error(b"1 2 0\n3 x 0\n", LENIENT),
        "2:3: expected a literal or 0, found \"x\""
    );
    assert_eq!(
        error(b"hello\n", LENIENT),
        "1:1: expected a literal or 0, found \"hello\""
    );
}

#[test]
fn percent_trailer_ends_the_formula() {
    let text = "p cnf 3 2\n1 -2 0\n2 3 0\n%\n0\n\nanything at all\n";
    let dimacs = lenient(text);
    assert_eq!(clauses(&dimacs), [vec![1, -2], vec![2, 3]]);
    assert_eq!(
        warnings(&dimacs),
        ["4: SATLIB \"%\" line ends the formula; ignored the rest of the input"]
    );
    assert_eq!(
        error(text.as_bytes(), STRICT),
        "4:1: strict: unexpected SATLIB \"%\" line after the clauses"
    );
}

#[test]
fn last_clause_without_zero() {
    let text = "p cnf 3 2\n1 -2 0\n2 3  \n\n";
    let dimacs = lenient(text);
    assert_eq!(clauses(&dimacs), [vec![1, -2], vec![2, 3]]);
    assert_eq!(
        warnings(&dimacs),
        ["3: the last clause has no final 0; kept it"]
    );
    assert_eq!(
        error(text.as_bytes(), STRICT),
        "3:4: file ends inside a clause (missing final 0)"
    );
    // Without a final newline, and with the clause spread over two lines.
    assert_eq!(
        error(b"p cnf 3 1\n1\n -2", STRICT),
        "3:4: file ends inside a clause (missing final 0)"
    );
}

#[test]
fn clause_count_mismatch_both_ways() {
    let more = "p cnf 3 1\n1 0\n2 0\n";
    assert_eq!(clauses(&lenient(more)), [vec![1], vec![2]]);
    assert_eq!(
        warnings(&lenient(more)),
        ["1: header declares 1 clauses but the file has 2"]
    );
    assert_eq!(
        error(more.as_bytes(), STRICT),
        "strict: header declares 1 clauses but the file has 2"
    );
    let fewer = "c x\np cnf 3 3\n1 0\n2 0\n";
    assert_eq!(
        warnings(&lenient(fewer)),
        ["2: header declares 3 clauses but the file has 2"]
    );
    assert_eq!(
        error(fewer.as_bytes(), STRICT),
        "strict: header declares 3 clauses but the file has 2"
    );
    match read(fewer.as_bytes(), STRICT) {
        Err(err) => assert_eq!(err.line(), Some(2)),
        Ok(_) => panic!("expected an error"),
    }
}

#[test]
fn literal_above_the_header() {
    let text = "p cnf 2 3\n1 0\n-3 0\n7 0\n";
    let dimacs = lenient(text);
    assert_eq!(dimacs.cnf.num_vars(), 7);
    assert_eq!(
        warnings(&dimacs),
        ["3: literal -3 exceeds the 2 variables declared in the header; using 7 variables"]
    );
    assert_eq!(
        error(text.as_bytes(), STRICT),
        "3:1: strict: literal -3 exceeds the 2 variables declared in the header"
    );
}

#[test]
fn non_numeric_tokens() {
    assert_eq!(
        error(b"p cnf 3 1\n1 -2 abc 0\n", LENIENT),
        "2:6: expected a literal or 0, found \"abc\""
    );
    for (text, found) in [
        ("12a", "12a"),
        ("-", "-"),
        ("--1", "--1"),
        ("+1", "+1"),
        ("1-", "1-"),
    ] {
        let input = format!("p cnf 3 1\n{text} 0\n");
        for options in [LENIENT, STRICT] {
            assert_eq!(
                error(input.as_bytes(), options),
                format!("2:1: expected a literal or 0, found \"{found}\"")
            );
        }
    }
    // Comments must start a line; `c` after a literal is a token.
    assert_eq!(
        error(b"p cnf 3 1\n1 0 c note\n", LENIENT),
        "2:5: expected a literal or 0, found \"c\""
    );
}

#[test]
fn huge_literals_are_errors_never_panics() {
    assert_eq!(
        error(b"p cnf 3 1\n1\n 99999999999 0\n", LENIENT),
        "3:2: literal 99999999999 is out of range (largest variable is 1073741823)"
    );
    assert_eq!(
        error(b"p cnf 3 1\n-99999999999999999999999 0\n", STRICT),
        "2:1: literal -99999999999999999999999 is out of range (largest variable is 1073741823)"
    );
    assert_eq!(
        error(b"1073741824 0\n", LENIENT),
        "1:1: literal 1073741824 is out of range (largest variable is 1073741823)"
    );
    let dimacs = lenient("-1073741823 0\n");
    assert_eq!(clauses(&dimacs), [vec![-1073741823]]);
    let long = format!("p cnf 1 1\n{} 0\n", "9".repeat(500));
    let message = error(long.as_bytes(), LENIENT);
    assert!(message.starts_with("2:1: literal 9999"), "{message}");
    assert!(message.len() < 200, "{message}");
}

#[test]
fn malformed_headers() {
    for line in [
        "p cnf 3",
        "p dnf 3 2",
        "p cnf x 2",
        "p cnf 3 2 7",
        "pcnf 3 2",
        "p cnf -3 2",
        "p",
        "p cnf 3 99999999999999999999999",
    ] {
        let input = format!("{line}\n1 0\n");
        for options in [LENIENT, STRICT] {
            assert_eq!(
                error(input.as_bytes(), options),
                format!("1:1: malformed header: expected \"p cnf <variables> <clauses>\", found \"{line}\"")
            );
        }
    }
    // An incremental file is well formed, but not for the plain reader.
    assert_eq!(
        error(b"c x\n  p inccnf\r\n", LENIENT),
        "2: this is an incremental CNF (\"p inccnf\" with \"a\" cube lines); only satsolve reads it"
    );
}

#[test]
fn header_with_too_many_variables() {
    assert_eq!(
        error(b"p cnf 1073741824 0\n", LENIENT),
        "1:7: header declares 1073741824 variables, more than the largest allowed 1073741823"
    );
    let dimacs = strict("p cnf 1073741823 0\n");
    assert_eq!(dimacs.cnf.num_vars(), 1073741823);
}

#[test]
fn huge_clause_count_allocates_nothing_up_front() {
    let dimacs = lenient("p cnf 3 18446744073709551615\n1 0\n");
    assert_eq!(dimacs.cnf.num_clauses(), 1);
    assert_eq!(dimacs.header.map(|h| h.clauses), Some(usize::MAX));
}

#[test]
fn second_header() {
    let text = b"p cnf 3 1\n1 0\np cnf 3 1\n";
    for options in [LENIENT, STRICT] {
        assert_eq!(
            error(text, options),
            "3:1: second header (the first is on line 1)"
        );
    }
}

#[test]
fn latin1_comments_are_accepted_in_both_modes() {
    for options in [LENIENT, STRICT] {
        let dimacs = read_dimacs(&b"c Jos\xe9 caf\xe9\np cnf 1 1\n1 0\n"[..], &options).unwrap();
        assert_eq!(dimacs.cnf.num_clauses(), 1);
        assert_eq!(dimacs.comments, vec!["Jos\u{fffd} caf\u{fffd}".to_string()]);
    }
}

#[test]
fn binary_data_is_reported_where_it_is() {
    assert_eq!(
        error(b"\x1f\x8b\x08\x00\x00\x00", LENIENT),
        "1:1: binary data / invalid UTF-8 (byte 0x1f); this looks like gzip data: decompress it first"
    );
    assert_eq!(
        error(b"p cnf 3 1\n1 2\xff\xfe 0\n", LENIENT),
        "2:4: binary data / invalid UTF-8 (byte 0xff)"
    );
    assert_eq!(
        error(b"p cnf 3 1\n1 \x00 0\n", LENIENT),
        "2:3: binary data / invalid UTF-8 (byte 0x00)"
    );
    // Binary before a header is an error at once, not a stray line.
    assert_eq!(
        error(b"\xff\xfe1 0\np cnf 1 1\n1 0\n", LENIENT),
        "1:1: binary data / invalid UTF-8 (byte 0xff)"
    );
    // Valid UTF-8 that is not a number is a plain syntax error.
    assert_eq!(
        error("p cnf 1 1\n1 é 0\n".as_bytes(), LENIENT),
        "2:3: expected a literal or 0, found \"é\""
    );
}

#[test]
fn byte_order_mark_is_skipped() {
    assert_eq!(clauses(&strict("\u{feff}p cnf 1 1\n1 0\n")), [vec![1]]);
}

#[test]
fn projection_lines_are_unioned() {
    let dimacs = strict("c p show 3 1 0\nc p show 2 3 0\np cnf 3 0\n");
    let show: Vec<u32> = dimacs
        .show
        .unwrap_or_default()
        .iter()
        .map(|v| v.to_dimacs())
        .collect();
    assert_eq!(show, [1, 2, 3]);
    assert_eq!(dimacs.comments, ["p show 3 1 0", "p show 2 3 0"]);
    let bad = lenient("c p show 1 x 0\nc p show 2\np cnf 3 0\n");
    assert_eq!(bad.show, None);
    assert_eq!(
        warnings(&bad),
        [
            "1: ignored malformed projection line \"c p show 1 x 0\": expected \"c p show <variables> 0\"",
            "2: ignored malformed projection line \"c p show 2\": expected \"c p show <variables> 0\"",
        ]
    );
    assert_eq!(strict("c p show 0\np cnf 1 0\n").show, Some(vec![]));
}

#[test]
fn lines_longer_than_a_chunk_and_chunk_boundaries() {
    // One clause line of ~1.4 MB, then many short lines crossing chunk boundaries.
    let mut text = String::from("p cnf 200000 100001\n");
    for n in 1..=200_000 {
        text.push_str(&format!("{n} "));
    }
    text.push_str("0\n");
    for n in 1..=100_000 {
        text.push_str(&format!("-{n} {} 0\n", n + 1));
    }
    let dimacs = strict(&text);
    assert_eq!(dimacs.cnf.num_clauses(), 100_001);
    assert_eq!(dimacs.cnf.clause(0).len(), 200_000);
    assert_eq!(clauses(&dimacs)[100_000], [-100_000, 100_001]);
    // The same through a reader that hands out one byte at a time.
    let slow = std::io::BufReader::with_capacity(1, text.as_bytes());
    assert_eq!(
        read_dimacs(slow, &STRICT).map(|d| d.cnf).ok(),
        Some(dimacs.cnf)
    );
}

#[test]
fn error_line_numbers_survive_chunk_boundaries() {
    let mut text = String::from("p cnf 2 400000\n");
    for _ in 0..400_000 {
        text.push_str("1 -2 0\n");
    }
    text.push_str("1 oops 0\n");
    assert_eq!(
        error(text.as_bytes(), LENIENT),
        "400002:3: expected a literal or 0, found \"oops\""
    );
}

#[test]
fn io_errors_are_reported() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let err = read_dimacs(std::io::BufReader::new(Failing), &LENIENT);
    assert_eq!(
        err.map(|_| ()).unwrap_err().to_string(),
        "read error: disk on fire"
    );
}

#[test]
fn no_panic_on_arbitrary_bytes() {
    // A cheap deterministic fuzz; the proptest in `dimacs::tests` covers more.
    let alphabet = b"0123456789-- \t\r\n\ncp%x\xff\x00";
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..3000 {
        let mut bytes = Vec::new();
        for _ in 0..(state % 40) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        for options in [LENIENT, STRICT] {
            let _ = read(&bytes, options);
        }
    }
}
