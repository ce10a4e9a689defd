//! The Sudoku encodings over any [`Layout`] (plus the run clauses of its lines,
//! see [`super::hanidoku`]), and the header comments that make the resulting DIMACS file
//! self-describing.
//!
//! The header lets `model2grid --cnf FILE` rebuild the layout (and the givens) from the
//! CNF alone, so a model can be decoded without the original puzzle file.

use thiserror::Error;

use super::compact::{self, ClauseSink};
use super::{honeycomb, symmetry, EncodeError, EncodeOptions, Encoding, EncodingKind, VarMap};
use crate::grid::{parse_puzzles_for, to_line, Grid, PuzzleError};
use crate::layout::{parse_layout_file, Layout, LayoutError, LayoutFileError};
use crate::lit::Lit;

/// The longest `p show` comment line we write. The SAT competition caps `v` lines at
/// 4096 characters; staying below that keeps every line of our files within the same
/// limit, with room for the `c ` prefix.
const MAX_SHOW_LINE: usize = 4000;

/// Encodes `grid` (its non-zero cells are the givens) under `layout` with the extended
/// encoding; see the [module table](crate::encode) for the parts and their order. Lines of
/// the layout (Hanidoku) add their run clauses after the houses, before the givens.
///
/// ```
/// use sudosat::encode::encode_sudoku;
/// use sudosat::{grid::Grid, layout::Layout};
/// let encoding = encode_sudoku(&Grid::empty(9).unwrap(), &Layout::square(9).unwrap()).unwrap();
/// assert_eq!((encoding.cnf.num_vars(), encoding.cnf.num_clauses()), (729, 11_988));
/// assert_eq!(encoding.comments[1], "layout square 9");
/// ```
pub fn encode_sudoku(grid: &Grid, layout: &Layout) -> Result<Encoding, EncodeError> {
    let options = EncodeOptions {
        kind: EncodingKind::Extended,
        break_symmetry: false,
    };
    encode_with(grid, layout, &options)
}

/// Encodes `grid` under `layout` with the encoding and symmetry breaking of `options`.
/// Every encoding uses the numbering of [`VarMap`] over all cells × digits variables.
///
/// ```
/// use sudosat::encode::{encode_with, EncodeOptions, EncodingKind};
/// use sudosat::{grid::Grid, layout::Layout};
/// let (grid, layout) = (Grid::empty(9).unwrap(), Layout::square(9).unwrap());
/// let counts: Vec<usize> = EncodingKind::ALL
///     .iter()
///     .map(|&kind| {
///         let options = EncodeOptions { kind, break_symmetry: false };
///         encode_with(&grid, &layout, &options).unwrap().cnf.num_clauses()
///     })
///     .collect();
/// assert_eq!(counts, [8_829, 11_745, 11_988, 11_988]);
/// ```
pub fn encode_with(
    grid: &Grid,
    layout: &Layout,
    options: &EncodeOptions,
) -> Result<Encoding, EncodeError> {
    let size = layout.size();
    if grid.size() != size || grid.cells().len() != layout.num_cells() {
        return Err(EncodeError::SizeMismatch {
            grid_size: grid.size(),
            layout: layout.name().to_string(),
        });
    }
    let kind = options.kind;
    let unsupported = |reason: &str| EncodeError::Unsupported {
        what: if options.break_symmetry && !layout.lines().is_empty() {
            "--break-symmetry".to_string()
        } else {
            format!("encoding {kind}")
        },
        layout: layout.name().to_string(),
        reason: reason.to_string(),
    };
    if options.break_symmetry && !layout.lines().is_empty() {
        return Err(unsupported(
            "its run lines are not symmetric under renaming digits",
        ));
    }
    if kind == EncodingKind::Minimal && !every_cell_in_a_full_house(layout) {
        return Err(unsupported(
            "without cell at-most-one clauses a cell outside every full house could hold \
             several digits (use efficient, extended or compact)",
        ));
    }
    let map = VarMap::for_layout(layout);
    let fixed = (kind == EncodingKind::Compact).then(|| compact::propagate(grid, layout));
    let digits = 1..=size as u8;
    let mut sink = ClauseSink::new(map.num_vars(), fixed.as_ref());
    let mut clause: Vec<Lit> = Vec::with_capacity(size);

    for cell in 0..layout.num_cells() {
        clause.clear();
        clause.extend(digits.clone().map(|d| map.cell_var(cell, d).positive()));
        sink.add(&clause);
        if kind.cell_at_most_one() {
            add_pairwise_at_most_one(&mut sink, &clause);
        }
    }
    for house in layout.houses() {
        for digit in digits.clone() {
            clause.clear();
            clause.extend(
                house
                    .cells
                    .iter()
                    .map(|&cell| map.cell_var(cell, digit).positive()),
            );
            // Only a full house must contain every digit; a shorter one (a later layout's
            // extra region) only forbids repeats.
            if house.cells.len() == size && kind.house_at_least_one() {
                sink.add(&clause);
            }
            add_pairwise_at_most_one(&mut sink, &clause);
        }
    }
    for line in layout.lines() {
        honeycomb::add_line_clauses(&mut sink, &map, line, size);
    }
    for (cell, &digit) in grid.cells().iter().enumerate() {
        if digit != 0 {
            sink.add(&[map.cell_var(cell, digit).positive()]);
        }
    }
    let mut comments = header_comments(grid, layout, &map, kind);
    // Extra lines go right after the `encoding` line.
    let mut at = comments
        .iter()
        .position(|comment| comment.starts_with("encoding "))
        .map_or(comments.len(), |index| index + 1);
    if options.break_symmetry {
        let (clauses, description) = symmetry::precedence_clauses(grid, layout, &map);
        for clause in &clauses {
            sink.add(clause);
        }
        comments.insert(at, description);
        at += 1;
    }
    let mut cnf = sink.cnf;
    if let Some(fixed) = &fixed {
        let units = fixed.units(&map);
        comments.insert(
            at,
            format!(
                "compact: the extended encoding after propagating the givens (naked and \
                 hidden singles); satisfied clauses dropped, false literals removed; the last \
                 {} clauses are units giving the {} fixed variables their values, {} stay open",
                units.len(),
                units.len(),
                map.num_vars() - units.len()
            ),
        );
        for unit in units {
            cnf.add_clause(&[unit]);
        }
    }
    Ok(Encoding { cnf, comments })
}

/// True when every cell lies in a house of `size` cells, so that the house at-most-one
/// clauses and the cell at-least-one clause leave exactly one digit per cell (n cells, each
/// with a digit, no digit twice: pigeonhole).
fn every_cell_in_a_full_house(layout: &Layout) -> bool {
    layout.lines().is_empty()
        && (0..layout.num_cells()).all(|cell| {
            layout
                .houses_of(cell)
                .any(|house| house.cells.len() == layout.size())
        })
}

/// `¬a ∨ ¬b` for every pair of the (positive) literals in `lits`.
pub(super) fn add_pairwise_at_most_one(sink: &mut ClauseSink, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sink.add(&[!a, !b]);
        }
    }
}

fn header_comments(grid: &Grid, layout: &Layout, map: &VarMap, kind: EncodingKind) -> Vec<String> {
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
    // Hanidoku's extended encoding keeps its historical name `runs` (any layout with run
    // lines: a honeycomb file without them is named like the square encodings).
    let name = match (layout.lines().is_empty(), kind) {
        (true, kind) => kind.name().to_string(),
        (false, EncodingKind::Extended) => "runs".to_string(),
        (false, kind) => format!("runs {kind}"),
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
#[path = "sudoku_tests.rs"]
mod tests;
