//! The whole pipeline, `sudoku2cnf | SOLVER | model2grid | gridcheck --puzzle`, on every
//! shipped puzzle, with our `satsolve` and with MiniSat and CaDiCaL in the middle: the
//! swap the toolchain promises, tested.

use std::path::{Path, PathBuf};

use sudosat::model::Status;
use sudosat::testkit::peers::Peer;

use crate::util::{run, scratch, split, testdata};

/// Every puzzle file under testdata/puzzles (solutions and invalid cases excluded).
fn puzzle_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(testdata("puzzles"))
        .expect("testdata/puzzles exists")
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let answer = name.ends_with(".solution.txt") || name.ends_with(".solutions.txt");
            path.is_file() && name.ends_with(".txt") && !answer
        })
        .collect();
    files.sort();
    assert!(files.len() >= 5, "expected puzzles of sizes 4 to 36");
    files
}

/// Decodes `answer` with the layout from the CNF's header, as a block-format grid.
fn decode(answer: &[u8], cnf: &Path) -> String {
    let grid = run(
        "model2grid",
        &["--cnf", cnf.to_str().unwrap(), "--format", "block"],
        answer,
    );
    grid.expect_code(0);
    grid.stdout_text()
}

/// Solves every puzzle of every shipped file with `solve` (CNF path -> answer text) and
/// checks all grids of a file at once with `gridcheck --puzzle`, which pairs them with
/// the file's puzzles in order.
fn solve_all(name: &str, solve: impl Fn(&Path) -> Vec<u8>) {
    let dir = scratch(name);
    for file in puzzle_files() {
        let mut grids = String::new();
        for cnf in split(&file, &dir.join("cnf"), &[]) {
            grids.push_str(&decode(&solve(&cnf), &cnf));
            grids.push('\n');
        }
        run(
            "gridcheck",
            &["--puzzle", file.to_str().unwrap()],
            grids.as_bytes(),
        )
        .expect_code(0);
    }
}

#[test]
fn satsolve_in_the_middle_solves_every_puzzle() {
    solve_all("pipeline-satsolve", |cnf| {
        let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
        answer.expect_code(10);
        answer.stdout
    });
}

/// A peer in the middle: MiniSat's answer is its result file, CaDiCaL's its stdout.
fn peer_in_the_middle(peer: Peer) {
    let Some(solver) = peer.find() else {
        return;
    };
    solve_all(&format!("pipeline-{}", peer.name()), |cnf| {
        let answer = solver.solve(cnf).unwrap();
        answer.expect(Status::Sat);
        answer.text
    });
}

#[test]
fn minisat_in_the_middle_solves_every_puzzle() {
    peer_in_the_middle(Peer::MiniSat);
}

#[test]
fn cadical_in_the_middle_solves_every_puzzle() {
    peer_in_the_middle(Peer::CaDiCaL);
}

#[test]
fn the_stages_compose_over_real_pipes() {
    // Each stage reads stdin and writes stdout, as in the README's one-liner.
    let puzzle = std::fs::read(testdata("puzzles/9x9_ai_escargot.txt")).unwrap();
    let cnf = run("sudoku2cnf", &[], &puzzle);
    cnf.expect_code(0);
    let answer = run("satsolve", &["-"], &cnf.stdout);
    answer.expect_code(10);
    let grid = run("model2grid", &[], &answer.stdout);
    grid.expect_code(0);
    assert_eq!(
        grid.stdout_text().trim(),
        "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
    );
    let puzzle_path = testdata("puzzles/9x9_ai_escargot.txt");
    run(
        "gridcheck",
        &["--puzzle", puzzle_path.to_str().unwrap()],
        &grid.stdout,
    )
    .expect_code(0);
}

#[test]
fn an_unsatisfiable_puzzle_ends_in_no_solution() {
    // Valid givens (no digit repeats) with no solution: row 3 needs a 1, but the top
    // middle and top right boxes already hold theirs, columns 1 and 2 hold theirs lower
    // down, and row 3 column 3 is a 2.
    let puzzle =
        "...1...........1....2......1...........................1.........................";
    let cnf = run("sudoku2cnf", &[], puzzle.as_bytes());
    cnf.expect_code(0);
    let answer = run("satsolve", &[], &cnf.stdout);
    answer.expect_code(20);
    assert_eq!(answer.stdout_text(), "s UNSATISFIABLE\n");
    run("model2grid", &[], &answer.stdout)
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("no solution");
}
