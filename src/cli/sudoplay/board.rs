//! Drawing the board: square grids with their region walls, and the honeycomb as
//! hexagons.
//!
//! **Square boards.** Every cell boundary is a *wall* when the cells on either side lie in
//! different regions (the k×k boxes, or a jigsaw's regions) or at the frame, drawn heavy;
//! other boundaries are drawn light. In the *spacious* style every boundary gets its own
//! line and column (a 9x9 board is 55x19); in the *compact* style only those carrying a
//! wall do (a 16x16 board is 53x21), which is what lets 16x16 fit an 80x24 terminal.
//! Junctions take the box-drawing character whose four arms match the lines that meet
//! there (`boxchars`). Cells of diagonals and extra houses are tinted, and shown with a
//! `·` when empty, so that they still show without colour (`NO_COLOR`).
//!
//! **The honeycomb.** Pointy-top hexagons, each `| d |` between `/ \` and `\ /` edges,
//! rows offset by half a cell as in `grid::to_pretty`: rows run across, and the `/` and
//! `\` edges run along the rising and falling lines. The three lines through the
//! selected cell are tinted.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use super::app::App;
use super::boxchars::junction;
use crate::layout::{Geometry, HouseKind, Layout};

/// The styles of the board and panel; without colour only modifiers are used.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Whether colours are used (`NO_COLOR` unset).
    pub color: bool,
}

impl Palette {
    fn pick(self, colored: Style, plain: Style) -> Style {
        if self.color {
            colored
        } else {
            plain
        }
    }

    /// Grid lines.
    pub fn lines(self) -> Style {
        self.pick(Style::new().fg(Color::Gray), Style::new())
    }

    /// A given digit.
    pub fn given(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A placed digit.
    pub fn placed(self) -> Style {
        self.pick(Style::new().fg(Color::Cyan), Style::new())
    }

    /// Pencil marks.
    pub fn marks(self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// A digit marked by a check.
    pub fn flagged(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// Cells of diagonals, extra houses, and the selected cell's honeycomb lines.
    pub fn tint(self) -> Style {
        self.pick(Style::new().bg(Color::Indexed(236)), Style::new())
    }

    /// Messages that report a problem.
    pub fn error(self) -> Style {
        self.pick(
            Style::new().fg(Color::Red),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Messages that report success.
    pub fn good(self) -> Style {
        self.pick(
            Style::new().fg(Color::Green),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }
}

/// Where everything of a square board goes, relative to the board's top-left corner.
struct SquarePlan {
    n: usize,
    /// Inner width of a cell.
    width: u16,
    /// x of each cell column's first character.
    col_x: Vec<u16>,
    /// y of each cell row.
    row_y: Vec<u16>,
    /// x of the line at each of the n + 1 column boundaries, if drawn.
    sep_x: Vec<Option<u16>>,
    /// y of the line at each of the n + 1 row boundaries, if drawn.
    sep_y: Vec<Option<u16>>,
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
    fn new(layout: &Layout, spacious: bool) -> SquarePlan {
        let n = layout.cols();
        let width: u16 = if layout.size() > 9 { 3 } else { 5 };
        let region = regions(layout);
        let mut plan = SquarePlan {
            n,
            width,
            col_x: Vec::new(),
            row_y: Vec::new(),
            sep_x: Vec::new(),
            sep_y: Vec::new(),
            region,
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

    fn size(&self) -> (u16, u16) {
        (
            self.sep_x.last().copied().flatten().unwrap_or(0) + 1,
            self.sep_y.last().copied().flatten().unwrap_or(0) + 1,
        )
    }

    /// Weight of the vertical line left of column `boundary` in row `row`: 2 for a wall,
    /// 1 for a plain boundary, 0 outside the board.
    fn vertical(&self, row: usize, boundary: usize) -> u8 {
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
    fn horizontal(&self, boundary: usize, col: usize) -> u8 {
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

/// The size of the board as it would be drawn, for the terminal-size check: the spacious
/// style when it fits in `room`, else the compact one.
pub fn board_size(layout: &Layout, room: (u16, u16)) -> (u16, u16) {
    match layout.geometry() {
        Geometry::Hex { row_lengths, .. } => hex_size(row_lengths),
        Geometry::Square { .. } => {
            let spacious = SquarePlan::new(layout, true).size();
            if spacious.0 <= room.0 && spacious.1 <= room.1 {
                spacious
            } else {
                SquarePlan::new(layout, false).size()
            }
        }
    }
}

fn hex_size(row_lengths: &[usize]) -> (u16, u16) {
    let widest = row_lengths.iter().copied().max().unwrap_or(0) as u16;
    (4 * widest + 1, 2 * row_lengths.len() as u16 + 1)
}

/// The text of a cell `width` wide: its digit, its pencil marks, or blank (`·` for a
/// tinted cell, so it shows without colour).
fn cell_text(digit: u8, marks: u64, size: usize, width: usize, tinted: bool) -> (String, bool) {
    if digit != 0 {
        return (center(&digit.to_string(), width), false);
    }
    if marks != 0 {
        let digits: Vec<u8> = (1..=size as u8)
            .filter(|d| marks & (1 << (d - 1)) != 0)
            .collect();
        let text = if size > 9 {
            "·".repeat(digits.len().min(width))
        } else if digits.len() <= width {
            digits.iter().map(u8::to_string).collect()
        } else {
            let shown: String = digits[..width - 1].iter().map(u8::to_string).collect();
            format!("{shown}…")
        };
        return (center(&text, width), true);
    }
    (center(if tinted { "·" } else { "" }, width), false)
}

fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let left = width.saturating_sub(len) / 2;
    format!(
        "{:left$}{text}{:right$}",
        "",
        "",
        right = width.saturating_sub(len + left)
    )
}

/// Cells tinted on a square board: those of diagonals and extra houses.
fn tinted_cells(layout: &Layout) -> Vec<bool> {
    let mut tinted = vec![false; layout.num_cells()];
    for house in layout.houses() {
        if matches!(house.kind, HouseKind::Diagonal | HouseKind::Extra) {
            for &cell in &house.cells {
                tinted[cell] = true;
            }
        }
    }
    tinted
}

/// The style of a cell's text.
fn cell_style(app: &App, palette: Palette, cell: usize, tinted: bool, is_marks: bool) -> Style {
    let mut style = if app.flagged.contains(&cell) {
        palette.flagged()
    } else if is_marks {
        palette.marks()
    } else if app.game.is_given(cell) {
        palette.given()
    } else {
        palette.placed()
    };
    if tinted {
        style = style.patch(palette.tint());
    }
    if cell == app.selected {
        style = style.add_modifier(Modifier::REVERSED);
    }
    style
}

/// Draws the board with its top-left corner at `origin` (the area must hold
/// [`board_size`]); records where each cell went in `app.hits`.
pub fn draw_board(app: &mut App, palette: Palette, area: Rect, buf: &mut Buffer) {
    let layout = app.layout().clone();
    app.hits.clear();
    match layout.geometry() {
        Geometry::Hex { row_lengths, .. } => draw_hex(app, palette, row_lengths, area, buf),
        Geometry::Square { .. } => {
            let spacious = SquarePlan::new(&layout, true).size();
            let plan = SquarePlan::new(
                &layout,
                spacious.0 <= area.width && spacious.1 <= area.height,
            );
            draw_square(app, palette, &plan, area, buf);
        }
    }
}

fn draw_square(app: &mut App, palette: Palette, plan: &SquarePlan, area: Rect, buf: &mut Buffer) {
    let layout = app.layout().clone();
    let (ox, oy) = (area.x, area.y);
    let n = plan.n;
    let lines = palette.lines();
    let light_heavy = |weight: u8, light: &'static str, heavy: &'static str| match weight {
        2 => heavy,
        _ => light,
    };
    for (r, &y) in plan.row_y.iter().enumerate() {
        for (b, x) in plan.sep_x.iter().enumerate() {
            if let Some(x) = x {
                let c = light_heavy(plan.vertical(r, b), "│", "┃");
                buf.set_string(ox + x, oy + y, c, lines);
            }
        }
    }
    for (b, y) in plan.sep_y.iter().enumerate() {
        let Some(y) = y else { continue };
        for (c, &x) in plan.col_x.iter().enumerate() {
            let line = light_heavy(plan.horizontal(b, c), "─", "━");
            buf.set_string(ox + x, oy + y, line.repeat(plan.width as usize), lines);
        }
        for (i, x) in plan.sep_x.iter().enumerate() {
            let Some(x) = x else { continue };
            let up = if b > 0 { plan.vertical(b - 1, i) } else { 0 };
            let down = plan.vertical(b, i);
            let left = if i > 0 { plan.horizontal(b, i - 1) } else { 0 };
            let right = plan.horizontal(b, i);
            let c = junction(up, right, down, left);
            buf.set_string(ox + x, oy + y, c.to_string(), lines);
        }
    }
    let tinted = tinted_cells(&layout);
    for (cell, &tint) in tinted.iter().enumerate() {
        let (r, c) = (cell / n, cell % n);
        let state = app.game.cells()[cell];
        let (text, is_marks) = cell_text(
            state.digit,
            state.marks,
            layout.size(),
            plan.width as usize,
            tint,
        );
        let style = cell_style(app, palette, cell, tint, is_marks);
        let (x, y) = (ox + plan.col_x[c], oy + plan.row_y[r]);
        buf.set_string(x, y, text, style);
        app.hits.push((Rect::new(x, y, plan.width, 1), cell));
    }
}

fn draw_hex(app: &mut App, palette: Palette, row_lengths: &[usize], area: Rect, buf: &mut Buffer) {
    let layout = app.layout().clone();
    let widest = row_lengths.iter().copied().max().unwrap_or(0);
    let lines = palette.lines();
    let on_lines: Vec<bool> = {
        let groups: Vec<_> = layout
            .lines()
            .iter()
            .filter(|line| line.cells.contains(&app.selected))
            .collect();
        (0..layout.num_cells())
            .map(|cell| groups.iter().any(|line| line.cells.contains(&cell)))
            .collect()
    };
    for (cell, &on_line) in on_lines.iter().enumerate() {
        let (row, col) = layout.position(cell);
        let x = area.x + (2 * (widest - row_lengths[row]) + 4 * col) as u16;
        let y = area.y + 2 * row as u16 + 1;
        // Only the edge characters: the gaps belong to the neighbouring rows' edges.
        for (dx, dy, edge) in [
            (1, 0, "/"),
            (3, 0, "\\"),
            (0, 1, "|"),
            (4, 1, "|"),
            (1, 2, "\\"),
            (3, 2, "/"),
        ] {
            buf.set_string(x + dx, y - 1 + dy, edge, lines);
        }
        let state = app.game.cells()[cell];
        let (text, is_marks) = cell_text(state.digit, state.marks, layout.size(), 3, false);
        let style = cell_style(app, palette, cell, on_line, is_marks);
        buf.set_string(x + 1, y, text, style);
        app.hits.push((Rect::new(x + 1, y, 3, 1), cell));
    }
}
