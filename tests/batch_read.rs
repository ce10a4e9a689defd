//! The consumer side of a batch: answer streams from real solver runs (one per puzzle,
//! through `sudoku2cnf --split`, concatenated) read by `model2grid` into one record per
//! block, and `gridcheck --puzzle` pairing them with the puzzles, an unsolvable puzzle in
//! the middle shifting nothing. Also `scripts/sudoku-solve`.

use std::path::Path;

use sudosat::testkit::peers::{self, Peer};

use crate::util::{self, data_lines, root, run, scratch, split, testdata};

/// Five 9x9 puzzles; the third has no solution.
const MIXED: &str = "puzzles/batch_mixed/puzzles.txt";
const MIXED_BLOCK: &str = "puzzles/batch_mixed/puzzles.block.txt";

/// The solutions of the solvable puzzles of [`MIXED`], from the shipped solution files
/// (computed independently of our solver), with `None` for the unsolvable third.
fn expected() -> Vec<Option<String>> {
    let line = |file: &str, index: usize| {
        let text = std::fs::read_to_string(testdata(file)).unwrap();
        let lines: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|line| line.len() == 81)
            .map(str::to_string)
            .collect();
        Some(lines[index].clone())
    };
    vec![
        line("puzzles/9x9_17clue_first5.solution.txt", 0),
        line("puzzles/9x9_golden_nugget.solution.txt", 0),
        None,
        line("puzzles/9x9_ai_escargot.solution.txt", 0),
        line("puzzles/9x9_17clue_first5.solution.txt", 1),
    ]
}

/// The concatenated answers of `solve` (CNF -> answer text) over every puzzle of `file`.
fn stream(name: &str, file: &str, solve: impl Fn(&Path) -> Vec<u8>) -> Vec<u8> {
    let dir = scratch(name);
    let mut answers = Vec::new();
    for cnf in split(&testdata(file), &dir.join("cnf"), &[]) {
        answers.extend(solve(&cnf));
    }
    answers
}

fn satsolve(cnf: &Path) -> Vec<u8> {
    run("satsolve", &[cnf.to_str().unwrap()], b"").stdout
}

/// Keeps only the true literals of a competition answer: the `--true-only` form.
fn true_only(answers: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(answers);
    let mut out = String::new();
    let mut model: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(literals) = line.strip_prefix("v ") {
            for literal in literals.split_whitespace() {
                match literal {
                    "0" => {
                        // Wrapped like satsolve does, to exercise multi-line models.
                        for chunk in model.chunks(20) {
                            out.push_str(&format!("v {}\n", chunk.join(" ")));
                        }
                        out.push_str("v 0\n");
                        model.clear();
                    }
                    _ if literal.starts_with('-') => {}
                    _ => model.push(literal.to_string()),
                }
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.into_bytes()
}

/// Decodes `answers` as lines and checks the records against [`expected`], then pairs
/// them with the puzzles through gridcheck: puzzle 3 fails, nothing shifts.
fn check_records(answers: &[u8], what: &str) {
    let decoded = run("model2grid", &[], answers);
    decoded
        .expect_code(1)
        .expect_stderr_contains("block 3: no solution")
        .expect_stderr_contains("1 of 5 blocks had no solution");
    let records: Vec<String> = decoded.stdout_text().lines().map(str::to_string).collect();
    let wanted: Vec<String> = expected()
        .into_iter()
        .map(|grid| grid.unwrap_or_else(|| "unsolvable".to_string()))
        .collect();
    assert_eq!(records, wanted, "{what}");
    let puzzles = testdata(MIXED);
    run(
        "gridcheck",
        &["--puzzle", puzzles.to_str().unwrap()],
        &decoded.stdout,
    )
    .expect_code(1)
    .expect_stderr_contains("grid 3: puzzle 3 has no grid: the record is `unsolvable`")
    .expect_stderr_contains("1 of 5 grids invalid (1 puzzle without a solution)");
}

#[test]
fn satsolve_answers_full_and_true_only_pair_in_order() {
    let answers = stream("batch-satsolve", MIXED, satsolve);
    check_records(&answers, "satsolve, full models");
    check_records(&true_only(&answers), "satsolve, true-only models");
}

/// A peer's answers (MiniSat's result files, CaDiCaL's stdout) concatenated.
fn peer_answers_pair_in_order(peer: Peer) {
    let Some(solver) = peer.find() else {
        return;
    };
    let answers = stream(&format!("batch-{}", peer.name()), MIXED, |cnf| {
        solver.solve(cnf).unwrap().text
    });
    check_records(&answers, peer.name());
}

#[test]
fn minisat_result_files_concatenated_pair_in_order() {
    peer_answers_pair_in_order(Peer::MiniSat);
}

#[test]
fn cadical_answers_concatenated_pair_in_order() {
    peer_answers_pair_in_order(Peer::CaDiCaL);
}

#[test]
fn block_format_is_the_course_format_and_reads_back() {
    let answers = stream("batch-block", MIXED_BLOCK, satsolve);
    let decoded = run("model2grid", &["--format", "block"], &answers);
    decoded.expect_code(1);
    let text = decoded.stdout_text();
    let records: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(records.len(), 5, "{text}");
    assert_eq!(records[2], "unsolvable");
    for (record, grid) in records.iter().zip(expected()) {
        let Some(grid) = grid else { continue };
        let rows: Vec<&str> = record.trim_end().lines().collect();
        assert_eq!(rows.len(), 9);
        for (row, digits) in rows.iter().zip(grid.as_bytes().chunks(9)) {
            let spaced: Vec<String> = digits.iter().map(|&d| (d as char).to_string()).collect();
            assert_eq!(*row, spaced.join(" "));
        }
    }
    // The course's files are read back: grids against puzzles, both in block format.
    let puzzles = testdata(MIXED_BLOCK);
    run(
        "gridcheck",
        &["--puzzle", puzzles.to_str().unwrap()],
        &decoded.stdout,
    )
    .expect_code(1)
    .expect_stderr_contains("puzzle 3 has no grid")
    .expect_stderr_contains("1 of 5 grids invalid");
}

#[test]
fn a_stream_starting_unsolved_writes_its_marker_first() {
    let answers = stream("batch-first", MIXED, satsolve);
    let text = String::from_utf8(answers).unwrap();
    // One string per block: each starts at its status line.
    let mut blocks: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("s ") {
            blocks.push(String::new());
        }
        if let Some(block) = blocks.last_mut() {
            block.push_str(line);
            block.push('\n');
        }
    }
    assert_eq!(blocks.len(), 5);
    // UNKNOWN first, then the UNSAT, then a SAT block.
    let reordered = format!("s UNKNOWN\n{}{}", blocks[2], blocks[0]);
    let decoded = run("model2grid", &[], reordered.as_bytes());
    decoded
        .expect_code(1)
        .expect_stderr_contains("block 1: no solution, the solver answered UNKNOWN")
        .expect_stderr_contains("block 2: no solution, the solver answered UNSATISFIABLE");
    let lines: Vec<String> = decoded.stdout_text().lines().map(str::to_string).collect();
    assert_eq!(
        lines,
        [
            "unknown".to_string(),
            "unsolvable".to_string(),
            expected()[0].clone().unwrap()
        ]
    );
}

#[test]
fn a_truncated_stream_keeps_the_records_before_and_names_the_cut_block() {
    let answers = stream("batch-cut", MIXED, satsolve);
    let text = String::from_utf8(answers).unwrap();
    // Cut block 4 (AI Escargot) in the middle of its model.
    let start = text.match_indices("s SATISFIABLE").nth(2).unwrap().0;
    let cut = &text[..start + 400];
    let cut = &cut[..cut.rfind(' ').unwrap()];
    let decoded = run("model2grid", &[], cut.as_bytes());
    decoded
        .expect_code(1)
        .expect_stderr_contains("block 4 (from line")
        .expect_stderr_contains("without its terminating 0: the answer is truncated");
    assert_eq!(decoded.stdout_text().lines().count(), 3);
}

#[test]
fn gridcheck_pairing_survives_markers_and_still_catches_later_errors() {
    let expected = expected();
    let mut grids: Vec<String> = expected
        .iter()
        .map(|grid| grid.clone().unwrap_or_else(|| "unknown".to_string()))
        .collect();
    // Grid 5 is valid but belongs to puzzle 4: its givens are not kept.
    grids[4] = expected[3].clone().unwrap();
    let text = grids.join("\n") + "\n";
    let puzzles = testdata(MIXED);
    run(
        "gridcheck",
        &["--puzzle", puzzles.to_str().unwrap()],
        text.as_bytes(),
    )
    .expect_code(1)
    .expect_stderr_contains("grid 3: puzzle 3 has no grid: the record is `unknown`")
    .expect_stderr_contains("grid 5: row")
    .expect_stderr_contains("2 of 5 grids invalid (1 puzzle without a solution)");
    // A marker in a puzzle file is no puzzle.
    run(
        "gridcheck",
        &["--puzzle", "-", puzzles.to_str().unwrap()],
        b"unsolvable\n",
    )
    .expect_code(2)
    .expect_stderr_contains("`unsolvable` where a puzzle was expected");
}

/// `scripts/sudoku-solve` with the binaries of this test run.
fn sudoku_solve(args: &[&str]) -> util::Run {
    let script = root().join("scripts").join("sudoku-solve");
    let bin = util::binary("model2grid");
    let mut command = std::process::Command::new(&script);
    command.args(args).env("SUDOSAT_BIN", bin.parent().unwrap());
    let output = command.output().expect("run scripts/sudoku-solve");
    util::Run {
        command: format!("sudoku-solve {}", args.join(" ")),
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// The block-format records the script must write for [`MIXED`].
fn expected_blocks() -> String {
    let records: Vec<String> = expected()
        .into_iter()
        .map(|grid| match grid {
            None => "unsolvable\n".to_string(),
            Some(grid) => grid
                .as_bytes()
                .chunks(9)
                .map(|row| {
                    let digits: Vec<String> =
                        row.iter().map(|&d| (d as char).to_string()).collect();
                    digits.join(" ") + "\n"
                })
                .collect(),
        })
        .collect();
    records.join("\n")
}

#[test]
fn sudoku_solve_runs_each_named_solver_per_puzzle() {
    let puzzles = testdata(MIXED);
    let mut solvers = vec!["satsolve"];
    solvers.extend(peers::installed().iter().map(|solver| solver.peer.name()));
    for solver in solvers {
        let result = sudoku_solve(&[puzzles.to_str().unwrap(), solver]);
        result
            .expect_code(1)
            .expect_stderr_contains("block 3: no solution");
        assert_eq!(result.stdout_text(), expected_blocks(), "{solver}");
    }
    let solved = sudoku_solve(&[
        testdata("puzzles/9x9_17clue_first5.txt").to_str().unwrap(),
        "satsolve",
    ]);
    solved.expect_code(0);
    assert_eq!(solved.stdout_text().split("\n\n").count(), 5);
    sudoku_solve(&[]).expect_code(2);
}

#[test]
fn sudoku_solve_streams_through_satsolve_once_batches_are_encoded() {
    // The default path needs sudoku2cnf to write one iCNF stream for a file of several
    // puzzles (the producer side of the batch stream), which it does.
    let probe = run("sudoku2cnf", &[testdata(MIXED).to_str().unwrap()], b"");
    probe.expect_code(0);
    assert!(
        probe.stdout_text().contains("p inccnf"),
        "sudoku2cnf wrote no iCNF stream for a file of several puzzles"
    );
    let result = sudoku_solve(&[testdata(MIXED).to_str().unwrap()]);
    result
        .expect_code(1)
        .expect_stderr_contains("block 3: no solution");
    assert_eq!(result.stdout_text(), expected_blocks());
}

#[test]
fn every_model_of_one_puzzle_keeps_its_givens() {
    // `satsolve --models 0` writes one block per model: both solutions, checked against
    // the one puzzle, and decoded in the order satsolve found them.
    let puzzle = testdata("puzzles/4x4_two_solutions.txt");
    let cnf = run("sudoku2cnf", &[puzzle.to_str().unwrap()], b"");
    cnf.expect_code(0);
    let models = run("satsolve", &["--models", "0"], &cnf.stdout);
    models.expect_code(10);
    let decoded = run(
        "model2grid",
        &["--puzzle", puzzle.to_str().unwrap()],
        &models.stdout,
    );
    decoded.expect_code(0);
    let mut grids: Vec<String> = decoded.stdout_text().lines().map(str::to_string).collect();
    grids.sort();
    let solutions =
        std::fs::read_to_string(testdata("puzzles/4x4_two_solutions.solutions.txt")).unwrap();
    let mut expected: Vec<String> = solutions
        .lines()
        .map(str::trim)
        .filter(|line| line.len() == 16)
        .map(str::to_string)
        .collect();
    expected.sort();
    assert_eq!(grids, expected);
    // Against a puzzle that only the first model solves, the second is refused by number.
    let first = decoded.stdout_text().lines().next().unwrap().to_string();
    let dir = scratch("batch-models");
    let one = dir.join("one.txt");
    std::fs::write(&one, format!("{first}\n")).unwrap();
    run(
        "model2grid",
        &["--puzzle", one.to_str().unwrap()],
        &models.stdout,
    )
    .expect_code(1)
    .expect_stderr_contains("block 2: row");
    // A picture is of one answer.
    run("model2grid", &["--format", "svg"], &models.stdout)
        .expect_code(1)
        .expect_stderr_contains("--format svg draws one grid");
}

#[test]
fn hanidoku_true_only_streams_need_no_flag_and_the_script_takes_a_layout() {
    let file = testdata("layouts/hanidoku.txt");
    let dir = scratch("batch-hanidoku");
    // `true_only` keeps a full model's positive literals, which is what satsolve
    // --true-only writes only for a formula without auxiliary variables: `--lines runs`.
    let cnfs = split(
        &file,
        &dir.join("cnf"),
        &["--layout", "hanidoku", "--lines", "runs"],
    );
    let mut answers = Vec::new();
    for cnf in &cnfs {
        answers.extend(satsolve(cnf));
    }
    let solutions = data_lines(&testdata("layouts/hanidoku.solution.txt"));
    assert_eq!(solutions.len(), cnfs.len());
    // 61 true literals, the last in 541..=549: the honeycomb, with no --layout given.
    let decoded = run("model2grid", &[], &true_only(&answers));
    decoded.expect_code(0);
    let grids: Vec<String> = decoded.stdout_text().lines().map(str::to_string).collect();
    assert_eq!(grids, solutions);
    let checked = run(
        "gridcheck",
        &["--layout", "hanidoku", "--puzzle", file.to_str().unwrap()],
        &decoded.stdout,
    );
    checked.expect_code(0);
    // The script: one row of the honeycomb per line, a blank line between grids.
    let solved = sudoku_solve(&["--layout", "hanidoku", file.to_str().unwrap(), "satsolve"]);
    solved.expect_code(0);
    let records: Vec<String> = solved
        .stdout_text()
        .split("\n\n")
        .map(|record| record.split_whitespace().collect::<String>())
        .collect();
    assert_eq!(records, solutions);
}

#[test]
fn a_batch_of_one_unsolvable_puzzle_still_writes_its_marker() {
    // Alone, an UNSAT answer writes nothing (as before streams); --batch writes the
    // marker, so a one-puzzle file still pairs with its record.
    run("model2grid", &[], b"s UNSATISFIABLE\n")
        .expect_code(1)
        .expect_no_stdout();
    let batch = run("model2grid", &["--batch"], b"s UNSATISFIABLE\n");
    batch
        .expect_code(1)
        .expect_stderr_contains("block 1: no solution");
    assert_eq!(batch.stdout_text(), "unsolvable\n");
    let dir = scratch("batch-one");
    let puzzle = dir.join("one.txt");
    let text = std::fs::read_to_string(testdata(MIXED)).unwrap();
    let unsolvable = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .nth(2)
        .unwrap();
    std::fs::write(&puzzle, format!("{unsolvable}\n")).unwrap();
    let solved = sudoku_solve(&[puzzle.to_str().unwrap(), "satsolve"]);
    solved.expect_code(1);
    assert_eq!(solved.stdout_text(), "unsolvable\n");
    run(
        "gridcheck",
        &["--puzzle", puzzle.to_str().unwrap()],
        &solved.stdout,
    )
    .expect_code(1)
    .expect_stderr_contains("puzzle 1 has no grid");
}
