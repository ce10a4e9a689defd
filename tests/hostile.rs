//! Hostile and broken input at every binary: each case must end in one clear line on
//! stderr and the exit code the binary's `--help` documents for that kind of failure
//! (input, usage or output), never a panic, a hang or half-written output.
//!
//! The cases (per binary): empty input, binary junk, NUL bytes, a truncated file, huge
//! numbers, a line of a million characters, a missing file, a directory as input; then a
//! closed stdout, an unwritable output path and a full disk (`/dev/full`).

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{binary, run, scratch, testdata, Run, SplitMix64};

/// What went wrong, in the terms of the binaries' EXIT CODES sections.
#[derive(Clone, Copy, Debug)]
enum Failure {
    /// The input is missing, unreadable or malformed.
    Input,
    /// The command line is wrong (a value out of range counts).
    Usage,
    /// The output cannot be written.
    Output,
}

/// The one exit code `binary` documents for `failure` in its `--help` (quoted); a binary
/// that answered a missing file with, say, "invalid grid" would fail here.
fn documented_code(binary: &str, failure: Failure) -> i32 {
    use Failure::{Input, Output, Usage};
    match (binary, failure) {
        // "1  the output could not be written"
        ("sudoku2cnf", Output) => 1,
        // "2  invalid puzzle, unreadable input or bad usage"
        ("sudoku2cnf", Input | Usage) => 2,
        // "1  the input could not be read or is not valid DIMACS, or an output file failed"
        ("satsolve", Input | Output) => 1,
        // "2  bad command-line usage"
        ("satsolve", Usage) => 2,
        // "1  ... an unreadable or truncated answer, a model that does not give every cell
        // exactly one value ..."
        ("model2grid", Input) => 1,
        // "2  bad command-line usage, ..."
        ("model2grid", Usage) => 2,
        // "2  unreadable or malformed input, or bad usage" (1 is an invalid grid)
        ("gridcheck", Input | Usage) => 2,
        // "1  failure: ... output that cannot be written"
        ("sudokugen", Output) => 1,
        // "2  bad usage or input: ... unreadable puzzle file"
        ("sudokugen", Input | Usage) => 2,
        other => panic!("{other:?}: no exit code documented"),
    }
}

/// Every binary that reads input, with the arguments that make it read a file or stdin
/// (`sudokugen rate` reads puzzles).
const READERS: [(&str, &[&str]); 5] = [
    ("sudoku2cnf", &[]),
    ("satsolve", &[]),
    ("model2grid", &[]),
    ("gridcheck", &[]),
    ("sudokugen", &["rate"]),
];

/// `prefix` followed by `rest`, as one argument list.
fn with<'a>(prefix: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    prefix.iter().chain(rest).copied().collect()
}

/// Asserts that `run` failed the way a filter should: the code documented for
/// `failure`, no panic, exactly one short line on stderr naming the program.
fn assert_clean_failure(run: &Run, binary: &str, case: &str, failure: Failure) {
    let expected = documented_code(binary, failure);
    assert_no_panic(run, case);
    assert_eq!(
        run.code, expected,
        "{case}: `{}` exited {} (documented for {failure:?}: {expected})\nstderr: {}",
        run.command, run.code, run.stderr
    );
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "{case}: `{}` stderr:\n{}",
        run.command,
        run.stderr
    );
    assert!(
        lines[0].starts_with(&format!("{binary}: ")),
        "{case}: the message should name the program: {}",
        lines[0]
    );
    assert!(
        lines[0].len() <= 400,
        "{case}: a {}-byte message is not a clear line: {}...",
        lines[0].len(),
        lines[0].chars().take(200).collect::<String>()
    );
    assert!(
        !lines[0].chars().any(|c| c.is_control()),
        "{case}: control characters in the message: {:?}",
        lines[0]
    );
}

fn assert_no_panic(run: &Run, case: &str) {
    assert_ne!(
        run.code, 101,
        "{case}: `{}` panicked:\n{}",
        run.command, run.stderr
    );
    assert!(
        !run.stderr.contains("panicked"),
        "{case}: `{}` panicked:\n{}",
        run.command,
        run.stderr
    );
}

/// Deterministic junk bytes.
fn junk(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64(seed);
    (0..len).map(|_| rng.next() as u8).collect()
}

/// Inputs no binary can make sense of: each must be refused cleanly, from a file and
/// from stdin.
#[test]
fn unreadable_inputs_are_refused_with_one_line_at_every_binary() {
    let dir = scratch("hostile-unreadable");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty input", Vec::new()),
        ("binary junk", junk(65_536, 7)),
        ("NUL bytes", vec![0u8; 4096]),
        ("a million-character line of x", {
            let mut line = vec![b'x'; 1_000_000];
            line.push(b'\n');
            line
        }),
        ("only comments", b"c nothing here\nc or here\n".to_vec()),
    ];
    for (case, bytes) in &cases {
        let path = dir.join("input");
        fs::write(&path, bytes).unwrap();
        for (binary, prefix) in READERS {
            let from_file = run(binary, &with(prefix, &[path.to_str().unwrap()]), b"");
            let nothing = case == &"empty input" || case == &"only comments";
            // An empty or comment-only CNF is a valid (satisfiable) formula, and rating
            // no puzzles is an empty rating (like `wc` on nothing).
            if binary == "satsolve" && nothing {
                from_file.expect_code(10);
                continue;
            }
            if binary == "sudokugen" && case == &"empty input" {
                from_file.expect_code(0).expect_no_stdout();
                continue;
            }
            assert_clean_failure(&from_file, binary, case, Failure::Input);
            assert!(from_file.stdout.is_empty(), "{case}: {binary} wrote stdout");
            let from_stdin = run(binary, prefix, bytes);
            let case = format!("{case} on stdin");
            assert_clean_failure(&from_stdin, binary, &case, Failure::Input);
        }
    }
}

#[test]
fn missing_files_and_directories_are_refused_with_one_line() {
    for (binary, prefix) in READERS {
        let missing = run(
            binary,
            &with(prefix, &["/nonexistent/sudosat/input.txt"]),
            b"",
        );
        assert_clean_failure(&missing, binary, "missing file", Failure::Input);
        missing.expect_stderr_contains("/nonexistent/sudosat/input.txt");
        let directory = run(binary, &with(prefix, &["/"]), b"");
        assert_clean_failure(&directory, binary, "a directory as input", Failure::Input);
    }
}

/// Numbers that overflow every integer type, where each binary reads numbers.
#[test]
fn huge_numbers_are_refused_not_wrapped() {
    use Failure::{Input, Usage};
    let cases: [(&str, &[&str], &[u8], Failure); 6] = [
        (
            "satsolve",
            &[],
            b"p cnf 18446744073709551617 1\n1 0\n",
            Input,
        ),
        (
            "satsolve",
            &[],
            b"p cnf 3 1\n99999999999999999999999 0\n",
            Input,
        ),
        (
            "satsolve",
            &[],
            b"p cnf 1000000000000 1000000000000\n1 0\n",
            Input,
        ),
        (
            "model2grid",
            &[],
            b"s SATISFIABLE\nv 99999999999999999999999 0\n",
            Input,
        ),
        (
            "sudoku2cnf",
            &["--size", "99999999999999999999"],
            b"1...\n",
            Usage,
        ),
        (
            "gridcheck",
            &["--size", "18446744073709551617"],
            b"1234\n",
            Usage,
        ),
    ];
    for (binary, args, input, failure) in cases {
        let result = run(binary, args, input);
        let case = format!("huge number: {}", String::from_utf8_lossy(input).trim());
        assert_clean_failure(&result, binary, &case, failure);
    }
}

/// A file cut off in the middle: refused, or (for the lenient CNF reader, which keeps a
/// last clause without its 0 and says so) answered with a warning.
#[test]
fn truncated_files_are_refused_or_answered_with_a_warning() {
    let puzzle = fs::read_to_string(testdata("puzzles/9x9_ai_escargot.txt")).unwrap();
    let cnf = run(
        "sudoku2cnf",
        &[testdata("puzzles/9x9_ai_escargot.txt").to_str().unwrap()],
        b"",
    )
    .expect_code(0)
    .stdout
    .clone();
    let answer = run("satsolve", &[], &cnf).expect_code(10).stdout.clone();

    let cut_puzzle = &puzzle.as_bytes()[..puzzle.len() / 2];
    let result = run("sudoku2cnf", &[], cut_puzzle);
    assert_clean_failure(&result, "sudoku2cnf", "half a puzzle", Failure::Input);
    let result = run("gridcheck", &[], cut_puzzle);
    assert_clean_failure(&result, "gridcheck", "half a grid", Failure::Input);

    // Cut inside a clause: strict mode refuses, lenient mode warns and answers.
    let cut_at = cnf.len() / 2 + 3;
    let cut_cnf = &cnf[..cut_at];
    assert_clean_failure(
        &run("satsolve", &["--strict"], cut_cnf),
        "satsolve",
        "half a CNF",
        Failure::Input,
    );
    let lenient = run("satsolve", &[], cut_cnf);
    assert_no_panic(&lenient, "half a CNF, lenient");
    assert!([10, 20].contains(&lenient.code), "{}", lenient.stderr);

    // An answer cut inside its v lines names the problem instead of guessing a grid.
    let cut_answer = &answer[..answer.len() / 2];
    assert_clean_failure(
        &run("model2grid", &[], cut_answer),
        "model2grid",
        "half an answer",
        Failure::Input,
    );
}

/// Long lines of digits: a puzzle "line" of a million cells, a clause of a million
/// literals, an answer of a million literals.
#[test]
fn million_character_lines_are_handled() {
    let mut digits = vec![b'1'; 1_000_000];
    digits.push(b'\n');
    for binary in ["sudoku2cnf", "gridcheck"] {
        let result = run(binary, &[], &digits);
        assert_clean_failure(&result, binary, "1e6 digits", Failure::Input);
    }

    let mut clause = b"p cnf 3 1\n".to_vec();
    for _ in 0..250_000 {
        clause.extend_from_slice(b"1 -2 ");
    }
    clause.extend_from_slice(b"3 0\n");
    run("satsolve", &["-q"], &clause).expect_code(10);

    let mut answer = b"s SATISFIABLE\nv".to_vec();
    for var in 1..=200_000 {
        answer.extend_from_slice(format!(" -{var}").as_bytes());
    }
    answer.extend_from_slice(b" 0\n");
    let result = run("model2grid", &["--size", "9"], &answer);
    let case = "a 200,000-literal answer";
    assert_clean_failure(&result, "model2grid", case, Failure::Input);
}

/// Starts `args` with stdout a pipe whose reader has gone, as in `... | head -c 0`.
fn run_into_closed_pipe(binary_name: &str, args: &[&str]) -> Run {
    let mut child = Command::new(binary(binary_name))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start binary");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    Run {
        command: format!("{binary_name} {} | (closed)", args.join(" ")),
        stdout: Vec::new(),
        stderr,
        code: status.code().unwrap_or(-1),
    }
}

/// `satsolve big.cnf | head -1` and friends: the reader left, so the writer stops
/// quietly: no panic, no error message, no signal death.
#[test]
fn a_closed_stdout_ends_every_binary_quietly() {
    let dir = scratch("hostile-closed-stdout");
    let puzzle = testdata("puzzles/25x25_b58_s1.txt");
    let cnf = dir.join("25x25.cnf");
    let encoded = run("sudoku2cnf", &[puzzle.to_str().unwrap()], b"")
        .expect_code(0)
        .stdout
        .clone();
    fs::write(&cnf, &encoded).unwrap();
    let answer = dir.join("25x25.ans");
    fs::write(
        &answer,
        run("satsolve", &[cnf.to_str().unwrap()], b"")
            .expect_code(10)
            .stdout
            .clone(),
    )
    .unwrap();
    let cases: [(&str, Vec<&str>); 5] = [
        ("sudokugen", vec!["-c", "1000000"]),
        ("sudoku2cnf", vec![puzzle.to_str().unwrap()]),
        ("satsolve", vec![cnf.to_str().unwrap()]),
        ("satsolve", vec!["--print-cnf", cnf.to_str().unwrap()]),
        (
            "model2grid",
            vec!["--format", "svg", answer.to_str().unwrap()],
        ),
    ];
    for (binary_name, args) in cases {
        let result = run_into_closed_pipe(binary_name, &args);
        assert_no_panic(&result, "closed stdout");
        assert_ne!(result.code, -1, "`{}` died of a signal", result.command);
        assert!(
            result.stderr.trim().is_empty(),
            "`{}` should stop quietly, said: {}",
            result.command,
            result.stderr
        );
    }
}

/// Outputs that cannot be written: one line naming the path, a failure code, and no
/// partial result file left behind.
#[test]
fn unwritable_outputs_fail_cleanly_and_leave_nothing_half_written() {
    let dir = scratch("hostile-unwritable");
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let cnf = dir.join("p.cnf");
    fs::write(
        &cnf,
        run("sudoku2cnf", &[puzzle.to_str().unwrap()], b"")
            .expect_code(0)
            .stdout
            .clone(),
    )
    .unwrap();
    let cnf = cnf.to_str().unwrap();

    for (args, what) in [
        (vec!["--output", "/dev/null/x.res", cnf], "/dev/null/x.res"),
        (vec!["--proof", "/dev/null/p.drat", cnf], "/dev/null/p.drat"),
        (vec!["--output", "/", cnf], "/"),
    ] {
        let result = run("satsolve", &args, b"");
        let case = format!("unwritable {what}");
        assert_clean_failure(&result, "satsolve", &case, Failure::Output);
        result.expect_stderr_contains(what);
    }
    let split = run(
        "sudoku2cnf",
        &["--split", "/dev/null/split", puzzle.to_str().unwrap()],
        b"",
    );
    let case = "unwritable split directory";
    assert_clean_failure(&split, "sudoku2cnf", case, Failure::Output);

    // stdout on a full disk: the answer cannot be delivered, so the --output copy must
    // not appear either (it would look like a finished result to a Makefile).
    let result_file = dir.join("answer.res");
    for (binary_name, args) in [
        (
            "satsolve",
            vec!["--output", result_file.to_str().unwrap(), cnf],
        ),
        ("sudoku2cnf", vec![puzzle.to_str().unwrap()]),
        ("sudokugen", vec!["-c", "1000"]),
    ] {
        let full = fs::File::create("/dev/full").expect("/dev/full is on every Linux");
        let output = Command::new(binary(binary_name))
            .args(&args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let command = format!("{binary_name} {} > /dev/full", args.join(" "));
        let result = Run::from_output(command, output);
        let case = "stdout on a full disk";
        assert_clean_failure(&result, binary_name, case, Failure::Output);
        result.expect_stderr_contains("No space left on device");
    }
    assert!(
        !Path::new(&result_file).exists(),
        "a result file was left behind although the run failed"
    );
    let leftovers: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".tmp-"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}
