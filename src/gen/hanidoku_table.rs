//! Every solved Hanidoku grid, from a table in the binary: uniform random grids, and
//! uniqueness questions answered by a scan instead of a search.
//!
//! **Why a table.** The honeycomb has few solutions: the bitset search (`bitboard`, with
//! the run rules) enumerates the empty board exhaustively in about 35 million nodes (41 s
//! in a release build) and finds 86,256 grids, 3,780 classes under the board's 12
//! rotations and reflections and the digit reversal `d → 10−d` (a grid some symmetry
//! maps to itself has fewer than 24 images). So the generator can do
//! what the 17-clue search did for Sudoku with unavoidable sets (McGuire et al., 2012),
//! over every grid there is: for a solution S and each other grid T, the cells where T
//! differs from S form a mask D(T) (61 cells fit a `u64`). T is a solution of givens G
//! exactly when D(T) misses G, so blanking a given c lets a second solution in exactly
//! when some D(T) meets G in c alone. That is one pass over 86,255 words, where the
//! search took milliseconds; and drawing a grid is drawing an index, which makes the
//! random grids uniform (the CDCL's draws were heavily biased: 2,001,000 draws did not
//! give 20,000 distinct grids).
//!
//! **The table** (`hanidoku_grids.bin`) holds the smallest image of each class, 61
//! digits packed two to a byte, 31 bytes a class, sorted. A test rebuilds it from the
//! enumeration and compares (release builds only, for its 41 s); setting
//! `SUDOSAT_WRITE_HANIDOKU_TABLE` to a path makes that test write it there.

use std::sync::OnceLock;

use super::symmetry::Symmetries;
use super::GenError;
use crate::grid::Grid;
use crate::layout::Layout;

/// Cells of the Hanidoku board.
const CELLS: usize = 61;

/// Bytes of one class in the packed table: 61 digits, two to a byte.
const PACKED_CLASS: usize = CELLS.div_ceil(2);

/// Bytes a grid takes in the expanded table: its 61 digits and 3 zeros, so that a grid
/// is eight aligned words.
const STRIDE: usize = 64;

/// Solved Hanidoku grids: every one of them.
const GRIDS: usize = 86_256;

/// The packed classes.
static PACKED: &[u8] = include_bytes!("hanidoku_grids.bin");

/// Whether `layout` is the Hanidoku board, whatever its name or where it came from: 61
/// cells, digits 1-9, no houses, and the lines of [`Layout::hanidoku`] as cell sets.
fn is_hanidoku(layout: &Layout) -> bool {
    let lines = |layout: &Layout| {
        let mut lines: Vec<Vec<usize>> = (layout.lines().iter())
            .map(|line| {
                let mut cells = line.cells.clone();
                cells.sort_unstable();
                cells
            })
            .collect();
        lines.sort_unstable();
        lines
    };
    layout.num_cells() == CELLS
        && layout.size() == 9
        && layout.houses().is_empty()
        && lines(layout) == lines(&Layout::hanidoku())
}

/// The table of a layout's solved grids, for a layout the binary carries one for (only
/// Hanidoku's): what the generator, the random grids and the listing ask instead of
/// "is this Hanidoku".
#[derive(Clone, Copy, Debug)]
pub(crate) struct GridTable {
    _only_by_for_layout: (),
}

impl GridTable {
    /// The table of `layout`'s grids, if there is one.
    pub(crate) fn for_layout(layout: &Layout) -> Option<GridTable> {
        is_hanidoku(layout).then_some(GridTable {
            _only_by_for_layout: (),
        })
    }

    /// How many grids the layout has: all of them are in the table.
    pub(crate) fn count(self) -> usize {
        GRIDS
    }

    /// Grid `index` (below [`GridTable::count`]) as a grid of `layout`, the layout the
    /// table was found for.
    pub(crate) fn grid(self, layout: &Layout, index: usize) -> Grid {
        Grid::for_layout(layout, grid(index).to_vec())
            .expect("a table grid has the layout's cells and digits")
    }

    /// `count` distinct grids are more than `layout` has: [`GenError::Exhausted`].
    pub(crate) fn check_count(self, layout: &Layout, count: u64) -> Result<(), GenError> {
        if count > GRIDS as u64 {
            return Err(GenError::Exhausted {
                layout: layout.name().to_string(),
                found: GRIDS as u64,
            });
        }
        Ok(())
    }

    /// Every other grid's differences from `solution`, one of the table's grids.
    pub(crate) fn differences(self, solution: &[u8]) -> Differences {
        Differences::of(solution)
    }
}

/// Every solved Hanidoku grid in sorted order, grid i at `[i * 64..i * 64 + 61]`, built
/// from the packed classes once per process (`sudokugen grids 1 --layout hanidoku` takes
/// 0.02-0.03 s here, against under 0.01 s on X-Sudoku).
fn all_grids() -> &'static [u8] {
    static GRIDS_TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    GRIDS_TABLE.get_or_init(|| expand(PACKED))
}

/// Grid `index` (below [`GRIDS`]) of [`all_grids`].
fn grid(index: usize) -> &'static [u8] {
    &all_grids()[index * STRIDE..][..CELLS]
}

/// The symmetries of the board as cell permutations (new cell i takes old cell
/// `perm[i]`), each to be taken with and without the digit reversal.
fn symmetries() -> Vec<Vec<usize>> {
    let layout = Layout::hanidoku();
    Symmetries::new(&layout).rigid(&layout)
}

/// Every image of every class, sorted and without repeats (a grid fixed by a symmetry
/// is its own image), at [`STRIDE`] bytes a grid.
fn expand(packed: &[u8]) -> Vec<u8> {
    let symmetries = symmetries();
    let mut grids: Vec<[u8; STRIDE]> = Vec::with_capacity(packed.len() / PACKED_CLASS * 24);
    for class in packed.chunks_exact(PACKED_CLASS) {
        let grid = unpack(class);
        for perm in &symmetries {
            let mut image = [0u8; STRIDE];
            let mut reversed = [0u8; STRIDE];
            for (new, &old) in perm.iter().enumerate() {
                image[new] = grid[old];
                reversed[new] = 10 - grid[old];
            }
            grids.push(image);
            grids.push(reversed);
        }
    }
    grids.sort_unstable();
    grids.dedup();
    grids.concat()
}

/// The 61 digits of a packed class (high nibble first).
fn unpack(class: &[u8]) -> [u8; CELLS] {
    let mut grid = [0u8; CELLS];
    for (cell, digit) in grid.iter_mut().enumerate() {
        let byte = class[cell / 2];
        *digit = if cell % 2 == 0 { byte >> 4 } else { byte & 15 };
    }
    grid
}

/// The cells where each grid of the table differs from one solution S: the unavoidable
/// sets of S, one per other grid.
pub(crate) struct Differences {
    /// One mask per grid other than S, bit c for cell c.
    masks: Vec<u64>,
}

impl Differences {
    /// The differences of every other grid from `solution` (a solved Hanidoku grid).
    fn of(solution: &[u8]) -> Differences {
        debug_assert_eq!(solution.len(), CELLS);
        let mut padded = [0u8; STRIDE];
        padded[..CELLS].copy_from_slice(solution);
        let words: [u64; 8] = std::array::from_fn(|i| word_at(&padded, i));
        let mut masks = Vec::with_capacity(GRIDS);
        for grid in all_grids().chunks_exact(STRIDE) {
            let mut mask = 0u64;
            for (i, &word) in words.iter().enumerate() {
                mask |= u64::from(nonzero_bytes(word_at(grid, i) ^ word)) << (8 * i);
            }
            if mask != 0 {
                masks.push(mask);
            }
        }
        Differences { masks }
    }

    /// Whether blanking `cell` of the givens `givens` (bit c for each given cell c,
    /// `cell` among them) lets in a solution other than S: some other grid differs
    /// from S at `cell` and at no other given.
    pub(crate) fn lets_in_another(&self, givens: u64, cell: usize) -> bool {
        let bit = 1u64 << cell;
        self.masks.iter().any(|&mask| mask & givens == bit)
    }
}

/// Eight bytes of `grid` from byte `8 * i`, as one word.
fn word_at(grid: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(grid[8 * i..8 * i + 8].try_into().expect("eight bytes"))
}

/// Bit k set when byte k of `word` is not zero.
fn nonzero_bytes(word: u64) -> u8 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Fold each byte onto its low bit, then gather the eight low bits into the top byte.
    let mut folded = word | (word >> 4);
    folded |= folded >> 2;
    folded |= folded >> 1;
    ((folded & LOW).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

#[cfg(test)]
mod tests;
