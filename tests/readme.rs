//! The README's examples, run as written, so that the front page cannot drift from what
//! the tools do.
//!
//! Every `sh` block of the README's "Examples" section is read from README.md itself and
//! run by bash in a scratch directory where `testdata/` is linked in and this build's
//! binaries come first on `PATH`, as a reader who ran `make demo` would have them. A `text`
//! block right after an `sh` block is that block's expected stdout and must match it in
//! full. The shown answers are also held to the solutions shipped in `testdata/`, an
//! oracle written independently of the README, so a wrong picture in the README fails
//! even if the tools agreed with it. Each example has its own test below;
//! `every_readme_example_is_tested` fails when an example is added without one.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use sudosat::testkit::peers::Peer;

use crate::util::{binary, data_lines, root, scratch, testdata, Run};

/// One command block of the README's "Examples" section.
struct Example {
    /// The `###` heading the block stands under.
    heading: String,
    /// The shell commands, as printed.
    commands: String,
    /// The `text` block that follows the commands: their stdout.
    expected: Option<String>,
}

/// The `sh` blocks of the README's "Examples" section, in order, each with the `text`
/// block that follows it (only blank lines between).
fn examples() -> Vec<Example> {
    let readme = fs::read_to_string(root().join("README.md")).expect("read README.md");
    let mut examples: Vec<Example> = Vec::new();
    let mut in_section = false;
    let mut heading = String::new();
    let mut lines = readme.lines();
    // Whether only blank lines separate the current line from the last `sh` block.
    let mut after_commands = false;
    while let Some(line) = lines.next() {
        if let Some(title) = line.strip_prefix("## ") {
            in_section = title == "Examples";
            after_commands = false;
            continue;
        }
        if !in_section {
            continue;
        }
        if let Some(title) = line.strip_prefix("### ") {
            heading = title.to_string();
            after_commands = false;
        } else if let Some(language) = line.strip_prefix("```") {
            let mut body = String::new();
            for inner in lines.by_ref() {
                if inner.starts_with("```") {
                    break;
                }
                body.push_str(inner);
                body.push('\n');
            }
            match language {
                "sh" => {
                    examples.push(Example {
                        heading: heading.clone(),
                        commands: body,
                        expected: None,
                    });
                    after_commands = true;
                    continue;
                }
                "text" if after_commands => {
                    let last = examples.last_mut().expect("an sh block came first");
                    last.expected = Some(body);
                }
                other => panic!("README example under {heading:?}: unexpected ```{other} block"),
            }
            after_commands = false;
        } else if !line.trim().is_empty() {
            after_commands = false;
        }
    }
    examples
}

/// The blocks under one heading of the "Examples" section.
fn blocks(heading: &str) -> Vec<Example> {
    let found: Vec<Example> = examples()
        .into_iter()
        .filter(|example| example.heading == heading)
        .collect();
    assert!(
        !found.is_empty(),
        "README has no example under ### {heading}"
    );
    found
}

/// A scratch directory that looks like the repository root to the README's commands.
fn workdir(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::os::unix::fs::symlink(root().join("testdata"), dir.join("testdata"))
        .expect("link testdata into the scratch directory");
    dir
}

/// Runs one block with bash in `dir`, this build's binaries first on PATH, and checks its
/// stdout against the README's `text` block when there is one.
fn run_block(example: &Example, dir: &Path) -> Run {
    let bin_dir = binary("satsolve").parent().unwrap().to_path_buf();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(&path)))
        .expect("PATH");
    let output = Command::new("bash")
        .arg("-c")
        .arg(&example.commands)
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("run bash");
    let run = Run::from_output(format!("bash -c {:?}", example.commands), output);
    if let Some(expected) = &example.expected {
        let stdout = run.stdout_text();
        assert!(
            &stdout == expected,
            "README example under ### {} printed something else\n--- commands ---\n{}\
             --- README shows ---\n{expected}--- stdout ---\n{stdout}--- stderr ---\n{}",
            example.heading,
            example.commands,
            run.stderr
        );
    }
    run
}

/// The digits of a drawn grid, in reading order (box borders and honeycomb walls dropped).
fn digits(drawing: &str) -> String {
    drawing.chars().filter(char::is_ascii_digit).collect()
}

#[test]
fn every_readme_example_is_tested() {
    // One entry per test below: the heading, and how many sh blocks it runs.
    let tested = [
        ("Solve a puzzle", 2),
        ("Another solver in the middle", 1),
        ("A file of puzzles", 2),
        ("Is every puzzle unique?", 2),
        ("Hanidoku", 1),
        ("Generate", 1),
    ];
    let mut found: Vec<(String, usize)> = Vec::new();
    for example in examples() {
        match found.last_mut() {
            Some((heading, count)) if *heading == example.heading => *count += 1,
            _ => found.push((example.heading, 1)),
        }
    }
    let tested: Vec<(String, usize)> = tested
        .iter()
        .map(|(heading, count)| (heading.to_string(), *count))
        .collect();
    assert_eq!(
        found, tested,
        "the README's examples changed: give each one a test in tests/readme.rs"
    );
}

#[test]
fn readme_solve_a_puzzle() {
    let dir = workdir("readme-solve");
    let [pretty, check] = <[Example; 2]>::try_from(blocks("Solve a puzzle"))
        .ok()
        .unwrap();
    let shown = pretty
        .expected
        .as_deref()
        .expect("the README shows the grid");
    assert_eq!(
        digits(shown),
        data_lines(&testdata("puzzles/9x9_ai_escargot.solution.txt"))[0]
    );
    run_block(&pretty, &dir).expect_code(0);
    run_block(&check, &dir)
        .expect_code(0)
        .expect_stderr_contains("gridcheck: 1 grid valid");
}

#[test]
fn readme_another_solver_in_the_middle() {
    if Peer::MiniSat.find().is_none() || Peer::CaDiCaL.find().is_none() {
        return;
    }
    let dir = workdir("readme-peers");
    let [example] = <[Example; 1]>::try_from(blocks("Another solver in the middle"))
        .ok()
        .unwrap();
    let solution = &data_lines(&testdata("puzzles/9x9_ai_escargot.solution.txt"))[0];
    let shown = example
        .expected
        .as_deref()
        .expect("the README shows the grids");
    assert_eq!(shown, format!("{solution}\n{solution}\n"));
    run_block(&example, &dir).expect_code(0);
    assert!(dir.join("p.res").is_file(), "MiniSat wrote no p.res");
}

#[test]
fn readme_a_file_of_puzzles() {
    let dir = workdir("readme-batch");
    let [lines, block] = <[Example; 2]>::try_from(blocks("A file of puzzles"))
        .ok()
        .unwrap();
    let shown = lines
        .expected
        .as_deref()
        .expect("the README shows the grids");
    let solutions = data_lines(&testdata("puzzles/9x9_17clue_first5.solution.txt"));
    assert_eq!(shown.lines().collect::<Vec<_>>(), solutions);
    run_block(&lines, &dir).expect_code(0);
    run_block(&block, &dir)
        .expect_code(0)
        .expect_stderr_contains("gridcheck: 5 grids valid");
    // The block format: 9 rows of 9 numbers per grid, a blank line between grids, in
    // puzzle order.
    let written = fs::read_to_string(dir.join("sudoku.txt")).unwrap();
    let grids: Vec<String> = written
        .split("\n\n")
        .filter(|grid| !grid.trim().is_empty())
        .map(digits)
        .collect();
    assert_eq!(grids, solutions);
    assert_eq!(written.lines().count(), 5 * 9 + 4);
    assert_eq!(written.lines().filter(|line| line.is_empty()).count(), 4);
}

#[test]
fn readme_is_every_puzzle_unique() {
    let dir = workdir("readme-unique");
    let [grids, verdicts] = <[Example; 2]>::try_from(blocks("Is every puzzle unique?"))
        .ok()
        .unwrap();
    // The oracle: per puzzle, the count of solutions and the solutions themselves.
    let oracle: Vec<Vec<String>> =
        data_lines(&testdata("puzzles/batch/uniqueness_9x9.solutions.txt"))
            .iter()
            .map(|line| line.split(' ').map(str::to_string).collect())
            .collect();
    let shown = grids
        .expected
        .as_deref()
        .expect("the README shows the grids");
    let shown: Vec<&str> = shown.lines().collect();
    assert_eq!(shown.len(), 6);
    assert_eq!(
        (oracle[0][0].as_str(), shown[1]),
        ("1", oracle[0][1].as_str())
    );
    let mut two = vec![shown[3], shown[4]];
    two.sort_unstable();
    let mut expected: Vec<&str> = oracle[1][1..].iter().map(String::as_str).collect();
    expected.sort_unstable();
    assert_eq!((oracle[1][0].as_str(), two), ("2", expected));
    assert_eq!(oracle[2], ["0"]);
    // Puzzle 3 has no solution: model2grid and gridcheck --unique both exit 1.
    run_block(&grids, &dir)
        .expect_code(1)
        .expect_stderr_contains("puzzle 3: no solution");
    run_block(&verdicts, &dir)
        .expect_code(1)
        .expect_stderr_contains("gridcheck: 3 puzzles: 1 unique, 1 several, 1 none");
}

#[test]
fn readme_hanidoku() {
    let dir = workdir("readme-hanidoku");
    let [example] = <[Example; 1]>::try_from(blocks("Hanidoku")).ok().unwrap();
    let shown = example
        .expected
        .as_deref()
        .expect("the README shows the honeycomb");
    assert_eq!(
        digits(shown),
        data_lines(&testdata("layouts/hanidoku.solution.txt"))[0]
    );
    run_block(&example, &dir).expect_code(0);
    // The picture the README shows is the one these commands draw.
    let drawn = fs::read_to_string(dir.join("hanidoku.svg")).unwrap();
    let committed = fs::read_to_string(root().join("docs/hanidoku.svg")).unwrap();
    assert!(
        drawn == committed,
        "docs/hanidoku.svg is not what the README's Hanidoku commands draw"
    );
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains("(docs/hanidoku.svg)"));
}

#[test]
fn readme_generate() {
    let dir = workdir("readme-generate");
    let [example] = <[Example; 1]>::try_from(blocks("Generate")).ok().unwrap();
    let shown = example
        .expected
        .as_deref()
        .expect("the README shows the output");
    let shown: Vec<&str> = shown.lines().collect();
    // Three puzzles, two grids, three ratings, as the comments say.
    assert_eq!(shown.len(), 8, "{shown:?}");
    let puzzles = &shown[..3];
    assert!(puzzles.iter().all(|p| p.len() == 81 && p.contains('.')));
    assert!(shown[3..5]
        .iter()
        .all(|g| g.len() == 81 && g.chars().all(|c| c.is_ascii_digit())));
    assert_ne!(shown[3], shown[4], "the grids must be distinct");
    // Ratings on Sudoku Explainer's scale: `ER/EP/ED LEVEL (hardest: TECHNIQUE)`.
    let levels = [
        "easy",
        "medium",
        "hard",
        "expert",
        "diabolical",
        "extreme",
        "beyond",
    ];
    assert!(shown[5..].iter().all(|r| {
        let words: Vec<&str> = r.split(' ').collect();
        words[0].split('/').count() == 3 && levels.contains(&words[1]) && r.contains("(hardest: ")
    }));
    run_block(&example, &dir)
        .expect_code(0)
        .expect_stderr_contains("gridcheck: 3 grids valid");
    assert_eq!(
        fs::read_to_string(dir.join("new.txt"))
            .unwrap()
            .lines()
            .collect::<Vec<_>>(),
        puzzles
    );
}
