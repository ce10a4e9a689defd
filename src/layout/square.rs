//! The classic n×n Sudoku with n = k²: n rows, n columns and n boxes of k×k cells; and
//! X-Sudoku, which adds both main diagonals as houses.

use super::{Geometry, House, HouseKind, Layout, LayoutError, MAX_BOX_SIZE};

/// Rows (top to bottom) then columns (left to right) of an n×n grid: the first houses of
/// every square layout, in the order the encoder's clause order depends on.
pub(super) fn rows_and_columns(n: usize) -> Vec<House> {
    let mut houses = Vec::with_capacity(3 * n + 2);
    for row in 0..n {
        let cells = (0..n).map(|col| row * n + col).collect();
        houses.push(House {
            kind: HouseKind::Row,
            index: row,
            cells,
        });
    }
    for col in 0..n {
        let cells = (0..n).map(|row| row * n + col).collect();
        houses.push(House {
            kind: HouseKind::Column,
            index: col,
            cells,
        });
    }
    houses
}

/// The two main diagonals of an n×n grid: `\` first, then `/`.
pub(super) fn diagonals(n: usize) -> [House; 2] {
    [
        House {
            kind: HouseKind::Diagonal,
            index: 0,
            cells: (0..n).map(|i| i * n + i).collect(),
        },
        House {
            kind: HouseKind::Diagonal,
            index: 1,
            cells: (0..n).map(|i| i * n + (n - 1 - i)).collect(),
        },
    ]
}

/// The box side k with k² = n, if n is a supported square size.
fn box_side(n: usize) -> Result<usize, LayoutError> {
    (1..=MAX_BOX_SIZE)
        .find(|k| k * k == n)
        .ok_or(LayoutError::NotSquare { size: n })
}

impl Layout {
    /// The square Sudoku with `n` digits, `n = k²` for `k` in `1..=8`.
    ///
    /// Houses come rows first (top to bottom), then columns (left to right), then boxes
    /// (reading order); cells within a house in reading order. The encoder's clause order
    /// follows this order, so it must stay fixed.
    ///
    /// ```
    /// use sudosat::layout::{HouseKind, Layout};
    /// let layout = Layout::square(9).unwrap();
    /// assert_eq!(layout.name(), "square 9");
    /// assert_eq!((layout.size(), layout.num_cells(), layout.box_size()), (9, 81, Some(3)));
    /// assert_eq!(layout.houses().len(), 27);
    /// let box1 = &layout.houses()[19];
    /// assert_eq!((box1.kind, box1.index), (HouseKind::Box, 1));
    /// assert_eq!(box1.cells, [3, 4, 5, 12, 13, 14, 21, 22, 23]);
    /// assert!(Layout::square(10).is_err());
    /// ```
    pub fn square(n: usize) -> Result<Layout, LayoutError> {
        let k = box_side(n)?;
        let mut houses = rows_and_columns(n);
        for index in 0..n {
            let (top, left) = (index / k * k, index % k * k);
            let cells = (0..n).map(|i| (top + i / k) * n + left + i % k).collect();
            houses.push(House {
                kind: HouseKind::Box,
                index,
                cells,
            });
        }
        Ok(Layout::from_parts(
            format!("square {n}"),
            n,
            Geometry::Square {
                side: n,
                box_size: Some(k),
            },
            houses,
            Vec::new(),
        ))
    }

    /// X-Sudoku: the square Sudoku with `n` digits plus both main diagonals as houses
    /// (after the boxes: `\` then `/`).
    ///
    /// ```
    /// use sudosat::layout::{HouseKind, Layout};
    /// let layout = Layout::x_sudoku(9).unwrap();
    /// assert_eq!(layout.name(), "x-sudoku 9");
    /// let anti = &layout.houses()[28];
    /// assert_eq!((anti.kind, anti.index, anti.cells[0]), (HouseKind::Diagonal, 1, 8));
    /// ```
    pub fn x_sudoku(n: usize) -> Result<Layout, LayoutError> {
        let square = Layout::square(n)?;
        let mut houses = square.houses;
        houses.extend(diagonals(n));
        Ok(Layout::from_parts(
            format!("x-sudoku {n}"),
            n,
            square.geometry,
            houses,
            Vec::new(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The peers the layout keeps against their definition, asked pair by pair: two
    /// different cells are peers when some house or line holds both.
    #[test]
    fn peers_are_the_cells_sharing_a_house_or_a_line() {
        let layouts = [
            Layout::square(4).unwrap(),
            Layout::square(9).unwrap(),
            Layout::x_sudoku(9).unwrap(),
            Layout::hanidoku(),
        ];
        for layout in layouts {
            for a in 0..layout.num_cells() {
                let expected: Vec<usize> = (0..layout.num_cells())
                    .filter(|&b| {
                        b != a
                            && layout
                                .groups()
                                .any(|g| g.cells.contains(&a) && g.cells.contains(&b))
                    })
                    .collect();
                assert_eq!(layout.peers(a), expected, "{} cell {a}", layout.name());
                assert_eq!(layout.all_peers()[a], expected);
            }
            assert!(layout.peers(layout.num_cells()).is_empty());
        }
    }

    #[test]
    fn every_valid_size_builds_and_every_other_size_fails() {
        for n in 0..=70 {
            let valid = (1..=8).any(|k| k * k == n);
            assert_eq!(Layout::square(n).is_ok(), valid, "size {n}");
        }
    }

    #[test]
    fn each_cell_lies_in_exactly_one_house_of_each_kind() {
        for k in 1..=8 {
            let n = k * k;
            let layout = Layout::square(n).unwrap();
            assert_eq!(layout.houses().len(), 3 * n);
            for cell in 0..layout.num_cells() {
                let kinds: Vec<_> = layout.houses_of(cell).map(|h| h.kind).collect();
                assert_eq!(kinds, [HouseKind::Row, HouseKind::Column, HouseKind::Box]);
                let (row, col) = layout.position(cell);
                assert_eq!(layout.cell(row, col), cell);
                let indices: Vec<_> = layout.houses_of(cell).map(|h| h.index).collect();
                assert_eq!(indices, [row, col, row / k * k + col / k]);
            }
            for house in layout.houses() {
                let mut cells = house.cells.clone();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), n, "{house} of size {n}");
            }
        }
    }

    #[test]
    fn x_sudoku_diagonals_cross_in_the_centre() {
        let layout = Layout::x_sudoku(9).unwrap();
        assert_eq!(layout.houses().len(), 29);
        let centre: Vec<_> = layout.houses_of(40).map(|h| h.to_string()).collect();
        assert_eq!(
            centre,
            ["row 5", "column 5", "box 5", "diagonal 1", "diagonal 2"]
        );
        assert_eq!(layout.houses_of(1).count(), 3);
    }

    #[test]
    fn names_and_errors_read_well() {
        assert_eq!(Layout::square(16).unwrap().name(), "square 16");
        assert_eq!(
            Layout::square(10).unwrap_err().to_string(),
            "size 10 is not a square Sudoku size (the sizes are k*k for k in 1..=8: \
             1, 4, 9, 16, 25, 36, 49, 64)"
        );
        assert_eq!(
            Layout::square(4).unwrap().houses()[5].to_string(),
            "column 2"
        );
        assert_eq!(Layout::square(4).unwrap().houses_of(16).count(), 0);
    }
}
