//! Honeycomb layout files end to end: Hanidoku as a file gives the built-in's
//! formula clause for clause; the shipped flower and pinwheel boards solve with every
//! solver, their puzzles have one solution by a second oracle, every tool takes the files,
//! bad files are usage errors naming the line, and the pictures of `docs/layouts.md` are
//! what the pipeline draws.

use sudosat::testkit::peers::Peer;

use crate::layouts::{pipeline, solutions, solvers};
use crate::util::{root, run, scratch, split, testdata};

/// The shipped honeycomb boards: layout file stem, which is also the puzzle file stem.
const BOARDS: [&str; 3] = ["hanidoku", "flower", "pinwheel"];

fn layout_file(stem: &str) -> String {
    testdata(&format!("layouts/{stem}.layout"))
        .to_str()
        .unwrap()
        .to_string()
}

/// The formula part of a DIMACS text: from the `p cnf` line on.
fn clauses(cnf: &str) -> &str {
    let start = cnf.find("\np cnf ").expect("a p cnf line") + 1;
    &cnf[start..]
}

#[test]
fn hanidoku_as_a_layout_file_gives_the_built_in_formula_clause_for_clause() {
    let file = layout_file("hanidoku");
    let puzzles = testdata("layouts/hanidoku.txt");
    let puzzles = puzzles.to_str().unwrap();
    let empty = "0".repeat(61);
    for encoding in ["efficient", "extended", "compact"] {
        for index in ["1", "2", "3"] {
            let args = |layout: &'static str| -> Vec<String> {
                let layout = if layout == "file" {
                    file.as_str()
                } else {
                    "hanidoku"
                };
                [
                    "--layout",
                    layout,
                    "--encoding",
                    encoding,
                    "--index",
                    index,
                    puzzles,
                ]
                .map(String::from)
                .to_vec()
            };
            let built_in = run("sudoku2cnf", &strs(&args("built-in")), b"");
            let from_file = run("sudoku2cnf", &strs(&args("file")), b"");
            built_in.expect_code(0);
            from_file.expect_code(0);
            let (built_in, from_file) = (built_in.stdout_text(), from_file.stdout_text());
            assert_eq!(
                clauses(&built_in),
                clauses(&from_file),
                "{encoding} {index}"
            );
            assert!(built_in.contains("\nc layout hanidoku\n"));
            assert!(from_file.contains("\nc layout file hanidoku\nc layout-file "));
        }
        let built_in = run(
            "sudoku2cnf",
            &[
                "--layout",
                "hanidoku",
                "--encoding",
                encoding,
                "--lines",
                "runs",
            ],
            empty.as_bytes(),
        );
        let from_file = run(
            "sudoku2cnf",
            &["--layout", &file, "--encoding", encoding, "--lines", "runs"],
            empty.as_bytes(),
        );
        assert_eq!(
            clauses(&built_in.stdout_text()),
            clauses(&from_file.stdout_text())
        );
        if encoding == "extended" {
            assert!(from_file.stdout_text().contains("\np cnf 549 7468\n"));
        }
    }
    // Both refuse the minimal encoding alike.
    for layout in ["hanidoku", file.as_str()] {
        run(
            "sudoku2cnf",
            &["--layout", layout, "--encoding", "minimal"],
            empty.as_bytes(),
        )
        .expect_code(2)
        .expect_stderr_contains("encoding minimal does not work on layout hanidoku");
    }
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn honeycomb_files_solve_to_their_shipped_solutions_with_every_solver() {
    for (solver, solve) in solvers() {
        for stem in BOARDS {
            let puzzles = testdata(&format!("layouts/{stem}.txt"));
            let name = format!("honeycomb-{stem}-{solver}");
            let grids = pipeline(&name, &layout_file(stem), &puzzles, &*solve);
            assert_eq!(
                grids,
                solutions(&format!("layouts/{stem}.solution.txt")),
                "{stem} {solver}"
            );
        }
    }
}

#[test]
fn shipped_honeycomb_puzzles_have_one_solution_by_two_oracles() {
    // Oracle 1: our enumeration (satsolve --models 2). Oracle 2: a peer solver (MiniSat,
    // else CaDiCaL) finds a solution, and answers UNSAT once it is blocked.
    let peer = Peer::MiniSat.find().or_else(|| Peer::CaDiCaL.find());
    let mut checked = 0;
    for stem in ["flower", "pinwheel"] {
        let dir = scratch(&format!("unique-{stem}"));
        let puzzles = testdata(&format!("layouts/{stem}.txt"));
        let cnfs = split(
            &puzzles,
            &dir.join("cnf"),
            &["--layout", &layout_file(stem)],
        );
        assert_eq!(cnfs.len(), 5, "{stem}");
        for cnf in &cnfs {
            run("satsolve", &["--models", "2", cnf.to_str().unwrap()], b"")
                .expect_code(10)
                .expect_stderr_contains("c models 1 (no other model exists)");
            let Some(peer) = &peer else {
                continue;
            };
            let text = std::fs::read_to_string(cnf).unwrap();
            let header = text
                .lines()
                .find(|line| line.starts_with("c size "))
                .unwrap();
            let digits: usize = header["c size ".len()..].parse().unwrap();
            let cells = if stem == "flower" { 49 } else { 37 };
            let solution = peer
                .unique_solution(&text, cells * digits)
                .unwrap_or_else(|error| panic!("{stem}: {error}"));
            assert_eq!(solution.len(), cells, "{stem}: one digit per cell");
            checked += 1;
        }
    }
    if peer.is_none() {
        eprintln!("note: neither minisat nor cadical found; the second oracle was skipped");
    } else {
        assert_eq!(checked, 10);
    }
}

#[test]
fn every_tool_takes_a_honeycomb_file() {
    let flower = layout_file("flower");
    let pinwheel = layout_file("pinwheel");
    // sudokugen: unique puzzles, and random solved grids that gridcheck accepts.
    for layout in [&flower, &pinwheel] {
        let made = run(
            "sudokugen",
            &["puzzles", "2", "--layout", layout, "--seed", "9"],
            b"",
        );
        made.expect_code(0);
        let dir = scratch("honeycomb-gen");
        let puzzles = dir.join("puzzles.txt");
        std::fs::write(&puzzles, &made.stdout).unwrap();
        for cnf in split(&puzzles, &dir.join("cnf"), &["--layout", layout]) {
            run("satsolve", &["--models", "2", cnf.to_str().unwrap()], b"")
                .expect_code(10)
                .expect_stderr_contains("c models 1 (no other model exists)");
        }
        let grids = run(
            "sudokugen",
            &["grids", "3", "--random", "--layout", layout, "--seed", "2"],
            b"",
        );
        grids.expect_code(0);
        run("gridcheck", &["--layout", layout], &grids.stdout)
            .expect_code(0)
            .expect_stderr_contains("3 grids valid");
    }
    // gridcheck names the broken rule: a swap of two touching cells of the pinwheel's
    // first solution repeats a digit in a neighbour pair (and a region or two).
    let solution = solutions("layouts/pinwheel.solution.txt");
    let mut cells: Vec<char> = solution.lines().next().unwrap().chars().collect();
    cells[0] = cells[1];
    let broken: String = cells.iter().collect();
    run("gridcheck", &["--layout", &pinwheel], broken.as_bytes())
        .expect_code(1)
        .expect_stderr_contains("neighbour pair 1: digit 4 appears twice");
    // model2grid draws the flower with its region map beside the digits.
    let cnf = run(
        "sudoku2cnf",
        &["--layout", &flower],
        "0".repeat(49).as_bytes(),
    );
    cnf.expect_code(0);
    let answer = run("satsolve", &[], &cnf.stdout);
    answer.expect_code(10);
    let pretty = run(
        "model2grid",
        &["--layout", &flower, "--format", "pretty"],
        &answer.stdout,
    );
    pretty.expect_code(0);
    let text = pretty.stdout_text();
    assert_eq!(text.lines().count(), 9, "{text}");
    assert!(text.lines().next().unwrap().ends_with("a a"), "{text}");
    run(
        "gridcheck",
        &["--layout", &flower],
        &run("model2grid", &["--layout", &flower], &answer.stdout).stdout,
    )
    .expect_code(0);
}

#[test]
fn a_bad_honeycomb_file_is_a_usage_error_naming_the_line_in_every_tool() {
    let dir = scratch("honeycomb-bad");
    let flower = std::fs::read_to_string(layout_file("flower")).unwrap();
    // A region label off the board, and a board whose fourth row is too long for
    // `lines distinct` over 7 digits.
    let cases = [
        (
            flower.replacen("\n     c c a a b b b\n", "\n     c c a a b b b b\n", 1),
            "line 20 column 20: the region map marks `b` where the honeycomb has no cell",
        ),
        (
            flower
                .replacen("\n    . . . . . . .\n", "\n    . . . . . . . . .\n", 1)
                .replacen("\n    c c c d d b b\n", "\n    c c c d d b b . .\n", 1),
            "line 27: row 4 has 9 cells but the digits are 1..7: no digit set can meet `distinct`",
        ),
    ];
    for (number, (text, message)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{number}.layout"));
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let expected = format!("{path} {message}");
        for (tool, args) in [
            ("sudoku2cnf", vec!["--layout", path]),
            ("model2grid", vec!["--layout", path]),
            ("gridcheck", vec!["--layout", path]),
            ("sudokugen", vec!["puzzles", "1", "--layout", path]),
        ] {
            run(tool, &args, b"")
                .expect_code(2)
                .expect_no_stdout()
                .expect_stderr_contains(&expected);
        }
    }
}

#[test]
fn the_layout_pictures_are_what_the_pipeline_draws() {
    // The commands of docs/layouts.md; regenerate the files with them when the drawing
    // changes on purpose.
    let dir = scratch("honeycomb-docs");
    let doc = std::fs::read_to_string(root().join("docs/layouts.md")).unwrap();
    for stem in BOARDS {
        let puzzles = testdata(&format!("layouts/{stem}.txt"));
        let encoded = run(
            "sudoku2cnf",
            &[
                "--layout",
                &layout_file(stem),
                "--index",
                "1",
                puzzles.to_str().unwrap(),
            ],
            b"",
        );
        encoded.expect_code(0);
        let cnf = dir.join(format!("{stem}.cnf"));
        std::fs::write(&cnf, &encoded.stdout).unwrap();
        let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
        answer.expect_code(10);
        let draw = |format: &str| {
            let drawn = run(
                "model2grid",
                &["--cnf", cnf.to_str().unwrap(), "--format", format],
                &answer.stdout,
            );
            drawn.expect_code(0);
            drawn.stdout_text()
        };
        let pretty = draw("pretty");
        assert!(
            doc.contains(&format!("```text\n{pretty}```")),
            "docs/layouts.md lacks the pretty {stem}: regenerate it with its commands\n{pretty}"
        );
        let file = format!("docs/{stem}.svg");
        let committed = std::fs::read_to_string(root().join(&file)).unwrap();
        assert!(
            draw("svg") == committed,
            "{file} is out of date: regenerate it with the commands of docs/layouts.md"
        );
    }
}
