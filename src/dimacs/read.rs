//! Streaming DIMACS CNF reader over any [`BufRead`].
//!
//! # Rules
//!
//! Both modes accept `c` comment lines anywhere (also inside a clause that spans lines),
//! blank lines, tabs, CRLF, `p  cnf` with extra blanks, clauses spread over several lines,
//! duplicate literals, tautologies and the empty clause (`0` alone, kept: it makes the
//! formula UNSAT). Both modes reject, with a [`DimacsError`]: non-numeric tokens in the
//! clause section, a literal whose variable exceeds [`Var::MAX_DIMACS`] (however many digits
//! it has), a malformed `p` line, a second `p` line, a header declaring more than
//! [`Var::MAX_DIMACS`] variables, and binary data (invalid UTF-8 or control characters)
//! outside comment lines.
//!
//! | situation | lenient (default) | strict (competition rules) |
//! |---|---|---|
//! | no header | counts from the clauses, warning (none for an empty input) | error |
//! | non-comment lines before the header | skipped, warning | error |
//! | clause count differs from the header | warning | error |
//! | literal above the header's variables | warning; variables = largest used | error |
//! | SATLIB `%` line | ends the formula, rest ignored, warning | error |
//! | last clause without `0` | kept, warning | error |
//!
//! Lines before the header are ambiguous while streaming: they are clauses if no header
//! ever comes, stray text if one does. So they are parsed as clauses, and thrown away (with
//! a [`WarningKind::StrayLines`]) when a header arrives; a non-numeric token among them is
//! an error only if the input ends without a header.
//!
//! # Invariants
//!
//! - Never panics, whatever the bytes: numbers saturate instead of overflowing, every index
//!   is checked.
//! - Memory is bounded by the input, never by the header: a header declaring 10^9 clauses
//!   allocates nothing up front.
//! - Input is consumed in chunks cut after the last newline, so the parser only ever sees
//!   whole lines (the final one may lack its newline) and walks bytes directly; no `String`
//!   per line, no `str::parse` per token.

use std::io::BufRead;

use super::bytes::{find_binary, is_blank};
use super::{DimacsError, Warning, WarningKind};
use crate::cnf::Cnf;
use crate::lit::{Lit, Var};
use crate::text::excerpt as quote;

/// How forgiving [`read_dimacs`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Competition rules: exact header, exact counts, no `%`, final `0` required.
    /// `false` (the default) accepts what MiniSat and real-world files do, with warnings.
    pub strict: bool,
}

/// A `p cnf` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Declared variable count.
    pub vars: usize,
    /// Declared clause count.
    pub clauses: usize,
    /// 1-based line of the header.
    pub line: usize,
}

/// Everything a DIMACS file says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dimacs {
    /// The formula; `num_vars` is the larger of the declared count and the largest used.
    pub cnf: Cnf,
    /// The `p cnf` header, if there was one.
    pub header: Option<Header>,
    /// Lenient-mode findings, at most one per kind. Strict mode reports only a malformed
    /// `c p show` line here: competition rules make any `c` line a comment, never an error.
    pub warnings: Vec<Warning>,
    /// Every `c` line's text, without the `c` and one following space, in order.
    pub comments: Vec<String>,
    /// Union of all `c p show <variables> 0` lines, sorted; `None` if there are none.
    pub show: Option<Vec<Var>>,
}

/// Reads a DIMACS CNF formula from `reader` (decompression is the caller's job).
///
/// ```
/// use sudosat::dimacs::{read_dimacs, ReadOptions};
/// let text = "c example\np cnf 3 2\n1 -2 0\n2 3 0\n";
/// let dimacs = read_dimacs(text.as_bytes(), &ReadOptions { strict: true }).unwrap();
/// assert_eq!(dimacs.cnf.num_clauses(), 2);
/// assert_eq!(dimacs.comments, ["example"]);
///
/// let err = read_dimacs("p cnf 3 1\n1 abc 0\n".as_bytes(), &ReadOptions::default());
/// assert_eq!(err.unwrap_err().to_string(), "2:3: expected a literal or 0, found \"abc\"");
/// ```
pub fn read_dimacs<R: BufRead>(reader: R, options: &ReadOptions) -> Result<Dimacs, DimacsError> {
    match read_formula(reader, options)? {
        Formula::Plain(dimacs) => Ok(dimacs),
        Formula::Incremental { base, .. } => Err(DimacsError::Incremental {
            line: base.header.map_or(0, |header| header.line),
        }),
    }
}

/// Where the lines before the header stand, while it is unknown whether one will come.
#[derive(Default)]
struct PreHeader {
    /// Non-comment lines seen.
    count: usize,
    /// The first of them, quoted, and its line.
    first: Option<(usize, String)>,
    /// The first non-numeric token: an error if no header follows.
    error: Option<DimacsError>,
}

/// Parser state carried from chunk to chunk.
struct Parser {
    strict: bool,
    cnf: Cnf,
    /// Literals of the clause being read (it may span lines and chunks).
    clause: Vec<Lit>,
    /// Position just after the last literal of the open clause, for the "missing 0" report.
    clause_end: (usize, usize),
    header: Option<Header>,
    /// Header's variable count, or `u64::MAX` without one, so the per-literal check is a
    /// single comparison.
    declared_vars: u64,
    /// First literal above the header's count: (line, literal).
    above_header: Option<(usize, i64)>,
    pre_header: PreHeader,
    /// Lines fully consumed so far.
    line: usize,
    at_start: bool,
    warnings: Vec<Warning>,
    comments: Vec<String>,
    show: Option<Vec<Var>>,
    /// The header is `p inccnf`: `a` lines are cubes, counts are not checked.
    incremental: bool,
    /// Literals of the last cube read.
    cube: Vec<Lit>,
}

/// Where [`Parser::feed`] stopped.
#[derive(Debug, PartialEq, Eq)]
enum Fed {
    /// At the end of the data it was given.
    All,
    /// At a `%` line, which ends the formula (lenient mode).
    Percent,
    /// Just after a cube line (`Parser::cube`); the value is the bytes consumed.
    Cube(usize),
}

impl Parser {
    fn new(options: ReadOptions) -> Parser {
        Parser {
            strict: options.strict,
            cnf: Cnf::new(0),
            clause: Vec::new(),
            clause_end: (0, 0),
            header: None,
            declared_vars: u64::MAX,
            above_header: None,
            pre_header: PreHeader::default(),
            line: 0,
            at_start: true,
            warnings: Vec::new(),
            comments: Vec::new(),
            show: None,
            incremental: false,
            cube: Vec::new(),
        }
    }

    fn warn(&mut self, line: usize, kind: WarningKind) {
        self.warnings.push(Warning { line, kind });
    }

    /// Parses whole lines (the last may lack its newline only at the end of input), up to
    /// the end of `data`, a `%` line, or the end of the first `a` (cube) line.
    fn feed(&mut self, mut data: &[u8]) -> Result<Fed, DimacsError> {
        if self.at_start {
            self.at_start = false;
            // A UTF-8 byte order mark, as some Windows editors write.
            data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
        }
        let mut i = 0;
        while i < data.len() {
            self.line += 1;
            let line_start = i;
            while i < data.len() && is_blank(data[i]) {
                i += 1;
            }
            let Some(&first) = data.get(i) else { break };
            if first == b'\n' {
                i += 1;
                continue;
            }
            if first.is_ascii_digit() || first == b'-' {
                i = self.clause_line(data, line_start, i)?;
                continue;
            }
            let end = data[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(data.len(), |pos| i + pos);
            let line = &data[line_start..end];
            let column = i - line_start + 1;
            // Comments are free text: old SATLIB files carry Latin-1 names in them, which
            // MiniSat accepts too, so only non-comment lines are checked for binary data.
            if first != b'c' {
                if let Some((pos, byte)) = find_binary(line) {
                    return Err(self.binary(line, pos, byte));
                }
            }
            match first {
                b'c' => self.comment(&line[column..]),
                b'p' => self.header(line, column)?,
                b'%' => {
                    if self.strict {
                        return Err(DimacsError::StrictPercent {
                            line: self.line,
                            column,
                        });
                    }
                    self.warn(self.line, WarningKind::PercentTrailer);
                    return Ok(Fed::Percent);
                }
                b'a' if self.header.is_some() && self.cube_start(line, column) => {
                    self.cube_line(line, column)?;
                    return Ok(Fed::Cube((end + 1).min(data.len())));
                }
                _ => self.text_line(line, column)?,
            }
            i = end + 1;
        }
        Ok(Fed::All)
    }

    /// Reads the literals of one line starting at `i` (a digit or `-`); returns the index
    /// after its newline. This is the hot loop: one pass over the bytes, no allocation.
    fn clause_line(
        &mut self,
        data: &[u8],
        line_start: usize,
        mut i: usize,
    ) -> Result<usize, DimacsError> {
        if self.header.is_none() {
            self.note_pre_header(data, line_start, i)?;
        }
        let mut last_end = None;
        while let Some(&b) = data.get(i) {
            if b == b'\n' {
                i += 1;
                break;
            }
            if is_blank(b) {
                i += 1;
                continue;
            }
            let start = i;
            let negative = b == b'-';
            if negative {
                i += 1;
            }
            let digits = i;
            // Saturating: ten digits already exceed MAX_DIMACS, so saturation only ever
            // turns an absurd number into "out of range", never into a valid literal.
            let mut value: u64 = 0;
            while let Some(&d) = data.get(i) {
                let d = d.wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                value = value.saturating_mul(10).saturating_add(u64::from(d));
                i += 1;
            }
            let well_ended = data.get(i).map_or(true, |&c| c == b'\n' || is_blank(c));
            if i == digits || !well_ended {
                self.bad_token(data, line_start, start)?;
                // Lenient, before any header: the line is stray text, skip it.
                return Ok(data[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(data.len(), |pos| i + pos + 1));
            }
            if value == 0 {
                self.cnf.add_clause(&self.clause);
                self.clause.clear();
                last_end = None;
                continue;
            }
            if value > u64::from(Var::MAX_DIMACS) {
                return Err(DimacsError::LiteralOutOfRange {
                    line: self.line,
                    column: start - line_start + 1,
                    found: quote(&data[start..i]),
                });
            }
            if value > self.declared_vars {
                self.above_header(value, negative, start - line_start + 1)?;
            }
            // In range by the check above; `value - 1` cannot underflow since value != 0.
            let var = Var::from_index((value - 1) as usize);
            self.clause.push(var.lit(!negative));
            last_end = Some(i);
        }
        if let Some(end) = last_end {
            self.clause_end = (self.line, end - line_start + 1);
        }
        Ok(i)
    }

    /// Bookkeeping for a clause line before any header (strict: an error).
    fn note_pre_header(
        &mut self,
        data: &[u8],
        line_start: usize,
        i: usize,
    ) -> Result<(), DimacsError> {
        let end = data[i..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(data.len(), |pos| i + pos);
        if self.strict {
            let token_end = data[i..end]
                .iter()
                .position(|&b| is_blank(b))
                .map_or(end, |pos| i + pos);
            return Err(DimacsError::StrictBeforeHeader {
                line: self.line,
                column: i - line_start + 1,
                found: quote(&data[i..token_end]),
            });
        }
        self.pre_header.count += 1;
        if self.pre_header.first.is_none() {
            self.pre_header.first = Some((self.line, quote(&data[i..end])));
        }
        Ok(())
    }

    /// A token starting at `start` that is not an integer: binary data or a syntax error,
    /// except before a header in lenient mode, where it is remembered and `Ok` returned.
    fn bad_token(
        &mut self,
        data: &[u8],
        line_start: usize,
        start: usize,
    ) -> Result<(), DimacsError> {
        let end = data[start..]
            .iter()
            .position(|&b| b == b'\n' || is_blank(b))
            .map_or(data.len(), |pos| start + pos);
        let token = &data[start..end];
        if let Some((pos, byte)) = find_binary(token) {
            return Err(self.binary(&data[line_start..end], start - line_start + pos, byte));
        }
        let error = DimacsError::ExpectedLiteral {
            line: self.line,
            column: start - line_start + 1,
            found: quote(token),
        };
        if self.header.is_some() || self.strict {
            return Err(error);
        }
        self.pre_header.error.get_or_insert(error);
        Ok(())
    }

    /// A literal above the header's variable count.
    fn above_header(
        &mut self,
        value: u64,
        negative: bool,
        column: usize,
    ) -> Result<(), DimacsError> {
        // `value` is at most MAX_DIMACS here, so it fits i64.
        let literal = if negative {
            -(value as i64)
        } else {
            value as i64
        };
        if self.strict {
            return Err(DimacsError::StrictVariableAboveHeader {
                line: self.line,
                column,
                literal,
                declared: self.declared_vars as usize,
            });
        }
        self.above_header.get_or_insert((self.line, literal));
        Ok(())
    }

    /// A binary-data error at offset `pos` of `line`.
    fn binary(&self, line: &[u8], pos: usize, byte: u8) -> DimacsError {
        let gzip = self.line == 1 && pos == 0 && line.starts_with(b"\x1f\x8b");
        DimacsError::Binary {
            line: self.line,
            column: pos + 1,
            byte,
            hint: if gzip {
                "; this looks like gzip data: decompress it first"
            } else {
                ""
            },
        }
    }

    /// A line that starts with something other than a digit, `-`, `c`, `p` or `%`.
    fn text_line(&mut self, line: &[u8], column: usize) -> Result<(), DimacsError> {
        let start = column - 1;
        let end = line[start..]
            .iter()
            .position(|&b| is_blank(b))
            .map_or(line.len(), |pos| start + pos);
        let found = quote(&line[start..end]);
        if self.header.is_some() {
            return Err(DimacsError::ExpectedLiteral {
                line: self.line,
                column,
                found,
            });
        }
        if self.strict {
            return Err(DimacsError::StrictBeforeHeader {
                line: self.line,
                column,
                found,
            });
        }
        self.pre_header.count += 1;
        let line_no = self.line;
        self.pre_header
            .first
            .get_or_insert((line_no, quote(&line[start..])));
        let error = DimacsError::ExpectedLiteral {
            line: line_no,
            column,
            found,
        };
        self.pre_header.error.get_or_insert(error);
        Ok(())
    }

    /// End of input (or `%`): close the open clause and check the counts.
    fn finish(mut self) -> Result<Dimacs, DimacsError> {
        if self.header.is_none() {
            if let Some(error) = self.pre_header.error.take() {
                return Err(error);
            }
        }
        if !self.clause.is_empty() {
            let (line, column) = self.clause_end;
            if self.strict {
                return Err(DimacsError::UnterminatedClause { line, column });
            }
            self.cnf.add_clause(&self.clause);
            self.warn(line, WarningKind::MissingFinalZero);
        }
        match self.header {
            None if self.strict => return Err(DimacsError::StrictMissingHeader),
            None => {
                if let Some((line, _)) = self.pre_header.first {
                    self.warn(line, WarningKind::NoHeader);
                }
            }
            Some(header) => {
                let found = self.cnf.num_clauses();
                if found != header.clauses {
                    if self.strict {
                        return Err(DimacsError::StrictClauseCount {
                            header_line: header.line,
                            declared: header.clauses,
                            found,
                        });
                    }
                    let declared = header.clauses;
                    self.warn(header.line, WarningKind::ClauseCount { declared, found });
                }
                if let Some((line, literal)) = self.above_header {
                    let declared = header.vars;
                    let used = self.cnf.num_vars();
                    self.warn(
                        line,
                        WarningKind::VariableAboveHeader {
                            literal,
                            declared,
                            used,
                        },
                    );
                }
                self.cnf.ensure_vars(header.vars);
            }
        }
        Ok(Dimacs {
            cnf: self.cnf,
            header: self.header,
            warnings: self.warnings,
            comments: self.comments,
            show: self.show,
        })
    }
}

mod header;
mod icnf;

pub use icnf::{read_formula, Cube, CubeReader, Formula};

#[cfg(test)]
mod tests;
