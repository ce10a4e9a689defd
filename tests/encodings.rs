//! `sudoku2cnf --encoding` and `--break-symmetry` through the binaries: clause counts,
//! every encoding solving to the same grid on every kind of layout, UNSAT kept UNSAT, and
//! symmetry breaking keeping satisfiability on random sparse puzzles (checked with the
//! library's solver against the formula without it).

use std::path::Path;

use sudosat::encode::{decode_model, encode_with, EncodeOptions, EncodingKind};
use sudosat::grid::{parse_puzzles, Grid, ParseOptions};
use sudosat::layout::Layout;
use sudosat::model::Status;
use sudosat::solver::enumerate::{enumerate, EnumerationEnd};
use sudosat::solver::{new_engine, EngineKind, Limits, Outcome};
use sudosat::testkit::peers::Peer;
use sudosat::{check_grid, Cnf};

use crate::util::{run, scratch, testdata, SplitMix64};

const ENCODINGS: [&str; 4] = ["minimal", "efficient", "extended", "compact"];

/// The `p cnf` numbers of a DIMACS text.
fn header(text: &str) -> (usize, usize) {
    let line = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let fields: Vec<usize> = line[6..].split(' ').map(|f| f.parse().unwrap()).collect();
    (fields[0], fields[1])
}

/// The first grid of a puzzle or solution text (line or block format, any size; boxes
/// are not checked, so jigsaw grids parse too).
fn first_grid(text: &str) -> Grid {
    let options = ParseOptions {
        size: None,
        allow_conflicts: true,
    };
    parse_puzzles(text, &options).unwrap().remove(0).grid
}

#[test]
fn the_empty_9x9_has_the_published_clause_counts() {
    let empty = ".".repeat(81);
    for (encoding, clauses) in [
        ("minimal", 8_829),
        ("efficient", 11_745),
        ("extended", 11_988),
        ("compact", 11_988),
    ] {
        let result = run("sudoku2cnf", &["--encoding", encoding], empty.as_bytes());
        result.expect_code(0);
        let text = result.stdout_text();
        assert_eq!(header(&text), (729, clauses), "{encoding}");
        assert!(text.contains(&format!("\nc encoding {encoding}: var(r,c,v)")));
    }
    // compact is the default (the benchmark in docs/encoding.md chose it).
    let escargot = testdata("puzzles/9x9_ai_escargot.txt");
    let path = escargot.to_str().unwrap();
    let default = run("sudoku2cnf", &[path], b"");
    let compact = run("sudoku2cnf", &["--encoding", "compact", path], b"");
    assert_eq!(default.stdout, compact.stdout, "compact is the default");
    assert!(header(&default.stdout_text()).1 < 5_000);
    run("sudoku2cnf", &["--encoding", "natural"], empty.as_bytes())
        .expect_code(2)
        .expect_no_stdout()
        .expect_stderr_contains("natural");
}

/// Encodes puzzle 1 of `puzzle` with `encoding` (and `extra` flags), solves it with
/// satsolve, decodes it through the CNF header and checks it with `gridcheck --puzzle`;
/// returns model2grid's line.
fn solve_through_binaries(
    name: &str,
    layout: Option<&str>,
    puzzle: &Path,
    encoding: &str,
    extra: &[&str],
) -> String {
    let dir = scratch(&format!("encodings-{name}-{encoding}"));
    let cnf = dir.join("p.cnf");
    let mut args = vec!["--encoding", encoding, "--index", "1"];
    let mut layout_args = Vec::new();
    if let Some(layout) = layout {
        layout_args = vec!["--layout", layout];
    }
    args.extend(&layout_args);
    args.extend(extra);
    args.push(puzzle.to_str().unwrap());
    let encoded = run("sudoku2cnf", &args, b"");
    encoded.expect_code(0);
    std::fs::write(&cnf, &encoded.stdout).unwrap();
    let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
    answer.expect_code(10);
    let grid = run(
        "model2grid",
        &["--cnf", cnf.to_str().unwrap(), "--format", "line"],
        &answer.stdout,
    );
    grid.expect_code(0);
    // The puzzle as the CNF header states it: only puzzle 1 of a file of several.
    let text = encoded.stdout_text();
    let given = text
        .lines()
        .find_map(|line| line.strip_prefix("c puzzle "))
        .unwrap();
    let given_path = dir.join("p.txt");
    std::fs::write(&given_path, format!("{given}\n")).unwrap();
    let mut check = layout_args.clone();
    check.extend(["--puzzle", given_path.to_str().unwrap()]);
    let only_first = grid.stdout_text();
    run("gridcheck", &check, only_first.as_bytes()).expect_code(0);
    only_first
}

#[test]
fn every_encoding_solves_every_kind_of_puzzle_to_its_unique_solution() {
    let jigsaw = testdata("layouts/jigsaw9.layout");
    // The shipped 16x16 puzzles have several solutions: there gridcheck's verdict (valid,
    // givens kept) is the check; the others must give their one solution.
    let cases = [
        ("escargot", None, "puzzles/9x9_ai_escargot", true),
        ("17clue", None, "puzzles/9x9_17clue_first5", true),
        ("16x16", None, "puzzles/16x16_b55_s1", false),
        ("x-sudoku", Some("x-sudoku"), "layouts/x-sudoku9", true),
        (
            "jigsaw",
            Some(jigsaw.to_str().unwrap()),
            "layouts/jigsaw9",
            true,
        ),
    ];
    for (name, layout, stem, unique) in cases {
        let puzzle = testdata(&format!("{stem}.txt"));
        let solution_text = std::fs::read_to_string(testdata(&format!("{stem}.solution.txt")));
        let solution = first_grid(&solution_text.unwrap());
        for encoding in ENCODINGS {
            let line = solve_through_binaries(name, layout, &puzzle, encoding, &[]);
            let grid = first_grid(&line);
            assert_eq!(grid.size(), solution.size(), "{name} {encoding}");
            if unique {
                assert_eq!(grid, solution, "{name} {encoding}");
            }
        }
    }
}

#[test]
fn compact_needs_far_fewer_clauses_on_a_17_clue_puzzle() {
    let puzzle = testdata("puzzles/9x9_17clue_first5.txt");
    let clauses = |encoding: &str| {
        let args = [
            "--encoding",
            encoding,
            "--index",
            "2",
            puzzle.to_str().unwrap(),
        ];
        let result = run("sudoku2cnf", &args, b"");
        result.expect_code(0);
        header(&result.stdout_text()).1
    };
    let (extended, compact) = (clauses("extended"), clauses("compact"));
    assert_eq!(extended, 11_988 + 17);
    assert!(
        compact * 3 < extended,
        "compact {compact}, extended {extended}"
    );
}

/// A puzzle with no solution whose givens do not clash directly: escargot plus one extra
/// given, in a blank cell, of a digit that no peer given excludes but the (unique)
/// solution does not have there.
fn unsolvable_escargot() -> String {
    let puzzle =
        first_grid(&std::fs::read_to_string(testdata("puzzles/9x9_ai_escargot.txt")).unwrap());
    let solution = first_grid(
        &std::fs::read_to_string(testdata("puzzles/9x9_ai_escargot.solution.txt")).unwrap(),
    );
    let layout = Layout::square(9).unwrap();
    for cell in 0..81 {
        if puzzle.cells()[cell] != 0 {
            continue;
        }
        for digit in 1..=9 {
            if digit == solution.cells()[cell] {
                continue;
            }
            let mut wrong = puzzle.clone();
            wrong.set_cell(cell, digit);
            if check_grid(&wrong, &layout, None, true).is_empty() {
                return wrong
                    .cells()
                    .iter()
                    .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                    .collect();
            }
        }
    }
    panic!("no clash-free wrong given found");
}

#[test]
fn unsatisfiable_puzzles_stay_unsatisfiable_in_every_encoding() {
    // A cell left without candidates (compact finds it by propagation), and a deep one.
    let no_candidate = format!("12345678.{}........9", ".".repeat(63));
    let dir = scratch("encodings-unsat");
    for puzzle in [no_candidate, unsolvable_escargot()] {
        for encoding in ENCODINGS {
            for extra in [&[][..], &["--break-symmetry"][..]] {
                let mut args = vec!["--encoding", encoding];
                args.extend(extra);
                let encoded = run("sudoku2cnf", &args, puzzle.as_bytes());
                encoded.expect_code(0);
                let cnf = dir.join(format!("{encoding}.cnf"));
                std::fs::write(&cnf, &encoded.stdout).unwrap();
                run("satsolve", &[cnf.to_str().unwrap()], b"").expect_code(20);
                if let Some(minisat) = Peer::MiniSat.find() {
                    minisat.solve(&cnf).unwrap().expect(Status::Unsat);
                }
            }
        }
    }
}

#[test]
fn hanidoku_refuses_minimal_and_symmetry_breaking_with_a_reason() {
    let puzzle = testdata("layouts/hanidoku.txt");
    let path = puzzle.to_str().unwrap();
    for args in [
        vec![
            "--layout",
            "hanidoku",
            "--encoding",
            "minimal",
            "--index",
            "1",
            path,
        ],
        vec![
            "--layout",
            "hanidoku",
            "--break-symmetry",
            "--index",
            "1",
            path,
        ],
    ] {
        run("sudoku2cnf", &args, b"")
            .expect_code(2)
            .expect_no_stdout()
            .expect_stderr_contains("does not work on layout hanidoku");
    }
    let compact = solve_through_binaries("hanidoku", Some("hanidoku"), &puzzle, "compact", &[]);
    let solution = std::fs::read_to_string(testdata("layouts/hanidoku.solution.txt")).unwrap();
    let layout = Layout::hanidoku();
    let expected = sudosat::grid::parse_puzzles_for(&solution, &layout, false).unwrap();
    let compact = sudosat::grid::parse_puzzles_for(&compact, &layout, false).unwrap();
    assert_eq!(compact[0].grid, expected[0].grid);
}

fn solve(cnf: &Cnf) -> Outcome {
    new_engine(EngineKind::Cdcl, cnf, &Limits::default()).solve()
}

#[test]
fn break_symmetry_keeps_satisfiability_on_random_sparse_puzzles() {
    let mut rng = SplitMix64(2026);
    let (mut sat, mut unsat) = (0, 0);
    for round in 0..300 {
        let size = if round % 3 == 0 { 9 } else { 4 };
        let layout = Layout::square(size).unwrap();
        let mut grid = Grid::empty(size).unwrap();
        let givens = 1 + rng.below(if size == 4 { 7 } else { 14 }) as usize;
        for _ in 0..givens {
            let cell = rng.below((size * size) as u64) as usize;
            let digit = 1 + rng.below(size as u64) as u8;
            let before = grid.cells()[cell];
            grid.set_cell(cell, digit);
            if !check_grid(&grid, &layout, None, true).is_empty() {
                grid.set_cell(cell, before);
            }
        }
        let kind = EncodingKind::ALL[round % 4];
        let plain = EncodeOptions {
            kind,
            break_symmetry: false,
            ..EncodeOptions::default()
        };
        let broken = EncodeOptions {
            kind,
            break_symmetry: true,
            ..EncodeOptions::default()
        };
        let without = solve(&encode_with(&grid, &layout, &plain).unwrap().cnf);
        let with = solve(&encode_with(&grid, &layout, &broken).unwrap().cnf);
        match (&without, &with) {
            (Outcome::Sat(_), Outcome::Sat(model)) => {
                sat += 1;
                let solved = decode_model(model, &layout).unwrap();
                assert!(check_grid(&solved, &layout, Some(&grid), false).is_empty());
            }
            (Outcome::Unsat, Outcome::Unsat) => unsat += 1,
            _ => panic!("round {round} {kind}: {without:?} without, {with:?} with: {grid:?}"),
        }
    }
    // Both answers must occur, or the test proves little.
    assert!(sat > 50 && unsat > 10, "{sat} SAT, {unsat} UNSAT");
}

#[test]
fn break_symmetry_fixes_the_first_row_of_an_empty_grid_and_cuts_solution_counts() {
    let empty = ".".repeat(81);
    let grid = solve_through_binaries_stdin(&empty, &["--break-symmetry"]);
    assert_eq!(&grid.cells()[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The empty 4x4 has 288 solutions; renaming the 4 digits leaves 288 / 4! = 12.
    let count = |extra: &[&str]| {
        let mut args = vec!["--encoding", "efficient"];
        args.extend(extra);
        let cnf = run("sudoku2cnf", &args, ".".repeat(16).as_bytes());
        let dir = scratch("encodings-count");
        let path = dir.join(format!("{}.cnf", extra.len()));
        std::fs::write(&path, &cnf.stdout).unwrap();
        let models = run("satsolve", &["--models", "0", path.to_str().unwrap()], b"");
        models.expect_code(10);
        models.stdout_text().matches("s SATISFIABLE").count()
    };
    assert_eq!(count(&[]), 288);
    assert_eq!(count(&["--break-symmetry"]), 12);
    let help = run("sudoku2cnf", &["--help"], b"").stdout_text();
    assert!(help.contains("CHANGES SOLUTION COUNTS"), "{help}");
}

fn solve_through_binaries_stdin(puzzle: &str, extra: &[&str]) -> Grid {
    let dir = scratch("encodings-stdin");
    let cnf = dir.join("p.cnf");
    let encoded = run("sudoku2cnf", extra, puzzle.as_bytes());
    encoded.expect_code(0);
    std::fs::write(&cnf, &encoded.stdout).unwrap();
    let answer = run("satsolve", &[cnf.to_str().unwrap()], b"");
    answer.expect_code(10);
    let grid = run(
        "model2grid",
        &["--cnf", cnf.to_str().unwrap()],
        &answer.stdout,
    );
    grid.expect_code(0);
    run("gridcheck", &[], &grid.stdout).expect_code(0);
    first_grid(&grid.stdout_text())
}

/// The number of models of `cnf` (all its variables are cell variables).
fn count_models(cnf: &Cnf) -> usize {
    let mut engine = new_engine(EngineKind::Cdcl, cnf, &Limits::default());
    let counted = enumerate(&mut *engine, None, None, |_| Ok::<(), ()>(()));
    match counted {
        Ok((count, EnumerationEnd::Exhausted)) => count,
        other => panic!("enumeration did not finish: {other:?}"),
    }
}

#[test]
fn every_encoding_has_the_same_solutions_and_symmetry_breaking_keeps_some() {
    let mut rng = SplitMix64(17);
    let layout = Layout::square(4).unwrap();
    let mut seen_zero = false;
    for round in 0..60 {
        let mut grid = Grid::empty(4).unwrap();
        for _ in 0..rng.below(7) {
            let (cell, digit) = (rng.below(16) as usize, 1 + rng.below(4) as u8);
            let before = grid.cells()[cell];
            grid.set_cell(cell, digit);
            if !check_grid(&grid, &layout, None, true).is_empty() {
                grid.set_cell(cell, before);
            }
        }
        let counts: Vec<usize> = EncodingKind::ALL
            .iter()
            .map(|&kind| {
                let options = EncodeOptions {
                    kind,
                    break_symmetry: false,
                    ..EncodeOptions::default()
                };
                count_models(&encode_with(&grid, &layout, &options).unwrap().cnf)
            })
            .collect();
        assert!(
            counts.iter().all(|&c| c == counts[0]),
            "round {round}: {counts:?}"
        );
        let options = EncodeOptions {
            kind: EncodingKind::Compact,
            break_symmetry: true,
            ..EncodeOptions::default()
        };
        let broken = count_models(&encode_with(&grid, &layout, &options).unwrap().cnf);
        assert!(broken <= counts[0], "round {round}");
        assert_eq!(broken == 0, counts[0] == 0, "round {round}: {grid:?}");
        seen_zero |= counts[0] == 0;
    }
    assert!(seen_zero, "no unsolvable puzzle among the random ones");
}
