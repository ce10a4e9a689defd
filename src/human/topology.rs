//! The board's constraint groups seen by the techniques: every house and line of a
//! [`Layout`] as a [`Region`] with its rule, which regions hold each cell, which cells
//! see each other, and for square boards the rows, columns and boxes by number (fish and
//! rectangles are defined on them).

use crate::layout::{HouseKind, Layout};

/// What a region demands of its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A house with as many cells as digits: every digit exactly once.
    Full,
    /// A house with fewer cells: no digit twice, none required.
    Partial,
    /// A consecutive-run line: distinct digits forming a run (`crate::layout::runs`).
    Run,
}

/// One house or line.
#[derive(Clone, Debug)]
pub struct Region {
    /// Index into `layout.groups()` (houses first, then lines).
    pub group: usize,
    /// The kind, for names ("row 4").
    pub kind: HouseKind,
    /// 0-based number among the regions of its kind.
    pub index: usize,
    /// The cells, in reading order.
    pub cells: Vec<usize>,
    /// The rule.
    pub rule: Rule,
}

impl Region {
    /// "row 4", "box 5", "rising line 3".
    pub fn name(&self) -> String {
        format!("{} {}", self.kind, self.index + 1)
    }

    /// True for rows, columns, diagonals and the lines of a honeycomb (the regions fish
    /// and locked candidates call "lines"), false for boxes, jigsaw regions and extra
    /// houses.
    pub fn is_line_like(&self) -> bool {
        matches!(
            self.kind,
            HouseKind::Row
                | HouseKind::Column
                | HouseKind::Diagonal
                | HouseKind::Rising
                | HouseKind::Falling
        )
    }
}

/// The regions of a layout and the cell relations derived from them.
#[derive(Clone, Debug)]
pub struct Topology {
    /// Digits `1..=size`.
    pub size: usize,
    /// Number of cells.
    pub cells: usize,
    /// Houses then lines, in the order of `layout.groups()`.
    pub regions: Vec<Region>,
    /// For each cell, the regions holding it.
    pub cell_regions: Vec<Vec<usize>>,
    /// For each cell, the other cells sharing a region with it, ascending.
    pub peers: Vec<Vec<usize>>,
    /// Peer relation as a bit matrix, `words` u64 per cell.
    peer_bits: Vec<u64>,
    words: usize,
    /// On a square board with rows and columns: region index of row r, column c, and the
    /// box (or jigsaw region) of each cell.
    pub square: Option<Square>,
}

/// Rows, columns and boxes of a square board by number.
#[derive(Clone, Debug)]
pub struct Square {
    /// Cells per row and column.
    pub side: usize,
    /// Region index of each row.
    pub rows: Vec<usize>,
    /// Region index of each column.
    pub cols: Vec<usize>,
    /// Region index of the box (or jigsaw region) of each cell.
    pub block_of: Vec<usize>,
}

impl Topology {
    /// The topology of `layout`.
    pub fn new(layout: &Layout) -> Topology {
        let size = layout.size();
        let cells = layout.num_cells();
        let houses = layout.houses().len();
        let regions: Vec<Region> = layout
            .groups()
            .enumerate()
            .map(|(group, house)| Region {
                group,
                kind: house.kind,
                index: house.index,
                cells: house.cells.clone(),
                rule: if group >= houses {
                    Rule::Run
                } else if house.cells.len() == size {
                    Rule::Full
                } else {
                    Rule::Partial
                },
            })
            .collect();
        let mut cell_regions = vec![Vec::new(); cells];
        for (r, region) in regions.iter().enumerate() {
            for &cell in &region.cells {
                cell_regions[cell].push(r);
            }
        }
        // The peers are the layout's; the bit matrix beside them answers `sees` in O(1).
        let words = cells.div_ceil(64);
        let peers = layout.all_peers().to_vec();
        let mut peer_bits = vec![0u64; cells * words];
        for (a, list) in peers.iter().enumerate() {
            for &b in list {
                peer_bits[a * words + b / 64] |= 1 << (b % 64);
            }
        }
        let square = Self::square_of(layout, &regions);
        Topology {
            size,
            cells,
            regions,
            cell_regions,
            peers,
            peer_bits,
            words,
            square,
        }
    }

    fn square_of(layout: &Layout, regions: &[Region]) -> Option<Square> {
        if !layout.is_square() {
            return None;
        }
        let side = layout.size();
        let find = |kind: HouseKind| -> Option<Vec<usize>> {
            let mut found = vec![usize::MAX; side];
            for (r, region) in regions.iter().enumerate() {
                if region.kind == kind && region.rule == Rule::Full && region.index < side {
                    found[region.index] = r;
                }
            }
            found.iter().all(|&r| r != usize::MAX).then_some(found)
        };
        let rows = find(HouseKind::Row)?;
        let cols = find(HouseKind::Column)?;
        let mut block_of = vec![usize::MAX; side * side];
        for (r, region) in regions.iter().enumerate() {
            if matches!(region.kind, HouseKind::Box | HouseKind::Region)
                && region.rule == Rule::Full
            {
                for &cell in &region.cells {
                    block_of[cell] = r;
                }
            }
        }
        if block_of.contains(&usize::MAX) {
            return None;
        }
        Some(Square {
            side,
            rows,
            cols,
            block_of,
        })
    }

    /// The cells sharing a region with `cell`, as a bit set of [`Topology::words`] words.
    pub fn peer_words(&self, cell: usize) -> &[u64] {
        &self.peer_bits[cell * self.words..(cell + 1) * self.words]
    }

    /// Words of a cell bit set (`cells` bits).
    pub fn words(&self) -> usize {
        self.words
    }

    /// True when `a` and `b` (different cells) share a region.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// True when `cell` sees every cell of `others` (cells of `others` equal to `cell`
    /// do not count as seen).
    pub fn sees_all(&self, cell: usize, others: &[usize]) -> bool {
        others.iter().all(|&o| o != cell && self.sees(cell, o))
    }

    /// The regions holding both `a` and `b`.
    pub fn common_regions(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.cell_regions[a]
            .iter()
            .copied()
            .filter(move |r| self.cell_regions[b].contains(r))
    }

    /// The first region holding every cell of `cells`, preferring `Full` houses.
    pub fn region_holding(&self, cells: &[usize]) -> Option<usize> {
        let first = *cells.first()?;
        let mut best = None;
        for &r in &self.cell_regions[first] {
            if cells.iter().all(|c| self.cell_regions[*c].contains(&r)) {
                if self.regions[r].rule == Rule::Full {
                    return Some(r);
                }
                best.get_or_insert(r);
            }
        }
        best
    }

    /// Row and column (0-based) of a cell of a square board.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let side = self.square.as_ref().map_or(self.size, |s| s.side);
        (cell / side, cell % side)
    }
}
