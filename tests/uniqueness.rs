//! Uniqueness over a stream: `sudoku2cnf FILE | satsolve --models N` answers
//! every cube with up to N models under a `c cube K models M END` line; `model2grid`
//! writes each puzzle's grids under a `puzzle K:` heading; `gridcheck --unique` reports a
//! verdict per puzzle.
//!
//! The per-cube counts are compared with the single-formula path (`sudoku2cnf --index K
//! | satsolve --models N`, one process per puzzle: no other cube can leak into it), on
//! a stream that mixes puzzles with no, one and many solutions, repeats a puzzle, and
//! follows a two-solution puzzle by one that keeps only its second solution (a blocking
//! clause leaking from one cube to the next would empty both). Every model is held to
//! the rules and the givens here, without the library; the counts of the 9x9 fixture
//! come from a backtracking count written next to it.

use std::path::Path;

use sudosat::testkit::square;

use crate::util::{data_lines, run, scratch, testdata};

/// `c cube K models M END` lines of a stream answer: (K, M, END).
fn group_lines(text: &str) -> Vec<(usize, usize, String)> {
    text.lines()
        .filter_map(|line| line.strip_prefix("c cube "))
        .map(|rest| {
            let words: Vec<&str> = rest.split(' ').collect();
            assert_eq!(words.len(), 4, "{rest}");
            assert_eq!(words[1], "models");
            (
                words[0].parse().unwrap(),
                words[2].parse().unwrap(),
                words[3].to_string(),
            )
        })
        .collect()
}

/// The models of a stream answer, per cube, as cell digits (4x4 and 9x9 true-only or
/// full models of `sudoku2cnf`'s numbering: var = (cell * n) + digit).
fn grids_per_cube(text: &str, n: usize) -> Vec<Vec<Vec<u8>>> {
    let mut cubes: Vec<Vec<Vec<u8>>> = Vec::new();
    for line in text.lines() {
        if line.starts_with("c cube ") {
            cubes.push(Vec::new());
        } else if line == "s SATISFIABLE" {
            cubes
                .last_mut()
                .expect("a c cube line first")
                .push(vec![0; n * n]);
        } else if let Some(rest) = line.strip_prefix("v ") {
            let grid = cubes.last_mut().unwrap().last_mut().unwrap();
            for number in rest.split(' ').map(|t| t.parse::<i64>().unwrap()) {
                if number > 0 && number as usize <= n * n * n {
                    let var = number as usize - 1;
                    assert_eq!(grid[var / n], 0, "a cell with two digits");
                    grid[var / n] = (var % n + 1) as u8;
                }
            }
        }
    }
    cubes
}

/// Whether `grid` is a solved n x n Sudoku keeping the givens of `puzzle` (`.` blank).
fn solves(grid: &[u8], puzzle: &str, n: usize) -> bool {
    let givens = square::givens(puzzle).expect("a square puzzle");
    square::check(n, &givens, grid).is_ok()
}

/// The mixed 4x4 stream: the batch (no, one and many solutions), the two-solution
/// puzzle, the same again, and the puzzle that keeps only its second solution.
fn mixed_4x4() -> (std::path::PathBuf, Vec<String>) {
    let mut puzzles = data_lines(&testdata("puzzles/batch/batch_4x4.txt"));
    let two = data_lines(&testdata("puzzles/4x4_two_solutions.txt"))[0].clone();
    assert_eq!(two, "1..4.4....4.4..1");
    // The solutions are 1234... and 1324...: a 3 in row 1 column 2 keeps the second.
    puzzles.extend([two.clone(), two, "13.4.4....4.4..1".to_string()]);
    let path = scratch("uniqueness-mixed").join("mixed.txt");
    std::fs::write(&path, puzzles.join("\n") + "\n").unwrap();
    (path, puzzles)
}

/// `satsolve --models N` (N from `flags`) on the stream of `path`.
fn stream_answers(path: &Path, flags: &[&str]) -> crate::util::Run {
    let cnf = run("sudoku2cnf", &[path.to_str().unwrap()], b"");
    cnf.expect_code(0);
    run("satsolve", flags, &cnf.stdout)
}

/// What the one-formula path says of puzzle `index` (1-based): (models, END).
fn single_formula(path: &Path, index: usize, models: &str) -> (usize, String) {
    let index = index.to_string();
    let cnf = run(
        "sudoku2cnf",
        &["--index", &index, path.to_str().unwrap()],
        b"",
    );
    cnf.expect_code(0);
    let answer = run("satsolve", &["--models", models, "-q"], &cnf.stdout);
    let line = answer
        .stderr
        .lines()
        .find_map(|line| line.strip_prefix("c models "))
        .unwrap_or_else(|| panic!("no count for puzzle {index}: {}", answer.stderr));
    let (count, why) = line.split_once(' ').unwrap();
    let end = match why {
        "(no other model exists)" => "exact",
        "(the limit was reached; more may exist)" => "limit",
        _ => "unknown",
    };
    (count.parse().unwrap(), end.to_string())
}

#[test]
fn per_cube_counts_match_one_formula_at_a_time() {
    let (path, puzzles) = mixed_4x4();
    for models in ["0", "1", "2", "3"] {
        let expected: Vec<(usize, usize, String)> = (1..=puzzles.len())
            .map(|k| {
                let (count, end) = single_formula(&path, k, models);
                (k, count, end)
            })
            .collect();
        // Puzzle 11 has no solution, the last one exactly one, the three before it two.
        let count = |k: usize| expected[k - 1].1;
        let last = puzzles.len();
        assert_eq!(count(11), 0);
        if models == "0" {
            assert_eq!((count(last - 2), count(last - 1), count(last)), (2, 2, 1));
        }
        for flags in [
            &["--jobs", "1"][..],
            &["--jobs", "2", "--true-only"],
            &["--engine", "dpll", "--jobs", "1"],
            &["--engine", "splr", "--true-only"],
            &["--assumptions", "--jobs", "1"],
            &["--assumptions", "--engine", "dpll", "--jobs", "2"],
        ] {
            let mut all = vec!["--models", models];
            all.extend_from_slice(flags);
            let answer = stream_answers(&path, &all);
            answer.expect_code(20);
            let text = answer.stdout_text();
            assert_eq!(group_lines(&text), expected, "--models {models} {flags:?}");
            // Every model solves its own puzzle, and the models of a cube differ.
            for (k, grids) in grids_per_cube(&text, 4).iter().enumerate() {
                assert!(grids.iter().all(|grid| solves(grid, &puzzles[k], 4)));
                let mut distinct = grids.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(distinct.len(), grids.len(), "cube {}", k + 1);
            }
        }
    }
}

#[test]
fn answers_are_the_same_bytes_whatever_the_jobs() {
    // Every model of every cube (--models 0), and the fixture whose puzzles have at most
    // two solutions (--models 2): the sorted models do not depend on which worker's
    // engine found them, nor on the order.
    let (mixed, _) = mixed_4x4();
    let fixture = testdata("puzzles/batch/uniqueness_9x9.txt");
    for (path, models) in [(&mixed, "0"), (&fixture, "2")] {
        let serial = stream_answers(path, &["--models", models, "--jobs", "1"]);
        for jobs in [None, Some("2"), Some("3")] {
            let mut flags = vec!["--models", models];
            flags.extend(jobs.iter().flat_map(|jobs| ["--jobs", jobs]));
            let parallel = stream_answers(path, &flags);
            assert_eq!(parallel.code, serial.code);
            assert!(
                parallel.stdout == serial.stdout,
                "{} --models {models} {jobs:?}",
                path.display()
            );
        }
    }
}

#[test]
fn the_fixture_verdicts_through_the_whole_pipeline() {
    let path = testdata("puzzles/batch/uniqueness_9x9.txt");
    let puzzles = data_lines(&path);
    // The oracle: per puzzle, the count and every solution.
    let oracle: Vec<Vec<String>> =
        std::fs::read_to_string(testdata("puzzles/batch/uniqueness_9x9.solutions.txt"))
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| line.split(' ').map(str::to_string).collect())
            .collect();
    assert_eq!(oracle.len(), puzzles.len());
    let answer = stream_answers(&path, &["--models", "2", "--true-only"]);
    answer.expect_code(20);
    let text = answer.stdout_text();
    assert_eq!(
        group_lines(&text),
        [
            (1, 1, "exact".to_string()),
            (2, 2, "limit".to_string()),
            (3, 0, "exact".to_string()),
        ]
    );
    for (k, grids) in grids_per_cube(&text, 9).iter().enumerate() {
        let mut found: Vec<String> = grids
            .iter()
            .map(|grid| grid.iter().map(|d| char::from(b'0' + d)).collect())
            .collect();
        found.sort();
        let mut expected = oracle[k][1..].to_vec();
        expected.sort();
        assert_eq!(oracle[k][0].parse::<usize>().unwrap(), expected.len());
        assert_eq!(found, expected, "puzzle {}", k + 1);
    }
    let grids = run("model2grid", &[], &answer.stdout);
    grids
        .expect_code(1)
        .expect_stderr_contains("puzzle 3: no solution");
    let lines: Vec<String> = grids.stdout_text().lines().map(str::to_string).collect();
    assert_eq!(lines[0], "puzzle 1: unique (1 grid)");
    assert_eq!(lines[1], oracle[0][1]);
    assert_eq!(lines[2], "puzzle 2: several (2 grids, more may exist)");
    assert_eq!(lines[5], "puzzle 3: none (0 grids)");
    assert_eq!(lines.len(), 6);
    let puzzle_arg = path.to_str().unwrap();
    run(
        "gridcheck",
        &["--unique", "--puzzle", puzzle_arg],
        &grids.stdout,
    )
    .expect_code(1)
    .expect_stderr_contains("gridcheck: 3 puzzles: 1 unique, 1 several, 1 none");
    let verdicts = run(
        "gridcheck",
        &["--unique", "--puzzle", puzzle_arg],
        &grids.stdout,
    );
    assert_eq!(
        verdicts.stdout_text(),
        "puzzle 1: unique\npuzzle 2: several\npuzzle 3: none\n"
    );
    // Without --unique the grids are checked against their own puzzles, the one without
    // a grid failing like a marker.
    run("gridcheck", &["--puzzle", puzzle_arg], &grids.stdout)
        .expect_code(1)
        .expect_stderr_contains("gridcheck: 1 of 4 grids invalid (1 puzzle without a solution)");
}

#[test]
fn a_file_of_unique_puzzles_passes_and_the_block_format_pairs_too() {
    let path = testdata("puzzles/9x9_17clue_first5.txt");
    let answer = stream_answers(&path, &["--models", "2"]);
    answer.expect_code(10);
    let blocks = run("model2grid", &["--format", "block"], &answer.stdout);
    blocks.expect_code(0);
    let text = blocks.stdout_text();
    // A heading, its grid right under it, a blank line before the next heading.
    assert!(text.starts_with("puzzle 1: unique (1 grid)\n9 5 3 1 6 8 7 4 2\n"));
    assert!(text.contains("5 8 3\n\npuzzle 2: unique (1 grid)\n1 4 3"));
    let puzzle_arg = path.to_str().unwrap();
    let check = run(
        "gridcheck",
        &["--unique", "--puzzle", puzzle_arg],
        &blocks.stdout,
    );
    check
        .expect_code(0)
        .expect_stderr_contains("gridcheck: 5 puzzles: 5 unique, 0 several, 0 none");
    assert_eq!(check.stdout_text().lines().count(), 5);
    run(
        "gridcheck",
        &["--unique", "-q", "--puzzle", puzzle_arg],
        &blocks.stdout,
    )
    .expect_code(0)
    .expect_no_stdout();
    // Paired with the wrong puzzles, every grid changes a given.
    let wrong = scratch("uniqueness-wrong").join("wrong.txt");
    let mut others = data_lines(&path);
    others.rotate_left(1);
    std::fs::write(&wrong, others.join("\n")).unwrap();
    let wrong_arg = wrong.to_str().unwrap();
    let check = run(
        "gridcheck",
        &["--unique", "--puzzle", wrong_arg],
        &blocks.stdout,
    );
    check.expect_code(1).expect_stderr_contains("5 invalid");
    assert!(check.stdout_text().starts_with("puzzle 1: invalid\n"));
}

#[test]
fn a_search_that_gives_up_is_unknown() {
    // One conflict per search: the hard puzzles of the batch give up.
    let path = testdata("puzzles/batch/batch_9x9.txt");
    let answer = stream_answers(&path, &["--models", "2", "--conflicts", "1"]);
    let text = answer.stdout_text();
    let lines = group_lines(&text);
    assert_eq!(lines.len(), 50);
    assert!(lines.iter().any(|(_, _, end)| end == "unknown"));
    assert_eq!(lines[25], (26, 0, "exact".to_string()));
    let grids = run("model2grid", &[], &answer.stdout);
    let check = run(
        "gridcheck",
        &["--unique", "--puzzle", path.to_str().unwrap()],
        &grids.stdout,
    );
    check.expect_code(1).expect_stderr_contains(" unknown");
    assert!(check.stdout_text().contains(": unknown\n"));
}

#[test]
fn grouped_input_that_does_not_add_up_is_refused() {
    let two = "1234341221434321";
    let other = "1324241331424231";
    let cases = [
        // Fewer grids than the heading says, more, and a repeated grid.
        (
            format!("puzzle 1: several (2 grids)\n{two}\n"),
            2,
            "puzzle 1 (line 1) announces 2 grids but 1 follow",
        ),
        (
            format!("puzzle 1: unique (1 grid)\n{two}\n{other}\n"),
            2,
            "announces 1 grid but more follow",
        ),
        (
            format!("puzzle 1: several (2 grids)\n{two}\n{two}\n"),
            1,
            "grid 2 (puzzle 1): repeats grid 1",
        ),
        // Headings out of order, after grids, malformed; a marker under a heading.
        (
            format!("puzzle 2: unique (1 grid)\n{two}\n"),
            2,
            "the heading of puzzle 2 where puzzle 1 was expected",
        ),
        (
            format!("puzzle 1: unique (2 grids)\n{two}\n{other}\n"),
            2,
            "line 1: expected `puzzle K: VERDICT (M grids)`",
        ),
        (
            "puzzle 1: none (0 grids)\nunsolvable\n".to_string(),
            2,
            "`unsolvable` under the heading of puzzle 1",
        ),
    ];
    for (text, code, message) in cases {
        run("gridcheck", &["--unique"], text.as_bytes())
            .expect_code(code)
            .expect_stderr_contains(message);
    }
    // Headings come first or not at all.
    run(
        "gridcheck",
        &[],
        format!("{two}\npuzzle 2: unique (1 grid)\n{two}\n").as_bytes(),
    )
    .expect_code(2)
    .expect_stderr_contains("line 2: a `puzzle` heading after grids that had none");
    // --unique needs headings; the plain output of one answer per puzzle has none.
    run("gridcheck", &["--unique"], format!("{two}\n").as_bytes())
        .expect_code(2)
        .expect_stderr_contains("--unique needs the `puzzle K:` headings");
    run("gridcheck", &["--unique", "--partial"], two.as_bytes()).expect_code(2);
}

#[test]
fn a_cut_grouped_answer_is_an_error_naming_the_line() {
    let (path, _) = mixed_4x4();
    let answer = stream_answers(&path, &["--models", "2", "--true-only"]);
    let text = answer.stdout_text();
    // Drop the last model of cube 1 (it has two): cube 2's line shows the gap.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "c cube 1 models 2 limit");
    let cut: String = lines
        .iter()
        .enumerate()
        .filter(|(index, _)| !(3..5).contains(index))
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    run("model2grid", &[], cut.as_bytes())
        .expect_code(1)
        .expect_stderr_contains("line 4: cube 1 (line 1) announces 2 block(s) but holds 1");
}

#[test]
fn hard_puzzles_move_to_a_fresh_engine_and_agree_with_one_formula_at_a_time() {
    // The hard Hanidoku puzzles of the batch need more than the root level's budget of
    // conflicts: their models are searched on an engine of their own.
    let path = testdata("puzzles/batch/batch_hanidoku.txt");
    let layout = ["--layout", "hanidoku"];
    let cnf = run(
        "sudoku2cnf",
        &[&layout[..], &[path.to_str().unwrap()]].concat(),
        b"",
    );
    let answer = run(
        "satsolve",
        &["--models", "2", "--jobs", "1", "--stats"],
        &cnf.stdout,
    );
    answer.expect_code(10);
    let over_budget = answer.stat("over budget");
    assert!(over_budget > 0, "{}", answer.stderr);
    let lines = group_lines(&answer.stdout_text());
    assert_eq!(lines.len(), 16);
    for (k, count, end) in lines {
        let index = k.to_string();
        let args = [&layout[..], &["--index", &index, path.to_str().unwrap()]].concat();
        let one = run("sudoku2cnf", &args, b"");
        let single = run("satsolve", &["--models", "2", "-q"], &one.stdout);
        single.expect_stderr_contains("c models 1 (no other model exists)");
        assert_eq!((count, end.as_str()), (1, "exact"), "puzzle {k}");
    }
}

#[test]
fn a_file_of_one_puzzle_takes_the_stream_pipeline_with_stream() {
    // Unique: AI Escargot. Two solutions: the 4x4 fixture. Each file holds one puzzle.
    for (file, verdict, code) in [
        ("puzzles/9x9_ai_escargot.txt", "puzzle 1: unique", 0),
        ("puzzles/4x4_two_solutions.txt", "puzzle 1: several", 1),
    ] {
        let path = testdata(file);
        let arg = path.to_str().unwrap();
        let plain = run("sudoku2cnf", &[arg], b"");
        plain.expect_code(0);
        assert!(plain.stdout_text().contains("\np cnf "), "{file}");
        let stream = run("sudoku2cnf", &["--stream", arg], b"");
        stream.expect_code(0);
        let text = stream.stdout_text();
        assert!(text.contains("\np inccnf\n"), "{file}");
        assert_eq!(text.lines().filter(|l| l.starts_with("a ")).count(), 1);
        let answer = run("satsolve", &["--models", "2"], &stream.stdout);
        let grids = run("model2grid", &[], &answer.stdout);
        grids.expect_code(0);
        let check = run("gridcheck", &["--unique", "--puzzle", arg], &grids.stdout);
        check.expect_code(code);
        assert_eq!(check.stdout_text(), format!("{verdict}\n"), "{file}");
        // Without --stream the grids have no headings, and the refusal says what to do.
        let answer = run("satsolve", &["--models", "2"], &plain.stdout);
        let grids = run("model2grid", &[], &answer.stdout);
        run("gridcheck", &["--unique", "--puzzle", arg], &grids.stdout)
            .expect_code(2)
            .expect_stderr_contains("sudoku2cnf gets --stream");
    }
    let escargot = testdata("puzzles/9x9_ai_escargot.txt");
    for other in ["--index", "--split"] {
        run(
            "sudoku2cnf",
            &["--stream", other, "1", escargot.to_str().unwrap()],
            b"",
        )
        .expect_code(2)
        .expect_stderr_contains("cannot be used with");
    }
}
