//! The whole screen, drawn from the game's state and the [`Plan`] (nothing here changes
//! the game): a title line, the board with a side panel (the selected cell, the digits
//! still to place, the message), a status line (time, moves, mistakes, hints, or an open
//! question) and a key line; `?` lays every key over it, `S` the statistics. A terminal
//! too small for the board gets a message saying how large it must be instead.

use std::time::Instant;

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::app::{App, Overlay, Prompt, Tone};
use super::board::draw_board;
use super::keys;
use super::palette::Palette;
use super::plan::Plan;
use crate::layout::{Geometry, HouseKind};
use crate::play::cell_name;
use crate::play::stats::clock_text;

/// Draws everything for `now`.
pub fn draw(frame: &mut Frame, app: &App, plan: &Plan, palette: Palette, now: Instant) {
    if let Some(need) = plan.too_small {
        return too_small(frame, app, need);
    }
    let area = plan.area;
    let title = Line::from(vec![
        Span::styled("sudoplay", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!(" · {}", app.title)),
    ]);
    frame.render_widget(
        Paragraph::new(title),
        Rect::new(area.x, area.y, area.width, 1),
    );
    if app.paused {
        let text = vec![
            Line::from(""),
            Line::from(Span::styled(
                "Paused",
                Style::new().add_modifier(Modifier::BOLD),
            )),
            Line::from("the clock waits"),
            Line::from("Space resumes"),
        ];
        frame.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .alignment(ratatui::layout::Alignment::Center)
                .block(Block::default().borders(Borders::ALL)),
            plan.board,
        );
    } else {
        draw_board(app, plan, palette, frame.buffer_mut());
    }
    frame.render_widget(
        Paragraph::new(panel_lines(app, palette, plan.panel.width)).wrap(Wrap { trim: false }),
        plan.panel,
    );
    frame.render_widget(Paragraph::new(status_line(app, now)), plan.status);
    frame.render_widget(
        Paragraph::new(keys::key_line(app.layout(), area.width as usize))
            .style(Style::new().add_modifier(Modifier::DIM)),
        plan.keys,
    );
    match &app.overlay {
        Some(Overlay::Help) => help(frame, app),
        Some(Overlay::Stats(table)) => stats(frame, table),
        None => {}
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

fn digits(marks: u64, size: usize) -> String {
    let list: Vec<String> = (1..=size as u8)
        .filter(|d| marks & (1 << (d - 1)) != 0)
        .map(|d| d.to_string())
        .collect();
    list.join(" ")
}

/// The selected cell, its houses or lines, its marks, the modes, the digits still to
/// place, then the message.
fn panel_lines(app: &App, palette: Palette, width: u16) -> Vec<Line<'static>> {
    let layout = app.layout();
    let cell = app.selected;
    let groups: Vec<String> = layout
        .groups()
        .filter(|g| g.cells.contains(&cell))
        .filter(|g| {
            !matches!(g.kind, HouseKind::Row | HouseKind::Column) || layout.houses().is_empty()
        })
        .filter(|g| g.kind != HouseKind::Neighbours)
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
        lines.push(Line::from(format!(
            "marks {}",
            digits(state.marks, layout.size())
        )));
    }
    if app.auto && state.digit == 0 && !app.paused {
        let auto = app.game.auto_candidates()[cell];
        lines.push(Line::from(format!(
            "candidates {}",
            digits(auto, layout.size())
        )));
    }
    if app.pencil {
        lines.push(Line::from(Span::styled(
            "pencil mode: digits mark",
            Style::new().add_modifier(Modifier::REVERSED),
        )));
    }
    if let Some(left) = app.game.digits_left() {
        lines.push(Line::from(""));
        lines.extend(digits_left(&left, app.highlighted(), palette, width));
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

/// "to place" over two lines per chunk: the digits, and under each how many are left
/// (`·` for none), the highlighted digit's column highlighted.
fn digits_left(
    left: &[usize],
    highlight: Option<u8>,
    palette: Palette,
    width: u16,
) -> Vec<Line<'static>> {
    let column = left
        .iter()
        .map(|count| count.to_string().len())
        .chain([left.len().to_string().len()])
        .max()
        .unwrap_or(1)
        + 1;
    let per_line = (width as usize / column).max(1);
    let mut lines = vec![Line::from("to place")];
    for (chunk_index, chunk) in left.chunks(per_line).enumerate() {
        let mut heads = Vec::new();
        let mut counts = Vec::new();
        for (i, &count) in chunk.iter().enumerate() {
            let digit = chunk_index * per_line + i + 1;
            let mut style = if count == 0 {
                Style::new().add_modifier(Modifier::DIM)
            } else {
                Style::new()
            };
            if highlight == Some(digit as u8) {
                style = style.patch(palette.highlight());
                if palette.plain() {
                    style = style.add_modifier(Modifier::REVERSED);
                }
            }
            let count = if count == 0 {
                "·".to_string()
            } else {
                count.to_string()
            };
            heads.push(Span::styled(format!("{digit:>w$}", w = column - 1), style));
            heads.push(Span::raw(" "));
            counts.push(Span::styled(format!("{count:>w$}", w = column - 1), style));
            counts.push(Span::raw(" "));
        }
        lines.push(Line::from(heads));
        lines.push(Line::from(counts));
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
    for (on, word) in [
        (app.pencil, "  [pencil]"),
        (app.auto, "  [auto]"),
        (app.paused, "  paused"),
        (app.solved_in.is_some(), "  solved"),
    ] {
        if on {
            text.push_str(word);
        }
    }
    Line::from(Span::styled(
        text,
        Style::new().add_modifier(Modifier::BOLD),
    ))
}

/// A window in the middle of the screen with `lines` in it.
fn window(frame: &mut Frame, title: &str, lines: Vec<Line>, width: u16) {
    let area = frame.area();
    let height = (lines.len() as u16 + 2).min(area.height);
    let width = width.min(area.width);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        rect,
    );
}

/// Every key of this board, from the key table, laid over the screen.
fn help(frame: &mut Frame, app: &App) {
    const KEYS: usize = 16;
    let width = frame.area().width.min(80);
    let room = (width as usize).saturating_sub(KEYS + 3).max(20);
    let mut lines = Vec::new();
    for (label, what) in keys::help_rows(app.layout()) {
        for (i, text) in keys::wrap(&what, room).into_iter().enumerate() {
            let key = if i == 0 { label.as_str() } else { "" };
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{key:<KEYS$} "),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(text),
            ]));
        }
    }
    window(
        frame,
        " keys (any key closes; the clock waits) ",
        lines,
        width,
    );
}

/// The statistics table, laid over the screen.
fn stats(frame: &mut Frame, table: &str) {
    let mut lines: Vec<Line> = table.lines().map(|l| Line::from(l.to_string())).collect();
    if lines.len() <= 1 {
        lines.push(Line::from("no solved games yet"));
    }
    let width = table.lines().map(|l| l.chars().count()).max().unwrap_or(0) as u16 + 4;
    window(frame, " statistics (any key closes) ", lines, width.max(36));
}
