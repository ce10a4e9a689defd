//! The honeycomb on screen against its layout: for every shipped honeycomb board (the
//! `honeycomb` layout files of testdata/layouts, and the built-in Hanidoku), the cells
//! whose drawn hexagons share an edge are exactly the cells that touch on the board.
//!
//! The board's side comes from the layout's own houses, not from the drawing's
//! geometry: consecutive cells of a row, rising or falling line (lines are maximal runs
//! of touching cells) and the pairs of a `neighbours differ` rule.

use std::collections::BTreeSet;
use std::time::Instant;

use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use super::super::app::App;
use super::super::board::HEX_EDGES;
use super::super::palette::Palette;
use super::super::screen;
use super::Plan;
use crate::grid::Grid;
use crate::layout::{Geometry, HouseKind, Layout};
use crate::play::Game;

/// Every honeycomb board shipped: the layout files and the built-in one.
fn honeycombs() -> Vec<Layout> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/layouts");
    let mut layouts = vec![Layout::hanidoku()];
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "layout"))
        .collect();
    files.sort();
    for path in files {
        let layout = Layout::resolve(path.to_str().unwrap(), None).unwrap();
        if matches!(layout.geometry(), Geometry::Hex { .. }) {
            layouts.push(layout);
        }
    }
    let names: Vec<&str> = layouts.iter().map(Layout::name).collect();
    assert!(
        names.contains(&"flower") && names.contains(&"pinwheel"),
        "{names:?}"
    );
    layouts
}

/// Pairs of cells that touch on the board, from its houses and lines.
fn touching_on_the_board(layout: &Layout) -> BTreeSet<(usize, usize)> {
    let mut pairs = BTreeSet::new();
    for group in layout.groups() {
        let consecutive = matches!(
            group.kind,
            HouseKind::Row | HouseKind::Rising | HouseKind::Falling
        );
        if consecutive || group.kind == HouseKind::Neighbours {
            for pair in group.cells.windows(2) {
                pairs.insert((pair[0].min(pair[1]), pair[0].max(pair[1])));
            }
        }
    }
    pairs
}

/// A game on `layout` whose board shows each cell's number in its row + 1 (1-based),
/// cycling through the digits, so the test can find every cell's text.
fn numbered(layout: &Layout) -> App {
    let digits: Vec<u8> = (0..layout.num_cells())
        .map(|cell| (layout.position(cell).1 % layout.size()) as u8 + 1)
        .collect();
    let givens = Grid::for_layout(layout, digits).unwrap();
    App::new(
        Game::new(layout, &givens, None),
        None,
        "t".into(),
        "".into(),
    )
}

#[test]
fn cells_touch_on_screen_exactly_where_they_touch_on_the_board() {
    for layout in honeycombs() {
        let app = numbered(&layout);
        let area = Rect::new(0, 0, 100, 30);
        let plan = Plan::new(&app, area);
        assert!(plan.too_small.is_none(), "{}", layout.name());
        let mut terminal = Terminal::new(TestBackend::new(area.width, area.height)).unwrap();
        terminal
            .draw(|frame| {
                screen::draw(frame, &app, &plan, Palette { color: false }, Instant::now())
            })
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        let at = |x: u16, y: u16| buffer[(x, y)].symbol().to_string();
        // Each cell's text shows its digit where the plan put it, inside its hexagon.
        let mut edges: Vec<Vec<(u16, u16)>> = Vec::new();
        for (cell, rect) in plan.cells.iter().enumerate() {
            let digit = (layout.position(cell).1 % layout.size() + 1).to_string();
            assert_eq!(
                at(rect.x + 1, rect.y),
                digit,
                "{} cell {cell}",
                layout.name()
            );
            let (x, y) = (rect.x - 1, rect.y - 1);
            let mut mine = Vec::new();
            for (dx, dy, edge) in HEX_EDGES {
                assert_eq!(
                    at(x + dx, y + dy),
                    edge.to_string(),
                    "{} cell {cell}: edge at ({}, {})",
                    layout.name(),
                    x + dx,
                    y + dy
                );
                mine.push((x + dx, y + dy));
            }
            edges.push(mine);
        }
        let mut on_screen = BTreeSet::new();
        for a in 0..edges.len() {
            for b in a + 1..edges.len() {
                if edges[a].iter().any(|place| edges[b].contains(place)) {
                    on_screen.insert((a, b));
                }
                assert_ne!(plan.cells[a], plan.cells[b], "{}", layout.name());
            }
        }
        let on_board = touching_on_the_board(&layout);
        assert!(!on_board.is_empty(), "{}", layout.name());
        assert_eq!(on_screen, on_board, "{}", layout.name());
    }
}
