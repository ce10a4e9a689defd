//! DIMACS CNF text: the format every SAT solver reads, and the middle of our pipeline.
//!
//! [`read_dimacs`] turns a byte stream into a [`Cnf`](crate::Cnf) (plus the header, the
//! comments, the `c p show` projection and any leniency warnings); [`write_dimacs`] writes
//! one back. The two agree on a strict subset: whatever the writer emits, the strict reader
//! reads back unchanged (the round-trip property in the tests).
//!
//! # Format
//!
//! ```text
//! c optional comment lines, anywhere
//! p cnf <variables> <clauses>
//! 1 -2 0
//! 2 3 0
//! ```
//!
//! # Incremental CNF (iCNF)
//!
//! Wieringa's format for a stream of queries over one formula: the header `p inccnf` (no
//! counts), clauses as above, and cube lines `a <literals> 0`, each asking "is the formula
//! (every clause read so far) satisfiable with these literals true?". Clauses after a cube
//! are added for good before the next one. [`read_formula`] reads the clauses before the
//! first cube up front and then hands out the cubes one at a time ([`CubeReader`]), so a
//! stream of a million cubes is never held in memory.
//!
//! Literals are non-zero decimal integers (DIMACS variable `v` is [`Var`] index `v - 1`),
//! each clause ends with `0`, and a clause may span lines. The leniency rules (what the
//! default mode accepts with a [`Warning`], what `strict` turns into an error) are listed in
//! the [`read`] module docs.
//!
//! # Errors
//!
//! A [`DimacsError`] displays as `line:column: message` (1-based, columns count bytes) so
//! that a caller only prefixes the file name, as compilers do: `puzzle.cnf:3:7: expected a
//! literal or 0, found "abc"`. Errors about the file as a whole (a clause count that is off
//! in strict mode, a missing header) have no position.

mod bytes;
pub mod read;
pub mod write;

#[cfg(test)]
mod tests;

use std::fmt;
use std::io;

use crate::lit::Var;

pub use read::{read_dimacs, read_formula, Cube, CubeReader, Dimacs, Formula, Header, ReadOptions};
pub use write::write_dimacs;

/// The header syntax, quoted in several messages.
const HEADER_SYNTAX: &str = "\"p cnf <variables> <clauses>\"";

/// Why a DIMACS input was rejected. Every syntax variant carries its 1-based `line` and
/// byte `column` and says what was expected and what was found.
#[derive(Debug, thiserror::Error)]
pub enum DimacsError {
    /// Reading the input failed (including a decompressor's error, surfaced as I/O).
    #[error("read error: {0}")]
    Io(#[from] io::Error),

    /// A token in the clause section that is not an integer.
    #[error("{line}:{column}: expected a literal or 0, found \"{found}\"")]
    ExpectedLiteral {
        /// 1-based line.
        line: usize,
        /// 1-based byte column where the token starts.
        column: usize,
        /// The token as written (shortened if very long).
        found: String,
    },

    /// A literal whose variable exceeds [`Var::MAX_DIMACS`] (or does not even fit `i64`).
    #[error("{line}:{column}: literal {found} is out of range (largest variable is {max})", max = Var::MAX_DIMACS)]
    LiteralOutOfRange {
        /// 1-based line.
        line: usize,
        /// 1-based byte column where the literal starts.
        column: usize,
        /// The literal as written (shortened if very long).
        found: String,
    },

    /// A `p` line that is not `p cnf <variables> <clauses>`.
    #[error("{line}:{column}: malformed header: expected {HEADER_SYNTAX}, found \"{found}\"")]
    MalformedHeader {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the `p`.
        column: usize,
        /// The whole line (shortened if very long).
        found: String,
    },

    /// A header declaring more variables than a [`Var`] can number.
    #[error("{line}:{column}: header declares {found} variables, more than the largest allowed {max}", max = Var::MAX_DIMACS)]
    TooManyVariables {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the variable count.
        column: usize,
        /// The count as written.
        found: String,
    },

    /// A second `p` line.
    #[error("{line}:{column}: second header (the first is on line {first_line})")]
    SecondHeader {
        /// 1-based line of the second header.
        line: usize,
        /// 1-based byte column of its `p`.
        column: usize,
        /// Line of the first header.
        first_line: usize,
    },

    /// Bytes that are not text: invalid UTF-8 or control characters, e.g. an undecompressed
    /// gzip stream.
    #[error("{line}:{column}: binary data / invalid UTF-8 (byte 0x{byte:02x}){hint}")]
    Binary {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the first offending byte.
        column: usize,
        /// The offending byte.
        byte: u8,
        /// Extra advice when the bytes look like something known (gzip), else empty.
        hint: &'static str,
    },

    /// Strict: the input ends before the last clause's `0`.
    #[error("{line}:{column}: file ends inside a clause (missing final 0)")]
    UnterminatedClause {
        /// 1-based line of the clause's last literal.
        line: usize,
        /// 1-based byte column just after that literal.
        column: usize,
    },

    /// Strict: a clause or other text before the header.
    #[error(
        "{line}:{column}: strict: expected {HEADER_SYNTAX} before any clause, found \"{found}\""
    )]
    StrictBeforeHeader {
        /// 1-based line.
        line: usize,
        /// 1-based byte column.
        column: usize,
        /// The offending token or line start.
        found: String,
    },

    /// Strict: no header at all.
    #[error("strict: missing header {HEADER_SYNTAX}")]
    StrictMissingHeader,

    /// Strict: the header's clause count differs from the clauses present.
    #[error("strict: header declares {declared} clauses but the file has {found}")]
    StrictClauseCount {
        /// Line of the header.
        header_line: usize,
        /// Clauses the header declares.
        declared: usize,
        /// Clauses actually read.
        found: usize,
    },

    /// Strict: a literal whose variable exceeds the header's variable count.
    #[error("{line}:{column}: strict: literal {literal} exceeds the {declared} variables declared in the header")]
    StrictVariableAboveHeader {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the literal.
        column: usize,
        /// The literal.
        literal: i64,
        /// The header's variable count.
        declared: usize,
    },

    /// `read_dimacs` met a `p inccnf` header: the caller must read cubes with
    /// [`read_formula`].
    #[error("{line}: this is an incremental CNF (\"p inccnf\" with \"a\" cube lines); only satsolve reads it")]
    Incremental {
        /// 1-based line of the header.
        line: usize,
    },

    /// An `a` (cube) line in a file whose header is `p cnf`.
    #[error("{line}:{column}: cube line \"a ...\" in a \"p cnf\" file (cubes need the header \"p inccnf\")")]
    CubeInPlainCnf {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the `a`.
        column: usize,
    },

    /// An `a` line while a clause is still open (its `0` is missing).
    #[error("{line}:{column}: cube line inside a clause (the clause before it has no final 0)")]
    CubeInsideClause {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the `a`.
        column: usize,
    },

    /// A cube line that does not end with a single `0` after its literals.
    #[error("{line}:{column}: a cube line must end with 0: expected \"a <literals> 0\"")]
    UnterminatedCube {
        /// 1-based line.
        line: usize,
        /// 1-based byte column where the 0 was expected, or of the token after it.
        column: usize,
    },

    /// Strict: a SATLIB `%` line (competition rules end the file after the last clause).
    #[error("{line}:{column}: strict: unexpected SATLIB \"%\" line after the clauses")]
    StrictPercent {
        /// 1-based line.
        line: usize,
        /// 1-based byte column of the `%`.
        column: usize,
    },
}

impl DimacsError {
    /// The line the error points to, if it points to one (I/O and whole-file errors do not).
    pub fn line(&self) -> Option<usize> {
        use DimacsError::*;
        match *self {
            ExpectedLiteral { line, .. }
            | LiteralOutOfRange { line, .. }
            | MalformedHeader { line, .. }
            | TooManyVariables { line, .. }
            | SecondHeader { line, .. }
            | Binary { line, .. }
            | UnterminatedClause { line, .. }
            | StrictBeforeHeader { line, .. }
            | StrictVariableAboveHeader { line, .. }
            | StrictPercent { line, .. }
            | Incremental { line }
            | CubeInPlainCnf { line, .. }
            | CubeInsideClause { line, .. }
            | UnterminatedCube { line, .. } => Some(line),
            StrictClauseCount { header_line, .. } => Some(header_line),
            Io(_) | StrictMissingHeader => None,
        }
    }
}

/// Something the lenient reader accepted but a careful user should hear about. Displays as
/// `line: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line the finding points to (the header's line for count mismatches).
    pub line: usize,
    /// What was found.
    pub kind: WarningKind,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.kind)
    }
}

/// The kinds of [`Warning`]. Each is reported at most once per input, so a 50 MB file with
/// a systematic problem yields one line, not millions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WarningKind {
    /// No `p cnf` line: counts come from the clauses.
    #[error("no {HEADER_SYNTAX} header; counted variables and clauses from the clauses")]
    NoHeader,
    /// Lines before the header that are not comments were skipped.
    #[error("skipped {count} line(s) before the header, the first being \"{first}\"")]
    StrayLines {
        /// How many lines were skipped.
        count: usize,
        /// The first of them (shortened if long).
        first: String,
    },
    /// The input ended inside a clause; the clause was kept.
    #[error("the last clause has no final 0; kept it")]
    MissingFinalZero,
    /// The header's clause count is off.
    #[error("header declares {declared} clauses but the file has {found}")]
    ClauseCount {
        /// Clauses the header declares.
        declared: usize,
        /// Clauses actually read.
        found: usize,
    },
    /// A literal exceeds the header's variable count; the count was raised.
    #[error("literal {literal} exceeds the {declared} variables declared in the header; using {used} variables")]
    VariableAboveHeader {
        /// The first such literal.
        literal: i64,
        /// The header's count.
        declared: usize,
        /// The variable count in use: the largest variable seen.
        used: usize,
    },
    /// A SATLIB `%` line ended the formula early.
    #[error("SATLIB \"%\" line ends the formula; ignored the rest of the input")]
    PercentTrailer,
    /// A `c p show` line that is not `c p show <variables> 0`; it was ignored.
    #[error("ignored malformed projection line \"{found}\": expected \"c p show <variables> 0\"")]
    BadShowLine {
        /// The comment text.
        found: String,
    },
}
