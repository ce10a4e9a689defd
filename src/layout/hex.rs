//! Honeycomb geometry: where hexagonal cells sit, which cells touch, and the lines through
//! them in the three directions.
//!
//! A cell's place is (row, half-column), the "doubled" coordinates of Red Blob Games'
//! hexagonal grid guide: cells of one row are two half-columns apart, and each neighbour
//! in the row above or below sits one half-column to the left or right. That is exactly
//! how a honeycomb is typed as text (one symbol per cell, a space between, each row
//! shifted by one character), so a layout file's picture gives the places directly.
//!
//! From the places alone follow the six neighbours of a cell, `(y, x ± 2)` and
//! `(y ± 1, x ± 1)`, and the lines of the three directions: rows (`y` constant), rising
//! lines (`/`, `x + y` constant) and falling lines (`\`, `x − y` constant). A line is a
//! maximal run of touching cells, so a board with a notch has two lines where the notch
//! cuts one. Lines of a direction are numbered left to right (rows top to bottom), and
//! their cells listed in reading order, which on Hanidoku gives the course's numbering
//! (`shared/design/formats.md`: rising line `c + max(0, r − 5)`, falling `c + max(0, 5 − r)`).

use std::collections::HashMap;

/// One of the three line directions of a honeycomb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    /// Left to right along a row.
    Row,
    /// `/`: up and to the right.
    Rising,
    /// `\`: down and to the right.
    Falling,
}

impl Direction {
    /// The three directions in the order their lines are listed.
    pub(super) const ALL: [Direction; 3] = [Direction::Row, Direction::Rising, Direction::Falling];

    /// The step from a cell to the next one of its line in reading order.
    fn step(self) -> (i64, i64) {
        match self {
            Direction::Row => (0, 2),
            Direction::Rising => (1, -1),
            Direction::Falling => (1, 1),
        }
    }

    /// What is constant along a line of this direction: the line's place left to right.
    fn key(self, (y, x): (i64, i64)) -> i64 {
        match self {
            Direction::Row => y,
            Direction::Rising => x + y,
            Direction::Falling => x - y,
        }
    }
}

/// The cells of a honeycomb by their places, for neighbour and line look-ups.
pub(super) struct Places {
    places: Vec<(i64, i64)>,
    index: HashMap<(i64, i64), usize>,
}

impl Places {
    /// `places[cell]` = (row, half-column) of each cell, in reading order.
    pub(super) fn new(places: &[(usize, usize)]) -> Places {
        let places: Vec<(i64, i64)> = places.iter().map(|&(y, x)| (y as i64, x as i64)).collect();
        let index = places
            .iter()
            .enumerate()
            .map(|(cell, &place)| (place, cell))
            .collect();
        Places { places, index }
    }

    /// The cell at `(y, x)`, if any.
    fn at(&self, (y, x): (i64, i64)) -> Option<usize> {
        self.index.get(&(y, x)).copied()
    }

    /// Every pair of touching cells `[a, b]` with `a < b`, by `a` then `b`.
    pub(super) fn neighbour_pairs(&self) -> Vec<[usize; 2]> {
        let mut pairs = Vec::new();
        for (a, &(y, x)) in self.places.iter().enumerate() {
            // The three neighbours later in reading order: right, lower left, lower right.
            for place in [(y, x + 2), (y + 1, x - 1), (y + 1, x + 1)] {
                if let Some(b) = self.at(place) {
                    pairs.push([a, b]);
                }
            }
        }
        pairs
    }

    /// The lines of `direction`, left to right (rows top to bottom), each a maximal run
    /// of touching cells in reading order.
    pub(super) fn lines(&self, direction: Direction) -> Vec<Vec<usize>> {
        let (dy, dx) = direction.step();
        let mut lines: Vec<(i64, i64, Vec<usize>)> = Vec::new();
        for (start, &(y, x)) in self.places.iter().enumerate() {
            if self.at((y - dy, x - dx)).is_some() {
                continue;
            }
            let mut cells = vec![start];
            let mut place = (y + dy, x + dx);
            while let Some(cell) = self.at(place) {
                cells.push(cell);
                place = (place.0 + dy, place.1 + dx);
            }
            lines.push((direction.key((y, x)), y, cells));
        }
        lines.sort_by_key(|&(key, y, _)| (key, y));
        lines.into_iter().map(|(_, _, cells)| cells).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hexagon of side 2: rows of 2, 3, 2 cells.
    fn small() -> Places {
        Places::new(&[(0, 1), (0, 3), (1, 0), (1, 2), (1, 4), (2, 1), (2, 3)])
    }

    #[test]
    fn the_centre_touches_all_six_and_pairs_are_listed_once() {
        let pairs = small().neighbour_pairs();
        assert_eq!(pairs.iter().filter(|p| p.contains(&3)).count(), 6);
        // 6 spokes and 6 rim edges.
        assert_eq!(pairs.len(), 12);
        assert_eq!(pairs[..3], [[0, 1], [0, 2], [0, 3]]);
    }

    #[test]
    fn lines_run_left_to_right_in_reading_order() {
        let places = small();
        assert_eq!(
            places.lines(Direction::Row),
            [vec![0, 1], vec![2, 3, 4], vec![5, 6]]
        );
        assert_eq!(
            places.lines(Direction::Rising),
            [vec![0, 2], vec![1, 3, 5], vec![4, 6]]
        );
        assert_eq!(
            places.lines(Direction::Falling),
            [vec![2, 5], vec![0, 3, 6], vec![1, 4]]
        );
    }

    #[test]
    fn a_notch_cuts_a_row_into_two_lines() {
        let places = Places::new(&[(0, 0), (0, 2), (0, 6)]);
        assert_eq!(places.lines(Direction::Row), [vec![0, 1], vec![2]]);
        assert_eq!(places.neighbour_pairs(), [[0, 1]]);
    }
}
