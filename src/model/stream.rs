//! Reading a stream of solver answers, one block per puzzle of a batch.
//!
//! A block starts at a status line (`s SATISFIABLE`, `s UNSATISFIABLE`, `s UNKNOWN`, the
//! `.res` forms `s 1` / `s 0` / `s -1`, or MiniSat's result-file `SAT` / `UNSAT` /
//! `INDET`) and runs to the next one, so the answers of `satsolve` on an iCNF stream, and
//! the per-puzzle answers of any solver concatenated, read the same way. `c` comments,
//! blank lines and `.res` `t` lines may sit anywhere. A SAT block's model is its `v` (or
//! bare) literal lines, the last ending in `0`; it may list every variable or only the
//! true ones (`satsolve --true-only`).
//!
//! The reader holds one block's literals at a time (memory does not grow with the stream)
//! and parses bytes directly: no line is copied into a `String`.
//!
//! A stream of one answer reads as [`super::read_answer`] does: a first block may even
//! start without a status line (bare literals) and its `0` may be missing. Once there
//! are two blocks, each SAT block must carry a model ending in `0`: a block cut short
//! (a solver killed mid-output, a truncated file) is an error naming the block and line,
//! never a grid decoded from half a model.
//!
//! A stream with several models per puzzle (`satsolve --models N` on an iCNF stream)
//! heads each cube's blocks with a [`ModelsLine`] (`c cube K models M END`, see
//! [`super::group`]). A stream whose first block has one is *grouped*: every block then
//! belongs to a group, the cubes are numbered 1, 2, 3, ... in order, a group holds M SAT
//! blocks (or, for M = 0, one UNSAT or UNKNOWN block as END says), and a group short of
//! its blocks, a block past them, or a `c cube` line in a stream that began without one
//! is an error naming the line. Each block tells its group ([`Block::group`]).

use std::borrow::Cow;
use std::io::{self, BufRead};

use thiserror::Error;

use super::group::ModelsLine;
use super::{classify, LineKind, ModelError, Status};
use crate::lit::Lit;
use crate::solver::enumerate::EnumerationEnd;

/// Why a stream of answers could not be read.
#[derive(Debug, Error)]
pub enum StreamError {
    /// The input could not be read (a gzip error, invalid data, a device error).
    #[error("cannot read the answers after line {line}: {source}")]
    Io {
        /// The last line read completely.
        line: usize,
        /// What failed.
        #[source]
        source: io::Error,
    },
    /// A malformed line inside block `block` (the line number is in `source`).
    #[error("block {block}: {source}")]
    Line {
        /// 1-based block number.
        block: usize,
        /// What is wrong with the line.
        #[source]
        source: ModelError,
    },
    /// A SAT block with no literal at all, followed by another block.
    #[error(
        "block {block} (line {line}): SATISFIABLE but no model (`v` lines) before the next \
         block at line {next}; was the solver run without printing models (-q)?"
    )]
    NoModel {
        /// 1-based block number.
        block: usize,
        /// The block's status line.
        line: usize,
        /// The next block's status line, or the last line of the input.
        next: usize,
    },
    /// A SAT block whose model never reaches its terminating `0`.
    #[error(
        "block {block} (from line {start}): the model stops at line {line} without its \
         terminating 0: the answer is truncated"
    )]
    Truncated {
        /// 1-based block number.
        block: usize,
        /// The block's first line.
        start: usize,
        /// The last line of the block.
        line: usize,
    },
    /// Literals in a block whose status says there is no model.
    #[error("block {block}, line {line}: literals after a {status} status (line {start})")]
    LiteralsWithoutModel {
        /// 1-based block number.
        block: usize,
        /// The block's status line.
        start: usize,
        /// The line with literals.
        line: usize,
        /// `UNSATISFIABLE` or `UNKNOWN`.
        status: &'static str,
    },
    /// A `c cube` line that is malformed, or blocks that do not match their group.
    #[error("line {line}: {message}")]
    Group {
        /// The line where the mismatch shows.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// No block at all.
    #[error(
        "no solver answer found (expected `s` and `v` lines, a MiniSat result file or literals)"
    )]
    Empty,
}

/// One answer of the stream. The literals borrow the reader's buffer, valid until the
/// next call of [`AnswerStream::next_block`].
#[derive(Debug, PartialEq, Eq)]
pub struct Block<'a> {
    /// 1-based position in the stream: block k answers puzzle k.
    pub number: usize,
    /// The line of its status (or of its first literal, for a status-less answer).
    pub line: usize,
    /// The verdict.
    pub status: Status,
    /// The model's literals in the order listed; empty unless SAT.
    pub literals: &'a [Lit],
    /// In a grouped stream, the group's line and the block's 0-based place in it.
    pub group: Option<(ModelsLine, usize)>,
}

/// The group being read in a grouped stream.
#[derive(Clone, Copy, Debug)]
struct Group {
    header: ModelsLine,
    /// The line of the `c cube` line.
    line: usize,
    /// Blocks of the group read so far.
    blocks: usize,
}

impl Group {
    /// The blocks the group announces: its models, or the one UNSAT or UNKNOWN block.
    fn expected(&self) -> usize {
        self.header.models.max(1)
    }
}

/// Streams [`Block`]s from buffered text; see the module docs for the forms.
///
/// ```
/// use sudosat::model::{AnswerStream, Status};
/// let text = "s SATISFIABLE\nv 1 -2 0\nc next\ns UNSATISFIABLE\nSAT\n-1 2 0\n";
/// let mut stream = AnswerStream::new(text.as_bytes());
/// let mut seen = Vec::new();
/// while let Some(block) = stream.next_block().unwrap() {
///     seen.push((block.number, block.status, block.literals.len()));
/// }
/// assert_eq!(seen, [(1, Status::Sat, 2), (2, Status::Unsat, 0), (3, Status::Sat, 2)]);
/// ```
pub struct AnswerStream<R> {
    input: R,
    /// The current line's bytes, reused from line to line.
    buf: Vec<u8>,
    /// The number of the last line read.
    line: usize,
    /// The current block's literals, lent out by [`AnswerStream::next_block`].
    literals: Vec<Lit>,
    /// Blocks returned so far.
    blocks: usize,
    /// A status line already read, which starts the next block: (status, line).
    pending: Option<(Status, usize)>,
    /// The input is exhausted (or failed): every later call returns `None`.
    done: bool,
    /// Whether the stream is grouped, once its first block is read.
    grouped: Option<bool>,
    /// The current group of a grouped stream.
    group: Option<Group>,
    /// A `c cube` line read but not yet followed by its first block: (line, number).
    pending_group: Option<(ModelsLine, usize)>,
}

impl<R: BufRead> AnswerStream<R> {
    /// A reader of the answers in `input`.
    pub fn new(input: R) -> AnswerStream<R> {
        AnswerStream {
            input,
            buf: Vec::with_capacity(128),
            line: 0,
            literals: Vec::new(),
            blocks: 0,
            pending: None,
            done: false,
            grouped: None,
            group: None,
            pending_group: None,
        }
    }

    /// The number of blocks returned so far.
    pub fn blocks(&self) -> usize {
        self.blocks
    }

    /// Reads the next line into `buf` (without its line ending); false at the end.
    fn read_line(&mut self) -> Result<bool, StreamError> {
        self.buf.clear();
        let read = self
            .input
            .read_until(b'\n', &mut self.buf)
            .map_err(|source| StreamError::Io {
                line: self.line,
                source,
            })?;
        if read == 0 {
            return Ok(false);
        }
        self.line += 1;
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        Ok(true)
    }

    /// The next block, `None` after the last; [`StreamError::Empty`] if the input holds
    /// no answer at all.
    pub fn next_block(&mut self) -> Result<Option<Block<'_>>, StreamError> {
        if self.done {
            self.end_of_groups()?;
            return Ok(None);
        }
        let number = self.blocks + 1;
        self.literals.clear();
        let mut terminated = false;
        let (status, start) = match self.pending.take() {
            Some(pending) => pending,
            None => loop {
                if !self.read_line()? {
                    self.done = true;
                    self.end_of_groups()?;
                    return if self.blocks == 0 {
                        Err(StreamError::Empty)
                    } else {
                        Ok(None)
                    };
                }
                let line = self.line;
                let text = line_text(&self.buf);
                let header = match classify(&text) {
                    LineKind::Skip => ModelsLine::parse(&text),
                    LineKind::Status(status) => break (status, line),
                    LineKind::BadStatus(found) => return Err(bad_status(number, line, found)),
                    LineKind::Literals(..) if self.pending_group.is_some() => {
                        return Err(StreamError::Group {
                            line,
                            message: "literals after a `c cube` line, before any status line"
                                .to_string(),
                        });
                    }
                    LineKind::Literals(rest, offset) => {
                        // Literals before any status line: a bare model. Only the first
                        // answer can start so (each later block starts at the status
                        // line that ended the one before).
                        terminated = parse_literals(rest, offset, line, false, &mut self.literals)
                            .map_err(|source| StreamError::Line {
                                block: number,
                                source,
                            })?;
                        break (Status::Sat, line);
                    }
                };
                if let Some(header) = header {
                    self.open_group(header, line)?;
                }
            },
        };
        let group = self.place_in_group(number, status, start)?;
        let mut last = start;
        loop {
            if !self.read_line()? {
                self.done = true;
                break;
            }
            let line = self.line;
            let text = line_text(&self.buf);
            let header = match classify(&text) {
                LineKind::Skip => ModelsLine::parse(&text),
                LineKind::Status(next) => {
                    self.pending = Some((next, line));
                    break;
                }
                // A status line starts the next block, even a malformed one.
                LineKind::BadStatus(found) => return Err(bad_status(number + 1, line, found)),
                LineKind::Literals(rest, offset) => {
                    if status != Status::Sat {
                        return Err(StreamError::LiteralsWithoutModel {
                            block: number,
                            start,
                            line,
                            status: status.as_str(),
                        });
                    }
                    terminated |=
                        parse_literals(rest, offset, line, terminated, &mut self.literals)
                            .map_err(|source| StreamError::Line {
                                block: number,
                                source,
                            })?;
                    last = line;
                    None
                }
            };
            // A `c cube` line ends the block: the next group starts.
            if let Some(header) = header {
                self.open_group(header, line)?;
                break;
            }
        }
        // One answer alone keeps the lenient single-answer rules; in a stream of several,
        // a missing model or terminator means the text was cut.
        let alone = number == 1 && self.pending.is_none() && self.pending_group.is_none();
        if status == Status::Sat && !terminated && !alone {
            if self.literals.is_empty() {
                return Err(StreamError::NoModel {
                    block: number,
                    line: start,
                    next: self.pending.map_or(self.line, |(_, line)| line),
                });
            }
            return Err(StreamError::Truncated {
                block: number,
                start,
                line: last,
            });
        }
        self.blocks = number;
        Ok(Some(Block {
            number,
            line: start,
            status,
            literals: &self.literals,
            group,
        }))
    }

    /// Takes the `c cube` line `header` read at `line`: the group before must be complete
    /// and the cubes numbered in order.
    fn open_group(
        &mut self,
        header: Result<ModelsLine, String>,
        line: usize,
    ) -> Result<(), StreamError> {
        let error = |message: String| StreamError::Group { line, message };
        let header = header.map_err(error)?;
        if self.grouped == Some(false) {
            return Err(error(
                "a `c cube` line in a stream whose blocks began without one".to_string(),
            ));
        }
        if let Some((before, at)) = self.pending_group {
            return Err(error(format!(
                "cube {} (line {at}) has no answer block before this `c cube` line",
                before.cube
            )));
        }
        if let Some(group) = self.group {
            if group.blocks < group.expected() {
                return Err(error(format!(
                    "cube {} (line {}) announces {} block(s) but holds {}",
                    group.header.cube,
                    group.line,
                    group.expected(),
                    group.blocks
                )));
            }
        }
        let expected = self.group.map_or(1, |group| group.header.cube + 1);
        if header.cube != expected {
            return Err(error(format!(
                "cube {} where cube {expected} was expected (cubes are numbered in order)",
                header.cube
            )));
        }
        self.pending_group = Some((header, line));
        Ok(())
    }

    /// The group of block `number` (status `status` at line `start`) and its place in it;
    /// `None` in a stream without groups.
    fn place_in_group(
        &mut self,
        number: usize,
        status: Status,
        start: usize,
    ) -> Result<Option<(ModelsLine, usize)>, StreamError> {
        if let Some((header, line)) = self.pending_group.take() {
            self.grouped = Some(true);
            self.group = Some(Group {
                header,
                line,
                blocks: 0,
            });
        }
        let grouped = *self.grouped.get_or_insert(false);
        let Some(group) = self.group.as_mut().filter(|_| grouped) else {
            return Ok(None);
        };
        let error = |message: String| StreamError::Group {
            line: start,
            message: format!("block {number}: {message}"),
        };
        let cube = group.header.cube;
        if group.blocks == group.expected() {
            return Err(error(format!(
                "cube {cube} already holds its {} block(s) and no `c cube` line starts another",
                group.expected()
            )));
        }
        let fits = match (group.header.models, group.header.end) {
            (1.., _) => status == Status::Sat,
            (0, EnumerationEnd::Unknown) => status == Status::Unknown,
            (0, _) => status == Status::Unsat,
        };
        if !fits {
            return Err(error(format!(
                "the status is {} but cube {cube} announces {} model(s), {}",
                status.as_str(),
                group.header.models,
                match group.header.end {
                    EnumerationEnd::Exhausted => "exact",
                    EnumerationEnd::LimitReached => "limit",
                    EnumerationEnd::Unknown => "unknown",
                }
            )));
        }
        group.blocks += 1;
        Ok(Some((group.header, group.blocks - 1)))
    }

    /// At the end of the input: the last group must hold every block it announced.
    fn end_of_groups(&mut self) -> Result<(), StreamError> {
        let line = self.line;
        if let Some((header, at)) = self.pending_group.take() {
            return Err(StreamError::Group {
                line,
                message: format!(
                    "the input ends before the blocks of cube {} (line {at})",
                    header.cube
                ),
            });
        }
        if let Some(group) = self.group.take() {
            if group.blocks < group.expected() {
                return Err(StreamError::Group {
                    line,
                    message: format!(
                        "the input ends after {} of the {} block(s) cube {} (line {}) \
                         announces",
                        group.blocks,
                        group.expected(),
                        group.header.cube,
                        group.line
                    ),
                });
            }
        }
        Ok(())
    }
}

/// The line as text; answers are ASCII, so the lossy copy only happens for garbage.
fn line_text(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// The error for a status line of unknown wording at `line`, which would have started
/// block `block`.
fn bad_status(block: usize, line: usize, found: String) -> StreamError {
    StreamError::Line {
        block,
        source: ModelError::BadStatus { line, found },
    }
}

/// Appends the literals of `text` (found at byte `offset` of line `line`) to `out`.
/// Returns whether a terminating `0` was read; `terminated` says one was read before.
/// Shared with [`super::read_answer`], so one answer and a stream read literals alike.
pub(super) fn parse_literals(
    text: &str,
    offset: usize,
    line: usize,
    mut terminated: bool,
    out: &mut Vec<Lit>,
) -> Result<bool, ModelError> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if matches!(bytes[at], b' ' | b'\t') {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && !matches!(bytes[at], b' ' | b'\t') {
            at += 1;
        }
        let token = &bytes[start..at];
        let bad = || ModelError::BadLiteral {
            line,
            column: offset + start + 1,
            found: crate::text::excerpt(token),
        };
        let number = parse_number(token).ok_or_else(bad)?;
        if number == 0 {
            terminated = true;
            continue;
        }
        if terminated {
            return Err(ModelError::AfterTerminator { line });
        }
        out.push(Lit::from_dimacs(number).ok_or_else(bad)?);
    }
    Ok(terminated)
}

/// A signed decimal of at most 18 digits (anything longer is no variable anyway).
fn parse_number(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, token),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut value: i64 = 0;
    for &byte in digits {
        if !byte.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i64::from(byte - b'0');
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests;
