//! Files the tests work on: the shipped fixtures under `testdata/`, a scratch folder per
//! test, puzzle files split into one CNF per puzzle, and DIMACS text with a clause added.
//!
//! Each was written once per test file before; here it exists once, for the unit tests
//! (`crate::testkit::fixtures`), the integration tests and the examples alike.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate's root folder, where `testdata/` and `target/` are.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path under `testdata/`.
pub fn testdata(relative: &str) -> PathBuf {
    root().join("testdata").join(relative)
}

/// A fresh, empty scratch folder for one test: `target/test-scratch/<name>-<pid>`, so
/// that concurrent test runs and tests of one run never share files, and a failed run
/// leaves its files to look at.
pub fn scratch(name: &str) -> PathBuf {
    let dir = root()
        .join("target")
        .join("test-scratch")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|error| panic!("cannot create {}: {error}", dir.display()));
    dir
}

/// The lines of a text file that hold data: trimmed, without blank lines and `#`
/// comments (the form of the puzzle and solution files under `testdata/`).
pub fn data_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Splits the puzzle file `puzzles` into one CNF per puzzle with `sudoku2cnf` (the
/// binary at `sudoku2cnf`, `options` such as `--layout hanidoku` before `--split`), in
/// the folder `out` (emptied first); returns the CNF files in puzzle order. Panics, with
/// sudoku2cnf's message, when it fails or writes no file.
pub fn split(sudoku2cnf: &Path, options: &[&str], puzzles: &Path, out: &Path) -> Vec<PathBuf> {
    let _ = std::fs::remove_dir_all(out);
    let output = Command::new(sudoku2cnf)
        .args(options)
        .arg("--split")
        .arg(out)
        .arg(puzzles)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", sudoku2cnf.display()));
    assert!(
        output.status.success(),
        "sudoku2cnf {} --split {} {} failed: {}",
        options.join(" "),
        out.display(),
        puzzles.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    // `--split` numbers the files with leading zeros, so the name order is puzzle order.
    let mut cnfs: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", out.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "cnf"))
        .collect();
    cnfs.sort();
    assert!(!cnfs.is_empty(), "{} holds no puzzle", puzzles.display());
    cnfs
}

/// DIMACS text `cnf` with `clause` appended and the `p cnf` header's clause count raised
/// by one, e.g. a found solution blocked so that a solver must find another.
pub fn with_clause(cnf: &str, clause: &[i64]) -> String {
    let mut out = String::with_capacity(cnf.len() + 8 * clause.len() + 4);
    let mut headers = 0;
    for line in cnf.lines() {
        match line.strip_prefix("p cnf ") {
            Some(counts) => {
                let numbers: Vec<usize> = counts
                    .split_whitespace()
                    .map(|word| word.parse().expect("a number in the p cnf header"))
                    .collect();
                let [vars, clauses] = numbers[..] else {
                    panic!("a p cnf header of two numbers, not {line:?}");
                };
                out.push_str(&format!("p cnf {vars} {}\n", clauses + 1));
                headers += 1;
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    assert_eq!(headers, 1, "one p cnf header");
    super::families::push_dimacs_line(&mut out, "", clause);
    out
}

#[cfg(test)]
mod tests;
