//! Unit tests of `cli::model2grid`: whole streams run in-process on strings.

use super::*;

/// A 4x4 grid valid as an X-Sudoku too (both diagonals hold 1..4).
const X_SOLVED_4X4: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3];

/// The full model of a grid, as `s`/`v` lines.
fn full_answer(cells: &[u8]) -> String {
    let size = (cells.len() as f64).sqrt() as usize;
    let mut text = String::from("s SATISFIABLE\nv");
    for (cell, &value) in cells.iter().enumerate() {
        for digit in 1..=size {
            let var = (cell * size + digit) as i64;
            let lit = if digit == usize::from(value) {
                var
            } else {
                -var
            };
            text.push_str(&format!(" {lit}"));
        }
    }
    text.push_str(" 0\n");
    text
}

fn lits(numbers: impl IntoIterator<Item = i64>) -> Vec<Lit> {
    numbers
        .into_iter()
        .map(|n| Lit::from_dimacs(n).unwrap())
        .collect()
}

/// Runs on `input`; the exit code (or failure message) and what stdout got.
fn run_text(options: &Model2GridOptions, input: &str) -> (Result<u8, String>, String) {
    let mut out = Vec::new();
    let result = run_on(options, input.as_bytes(), &mut out).map_err(|f| f.message);
    (result, String::from_utf8(out).unwrap())
}

#[test]
fn a_stream_keeps_one_record_per_block_with_markers_between() {
    let answer = full_answer(&X_SOLVED_4X4);
    let input = format!("{answer}s UNSATISFIABLE\n{answer}");
    let (code, out) = run_text(&Model2GridOptions::default(), &input);
    assert_eq!(code, Ok(1));
    let line = "1234341243212143";
    assert_eq!(out, format!("{line}\nunsolvable\n{line}\n"));
    let block = Model2GridOptions {
        format: GridFormat::Block,
        ..Model2GridOptions::default()
    };
    let (_, out) = run_text(&block, &input);
    assert_eq!(out.split("\n\n").count(), 3, "{out}");
    assert!(out.contains("\n\nunsolvable\n\n"), "{out}");
}

#[test]
fn a_bad_later_block_is_named_with_its_line() {
    let good = full_answer(&X_SOLVED_4X4);
    let input = format!("{good}s SATISFIABLE\nv 1 2 0\n");
    let (code, out) = run_text(&Model2GridOptions::default(), &input);
    assert_eq!(
        code,
        Err("block 2: row 1 column 1: digits 1 and 2 are all true (from line 3)".into())
    );
    assert_eq!(out, "1234341243212143\n");
}

#[test]
fn auto_writes_blocks_above_35_and_lines_below() {
    let writer = |format| RecordWriter {
        out: Vec::new(),
        format,
        written: 0,
        after_heading: false,
    };
    let auto = writer(GridFormat::Auto);
    assert_eq!(auto.resolved(Some(36)), GridFormat::Block);
    assert_eq!(auto.resolved(Some(35)), GridFormat::Line);
    assert_eq!(auto.resolved(None), GridFormat::Line);
    assert_eq!(
        writer(GridFormat::Pretty).resolved(Some(49)),
        GridFormat::Pretty
    );
}

#[test]
fn x_sudoku_takes_its_size_from_the_model() {
    let model =
        lits((1..=16).map(|cell| (cell - 1) * 4 + i64::from(X_SOLVED_4X4[cell as usize - 1])));
    let layout = layout_from_model(&model, &LayoutChoice::XSudoku).unwrap();
    assert_eq!(layout.name(), "x-sudoku 4");
    let options = Model2GridOptions {
        layout: Some("x-sudoku".into()),
        ..Model2GridOptions::default()
    };
    let (code, out) = run_text(&options, &full_answer(&X_SOLVED_4X4));
    assert_eq!((code, out.as_str()), (Ok(0), "1234341243212143\n"));
}

#[test]
fn an_undetectable_full_model_is_suspected_truncated() {
    let full = layout_from_model(&lits([1, -2, -3]), &LayoutChoice::Square).unwrap_err();
    assert!(
        full.message
            .contains("is 3 (a full model ending there may be a truncated answer)"),
        "{}",
        full.message
    );
    let sparse = layout_from_model(&lits([1, 3]), &LayoutChoice::Square).unwrap_err();
    assert!(!sparse.message.contains("truncated"), "{}", sparse.message);
}

#[test]
fn x_sudoku_refuses_a_honeycomb_model() {
    let model = lits([549]);
    let error = layout_from_model(&model, &LayoutChoice::XSudoku).unwrap_err();
    assert!(
        error
            .message
            .contains("those of a hanidoku but the layout is x-sudoku"),
        "{}",
        error.message
    );
}

#[test]
fn a_changed_given_names_its_cell_and_the_puzzle() {
    let layout = Layout::square(4).unwrap();
    let grid = Grid::for_layout(&layout, X_SOLVED_4X4.to_vec()).unwrap();
    let mut puzzle = vec![0; 16];
    puzzle[6] = 2;
    let puzzle = Grid::for_layout(&layout, puzzle).unwrap();
    let failure = check_givens_kept(&grid, &puzzle, &layout, None).unwrap_err();
    assert!(
        failure.message.starts_with(
            "row 2 column 3: the grid has 1 where the puzzle in the CNF header gives 2"
        ),
        "{}",
        failure.message
    );
    puzzle_kept(&grid, &layout);
}

fn puzzle_kept(grid: &Grid, layout: &Layout) {
    let mut puzzle = vec![0; 16];
    puzzle[6] = 1;
    let puzzle = Grid::for_layout(layout, puzzle).unwrap();
    assert!(check_givens_kept(grid, &puzzle, layout, None).is_ok());
}

#[test]
fn a_model_of_another_size_is_refused() {
    let nine = Layout::square(9).unwrap();
    let model = lits([-1, 64]);
    let failure = check_model_size(&model, &nine).unwrap_err();
    assert!(
        failure
            .message
            .contains("those of a 4x4 grid but the layout is 9x9 grid"),
        "{}",
        failure.message
    );
    assert!(check_model_size(&lits([-1, 729]), &nine).is_ok());
}
