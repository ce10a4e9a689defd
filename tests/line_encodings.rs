//! `sudoku2cnf --lines NAME` through the binaries: every line encoding solves Hanidoku
//! puzzles, one CNF at a time with our solver and with MiniSat (whose full models list the
//! auxiliary variables that `model2grid` must skip) and the shipped hard ones as a batch
//! stream; the header names the encoding and shows the cells only; the default is the
//! benchmark's choice.

use std::path::Path;

use sudosat::encode::LineEncoding;
use sudosat::grid::parse_puzzles_for;
use sudosat::layout::Layout;
use sudosat::model::Status;
use sudosat::testkit::peers::Peer;

use crate::util::{run, scratch, testdata};

/// The solutions of testdata/layouts/hanidoku.txt, as 61-digit lines.
fn solutions() -> Vec<String> {
    let text = std::fs::read_to_string(testdata("layouts/hanidoku.solution.txt")).unwrap();
    let layout = Layout::hanidoku();
    parse_puzzles_for(&text, &layout, false)
        .unwrap()
        .iter()
        .map(|puzzle| sudosat::grid::to_line(&puzzle.grid).unwrap())
        .collect()
}

/// The 61 digits of a model2grid line (it may carry the HQV1G prefix).
fn digits(line: &str) -> String {
    let line = line.trim();
    line.strip_prefix("HQV1G").unwrap_or(line).to_string()
}

/// The shipped solutions with every other cell blanked: easy puzzles (perhaps with
/// several solutions), in one file, so that even `span`, which is slow on hard puzzles,
/// solves them at once in a debug build.
fn half_given_puzzles(dir: &std::path::Path) -> std::path::PathBuf {
    let text: String = solutions()
        .iter()
        .map(|solution| {
            let cells: String = solution
                .chars()
                .enumerate()
                .map(|(cell, digit)| if cell % 2 == 0 { digit } else { '0' })
                .collect();
            format!("{cells}\n")
        })
        .collect();
    let path = dir.join("half-given.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn every_line_encoding_solves_each_puzzle_with_satsolve_and_minisat() {
    let minisat = Peer::MiniSat.find();
    for lines in LineEncoding::ALL {
        for encoding in ["extended", "compact"] {
            let dir = scratch(&format!("line-encodings-{lines}-{encoding}"));
            let puzzles = half_given_puzzles(&dir);
            let puzzles = puzzles.to_str().unwrap();
            for number in ["1", "2", "3"] {
                let args = [
                    "--layout",
                    "hanidoku",
                    "--lines",
                    lines.name(),
                    "--encoding",
                    encoding,
                    "--index",
                    number,
                    puzzles,
                ];
                let encoded = run("sudoku2cnf", &args, b"");
                encoded.expect_code(0);
                let text = encoded.stdout_text();
                let name = if encoding == "extended" {
                    lines.name().to_string()
                } else {
                    format!("{lines} {encoding}")
                };
                assert!(
                    text.contains(&format!("\nc encoding {name}: var(cell,v)")),
                    "{name}"
                );
                // The projection is the 549 cell variables, whatever follows them.
                let show: Vec<&str> = text
                    .lines()
                    .filter_map(|line| line.strip_prefix("c p show "))
                    .flat_map(str::split_whitespace)
                    .filter(|&word| word != "0")
                    .collect();
                assert_eq!((show.len(), show.last()), (549, Some(&"549")), "{name}");
                let cnf = dir.join(format!("{number}.cnf"));
                std::fs::write(&cnf, &encoded.stdout).unwrap();
                let cnf = cnf.to_str().unwrap();
                let mut answers = vec![run("satsolve", &[cnf], b"").expect_code(10).stdout.clone()];
                if let Some(minisat) = &minisat {
                    let answer = minisat.solve(Path::new(cnf)).unwrap();
                    answers.push(answer.expect(Status::Sat).text.clone());
                }
                for answer in answers {
                    // The layout and the givens come from the CNF's header.
                    let grid = run("model2grid", &["--cnf", cnf, "--format", "line"], &answer);
                    grid.expect_code(0);
                    run("gridcheck", &["--cnf", cnf], &grid.stdout).expect_code(0);
                }
            }
        }
    }
}

#[test]
fn every_line_encoding_solves_the_hanidoku_stream_true_only() {
    let puzzles = testdata("layouts/hanidoku.txt");
    let puzzles = puzzles.to_str().unwrap();
    let expected = solutions();
    // `span` alone needs about 24,000 conflicts per hard puzzle: a minute in a debug
    // build; the test above covers it on easier puzzles.
    for lines in LineEncoding::ALL
        .into_iter()
        .filter(|&l| l != LineEncoding::Span)
    {
        let args = ["--layout", "hanidoku", "--lines", lines.name(), puzzles];
        let stream = run("sudoku2cnf", &args, b"");
        stream.expect_code(0);
        let answers = run("satsolve", &["--jobs", "1", "--true-only"], &stream.stdout);
        answers.expect_code(10);
        let grids = run(
            "model2grid",
            &["--layout", "hanidoku", "--format", "line"],
            &answers.stdout,
        );
        grids.expect_code(0);
        let text = grids.stdout_text();
        let found: Vec<String> = text.lines().map(digits).collect();
        assert_eq!(found, expected, "{lines}");
        run(
            "gridcheck",
            &["--layout", "hanidoku", "--puzzle", puzzles],
            text.as_bytes(),
        )
        .expect_code(0);
    }
}

#[test]
fn an_unknown_line_encoding_is_a_usage_error() {
    run(
        "sudoku2cnf",
        &["--layout", "hanidoku", "--lines", "natural"],
        b"",
    )
    .expect_code(2)
    .expect_no_stdout()
    .expect_stderr_contains("natural");
}

#[test]
fn presence_is_the_default_and_every_encoding_has_its_documented_size() {
    let empty = "0".repeat(61);
    let header = |args: &[&str]| {
        let result = run("sudoku2cnf", args, empty.as_bytes());
        result.expect_code(0);
        let text = result.stdout_text();
        text.lines()
            .find(|line| line.starts_with("p cnf "))
            .unwrap()
            .to_string()
    };
    // The figures of `sudoku2cnf --help` and docs/encoding.md (extended: no givens to drop).
    for (lines, expected) in [
        ("runs", "p cnf 549 7468"),
        ("span", "p cnf 549 10597"),
        ("runs-span", "p cnf 549 10840"),
        ("presence", "p cnf 669 8428"),
        ("order", "p cnf 669 8500"),
        ("starts", "p cnf 753 8932"),
    ] {
        let args = [
            "--layout",
            "hanidoku",
            "--encoding",
            "extended",
            "--lines",
            lines,
        ];
        assert_eq!(header(&args), expected, "{lines}");
    }
    let default = header(&["--layout", "hanidoku", "--encoding", "extended"]);
    assert_eq!(default, "p cnf 669 8428", "presence is the default");
}
