//! The streaming side of the reader: chunked input that can stop after any cube line, and
//! the incremental (`p inccnf`) formula handed out cube by cube.
//!
//! Invariant: memory holds one input chunk, the base clauses and the clauses added since
//! the last cube, never the cubes already handed out, so a stream of any length reads in
//! flat memory.

use std::io::BufRead;
use std::mem;

use super::super::bytes::{fill, is_blank, CHUNK};
use super::super::{DimacsError, Warning, WarningKind};
use super::{Dimacs, Fed, Header, Parser, ReadOptions};
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::text::excerpt as quote;

/// A formula as [`read_formula`] found it.
pub enum Formula<R> {
    /// A plain `p cnf` file (or one without a header), read whole.
    Plain(Dimacs),
    /// A `p inccnf` file: the clauses before the first cube, then the cubes, one at a time.
    Incremental {
        /// The clauses before the first cube, with the header, comments and `c p show`
        /// projection; `cnf.num_vars` counts only the variables these clauses use.
        base: Dimacs,
        /// The cubes, in input order (boxed: the parser state is large).
        cubes: Box<CubeReader<R>>,
    },
}

/// One `a <literals> 0` line of an incremental CNF.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cube {
    /// Clauses that appeared between the previous cube (or the base) and this one: they
    /// hold for this cube and every later one.
    pub clauses: Cnf,
    /// The literals assumed true for this query.
    pub lits: Vec<Lit>,
    /// 1-based line of the `a`.
    pub line: usize,
}

/// Reads a DIMACS formula, plain or incremental, from `reader`.
///
/// ```
/// use sudosat::dimacs::{read_formula, Formula, ReadOptions};
/// let text = "p inccnf\n1 2 0\na 1 0\n-1 0\na -2 0\n";
/// let Formula::Incremental { base, cubes } = read_formula(text.as_bytes(), &ReadOptions::default()).unwrap() else {
///     panic!("expected an incremental formula")
/// };
/// assert_eq!(base.cnf.num_clauses(), 1);
/// let cubes: Vec<_> = cubes.map(Result::unwrap).collect();
/// assert_eq!(cubes.len(), 2);
/// assert_eq!(cubes[1].clauses.num_clauses(), 1); // -1, added before the second cube
/// assert_eq!(cubes[1].lits[0].to_dimacs(), -2);
/// ```
pub fn read_formula<R: BufRead>(
    reader: R,
    options: &ReadOptions,
) -> Result<Formula<R>, DimacsError> {
    let mut chunks = Chunks::new(reader);
    let mut parser = Parser::new(*options);
    let first = chunks.next(&mut parser)?;
    if !parser.incremental {
        // Only an incremental parser stops at a cube: this was the whole input.
        return parser.finish().map(Formula::Plain);
    }
    if !matches!(first, Fed::Cube(_)) {
        parser.end_of_stream()?;
    }
    let base = parser.take_base();
    // The base took the clauses before the first cube: the cube itself adds none.
    let pending = matches!(first, Fed::Cube(_)).then(|| parser.take_cube());
    Ok(Formula::Incremental {
        base,
        cubes: Box::new(CubeReader {
            chunks,
            parser,
            pending,
            done: false,
        }),
    })
}

/// The cubes of an incremental CNF, in input order; yields an error at most once, then
/// ends.
pub struct CubeReader<R> {
    chunks: Chunks<R>,
    parser: Parser,
    /// The first cube, read while looking for the end of the base.
    pending: Option<Cube>,
    done: bool,
}

impl<R> CubeReader<R> {
    /// Lenient-mode findings since the last call (e.g. a final clause without its `0`).
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        mem::take(&mut self.parser.warnings)
    }
}

impl<R: BufRead> Iterator for CubeReader<R> {
    type Item = Result<Cube, DimacsError>;

    fn next(&mut self) -> Option<Result<Cube, DimacsError>> {
        if let Some(cube) = self.pending.take() {
            return Some(Ok(cube));
        }
        if self.done {
            return None;
        }
        let result = match self.chunks.next(&mut self.parser) {
            Ok(Fed::Cube(_)) => return Some(Ok(self.parser.take_cube())),
            // Clauses after the last cube can change no answer: they are checked, then
            // dropped.
            Ok(Fed::All | Fed::Percent) => self.parser.end_of_stream().err().map(Err),
            Err(error) => Some(Err(error)),
        };
        self.done = true;
        result
    }
}

/// Input cut into whole lines, consumed up to wherever the parser stops.
struct Chunks<R> {
    reader: R,
    buf: Vec<u8>,
    /// Bytes of `buf` already parsed.
    pos: usize,
    /// End of the whole lines in `buf` (the rest is the start of a line).
    end: usize,
    eof: bool,
}

impl<R: BufRead> Chunks<R> {
    fn new(reader: R) -> Chunks<R> {
        Chunks {
            reader,
            buf: Vec::with_capacity(CHUNK + 1024),
            pos: 0,
            end: 0,
            eof: false,
        }
    }

    /// Feeds `parser` until it stops at a cube, a `%` line or the end of the input
    /// ([`Fed::All`]).
    fn next(&mut self, parser: &mut Parser) -> Result<Fed, DimacsError> {
        loop {
            if self.pos == self.end {
                if self.eof {
                    return Ok(Fed::All);
                }
                self.refill()?;
                continue;
            }
            match parser.feed(&self.buf[self.pos..self.end])? {
                Fed::All => self.pos = self.end,
                Fed::Cube(consumed) => {
                    self.pos += consumed;
                    return Ok(Fed::Cube(consumed));
                }
                Fed::Percent => {
                    // The formula ends here: whatever follows is never read.
                    self.pos = self.end;
                    self.eof = true;
                    return Ok(Fed::Percent);
                }
            }
        }
    }

    /// Drops the parsed lines and reads until at least one more whole line (or the end).
    fn refill(&mut self) -> Result<(), DimacsError> {
        self.buf.drain(..self.end);
        self.pos = 0;
        self.end = 0;
        // What is left is the start of a line: it holds no newline.
        let mut scanned = self.buf.len();
        loop {
            if fill(&mut self.reader, &mut self.buf)? {
                self.eof = true;
                self.end = self.buf.len();
                return Ok(());
            }
            match self.buf[scanned..].iter().rposition(|&b| b == b'\n') {
                Some(at) => {
                    self.end = scanned + at + 1;
                    return Ok(());
                }
                // A line longer than the chunk: keep reading until it ends.
                None => scanned = self.buf.len(),
            }
        }
    }
}

impl Parser {
    /// Whether the line whose first non-blank byte (at 1-based `column`) is an `a` is a
    /// cube line: the `a` is a word of its own.
    pub(super) fn cube_start(&self, line: &[u8], column: usize) -> bool {
        line.get(column).map_or(true, |&b| is_blank(b))
    }

    /// Parses a cube line into `self.cube`.
    pub(super) fn cube_line(&mut self, line: &[u8], column: usize) -> Result<(), DimacsError> {
        let at = self.line;
        if !self.incremental {
            return Err(DimacsError::CubeInPlainCnf { line: at, column });
        }
        if !self.clause.is_empty() {
            return Err(DimacsError::CubeInsideClause { line: at, column });
        }
        self.cube.clear();
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let mut i = column;
        let mut terminated = false;
        loop {
            while line.get(i).is_some_and(|&b| is_blank(b)) {
                i += 1;
            }
            if i >= line.len() {
                break;
            }
            let start = i;
            while line.get(i).is_some_and(|&b| !is_blank(b)) {
                i += 1;
            }
            if terminated {
                // A token after the 0.
                return Err(DimacsError::UnterminatedCube {
                    line: at,
                    column: start + 1,
                });
            }
            let token = &line[start..i];
            let (negative, digits) = match token.strip_prefix(b"-") {
                Some(digits) => (true, digits),
                None => (false, token),
            };
            let mut value: u64 = 0;
            for &d in digits {
                let d = d.wrapping_sub(b'0');
                if d > 9 {
                    value = u64::MAX;
                    break;
                }
                value = value.saturating_mul(10).saturating_add(u64::from(d));
            }
            let numeric = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
            if !numeric {
                return Err(DimacsError::ExpectedLiteral {
                    line: at,
                    column: start + 1,
                    found: quote(token),
                });
            }
            if value == 0 {
                terminated = true;
                continue;
            }
            if value > u64::from(Var::MAX_DIMACS) {
                return Err(DimacsError::LiteralOutOfRange {
                    line: at,
                    column: start + 1,
                    found: quote(token),
                });
            }
            self.cube
                .push(Var::from_index((value - 1) as usize).lit(!negative));
        }
        if !terminated {
            return Err(DimacsError::UnterminatedCube {
                line: at,
                column: line.len() + 1,
            });
        }
        Ok(())
    }

    /// A `p inccnf` header at `column`; `extra` when more tokens follow it.
    pub(super) fn incremental_header(
        &mut self,
        column: usize,
        extra: bool,
    ) -> Result<(), DimacsError> {
        if extra {
            return Err(DimacsError::MalformedHeader {
                line: self.line,
                column,
                found: "p inccnf followed by more words (it takes no counts)".to_string(),
            });
        }
        let header = Header {
            vars: 0,
            clauses: 0,
            line: self.line,
        };
        self.incremental = true;
        self.adopt_header(header, u64::MAX);
        Ok(())
    }

    /// The cube just parsed, with the clauses read since the previous one.
    fn take_cube(&mut self) -> Cube {
        Cube {
            clauses: mem::take(&mut self.cnf),
            lits: mem::take(&mut self.cube),
            line: self.line,
        }
    }

    /// The end of an incremental input: an open clause is an error (strict) or kept with a
    /// warning (lenient), as in a plain file.
    pub(super) fn end_of_stream(&mut self) -> Result<(), DimacsError> {
        if self.clause.is_empty() {
            return Ok(());
        }
        let (line, column) = self.clause_end;
        if self.strict {
            return Err(DimacsError::UnterminatedClause { line, column });
        }
        let clause = mem::take(&mut self.clause);
        self.cnf.add_clause(&clause);
        self.warn(line, WarningKind::MissingFinalZero);
        Ok(())
    }

    /// Everything read so far, as a [`Dimacs`]; the parser goes on with empty clauses.
    pub(super) fn take_base(&mut self) -> Dimacs {
        Dimacs {
            cnf: mem::take(&mut self.cnf),
            header: self.header,
            warnings: mem::take(&mut self.warnings),
            comments: mem::take(&mut self.comments),
            show: self.show.take(),
        }
    }
}

#[cfg(test)]
mod tests;
