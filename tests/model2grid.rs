//! `model2grid` as a binary: every answer form, size detection, output formats, and the
//! refusals (no solution, a cell with no or two values).

use crate::util::{run, scratch};

/// The competition answer for a grid given in line format (digits 1-9 only).
fn answer_for(grid: &str, n: usize) -> String {
    let mut literals = Vec::new();
    for (cell, symbol) in grid.chars().enumerate() {
        let value = symbol.to_digit(36).unwrap() as usize;
        for digit in 1..=n {
            let var = (cell * n + digit) as i64;
            literals.push(if digit == value { var } else { -var });
        }
    }
    let body: Vec<String> = literals.iter().map(i64::to_string).collect();
    format!("s SATISFIABLE\nv {} 0\n", body.join(" "))
}

const SOLVED_4X4: &str = "1234341221434321";
const SOLVED_9X9: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

#[test]
fn competition_answer_decodes_with_the_size_from_the_variable_count() {
    for (grid, n) in [(SOLVED_4X4, 4), (SOLVED_9X9, 9)] {
        let result = run("model2grid", &[], answer_for(grid, n).as_bytes());
        result.expect_code(0);
        assert_eq!(result.stdout_text(), format!("{grid}\n"));
    }
}

#[test]
fn minisat_result_file_and_bare_literals_decode_too() {
    let answer = answer_for(SOLVED_4X4, 4);
    let literals = answer.lines().nth(1).unwrap().trim_start_matches("v ");
    for text in [format!("SAT\n{literals}\n"), format!("{literals}\n")] {
        let result = run("model2grid", &[], text.as_bytes());
        result.expect_code(0);
        assert_eq!(result.stdout_text(), format!("{SOLVED_4X4}\n"));
    }
}

#[test]
fn block_and_pretty_formats() {
    let answer = answer_for(SOLVED_4X4, 4);
    let block = run("model2grid", &["--format", "block"], answer.as_bytes());
    block.expect_code(0);
    assert_eq!(block.stdout_text(), "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
    let pretty = run("model2grid", &["--format", "pretty"], answer.as_bytes());
    pretty.expect_code(0);
    let text = pretty.stdout_text();
    assert!(text.contains('|') && text.contains('+'), "{text}");
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, SOLVED_4X4);
}

#[test]
fn unsat_and_unknown_mean_no_solution() {
    for answer in ["s UNSATISFIABLE\n", "UNSAT\n", "s UNKNOWN\n"] {
        run("model2grid", &[], answer.as_bytes())
            .expect_code(1)
            .expect_no_stdout()
            .expect_stderr_contains("no solution");
    }
}

#[test]
fn a_cell_with_two_values_or_none_is_named_never_guessed() {
    // Cell (1,1) holds 1 and 2.
    let two = answer_for(SOLVED_4X4, 4).replace(" -2 ", " 2 ");
    run("model2grid", &[], two.as_bytes())
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("row 1")
        .expect_stderr_contains("column 1");
    // Cell (1,1) holds nothing.
    let none = answer_for(SOLVED_4X4, 4).replacen("v 1 ", "v -1 ", 1);
    run("model2grid", &[], none.as_bytes())
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("row 1")
        .expect_stderr_contains("column 1");
}

#[test]
fn size_comes_from_flag_or_cnf_header_and_unknown_sizes_are_refused() {
    // 63 variables is no n^3: the size cannot be guessed.
    run("model2grid", &[], b"v 1 2 63 0\n")
        .expect_code(1)
        .expect_stderr_contains("--size");
    // A partial model (only the true literals) needs --size or --cnf.
    let positives: Vec<String> = SOLVED_4X4
        .chars()
        .enumerate()
        .map(|(cell, s)| (cell * 4 + s.to_digit(10).unwrap() as usize).to_string())
        .collect();
    let partial = format!("s SATISFIABLE\nv {} 0\n", positives.join(" "));
    let sized = run("model2grid", &["--size", "4"], partial.as_bytes());
    sized.expect_code(0);
    assert_eq!(sized.stdout_text(), format!("{SOLVED_4X4}\n"));

    let dir = scratch("model2grid-cnf");
    let cnf = dir.join("p.cnf");
    let encoded = run("sudoku2cnf", &[], b"1...............\n");
    encoded.expect_code(0);
    std::fs::write(&cnf, &encoded.stdout).unwrap();
    let from_header = run(
        "model2grid",
        &["--cnf", cnf.to_str().unwrap()],
        partial.as_bytes(),
    );
    from_header.expect_code(0);
    assert_eq!(from_header.stdout_text(), format!("{SOLVED_4X4}\n"));
}

#[test]
fn malformed_answers_are_errors_with_a_location() {
    run("model2grid", &[], b"s SATISFIABLE\nv 1 x 0\n")
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("line 2");
    run("model2grid", &[], b"")
        .expect_code(1)
        .expect_stderr_contains("no solver answer");
}

#[test]
fn default_format_falls_back_to_block_above_35() {
    // A 36x36 grid from its shipped solution: the default output is the block format.
    let solution =
        std::fs::read_to_string(crate::util::testdata("puzzles/36x36_b60_s1.solution.txt"))
            .unwrap();
    let values: Vec<usize> = solution
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 36 * 36);
    let positives: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(cell, value)| (cell * 36 + value).to_string())
        .collect();
    let answer = format!("s SATISFIABLE\nv {} 0\n", positives.join(" "));
    let result = run("model2grid", &["--size", "36"], answer.as_bytes());
    result.expect_code(0);
    let decoded: Vec<usize> = result
        .stdout_text()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(decoded, values);
    run(
        "model2grid",
        &["--size", "36", "--format", "line"],
        answer.as_bytes(),
    )
    .expect_code(1)
    .expect_stderr_contains("--format block");
}

#[test]
fn a_model_of_another_grid_size_is_refused() {
    run(
        "model2grid",
        &["--size", "4"],
        answer_for(SOLVED_9X9, 9).as_bytes(),
    )
    .expect_code(1)
    .expect_no_stdout()
    .expect_stderr_contains("9x9");
}

/// A regression: a lone full answer cut short (no terminating 0, as a killed solver leaves it)
/// was reported as "row 4 column 9: no digit is true"; the real problem is its length.
#[test]
fn a_full_answer_cut_short_is_reported_as_too_short() {
    let answer = answer_for(SOLVED_9X9, 9);
    // Cut after variable 318, in the middle of cell 36 (row 4, column 9).
    let end = answer.find(" -319 ").unwrap();
    let cut = format!("{}\n", &answer[..end]);
    run("model2grid", &["--size", "9"], cut.as_bytes())
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("the model is too short (318 variables, the layout needs 729)");
}
