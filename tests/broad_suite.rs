//! The broad suite (`make bench-broad`, scripts/broad/) builds the formulas our own
//! generators make exactly as its list records them: a change that alters them (as the
//! solver's defaults once altered `sudokugen`'s random grids, and so the suite's large
//! Sudokus) must show here, not hours into a benchmark. The cnfgen families need
//! cnfgen from PyPI and are checked by the benchmark itself.

use std::process::Command;

use crate::util::{binary, root, Run};

#[test]
fn the_suites_sudoku_rows_build_as_it_records() {
    let bin_dir = binary("sudoku2cnf").parent().unwrap().to_path_buf();
    let mut command = Command::new("python3");
    command
        .arg(root().join("scripts/broad/families.py"))
        .arg("--check")
        .arg(root().join("scripts/broad/suite.tsv"))
        .arg("grid,sudoku")
        .env("SUDOSAT_BIN_DIR", &bin_dir);
    let text = format!("{command:?}");
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {text}: {e}"));
    let checked = Run::from_output(text, output);
    checked.expect_code(0);
    assert_eq!(checked.stdout_text(), "6 rows build as the suite records\n");
}

#[test]
fn a_grid_source_without_its_file_is_one_clear_error() {
    let bin_dir = binary("sudoku2cnf").parent().unwrap().to_path_buf();
    let output = Command::new("python3")
        .arg(root().join("scripts/broad/families.py"))
        .arg("grid:testdata/broad/no-such-grid.txt:50:1")
        .env("SUDOSAT_BIN_DIR", &bin_dir)
        .output()
        .expect("python3 runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("families.py: grid:testdata/broad/no-such-grid.txt:50:1: no grid file ")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}
