//! Drawing the board where the [`Plan`] put it: square grids with their region walls (the
//! junction characters from `boxchars`), the honeycomb as hexagons, and in every cell its
//! digit or its marks.
//!
//! Cells of diagonals and extra houses are tinted, and shown with a `·` when empty, so
//! that they still show without colour. On the honeycomb the three lines through the
//! selected cell are tinted. The digit of the selected cell (or the last digit typed,
//! when it is empty) is highlighted everywhere: placed, given and pencilled.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

use super::app::App;
use super::boxchars::junction;
use super::palette::Palette;
use super::plan::{Grid, Plan, SquarePlan};
use crate::layout::{HouseKind, Layout};

/// What the cells show this frame, worked out once for all cells.
struct View {
    highlight: Option<u8>,
    /// Auto candidates by cell, when they are on.
    auto: Option<Vec<u64>>,
    /// Cells whose marks leave out the solution's digit (flagged with auto candidates on).
    wrong_marks: Vec<bool>,
    tinted: Vec<bool>,
}

impl View {
    fn new(app: &App) -> View {
        let layout = app.layout();
        let mut wrong_marks = vec![false; layout.num_cells()];
        let auto = app.auto.then(|| {
            for cell in app.game.marks_without_solution() {
                wrong_marks[cell] = true;
            }
            app.game.auto_candidates()
        });
        View {
            highlight: app.highlighted(),
            auto,
            wrong_marks,
            tinted: tinted_cells(app),
        }
    }
}

/// Cells tinted: those of diagonals and extra houses on a square board; on the
/// honeycomb, those of the selected cell's lines.
fn tinted_cells(app: &App) -> Vec<bool> {
    let layout = app.layout();
    let mut tinted = vec![false; layout.num_cells()];
    let hex = matches!(layout.geometry(), crate::layout::Geometry::Hex { .. });
    let groups: Vec<&[usize]> = if hex {
        layout
            .groups()
            .filter(|g| {
                matches!(
                    g.kind,
                    HouseKind::Row | HouseKind::Rising | HouseKind::Falling
                ) && g.cells.contains(&app.selected)
            })
            .map(|g| g.cells.as_slice())
            .collect()
    } else {
        layout
            .houses()
            .iter()
            .filter(|h| matches!(h.kind, HouseKind::Diagonal | HouseKind::Extra))
            .map(|h| h.cells.as_slice())
            .collect()
    };
    for cells in groups {
        for &cell in cells {
            tinted[cell] = true;
        }
    }
    tinted
}

/// Draws the board of `app` as `plan` places it.
pub fn draw_board(app: &App, plan: &Plan, palette: Palette, buf: &mut Buffer) {
    match &plan.grid {
        Grid::Square(square) => draw_square_lines(square, plan, palette, buf),
        Grid::Hex(corners) => draw_hex_lines(corners, plan, palette, buf),
    }
    let view = View::new(app);
    for (cell, rect) in plan.cells.iter().enumerate() {
        let mut x = rect.x;
        for (text, style) in cell_spans(app, &view, palette, cell, rect.width as usize) {
            buf.set_string(x, rect.y, &text, style);
            x += text.chars().count() as u16;
        }
    }
}

fn draw_square_lines(plan: &SquarePlan, screen: &Plan, palette: Palette, buf: &mut Buffer) {
    let (ox, oy) = (screen.board.x, screen.board.y);
    let lines = palette.lines();
    let weighted = |weight: u8, light: &'static str, heavy: &'static str| match weight {
        2 => heavy,
        _ => light,
    };
    for (r, &y) in plan.row_y.iter().enumerate() {
        for (b, x) in plan.sep_x.iter().enumerate() {
            if let Some(x) = x {
                let c = weighted(plan.vertical(r, b), "│", "┃");
                buf.set_string(ox + x, oy + y, c, lines);
            }
        }
    }
    for (b, y) in plan.sep_y.iter().enumerate() {
        let Some(y) = y else { continue };
        for (c, &x) in plan.col_x.iter().enumerate() {
            let line = weighted(plan.horizontal(b, c), "─", "━");
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
}

/// The six edge characters of a hexagon, relative to its top-left corner: a cell's
/// edges fall on its neighbours' edges exactly where the two touch.
pub const HEX_EDGES: [(u16, u16, char); 6] = [
    (1, 0, '/'),
    (3, 0, '\\'),
    (0, 1, '|'),
    (4, 1, '|'),
    (1, 2, '\\'),
    (3, 2, '/'),
];

fn draw_hex_lines(corners: &[(u16, u16)], screen: &Plan, palette: Palette, buf: &mut Buffer) {
    let (ox, oy) = (screen.board.x, screen.board.y);
    for &(x, y) in corners {
        for (dx, dy, edge) in HEX_EDGES {
            buf.set_string(ox + x + dx, oy + y + dy, edge.to_string(), palette.lines());
        }
    }
}

/// A cell's text, `width` wide, as styled pieces.
fn cell_spans(
    app: &App,
    view: &View,
    palette: Palette,
    cell: usize,
    width: usize,
) -> Vec<(String, Style)> {
    let layout = app.layout();
    let state = app.game.cells()[cell];
    let base = if app.flagged.contains(&cell) {
        palette.flagged()
    } else if app.game.is_given(cell) {
        palette.given()
    } else {
        palette.placed()
    };
    let mut pieces: Vec<(String, Style)> = if state.digit != 0 {
        digit_pieces(state.digit, view.highlight, base, palette, width)
    } else {
        let (marks, style) = match &view.auto {
            Some(auto) if state.marks == 0 => (auto[cell], palette.auto()),
            _ => (state.marks, palette.marks()),
        };
        let flagged = view.wrong_marks[cell];
        let style = if flagged { palette.flagged() } else { style };
        if marks == 0 {
            let dot = if view.tinted[cell] && !is_hex(layout) {
                "·"
            } else {
                ""
            };
            vec![(dot.to_string(), base)]
        } else {
            mark_pieces(
                marks,
                layout.size(),
                view.highlight,
                flagged,
                style,
                palette,
                width,
            )
        }
    };
    let used: usize = pieces.iter().map(|(text, _)| text.chars().count()).sum();
    let left = width.saturating_sub(used) / 2;
    let right = width.saturating_sub(used + left);
    let pad = pieces.first().map_or(base, |piece| piece.1);
    pieces.insert(0, (" ".repeat(left), pad));
    pieces.push((" ".repeat(right), pad));
    for piece in &mut pieces {
        if view.tinted[cell] {
            piece.1 = piece.1.patch(palette.tint());
        }
        if cell == app.selected {
            piece.1 = piece.1.add_modifier(Modifier::REVERSED);
        }
    }
    pieces
}

fn is_hex(layout: &Layout) -> bool {
    matches!(layout.geometry(), crate::layout::Geometry::Hex { .. })
}

/// A placed or given digit: highlighted in colour, or between brackets (reverse video
/// where the cell has no room for them) without.
fn digit_pieces(
    digit: u8,
    highlight: Option<u8>,
    base: Style,
    palette: Palette,
    width: usize,
) -> Vec<(String, Style)> {
    let text = digit.to_string();
    if highlight != Some(digit) {
        return vec![(text, base)];
    }
    let style = base.patch(palette.highlight());
    if !palette.plain() {
        vec![(text, style)]
    } else if text.len() + 2 <= width {
        vec![(format!("[{text}]"), style)]
    } else {
        vec![(text, style.add_modifier(Modifier::REVERSED))]
    }
}

/// Pencil marks (or auto candidates): the digits themselves on boards of up to 9 digits
/// (each in its own column when the cell is as wide as the board has digits, else side
/// by side and cut with `…` when they do not fit); dots on larger boards, where the
/// highlighted digit shows between dots (`·7·`, `·16`) when it is among them. `flagged`
/// adds a `!`.
fn mark_pieces(
    marks: u64,
    size: usize,
    highlight: Option<u8>,
    flagged: bool,
    style: Style,
    palette: Palette,
    width: usize,
) -> Vec<(String, Style)> {
    let digits: Vec<u8> = (1..=size as u8)
        .filter(|d| marks & (1 << (d - 1)) != 0)
        .collect();
    let lit = || {
        let lit = style.patch(palette.highlight());
        if palette.plain() {
            lit.add_modifier(Modifier::REVERSED)
        } else {
            lit
        }
    };
    let room = width.saturating_sub(usize::from(flagged)).max(1);
    let mut pieces: Vec<(String, Style)> = Vec::new();
    if size > 9 {
        match highlight.filter(|d| digits.contains(d)) {
            Some(digit) => {
                // Dots around it, so a mark never reads as a placed digit.
                let text = digit.to_string();
                let left = usize::from(text.len() < room);
                let right = room.saturating_sub(text.len() + left).min(1);
                pieces.push(("·".repeat(left), style));
                pieces.push((text, lit()));
                pieces.push(("·".repeat(right), style));
            }
            None => pieces.push(("·".repeat(digits.len().min(room)), style)),
        }
    } else if room >= size {
        // One column per digit, so a digit is always in the same place.
        for digit in 1..=size as u8 {
            if digits.contains(&digit) {
                let lit = if highlight == Some(digit) {
                    lit()
                } else {
                    style
                };
                pieces.push((digit.to_string(), lit));
            } else {
                pieces.push((" ".to_string(), style));
            }
        }
    } else {
        let shown = if digits.len() <= room {
            digits.len()
        } else {
            room - 1
        };
        for &digit in &digits[..shown] {
            let piece_style = if highlight == Some(digit) {
                lit()
            } else {
                style
            };
            pieces.push((digit.to_string(), piece_style));
        }
        if shown < digits.len() {
            pieces.push(("…".to_string(), style));
        }
    }
    if flagged {
        pieces.push(("!".to_string(), palette.flagged()));
    }
    pieces
}
