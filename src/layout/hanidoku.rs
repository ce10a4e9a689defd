//! Hanidoku, the honeycomb: 61 hexagonal cells in 9 rows of 5, 6, 7, 8, 9, 8, 7, 6, 5,
//! digits 1..9, no houses, 27 consecutive-run lines.
//!
//! Geometry (`shared/design/formats.md`): cell (r, c) with 1-based row r and position c in
//! its row of length `9 − |5 − r|`. The rising line (`/`) through it has index
//! `c + max(0, r − 5)` and the falling line (`\`) `c + max(0, 5 − r)`, both 1..9 counted
//! left to right; line k of each direction has `9 − |5 − k|` cells. Rows are offset by
//! half a cell, each centred under the middle row.

use super::{Geometry, House, HouseKind, Layout};

/// Number of rows, and of lines in each direction.
const ROWS: usize = 9;

/// Cells in 1-based row (or line) `r`: 5, 6, 7, 8, 9, 8, 7, 6, 5.
fn length(r: usize) -> usize {
    ROWS - r.abs_diff(5)
}

impl Layout {
    /// The Hanidoku honeycomb: lines in the order rows, rising, falling (each 1..9, left to
    /// right or top to bottom); cells of a line in reading order.
    ///
    /// ```
    /// use sudosat::layout::{HouseKind, Layout};
    /// let layout = Layout::hanidoku();
    /// assert_eq!((layout.num_cells(), layout.size(), layout.lines().len()), (61, 9, 27));
    /// assert!(layout.houses().is_empty());
    /// let rising1 = &layout.lines()[9];
    /// assert_eq!((rising1.kind, rising1.cells.as_slice()), (HouseKind::Rising, &[0, 5, 11, 18, 26][..]));
    /// ```
    pub fn hanidoku() -> Layout {
        let row_lengths: Vec<usize> = (1..=ROWS).map(length).collect();
        let mut rows = vec![Vec::new(); ROWS];
        let mut rising = vec![Vec::new(); ROWS];
        let mut falling = vec![Vec::new(); ROWS];
        let mut cell = 0;
        for r in 1..=ROWS {
            for c in 1..=length(r) {
                rows[r - 1].push(cell);
                rising[c + r.saturating_sub(5) - 1].push(cell);
                falling[c + 5usize.saturating_sub(r) - 1].push(cell);
                cell += 1;
            }
        }
        let mut lines = Vec::with_capacity(3 * ROWS);
        for (kind, groups) in [
            (HouseKind::Row, rows),
            (HouseKind::Rising, rising),
            (HouseKind::Falling, falling),
        ] {
            for (index, cells) in groups.into_iter().enumerate() {
                lines.push(House { kind, index, cells });
            }
        }
        Layout::from_parts(
            "hanidoku".to_string(),
            ROWS,
            Geometry::Hex { row_lengths },
            Vec::new(),
            lines,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_lies_on_one_line_of_each_direction_and_lengths_match() {
        let layout = Layout::hanidoku();
        let mut seen = vec![[0usize; 3]; 61];
        for line in layout.lines() {
            assert_eq!(line.cells.len(), length(line.index + 1), "{line}");
            let direction = match line.kind {
                HouseKind::Row => 0,
                HouseKind::Rising => 1,
                _ => 2,
            };
            for &cell in &line.cells {
                seen[cell][direction] += 1;
            }
        }
        assert!(seen.iter().all(|counts| counts == &[1, 1, 1]));
    }

    #[test]
    fn the_corners_sit_on_the_expected_lines() {
        let layout = Layout::hanidoku();
        let line_of = |kind, cell| {
            layout
                .lines()
                .iter()
                .find(|l| l.kind == kind && l.cells.contains(&cell))
                .map(|l| l.index + 1)
        };
        // Top-left cell (1, 1): rising 1, falling 5. Middle-row ends: (5, 1) and (5, 9).
        assert_eq!(line_of(HouseKind::Rising, 0), Some(1));
        assert_eq!(line_of(HouseKind::Falling, 0), Some(5));
        assert_eq!(line_of(HouseKind::Falling, 26), Some(1));
        assert_eq!(line_of(HouseKind::Rising, 34), Some(9));
        assert_eq!(layout.position(26), (4, 0));
        assert_eq!(layout.cell(4, 8), 34);
    }
}
