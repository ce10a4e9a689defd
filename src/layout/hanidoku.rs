//! Hanidoku, the honeycomb: 61 hexagonal cells in 9 rows of 5, 6, 7, 8, 9, 8, 7, 6, 5,
//! digits 1..9, no houses, 27 consecutive-run lines.
//!
//! The board is data: `testdata/layouts/hanidoku.layout`, compiled in, is what
//! `--layout hanidoku` means, so the built-in board and a file read at run time go through
//! the same parser and give the same formula. The tests below check the parsed board
//! against the course's geometry (`shared/design/formats.md`): cell (r, c) with 1-based
//! row r and position c in its row of length `9 − |5 − r|`; the rising line (`/`) through
//! it has index `c + max(0, r − 5)` and the falling line (`\`) `c + max(0, 5 − r)`, both
//! 1..9 counted left to right; line k of each direction has `9 − |5 − k|` cells.

use std::sync::OnceLock;

use super::Layout;

/// The layout file of the built-in board.
const HANIDOKU_FILE: &str = include_str!("../../testdata/layouts/hanidoku.layout");

impl Layout {
    /// The Hanidoku honeycomb: lines in the order rows, rising, falling (each 1..9, left to
    /// right or top to bottom); cells of a line in reading order. The layout file's board
    /// under the built-in name, without the file text (CNF headers say `layout hanidoku`).
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
        static BUILT: OnceLock<Layout> = OnceLock::new();
        BUILT
            .get_or_init(|| {
                let mut layout = super::parse_layout_file(HANIDOKU_FILE, "hanidoku.layout")
                    .expect("the built-in Hanidoku layout file parses (tested)");
                layout.name = "hanidoku".to_string();
                layout.source = None;
                layout
            })
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Geometry, House, HouseKind};

    /// Number of rows, and of lines in each direction.
    const ROWS: usize = 9;

    /// Cells in 1-based row (or line) `r`: 5, 6, 7, 8, 9, 8, 7, 6, 5.
    fn length(r: usize) -> usize {
        ROWS - r.abs_diff(5)
    }

    /// The course's lines by its formulas (the built-in code before the board became a
    /// file): rows, rising, falling, cells in reading order.
    fn formula_lines() -> Vec<House> {
        let mut groups = [
            vec![Vec::new(); ROWS],
            vec![Vec::new(); ROWS],
            vec![Vec::new(); ROWS],
        ];
        let mut cell = 0;
        for r in 1..=ROWS {
            for c in 1..=length(r) {
                groups[0][r - 1].push(cell);
                groups[1][c + r.saturating_sub(5) - 1].push(cell);
                groups[2][c + 5usize.saturating_sub(r) - 1].push(cell);
                cell += 1;
            }
        }
        let kinds = [HouseKind::Row, HouseKind::Rising, HouseKind::Falling];
        kinds
            .into_iter()
            .zip(groups)
            .flat_map(|(kind, lines)| {
                lines
                    .into_iter()
                    .enumerate()
                    .map(move |(index, cells)| House { kind, index, cells })
            })
            .collect()
    }

    #[test]
    fn the_file_gives_the_course_geometry_line_for_line() {
        let layout = Layout::hanidoku();
        assert_eq!(layout.lines(), formula_lines().as_slice());
        assert_eq!(layout.name(), "hanidoku");
        assert_eq!(layout.source(), None);
        let Geometry::Hex {
            row_lengths,
            half_columns,
        } = layout.geometry()
        else {
            panic!("not a honeycomb");
        };
        assert_eq!(row_lengths, &(1..=ROWS).map(length).collect::<Vec<_>>());
        // Each row centred under the middle one: its first cell 9 − length half cells in.
        assert_eq!(
            (half_columns[0], half_columns[26], half_columns[60]),
            (4, 0, 12)
        );
    }

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
