//! Reading puzzles from text: the line format and the block format, one puzzle at a time.
//!
//! [`PuzzleReader`] streams: it holds one line (or one block of rows) at a time, so a file
//! of a million puzzles costs no more memory than one puzzle. The format is detected per
//! puzzle from its first line:
//!
//! - **Line format**: a line that is one token. One symbol per cell, row-major: `1`-`9`,
//!   then `A`-`Z` (or `a`-`z`) for 10-35; `.` or `0` blank. The size follows from the
//!   symbol count, `k⁴` symbols for a k²×k² grid (16, 81, 256, 625, 1296).
//! - **Block format**: a line of several whitespace-separated tokens starts a block of n
//!   rows of n numbers (`.` or `0` blank), n being the token count of that first line.
//!   A blank line or the n-th row ends the block. The only format for n > 35.
//!
//! A reader made with [`PuzzleReader::for_layout`] reads puzzles of that layout only. For a
//! square layout (X-Sudoku, a layout file) the formats above apply with the layout's size,
//! and givens are checked against its houses. For a honeycomb (Hanidoku, a honeycomb
//! layout file):
//!
//! - **Line format**: one symbol per cell in reading order (61 for Hanidoku; `0` or `.`
//!   blank), optionally after the course files' prefix `HQV1G`; spaces are ignored.
//! - **Block format**: one line per row of the honeycomb (Hanidoku: 5, 6, 7, 8, 9, 8, 7,
//!   6, 5 symbols), spaces between symbols optional.
//!
//! Everywhere: `#` lines are comments, blank lines between puzzles are ignored, `\r`
//! and surrounding whitespace are dropped, and a final newline is optional. A first line
//! that is a lone count (Norvig's files start with `95`) is skipped when another line
//! follows it; no puzzle has 2 to 15 cells, so a count cannot be mistaken for one.
//!
//! [`PuzzleReader::records`] also reads the marker lines (`unsolvable`, `unknown`) that a
//! batch writes in place of a grid its solver did not find.
//!
//! Each puzzle is validated in reading order and the first problem is reported with the
//! puzzle number, the line, and the cell where there is one. After an error the reader
//! carries on with the next puzzle, so a caller may report and continue; an I/O error
//! ends the stream.

use std::io::BufRead;

use super::Grid;
use crate::layout::{HouseKind, Layout};

mod error;
mod records;
mod shaped;

pub use error::PuzzleError;
pub use records::{Marker, Record, Records};

/// How to read puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Forces the grid size n (`--size N`); every puzzle of another size is an error.
    pub size: Option<usize>,
    /// Accepts givens that repeat a digit in a house, for callers (such as
    /// `gridcheck --partial`) that report conflicts themselves.
    pub allow_conflicts: bool,
}

/// One puzzle read from text, with where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens; blanks are 0.
    pub grid: Grid,
    /// 1-based position among the puzzles of the input (a skipped count line is no puzzle).
    pub number: usize,
    /// 1-based line on which the puzzle starts.
    pub line: usize,
}

/// One physical line, classified.
enum RawLine {
    Blank,
    Comment,
    Content(String),
}

/// Box sides whose grids the line format can hold: 1296 cells (36x36) is the largest a
/// line reasonably carries, and k ≤ 6 keeps detection unambiguous.
const LINE_BOX_SIDES: std::ops::RangeInclusive<usize> = 1..=6;

/// Streams puzzles from buffered text; see the module docs for the formats.
///
/// ```
/// use sudosat::grid::{ParseOptions, PuzzleReader};
/// let text = "# two puzzles\n1.3.\n..........2.....\r\n\n1 0 0 0\n0 0 2 0\n0 0 0 0\n0 0 0 3\n";
/// let reader = PuzzleReader::new(text.as_bytes(), &ParseOptions::default()).unwrap();
/// let puzzles: Vec<_> = reader.collect();
/// assert!(puzzles[0].is_err()); // 4 cells fit no size
/// let second = puzzles[1].as_ref().unwrap();
/// assert_eq!((second.number, second.line, second.grid.givens()), (2, 3, 1));
/// assert_eq!(puzzles[2].as_ref().unwrap().grid.get(3, 3), 3);
/// ```
pub struct PuzzleReader<R> {
    input: R,
    options: ParseOptions,
    /// Lines read so far (the number of the last line read).
    line_no: usize,
    buf: Vec<u8>,
    /// A content line read ahead while deciding whether the first line is a count.
    pending: Option<(usize, String)>,
    puzzles: usize,
    seen_content: bool,
    /// The size of the first puzzle whose size was known, to word later length errors.
    file_size: Option<usize>,
    /// The layout of the last size seen: files rarely mix sizes, so one is enough.
    layout: Option<Layout>,
    /// Set by [`PuzzleReader::for_layout`]: `layout` is fixed and never replaced.
    fixed: bool,
    done: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input`. Fails if `options.size` is no Sudoku size.
    pub fn new(input: R, options: &ParseOptions) -> Result<PuzzleReader<R>, PuzzleError> {
        let layout = match options.size {
            Some(size) => Some(Layout::square(size).map_err(PuzzleError::InvalidSize)?),
            None => None,
        };
        Ok(PuzzleReader {
            input,
            options: *options,
            line_no: 0,
            buf: Vec::new(),
            pending: None,
            puzzles: 0,
            seen_content: false,
            file_size: None,
            layout,
            fixed: false,
            done: false,
        })
    }

    /// A reader of puzzles of `layout` only (see the module docs for the honeycomb's
    /// formats); `allow_conflicts` as in [`ParseOptions`].
    ///
    /// ```
    /// use sudosat::grid::PuzzleReader;
    /// use sudosat::layout::Layout;
    /// let text = "HQV1G0000000000000000000000000000000000000000000000002053000040350\r\n";
    /// let layout = Layout::hanidoku();
    /// let puzzle = PuzzleReader::for_layout(text.as_bytes(), &layout, false).next().unwrap().unwrap();
    /// assert_eq!((puzzle.grid.cells().len(), puzzle.grid.givens()), (61, 6));
    /// ```
    pub fn for_layout(input: R, layout: &Layout, allow_conflicts: bool) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            options: ParseOptions {
                size: Some(layout.size()),
                allow_conflicts,
            },
            line_no: 0,
            buf: Vec::new(),
            pending: None,
            puzzles: 0,
            seen_content: false,
            file_size: Some(layout.size()),
            layout: Some(layout.clone()),
            fixed: true,
            done: false,
        }
    }

    /// The fixed layout when it is not an n×n square (the honeycomb).
    fn shaped_layout(&self) -> Option<&Layout> {
        self.layout
            .as_ref()
            .filter(|layout| self.fixed && !layout.is_square())
    }

    fn read_line(&mut self) -> Result<Option<RawLine>, PuzzleError> {
        self.buf.clear();
        let read = self
            .input
            .read_until(b'\n', &mut self.buf)
            .map_err(|source| PuzzleError::Io {
                line: self.line_no + 1,
                source,
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        let text = String::from_utf8_lossy(&self.buf);
        let text = text.trim_start_matches('\u{feff}').trim();
        Ok(Some(if text.is_empty() {
            RawLine::Blank
        } else if text.starts_with('#') {
            RawLine::Comment
        } else {
            RawLine::Content(text.to_string())
        }))
    }

    /// The next line with a puzzle or part of one, with its number.
    fn next_content(&mut self) -> Result<Option<(usize, String)>, PuzzleError> {
        if let Some(pending) = self.pending.take() {
            return Ok(Some(pending));
        }
        loop {
            match self.read_line()? {
                None => return Ok(None),
                Some(RawLine::Content(text)) => return Ok(Some((self.line_no, text))),
                Some(RawLine::Blank | RawLine::Comment) => {}
            }
        }
    }

    fn next_puzzle(&mut self) -> Result<Option<Puzzle>, PuzzleError> {
        let Some((mut line, mut text)) = self.next_content()? else {
            return Ok(None);
        };
        if let Some(layout) = self.shaped_layout().cloned() {
            self.puzzles += 1;
            return self
                .read_shaped(&layout, self.puzzles, line, &text)
                .map(Some);
        }
        if !self.seen_content {
            self.seen_content = true;
            // Digits only and shorter than the smallest real puzzle (16 cells): a count,
            // if a puzzle follows. A lone digit could be a 1x1 puzzle, so it counts as a
            // count only when the next line is longer.
            if text.len() < 16 && text.bytes().all(|b| b.is_ascii_digit()) {
                if let Some(next) = self.next_content()? {
                    if text.len() > 1 || next.1.len() > 1 {
                        (line, text) = next;
                    } else {
                        self.pending = Some(next);
                    }
                }
            }
        }
        self.puzzles += 1;
        let number = self.puzzles;
        if text.split_whitespace().nth(1).is_some() {
            self.read_block(number, line, text).map(Some)
        } else {
            self.parse_line(number, line, &text).map(Some)
        }
    }

    fn parse_line(
        &mut self,
        number: usize,
        line: usize,
        text: &str,
    ) -> Result<Puzzle, PuzzleError> {
        let found = text.chars().count();
        let line_size = match self.options.size {
            // A forced size may go beyond the detected ones (49x49 of blanks and 1-35).
            Some(forced) if forced * forced == found => Some(forced),
            _ => LINE_BOX_SIDES.map(|k| k * k).find(|n| n * n == found),
        };
        let size = match (self.options.size, line_size) {
            (Some(requested), Some(found)) if requested != found => {
                return Err(PuzzleError::SizeMismatch {
                    puzzle: number,
                    line,
                    requested,
                    found,
                })
            }
            (_, Some(size)) => size,
            (_, None) => {
                let Some(size) = self.options.size.or(self.file_size) else {
                    return Err(PuzzleError::NoSize {
                        puzzle: number,
                        line,
                        found,
                    });
                };
                return Err(PuzzleError::WrongCellCount {
                    puzzle: number,
                    line,
                    size,
                    expected: size * size,
                    found,
                });
            }
        };
        self.file_size.get_or_insert(size);
        let mut cells = Vec::with_capacity(found);
        for (index, symbol) in text.chars().enumerate() {
            let (row, col) = (index / size + 1, index % size + 1);
            cells.push(symbol_value(symbol, size, number, line, (row, col))?);
        }
        self.finish(number, line, Grid { size, cells })
    }

    fn read_block(
        &mut self,
        number: usize,
        line: usize,
        first: String,
    ) -> Result<Puzzle, PuzzleError> {
        let width = first.split_whitespace().count();
        // Read the whole block before judging it, so that an error leaves the reader at
        // the start of the next puzzle.
        let mut rows = vec![(line, first)];
        while rows.len() < width {
            match self.read_line()? {
                None | Some(RawLine::Blank) => break,
                Some(RawLine::Comment) => {}
                Some(RawLine::Content(text)) => rows.push((self.line_no, text)),
            }
        }
        let size = width;
        match self.options.size {
            Some(requested) if requested != size => {
                return Err(PuzzleError::SizeMismatch {
                    puzzle: number,
                    line,
                    requested,
                    found: size,
                })
            }
            _ => {}
        }
        if Layout::square(size).is_err() {
            return Err(PuzzleError::BlockWidth {
                puzzle: number,
                line,
                found: size,
            });
        }
        self.file_size.get_or_insert(size);
        let mut cells = Vec::with_capacity(size * size);
        for (row_index, (row_line, text)) in rows.iter().enumerate() {
            let row = row_index + 1;
            let found = text.split_whitespace().count();
            if found != size {
                return Err(PuzzleError::RowLength {
                    puzzle: number,
                    line: *row_line,
                    row,
                    size,
                    found,
                });
            }
            for (col_index, token) in text.split_whitespace().enumerate() {
                let col = col_index + 1;
                let value = block_value(token, size).map_err(|error| match error {
                    TokenError::Unknown => PuzzleError::UnknownSymbol {
                        puzzle: number,
                        line: *row_line,
                        row,
                        col,
                        symbol: crate::text::excerpt(token.as_bytes()),
                    },
                    TokenError::OutOfRange(value) => PuzzleError::OutOfRange {
                        puzzle: number,
                        line: *row_line,
                        row,
                        col,
                        value,
                        size,
                    },
                })?;
                cells.push(value);
            }
        }
        if rows.len() != size {
            return Err(PuzzleError::RowCount {
                puzzle: number,
                line,
                size,
                found: rows.len(),
            });
        }
        self.finish(number, line, Grid { size, cells })
    }

    /// Checks the givens for repeats (unless allowed) and wraps the grid up.
    fn finish(&mut self, number: usize, line: usize, grid: Grid) -> Result<Puzzle, PuzzleError> {
        if !self.options.allow_conflicts {
            if !self.fixed && self.layout.as_ref().map(Layout::size) != Some(grid.size) {
                self.layout = Layout::square(grid.size).ok();
            }
            if let Some(layout) = &self.layout {
                if let Some(conflict) = first_conflict(&grid, layout) {
                    let (a, b, digit, house, index) = conflict;
                    let place = |cell: usize| {
                        let (row, col) = layout.position(cell);
                        (row + 1, col + 1)
                    };
                    return Err(PuzzleError::Conflict {
                        puzzle: number,
                        line,
                        first: place(a),
                        second: place(b),
                        digit,
                        house,
                        index: index + 1,
                    });
                }
            }
        }
        Ok(Puzzle { grid, number, line })
    }
}

/// The first repeated given, group by group in layout order (houses, then lines, whose
/// digits must differ too): (first cell, second cell, digit, group kind, 0-based index).
fn first_conflict(grid: &Grid, layout: &Layout) -> Option<(usize, usize, u8, HouseKind, usize)> {
    let mut seen: Vec<Option<usize>> = vec![None; grid.size + 1];
    for house in layout.groups() {
        seen.fill(None);
        for &cell in &house.cells {
            let digit = grid.cells.get(cell).copied().unwrap_or(0);
            if digit == 0 || usize::from(digit) > grid.size {
                continue;
            }
            if let Some(earlier) = seen[usize::from(digit)] {
                return Some((earlier, cell, digit, house.kind, house.index));
            }
            seen[usize::from(digit)] = Some(cell);
        }
    }
    None
}

/// The value of one line-format symbol: `.`/`0` blank, `1`-`9`, then `A`-`Z` (either case)
/// for 10-35; an unknown symbol or a value above `size` is the error of cell `(row, col)`
/// (1-based) of puzzle `puzzle`, on line `line`.
pub(super) fn symbol_value(
    symbol: char,
    size: usize,
    puzzle: usize,
    line: usize,
    (row, col): (usize, usize),
) -> Result<u8, PuzzleError> {
    let value = match symbol {
        '.' | '0' => 0,
        '1'..='9' | 'A'..='Z' | 'a'..='z' => symbol.to_digit(36).unwrap_or(0) as usize,
        _ => {
            return Err(PuzzleError::UnknownSymbol {
                puzzle,
                line,
                row,
                col,
                symbol: crate::text::excerpt(symbol.to_string().as_bytes()),
            })
        }
    };
    if value > size {
        return Err(PuzzleError::OutOfRange {
            puzzle,
            line,
            row,
            col,
            value: value.to_string(),
            size,
        });
    }
    Ok(value as u8)
}

enum TokenError {
    Unknown,
    OutOfRange(String),
}

/// The value of one block-format token: `.`/`0` blank, a decimal number, or (for
/// symmetry with the line format) a single letter `A`-`Z` for 10-35.
fn block_value(token: &str, size: usize) -> Result<u8, TokenError> {
    let value = if token == "." {
        0
    } else if token.bytes().all(|b| b.is_ascii_digit()) {
        let digits = token.trim_start_matches('0');
        if digits.len() > 3 {
            return Err(TokenError::OutOfRange(digits.to_string()));
        }
        digits.parse::<usize>().unwrap_or(0)
    } else {
        let mut chars = token.chars();
        match (chars.next(), chars.next()) {
            (Some(letter @ ('A'..='Z' | 'a'..='z')), None) => {
                letter.to_digit(36).unwrap_or(0) as usize
            }
            _ => return Err(TokenError::Unknown),
        }
    };
    if value > size {
        return Err(TokenError::OutOfRange(value.to_string()));
    }
    Ok(value as u8)
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, PuzzleError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.next_puzzle() {
            Ok(Some(puzzle)) => Some(Ok(puzzle)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(error) => {
                // A failed read leaves the input in an unknown state: stop there.
                self.done = matches!(error, PuzzleError::Io { .. });
                Some(Err(error))
            }
        }
    }
}

/// Reads every puzzle of `text`, stopping at the first error.
///
/// ```
/// use sudosat::grid::{parse_puzzles, ParseOptions};
/// let text = "95\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let puzzles = parse_puzzles(text, &ParseOptions::default()).unwrap();
/// assert_eq!((puzzles.len(), puzzles[0].line, puzzles[0].grid.givens()), (1, 2, 17));
/// ```
pub fn parse_puzzles(text: &str, options: &ParseOptions) -> Result<Vec<Puzzle>, PuzzleError> {
    PuzzleReader::new(text.as_bytes(), options)?.collect()
}

/// Reads every puzzle of `text` for `layout` (see [`PuzzleReader::for_layout`]), stopping
/// at the first error.
pub fn parse_puzzles_for(
    text: &str,
    layout: &Layout,
    allow_conflicts: bool,
) -> Result<Vec<Puzzle>, PuzzleError> {
    PuzzleReader::for_layout(text.as_bytes(), layout, allow_conflicts).collect()
}

#[cfg(test)]
mod tests;
