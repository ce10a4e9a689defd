//! Where each cell goes on the page: squares and hexagons in SVG units, and the lines
//! between them (walls heavy, other boundaries light). Where the arrow keys lead is the
//! library's (`sudosat::play::moves`), shared with the terminal game.
//!
//! **Square boards.** A cell is a square of side [`CELL`]; a boundary between two cells of
//! different regions (the k×k boxes or a jigsaw's regions) is a wall, as is the frame.
//!
//! **Honeycombs.** A cell is a pointy-top hexagon [`CELL`] wide, placed by the layout's own
//! half-columns (`Geometry::Hex`: cells of a row two half-columns apart, a neighbour in
//! the next row one), so hexagons touch exactly where the cells touch on the board, as
//! in the terminal game and `model2grid --format svg`. Rows are 1.5 circumradii apart.
//!
//! Walls are found the same way on both: the neighbour across an edge is the cell whose
//! centre is the mirror image of this cell's centre in the edge's midpoint. No neighbour
//! means the frame; a neighbour in another region means a wall.

use std::collections::HashMap;

use serde::Serialize;
use sudosat::layout::{Geometry, HouseKind, Layout};
use sudosat::play::cell_name;

/// A square cell's side and a hexagon's width (flat side to flat side), in SVG units.
pub const CELL: f64 = 60.0;

/// Margin around the board, so that the frame's heavy stroke is not cut.
const MARGIN: f64 = 3.0;

/// One cell as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct CellShape {
    /// The terminal game's name, `r3c7` (on the honeycomb the column counts in the row).
    pub name: String,
    /// 0-based row.
    pub row: usize,
    /// 0-based column (within the row on the honeycomb).
    pub col: usize,
    /// The polygon's corners, as an SVG `points` attribute.
    pub points: String,
    /// The centre, x.
    pub x: f64,
    /// The centre, y.
    pub y: f64,
}

/// The board's drawing, the same for the whole game.
#[derive(Clone, Debug, Serialize)]
pub struct BoardShape {
    /// `square` or `hex`.
    pub shape: &'static str,
    /// "9x9 sudoku", "jigsaw 9x9", "hanidoku".
    pub name: String,
    /// Digits 1..=digits.
    pub digits: usize,
    /// The SVG viewBox: x, y, width, height.
    pub view_box: [f64; 4],
    /// Every cell, in reading order.
    pub cells: Vec<CellShape>,
    /// The cells of each row, top to bottom (the page's ARIA rows).
    pub rows: Vec<Vec<usize>>,
    /// Light boundaries, as SVG path data.
    pub thin: String,
    /// Walls and the frame, as SVG path data.
    pub thick: String,
    /// The diagonals of X-Sudoku and layout files with `diagonals`: x1, y1, x2, y2.
    pub diagonals: Vec<[f64; 4]>,
    /// Cells on a diagonal (tinted).
    pub diagonal_cells: Vec<usize>,
    /// Cells in an extra house (windoku boxes and the like; tinted and dotted).
    pub extra_cells: Vec<usize>,
    /// Where pencil mark `d` goes, relative to the cell's centre (index d-1).
    pub mark_offsets: Vec<[f64; 2]>,
    /// Font size of a digit.
    pub digit_font: f64,
    /// Font size of a pencil mark.
    pub mark_font: f64,
}

/// "9x9 sudoku", "x-sudoku 9x9", "hanidoku", "jigsaw 9x9": the board as the terminal
/// game's title names it.
pub fn board_name(layout: &Layout) -> String {
    let n = layout.size();
    match layout.name().split_once(' ') {
        Some(("square", _)) => format!("{n}x{n} sudoku"),
        Some((name, _)) => format!("{name} {n}x{n}"),
        None if layout.is_square() => format!("{} {n}x{n}", layout.name()),
        None => layout.name().to_string(),
    }
}

/// A cell's place on the page: its centre and the corners of its polygon.
struct Place {
    x: f64,
    y: f64,
    corners: Vec<(f64, f64)>,
}

/// The centre and corners of every cell, before the margin is added.
fn places(layout: &Layout) -> (Vec<Place>, bool) {
    match layout.geometry() {
        Geometry::Square { .. } => {
            let half = CELL / 2.0;
            let places = (0..layout.num_cells())
                .map(|cell| {
                    let (row, col) = layout.position(cell);
                    let x = col as f64 * CELL + half;
                    let y = row as f64 * CELL + half;
                    let corners = vec![
                        (x - half, y - half),
                        (x + half, y - half),
                        (x + half, y + half),
                        (x - half, y + half),
                    ];
                    Place { x, y, corners }
                })
                .collect();
            (places, false)
        }
        Geometry::Hex { half_columns, .. } => {
            let radius = CELL / 3f64.sqrt();
            let left = half_columns.iter().copied().min().unwrap_or(0);
            let places = (0..layout.num_cells())
                .map(|cell| {
                    let (row, _) = layout.position(cell);
                    let x = (half_columns[cell] - left) as f64 * CELL / 2.0 + CELL / 2.0;
                    let y = row as f64 * 1.5 * radius + radius;
                    // Pointy top: corners at -90, -30, 30, 90, 150 and 210 degrees.
                    let corners = (0..6)
                        .map(|k| {
                            let angle = (f64::from(k) * 60.0 - 90.0).to_radians();
                            (x + radius * angle.cos(), y + radius * angle.sin())
                        })
                        .collect();
                    Place { x, y, corners }
                })
                .collect();
            (places, true)
        }
    }
}

/// A point as a lookup key: positions on both grids are multiples of a few units, so
/// half units tell them apart.
fn key(x: f64, y: f64) -> (i64, i64) {
    ((x * 2.0).round() as i64, (y * 2.0).round() as i64)
}

/// Rounds for the page: a tenth of a unit is far below a pixel.
fn round(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// The region of each cell (box or jigsaw region), 0 when the layout has none.
fn regions(layout: &Layout) -> Vec<usize> {
    let mut region = vec![0; layout.num_cells()];
    for house in layout.houses() {
        if matches!(house.kind, HouseKind::Box | HouseKind::Region) {
            for &cell in &house.cells {
                region[cell] = house.index + 1;
            }
        }
    }
    region
}

impl BoardShape {
    /// The drawing of `layout`.
    pub fn new(layout: &Layout) -> BoardShape {
        let (mut places, hex) = places(layout);
        for place in &mut places {
            place.x += MARGIN;
            place.y += MARGIN;
            for corner in &mut place.corners {
                corner.0 += MARGIN;
                corner.1 += MARGIN;
            }
        }
        let at: HashMap<(i64, i64), usize> = places
            .iter()
            .enumerate()
            .map(|(cell, place)| (key(place.x, place.y), cell))
            .collect();
        let region = regions(layout);
        let (mut thin, mut thick) = (String::new(), String::new());
        for (cell, place) in places.iter().enumerate() {
            let corners = &place.corners;
            for i in 0..corners.len() {
                let (a, b) = (corners[i], corners[(i + 1) % corners.len()]);
                let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let across = at
                    .get(&key(2.0 * middle.0 - place.x, 2.0 * middle.1 - place.y))
                    .copied();
                let path = match across {
                    None => &mut thick,
                    Some(other) if other < cell => continue,
                    Some(other) if region[other] != region[cell] => &mut thick,
                    Some(_) => &mut thin,
                };
                path.push_str(&format!(
                    "M{} {}L{} {}",
                    round(a.0),
                    round(a.1),
                    round(b.0),
                    round(b.1)
                ));
            }
        }
        let (width, height) = places
            .iter()
            .flat_map(|p| &p.corners)
            .fold((0f64, 0f64), |(w, h), &(x, y)| (w.max(x), h.max(y)));
        let mut diagonals = Vec::new();
        let mut diagonal_cells = Vec::new();
        let mut extra_cells = Vec::new();
        for house in layout.houses() {
            match house.kind {
                HouseKind::Diagonal => {
                    let (first, last) = (
                        &places[house.cells[0]],
                        &places[house.cells[house.cells.len() - 1]],
                    );
                    // From corner to corner: half a cell beyond the end cells' centres.
                    let (dx, dy) = (
                        (last.x - first.x).signum() * CELL / 2.0,
                        (last.y - first.y).signum() * CELL / 2.0,
                    );
                    diagonals.push([
                        round(first.x - dx),
                        round(first.y - dy),
                        round(last.x + dx),
                        round(last.y + dy),
                    ]);
                    diagonal_cells.extend(&house.cells);
                }
                HouseKind::Extra => extra_cells.extend(&house.cells),
                _ => {}
            }
        }
        diagonal_cells.sort_unstable();
        diagonal_cells.dedup();
        extra_cells.sort_unstable();
        extra_cells.dedup();
        let digits = layout.size();
        // Pencil marks in a k×k block inside the cell (inside the inscribed circle of a
        // hexagon).
        let k = (1..).find(|k| k * k >= digits).unwrap_or(1);
        let block = if hex { CELL * 0.72 } else { CELL * 0.8 };
        let step = block / k as f64;
        let mark_offsets = (0..digits)
            .map(|i| {
                let (r, c) = ((i / k) as f64, (i % k) as f64);
                let middle = (k as f64 - 1.0) / 2.0;
                [round((c - middle) * step), round((r - middle) * step)]
            })
            .collect();
        let digit_font = if digits > 9 { CELL * 0.42 } else { CELL * 0.55 };
        let mark_font = round(step * if digits > 9 { 0.7 } else { 0.85 });
        let cells = places
            .iter()
            .enumerate()
            .map(|(cell, place)| {
                let (row, col) = layout.position(cell);
                let points: Vec<String> = place
                    .corners
                    .iter()
                    .map(|&(x, y)| format!("{},{}", round(x), round(y)))
                    .collect();
                CellShape {
                    name: cell_name(layout, cell),
                    row,
                    col,
                    points: points.join(" "),
                    x: round(place.x),
                    y: round(place.y),
                }
            })
            .collect();
        let mut rows = vec![Vec::new(); layout.rows()];
        for cell in 0..layout.num_cells() {
            rows[layout.position(cell).0].push(cell);
        }
        BoardShape {
            shape: if hex { "hex" } else { "square" },
            name: board_name(layout),
            digits,
            view_box: [0.0, 0.0, round(width + MARGIN), round(height + MARGIN)],
            cells,
            rows,
            thin,
            thick,
            diagonals,
            diagonal_cells,
            extra_cells,
            mark_offsets,
            digit_font,
            mark_font,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_segments(path: &str) -> usize {
        path.matches('M').count()
    }

    #[test]
    fn a_9x9_has_walls_on_the_boxes_and_the_frame() {
        let board = BoardShape::new(&Layout::square(9).unwrap());
        assert_eq!(board.cells.len(), 81);
        assert_eq!(board.cells[33].name, "r4c7");
        // Frame: 36 unit edges; box walls: 2 lines each way of 9 edges.
        assert_eq!(count_segments(&board.thick), 36 + 36);
        // Every inner boundary: 2 * 8 * 9 = 144, of which 36 are walls.
        assert_eq!(count_segments(&board.thin), 144 - 36);
        assert_eq!(board.view_box, [0.0, 0.0, 546.0, 546.0]);
        assert_eq!(board.mark_offsets.len(), 9);
        assert_eq!(board.rows.len(), 9);
    }

    #[test]
    fn hexagons_touch_where_the_cells_touch() {
        let layout = Layout::hanidoku();
        let board = BoardShape::new(&layout);
        assert_eq!(board.shape, "hex");
        assert_eq!(board.cells.len(), 61);
        // A hexagonal board of side 5 has 3*5*(5-1)*... : count the shared edges
        // directly: each cell's neighbours in its row and the rows beside it.
        let Geometry::Hex { half_columns, .. } = layout.geometry() else {
            panic!("hex")
        };
        let mut shared = 0;
        for a in 0..61 {
            for b in a + 1..61 {
                let (ra, rb) = (layout.position(a).0, layout.position(b).0);
                let (ha, hb) = (half_columns[a] as isize, half_columns[b] as isize);
                if (ra == rb && (ha - hb).abs() == 2)
                    || (ra.abs_diff(rb) == 1 && (ha - hb).abs() == 1)
                {
                    shared += 1;
                }
            }
        }
        assert_eq!(
            count_segments(&board.thin),
            shared,
            "no regions: inner edges light"
        );
        assert_eq!(
            count_segments(&board.thin) * 2 + count_segments(&board.thick),
            61 * 6
        );
        assert_eq!(board.cells[5].name, "r2c1");
    }

    #[test]
    fn jigsaw_walls_follow_the_regions() {
        let text = include_str!("../../testdata/layouts/jigsaw9.layout");
        let layout = sudosat::layout::parse_layout_file(text, "jigsaw9.layout").unwrap();
        let board = BoardShape::new(&layout);
        let square = BoardShape::new(&Layout::square(9).unwrap());
        // The same number of boundaries, split differently.
        assert_eq!(
            count_segments(&board.thin) + count_segments(&board.thick),
            count_segments(&square.thin) + count_segments(&square.thick)
        );
        assert_ne!(board.thick, square.thick);
    }

    #[test]
    fn x_sudoku_has_two_diagonals() {
        let board = BoardShape::new(&Layout::x_sudoku(9).unwrap());
        assert_eq!(
            board.diagonals,
            vec![[3.0, 3.0, 543.0, 543.0], [543.0, 3.0, 3.0, 543.0]]
        );
        assert_eq!(board.diagonal_cells.len(), 17);
    }
}
