//! Moving the selection, for the terminal game and the browser game alike: four
//! directions on square boards, six on the honeycomb.
//!
//! On the honeycomb a cell's place is its row and its half-column (`Geometry::Hex`, as
//! the layout file's picture gives it), so a cell has two neighbours above (up-left,
//! up-right, one half-column either way) and two below; `y` `u` `b` `n` reach them (the
//! diagonal keys of roguelike games), and ↑/↓ (`k`/`j`) go up-left and down-right (the
//! other one at the board's edge), so that ↑ then ↓ comes back.

use std::collections::HashMap;

use crate::layout::{Geometry, Layout};

/// A move of the selection: four directions on square boards, six on the honeycomb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// ← or `h`.
    Left,
    /// → or `l`.
    Right,
    /// ↑ or `k`: up on a square board, up-left on the honeycomb (up-right at its edge).
    Up,
    /// ↓ or `j`: down, or down-right (down-left at the edge).
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

impl Direction {
    /// The direction a key name of the page stands for (`left`, `up-right`, ...).
    pub fn from_name(name: &str) -> Option<Direction> {
        Some(match name {
            "left" => Direction::Left,
            "right" => Direction::Right,
            "up" => Direction::Up,
            "down" => Direction::Down,
            "up-left" => Direction::UpLeft,
            "up-right" => Direction::UpRight,
            "down-left" => Direction::DownLeft,
            "down-right" => Direction::DownRight,
            _ => return None,
        })
    }
}

/// For each cell, where each direction leads (the cell itself at an edge), as the
/// terminal game moves: places as (row, x), x in half-columns on the honeycomb.
pub struct Moves {
    table: Vec<[usize; 8]>,
}

impl Moves {
    /// The moves of `layout`.
    pub fn new(layout: &Layout) -> Moves {
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
                let (up, down) = if hex {
                    (go(-1, -1).or(go(-1, 1)), go(1, 1).or(go(1, -1)))
                } else {
                    (go(-1, 0), go(1, 0))
                };
                let diagonal = |dr, dx| if hex { go(dr, dx) } else { None };
                [
                    go(0, -step),
                    go(0, step),
                    up,
                    down,
                    diagonal(-1, -1),
                    diagonal(-1, 1),
                    diagonal(1, -1),
                    diagonal(1, 1),
                ]
                .map(|target| target.unwrap_or(cell))
            })
            .collect();
        Moves { table }
    }

    /// Where `direction` leads from `cell`.
    pub fn step(&self, cell: usize, direction: Direction) -> usize {
        self.table[cell][direction as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_moves_stop_at_the_edges() {
        let layout = Layout::square(9).unwrap();
        let moves = Moves::new(&layout);
        assert_eq!(moves.step(0, Direction::Left), 0);
        assert_eq!(moves.step(0, Direction::Right), 1);
        assert_eq!(moves.step(0, Direction::Down), 9);
        assert_eq!(moves.step(80, Direction::Down), 80);
    }

    #[test]
    fn honeycomb_cells_have_six_neighbours_and_up_down_come_back() {
        let layout = Layout::hanidoku();
        let moves = Moves::new(&layout);
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
        let moves = Moves::new(&layout);
        let name = |cell| crate::human::cell_name(&layout, cell);
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

    #[test]
    fn moves_stop_at_the_edges_and_follow_the_honeycomb() {
        let square = Moves::new(&Layout::square(9).unwrap());
        assert_eq!(square.step(0, Direction::Left), 0);
        assert_eq!(square.step(0, Direction::Right), 1);
        assert_eq!(square.step(0, Direction::Down), 9);
        assert_eq!(square.step(0, Direction::UpLeft), 0);
        let hex = Moves::new(&Layout::hanidoku());
        // r1c1 (cell 0): down-left is r2c1 (5), down-right r2c2 (6).
        assert_eq!(hex.step(0, Direction::DownLeft), 5);
        assert_eq!(hex.step(0, Direction::DownRight), 6);
        assert_eq!(hex.step(0, Direction::Down), 6);
        assert_eq!(hex.step(6, Direction::Up), 0);
        assert_eq!(hex.step(0, Direction::Up), 0);
    }
}
