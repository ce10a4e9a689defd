//! Solver answers as text: writing SAT-competition `s`/`v` lines and reading every common
//! answer form back.
//!
//! Forms read by [`read_answer`], detected line by line so they may even be mixed:
//! - SAT competition output: `c` comments, one `s SATISFIABLE` / `s UNSATISFIABLE` /
//!   `s UNKNOWN` line, and for SAT `v` lines of literals, the last ending in `0`. Wrapped `v`
//!   lines (CaDiCaL wraps at 78 columns) and text after the status word (splr writes
//!   `s SATISFIABLE: file`) are accepted.
//! - MiniSat's result file: `SAT`, `UNSAT` or `INDET` alone on the first line, then the
//!   literals on one line ending in `0`.
//! - Bare literal lines: whitespace-separated signed integers, `0` optional at the end.
//! - The HUST course's `.res` file: `s 1` / `s 0` / `s -1` (SAT, UNSAT, unknown), `v`
//!   lines, and a `t <milliseconds>` line, which is skipped.
//!
//! A model is the set of literals the answer lists; a variable it does not mention is left
//! unassigned, and a variable listed with both signs is an error rather than a guess.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use thiserror::Error;

use crate::dimacs::write::push_lit;
use crate::lit::{Lit, Var};
use crate::solver::Outcome;

/// Widest `v` line we write, in characters. The competition allows 4096; 78 columns (as
/// CaDiCaL does) keeps answers readable in a terminal and diffable.
pub const V_LINE_WIDTH: usize = 78;

/// A (possibly partial) assignment read from a solver's answer.
///
/// Stored sparsely: an answer's literals may name any variable up to 2^30, and a few bytes
/// of text must not cost gigabytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// The value of each listed variable, by 0-based index.
    values: HashMap<usize, bool>,
    /// One past the largest listed index (the largest DIMACS variable number), or 0.
    max_var: usize,
}

impl Model {
    /// A model assigning variable `i` the value `values[i]`.
    pub fn from_values(values: &[bool]) -> Model {
        Model {
            values: values.iter().copied().enumerate().collect(),
            max_var: values.len(),
        }
    }

    /// The largest variable number (DIMACS, 1-based) the model mentions, or 0.
    pub fn max_var(&self) -> usize {
        self.max_var
    }

    /// The value of the variable with 0-based index `index`, if the answer listed it.
    pub fn value(&self, index: usize) -> Option<bool> {
        self.values.get(&index).copied()
    }

    /// The model as a total assignment over `num_vars` variables; unlisted variables are
    /// false, which is what "the cell does not hold this digit" needs when decoding.
    pub fn to_assignment(&self, num_vars: usize) -> Vec<bool> {
        (0..num_vars)
            .map(|index| self.value(index).unwrap_or(false))
            .collect()
    }

    fn assign(&mut self, lit: Lit) -> Result<(), Lit> {
        let index = lit.var().index();
        match self.values.insert(index, lit.is_positive()) {
            Some(value) if value != lit.is_positive() => Err(lit),
            _ => {
                self.max_var = self.max_var.max(index + 1);
                Ok(())
            }
        }
    }
}

/// What a solver said about a formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable, with the model the solver printed (possibly empty if it printed none).
    Sat(Model),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (time-out, limit, interrupt).
    Unknown,
}

/// Why a solver answer could not be read.
#[derive(Debug, Error)]
pub enum ModelError {
    /// The answer could not be read at all.
    #[error("cannot read the answer: {0}")]
    Io(#[from] io::Error),
    /// A token where a literal was expected.
    #[error("line {line}, column {column}: expected a literal (signed integer), found {found:?}")]
    BadLiteral {
        /// 1-based line.
        line: usize,
        /// 1-based column of the token.
        column: usize,
        /// The offending token.
        found: String,
    },
    /// A status line that is none of the known ones.
    #[error(
        "line {line}: unknown status {found:?} (expected SATISFIABLE, UNSATISFIABLE or UNKNOWN)"
    )]
    BadStatus {
        /// 1-based line.
        line: usize,
        /// The text after `s `.
        found: String,
    },
    /// Two status lines that disagree.
    #[error("line {line}: a second status line {found:?} contradicts the first")]
    ConflictingStatus {
        /// 1-based line.
        line: usize,
        /// The second status.
        found: String,
    },
    /// A variable listed as both true and false.
    #[error("line {line}: variable {var} is listed both true and false")]
    ContradictoryLiteral {
        /// 1-based line.
        line: usize,
        /// The DIMACS variable number.
        var: u32,
    },
    /// Neither a status nor any literal.
    #[error(
        "no solver answer found (expected `s` and `v` lines, a MiniSat result file or literals)"
    )]
    Empty,
    /// Literals after the terminating `0`.
    #[error("line {line}: literal after the model's terminating 0")]
    AfterTerminator {
        /// 1-based line.
        line: usize,
    },
}

/// Reads one solver answer in any of the forms listed in the module documentation.
pub fn read_answer<R: BufRead>(mut reader: R) -> Result<Answer, ModelError> {
    #[derive(PartialEq)]
    enum Status {
        Sat,
        Unsat,
        Unknown,
    }
    let mut status: Option<Status> = None;
    let mut model = Model::default();
    let mut saw_literals = false;
    let mut terminated = false;
    let mut buffer = Vec::new();
    let mut line_number = 0;
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer)? == 0 {
            break;
        }
        line_number += 1;
        let text = String::from_utf8_lossy(&buffer);
        let line = text.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        let (new_status, literals, literal_offset) = if let Some(rest) = trimmed.strip_prefix('s') {
            if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
                return Err(ModelError::BadStatus {
                    line: line_number,
                    found: trimmed.to_string(),
                });
            }
            let word = rest.trim().split([':', ' ', '\t']).next().unwrap_or("");
            let parsed = match word {
                "SATISFIABLE" | "1" => Status::Sat,
                "UNSATISFIABLE" | "0" => Status::Unsat,
                "UNKNOWN" | "INDETERMINATE" | "-1" => Status::Unknown,
                _ => {
                    return Err(ModelError::BadStatus {
                        line: line_number,
                        found: rest.trim().to_string(),
                    })
                }
            };
            (Some(parsed), "", 0)
        } else if trimmed == "SAT" || trimmed == "SATISFIABLE" {
            (Some(Status::Sat), "", 0)
        } else if trimmed == "UNSAT" || trimmed == "UNSATISFIABLE" {
            (Some(Status::Unsat), "", 0)
        } else if trimmed == "INDET" || trimmed == "INDETERMINATE" || trimmed == "UNKNOWN" {
            (Some(Status::Unknown), "", 0)
        } else if trimmed.is_empty() || trimmed.starts_with('c') || is_time_line(trimmed) {
            (None, "", 0)
        } else if let Some(rest) = trimmed.strip_prefix('v') {
            (None, rest, line.len() - rest.len())
        } else {
            (None, line, 0)
        };
        if let Some(new_status) = new_status {
            if status.as_ref().is_some_and(|old| *old != new_status) {
                return Err(ModelError::ConflictingStatus {
                    line: line_number,
                    found: trimmed.to_string(),
                });
            }
            status = Some(new_status);
            continue;
        }
        for (offset, token) in tokens(literals) {
            let column = literal_offset + offset + 1;
            let number: i64 = token.parse().map_err(|_| ModelError::BadLiteral {
                line: line_number,
                column,
                found: token.to_string(),
            })?;
            if number == 0 {
                terminated = true;
                continue;
            }
            if terminated {
                return Err(ModelError::AfterTerminator { line: line_number });
            }
            let lit = Lit::from_dimacs(number).ok_or_else(|| ModelError::BadLiteral {
                line: line_number,
                column,
                found: token.to_string(),
            })?;
            model
                .assign(lit)
                .map_err(|lit| ModelError::ContradictoryLiteral {
                    line: line_number,
                    var: lit.var().to_dimacs(),
                })?;
            saw_literals = true;
        }
    }
    match status {
        Some(Status::Sat) => Ok(Answer::Sat(model)),
        Some(Status::Unsat) => Ok(Answer::Unsat),
        Some(Status::Unknown) => Ok(Answer::Unknown),
        None if saw_literals || terminated => Ok(Answer::Sat(model)),
        None => Err(ModelError::Empty),
    }
}

/// The `t <milliseconds>` line of the course's `.res` files.
fn is_time_line(line: &str) -> bool {
    line.strip_prefix('t')
        .is_some_and(|rest| rest.starts_with([' ', '\t']) || rest.is_empty())
}

/// Splits on ASCII whitespace, keeping each token's byte offset for error columns.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split([' ', '\t'])
        .scan(0, |offset, token| {
            let start = *offset;
            *offset += token.len() + 1;
            Some((start, token))
        })
        .filter(|(_, token)| !token.is_empty())
}

/// The forms [`write_answer`] can write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AnswerFormat {
    /// SAT competition: `s SATISFIABLE` / `s UNSATISFIABLE` / `s UNKNOWN`, `v` lines.
    #[default]
    Competition,
    /// The HUST course's `.res`: `s 1` / `s 0` / `s -1`, `v` lines, `t <milliseconds>`.
    Res,
}

/// Writes a solver outcome in `format`; the model's `v` lines only when `print_model`.
/// `elapsed` is the solving time the `.res` form reports.
pub fn write_answer<W: Write>(
    out: &mut W,
    outcome: &Outcome,
    format: AnswerFormat,
    print_model: bool,
    elapsed: Duration,
) -> io::Result<()> {
    match (format, outcome) {
        (AnswerFormat::Competition, Outcome::Sat(values)) => write_sat(out, values, print_model),
        (AnswerFormat::Competition, Outcome::Unsat) => write_unsat(out),
        (AnswerFormat::Competition, Outcome::Unknown) => write_unknown(out),
        (AnswerFormat::Res, outcome) => {
            let status: &[u8] = match outcome {
                Outcome::Sat(_) => b"s 1\n",
                Outcome::Unsat => b"s 0\n",
                Outcome::Unknown => b"s -1\n",
            };
            out.write_all(status)?;
            if let (Outcome::Sat(values), true) = (outcome, print_model) {
                write_v_lines(out, values)?;
            }
            writeln!(out, "t {}", elapsed.as_millis())
        }
    }
}

/// Writes `s SATISFIABLE` and, when `print_model` is set, the model as `v` lines of at most
/// [`V_LINE_WIDTH`] characters with the last one ending in `0`.
pub fn write_sat<W: Write>(out: &mut W, values: &[bool], print_model: bool) -> io::Result<()> {
    out.write_all(b"s SATISFIABLE\n")?;
    if print_model {
        write_v_lines(out, values)?;
    }
    Ok(())
}

/// The model as `v` lines of at most [`V_LINE_WIDTH`] characters, the last ending in `0`.
fn write_v_lines<W: Write>(out: &mut W, values: &[bool]) -> io::Result<()> {
    let mut line = Vec::with_capacity(V_LINE_WIDTH + 16);
    let mut token = Vec::with_capacity(16);
    line.push(b'v');
    let literals = values
        .iter()
        .enumerate()
        .map(|(index, &value)| Some(Var::from_index(index).lit(value)));
    for literal in literals.chain(std::iter::once(None)) {
        token.clear();
        match literal {
            Some(lit) => push_lit(&mut token, lit),
            None => token.push(b'0'),
        }
        if line.len() + 1 + token.len() > V_LINE_WIDTH {
            line.push(b'\n');
            out.write_all(&line)?;
            line.truncate(1);
        }
        line.push(b' ');
        line.extend_from_slice(&token);
    }
    line.push(b'\n');
    out.write_all(&line)
}

/// Writes `s UNSATISFIABLE`.
pub fn write_unsat<W: Write>(out: &mut W) -> io::Result<()> {
    out.write_all(b"s UNSATISFIABLE\n")
}

/// Writes `s UNKNOWN`.
pub fn write_unknown<W: Write>(out: &mut W) -> io::Result<()> {
    out.write_all(b"s UNKNOWN\n")
}

#[cfg(test)]
mod tests {
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
}
