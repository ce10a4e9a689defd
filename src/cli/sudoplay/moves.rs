//! Moving the selection: four directions on square boards, six on the honeycomb.
//!
//! On the honeycomb a cell's place is its row and its half-column (`Geometry::Hex`, as
//! the layout file's picture gives it), so a cell has two neighbours above (up-left,
//! up-right, one half-column either way) and two below; `y` `u` `b` `n` reach them (the
//! diagonal keys of roguelike games), and ↑/↓ (`k`/`j`) go up-left and down-right (the
//! other one at the board's edge), so that ↑ then ↓ comes back.

use std::collections::HashMap;

use crate::layout::{Geometry, Layout};

/// A move of the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// ← or `h`.
    Left,
    /// → or `l`.
    Right,
    /// ↑ or `k` (up-left on the honeycomb).
    Up,
    /// ↓ or `j` (down-right on the honeycomb).
    Down,
    /// `y`, honeycomb only.
    UpLeft,
    /// `u`, honeycomb only.
    UpRight,
    /// `b`, honeycomb only.
    DownLeft,
    /// `n`, honeycomb only.
    DownRight,
}

/// For each cell, where each direction leads (itself at an edge).
pub struct Neighbours {
    /// Per cell: Left, Right, Up, Down, UpLeft, UpRight, DownLeft, DownRight.
    table: Vec<[usize; 8]>,
}

impl Neighbours {
    /// The neighbour table of `layout`.
    pub fn new(layout: &Layout) -> Neighbours {
        // A cell's place: (row, x), x in half-columns on the honeycomb (cells of a row 2
        // apart), in columns on a square board (1 apart).
        let (places, step): (Vec<(isize, isize)>, isize) = match layout.geometry() {
            Geometry::Hex { half_columns, .. } => (
                (0..layout.num_cells())
                    .map(|cell| {
                        (
                            layout.position(cell).0 as isize,
                            half_columns[cell] as isize,
                        )
                    })
                    .collect(),
                2,
            ),
            Geometry::Square { .. } => (
                (0..layout.num_cells())
                    .map(|cell| {
                        let (row, col) = layout.position(cell);
                        (row as isize, col as isize)
                    })
                    .collect(),
                1,
            ),
        };
        let hex = step == 2;
        let at: HashMap<(isize, isize), usize> = places
            .iter()
            .enumerate()
            .map(|(cell, &place)| (place, cell))
            .collect();
        let table = (0..layout.num_cells())
            .map(|cell| {
                let (r, x) = places[cell];
                let go = |dr: isize, dx: isize| at.get(&(r + dr, x + dx)).copied();
                let stay = |target: Option<usize>| target.unwrap_or(cell);
                let (up, down) = if hex {
                    (go(-1, -1).or(go(-1, 1)), go(1, 1).or(go(1, -1)))
                } else {
                    (go(-1, 0), go(1, 0))
                };
                [
                    stay(go(0, -step)),
                    stay(go(0, step)),
                    stay(up),
                    stay(down),
                    stay(go(-1, -1).filter(|_| hex)),
                    stay(go(-1, 1).filter(|_| hex)),
                    stay(go(1, -1).filter(|_| hex)),
                    stay(go(1, 1).filter(|_| hex)),
                ]
            })
            .collect();
        Neighbours { table }
    }

    /// Where `direction` leads from `cell`.
    pub fn step(&self, cell: usize, direction: Direction) -> usize {
        let index = match direction {
            Direction::Left => 0,
            Direction::Right => 1,
            Direction::Up => 2,
            Direction::Down => 3,
            Direction::UpLeft => 4,
            Direction::UpRight => 5,
            Direction::DownLeft => 6,
            Direction::DownRight => 7,
        };
        self.table[cell][index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_moves_stop_at_the_edges() {
        let layout = Layout::square(9).unwrap();
        let moves = Neighbours::new(&layout);
        assert_eq!(moves.step(0, Direction::Left), 0);
        assert_eq!(moves.step(0, Direction::Right), 1);
        assert_eq!(moves.step(0, Direction::Down), 9);
        assert_eq!(moves.step(80, Direction::Down), 80);
    }

    #[test]
    fn honeycomb_cells_have_six_neighbours_and_up_down_come_back() {
        let layout = Layout::hanidoku();
        let moves = Neighbours::new(&layout);
        // The middle cell r5c5 (index 30): row 5 has 9 cells starting at 26.
        let centre = 30;
        assert_eq!(moves.step(centre, Direction::Left), 29);
        assert_eq!(moves.step(centre, Direction::Right), 31);
        // Row 4 (8 cells from 18) sits half a cell in: r4c4 and r4c5 are above.
        assert_eq!(moves.step(centre, Direction::UpLeft), 21);
        assert_eq!(moves.step(centre, Direction::UpRight), 22);
        assert_eq!(moves.step(centre, Direction::DownLeft), 38);
        assert_eq!(moves.step(centre, Direction::DownRight), 39);
        for cell in 0..61 {
            for (there, back) in [
                (Direction::UpLeft, Direction::DownRight),
                (Direction::UpRight, Direction::DownLeft),
                (Direction::Left, Direction::Right),
            ] {
                let next = moves.step(cell, there);
                if next != cell {
                    assert_eq!(moves.step(next, back), cell, "cell {cell} {there:?}");
                }
            }
        }
        // The top-left corner has no up neighbour: ↑ stays.
        assert_eq!(moves.step(0, Direction::Up), 0);
        assert_eq!(moves.step(0, Direction::Down), 6);
    }

    #[test]
    fn the_flowers_rows_step_as_its_map_shows() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/testdata/layouts/flower.layout"
        );
        let layout = Layout::resolve(path, None).unwrap();
        let moves = Neighbours::new(&layout);
        let name = |cell| crate::play::cell_name(&layout, cell);
        // Row 3 starts at half-column 5, row 4 at 4: r3c1's down-left is r4c1, its
        // down-right r4c2 (a centred drawing would put r4c1 straight under r3c1).
        let r3c1 = layout.cell(2, 0);
        assert_eq!(name(moves.step(r3c1, Direction::DownLeft)), "r4c1");
        assert_eq!(name(moves.step(r3c1, Direction::DownRight)), "r4c2");
        // Row 1 (two cells from half-column 9) over row 2 (five from 8).
        assert_eq!(
            name(moves.step(layout.cell(0, 0), Direction::DownLeft)),
            "r2c1"
        );
        assert_eq!(
            name(moves.step(layout.cell(0, 1), Direction::DownRight)),
            "r2c3"
        );
    }
}
