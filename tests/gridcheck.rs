//! `gridcheck` as a binary: valid grids pass, each kind of violation is reported on its
//! own line with grid number, house and digit.

use crate::util::{run, scratch};

const SOLVED: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";
const PUZZLE: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

#[test]
fn a_valid_grid_keeping_its_givens_passes() {
    let dir = scratch("gridcheck-valid");
    let puzzle = dir.join("puzzle.txt");
    std::fs::write(&puzzle, format!("{PUZZLE}\n")).unwrap();
    run(
        "gridcheck",
        &["--puzzle", puzzle.to_str().unwrap()],
        SOLVED.as_bytes(),
    )
    .expect_code(0)
    .expect_no_stdout();
}

#[test]
fn a_repeated_digit_is_reported_by_row_column_and_box() {
    // Swap the first two cells of row 1: columns 1 and 2 and nothing else change.
    let mut cells: Vec<char> = SOLVED.chars().collect();
    cells.swap(0, 1);
    let swapped: String = cells.into_iter().collect();
    let result = run("gridcheck", &[], swapped.as_bytes());
    result
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("grid 1")
        .expect_stderr_contains("column 1")
        .expect_stderr_contains("column 2");
}

#[test]
fn a_changed_given_is_reported() {
    let dir = scratch("gridcheck-given");
    let puzzle = dir.join("puzzle.txt");
    // A puzzle whose first given is 2, where the (valid) grid has 1.
    std::fs::write(&puzzle, format!("2{}\n", &PUZZLE[1..])).unwrap();
    run(
        "gridcheck",
        &["--puzzle", puzzle.to_str().unwrap()],
        SOLVED.as_bytes(),
    )
    .expect_code(1)
    .expect_stderr_contains("row 1 column 1");
}

#[test]
fn blanks_are_violations_unless_partial() {
    run("gridcheck", &[], PUZZLE.as_bytes()).expect_code(1);
    run("gridcheck", &["--partial"], PUZZLE.as_bytes()).expect_code(0);
    let conflicting = format!("11{}", &PUZZLE[2..]);
    run("gridcheck", &["--partial"], conflicting.as_bytes())
        .expect_code(1)
        .expect_stderr_contains("row 1");
}

#[test]
fn every_grid_is_checked_and_numbered() {
    let mut cells: Vec<char> = SOLVED.chars().collect();
    cells.swap(0, 9);
    let bad: String = cells.into_iter().collect();
    let input = format!("{SOLVED}\n{bad}\n{SOLVED}\n");
    let result = run("gridcheck", &[], input.as_bytes());
    result.expect_code(1).expect_stderr_contains("grid 2");
    assert!(!result.stderr.contains("grid 1:"), "{}", result.stderr);
    assert!(!result.stderr.contains("grid 3:"), "{}", result.stderr);
}

#[test]
fn malformed_input_and_count_mismatch_exit_2() {
    run("gridcheck", &[], b"12345\n").expect_code(2);
    run("gridcheck", &[], b"").expect_code(2);
    let dir = scratch("gridcheck-count");
    let puzzles = dir.join("two.txt");
    std::fs::write(&puzzles, format!("{PUZZLE}\n{PUZZLE}\n")).unwrap();
    run(
        "gridcheck",
        &["--puzzle", puzzles.to_str().unwrap()],
        SOLVED.as_bytes(),
    )
    .expect_code(2)
    .expect_stderr_contains("paired");
}

#[test]
fn out_of_range_values_and_size_mismatches_are_violations_of_their_grid() {
    let grids = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 5\n\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let result = run("gridcheck", &[], grids.as_bytes());
    result
        .expect_code(1)
        .expect_stderr_contains("grid 1: row 4 column 4: value 5 is out of range 1..4")
        .expect_stderr_contains("1 of 2 grids invalid");

    let dir = scratch("gridcheck-sizes");
    let puzzle = dir.join("nine.txt");
    std::fs::write(&puzzle, format!("{PUZZLE}\n")).unwrap();
    run(
        "gridcheck",
        &["--puzzle", puzzle.to_str().unwrap()],
        b"1234341221434321\n",
    )
    .expect_code(1)
    .expect_stderr_contains("the grid is 4x4 but its puzzle is 9x9");
}

#[test]
fn puzzles_may_come_from_stdin_when_the_grids_do_not() {
    let dir = scratch("gridcheck-stdin");
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, format!("{SOLVED}\n")).unwrap();
    run(
        "gridcheck",
        &["--puzzle", "-", grid.to_str().unwrap()],
        PUZZLE.as_bytes(),
    )
    .expect_code(0);
    run("gridcheck", &["--puzzle", "-"], PUZZLE.as_bytes())
        .expect_code(2)
        .expect_stderr_contains("cannot both come from standard input");
}

/// A regression: the givens of `--cnf` applied to the first grid only. One CNF is one puzzle,
/// so every grid read with it (say the models of `satsolve --models 2`) must keep them.
#[test]
fn every_grid_keeps_the_givens_of_the_cnf() {
    let dir = scratch("gridcheck-cnf-grids");
    let cnf = dir.join("puzzle.cnf");
    let encoded = run("sudoku2cnf", &[], b"1...............\n");
    encoded.expect_code(0);
    std::fs::write(&cnf, &encoded.stdout).unwrap();
    let args = ["--cnf", cnf.to_str().unwrap()];
    // Two valid 4x4 grids; the second has 2 where the puzzle gives 1.
    let keeps = "1234341243212143\n";
    let changes = "2143341212344321\n";
    run("gridcheck", &args, format!("{keeps}{keeps}").as_bytes()).expect_code(0);
    run("gridcheck", &args, format!("{keeps}{changes}").as_bytes())
        .expect_code(1)
        .expect_stderr_contains("grid 2")
        .expect_stderr_contains("1 of 2 grids invalid");
}
