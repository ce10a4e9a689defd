//! The whole screen: a title line, the board with a side panel (the selected cell, the
//! message), a status line (time, moves, mistakes, hints, or an open question) and a key
//! line; `?` lays the list of every key over it. A terminal too small for the board gets a
//! message saying how large it must be instead.

use std::time::Instant;

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::app::{clock_text, App, Prompt, Tone};
use super::board::{board_size, draw_board, Palette};
use crate::layout::{Geometry, HouseKind};
use crate::play::cell_name;

/// Narrowest side panel: below this the panel's messages would be unreadable.
pub const PANEL_MIN: u16 = 22;

/// Lines above and below the board: title, status, keys.
const CHROME: u16 = 3;

/// The terminal size the board needs (board, panel, chrome), given `room` to try the
/// spacious style in.
pub fn needed(app: &App, room: (u16, u16)) -> (u16, u16) {
    let board = board_size(
        app.layout(),
        (
            room.0.saturating_sub(PANEL_MIN + 1),
            room.1.saturating_sub(CHROME),
        ),
    );
    (board.0 + 1 + PANEL_MIN, board.1 + CHROME)
}

/// Draws everything for `now`.
pub fn draw(frame: &mut Frame, app: &mut App, palette: Palette, now: Instant) {
    let area = frame.area();
    let (need_w, need_h) = needed(app, (area.width, area.height));
    if area.width < need_w || area.height < need_h {
        return too_small(frame, app, (need_w, need_h));
    }
    let board = board_size(
        app.layout(),
        (area.width - PANEL_MIN - 1, area.height - CHROME),
    );
    let title = Line::from(vec![
        Span::styled("sudoplay", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!(" · {}", app.title)),
    ]);
    frame.render_widget(Paragraph::new(title), Rect::new(0, 0, area.width, 1));
    let board_area = Rect::new(0, 1, board.0, board.1);
    draw_board(app, palette, board_area, frame.buffer_mut());
    let panel = Rect::new(
        board.0 + 2,
        1,
        area.width - board.0 - 2,
        area.height - CHROME,
    );
    frame.render_widget(
        Paragraph::new(panel_lines(app, palette)).wrap(Wrap { trim: false }),
        panel,
    );
    let status = Rect::new(0, area.height - 2, area.width, 1);
    frame.render_widget(Paragraph::new(status_line(app, now)), status);
    let keys = Rect::new(0, area.height - 1, area.width, 1);
    frame.render_widget(
        Paragraph::new(key_line(app, area.width as usize))
            .style(Style::new().add_modifier(Modifier::DIM)),
        keys,
    );
    if app.help {
        help(frame, app);
    }
}

fn too_small(frame: &mut Frame, app: &App, (w, h): (u16, u16)) {
    let area = frame.area();
    let n = app.layout().size();
    let board = match app.layout().geometry() {
        Geometry::Hex { .. } => "honeycomb".to_string(),
        Geometry::Square { .. } => format!("{n}x{n} board"),
    };
    let mut text = vec![
        Line::from(format!(
            "This {board} needs a terminal of at least {w}x{h}; this one is {}x{}.",
            area.width, area.height
        )),
        Line::from("Enlarge the window, or press q to quit."),
    ];
    if let Some(prompt) = &app.prompt {
        text.push(Line::from(prompt_text(prompt)));
    }
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The selected cell, its houses or lines, its marks, the mode, then the message.
fn panel_lines(app: &App, palette: Palette) -> Vec<Line<'static>> {
    let layout = app.layout();
    let cell = app.selected;
    let groups: Vec<String> = layout
        .groups()
        .filter(|g| g.cells.contains(&cell))
        .filter(|g| {
            !matches!(g.kind, HouseKind::Row | HouseKind::Column) || layout.houses().is_empty()
        })
        .map(|g| g.to_string())
        .collect();
    let mut lines = vec![Line::from(vec![
        Span::styled(
            cell_name(layout, cell),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!(" · {}", groups.join(", "))),
    ])];
    let state = app.game.cells()[cell];
    if app.game.is_given(cell) {
        lines.push(Line::from("given"));
    }
    if state.marks != 0 {
        let marks: Vec<String> = (1..=layout.size() as u8)
            .filter(|d| state.marks & (1 << (d - 1)) != 0)
            .map(|d| d.to_string())
            .collect();
        lines.push(Line::from(format!("marks {}", marks.join(" "))));
    }
    if app.pencil {
        lines.push(Line::from(Span::styled(
            "pencil mode: digits mark",
            Style::new().add_modifier(Modifier::REVERSED),
        )));
    }
    lines.push(Line::from(""));
    let style = match app.message.1 {
        Tone::Info => Style::new(),
        Tone::Error => palette.error(),
        Tone::Good => palette.good(),
    };
    for text in app.message.0.lines() {
        lines.push(Line::from(Span::styled(text.to_string(), style)));
    }
    lines
}

fn prompt_text(prompt: &Prompt) -> String {
    match prompt {
        Prompt::Quit => "Quit without saving? (y/n)".to_string(),
        Prompt::CompareWithSolution => "Compare with the solution? (y/n)".to_string(),
        Prompt::Save(path) => format!("Save to: {path}_  (Enter saves, Esc cancels)"),
        Prompt::Export(path) => format!("Export to: {path}_  (Enter writes, Esc cancels)"),
    }
}

fn status_line(app: &App, now: Instant) -> Line<'static> {
    if let Some(prompt) = &app.prompt {
        return Line::from(Span::styled(
            prompt_text(prompt),
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        ));
    }
    let seconds = app
        .solved_in
        .unwrap_or_else(|| app.game.clock.elapsed(now).as_secs());
    let counters = app.game.counters;
    let mut text = format!(
        "time {}  moves {}  mistakes {}  hints {}",
        clock_text(seconds),
        counters.moves,
        counters.mistakes,
        counters.hints
    );
    if app.pencil {
        text.push_str("  [pencil]");
    }
    if app.solved_in.is_some() {
        text.push_str("  solved");
    }
    Line::from(Span::styled(
        text,
        Style::new().add_modifier(Modifier::BOLD),
    ))
}

/// The keys that fit in `width`, most useful first.
fn key_line(app: &App, width: usize) -> String {
    let layout = app.layout();
    let hex = matches!(layout.geometry(), Geometry::Hex { .. });
    let moving = if hex {
        "←→hl yubn move"
    } else {
        "arrows/hjkl move"
    };
    let digits = if layout.size() > 9 {
        format!("1-{}: 1 6 = 16", layout.size())
    } else {
        format!("1-{} place", layout.size())
    };
    let items = [
        moving.to_string(),
        digits,
        "0 clear".to_string(),
        "t hint".to_string(),
        "c check".to_string(),
        "? keys".to_string(),
        "q quit".to_string(),
        "p pencil".to_string(),
        "z undo".to_string(),
    ];
    let mut line = String::new();
    for item in items {
        let extra = if line.is_empty() { 0 } else { 2 };
        if line.chars().count() + extra + item.chars().count() > width {
            break;
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&item);
    }
    line
}

/// Every key, laid over the screen.
fn help(frame: &mut Frame, app: &App) {
    let hex = matches!(app.layout().geometry(), Geometry::Hex { .. });
    let n = app.layout().size();
    let mut rows: Vec<(&str, String)> = vec![];
    if hex {
        rows.push(("← → h l", "move along the row".into()));
        rows.push((
            "y u / b n",
            "move up-left, up-right / down-left, down-right".into(),
        ));
        rows.push(("↑ ↓ k j", "move up-left / down-right".into()));
    } else {
        rows.push(("← ↓ ↑ → h j k l", "move".into()));
    }
    if n > 9 {
        rows.push((
            "1-9, 0",
            format!("digits: two keys for 10-{n} (1 then 6 is 16);"),
        ));
        rows.push(("", "Enter or Space after a lone 1 or 2 places it".into()));
    } else {
        rows.push(("1-9", format!("place a digit (1-{n})")));
    }
    rows.extend([
        (
            "0 Bksp Del",
            "clear the cell (digit, then its marks)".to_string(),
        ),
        ("p", "pencil mode: digits add or remove marks".into()),
        ("z / Z", "undo / redo, without limit".into()),
        ("t", "hint: fill one cell and say why".into()),
        ("H", "the cell's candidates left by propagation".into()),
        (
            "c",
            "check the rules; y then compares with the solution".into(),
        ),
        ("s", "save the game (open it with sudoplay --resume)".into()),
        (
            "x",
            "export the board in line format (for gridcheck)".into(),
        ),
        ("mouse", "click a cell to select it".into()),
        ("Esc", "clear the check's marks".into()),
        ("q", "quit (asks first when moves are not saved)".into()),
        ("Ctrl-C", "quit at once".into()),
    ]);
    let lines: Vec<Line> = rows
        .into_iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(
                    format!("{key:<16}"),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(what),
            ])
        })
        .collect();
    let area = frame.area();
    let height = (lines.len() as u16 + 2).min(area.height);
    let width = 70.min(area.width);
    let rect = Rect::new(
        (area.width - width) / 2,
        (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" keys (any key closes) "),
        ),
        rect,
    );
}
