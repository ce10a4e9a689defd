//! Moving the selection: four directions on square boards, six on the honeycomb.
//!
//! On the honeycomb each row is offset by half a cell from its neighbours, so a cell has
//! two neighbours above (up-left, up-right) and two below; `y` `u` `b` `n` reach them (the
//! diagonal keys of roguelike games), and ↑/↓ (`k`/`j`) go up-left and down-right (the
//! other one at the board's edge), so that ↑ then ↓ comes back.

use crossterm::event::KeyCode;

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

impl Direction {
    /// The direction a key moves in on `layout`, if it is a moving key there.
    pub fn of_key(code: KeyCode, layout: &Layout) -> Option<Direction> {
        let hex = matches!(layout.geometry(), Geometry::Hex { .. });
        Some(match code {
            KeyCode::Left | KeyCode::Char('h') => Direction::Left,
            KeyCode::Right | KeyCode::Char('l') => Direction::Right,
            KeyCode::Up | KeyCode::Char('k') => Direction::Up,
            KeyCode::Down | KeyCode::Char('j') => Direction::Down,
            KeyCode::Char('y') if hex => Direction::UpLeft,
            KeyCode::Char('u') if hex => Direction::UpRight,
            KeyCode::Char('b') if hex => Direction::DownLeft,
            KeyCode::Char('n') if hex => Direction::DownRight,
            _ => return None,
        })
    }
}

/// For each cell, where each direction leads (itself at an edge).
pub struct Neighbours {
    /// Per cell: Left, Right, Up, Down, UpLeft, UpRight, DownLeft, DownRight.
    table: Vec<[usize; 8]>,
}

impl Neighbours {
    /// The neighbour table of `layout`.
    pub fn new(layout: &Layout) -> Neighbours {
        let lengths = layout.row_lengths();
        let widest = lengths.iter().copied().max().unwrap_or(0);
        let hex = matches!(layout.geometry(), Geometry::Hex { .. });
        // A cell's place in half-cell units: rows of the honeycomb are centred.
        let indent = |row: usize| if hex { widest - lengths[row] } else { 0 };
        let at = |row: isize, half: isize| -> Option<usize> {
            let row = usize::try_from(row).ok().filter(|&r| r < lengths.len())?;
            let offset = half - indent(row) as isize;
            let step = if hex { 2 } else { 1 };
            if offset < 0 || offset % step != 0 {
                return None;
            }
            let col = (offset / step) as usize;
            (col < lengths[row]).then(|| layout.cell(row, col))
        };
        let table = (0..layout.num_cells())
            .map(|cell| {
                let (row, col) = layout.position(cell);
                let (r, step) = (row as isize, if hex { 2 } else { 1 });
                let half = (indent(row) + col * step as usize) as isize;
                let go = |dr: isize, dh: isize| at(r + dr, half + dh);
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
                    stay(go(-1, -1)),
                    stay(go(-1, 1)),
                    stay(go(1, -1)),
                    stay(go(1, 1)),
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
        assert_eq!(Direction::of_key(KeyCode::Char('y'), &layout), None);
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
}
