//! Layouts beyond the square Sudoku, end to end through the binaries: X-Sudoku, a jigsaw
//! and a windoku layout file, and the Hanidoku honeycomb (shipped samples and, when the
//! shared course files are present, 30 puzzles of each), with satsolve and with MiniSat
//! and CaDiCaL in the middle.

use std::path::Path;

use sudosat::model::Status;
use sudosat::testkit::peers;

use crate::util::{data_lines, run, scratch, split, testdata};

/// How to get a solver answer for a CNF file (CNF path -> answer).
pub(crate) type Solve<'a> = &'a dyn Fn(&Path) -> Vec<u8>;

/// A named solver, boxed so that ours and the external ones sit in one list.
pub(crate) type NamedSolver = (&'static str, Box<dyn Fn(&Path) -> Vec<u8>>);

fn satsolve(cnf: &Path) -> Vec<u8> {
    let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
    answer.expect_code(10);
    answer.stdout
}

/// The solvers to put in the middle: ours, then each installed peer (MiniSat, CaDiCaL).
pub(crate) fn solvers() -> Vec<NamedSolver> {
    let mut solvers: Vec<NamedSolver> = vec![("satsolve", Box::new(satsolve))];
    for peer in peers::installed() {
        solvers.push((
            peer.peer.name(),
            Box::new(move |cnf: &Path| {
                let answer = peer.solve(cnf).unwrap();
                answer.expect(Status::Sat);
                answer.text
            }),
        ));
    }
    solvers
}

/// Encodes every puzzle of `puzzles` under `layout` (one CNF each), solves each with
/// `solve`, decodes with `--layout`, and checks all grids with `gridcheck --puzzle`.
/// Returns the decoded grids, one line each.
pub(crate) fn pipeline(name: &str, layout: &str, puzzles: &Path, solve: Solve) -> String {
    let dir = scratch(name);
    let cnfs = split(puzzles, &dir.join("cnf"), &["--layout", layout]);
    let mut grids = String::new();
    for cnf in &cnfs {
        let grid = run(
            "model2grid",
            &["--layout", layout, "--format", "line"],
            &solve(cnf),
        );
        grid.expect_code(0);
        grids.push_str(&grid.stdout_text());
    }
    let check = ["--layout", layout, "--puzzle", puzzles.to_str().unwrap()];
    run("gridcheck", &check, grids.as_bytes()).expect_code(0);
    grids
}

/// The lines of a solution file, comments dropped.
pub(crate) fn solutions(file: &str) -> String {
    data_lines(&testdata(file)).join("\n") + "\n"
}

#[test]
fn x_sudoku_jigsaw_and_windoku_solve_to_their_shipped_solutions() {
    let cases = [
        ("x-sudoku", "x-sudoku9"),
        ("layouts/jigsaw9.layout", "jigsaw9"),
        ("layouts/windoku9.layout", "windoku9"),
    ];
    for (solver, solve) in solvers() {
        for (layout, stem) in cases {
            let layout = match layout.strip_prefix("layouts/") {
                Some(file) => testdata("layouts").join(file).to_str().unwrap().to_string(),
                None => layout.to_string(),
            };
            let puzzles = testdata(&format!("layouts/{stem}.txt"));
            let grids = pipeline(&format!("{stem}-{solver}"), &layout, &puzzles, &*solve);
            assert_eq!(
                grids,
                solutions(&format!("layouts/{stem}.solution.txt")),
                "{stem} {solver}"
            );
        }
    }
}

#[test]
fn a_layout_file_travels_inside_the_cnf() {
    let dir = scratch("layout-in-cnf");
    let layout = testdata("layouts/jigsaw9.layout");
    let puzzle = testdata("layouts/jigsaw9.txt");
    let cnf = run(
        "sudoku2cnf",
        &[
            "--layout",
            layout.to_str().unwrap(),
            puzzle.to_str().unwrap(),
        ],
        b"",
    );
    cnf.expect_code(0);
    let text = cnf.stdout_text();
    assert!(
        text.contains("c layout file jigsaw\nc layout-file "),
        "{text:.300}"
    );
    let cnf_path = dir.join("jigsaw.cnf");
    std::fs::write(&cnf_path, &cnf.stdout).unwrap();
    let answer = run("satsolve", &[cnf_path.to_str().unwrap()], b"");
    answer.expect_code(10);
    let grid = run(
        "model2grid",
        &["--cnf", cnf_path.to_str().unwrap()],
        &answer.stdout,
    );
    grid.expect_code(0);
    assert_eq!(
        grid.stdout_text(),
        solutions("layouts/jigsaw9.solution.txt")
    );
    run(
        "gridcheck",
        &["--cnf", cnf_path.to_str().unwrap()],
        &grid.stdout,
    )
    .expect_code(0);
    // As a classic Sudoku the jigsaw solution breaks boxes: the layout really matters.
    run("gridcheck", &[], &grid.stdout)
        .expect_code(1)
        .expect_stderr_contains("box 1");
}

#[test]
fn the_empty_honeycomb_is_549_variables_and_7468_clauses() {
    let cnf = run(
        "sudoku2cnf",
        &["--layout", "hanidoku", "--lines", "runs"],
        "0".repeat(61).as_bytes(),
    );
    cnf.expect_code(0);
    let text = cnf.stdout_text();
    assert!(text.contains("\nc layout hanidoku\n"));
    assert!(text.contains("\np cnf 549 7468\n"));
}

#[test]
fn shipped_hanidoku_puzzles_solve_with_every_solver() {
    let puzzles = testdata("layouts/hanidoku.txt");
    for (solver, solve) in solvers() {
        let grids = pipeline(&format!("hanidoku-{solver}"), "hanidoku", &puzzles, &*solve);
        assert_eq!(
            grids,
            solutions("layouts/hanidoku.solution.txt"),
            "{solver}"
        );
    }
}

#[test]
fn thirty_course_puzzles_of_each_file_solve_with_every_solver() {
    let files = ["5200_easy_hanidoku.txt", "1050_hard_hanidoku.txt"];
    for name in files {
        // The shared course files, if this checkout sits next to them.
        let Some(path) = crate::util::shared_path(&format!("puzzles/hanidoku/{name}")) else {
            continue;
        };
        // Spread the sample over the file, keeping the course form (HQV1G, CRLF).
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let step = (lines.len() / 30).max(1);
        let sample: String = lines.iter().step_by(step).take(30).copied().collect();
        let dir = scratch(&format!("course-{name}"));
        let sample_path = dir.join("sample.txt");
        std::fs::write(&sample_path, sample).unwrap();
        for (solver, solve) in solvers() {
            let grids = pipeline(
                &format!("course-{name}-{solver}"),
                "hanidoku",
                &sample_path,
                &*solve,
            );
            assert_eq!(grids.lines().count(), 30.min(lines.len()));
        }
    }
}

#[test]
fn hanidoku_formats_and_block_input() {
    let dir = scratch("hanidoku-formats");
    let puzzles = testdata("layouts/hanidoku.txt");
    let cnf = dir.join("one.cnf");
    let encoded = run(
        "sudoku2cnf",
        &[
            "--layout",
            "hanidoku",
            "--index",
            "1",
            puzzles.to_str().unwrap(),
        ],
        b"",
    );
    encoded.expect_code(0);
    std::fs::write(&cnf, &encoded.stdout).unwrap();
    let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
    answer.expect_code(10);
    // Without any flag the 549 variables say hanidoku.
    let line = run("model2grid", &[], &answer.stdout);
    line.expect_code(0);
    assert_eq!(line.stdout_text().trim().len(), 61);
    let pretty = run(
        "model2grid",
        &["--cnf", cnf.to_str().unwrap(), "--format", "pretty"],
        &answer.stdout,
    );
    pretty.expect_code(0);
    let rows: Vec<String> = pretty.stdout_text().lines().map(String::from).collect();
    assert_eq!(rows.len(), 9);
    assert!(rows[0].starts_with("        /5\\ "), "{rows:?}");
    assert!(rows[4].starts_with("/"), "{rows:?}");
    let block = run(
        "model2grid",
        &["--layout", "hanidoku", "--format", "block"],
        &answer.stdout,
    );
    block.expect_code(0);
    let widths: Vec<usize> = block.stdout_text().lines().map(str::len).collect();
    assert_eq!(widths, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
    // The block form reads back, as grids and as puzzles.
    run("gridcheck", &["--layout", "hanidoku"], &block.stdout).expect_code(0);
    run("sudoku2cnf", &["--layout", "hanidoku"], &block.stdout).expect_code(0);
}

#[test]
fn gridcheck_names_the_broken_hanidoku_line_and_why() {
    // The known solution of formats.md, with an 8 for the first cell's 2 (a gap in row 1,
    // rising line 1 and falling line 5), then a 6 there (a repeat in row 1).
    let solution =
        "26345 574263 4365127 65812734 342789516 27394865 5876934 638457 45623".replace(' ', "");
    assert_eq!(solution.len(), 61);
    let mut cells: Vec<char> = solution.chars().collect();
    cells[0] = '8';
    let broken: String = cells.iter().collect();
    let result = run("gridcheck", &["--layout", "hanidoku"], broken.as_bytes());
    result
        .expect_code(1)
        .expect_stderr_contains(
            "grid 1: row 1: digits 3, 4, 5, 6 and 8 do not form a run (7 missing)",
        )
        .expect_stderr_contains("rising line 1:")
        .expect_stderr_contains("falling line 5:");
    cells[0] = '6';
    let repeat: String = cells.iter().collect();
    run("gridcheck", &["--layout", "hanidoku"], repeat.as_bytes())
        .expect_code(1)
        .expect_stderr_contains("row 1: digit 6 appears twice (columns 1 and 2)");
    run("gridcheck", &["--layout", "hanidoku"], solution.as_bytes()).expect_code(0);
}

#[test]
fn bad_layouts_are_usage_errors() {
    run("sudoku2cnf", &["--layout", "no-such-board"], b"")
        .expect_code(2)
        .expect_no_stdout()
        .expect_stderr_contains("unknown layout `no-such-board`");
    run("sudoku2cnf", &["--layout", "hanidoku", "--size", "4"], b"")
        .expect_code(2)
        .expect_stderr_contains("hanidoku has 9 digits, not 4");
    run("sudoku2cnf", &["--layout", "hanidoku"], b"HQV1G123\r\n")
        .expect_code(2)
        .expect_stderr_contains("expected 61 cells for hanidoku but found 3");
}

#[test]
fn layout_sudoku_is_the_default_and_keeps_size_detection() {
    let puzzle = std::fs::read(testdata("puzzles/4x4_line.txt")).unwrap();
    let plain = run("sudoku2cnf", &["--index", "1"], &puzzle);
    plain.expect_code(0);
    let named = run(
        "sudoku2cnf",
        &["--layout", "sudoku", "--index", "1"],
        &puzzle,
    );
    named.expect_code(0);
    assert_eq!(plain.stdout, named.stdout);
    assert!(plain.stdout_text().contains("\nc layout square 4\n"));
}

#[test]
fn every_shipped_layout_puzzle_has_exactly_one_solution() {
    let jigsaw = testdata("layouts/jigsaw9.layout");
    let windoku = testdata("layouts/windoku9.layout");
    let cases = [
        (jigsaw.to_str().unwrap(), "jigsaw9.txt"),
        (windoku.to_str().unwrap(), "windoku9.txt"),
        ("x-sudoku", "x-sudoku9.txt"),
        ("hanidoku", "hanidoku.txt"),
    ];
    for (layout, file) in cases {
        let dir = scratch(&format!("unique-{file}"));
        let puzzles = testdata(&format!("layouts/{file}"));
        for cnf in split(&puzzles, &dir.join("cnf"), &["--layout", layout]) {
            run("satsolve", &["--models", "2", cnf.to_str().unwrap()], b"")
                .expect_code(10)
                .expect_stderr_contains("c models 1 (no other model exists)");
        }
    }
}

/// A regression: `--layout x-sudoku` without `--size` took 9; the size now comes from the
/// input, as for `sudoku`, in model2grid (from the model) and gridcheck (from each grid).
#[test]
fn x_sudoku_takes_its_size_from_the_input() {
    let cnf = run(
        "sudoku2cnf",
        &["--layout", "x-sudoku", "--size", "4"],
        b"1...............\n",
    );
    cnf.expect_code(0);
    let answer = run("satsolve", &[], &cnf.stdout);
    answer.expect_code(10);
    let grid = run("model2grid", &["--layout", "x-sudoku"], &answer.stdout);
    grid.expect_code(0);
    assert_eq!(
        grid.stdout_text().trim().len(),
        16,
        "{}",
        grid.stdout_text()
    );
    run("gridcheck", &["--layout", "x-sudoku"], &grid.stdout).expect_code(0);
    // A valid 4x4 Sudoku whose main diagonal reads 1 4 4 2.
    run(
        "gridcheck",
        &["--layout", "x-sudoku"],
        b"1234342121434312\n",
    )
    .expect_code(1)
    .expect_stderr_contains("diagonal 1");
    run("gridcheck", &[], b"1234342121434312\n").expect_code(0);
}

/// A regression: `--format pretty` drew a jigsaw with its outer frame only. The walls between
/// regions now show; jigsaw9's first row is regions a a a a | b b | c c c.
#[test]
fn pretty_draws_the_jigsaw_regions() {
    let layout = testdata("layouts/jigsaw9.layout");
    let puzzles = testdata("layouts/jigsaw9.txt");
    let layout = layout.to_str().unwrap();
    let encoded = run(
        "sudoku2cnf",
        &[
            "--layout",
            layout,
            "--index",
            "1",
            puzzles.to_str().unwrap(),
        ],
        b"",
    );
    encoded.expect_code(0);
    let answer = run("satsolve", &[], &encoded.stdout);
    answer.expect_code(10);
    let pretty = run(
        "model2grid",
        &["--layout", layout, "--format", "pretty"],
        &answer.stdout,
    );
    pretty.expect_code(0);
    let text = pretty.stdout_text();
    let lines: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    assert_eq!(lines.len(), 19, "{text}");
    // Each cell is 4 columns wide: the wall left of column c (0-based) sits at 4c.
    let walls: Vec<usize> = (0..=9).filter(|&col| lines[1][4 * col] == '|').collect();
    assert_eq!(walls, [0, 4, 6, 9], "{text}");
    // Below row 1, columns 3 and 4 (a over b) have a wall, column 1 (a over a) none.
    assert_eq!(lines[2][4 * 2 + 2], '-', "{text}");
    assert_eq!(lines[2][2], ' ', "{text}");
}
