//! `satsolve`'s limits, model enumeration, result files and `--print-cnf`, run as a binary.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudosat::testkit::families;

use crate::util::{binary, run, scratch, testdata};

/// Pigeonhole PHP(n+1, n) as DIMACS text: UNSAT and exponentially hard for resolution,
/// so a solver is still busy when a limit strikes.
fn pigeonhole(holes: usize) -> String {
    families::pigeonhole(holes + 1, holes).to_dimacs()
}

#[test]
fn conflict_limit_and_timeout_end_in_unknown_with_exit_0() {
    let hard = pigeonhole(12);
    let limited = run("satsolve", &["--conflicts", "50"], hard.as_bytes());
    limited.expect_code(0);
    assert_eq!(limited.stdout_text(), "s UNKNOWN\n");

    let started = Instant::now();
    let timed = run("satsolve", &["--timeout", "0.3"], hard.as_bytes());
    timed.expect_code(0);
    assert_eq!(timed.stdout_text(), "s UNKNOWN\n");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the time-out must stop the search"
    );

    run("satsolve", &["--timeout", "-1"], hard.as_bytes())
        .expect_code(2)
        .expect_no_stdout();
}

#[test]
fn ctrl_c_ends_in_unknown_after_printing_statistics() {
    let dir = scratch("satsolve-sigint");
    let path = dir.join("php12.cnf");
    std::fs::write(&path, pigeonhole(12)).unwrap();
    let child = Command::new(binary("satsolve"))
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stdout, "s UNKNOWN\n");
    assert!(
        stderr.contains("c conflicts"),
        "statistics on stderr: {stderr}"
    );
}

/// The models of satsolve's output, one literal list per `s SATISFIABLE` block.
fn models(stdout: &str) -> Vec<Vec<i64>> {
    let mut models = Vec::new();
    for line in stdout.lines() {
        if line == "s SATISFIABLE" {
            models.push(Vec::new());
        } else if let Some(literals) = line.strip_prefix("v ") {
            let model = models.last_mut().expect("v line after an s line");
            model.extend(
                literals
                    .split_whitespace()
                    .map(|t| t.parse::<i64>().unwrap()),
            );
        }
    }
    models
}

#[test]
fn models_are_enumerated_on_the_projection_and_checked() {
    let puzzle = testdata("puzzles/4x4_two_solutions.txt");
    let cnf = run("sudoku2cnf", &[puzzle.to_str().unwrap()], b"");
    cnf.expect_code(0);

    let all = run("satsolve", &["--models", "0"], &cnf.stdout);
    all.expect_code(10)
        .expect_stderr_contains("c models 2 (no other model exists)");
    let found = models(&all.stdout_text());
    assert_eq!(found.len(), 2);
    assert_ne!(found[0], found[1]);
    // Each block decodes to a valid grid keeping the givens.
    let dir = scratch("satsolve-models");
    for model in &found {
        let body: Vec<String> = model.iter().map(i64::to_string).collect();
        let answer = format!("s SATISFIABLE\nv {}\n", body.join(" "));
        let grid = run("model2grid", &[], answer.as_bytes());
        grid.expect_code(0);
        let path = dir.join("grid.txt");
        std::fs::write(&path, &grid.stdout).unwrap();
        run(
            "gridcheck",
            &["--puzzle", puzzle.to_str().unwrap(), path.to_str().unwrap()],
            b"",
        )
        .expect_code(0);
    }

    let one = run("satsolve", &["--models", "1"], &cnf.stdout);
    one.expect_code(10).expect_stderr_contains("more may exist");
    assert_eq!(models(&one.stdout_text()).len(), 1);
}

#[test]
fn models_2_shows_a_unique_puzzle_has_one_solution() {
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let cnf = run("sudoku2cnf", &[puzzle.to_str().unwrap()], b"");
    let result = run("satsolve", &["--models", "2", "-q"], &cnf.stdout);
    result
        .expect_code(10)
        .expect_stderr_contains("c models 1 (no other model exists)");
    assert_eq!(result.stdout_text(), "s SATISFIABLE\n");
    let unsat = run("satsolve", &["--models", "2"], b"p cnf 1 2\n1 0\n-1 0\n");
    unsat.expect_code(20);
    assert_eq!(unsat.stdout_text(), "s UNSATISFIABLE\n");
}

#[test]
fn result_file_and_res_format() {
    let dir = scratch("satsolve-output");
    let path = dir.join("answer.res");
    let result = run(
        "satsolve",
        &["--format", "res", "--output", path.to_str().unwrap()],
        b"p cnf 2 2\n1 0\n-1 -2 0\n",
    );
    result.expect_code(10);
    let text = result.stdout_text();
    assert!(text.starts_with("s 1\nv 1 -2 0\nt "), "{text}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // model2grid-style readers take the .res form too.
    let unsat = run("satsolve", &["--format", "res"], b"p cnf 1 2\n1 0\n-1 0\n");
    unsat.expect_code(20);
    assert!(unsat.stdout_text().starts_with("s 0\nt "));
    run(
        "satsolve",
        &["--output", "/nonexistent/dir/x.res"],
        b"p cnf 1 1\n1 0\n",
    )
    .expect_code(1)
    .expect_stderr_contains("/nonexistent/dir/x.res");
}

#[test]
fn print_cnf_turns_a_lenient_file_into_strict_dimacs() {
    let satlib = testdata("cnf/uf20_percent.cnf");
    let printed = run("satsolve", &["--print-cnf", satlib.to_str().unwrap()], b"");
    printed.expect_code(0);
    let text = printed.stdout_text();
    assert!(!text.contains('%'));
    let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let clauses = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
        .count();
    assert_eq!(header, format!("p cnf 20 {clauses}"));
    // The strict reader accepts it and the answer is unchanged.
    run("satsolve", &["--strict", "-q"], printed.stdout.as_slice()).expect_code(10);
    run("satsolve", &["--strict", satlib.to_str().unwrap()], b"").expect_code(1);
}
