//! `model2grid --format svg` through the whole pipeline: the pictures parse as XML, hold
//! one digit per cell, tell givens from solved digits (from `--puzzle` or from the CNF
//! header), and follow the layout (box and jigsaw borders, the honeycomb).

use std::path::{Path, PathBuf};

use roxmltree::Document;

use crate::util::{run, scratch, testdata};

/// `sudoku2cnf ARGS` into `DIR/NAME.cnf`, then `satsolve` on it: the CNF and the answer.
fn solve(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, Vec<u8>) {
    let encoded = run("sudoku2cnf", args, b"");
    encoded.expect_code(0);
    let cnf = dir.join(format!("{name}.cnf"));
    std::fs::write(&cnf, &encoded.stdout).unwrap();
    let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
    answer.expect_code(10);
    (cnf, answer.stdout)
}

/// Runs `model2grid --format svg ARGS` on `answer`, expecting success; the SVG text.
fn picture(args: &[&str], answer: &[u8]) -> String {
    let mut all = vec!["--format", "svg"];
    all.extend_from_slice(args);
    let result = run("model2grid", &all, answer);
    result.expect_code(0);
    result.stdout_text()
}

/// What a picture shows: digits per class, hexagons, and the thick border path.
struct Picture {
    given: Vec<String>,
    solved: Vec<String>,
    plain: Vec<String>,
    hexagons: usize,
    borders: String,
}

fn inspect(svg: &str) -> Picture {
    let document = Document::parse(svg).unwrap_or_else(|error| panic!("bad XML: {error}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert!(root.attribute("viewBox").is_some());
    assert!(!svg.contains("<script") && !svg.contains("href"));
    let digits = |class: &str| -> Vec<String> {
        document
            .descendants()
            .filter(|node| node.has_tag_name("g") && node.attribute("class") == Some(class))
            .flat_map(|group| group.children().filter(|node| node.has_tag_name("text")))
            .map(|text| text.text().unwrap_or("").to_string())
            .collect()
    };
    let texts = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .count();
    let picture = Picture {
        given: digits("given"),
        solved: digits("solved"),
        plain: digits("digit"),
        hexagons: document
            .descendants()
            .filter(|node| node.has_tag_name("polygon"))
            .count(),
        borders: document
            .descendants()
            .find(|node| node.attribute("class") == Some("borders"))
            .and_then(|node| node.attribute("d"))
            .unwrap_or("")
            .to_string(),
    };
    assert_eq!(
        texts,
        picture.given.len() + picture.solved.len() + picture.plain.len()
    );
    picture
}

/// The number of filled cells of a one-puzzle file (comments skipped): symbols of the
/// line format, or whitespace-separated numbers of the block format.
fn clues(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let lines = text
        .lines()
        .map(|line| line.trim().trim_start_matches("HQV1G"))
        .filter(|line| !line.is_empty() && !line.starts_with('#'));
    lines
        .map(|line| {
            if line.contains(' ') {
                line.split_whitespace()
                    .filter(|token| *token != "0" && *token != ".")
                    .count()
            } else {
                line.chars()
                    .filter(|c| c.is_ascii_alphanumeric() && *c != '0')
                    .count()
            }
        })
        .sum()
}

#[test]
fn a_9x9_with_its_puzzle_draws_the_givens_apart() {
    let dir = scratch("svg-9x9");
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let (cnf, answer) = solve(&dir, "e", &[puzzle.to_str().unwrap()]);
    let with_puzzle = picture(&["--puzzle", puzzle.to_str().unwrap()], &answer);
    let shown = inspect(&with_puzzle);
    assert_eq!(shown.given.len(), clues(&puzzle));
    assert_eq!(shown.given.len() + shown.solved.len(), 81);
    assert!(shown.plain.is_empty());
    // The CNF header names the puzzle: the same picture without --puzzle.
    let from_header = picture(&["--cnf", cnf.to_str().unwrap()], &answer);
    assert_eq!(from_header, with_puzzle);
    // Neither: every digit alike.
    let plain = inspect(&picture(&[], &answer));
    assert_eq!((plain.plain.len(), plain.given.len()), (81, 0));
}

#[test]
fn a_16x16_writes_numbers_up_to_16() {
    let dir = scratch("svg-16x16");
    let puzzle = testdata("puzzles/16x16_b55_s1.txt");
    let (cnf, answer) = solve(&dir, "s", &[puzzle.to_str().unwrap()]);
    let shown = inspect(&picture(&["--cnf", cnf.to_str().unwrap()], &answer));
    assert_eq!(shown.given.len() + shown.solved.len(), 256);
    let mut all: Vec<u32> = shown
        .given
        .iter()
        .chain(&shown.solved)
        .map(|text| text.parse().unwrap())
        .collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all, (1..=16).collect::<Vec<_>>());
    assert_eq!(shown.given.len(), clues(&puzzle));
}

#[test]
fn hanidoku_is_a_honeycomb_of_61_hexagons() {
    let dir = scratch("svg-hanidoku");
    let puzzles = testdata("layouts/hanidoku.txt");
    let (_, answer) = solve(
        &dir,
        "h",
        &[
            "--layout",
            "hanidoku",
            "--index",
            "1",
            puzzles.to_str().unwrap(),
        ],
    );
    // The shipped file holds three puzzles: which one was solved cannot be guessed.
    run(
        "model2grid",
        &[
            "--layout",
            "hanidoku",
            "--format",
            "svg",
            "--puzzle",
            puzzles.to_str().unwrap(),
        ],
        &answer,
    )
    .expect_code(2)
    .expect_no_stdout()
    .expect_stderr_contains("several puzzles");
    let first = dir.join("first.txt");
    let text = std::fs::read_to_string(&puzzles).unwrap();
    let line = text.lines().find(|line| line.starts_with("HQV1G")).unwrap();
    std::fs::write(&first, format!("{line}\n")).unwrap();
    let shown = inspect(&picture(
        &["--layout", "hanidoku", "--puzzle", first.to_str().unwrap()],
        &answer,
    ));
    assert_eq!(shown.hexagons, 61);
    assert_eq!(shown.given.len(), clues(&first));
    assert_eq!(shown.given.len() + shown.solved.len(), 61);
}

#[test]
fn a_jigsaw_picture_has_region_borders_not_box_lines() {
    let dir = scratch("svg-jigsaw");
    let layout = testdata("layouts/jigsaw9.layout");
    let puzzle = testdata("layouts/jigsaw9.txt");
    let (cnf, answer) = solve(
        &dir,
        "j",
        &[
            "--layout",
            layout.to_str().unwrap(),
            puzzle.to_str().unwrap(),
        ],
    );
    let jigsaw = inspect(&picture(&["--cnf", cnf.to_str().unwrap()], &answer));
    assert_eq!(jigsaw.given.len(), clues(&puzzle));
    assert_eq!(jigsaw.given.len() + jigsaw.solved.len(), 81);
    let boxes = inspect(&picture(&["--size", "9"], &answer));
    assert!(!jigsaw.borders.is_empty());
    assert_ne!(jigsaw.borders, boxes.borders);
    // --layout FILE and --puzzle draw the same as the CNF header.
    let flags = picture(
        &[
            "--layout",
            layout.to_str().unwrap(),
            "--puzzle",
            puzzle.to_str().unwrap(),
        ],
        &answer,
    );
    assert_eq!(inspect(&flags).borders, jigsaw.borders);
}

#[test]
fn a_puzzle_the_model_does_not_solve_is_refused() {
    let dir = scratch("svg-mismatch");
    let (_, answer) = solve(
        &dir,
        "e",
        &[testdata("puzzles/9x9_ai_escargot.txt").to_str().unwrap()],
    );
    let other = testdata("puzzles/9x9_golden_nugget.txt");
    run(
        "model2grid",
        &["--format", "svg", "--puzzle", other.to_str().unwrap()],
        &answer,
    )
    .expect_code(1)
    .expect_no_stdout()
    .expect_stderr_contains("does not solve");
    run("model2grid", &["--puzzle", "-"], &answer)
        .expect_code(2)
        .expect_stderr_contains("standard input");
    let missing = dir.join("missing.txt");
    run(
        "model2grid",
        &["--format", "svg", "--puzzle", missing.to_str().unwrap()],
        &answer,
    )
    .expect_code(2)
    .expect_no_stdout();
}

#[test]
fn the_readme_pictures_are_what_the_pipeline_draws() {
    // The commands of the "Pictures" section of docs/formats.md; regenerate the files with
    // them when the drawing changes on purpose.
    let dir = scratch("svg-docs");
    let cases: [(&str, Vec<String>); 2] = [
        (
            "docs/sudoku-9x9.svg",
            vec![testdata("puzzles/9x9_ai_escargot.txt")
                .display()
                .to_string()],
        ),
        (
            "docs/hanidoku.svg",
            ["--layout", "hanidoku", "--index", "1"]
                .map(String::from)
                .into_iter()
                .chain([testdata("layouts/hanidoku.txt").display().to_string()])
                .collect(),
        ),
    ];
    for (file, args) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (cnf, answer) = solve(&dir, "docs", &args);
        let drawn = picture(&["--cnf", cnf.to_str().unwrap()], &answer);
        let committed = std::fs::read_to_string(crate::util::root().join(file)).unwrap();
        assert!(
            drawn == committed,
            "{file} is out of date: regenerate it with the commands of docs/formats.md"
        );
    }
}
