//! Random symmetries of a layout: a cell permutation plus a digit renaming that map every
//! solved grid to a solved grid.
//!
//! Candidates come from the geometry (for squares: row and column permutations within
//! bands and stacks, band and stack permutations, transposition, or the 8 rotations and
//! reflections; for honeycombs: the 12 rotations and reflections of the hexagonal lattice
//! about the board's centre, in cube coordinates). A candidate is used only if it maps every house onto a house and every
//! line onto a line, checked against the layout itself, so a wrong candidate (an X-Sudoku
//! band swap breaking a diagonal, a jigsaw region) is never applied. Digits are renamed
//! freely when the layout has only houses, and reversed (`d → n+1−d`, which keeps runs
//! runs) or kept when it has lines.

use std::collections::HashSet;

use crate::grid::Grid;
use crate::layout::{Geometry, Layout};
use crate::rng::SplitMix64;

/// The groups of a layout as sorted cell sets, to test candidate permutations.
pub(crate) struct Symmetries {
    houses: HashSet<Vec<usize>>,
    lines: HashSet<Vec<usize>>,
}

/// A random permutation of `0..len`.
pub(crate) fn shuffled(len: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut items: Vec<usize> = (0..len).collect();
    for i in (1..len).rev() {
        items.swap(i, rng.index(i + 1));
    }
    items
}

/// A random order of the k² rows (or columns) of a k²×k² Sudoku that keeps bands
/// (stacks) together: the bands shuffled, then the lines within each band.
pub(crate) fn band_order(k: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let bands = shuffled(k, rng);
    let mut order = Vec::with_capacity(k * k);
    for &band in &bands {
        order.extend(shuffled(k, rng).into_iter().map(|i| band * k + i));
    }
    order
}

impl Symmetries {
    /// The group sets of `layout`.
    pub(crate) fn new(layout: &Layout) -> Symmetries {
        let sorted = |cells: &[usize]| {
            let mut cells = cells.to_vec();
            cells.sort_unstable();
            cells
        };
        Symmetries {
            houses: layout.houses().iter().map(|h| sorted(&h.cells)).collect(),
            lines: layout.lines().iter().map(|h| sorted(&h.cells)).collect(),
        }
    }

    /// True when `perm` (new cell i takes old cell `perm[i]`) maps groups onto groups.
    fn preserves(&self, layout: &Layout, perm: &[usize]) -> bool {
        let image = |cells: &[usize]| {
            let mut out: Vec<usize> = cells.iter().map(|&c| perm[c]).collect();
            out.sort_unstable();
            out
        };
        layout
            .houses()
            .iter()
            .all(|h| self.houses.contains(&image(&h.cells)))
            && layout
                .lines()
                .iter()
                .all(|h| self.lines.contains(&image(&h.cells)))
    }

    /// Candidate cell permutations of the geometry, most varied first.
    fn candidates(layout: &Layout, rng: &mut SplitMix64) -> Vec<Vec<usize>> {
        match layout.geometry() {
            Geometry::Square { side, box_size } => {
                let n = *side;
                let mut out = Vec::new();
                if let Some(k) = box_size.filter(|&k| k * k == n) {
                    out.push(square_shuffle(n, k, rng));
                }
                out.push(dihedral_perm(n, rng.index(8)));
                out
            }
            Geometry::Hex { .. } => {
                // The drawn symmetry first, then the others in turn, so that a board with
                // fewer than 12 symmetries still gets a random one of those it has.
                let which = rng.index(12);
                (0..12)
                    .filter_map(|step| hex_symmetry(layout, (which + step) % 12))
                    .collect()
            }
        }
    }

    /// Every rotation and reflection of the board that maps groups onto groups, the
    /// identity first: the 12 of the hexagonal lattice on a honeycomb, the 8 of the
    /// square otherwise (the band and stack shuffles of Sudoku are left out: the
    /// witness pool wants a few images of many grids, not many of one).
    pub(crate) fn rigid(&self, layout: &Layout) -> Vec<Vec<usize>> {
        let mut perms: Vec<Vec<usize>> = vec![(0..layout.num_cells()).collect()];
        let candidates: Vec<Vec<usize>> = match layout.geometry() {
            Geometry::Square { side, .. } => {
                (0..8).map(|turn| dihedral_perm(*side, turn)).collect()
            }
            Geometry::Hex { .. } => (0..12)
                .filter_map(|which| hex_symmetry(layout, which))
                .collect(),
        };
        for perm in candidates {
            if !perms.contains(&perm) && self.preserves(layout, &perm) {
                perms.push(perm);
            }
        }
        perms
    }

    /// A random symmetric image of `grid` (the grid itself when nothing else fits).
    pub(crate) fn apply_random(&self, layout: &Layout, grid: &Grid, rng: &mut SplitMix64) -> Grid {
        let n = layout.size();
        let digits: Vec<u8> = if layout.lines().is_empty() {
            let perm = shuffled(n, rng);
            std::iter::once(0)
                .chain(perm.iter().map(|&d| d as u8 + 1))
                .collect()
        } else if rng.index(2) == 1 {
            (0..=n)
                .map(|d| if d == 0 { 0 } else { (n + 1 - d) as u8 })
                .collect()
        } else {
            (0..=n as u8).collect()
        };
        let perm = Symmetries::candidates(layout, rng)
            .into_iter()
            .find(|perm| self.preserves(layout, perm))
            .unwrap_or_else(|| (0..layout.num_cells()).collect());
        let cells = perm
            .iter()
            .map(|&old| digits[usize::from(grid.cells()[old])])
            .collect();
        Grid::for_layout(layout, cells).expect("a permutation of a grid of the layout")
    }
}

/// Rows and columns shuffled within bands and stacks, bands and stacks shuffled, and a
/// transposition half the time: a symmetry of every k²×k² Sudoku.
fn square_shuffle(n: usize, k: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let rows = band_order(k, rng);
    let cols = band_order(k, rng);
    let transpose = rng.index(2) == 1;
    (0..n * n)
        .map(|cell| {
            let (r, c) = (rows[cell / n], cols[cell % n]);
            if transpose {
                c * n + r
            } else {
                r * n + c
            }
        })
        .collect()
}

/// Rotation/reflection number `turn` (0..8) of an n×n board as a cell permutation.
fn dihedral_perm(n: usize, turn: usize) -> Vec<usize> {
    (0..n * n)
        .map(|cell| dihedral(n, cell / n, cell % n, turn))
        .collect()
}

/// The old cell that lands on (r, c) under rotation/reflection number `turn` (0..8).
fn dihedral(n: usize, r: usize, c: usize, turn: usize) -> usize {
    let m = n - 1;
    let (r, c) = match turn % 4 {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        _ => (m - c, r),
    };
    let (r, c) = if turn >= 4 { (r, m - c) } else { (r, c) };
    r * n + c
}

/// Symmetry number `which` (0..12) of a honeycomb board about its centre of mass: the
/// symmetries of the hexagonal lattice permute the three cube coordinates (6 ways) and
/// optionally negate all of them. Cube coordinates come from the places (row y,
/// half-column x) as (y, (x − y)/2, −(x + y)/2), shifted to an even lattice. `None` when
/// the image of some cell is no cell (the board lacks that symmetry).
///
/// To stay in integers the coordinates are scaled by the cell count N and taken relative
/// to their sum S: a cell p goes to `(S + g(N·p − S)) / N`, which must be a lattice
/// point. On Hanidoku the centre is the middle cell and these are the course's cube
/// coordinates (row − 5, falling − 5, 5 − rising), so the numbering of the 12 symmetries
/// is the one the generator always used.
fn hex_symmetry(layout: &Layout, which: usize) -> Option<Vec<usize>> {
    let Geometry::Hex { half_columns, .. } = layout.geometry() else {
        return None;
    };
    let cube = |cell: usize| -> [i64; 3] {
        let (row, _) = layout.position(cell);
        let (y, x) = (row as i64, half_columns[cell] as i64);
        // Every cell has the same parity of x + y; shift odd boards onto the even lattice.
        let x = x - (x + y).rem_euclid(2);
        [y, (x - y) / 2, -(x + y) / 2]
    };
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let order = ORDERS[which % 6];
    let sign = if which >= 6 { -1 } else { 1 };
    let count = layout.num_cells() as i64;
    let mut index = std::collections::HashMap::new();
    let mut sum = [0i64; 3];
    for cell in 0..layout.num_cells() {
        let p = cube(cell);
        for axis in 0..3 {
            sum[axis] += p[axis];
        }
        index.insert(p, cell);
    }
    (0..layout.num_cells())
        .map(|cell| {
            let p = cube(cell);
            let scaled = [0, 1, 2].map(|axis| count * p[axis] - sum[axis]);
            let mut image = [0i64; 3];
            for axis in 0..3 {
                let moved = sum[axis] + sign * scaled[order[axis]];
                if moved % count != 0 {
                    return None;
                }
                image[axis] = moved / count;
            }
            index.get(&image).copied()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rigid_symmetries_are_those_the_board_has() {
        let count = |layout: &Layout| Symmetries::new(layout).rigid(layout).len();
        assert_eq!(count(&Layout::hanidoku()), 12);
        assert_eq!(count(&Layout::square(9).unwrap()), 8);
        assert_eq!(count(&Layout::x_sudoku(9).unwrap()), 8);
        let flower = include_str!("../../testdata/layouts/flower.layout");
        let flower = crate::layout::parse_layout_file(flower, "flower").unwrap();
        assert_eq!(count(&flower), 6);
        let lopsided = "digits 3\nhoneycomb 2\n. .\n . . .\nneighbours differ\n";
        let lopsided = crate::layout::parse_layout_file(lopsided, "lopsided").unwrap();
        assert_eq!(
            Symmetries::new(&lopsided).rigid(&lopsided),
            vec![vec![0, 1, 2, 3, 4]]
        );
    }

    #[test]
    fn every_honeycomb_symmetry_keeps_the_lines() {
        let layout = Layout::hanidoku();
        let symmetries = Symmetries::new(&layout);
        let mut distinct = HashSet::new();
        for which in 0..12 {
            let perm = hex_symmetry(&layout, which).expect("cube coordinates close");
            assert!(symmetries.preserves(&layout, &perm), "symmetry {which}");
            distinct.insert(perm);
        }
        assert_eq!(distinct.len(), 12);
    }

    #[test]
    fn hanidoku_symmetries_keep_their_numbering_so_seeds_keep_their_grids() {
        // Symmetry `which` as the generator computed it before boards became files: cube
        // coordinates (row − 5, falling − 5, 5 − rising) from the course's line formulas.
        let layout = Layout::hanidoku();
        let cube = |cell: usize| -> [i64; 3] {
            let (r, c) = layout.position(cell);
            let (row, col) = (r as i64 + 1, c as i64 + 1);
            [
                row - 5,
                col + (5 - row).max(0) - 5,
                5 - col - (row - 5).max(0),
            ]
        };
        let cells: std::collections::HashMap<[i64; 3], usize> =
            (0..61).map(|cell| (cube(cell), cell)).collect();
        let orders = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for which in 0..12 {
            let sign = if which >= 6 { -1 } else { 1 };
            let order = orders[which % 6];
            let formula: Vec<usize> = (0..61)
                .map(|cell| {
                    let p = cube(cell);
                    cells[&[sign * p[order[0]], sign * p[order[1]], sign * p[order[2]]]]
                })
                .collect();
            assert_eq!(
                hex_symmetry(&layout, which),
                Some(formula),
                "symmetry {which}"
            );
        }
    }

    #[test]
    fn honeycomb_files_keep_exactly_their_rotations() {
        // The flower's and the pinwheel's regions turn with the board but are not mirror
        // images of themselves: 6 of the 12 lattice symmetries keep them. A trapezoid keeps
        // its mirror, a triangle (centred on a corner, not a cell) its 3 turns and 3
        // mirrors, a lopsided board only the identity.
        for (file, kept) in [
            (include_str!("../../testdata/layouts/flower.layout"), 6),
            (include_str!("../../testdata/layouts/pinwheel.layout"), 6),
            ("digits 3\nhoneycomb 2\n. . .\n . .\nneighbours differ\n", 2),
            (
                "digits 3\nhoneycomb 3\n. . .\n . .\n  .\nneighbours differ\n",
                6,
            ),
            ("digits 3\nhoneycomb 2\n. .\n . . .\nneighbours differ\n", 1),
        ] {
            let layout = crate::layout::parse_layout_file(file, "f").unwrap();
            let symmetries = Symmetries::new(&layout);
            let mut distinct = HashSet::new();
            for which in 0..12 {
                if let Some(perm) = hex_symmetry(&layout, which) {
                    if symmetries.preserves(&layout, &perm) {
                        distinct.insert(perm);
                    }
                }
            }
            assert_eq!(distinct.len(), kept, "{file}");
        }
    }

    #[test]
    fn square_candidates_keep_sudoku_and_dihedral_keeps_x_sudoku() {
        let mut rng = SplitMix64(3);
        let sudoku = Layout::square(9).unwrap();
        let x = Layout::x_sudoku(9).unwrap();
        let (s_sym, x_sym) = (Symmetries::new(&sudoku), Symmetries::new(&x));
        for _ in 0..50 {
            assert!(s_sym.preserves(&sudoku, &square_shuffle(9, 3, &mut rng)));
        }
        for turn in 0..8 {
            assert!(x_sym.preserves(&x, &dihedral_perm(9, turn)), "turn {turn}");
        }
        // A lone row swap inside a band breaks the diagonals: the check must see it.
        let mut swap: Vec<usize> = (0..81).collect();
        for c in 0..9 {
            swap.swap(c, 9 + c);
        }
        assert!(s_sym.preserves(&sudoku, &swap));
        assert!(!x_sym.preserves(&x, &swap));
    }
}
