//! [`Layout`]: the shape of a puzzle as data — which cells it has, which digits they hold,
//! which groups of cells are constrained, and how the cells are drawn.
//!
//! Every other stage (parser, encoder, decoder, checker, formatters) is written against a
//! `Layout` rather than against rows, columns and boxes, so that a jigsaw region map, the
//! X-Sudoku diagonals, windoku boxes or a honeycomb only need a constructor here, and
//! most boards not even that: layout files (`file` for square boards, `hex_file` for
//! honeycombs, whose geometry is in `hex`) describe them as data. The built-in Hanidoku is
//! such a file, compiled in.
//!
//! Two kinds of constraint group exist:
//!
//! - **houses** ([`Layout::houses`]): all-different groups. A house with exactly
//!   [`Layout::size`] cells must hold every digit once; a shorter one only forbids repeats.
//! - **lines** ([`Layout::lines`]): consecutive-run groups (Hanidoku, `run` rules of
//!   honeycomb files). A line of `m` cells holds `m` distinct digits forming a run such
//!   as 3, 4, 5, 6, 7.
//!
//! "Neighbours differ" needs no third kind: each touching pair is a house of two cells.
//!
//! Invariants, established by the constructors and relied on by the encoder and checker:
//! every cell index in a group is `< num_cells()`, no group lists a cell twice, and a group
//! has at most `size()` cells.
//!
//! Cells are numbered in reading order (row by row, left to right) for every geometry, so
//! the variable numbering `var(cell, d) = cell·n + d` of [`crate::encode::VarMap`] is the
//! classic `(r·n + c)·n + v` on square grids and `cell·9 + d` on the honeycomb.

mod file;
mod hanidoku;
mod hex;
mod hex_file;
pub mod runs;
mod square;

use std::fmt;
use std::path::Path;

use thiserror::Error;

pub use file::{parse_layout_file, LayoutFileError};
pub use hex_file::HoneycombFileError;

/// The largest box side supported: `64 = 8²` digits still fit a `u8` cell with room to
/// spare, and a 64x64 grid already has 262,144 variables.
pub const MAX_BOX_SIZE: usize = 8;

/// What a constraint group is, for messages ("row 3", "rising line 2") and drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HouseKind {
    /// A full row of the grid (or a row of the honeycomb).
    Row,
    /// A full column of the grid.
    Column,
    /// A k×k box of a square Sudoku.
    Box,
    /// An irregular region of a jigsaw region map.
    Region,
    /// A main diagonal: index 0 runs top-left to bottom-right, index 1 top-right to
    /// bottom-left.
    Diagonal,
    /// An extra house of a layout file (windoku / hyper boxes and the like).
    Extra,
    /// A Hanidoku line rising to the right (`/`), counted left to right.
    Rising,
    /// A Hanidoku line falling to the right (`\`), counted left to right.
    Falling,
    /// Two touching cells of a honeycomb under "neighbours differ".
    Neighbours,
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Extra => "extra house",
            HouseKind::Rising => "rising line",
            HouseKind::Falling => "falling line",
            HouseKind::Neighbours => "neighbour pair",
        })
    }
}

/// A group of cells under one rule (all different, or a consecutive run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// What kind of group this is.
    pub kind: HouseKind,
    /// 0-based number among the groups of the same kind (box 0 is the top-left box).
    pub index: usize,
    /// Cell indices in reading order of the group (for a square grid `row · cols + col`).
    pub cells: Vec<usize>,
}

impl fmt::Display for House {
    /// "row 3", "box 1": 1-based, as people count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.index + 1)
    }
}

/// How the cells sit on the page, for the formatters and for (row, column) in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Geometry {
    /// A `side × side` square grid; `box_size` is the box side k of a classic Sudoku
    /// (drawn with box borders), `None` for irregular regions.
    Square {
        /// Cells per row and per column.
        side: usize,
        /// The box side, when the regions are k×k boxes.
        box_size: Option<usize>,
    },
    /// Hexagonal cells in rows, neighbouring rows offset by half a cell (the `hex`
    /// module's doubled coordinates).
    Hex {
        /// Cells per row, top to bottom.
        row_lengths: Vec<usize>,
        /// For each cell in reading order, its horizontal place in half cells from the
        /// board's left edge: cells of a row are 2 apart, a neighbour in the next row 1.
        half_columns: Vec<usize>,
    },
}

/// A layout that cannot be built.
#[derive(Debug, Error)]
pub enum LayoutError {
    /// The digit count is not `k²` for a box side `k` in `1..=8`.
    #[error(
        "size {size} is not a square Sudoku size (the sizes are k*k for k in 1..=8: \
         1, 4, 9, 16, 25, 36, 49, 64)"
    )]
    NotSquare {
        /// The size that was asked for.
        size: usize,
    },
    /// A `--layout` argument that is no built-in name and no readable file.
    #[error(
        "unknown layout `{0}`: use sudoku, x-sudoku, hanidoku or the path of a layout file \
         (see testdata/layouts/README.md)"
    )]
    Unknown(String),
    /// A layout whose size is fixed was asked for with another size.
    #[error("layout {layout} has {fixed} digits, not {requested}")]
    FixedSize {
        /// The layout's name.
        layout: String,
        /// Its digit count.
        fixed: usize,
        /// The `--size` given.
        requested: usize,
    },
    /// A layout file that does not parse.
    #[error("{0}")]
    File(#[from] LayoutFileError),
    /// A layout file that cannot be read.
    #[error("cannot read layout file {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// What `--layout` and `--size` ask for before any input is read. The square built-ins
/// given without a size take it from the input, as the puzzle readers and the model
/// decoder detect it (the X-Sudoku diagonals exist at every n²×n² size); anything else is
/// one layout from the start.
// One value per tool run: boxing the layout would save a few hundred bytes once.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutChoice {
    /// `sudoku` (or no `--layout`) without a size: the square of the input's size.
    Square,
    /// `x-sudoku` without a size: the X-Sudoku of the input's size.
    XSudoku,
    /// A layout whose size is known before the input: a size was given, or the layout
    /// fixes it (Hanidoku, a layout file, a CNF header).
    Fixed(Layout),
}

impl LayoutChoice {
    /// The choice for a `--layout` value (`None`: the default `sudoku`) and `--size`.
    ///
    /// ```
    /// use sudosat::layout::LayoutChoice;
    /// let x = LayoutChoice::from_args(Some("x-sudoku"), None).unwrap();
    /// assert_eq!(x.for_size(4).unwrap().name(), "x-sudoku 4");
    /// assert!(LayoutChoice::from_args(Some("x-sudoku"), Some(16)).unwrap().fixed().is_some());
    /// ```
    pub fn from_args(spec: Option<&str>, size: Option<usize>) -> Result<LayoutChoice, LayoutError> {
        match (spec, size) {
            (None | Some("sudoku" | "square"), None) => Ok(LayoutChoice::Square),
            (Some("x-sudoku"), None) => Ok(LayoutChoice::XSudoku),
            (None, Some(size)) => Layout::square(size).map(LayoutChoice::Fixed),
            (Some(spec), size) => Layout::resolve(spec, size).map(LayoutChoice::Fixed),
        }
    }

    /// The layout, when it is known without the input.
    pub fn fixed(&self) -> Option<&Layout> {
        match self {
            LayoutChoice::Fixed(layout) => Some(layout),
            LayoutChoice::Square | LayoutChoice::XSudoku => None,
        }
    }

    /// The layout for an input of `size` digits; a fixed layout of another size is refused.
    pub fn for_size(&self, size: usize) -> Result<Layout, LayoutError> {
        match self {
            LayoutChoice::Square => Layout::square(size),
            LayoutChoice::XSudoku => Layout::x_sudoku(size),
            LayoutChoice::Fixed(layout) if layout.size() == size => Ok(layout.clone()),
            LayoutChoice::Fixed(layout) => Err(LayoutError::FixedSize {
                layout: layout.name().to_string(),
                fixed: layout.size(),
                requested: size,
            }),
        }
    }
}

/// The shape of a puzzle: cells, digits `1..=size()`, houses, lines and geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    name: String,
    size: usize,
    num_cells: usize,
    geometry: Geometry,
    houses: Vec<House>,
    lines: Vec<House>,
    /// The layout file's text when the layout came from one, embedded in CNF headers so
    /// that the formula alone describes its board.
    source: Option<String>,
    /// For each cell, the indices into `houses` of the houses containing it, precomputed
    /// because conflict checks ask for them once per given.
    cell_houses: Vec<Vec<usize>>,
    /// For each cell, the other cells of every house and line through it, ascending:
    /// the one place peers are built (the game, the generator, the techniques and the
    /// bitboard solver all read them here).
    peers: Vec<Vec<usize>>,
    /// First cell index of each row (hex geometry), for `position` and `cell`.
    row_starts: Vec<usize>,
}

impl Layout {
    /// Builds a layout from its parts and indexes which houses each cell belongs to.
    ///
    /// The caller guarantees the module invariants; they are checked in debug builds.
    fn from_parts(
        name: String,
        size: usize,
        geometry: Geometry,
        houses: Vec<House>,
        lines: Vec<House>,
    ) -> Layout {
        let (num_cells, row_starts) = match &geometry {
            Geometry::Square { side, .. } => (side * side, Vec::new()),
            Geometry::Hex { row_lengths, .. } => {
                let mut starts = Vec::with_capacity(row_lengths.len());
                let mut total = 0;
                for length in row_lengths {
                    starts.push(total);
                    total += length;
                }
                (total, starts)
            }
        };
        let mut cell_houses = vec![Vec::new(); num_cells];
        for (house_index, house) in houses.iter().enumerate() {
            debug_assert!(house.cells.len() <= size);
            for &cell in &house.cells {
                cell_houses[cell].push(house_index);
            }
        }
        debug_assert!(lines
            .iter()
            .all(|line| line.cells.len() <= size && line.cells.iter().all(|&c| c < num_cells)));
        let mut peers = vec![Vec::new(); num_cells];
        for group in houses.iter().chain(&lines) {
            for &cell in &group.cells {
                peers[cell].extend(group.cells.iter().copied().filter(|&other| other != cell));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        Layout {
            name,
            size,
            num_cells,
            geometry,
            houses,
            lines,
            source: None,
            cell_houses,
            peers,
            row_starts,
        }
    }

    /// A built-in layout by name (`sudoku`, `x-sudoku`, `hanidoku`) or, failing that, the
    /// layout file at `spec`. `size` is the digit count for the square built-ins (9 when
    /// `None`); for fixed layouts it must match or be `None`.
    ///
    /// ```
    /// use sudosat::layout::Layout;
    /// assert_eq!(Layout::resolve("sudoku", Some(4)).unwrap().name(), "square 4");
    /// assert_eq!(Layout::resolve("x-sudoku", None).unwrap().houses().len(), 29);
    /// assert_eq!(Layout::resolve("hanidoku", None).unwrap().num_cells(), 61);
    /// assert!(Layout::resolve("no-such-layout", None).is_err());
    /// ```
    pub fn resolve(spec: &str, size: Option<usize>) -> Result<Layout, LayoutError> {
        let layout = match spec {
            "sudoku" | "square" => return Layout::square(size.unwrap_or(9)),
            "x-sudoku" => return Layout::x_sudoku(size.unwrap_or(9)),
            "hanidoku" => Layout::hanidoku(),
            path if Path::new(path).is_file() => {
                let text = std::fs::read_to_string(path).map_err(|source| LayoutError::Io {
                    path: path.to_string(),
                    source,
                })?;
                parse_layout_file(&text, path)?
            }
            other => return Err(LayoutError::Unknown(other.to_string())),
        };
        match size {
            Some(requested) if requested != layout.size => Err(LayoutError::FixedSize {
                layout: layout.name,
                fixed: layout.size,
                requested,
            }),
            _ => Ok(layout),
        }
    }

    /// A name for headers and messages, e.g. `"square 9"`, `"x-sudoku 9"`, `"hanidoku"`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The layout file's text, for layouts read from a file.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The number of digits `n`: cells hold `1..=n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of rows the cells sit in.
    pub fn rows(&self) -> usize {
        match &self.geometry {
            Geometry::Square { side, .. } => *side,
            Geometry::Hex { row_lengths, .. } => row_lengths.len(),
        }
    }

    /// Number of columns of a square grid; the longest row of a hex layout.
    pub fn cols(&self) -> usize {
        match &self.geometry {
            Geometry::Square { side, .. } => *side,
            Geometry::Hex { row_lengths, .. } => row_lengths.iter().copied().max().unwrap_or(0),
        }
    }

    /// Number of cells.
    pub fn num_cells(&self) -> usize {
        self.num_cells
    }

    /// How the cells are drawn.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// True for an n×n grid of cells with n digits: the shape of the classic formats.
    pub fn is_square(&self) -> bool {
        matches!(self.geometry, Geometry::Square { side, .. } if side == self.size)
    }

    /// The box side `k` of a classic square Sudoku (3 for 9x9). `None` for layouts whose
    /// regions are not k×k boxes, which the pretty printer then draws without inner borders.
    pub fn box_size(&self) -> Option<usize> {
        match self.geometry {
            Geometry::Square { box_size, .. } => box_size,
            Geometry::Hex { .. } => None,
        }
    }

    /// All-different houses: for a square Sudoku the rows, then the columns, then the
    /// boxes; then any diagonals and extra houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Consecutive-run lines (Hanidoku, `run` rules): rows, then rising, then falling lines.
    pub fn lines(&self) -> &[House] {
        &self.lines
    }

    /// Houses and lines together, houses first: every group whose digits must differ.
    pub fn groups(&self) -> impl Iterator<Item = &House> + '_ {
        self.houses.iter().chain(&self.lines)
    }

    /// The houses containing `cell`, in the order of [`Layout::houses`]. Empty for a
    /// cell index outside the layout.
    ///
    /// ```
    /// use sudosat::layout::{HouseKind, Layout};
    /// let layout = Layout::square(9).unwrap();
    /// let kinds: Vec<_> = layout.houses_of(80).map(|h| (h.kind, h.index)).collect();
    /// assert_eq!(kinds, [(HouseKind::Row, 8), (HouseKind::Column, 8), (HouseKind::Box, 8)]);
    /// ```
    pub fn houses_of(&self, cell: usize) -> impl Iterator<Item = &House> + '_ {
        self.cell_houses
            .get(cell)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(move |&index| &self.houses[index])
    }

    /// The peers of `cell`: the other cells that share a house or a line with it (on a
    /// honeycomb, a run line; with `neighbours differ`, the touching cells), ascending.
    /// Empty for a cell index outside the layout.
    ///
    /// ```
    /// use sudosat::layout::Layout;
    /// let layout = Layout::square(9).unwrap();
    /// assert_eq!(layout.peers(0).len(), 20);
    /// assert!(layout.peers(0).contains(&10) && !layout.peers(0).contains(&80));
    /// let honeycomb = Layout::hanidoku();
    /// assert!(honeycomb.peers(30).iter().all(|&p| honeycomb.peers(p).contains(&30)));
    /// ```
    pub fn peers(&self, cell: usize) -> &[usize] {
        self.peers.get(cell).map(Vec::as_slice).unwrap_or_default()
    }

    /// The peers of every cell, indexed by cell (see [`Layout::peers`]).
    pub fn all_peers(&self) -> &[Vec<usize>] {
        &self.peers
    }

    /// Cells per row, top to bottom.
    pub fn row_lengths(&self) -> Vec<usize> {
        match &self.geometry {
            Geometry::Square { side, .. } => vec![*side; *side],
            Geometry::Hex { row_lengths, .. } => row_lengths.clone(),
        }
    }

    /// The cell index of (`row`, `col`), both 0-based (`col` counts within the row).
    pub fn cell(&self, row: usize, col: usize) -> usize {
        match &self.geometry {
            Geometry::Square { side, .. } => row * side + col,
            Geometry::Hex { .. } => self.row_starts.get(row).copied().unwrap_or(0) + col,
        }
    }

    /// The 0-based (row, column within the row) of a cell index.
    ///
    /// ```
    /// use sudosat::layout::Layout;
    /// assert_eq!(Layout::square(9).unwrap().position(10), (1, 1));
    /// assert_eq!(Layout::hanidoku().position(5), (1, 0));
    /// assert_eq!(Layout::hanidoku().position(60), (8, 4));
    /// ```
    pub fn position(&self, cell: usize) -> (usize, usize) {
        match &self.geometry {
            Geometry::Square { side, .. } => (cell / side.max(&1), cell % side.max(&1)),
            Geometry::Hex { .. } => {
                let row = self.row_starts.partition_point(|&start| start <= cell);
                let row = row.saturating_sub(1);
                (row, cell - self.row_starts.get(row).copied().unwrap_or(0))
            }
        }
    }
}
