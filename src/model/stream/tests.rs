//! Unit tests of the block-stream reader: every answer form, concatenated; the lenient
//! single answer; the errors of a cut or malformed stream.

use std::time::Duration;

use proptest::prelude::*;

use super::*;
use crate::model::{read_answer, write_answer, Answer, AnswerFormat};
use crate::solver::Outcome;

/// A block as (number, line, status, DIMACS literals).
type Read = (usize, usize, Status, Vec<i64>);

/// Every block of `text`.
fn blocks(text: &str) -> Result<Vec<Read>, StreamError> {
    let mut stream = AnswerStream::new(text.as_bytes());
    let mut out = Vec::new();
    while let Some(block) = stream.next_block()? {
        let literals = block.literals.iter().map(|lit| lit.to_dimacs()).collect();
        out.push((block.number, block.line, block.status, literals));
    }
    assert_eq!(stream.blocks(), out.len());
    Ok(out)
}

fn statuses(text: &str) -> Vec<Status> {
    blocks(text)
        .unwrap()
        .into_iter()
        .map(|(_, _, status, _)| status)
        .collect()
}

#[test]
fn competition_blocks_with_comments_between() {
    let text = "c solver v1\ns SATISFIABLE\nv 1 -2\nv 3 0\nc block two\n\ns UNSATISFIABLE\n\
                s UNKNOWN\nc done\ns SATISFIABLE\nv -1 2 -3 0\n";
    let read = blocks(text).unwrap();
    assert_eq!(
        read,
        [
            (1, 2, Status::Sat, vec![1, -2, 3]),
            (2, 7, Status::Unsat, vec![]),
            (3, 8, Status::Unknown, vec![]),
            (4, 10, Status::Sat, vec![-1, 2, -3]),
        ]
    );
}

#[test]
fn minisat_result_files_concatenated() {
    let text = "SAT\n1 -2 0\nUNSAT\nINDET\nSAT\n-1 2 0\n";
    assert_eq!(
        statuses(text),
        [Status::Sat, Status::Unsat, Status::Unknown, Status::Sat]
    );
    assert_eq!(blocks(text).unwrap()[3].3, vec![-1, 2]);
}

#[test]
fn res_blocks_with_time_lines() {
    let text = "s 1\nv 1 2 0\nt 3\ns 0\nt 1\ns -1\nt 9\n";
    assert_eq!(
        statuses(text),
        [Status::Sat, Status::Unsat, Status::Unknown]
    );
}

#[test]
fn true_only_blocks_and_splr_suffix() {
    let text = "s SATISFIABLE: a.cnf\nv 2 0\ns SATISFIABLE\nv 1\nv 0\n";
    let read = blocks(text).unwrap();
    assert_eq!(read[0].3, vec![2]);
    assert_eq!(read[1].3, vec![1]);
}

#[test]
fn a_single_answer_keeps_the_lenient_rules() {
    // No status, no terminating 0: one bare model.
    assert_eq!(
        blocks("1 -2\r\n3\r\n").unwrap(),
        [(1, 1, Status::Sat, vec![1, -2, 3])]
    );
    // A status without a model, alone: a SAT block with no literals (the caller decides).
    assert_eq!(
        blocks("s SATISFIABLE\n").unwrap(),
        [(1, 1, Status::Sat, vec![])]
    );
    // Unterminated, alone: accepted as read_answer does.
    assert_eq!(blocks("s SATISFIABLE\nv 1 -2\n").unwrap()[0].3, vec![1, -2]);
    assert!(matches!(blocks("c only\n"), Err(StreamError::Empty)));
    assert!(matches!(blocks(""), Err(StreamError::Empty)));
}

#[test]
fn a_cut_block_names_its_number_and_lines() {
    let text = "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 1 -2\nv 3\ns UNSATISFIABLE\n";
    let error = blocks(text).unwrap_err();
    assert_eq!(
        error.to_string(),
        "block 2 (from line 3): the model stops at line 5 without its terminating 0: \
         the answer is truncated"
    );
    // The last block cut short, at the end of the input.
    let error = blocks("s UNSATISFIABLE\ns SATISFIABLE\nv 1 -2").unwrap_err();
    assert!(
        matches!(
            error,
            StreamError::Truncated {
                block: 2,
                start: 2,
                line: 3
            }
        ),
        "{error}"
    );
    // A status with no model, then another block (satsolve -q output).
    let error = blocks("s SATISFIABLE\ns UNSATISFIABLE\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "block 1 (line 1): SATISFIABLE but no model (`v` lines) before the next block at \
         line 2; was the solver run without printing models (-q)?"
    );
}

#[test]
fn malformed_lines_name_block_line_and_column() {
    let error = blocks("s UNSATISFIABLE\ns SATISFIABLE\nv 1 x2 0\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "block 2: line 3, column 5: expected a literal (signed integer), found \"x2\""
    );
    let error = blocks("s SATISFIABLE\nv 1 0\ns MAYBE\n").unwrap_err();
    assert!(
        matches!(
            error,
            StreamError::Line {
                block: 2,
                source: ModelError::BadStatus { line: 3, .. }
            }
        ),
        "{error}"
    );
    let error = blocks("s SATISFIABLE\nv 1 0 2\n").unwrap_err();
    assert!(matches!(
        error,
        StreamError::Line {
            block: 1,
            source: ModelError::AfterTerminator { line: 2 }
        }
    ));
    let error = blocks("s UNSATISFIABLE\nv 1 0\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "block 1, line 2: literals after a UNSATISFIABLE status (line 1)"
    );
    assert!(blocks("v 99999999999999999999 0\n").is_err());
    assert!(blocks("v 1073741824 0\n").is_err());
}

/// A random outcome over `num_vars` variables from one seed.
fn outcome(kind: u8, seed: u64, num_vars: usize) -> Outcome {
    match kind {
        0 => Outcome::Unsat,
        1 => Outcome::Unknown,
        _ => Outcome::Sat((0..num_vars).map(|i| (seed >> (i % 64)) & 1 == 1).collect()),
    }
}

proptest! {
    /// Any sequence of answers written by `write_answer`, in either format, reads back as
    /// the same sequence of blocks: statuses in order, models literal for literal.
    #[test]
    fn written_streams_read_back(
        kinds in proptest::collection::vec((0u8..4, any::<u64>()), 1..20),
        num_vars in 1usize..200,
        res in any::<bool>(),
    ) {
        let format = if res { AnswerFormat::Res } else { AnswerFormat::Competition };
        let outcomes: Vec<Outcome> =
            kinds.iter().map(|&(kind, seed)| outcome(kind, seed, num_vars)).collect();
        let mut text = Vec::new();
        for (index, outcome) in outcomes.iter().enumerate() {
            text.extend_from_slice(format!("c answer {}\n", index + 1).as_bytes());
            write_answer(&mut text, outcome, format, true, Duration::from_millis(3)).unwrap();
        }
        let text = String::from_utf8(text).unwrap();
        let read = blocks(&text).unwrap();
        prop_assert_eq!(read.len(), outcomes.len());
        for ((number, _, status, literals), outcome) in read.iter().zip(&outcomes) {
            match outcome {
                Outcome::Sat(values) => {
                    prop_assert_eq!(*status, Status::Sat);
                    let expected: Vec<i64> = values
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| if v { i as i64 + 1 } else { -(i as i64) - 1 })
                        .collect();
                    prop_assert_eq!(literals, &expected, "block {}", number);
                }
                Outcome::Unsat => prop_assert_eq!(*status, Status::Unsat),
                Outcome::Unknown => prop_assert_eq!(*status, Status::Unknown),
            }
        }
        // One answer alone reads the same through the single-answer reader.
        if outcomes.len() == 1 {
            let single = read_answer(text.as_bytes()).unwrap();
            let same = matches!(
                (&single, &read[0].2),
                (Answer::Sat(_), Status::Sat)
                    | (Answer::Unsat, Status::Unsat)
                    | (Answer::Unknown, Status::Unknown)
            );
            prop_assert!(same);
        }
    }
}

/// A reader that fails, for the error of an input that breaks mid-stream.
struct Broken;

impl std::io::Read for Broken {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("device gone"))
    }
}

#[test]
fn a_read_error_names_the_last_line_read() {
    use std::io::Read;
    let input = std::io::BufReader::new(b"s UNSATISFIABLE\nc x\n".chain(Broken));
    let mut stream = AnswerStream::new(input);
    let error = loop {
        match stream.next_block() {
            Ok(Some(_)) => continue,
            Ok(None) => panic!("the stream ended without the read error"),
            Err(error) => break error,
        }
    };
    assert_eq!(
        error.to_string(),
        "cannot read the answers after line 2: device gone"
    );
}

/// A block's group as (cube, models, place in the group).
type Placed = Option<(usize, usize, usize)>;

/// Each block's group, for a grouped stream.
fn groups(text: &str) -> Result<Vec<Placed>, StreamError> {
    let mut stream = AnswerStream::new(text.as_bytes());
    let mut out = Vec::new();
    while let Some(block) = stream.next_block()? {
        out.push(
            block
                .group
                .map(|(line, place)| (line.cube, line.models, place)),
        );
    }
    Ok(out)
}

#[test]
fn grouped_blocks_know_their_cube() {
    let text = "c cube 1 models 1 exact\ns SATISFIABLE\nv 1 -2 0\n\
                c cube 2 models 2 limit\ns SATISFIABLE\nv 1 2 0\nc any comment\ns SATISFIABLE\nv -1 2 0\n\
                c cube 3 models 0 exact\ns UNSATISFIABLE\n\
                c cube 4 models 0 unknown\ns UNKNOWN\n\
                c cube 5 models 1 unknown\ns SATISFIABLE\nv 1 2 0\n";
    assert_eq!(
        groups(text).unwrap(),
        [
            Some((1, 1, 0)),
            Some((2, 2, 0)),
            Some((2, 2, 1)),
            Some((3, 0, 0)),
            Some((4, 0, 0)),
            Some((5, 1, 0)),
        ]
    );
    // Without `c cube` lines nothing changes.
    assert_eq!(
        groups("s UNSATISFIABLE\ns UNKNOWN\n").unwrap(),
        [None, None]
    );
    // One cube, one model: the lone answer's rules still apply (no final 0 needed).
    assert_eq!(
        groups("c cube 1 models 1 exact\ns SATISFIABLE\nv 1 -2\n").unwrap(),
        [Some((1, 1, 0))]
    );
}

#[test]
fn groups_that_do_not_add_up_are_errors_naming_the_line() {
    let cases = [
        // A block missing from cube 1, shown by the next `c cube` line.
        (
            "c cube 1 models 2 limit\ns SATISFIABLE\nv 1 0\nc cube 2 models 1 exact\ns SATISFIABLE\nv 1 0\n",
            "line 4: cube 1 (line 1) announces 2 block(s) but holds 1",
        ),
        // ... or by the end of the input.
        (
            "c cube 1 models 1 exact\ns SATISFIABLE\nv 1 0\nc cube 2 models 2 limit\ns SATISFIABLE\nv 1 0\n",
            "the input ends after 1 of the 2 block(s) cube 2 (line 4) announces",
        ),
        (
            "c cube 1 models 1 exact\ns SATISFIABLE\nv 1 0\nc cube 2 models 1 exact\n",
            "the input ends before the blocks of cube 2 (line 4)",
        ),
        // A block too many.
        (
            "c cube 1 models 1 exact\ns SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 2 0\n",
            "line 4: block 2: cube 1 already holds its 1 block(s)",
        ),
        // A status that contradicts the count.
        (
            "c cube 1 models 1 exact\ns UNSATISFIABLE\n",
            "line 2: block 1: the status is UNSATISFIABLE but cube 1 announces 1 model(s), exact",
        ),
        (
            "c cube 1 models 0 exact\ns UNKNOWN\n",
            "the status is UNKNOWN but cube 1 announces 0 model(s), exact",
        ),
        // Cubes out of order, a group line in an ungrouped stream, a malformed one.
        (
            "c cube 2 models 0 exact\ns UNSATISFIABLE\n",
            "line 1: cube 2 where cube 1 was expected",
        ),
        (
            "s UNSATISFIABLE\nc cube 2 models 0 exact\ns UNSATISFIABLE\n",
            "line 2: a `c cube` line in a stream whose blocks began without one",
        ),
        (
            "c cube 1 models 1 exact\nc cube 2 models 1 exact\n",
            "line 2: cube 1 (line 1) has no answer block",
        ),
        (
            "c cube 1 models two exact\ns UNSATISFIABLE\n",
            "line 1: expected `c cube K models M exact|limit|unknown`",
        ),
        (
            "c cube 1 models 1 exact\nv 1 0\n",
            "line 2: literals after a `c cube` line",
        ),
    ];
    for (text, expected) in cases {
        let error = groups(text).expect_err(text).to_string();
        assert!(error.contains(expected), "{text}\n{error}");
    }
}
