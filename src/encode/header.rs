//! The comment lines at the top of every formula `sudoku2cnf` writes, and their reading
//! back: they make the DIMACS file self-describing.
//!
//! The header names the tool, the layout (a layout file travels inside the formula, line
//! for line), the size, the encoding and its variable numbering, the puzzle, and `p show`
//! lines listing the variables of a solution (the projection used by model counters in the
//! model-counting competition). It lets `model2grid --cnf FILE` rebuild the layout (and the
//! givens) from the CNF alone, so a model can be decoded without the original puzzle file.
//! The `p cnf` line itself and the clauses are written by [`crate::dimacs::write`], which
//! takes these lines as plain comments.

use thiserror::Error;

use super::{EncodingKind, LineEncoding, VarMap};
use crate::grid::{parse_puzzles_for, to_line, Grid, PuzzleError};
use crate::layout::{parse_layout_file, Layout, LayoutError, LayoutFileError};

/// The longest `p show` comment line we write. The SAT competition caps `v` lines at
/// 4096 characters; staying below that keeps every line of our files within the same
/// limit, with room for the `c ` prefix.
const MAX_SHOW_LINE: usize = 4000;

/// The header comments of `grid` encoded over `layout` with `kind`, in their fixed order:
/// tool, layout, size, encoding, puzzle, `p show`.
pub(super) fn header_comments(
    grid: &Grid,
    layout: &Layout,
    map: &VarMap,
    kind: EncodingKind,
    lines: LineEncoding,
) -> Vec<String> {
    let n = layout.size();
    let mut comments = vec![format!("sudoku2cnf {}", env!("CARGO_PKG_VERSION"))];
    match layout.source() {
        // A file layout travels inside the formula, line for line.
        Some(text) => {
            comments.push(format!("layout file {}", layout.name()));
            comments.extend(text.lines().map(|line| format!("layout-file {line}")));
        }
        None => comments.push(format!("layout {}", layout.name())),
    }
    comments.push(format!("size {n}"));
    // A layout with run lines is named by its line encoding, then the cell encoding unless
    // it is extended: Hanidoku's extended encoding keeps its historical name `runs` (a
    // honeycomb file without lines is named like the square encodings).
    let name = match (layout.lines().is_empty(), kind) {
        (true, kind) => kind.name().to_string(),
        (false, EncodingKind::Extended) => lines.name().to_string(),
        (false, kind) => format!("{lines} {kind}"),
    };
    if layout.is_square() {
        comments.push(format!(
            "encoding {name}: var(r,c,v) = (r*{n}+c)*{n}+v, r and c 0-based, v 1..{n}"
        ));
    } else {
        comments.push(format!(
            "encoding {name}: var(cell,v) = cell*{n}+v, cell 0-based in reading order, v 1..{n}"
        ));
    }
    match to_line(grid) {
        Some(line) => comments.push(format!("puzzle {line}")),
        None => {
            for row in grid.cells().chunks(n) {
                let numbers: Vec<String> = row.iter().map(u8::to_string).collect();
                comments.push(format!("puzzle-row {}", numbers.join(" ")));
            }
        }
    }
    let mut show = String::from("p show");
    for number in 1..=map.num_vars() {
        let word = format!(" {number}");
        if show.len() + word.len() + " 0".len() > MAX_SHOW_LINE {
            show.push_str(" 0");
            comments.push(std::mem::replace(&mut show, String::from("p show")));
        }
        show.push_str(&word);
    }
    show.push_str(" 0");
    comments.push(show);
    comments
}

/// What the header comments of an encoded CNF say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderInfo {
    /// The layout named by `layout` (or, failing that, `size`).
    pub layout: Layout,
    /// The givens from the `puzzle` or `puzzle-row` lines, if present.
    pub puzzle: Option<Grid>,
}

/// Header comments that do not describe a layout we know.
#[derive(Debug, Error)]
pub enum HeaderError {
    /// Neither `layout` nor `size` appears.
    #[error("the CNF comments name no layout (expected `c layout square N` or `c size N`)")]
    Missing,
    /// A `layout` line with a layout we cannot build.
    #[error(
        "unknown layout `{0}` in the CNF comments (known: square N, x-sudoku N, hanidoku, \
         file NAME)"
    )]
    UnknownLayout(String),
    /// The embedded layout file does not parse.
    #[error("the layout file embedded in the CNF comments: {0}")]
    LayoutFile(LayoutFileError),
    /// A `size` or `layout square` number that is not a number.
    #[error("bad number in CNF comment `{0}`")]
    BadNumber(String),
    /// `layout` and `size` disagree.
    #[error("the CNF comments disagree: layout {layout} but size {size}")]
    Inconsistent {
        /// The layout's name.
        layout: String,
        /// The size line's number.
        size: usize,
    },
    /// The named size is no Sudoku size.
    #[error("in the CNF comments: {0}")]
    Layout(LayoutError),
    /// The `puzzle` line(s) do not parse for the layout.
    #[error("the puzzle in the CNF comments: {0}")]
    Puzzle(PuzzleError),
    /// The CNF could not be read.
    #[error("cannot read the CNF: {0}")]
    Io(#[from] std::io::Error),
}

/// Reads the comment lines at the top of a CNF (up to the first non-comment line) and
/// recovers the layout and puzzle from them, as [`read_header_comments`] does.
///
/// ```
/// use sudosat::encode::read_cnf_header;
/// let header = read_cnf_header("c layout hanidoku\np cnf 549 0\n".as_bytes()).unwrap();
/// assert_eq!(header.layout.num_cells(), 61);
/// ```
pub fn read_cnf_header<R: std::io::BufRead>(input: R) -> Result<HeaderInfo, HeaderError> {
    let mut comments = Vec::new();
    for line in input.lines() {
        let line = line?;
        let Some(comment) = line.strip_prefix('c') else {
            break;
        };
        comments.push(comment.strip_prefix(' ').unwrap_or(comment).to_string());
    }
    read_header_comments(&comments)
}

/// Recovers the layout and puzzle from comment lines (without their `c `; surrounding
/// whitespace is ignored, and so are lines we do not know).
///
/// ```
/// use sudosat::encode::{encode_sudoku, read_header_comments};
/// use sudosat::{grid::Grid, layout::Layout};
/// let mut grid = Grid::empty(4).unwrap();
/// grid.set(3, 2, 4);
/// let encoding = encode_sudoku(&grid, &Layout::square(4).unwrap()).unwrap();
/// let header = read_header_comments(&encoding.comments).unwrap();
/// assert_eq!((header.layout.name(), header.puzzle), ("square 4", Some(grid)));
/// ```
pub fn read_header_comments(comments: &[String]) -> Result<HeaderInfo, HeaderError> {
    let mut layout: Option<Layout> = None;
    let mut file_lines: Option<Vec<&str>> = None;
    let mut size: Option<usize> = None;
    let mut puzzle_line: Option<&str> = None;
    let mut puzzle_rows: Vec<&str> = Vec::new();
    for comment in comments {
        // Embedded layout-file lines keep their text; everything else is trimmed.
        if let Some(line) = comment.trim_start().strip_prefix("layout-file") {
            file_lines
                .get_or_insert_with(Vec::new)
                .push(line.strip_prefix(' ').unwrap_or(line));
            continue;
        }
        let comment = comment.trim();
        let (key, rest) = comment.split_once(' ').unwrap_or((comment, ""));
        let rest = rest.trim();
        match key {
            "layout" if rest.starts_with("file") => {}
            "layout" if rest == "hanidoku" => layout = Some(Layout::hanidoku()),
            "layout" => {
                let (name, number) = rest
                    .split_once(' ')
                    .filter(|(name, _)| matches!(*name, "square" | "x-sudoku"))
                    .ok_or_else(|| HeaderError::UnknownLayout(rest.to_string()))?;
                let n = parse_number(number, comment)?;
                let built = match name {
                    "square" => Layout::square(n),
                    _ => Layout::x_sudoku(n),
                };
                layout = Some(built.map_err(HeaderError::Layout)?);
            }
            "size" => size = Some(parse_number(rest, comment)?),
            "puzzle" => puzzle_line = Some(rest),
            "puzzle-row" => puzzle_rows.push(rest),
            _ => {}
        }
    }
    if let Some(lines) = file_lines {
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        layout =
            Some(parse_layout_file(&text, "the embedded layout").map_err(HeaderError::LayoutFile)?);
    }
    let layout = match (layout, size) {
        (Some(layout), Some(size)) if layout.size() != size => {
            return Err(HeaderError::Inconsistent {
                layout: layout.name().to_string(),
                size,
            })
        }
        (Some(layout), _) => layout,
        (None, Some(size)) => Layout::square(size).map_err(HeaderError::Layout)?,
        (None, None) => return Err(HeaderError::Missing),
    };
    let text = match puzzle_line {
        Some(line) => Some(line.to_string()),
        None if !puzzle_rows.is_empty() => Some(puzzle_rows.join("\n")),
        None => None,
    };
    let puzzle = match text {
        Some(text) => {
            let mut puzzles =
                parse_puzzles_for(&text, &layout, true).map_err(HeaderError::Puzzle)?;
            puzzles.truncate(1);
            puzzles.pop().map(|puzzle| puzzle.grid)
        }
        None => None,
    };
    Ok(HeaderInfo { layout, puzzle })
}

fn parse_number(text: &str, comment: &str) -> Result<usize, HeaderError> {
    text.trim()
        .parse()
        .map_err(|_| HeaderError::BadNumber(comment.to_string()))
}

#[cfg(test)]
mod tests;
