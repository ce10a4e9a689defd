//! Unit tests of reading and writing single answers.

use super::*;

fn read(text: &str) -> Result<Answer, ModelError> {
    read_answer(text.as_bytes())
}

fn sat_values(text: &str, num_vars: usize) -> Vec<bool> {
    match read(text).unwrap() {
        Answer::Sat(model) => model.to_assignment(num_vars),
        other => panic!("expected SAT, got {other:?}"),
    }
}

#[test]
fn competition_output_with_wrapped_v_lines() {
    let text = "c comment\ns SATISFIABLE\nv 1 -2\nv 3\nv -4 0\n";
    assert_eq!(sat_values(text, 4), vec![true, false, true, false]);
}

#[test]
fn minisat_result_file() {
    assert_eq!(sat_values("SAT\n-1 2 0\n", 2), vec![false, true]);
    assert_eq!(read("UNSAT\n").unwrap(), Answer::Unsat);
    assert_eq!(read("INDET\n").unwrap(), Answer::Unknown);
}

#[test]
fn bare_literals_and_crlf() {
    assert_eq!(sat_values("1 -2\r\n3 0\r\n", 3), vec![true, false, true]);
}

#[test]
fn splr_status_suffix_is_accepted() {
    assert_eq!(sat_values("s SATISFIABLE: x.cnf\nv 1 0\n", 1), vec![true]);
}

#[test]
fn unsat_and_unknown() {
    assert_eq!(read("s UNSATISFIABLE\n").unwrap(), Answer::Unsat);
    assert_eq!(read("c x\ns UNKNOWN\n").unwrap(), Answer::Unknown);
}

#[test]
fn errors_name_line_and_column() {
    let error = read("s SATISFIABLE\nv 1 x2 0\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 5: expected a literal (signed integer), found \"x2\""
    );
    let error = read("s SATISFIABLE\nv 1 -1 0\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: variable 1 is listed both true and false"
    );
    assert!(matches!(read("").unwrap_err(), ModelError::Empty));
    assert!(matches!(
        read("s MAYBE\n").unwrap_err(),
        ModelError::BadStatus { line: 1, .. }
    ));
    assert!(matches!(
        read("s SATISFIABLE\ns UNSATISFIABLE\n").unwrap_err(),
        ModelError::ConflictingStatus { line: 2, .. }
    ));
    assert!(matches!(
        read("v 1 0 2\n").unwrap_err(),
        ModelError::AfterTerminator { line: 1 }
    ));
    assert!(matches!(
        read("v 99999999999999999999 0\n").unwrap_err(),
        ModelError::BadLiteral { .. }
    ));
}

#[test]
fn written_models_are_wrapped_and_read_back() {
    let values: Vec<bool> = (0..500).map(|i| i % 3 == 0).collect();
    let mut out = Vec::new();
    write_sat(&mut out, &values, true).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.lines().all(|line| line.len() <= V_LINE_WIDTH));
    assert!(text.ends_with(" 0\n"));
    assert_eq!(sat_values(&text, 500), values);
}

#[test]
fn huge_variable_numbers_cost_nothing() {
    match read("v 1073741823 -5 0\n").unwrap() {
        Answer::Sat(model) => {
            assert_eq!(model.max_var(), 1_073_741_823);
            assert_eq!(model.value(1_073_741_822), Some(true));
            assert_eq!(model.value(4), Some(false));
            assert_eq!(model.value(0), None);
        }
        other => panic!("expected SAT, got {other:?}"),
    }
}

#[test]
fn res_format_round_trips() {
    let mut out = Vec::new();
    let outcome = Outcome::Sat(vec![true, false]);
    write_answer(
        &mut out,
        &outcome,
        AnswerFormat::Res,
        true,
        Duration::from_millis(17),
    )
    .unwrap();
    assert_eq!(out, b"s 1\nv 1 -2 0\nt 17\n");
    assert_eq!(
        sat_values(&String::from_utf8(out).unwrap(), 2),
        vec![true, false]
    );
    for (outcome, text) in [
        (Outcome::Unsat, "s 0\nt 0\n"),
        (Outcome::Unknown, "s -1\nt 0\n"),
    ] {
        let mut out = Vec::new();
        write_answer(&mut out, &outcome, AnswerFormat::Res, true, Duration::ZERO).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
    }
    assert_eq!(read("s 0\nt 5\n").unwrap(), Answer::Unsat);
    assert_eq!(read("s -1\n").unwrap(), Answer::Unknown);
}

#[test]
fn competition_format_through_write_answer() {
    let mut out = Vec::new();
    let outcome = Outcome::Sat(vec![false, true]);
    write_answer(
        &mut out,
        &outcome,
        AnswerFormat::Competition,
        false,
        Duration::ZERO,
    )
    .unwrap();
    assert_eq!(out, b"s SATISFIABLE\n");
}

#[test]
fn empty_model_is_a_lone_zero() {
    let mut out = Vec::new();
    write_sat(&mut out, &[], true).unwrap();
    assert_eq!(out, b"s SATISFIABLE\nv 0\n");
}
