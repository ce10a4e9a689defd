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
//!
//! A file of several answers (a batch: one block per puzzle) is read block by block by
//! [`AnswerStream`] ([`stream`]), and [`GridDecoder`] ([`decode`]) turns each model into
//! a grid, detecting the layout from full or true-only models alike.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use thiserror::Error;

pub mod decode;
pub mod group;
pub mod stream;

pub use decode::{detect_layout, layout_with_vars, max_var, GridDecodeError, GridDecoder};
pub use stream::{AnswerStream, Block, StreamError};

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
    #[error(
        "line {line}, column {column}: expected a literal (signed integer), found \"{found}\""
    )]
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
        "line {line}: unknown status \"{found}\" (expected SATISFIABLE, UNSATISFIABLE or UNKNOWN)"
    )]
    BadStatus {
        /// 1-based line.
        line: usize,
        /// The text after `s `.
        found: String,
    },
    /// Two status lines that disagree.
    #[error("line {line}: a second status line \"{found}\" contradicts the first")]
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

/// A solver's verdict, as its status line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// `s SATISFIABLE`, `s 1`, `SAT`.
    Sat,
    /// `s UNSATISFIABLE`, `s 0`, `UNSAT`.
    Unsat,
    /// `s UNKNOWN`, `s -1`, `INDET`: the solver gave up.
    Unknown,
}

impl Status {
    /// The competition status word (`SATISFIABLE`, `UNSATISFIABLE`, `UNKNOWN`), for
    /// messages that name the verdict.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Sat => "SATISFIABLE",
            Status::Unsat => "UNSATISFIABLE",
            Status::Unknown => "UNKNOWN",
        }
    }
}

/// What one answer line is, judged by its first word.
enum LineKind<'a> {
    /// A status line.
    Status(Status),
    /// A line starting `s` whose status word is none of the known ones (the text to quote).
    BadStatus(String),
    /// A comment, a blank line or a `.res` time line.
    Skip,
    /// Literals: the text after a `v` (or the whole line), and its byte offset in the line.
    Literals(&'a str, usize),
}

/// Classifies `line` (without its line ending); shared by the one-answer reader and the
/// stream reader, so both accept exactly the same lines.
fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix('s') {
        if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
            return LineKind::BadStatus(crate::text::excerpt(trimmed.as_bytes()));
        }
        let word = rest.trim().split([':', ' ', '\t']).next().unwrap_or("");
        return match word {
            "SATISFIABLE" | "1" => LineKind::Status(Status::Sat),
            "UNSATISFIABLE" | "0" => LineKind::Status(Status::Unsat),
            "UNKNOWN" | "INDETERMINATE" | "-1" => LineKind::Status(Status::Unknown),
            _ => LineKind::BadStatus(crate::text::excerpt(rest.trim().as_bytes())),
        };
    }
    match trimmed {
        "SAT" | "SATISFIABLE" => LineKind::Status(Status::Sat),
        "UNSAT" | "UNSATISFIABLE" => LineKind::Status(Status::Unsat),
        "INDET" | "INDETERMINATE" | "UNKNOWN" => LineKind::Status(Status::Unknown),
        _ if trimmed.is_empty() || trimmed.starts_with('c') || is_time_line(trimmed) => {
            LineKind::Skip
        }
        _ => match trimmed.strip_prefix('v') {
            Some(rest) => LineKind::Literals(rest, line.len() - rest.len()),
            None => LineKind::Literals(line, 0),
        },
    }
}

/// Reads one solver answer in any of the forms listed in the module documentation.
///
/// For a file of several answers (one per puzzle of a batch) use [`AnswerStream`], which
/// gives one block per status line.
pub fn read_answer<R: BufRead>(mut reader: R) -> Result<Answer, ModelError> {
    let mut status: Option<Status> = None;
    let mut model = Model::default();
    let mut saw_literals = false;
    let mut terminated = false;
    let mut buffer = Vec::new();
    // One line's literals, parsed by the stream reader's parser so both read alike.
    let mut lits = Vec::new();
    let mut line_number = 0;
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer)? == 0 {
            break;
        }
        line_number += 1;
        let text = String::from_utf8_lossy(&buffer);
        let line = text.trim_end_matches(['\n', '\r']);
        let (new_status, literals, literal_offset) = match classify(line) {
            LineKind::Status(parsed) => (Some(parsed), "", 0),
            LineKind::BadStatus(found) => {
                return Err(ModelError::BadStatus {
                    line: line_number,
                    found,
                })
            }
            LineKind::Skip => (None, "", 0),
            LineKind::Literals(rest, offset) => (None, rest, offset),
        };
        if let Some(new_status) = new_status {
            if status.as_ref().is_some_and(|old| *old != new_status) {
                return Err(ModelError::ConflictingStatus {
                    line: line_number,
                    found: crate::text::excerpt(line.trim().as_bytes()),
                });
            }
            status = Some(new_status);
            continue;
        }
        lits.clear();
        terminated =
            stream::parse_literals(literals, literal_offset, line_number, terminated, &mut lits)?;
        for &lit in &lits {
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
mod tests;
