//! Tests of the encoder (the header comments are tested in `header_tests.rs`).

use std::path::Path;

use super::*;
use crate::check::check_grid;
use crate::encode::{decode_model, encoding_stats};
use crate::grid::{parse_puzzles, Grid, ParseOptions};
use crate::testkit::external::shared_path;

fn fixture(name: &str) -> (Grid, Grid) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/puzzles");
    let read = |file: String| {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        parse_puzzles(&text, &ParseOptions::default())
            .unwrap()
            .remove(0)
            .grid
    };
    (
        read(format!("{name}.txt")),
        read(format!("{name}.solution.txt")),
    )
}

fn assignment_of(grid: &Grid) -> Vec<bool> {
    let map = VarMap::new(grid.size());
    let mut values = vec![false; map.num_vars()];
    for (cell, &digit) in grid.cells().iter().enumerate() {
        values[map.cell_var(cell, digit).index()] = true;
    }
    values
}

fn encode(grid: &Grid) -> Encoding {
    let layout = Layout::square(grid.size()).unwrap();
    encode_sudoku(grid, &layout).unwrap()
}

fn dimacs(clause: &[Lit]) -> Vec<i64> {
    clause.iter().map(|lit| lit.to_dimacs()).collect()
}

#[test]
fn the_empty_9x9_has_11988_clauses_and_givens_add_units() {
    let empty = encode(&Grid::empty(9).unwrap());
    assert_eq!(empty.cnf.num_vars(), 729);
    assert_eq!(empty.cnf.num_clauses(), 11_988);
    assert_eq!(empty.cnf.clause_length_histogram(), {
        let mut h = vec![0; 10];
        h[2] = 81 * 36 + 243 * 36;
        h[9] = 81 + 243;
        h
    });
    let (puzzle, _) = fixture("9x9_ai_escargot");
    let encoding = encode(&puzzle);
    assert_eq!(encoding.cnf.num_clauses(), 11_988 + puzzle.givens());
    let units: Vec<_> = encoding.cnf.clauses().filter(|c| c.len() == 1).collect();
    assert_eq!(units.len(), puzzle.givens());
    assert_eq!(dimacs(units[0]), [1], "row 1 column 1 holds 1");
}

#[test]
fn clause_order_is_fixed() {
    let encoding = encode(&Grid::empty(4).unwrap());
    assert_eq!(encoding.cnf.num_clauses(), 448);
    let first: Vec<_> = encoding.cnf.clauses().take(3).map(dimacs).collect();
    assert_eq!(first, [vec![1, 2, 3, 4], vec![-1, -2], vec![-1, -3]]);
    // After the 16 cells (7 clauses each) come the rows: row 1 holds digit 1 somewhere.
    assert_eq!(dimacs(encoding.cnf.clause(16 * 7)), [1, 5, 9, 13]);
    // The last house is box 4, digit 4: its last at-most-one pair.
    assert_eq!(dimacs(encoding.cnf.clause(447)), [-60, -64]);
    assert_eq!(encode(&Grid::empty(4).unwrap()), encoding);
}

#[test]
fn the_clause_set_matches_the_shared_benchmark_cnf() {
    let Some(path) = shared_path("bench/cnf/sudoku_9x9_ai_escargot.cnf") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut theirs: Vec<Vec<i64>> = text
        .lines()
        .filter(|line| !line.starts_with('c') && !line.starts_with('p'))
        .map(|line| {
            let mut clause: Vec<i64> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            assert_eq!(clause.pop(), Some(0));
            clause.sort_unstable();
            clause
        })
        .collect();
    let (puzzle, _) = fixture("9x9_ai_escargot");
    let mut ours: Vec<Vec<i64>> = encode(&puzzle)
        .cnf
        .clauses()
        .map(|clause| {
            let mut clause = dimacs(clause);
            clause.sort_unstable();
            clause
        })
        .collect();
    theirs.sort();
    ours.sort();
    assert_eq!(ours, theirs);
}

#[test]
fn a_known_solution_satisfies_every_clause_and_a_swap_breaks_one() {
    for name in [
        "4x4_line",
        "9x9_ai_escargot",
        "9x9_17clue_first5",
        "16x16_b55_s1",
        "25x25_b58_s1",
    ] {
        let (puzzle, solution) = fixture(name);
        let layout = Layout::square(puzzle.size()).unwrap();
        assert!(
            check_grid(&solution, &layout, Some(&puzzle), false).is_empty(),
            "{name}"
        );
        let encoding = encode(&puzzle);
        assert!(
            encoding.cnf.is_satisfied_by(&assignment_of(&solution)),
            "{name}"
        );
        assert_eq!(
            decode_model(&assignment_of(&solution), &layout).unwrap(),
            solution
        );

        // Swap two different digits in a row: rows stay fine, but columns break.
        let mut swapped = solution.clone();
        let (a, b) = (swapped.get(0, 0), swapped.get(0, 1));
        assert_ne!(a, b);
        swapped.set(0, 0, b);
        swapped.set(0, 1, a);
        assert!(
            !encoding.cnf.is_satisfied_by(&assignment_of(&swapped)),
            "{name}"
        );
        assert!(
            !check_grid(&swapped, &layout, None, false).is_empty(),
            "{name}"
        );
    }
}

#[test]
fn a_solution_that_ignores_a_given_breaks_its_unit() {
    let (puzzle, _) = fixture("4x4_line");
    // A valid grid that disagrees with the puzzle: every non-unit clause holds.
    let other = Grid::from_cells(4, vec![2, 1, 4, 3, 4, 3, 2, 1, 1, 4, 3, 2, 3, 2, 1, 4]).unwrap();
    let encoding = encode(&puzzle);
    let failing = encoding
        .cnf
        .first_falsified_clause(&assignment_of(&other))
        .unwrap();
    assert_eq!(encoding.cnf.clause(failing).len(), 1);
}

#[test]
fn mismatched_grid_and_layout_are_an_error() {
    let error = encode_sudoku(&Grid::empty(4).unwrap(), &Layout::square(9).unwrap());
    assert_eq!(
        error.unwrap_err().to_string(),
        "a 4x4 grid does not fit layout square 9"
    );
}

#[test]
fn stats_are_readable() {
    let stats = encoding_stats(&encode(&Grid::empty(9).unwrap()).cnf);
    assert_eq!(
        stats,
        "variables     729\nclauses     11988\nliterals    26244\nclauses by length:\n\
         \x20   2 literals     11664\n    9 literals       324\n"
    );
}

fn encode_as(grid: &Grid, layout: &Layout, kind: EncodingKind) -> Result<Encoding, EncodeError> {
    let options = EncodeOptions {
        kind,
        lines: LineEncoding::Runs,
        break_symmetry: false,
    };
    encode_with(grid, layout, &options)
}

#[test]
fn every_encoding_has_its_clause_count_on_the_empty_9x9() {
    let (grid, layout) = (Grid::empty(9).unwrap(), Layout::square(9).unwrap());
    for (kind, clauses, binary) in [
        (EncodingKind::Minimal, 8_829, 8_748),
        (EncodingKind::Efficient, 11_745, 11_664),
        (EncodingKind::Extended, 11_988, 11_664),
        (EncodingKind::Compact, 11_988, 11_664),
    ] {
        let encoding = encode_as(&grid, &layout, kind).unwrap();
        assert_eq!(encoding.cnf.num_vars(), 729, "{kind}");
        assert_eq!(encoding.cnf.num_clauses(), clauses, "{kind}");
        assert_eq!(encoding.cnf.clause_length_histogram()[2], binary, "{kind}");
        assert!(encoding.comments[3].starts_with(&format!("encoding {kind}: var(r,c,v)")));
    }
    // The default is extended, clause for clause.
    let extended = encode_as(&grid, &layout, EncodingKind::Extended).unwrap();
    assert_eq!(encode_sudoku(&grid, &layout).unwrap(), extended);
}

#[test]
fn every_encoding_accepts_the_solution_and_rejects_a_swap() {
    for name in ["9x9_ai_escargot", "9x9_17clue_first5", "16x16_b55_s1"] {
        let (puzzle, solution) = fixture(name);
        let layout = Layout::square(puzzle.size()).unwrap();
        let mut swapped = solution.clone();
        let (a, b) = (swapped.get(0, 0), swapped.get(0, 1));
        swapped.set(0, 0, b);
        swapped.set(0, 1, a);
        for kind in EncodingKind::ALL {
            let cnf = encode_as(&puzzle, &layout, kind).unwrap().cnf;
            assert!(
                cnf.is_satisfied_by(&assignment_of(&solution)),
                "{name} {kind}"
            );
            assert!(
                !cnf.is_satisfied_by(&assignment_of(&swapped)),
                "{name} {kind}"
            );
        }
    }
}

#[test]
fn compact_shrinks_a_17_clue_puzzle_and_fixes_the_rest_by_units() {
    let (puzzle, _) = fixture("9x9_17clue_first5");
    assert_eq!(puzzle.givens(), 17);
    let layout = Layout::square(9).unwrap();
    let encoding = encode_as(&puzzle, &layout, EncodingKind::Compact).unwrap();
    let cnf = &encoding.cnf;
    assert_eq!(cnf.num_vars(), 729);
    let units = cnf.clauses().filter(|clause| clause.len() == 1).count();
    let open: std::collections::BTreeSet<usize> = cnf
        .clauses()
        .filter(|clause| clause.len() > 1)
        .flat_map(|clause| clause.iter().map(|lit| lit.var().index()))
        .collect();
    // Every variable is either fixed by a unit or still open, never both or neither.
    assert_eq!(
        units + open.len(),
        729,
        "{units} units, {} open",
        open.len()
    );
    assert!(open.len() < 400, "{} open variables", open.len());
    assert!(cnf.num_clauses() < 4_000, "{} clauses", cnf.num_clauses());
    let comment = encoding.comments[4].clone();
    assert!(comment.starts_with("compact: "), "{comment}");
    assert!(comment.contains(&format!("the last {units} clauses are units")));
}

#[test]
fn compact_writes_an_empty_clause_for_a_contradiction() {
    // Cell (0,3) sees 1, 2, 3 in its row and 4 in its column: no candidate is left.
    let cells = vec![1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0];
    let grid = Grid::from_cells(4, cells).unwrap();
    let layout = Layout::square(4).unwrap();
    let cnf = encode_as(&grid, &layout, EncodingKind::Compact)
        .unwrap()
        .cnf;
    assert!(cnf.clauses().any(|clause| clause.is_empty()));
}

#[test]
fn unsupported_combinations_are_refused_with_a_reason() {
    let layout = Layout::hanidoku();
    let grid = Grid::empty_for(&layout);
    let message = encode_as(&grid, &layout, EncodingKind::Minimal)
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("encoding minimal does not work on layout hanidoku: "),
        "{message}"
    );
    let options = EncodeOptions {
        kind: EncodingKind::Extended,
        break_symmetry: true,
        ..EncodeOptions::default()
    };
    let message = encode_with(&grid, &layout, &options)
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("--break-symmetry does not work on layout hanidoku"),
        "{message}"
    );
    // On Hanidoku efficient and extended are one formula; extended keeps its old name.
    let efficient = encode_as(&grid, &layout, EncodingKind::Efficient).unwrap();
    let extended = encode_as(&grid, &layout, EncodingKind::Extended).unwrap();
    assert_eq!(efficient.cnf, extended.cnf);
    assert!(extended.comments[3].starts_with("encoding runs: "));
    assert!(efficient.comments[3].starts_with("encoding runs efficient: "));
}

#[test]
fn every_line_encoding_declares_the_variables_it_writes() {
    // The header's count is cells × digits plus `auxiliary_vars`, on the honeycomb and on
    // single rows of 3 cells over 1..9 (short) and 4 over 1..6 (long), with or without
    // givens propagated.
    let row = |text: &str| crate::layout::parse_layout_file(text, "row").unwrap();
    let short = row("digits 9\nhoneycomb 1\n. . .\nrows run\n");
    let long = row("digits 6\nhoneycomb 1\n. . . .\nrows run\n");
    for layout in [Layout::hanidoku(), short, long, Layout::square(4).unwrap()] {
        for lines in LineEncoding::ALL {
            for kind in [EncodingKind::Extended, EncodingKind::Compact] {
                let options = EncodeOptions {
                    kind,
                    lines,
                    break_symmetry: false,
                };
                let grid = Grid::empty_for(&layout);
                let cnf = encode_with(&grid, &layout, &options).unwrap().cnf;
                let cells = layout.num_cells() * layout.size();
                assert_eq!(
                    cnf.num_vars(),
                    cells + lines.auxiliary_vars(&layout),
                    "{} {lines} {kind}",
                    layout.name()
                );
            }
        }
    }
}
