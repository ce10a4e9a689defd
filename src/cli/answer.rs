//! Answer blocks as bytes, formatted by hand into one reused buffer: on a stream of
//! puzzles the output is the hot path (a full 9x9 model is 3 KB of text per puzzle).
//!
//! A block is `s SATISFIABLE` plus `v` lines of at most [`V_LINE_WIDTH`] characters, the
//! last ending in ` 0`; `s UNSATISFIABLE` or `s UNKNOWN` alone. The same bytes as
//! [`crate::model::write_answer`] writes for the competition format (a test checks it).

use crate::dimacs::write::push_lit;
use crate::lit::Var;
use crate::model::V_LINE_WIDTH;
use crate::solver::Outcome;

/// Which literals a `v` block lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    /// No `v` lines (`--quiet`).
    None,
    /// Every variable, signed (the competition form).
    All,
    /// Only the true variables among these (sorted) ones, positive (`--true-only`).
    TrueOnly(Vec<Var>),
    /// Only the true variables, over all variables of the model (`--true-only` without a
    /// `c p show` projection).
    TrueOnlyAll,
}

/// Appends the answer block for `outcome` to `buf`.
///
/// ```
/// use sudosat::cli::answer::{push_block, Listing};
/// use sudosat::solver::Outcome;
/// let mut buf = Vec::new();
/// push_block(&mut buf, &Outcome::Sat(vec![true, false, true]), &Listing::TrueOnlyAll);
/// push_block(&mut buf, &Outcome::Unsat, &Listing::All);
/// assert_eq!(String::from_utf8(buf).unwrap(), "s SATISFIABLE\nv 1 3 0\ns UNSATISFIABLE\n");
/// ```
pub fn push_block(buf: &mut Vec<u8>, outcome: &Outcome, listing: &Listing) {
    let values = match outcome {
        Outcome::Sat(values) => values,
        Outcome::Unsat => return buf.extend_from_slice(b"s UNSATISFIABLE\n"),
        Outcome::Unknown => return buf.extend_from_slice(b"s UNKNOWN\n"),
    };
    buf.extend_from_slice(b"s SATISFIABLE\n");
    if *listing == Listing::None {
        return;
    }
    let mut line = VLines::start(buf);
    match listing {
        Listing::None => {}
        Listing::All => {
            for (index, &value) in values.iter().enumerate() {
                line.push(buf, |buf| push_lit(buf, Var::from_index(index).lit(value)));
            }
        }
        Listing::TrueOnly(vars) => {
            for &var in vars {
                if values.get(var.index()) == Some(&true) {
                    line.push(buf, |buf| push_lit(buf, var.positive()));
                }
            }
        }
        Listing::TrueOnlyAll => {
            for (index, _) in values.iter().enumerate().filter(|(_, &value)| value) {
                line.push(buf, |buf| push_lit(buf, Var::from_index(index).positive()));
            }
        }
    }
    line.push(buf, |buf| buf.push(b'0'));
    buf.push(b'\n');
}

/// Where the current `v` line starts in the buffer.
struct VLines {
    start: usize,
}

impl VLines {
    fn start(buf: &mut Vec<u8>) -> VLines {
        let start = buf.len();
        buf.push(b'v');
        VLines { start }
    }

    /// Appends ` token`, breaking the line first if the token would pass the width.
    #[inline]
    fn push(&mut self, buf: &mut Vec<u8>, token: impl FnOnce(&mut Vec<u8>)) {
        let before = buf.len();
        buf.push(b' ');
        token(buf);
        if buf.len() - self.start > V_LINE_WIDTH {
            // " token" becomes "\nv token": the blank ends the line, and the short token
            // shifts by two bytes.
            buf[before] = b'\n';
            buf.splice(before + 1..before + 1, [b'v', b' ']);
            self.start = before + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{write_answer, AnswerFormat};
    use std::time::Duration;

    fn block(outcome: &Outcome, listing: &Listing) -> String {
        let mut buf = Vec::new();
        push_block(&mut buf, outcome, listing);
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn full_models_match_the_model_module_byte_for_byte() {
        for n in [0usize, 1, 5, 20, 21, 100, 729, 4096] {
            let values: Vec<bool> = (0..n).map(|i| (i * 7919) % 3 == 0).collect();
            for outcome in [Outcome::Sat(values), Outcome::Unsat, Outcome::Unknown] {
                let mut theirs = Vec::new();
                let format = AnswerFormat::Competition;
                write_answer(&mut theirs, &outcome, format, true, Duration::ZERO).unwrap();
                assert_eq!(
                    block(&outcome, &Listing::All),
                    String::from_utf8(theirs).unwrap()
                );
            }
        }
    }

    #[test]
    fn true_only_lists_the_true_projected_variables() {
        let values: Vec<bool> = (0..800).map(|i| i % 9 == 4).collect();
        let text = block(&Outcome::Sat(values.clone()), &Listing::TrueOnlyAll);
        assert!(text
            .lines()
            .skip(1)
            .all(|line| line.len() <= V_LINE_WIDTH && line.starts_with("v ")));
        let numbers: Vec<i64> = text
            .lines()
            .skip(1)
            .flat_map(|line| line[2..].split(' ').map(|t| t.parse::<i64>().unwrap()))
            .collect();
        let expected: Vec<i64> = (0..800)
            .filter(|i| i % 9 == 4)
            .map(|i| i + 1)
            .chain([0])
            .collect();
        assert_eq!(numbers, expected);
        let some = Listing::TrueOnly(vec![
            Var::from_index(4),
            Var::from_index(5),
            Var::from_index(13),
        ]);
        assert_eq!(
            block(&Outcome::Sat(values), &some),
            "s SATISFIABLE\nv 5 14 0\n"
        );
        assert_eq!(
            block(&Outcome::Sat(vec![false]), &some),
            "s SATISFIABLE\nv 0\n"
        );
        assert_eq!(
            block(&Outcome::Sat(vec![true]), &Listing::None),
            "s SATISFIABLE\n"
        );
    }
}
