//! Where everything goes on the screen, computed apart from drawing: the drawing code
//! reads a [`Plan`] and the mouse handling asks the same plan which cell is under the
//! pointer, so a click always lands on the cell that was drawn there.
//!
//! **Square boards.** Every cell boundary is a *wall* when the cells on either side lie in
//! different regions (the k×k boxes, or a jigsaw's regions) or at the frame, drawn heavy;
//! other boundaries are drawn light. In the *spacious* style every boundary gets its own
//! line and column (a 9x9 board is 55x19); in the *compact* style only those carrying a
//! wall do (a 16x16 board is 53x21), which is what lets 16x16 fit an 80x24 terminal.
//! When pencil marks need more room than a cell of 5 (auto candidates, or more than five
//! marks) and the terminal is wide enough, cells of 6 to 9 digit boards widen to one
//! column per digit, so every mark shows.
//!
//! **The honeycomb.** Each cell is `| d |` between `/ \` and `\ /` edges, placed by the
//! layout's own half-columns (`Geometry::Hex`), the same places `grid::to_pretty` and the
//! layout file's picture use: a cell `h` half-columns in starts `2h` columns in, so a row
//! shifted by half a cell on the map is shifted by half a cell on the screen, and
//! neighbouring hexagons share their edges exactly where the cells touch.

use ratatui::layout::Rect;

use super::app::App;
use crate::layout::{Geometry, HouseKind, Layout};

/// Narrowest side panel: below this the panel's messages would be unreadable.
pub const PANEL_MIN: u16 = 22;

/// Lines above and below the board: title, status, keys.
const CHROME: u16 = 3;

/// Where each part of the screen goes, for one screen size and one state of the game.
pub struct Plan {
    /// The whole screen.
    pub area: Rect,
    /// The terminal size the board needs, when the screen is smaller (nothing else is
    /// placed then).
    pub too_small: Option<(u16, u16)>,
    /// The board.
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The status line.
    pub status: Rect,
    /// The key line.
    pub keys: Rect,
    /// How the board's lines go.
    pub grid: Grid,
    /// Where each cell's text goes, by cell.
    pub cells: Vec<Rect>,
}

/// The board's lines.
pub enum Grid {
    /// A square board.
    Square(SquarePlan),
    /// The honeycomb: the top-left corner of each cell's hexagon (its left `|` is one
    /// line below), by cell.
    Hex(Vec<(u16, u16)>),
}

impl Plan {
    /// The plan of `app`'s screen in `area`.
    pub fn new(app: &App, area: Rect) -> Plan {
        let layout = app.layout();
        let room = (
            area.width.saturating_sub(PANEL_MIN + 1),
            area.height.saturating_sub(CHROME),
        );
        let mut plan = Plan {
            area,
            too_small: None,
            board: Rect::default(),
            panel: Rect::default(),
            status: Rect::default(),
            keys: Rect::default(),
            grid: Grid::Hex(Vec::new()),
            cells: Vec::new(),
        };
        let (grid, board) = match layout.geometry() {
            Geometry::Hex { half_columns, .. } => {
                let corners = hex_corners(layout, half_columns);
                let size = hex_size(layout, half_columns);
                (Grid::Hex(corners), size)
            }
            Geometry::Square { .. } => {
                let square = SquarePlan::choose(layout, room, wants_room(app));
                let size = square.size();
                (Grid::Square(square), size)
            }
        };
        let need = (board.0 + 1 + PANEL_MIN, board.1 + CHROME);
        if area.width < need.0 || area.height < need.1 {
            plan.too_small = Some(need);
            return plan;
        }
        let (x, y) = (area.x, area.y);
        plan.board = Rect::new(x, y + 1, board.0, board.1);
        plan.panel = Rect::new(
            x + board.0 + 2,
            y + 1,
            area.width - board.0 - 2,
            area.height - CHROME,
        );
        plan.status = Rect::new(x, y + area.height - 2, area.width, 1);
        plan.keys = Rect::new(x, y + area.height - 1, area.width, 1);
        let (ox, oy) = (plan.board.x, plan.board.y);
        plan.cells = match &grid {
            Grid::Square(square) => (0..layout.num_cells())
                .map(|cell| {
                    let (r, c) = (cell / square.n, cell % square.n);
                    Rect::new(ox + square.col_x[c], oy + square.row_y[r], square.width, 1)
                })
                .collect(),
            Grid::Hex(corners) => corners
                .iter()
                .map(|&(cx, cy)| Rect::new(ox + cx + 1, oy + cy + 1, 3, 1))
                .collect(),
        };
        plan.grid = grid;
        plan
    }

    /// The cell whose text is at (`column`, `row`) of the screen.
    pub fn cell_at(&self, column: u16, row: u16) -> Option<usize> {
        self.cells.iter().position(|rect| {
            (rect.x..rect.x + rect.width).contains(&column)
                && (rect.y..rect.y + rect.height).contains(&row)
        })
    }
}

/// True when the marks on the board need wider cells than 5: auto candidates are on, or
/// some cell has more than 5 marks.
fn wants_room(app: &App) -> bool {
    app.auto || app.game.cells().iter().any(|s| s.marks.count_ones() > 5)
}

/// Each honeycomb cell's top-left corner, relative to the board: two columns per
/// half-column, two lines per row.
fn hex_corners(layout: &Layout, half_columns: &[usize]) -> Vec<(u16, u16)> {
    let left = half_columns.iter().copied().min().unwrap_or(0);
    (0..layout.num_cells())
        .map(|cell| {
            let (row, _) = layout.position(cell);
            (2 * (half_columns[cell] - left) as u16, 2 * row as u16)
        })
        .collect()
}

fn hex_size(layout: &Layout, half_columns: &[usize]) -> (u16, u16) {
    let left = half_columns.iter().copied().min().unwrap_or(0);
    let right = half_columns.iter().copied().max().unwrap_or(0);
    (2 * (right - left) as u16 + 5, 2 * layout.rows() as u16 + 1)
}

/// Where everything of a square board goes, relative to the board's top-left corner.
pub struct SquarePlan {
    /// Cells per row.
    pub n: usize,
    /// Inner width of a cell.
    pub width: u16,
    /// x of each cell column's first character.
    pub col_x: Vec<u16>,
    /// y of each cell row.
    pub row_y: Vec<u16>,
    /// x of the line at each of the n + 1 column boundaries, if drawn.
    pub sep_x: Vec<Option<u16>>,
    /// y of the line at each of the n + 1 row boundaries, if drawn.
    pub sep_y: Vec<Option<u16>>,
    /// Region of each cell, for walls.
    region: Vec<usize>,
}

/// The region (box or jigsaw region) of every cell; 0 for all when there are none.
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

impl SquarePlan {
    /// The roomiest style that fits `room`: wide cells first when `wide` asks for them,
    /// then spacious, then compact (which may still not fit: the caller says so).
    fn choose(layout: &Layout, room: (u16, u16), wide: bool) -> SquarePlan {
        let normal: u16 = if layout.size() > 9 { 3 } else { 5 };
        let mut widths = vec![normal];
        if wide && (6..=9).contains(&layout.size()) {
            widths.insert(0, layout.size() as u16);
        }
        let mut last = None;
        for width in widths {
            for spacious in [true, false] {
                let plan = SquarePlan::new(layout, spacious, width);
                let (w, h) = plan.size();
                if w <= room.0 && h <= room.1 {
                    return plan;
                }
                last = Some(plan);
            }
        }
        last.expect("at least one style")
    }

    fn new(layout: &Layout, spacious: bool, width: u16) -> SquarePlan {
        let n = layout.cols();
        let mut plan = SquarePlan {
            n,
            width,
            col_x: Vec::new(),
            row_y: Vec::new(),
            sep_x: Vec::new(),
            sep_y: Vec::new(),
            region: regions(layout),
        };
        let mut x = 0;
        for boundary in 0..=n {
            let wall = (0..n).any(|r| plan.vertical(r, boundary) == 2);
            if spacious || wall || boundary == 0 || boundary == n {
                plan.sep_x.push(Some(x));
                x += 1;
            } else {
                plan.sep_x.push(None);
            }
            if boundary < n {
                plan.col_x.push(x);
                x += width;
            }
        }
        let mut y = 0;
        for boundary in 0..=n {
            let wall = (0..n).any(|c| plan.horizontal(boundary, c) == 2);
            if spacious || wall || boundary == 0 || boundary == n {
                plan.sep_y.push(Some(y));
                y += 1;
            } else {
                plan.sep_y.push(None);
            }
            if boundary < n {
                plan.row_y.push(y);
                y += 1;
            }
        }
        plan
    }

    /// The board's width and height.
    pub fn size(&self) -> (u16, u16) {
        (
            self.sep_x.last().copied().flatten().unwrap_or(0) + 1,
            self.sep_y.last().copied().flatten().unwrap_or(0) + 1,
        )
    }

    /// Weight of the vertical line left of column `boundary` in row `row`: 2 for a wall,
    /// 1 for a plain boundary, 0 outside the board.
    pub fn vertical(&self, row: usize, boundary: usize) -> u8 {
        let n = self.n;
        if row >= n {
            return 0;
        }
        if boundary == 0 || boundary == n {
            return 2;
        }
        let cell = row * n + boundary;
        if self.region[cell - 1] != self.region[cell] {
            2
        } else {
            1
        }
    }

    /// Weight of the horizontal line above row `boundary` in column `col`.
    pub fn horizontal(&self, boundary: usize, col: usize) -> u8 {
        let n = self.n;
        if col >= n {
            return 0;
        }
        if boundary == 0 || boundary == n {
            return 2;
        }
        let cell = boundary * n + col;
        if self.region[cell - n] != self.region[cell] {
            2
        } else {
            1
        }
    }
}

#[cfg(test)]
mod tests;
