//! DRAT proof logging: a record of every change to the clause set, so that a checker that
//! shares no code with the solver can confirm an UNSAT answer.
//!
//! # Format
//!
//! DRAT (Wetzler, Heule & Hunt, SAT 2014), in the two encodings drat-trim, CaDiCaL and
//! Kissat use:
//!
//! * **text**: one step per line, the clause's DIMACS literals followed by ` 0`; a deletion
//!   starts with `d `. The empty clause is the line `0`.
//! * **binary**: a byte `a` (0x61) for an addition or `d` (0x64) for a deletion, then each
//!   literal mapped to `2v` (positive) or `2v + 1` (negative), `v` being the 1-based
//!   variable, written as a little-endian base-128 varint (high bit set on every byte
//!   but the last), then a 0 byte. `1 0` / `-1 0` refuted by CaDiCaL reads
//!   `61 00 64 03 00`. With our `Lit` code `2·index + negated` the mapped value is
//!   simply `code + 2`.
//!
//! # What the solver logs, and why
//!
//! A forward checker replays the steps over the input formula and checks that each added
//! clause follows by reverse unit propagation (RUP). It only knows what it is told, so:
//!
//! * every learnt clause, after minimisation, units included: the lemmas themselves;
//! * clauses the solver shortens (literals false at level 0 dropped in `add_clause`): the
//!   shorter clause is added (RUP through the level-0 units), *then* the old one deleted;
//!   the other order would leave the checker without either. Removing duplicate literals
//!   needs no step, since checkers treat clauses as sets;
//! * deletions of learnt clauses by reduction, and of clauses (original or learnt)
//!   satisfied at level 0: not needed for soundness, but a checker that keeps every
//!   clause slows down with the proof;
//! * never the deletion of a clause that is the reason of a level-0 literal: checkers
//!   cannot retract a root-level fact cleanly (drat-trim warns and ignores it), and
//!   keeping the reason keeps the fact derivable by unit propagation in any checker;
//! * the empty clause when UNSAT is established, whether by a conflict at level 0 during
//!   search or in `add_clause` (an empty input clause, or conflicting units).
//!
//! Level-0 facts found by propagation need no step: their reasons stay in the proof, so
//! the checker derives them too.
//!
//! # Errors
//!
//! Writing goes through a [`BufWriter`]; the first I/O error is kept, later steps are
//! dropped (a proof with a hole is worthless), and the solver goes on: the answer is
//! still right, only the certificate is lost. The caller reads the error after
//! `solve` and decides how to fail.

use std::fmt;
use std::io::{self, BufWriter, Write};

use crate::lit::Lit;

/// The encoding of a DRAT proof. See the module documentation for both layouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ProofFormat {
    /// DIMACS-style lines, deletions prefixed `d `.
    #[default]
    Text,
    /// Binary DRAT: `a`/`d` bytes, literals as varints, 0 ends a step.
    Binary,
}

/// Large enough that a proof costs one `write` system call per megabyte.
const BUFFER_SIZE: usize = 1 << 20;

/// A proof being written: the sink, the format and the first error.
pub(super) struct Proof {
    out: BufWriter<Box<dyn Write + Send>>,
    format: ProofFormat,
    error: Option<io::Error>,
    /// One encoded step, so the sink sees a single `write_all` per step.
    step: Vec<u8>,
}

impl fmt::Debug for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Proof")
            .field("format", &self.format)
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl Proof {
    /// A proof written to `out` in `format`.
    pub fn new(out: Box<dyn Write + Send>, format: ProofFormat) -> Proof {
        Proof {
            out: BufWriter::with_capacity(BUFFER_SIZE, out),
            format,
            error: None,
            step: Vec::with_capacity(64),
        }
    }

    /// Logs the addition of a clause (the empty slice is the empty clause).
    pub fn add(&mut self, lits: &[Lit]) {
        self.write_step(false, lits);
    }

    /// Logs the deletion of a clause.
    pub fn delete(&mut self, lits: &[Lit]) {
        self.write_step(true, lits);
    }

    fn write_step(&mut self, deletion: bool, lits: &[Lit]) {
        if self.error.is_some() {
            return;
        }
        self.step.clear();
        match self.format {
            ProofFormat::Text => {
                if deletion {
                    self.step.extend_from_slice(b"d ");
                }
                for &lit in lits {
                    push_decimal(&mut self.step, lit.to_dimacs());
                    self.step.push(b' ');
                }
                self.step.extend_from_slice(b"0\n");
            }
            ProofFormat::Binary => {
                self.step.push(if deletion { b'd' } else { b'a' });
                for &lit in lits {
                    push_varint(&mut self.step, lit.code() as u64 + 2);
                }
                self.step.push(0);
            }
        }
        if let Err(error) = self.out.write_all(&self.step) {
            self.error = Some(error);
        }
    }

    /// Pushes buffered steps to the sink; keeps the first error.
    pub fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(error) = self.out.flush() {
                self.error = Some(error);
            }
        }
    }

    /// Records a failure that is not an I/O error but makes the proof unusable.
    pub fn fail(&mut self, message: &str) {
        if self.error.is_none() {
            self.error = Some(io::Error::other(message.to_string()));
        }
    }

    /// The first error met while writing, if any.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }
}

/// Appends the decimal form of `n`; `format!` would allocate on every literal.
fn push_decimal(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    let mut magnitude = n.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (magnitude % 10) as u8;
        magnitude /= 10;
        if magnitude == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// Appends `n` as a little-endian base-128 varint: 7 bits per byte, high bit = more.
fn push_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// A proof sink a test can read after the solver is done with it.
#[cfg(test)]
#[derive(Clone, Default)]
pub(super) struct Shared(pub std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

#[cfg(test)]
impl Shared {
    /// Everything written so far.
    pub(super) fn bytes(&self) -> Vec<u8> {
        self.0.lock().unwrap().clone()
    }
}

#[cfg(test)]
impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Broken;

    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("disk full"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::other("disk full"))
        }
    }

    use crate::lit::testing::lits;

    fn written(format: ProofFormat, steps: &[(bool, &[i64])]) -> Vec<u8> {
        let sink = Shared::default();
        let mut proof = Proof::new(Box::new(sink.clone()), format);
        for &(deletion, clause) in steps {
            if deletion {
                proof.delete(&lits(clause));
            } else {
                proof.add(&lits(clause));
            }
        }
        proof.flush();
        assert!(proof.error().is_none());
        sink.bytes()
    }

    #[test]
    fn binary_matches_cadical_on_the_smallest_refutation() {
        let bytes = written(ProofFormat::Binary, &[(false, &[]), (true, &[-1])]);
        assert_eq!(bytes, [0x61, 0x00, 0x64, 0x03, 0x00]);
    }

    #[test]
    fn binary_varints_carry_over_seven_bits() {
        // Variable 64: 2·64 = 128 = 0x80 -> 80 01; -64 -> 129 -> 81 01.
        // Variable 8192: 16384 -> 80 80 01.
        let bytes = written(ProofFormat::Binary, &[(false, &[64, -64, 8192, 63])]);
        assert_eq!(
            bytes,
            [0x61, 0x80, 0x01, 0x81, 0x01, 0x80, 0x80, 0x01, 0x7e, 0x00]
        );
    }

    #[test]
    fn text_lines_end_in_zero_and_deletions_start_with_d() {
        let bytes = written(
            ProofFormat::Text,
            &[(false, &[1, -20, 300]), (true, &[-1, 2]), (false, &[])],
        );
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "1 -20 300 0\nd -1 2 0\n0\n"
        );
    }

    #[test]
    fn the_first_error_is_kept_and_nothing_panics() {
        let mut proof = Proof::new(Box::new(Broken), ProofFormat::Text);
        // Fill more than the buffer so `write_all` itself reaches the sink.
        let clause = lits(&[1, 2, 3, 4, 5, 6, 7, 8]);
        for _ in 0..BUFFER_SIZE / 8 {
            proof.add(&clause);
        }
        proof.flush();
        assert_eq!(proof.error().unwrap().to_string(), "disk full");
        proof.fail("later");
        assert_eq!(proof.error().unwrap().to_string(), "disk full");
    }
}
