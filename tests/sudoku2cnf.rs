//! `sudoku2cnf` as a binary: the formula it writes, puzzle selection, splitting, and the
//! errors on invalid puzzles.

use crate::util::{run, scratch, testdata};

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

/// The DIMACS lines of `text`: (comments, header fields, clauses).
fn parse(text: &str) -> (Vec<String>, Vec<usize>, Vec<Vec<i64>>) {
    let mut comments = Vec::new();
    let mut header = Vec::new();
    let mut clauses = Vec::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('c') {
            comments.push(comment.trim().to_string());
        } else if let Some(fields) = line.strip_prefix("p cnf ") {
            header = fields.split(' ').map(|f| f.parse().unwrap()).collect();
        } else {
            let mut clause: Vec<i64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            assert_eq!(clause.pop(), Some(0), "clause ends in 0: {line}");
            clauses.push(clause);
        }
    }
    (comments, header, clauses)
}

#[test]
fn a_9x9_puzzle_becomes_the_extended_encoding_with_one_unit_per_given() {
    let result = run(
        "sudoku2cnf",
        &["--encoding", "extended"],
        ESCARGOT.as_bytes(),
    );
    result.expect_code(0);
    let (comments, header, clauses) = parse(&result.stdout_text());
    let givens = ESCARGOT.chars().filter(|c| *c != '.').count();
    assert_eq!(header, vec![729, 11_988 + givens]);
    assert_eq!(clauses.len(), header[1]);
    // The units are exactly the givens, numbered (r*9 + c)*9 + v.
    let mut units: Vec<i64> = clauses
        .iter()
        .filter(|c| c.len() == 1)
        .map(|c| c[0])
        .collect();
    units.sort();
    let mut expected: Vec<i64> = ESCARGOT
        .chars()
        .enumerate()
        .filter_map(|(cell, symbol)| {
            let value = symbol.to_digit(10)? as i64;
            Some(cell as i64 * 9 + value)
        })
        .collect();
    expected.sort();
    assert_eq!(units, expected);
    // Self-describing header.
    let joined = comments.join("\n");
    for fragment in ["sudoku2cnf", "square 9", ESCARGOT, "p show 1 2 3"] {
        assert!(
            joined.contains(fragment),
            "comments lack {fragment:?}:\n{joined}"
        );
    }
}

#[test]
fn stats_go_to_stderr_and_do_not_change_stdout() {
    let plain = run("sudoku2cnf", &[], ESCARGOT.as_bytes());
    let with_stats = run("sudoku2cnf", &["--stats"], ESCARGOT.as_bytes());
    with_stats.expect_code(0);
    assert_eq!(plain.stdout, with_stats.stdout);
    with_stats
        .expect_stderr_contains("729")
        .expect_stderr_contains("clauses");
}

#[test]
fn sizes_4_to_36_are_detected_from_the_text() {
    for (file, vars) in [
        ("puzzles/4x4_line.txt", 64),
        ("puzzles/16x16_b55_s1.txt", 4096),
        ("puzzles/25x25_b58_s1.txt", 15_625),
        ("puzzles/36x36_b60_s1.txt", 46_656),
    ] {
        let path = testdata(file);
        let result = run("sudoku2cnf", &["--index", "1", path.to_str().unwrap()], b"");
        result.expect_code(0);
        let text = result.stdout_text();
        let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
        assert!(
            header.starts_with(&format!("p cnf {vars} ")),
            "{file}: {header}"
        );
    }
}

#[test]
fn several_puzzles_stream_or_index_or_split() {
    let two = format!("{ESCARGOT}\n{}\n", ESCARGOT.replace('1', "."));
    // Without --index or --split: one incremental stream (tests/batch_solve.rs has more).
    let stream = run("sudoku2cnf", &[], two.as_bytes());
    stream.expect_code(0);
    let text = stream.stdout_text();
    assert!(text.contains("\np inccnf\n"), "{text}");
    assert_eq!(
        text.lines().filter(|line| line.starts_with("a ")).count(),
        2
    );
    let second = run("sudoku2cnf", &["--index", "2"], two.as_bytes());
    second.expect_code(0);
    assert!(!second.stdout_text().contains(ESCARGOT));
    run("sudoku2cnf", &["--index", "3"], two.as_bytes())
        .expect_code(2)
        .expect_stderr_contains("past the last puzzle");

    let dir = scratch("sudoku2cnf-split");
    let out = dir.join("cnfs");
    run(
        "sudoku2cnf",
        &["--split", out.to_str().unwrap()],
        two.as_bytes(),
    )
    .expect_code(0)
    .expect_no_stdout();
    let first = std::fs::read_to_string(out.join("000001.cnf")).unwrap();
    assert!(first.contains(ESCARGOT));
    assert!(out.join("000002.cnf").is_file());
    assert!(!out.join("000003.cnf").exists());
}

#[test]
fn invalid_puzzles_exit_2_with_their_reason_and_nothing_on_stdout() {
    let table = std::fs::read_to_string(testdata("puzzles/invalid/expected.tsv")).unwrap();
    let mut cases = 0;
    for line in table.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let (file, fragment) = (fields.next().unwrap(), fields.next().unwrap());
        let path = testdata(&format!("puzzles/invalid/{file}"));
        let result = run("sudoku2cnf", &[path.to_str().unwrap()], b"");
        result
            .expect_code(2)
            .expect_no_stdout()
            .expect_stderr_contains(fragment)
            .expect_stderr_contains(file);
        assert!(!result.stderr.contains("panicked"), "{}", result.stderr);
        cases += 1;
    }
    assert!(cases >= 5);
}

#[test]
fn bad_size_and_usage_are_errors() {
    run("sudoku2cnf", &["--size", "10"], ESCARGOT.as_bytes())
        .expect_code(2)
        .expect_no_stdout();
    run("sudoku2cnf", &["--size", "16"], ESCARGOT.as_bytes())
        .expect_code(2)
        .expect_no_stdout();
    run("sudoku2cnf", &["/nonexistent/p.txt"], b"")
        .expect_code(2)
        .expect_stderr_contains("/nonexistent/p.txt");
    run("sudoku2cnf", &[], b"# only a comment\n")
        .expect_code(2)
        .expect_stderr_contains("no puzzle");
    let help = run("sudoku2cnf", &["--help"], b"");
    help.expect_code(0);
    assert!(help.stdout_text().contains("EXIT CODES"));
}

/// `--layout x-sudoku` without `--size` takes the size of the puzzles, as `sudoku` does
/// (it took 9 and refused a 4x4), for one puzzle and for a stream.
#[test]
fn x_sudoku_takes_its_size_from_the_puzzles() {
    let one = run(
        "sudoku2cnf",
        &["--layout", "x-sudoku"],
        b"1...............\n",
    );
    one.expect_code(0);
    let (comments, header, _) = parse(&one.stdout_text());
    assert!(
        comments.iter().any(|c| c == "layout x-sudoku 4"),
        "{comments:?}"
    );
    assert_eq!(header[0], 64);
    let stream = run(
        "sudoku2cnf",
        &["--layout", "x-sudoku"],
        b"1...............\n.2..............\n",
    );
    stream.expect_code(0);
    let text = stream.stdout_text();
    assert!(
        text.starts_with("p inccnf") || text.contains("\np inccnf"),
        "{text}"
    );
    assert!(text.contains("c layout x-sudoku 4"), "{text}");
    let answers = run("satsolve", &[], &stream.stdout);
    answers.expect_code(10);
    assert_eq!(answers.stdout_text().matches("s SATISFIABLE").count(), 2);
}
