//! `satsolve` as a binary: answers on the shipped CNF cases, output format, exit codes,
//! error messages on bad input.

use crate::util::{run, scratch, testdata};

/// Rows of a tab-separated `expected.tsv`, without its header line.
fn table(path: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(testdata(path)).expect("expected.tsv exists");
    text.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

/// The clauses of a lenient DIMACS file, read here independently of the library: comment,
/// header and text lines are skipped, a `%` line ends the formula, an unterminated last
/// clause counts.
fn clauses_of(bytes: &[u8]) -> Vec<Vec<i64>> {
    let text = String::from_utf8_lossy(bytes);
    let (mut clauses, mut clause) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('%') {
            break;
        }
        let tokens: Option<Vec<i64>> = line.split_whitespace().map(|t| t.parse().ok()).collect();
        let Some(tokens) = tokens else { continue };
        for lit in tokens {
            if lit == 0 {
                clauses.push(std::mem::take(&mut clause));
            } else {
                clause.push(lit);
            }
        }
    }
    if !clause.is_empty() {
        clauses.push(clause);
    }
    clauses
}

/// Every literal of the `v` lines.
fn model_literals(stdout: &str) -> std::collections::HashSet<i64> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("v "))
        .flat_map(|line| line.split_whitespace().map(|t| t.parse::<i64>().unwrap()))
        .collect()
}

fn exit_code_for(expected: &str) -> i32 {
    match expected {
        "SAT" => 10,
        "UNSAT" => 20,
        "ERROR" => 1,
        other => panic!("unknown expectation {other:?}"),
    }
}

#[test]
fn every_shipped_cnf_gets_its_expected_answer_in_both_modes() {
    let rows = table("cnf/expected.tsv");
    assert!(rows.len() >= 20, "expected.tsv lists the edge cases");
    for row in rows {
        let (name, lenient, strict) = (&row[0], &row[1], &row[2]);
        let path = testdata(&format!("cnf/{name}"));
        let path = path.to_str().unwrap();
        for (flags, expected) in [(vec![path], lenient), (vec!["--strict", path], strict)] {
            let result = run("satsolve", &flags, b"");
            result.expect_code(exit_code_for(expected));
            let stdout = result.stdout_text();
            match expected.as_str() {
                "SAT" => {
                    assert!(stdout.starts_with("s SATISFIABLE\n"), "{name}: {stdout}");
                    let model = model_literals(&stdout);
                    for clause in
                        clauses_of(&std::fs::read(testdata(&format!("cnf/{name}"))).unwrap())
                    {
                        assert!(
                            clause.is_empty() || clause.iter().any(|lit| model.contains(lit)),
                            "{name}: the model falsifies {clause:?}"
                        );
                    }
                }
                "UNSAT" => assert_eq!(stdout, "s UNSATISFIABLE\n", "{name}"),
                _ => assert!(stdout.is_empty(), "{name}: error with stdout {stdout}"),
            }
        }
    }
}

#[test]
fn bad_input_gets_its_message_and_exit_code_and_no_stdout() {
    let rows = table("cnf/bad/expected.tsv");
    assert!(rows.len() >= 5);
    for row in rows {
        let (name, code, fragment) = (&row[0], &row[1], &row[2]);
        let path = testdata(&format!("cnf/bad/{name}"));
        let path = path.to_str().unwrap();
        let result = run("satsolve", &["--strict", path], b"");
        result
            .expect_code(code.parse().unwrap())
            .expect_no_stdout()
            .expect_stderr_contains(fragment)
            .expect_stderr_contains(name);
        assert!(
            !result.stderr.contains("panicked"),
            "{name}: {}",
            result.stderr
        );
        // Files named strict_* are accepted (with a warning) without --strict; the others
        // are errors in both modes, with the same message.
        let lenient = run("satsolve", &[path], b"");
        if name.starts_with("strict_") {
            assert!(
                lenient.code == 10 || lenient.code == 20,
                "{name}: {}",
                lenient.stderr
            );
            lenient.expect_stderr_contains("warning");
        } else {
            lenient
                .expect_code(code.parse().unwrap())
                .expect_no_stdout()
                .expect_stderr_contains(fragment);
        }
    }
}

#[test]
fn huge_variable_counts_are_refused_not_allocated() {
    for text in [
        "p cnf 1073741823 0\n",
        "p cnf 1 1\n1073741823 0\n",
        "p cnf 100000000 0\n",
    ] {
        run("satsolve", &[], text.as_bytes())
            .expect_code(1)
            .expect_no_stdout()
            .expect_stderr_contains("refusing to allocate");
    }
    // Latin-1 in a comment is not binary data.
    run("satsolve", &["-q"], b"c Jos\xe9\np cnf 1 1\n1 0\n").expect_code(10);
}

#[test]
fn truncated_gzip_is_reported_as_such() {
    let dir = scratch("satsolve-bad-gzip");
    let path = dir.join("truncated.cnf.gz");
    std::fs::write(&path, [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xfe]).unwrap();
    run("satsolve", &[path.to_str().unwrap()], b"")
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("truncated.cnf.gz")
        .expect_stderr_contains("invalid gzip data");
}

#[test]
fn models_satisfy_the_formula_and_lines_are_wrapped() {
    // A checker written here, apart from the solver: every clause has a true literal.
    let cnf = "c tiny\np cnf 120 3\n1 -2 0\n2 3 0\n-1 -3 120 0\n";
    let result = run("satsolve", &[], cnf.as_bytes());
    result.expect_code(10);
    let text = result.stdout_text();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("s SATISFIABLE"));
    let mut literals = Vec::new();
    for line in lines {
        assert!(line.starts_with("v "), "{line}");
        assert!(line.len() <= 4096);
        literals.extend(
            line[2..]
                .split_whitespace()
                .map(|t| t.parse::<i64>().unwrap()),
        );
    }
    assert_eq!(literals.pop(), Some(0));
    assert_eq!(literals.len(), 120, "one literal per variable");
    let truth = |lit: i64| literals.contains(&lit);
    assert!(truth(1) || truth(-2));
    assert!(truth(2) || truth(3));
    assert!(truth(-1) || truth(-3) || truth(120));
}

#[test]
fn quiet_drops_the_model_and_stats_go_to_stderr() {
    let cnf = b"p cnf 2 2\n1 2 0\n-1 0\n";
    let result = run("satsolve", &["-q", "--stats"], cnf);
    result.expect_code(10);
    assert_eq!(result.stdout_text(), "s SATISFIABLE\n");
    for word in [
        "conflicts",
        "decisions",
        "propagations",
        "restarts",
        "time",
        "memory",
    ] {
        result.expect_stderr_contains(word);
    }
    assert!(result.stderr.lines().all(|line| line.starts_with("c ")));
}

#[test]
fn empty_formula_is_sat_and_empty_clause_is_unsat() {
    run("satsolve", &[], b"p cnf 0 0\n").expect_code(10);
    run("satsolve", &[], b"").expect_code(10);
    let result = run("satsolve", &[], b"p cnf 2 1\n0\n");
    result.expect_code(20);
    assert_eq!(result.stdout_text(), "s UNSATISFIABLE\n");
}

#[test]
fn gzip_input_is_read_from_a_file_and_from_stdin() {
    use flate2::write::GzEncoder;
    use flate2::Compression;
    use std::io::Write;
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(b"p cnf 2 2\n1 0\n-1 2 0\n").unwrap();
    let packed = encoder.finish().unwrap();
    let dir = scratch("satsolve-gzip");
    let path = dir.join("small.cnf.gz");
    std::fs::write(&path, &packed).unwrap();
    for result in [
        run("satsolve", &[path.to_str().unwrap()], b""),
        run("satsolve", &["-"], &packed),
    ] {
        result.expect_code(10);
        assert_eq!(result.stdout_text(), "s SATISFIABLE\nv 1 2 0\n");
    }
}

#[test]
fn lenient_warnings_go_to_stderr_and_strict_refuses() {
    let cnf = b"p cnf 2 5\n1 2 0\n";
    let lenient = run("satsolve", &[], cnf);
    lenient.expect_code(10).expect_stderr_contains("warning");
    run("satsolve", &["--strict"], cnf)
        .expect_code(1)
        .expect_no_stdout();
}

#[test]
fn missing_file_and_bad_flags_are_reported() {
    run("satsolve", &["/nonexistent/x.cnf"], b"")
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("/nonexistent/x.cnf");
    run("satsolve", &["--no-such-flag"], b"").expect_code(2);
    let help = run("satsolve", &["--help"], b"");
    help.expect_code(0);
    assert!(help.stdout_text().contains("EXIT CODES"));
    run("satsolve", &["--version"], b"").expect_code(0);
}

#[test]
fn every_engine_gives_the_expected_answers_through_the_binary() {
    let mut cases: Vec<(String, String)> = table("cnf/expected.tsv")
        .into_iter()
        .map(|row| (format!("cnf/{}", row[0]), row[1].clone()))
        .collect();
    cases.extend(
        table("cnf/sudoku/expected.tsv")
            .into_iter()
            .map(|row| (format!("cnf/sudoku/{}", row[0]), row[1].clone())),
    );
    // The cdcl engine without its preprocessing too (with it, above).
    let setups: [&[&str]; 3] = [&["--engine", "dpll"], &["--engine", "splr"], &["--no-elim"]];
    for setup in setups {
        let engine = setup.join(" ");
        for (name, expected) in &cases {
            let path = testdata(name);
            let mut args = setup.to_vec();
            args.push(path.to_str().unwrap());
            let result = run("satsolve", &args, b"");
            result.expect_code(exit_code_for(expected));
            if expected == "SAT" {
                let model = model_literals(&result.stdout_text());
                for clause in clauses_of(&std::fs::read(&path).unwrap()) {
                    assert!(
                        clause.iter().any(|lit| model.contains(lit)),
                        "{engine} on {name}: the model falsifies {clause:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_pipeline_works_with_every_engine() {
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let cnf = run("sudoku2cnf", &[puzzle.to_str().unwrap()], b"");
    for engine in ["cdcl", "dpll", "splr"] {
        let answer = run("satsolve", &["--engine", engine], &cnf.stdout);
        answer.expect_code(10);
        let grid = run("model2grid", &[], &answer.stdout);
        grid.expect_code(0);
        run(
            "gridcheck",
            &["--puzzle", puzzle.to_str().unwrap()],
            &grid.stdout,
        )
        .expect_code(0);
    }
    let proof = scratch("satsolve-dpll-proof").join("p.drat");
    run(
        "satsolve",
        &["--engine", "dpll", "--proof", proof.to_str().unwrap()],
        &cnf.stdout,
    )
    .expect_code(2)
    .expect_stderr_contains("writes no proofs");
    assert!(!proof.exists(), "a refused run left a proof file");
}
