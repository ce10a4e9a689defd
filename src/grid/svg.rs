//! Pictures of grids: a standalone SVG document for any [`Layout`].
//!
//! Square layouts are drawn as a grid of square cells: thin lines between cells, thick
//! lines round the grid and wherever two neighbouring cells belong to different boxes or
//! jigsaw regions (so the picture follows the layout's region map, not a box size).
//! Cells of a main diagonal (X-Sudoku) are shaded light blue, cells of extra houses
//! (windoku and the like) light grey. Hex layouts (Hanidoku, honeycomb layout files) are
//! drawn as a honeycomb of pointy-top hexagons at their places, neighbouring rows half a
//! cell apart, with a thick outline round the board and thick walls between regions.
//!
//! Digits are centred in their cells and written as numbers (1..16 on a 16x16), with a
//! font scaled to the cell. Givens (cells filled in the puzzle) are bold black, solved
//! digits blue; without a puzzle every digit is drawn alike, in black.
//!
//! The document is self-contained: no scripts, no stylesheets, no fonts or images from
//! elsewhere, only presentation attributes. Each group of digits is a `<g>` with a class
//! (`given`, `solved` or `digit`) holding one `<text>` per filled cell, so that tests and
//! scripts can find them. The only text that does not come from us, the layout's name (a
//! layout file may choose it), is escaped.

use std::collections::HashMap;
use std::fmt::Write;

use super::Grid;
use crate::layout::{Geometry, HouseKind, Layout};

/// Side of a square cell, in SVG user units (pixels at the natural size).
const CELL: f64 = 40.0;
/// Distance from a hexagon's centre to its corners.
const HEX_RADIUS: f64 = 26.0;
/// Blank space round the board, enough for half a thick line and a little air.
const MARGIN: f64 = 4.0;
/// Stroke widths of the cell lines and the box / region / board borders.
const THIN: f64 = 1.0;
const THICK: f64 = 3.0;
/// Colours: thin lines, thick lines, givens, solved digits, diagonal and extra shading.
const THIN_COLOUR: &str = "#9a9a9a";
const THICK_COLOUR: &str = "#1a1a1a";
const GIVEN_COLOUR: &str = "#111111";
const SOLVED_COLOUR: &str = "#1f5fbf";
const DIAGONAL_SHADE: &str = "#dce7f9";
const EXTRA_SHADE: &str = "#e3e3e3";
/// Generic families only: nothing to fetch, and every renderer has a sans-serif.
const FONT_FAMILY: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The grid as a standalone SVG document (with its XML declaration and a final newline).
///
/// `givens`, when known, is the puzzle: its filled cells are drawn as givens (bold
/// black), the other digits of `grid` as solved (blue). With `None` every digit is drawn
/// alike. Blank cells of `grid` stay empty. A grid or puzzle with fewer cells than the
/// layout draws the cells it has.
///
/// ```
/// use sudosat::grid::{svg::to_svg, Grid};
/// use sudosat::layout::Layout;
/// let layout = Layout::square(4).unwrap();
/// let solved = Grid::from_cells(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
/// let mut puzzle = Grid::empty(4).unwrap();
/// puzzle.set(0, 0, 1);
/// let svg = to_svg(&solved, &layout, Some(&puzzle));
/// assert!(svg.starts_with("<?xml") && svg.contains("viewBox=\"0 0 168 168\""));
/// assert_eq!(svg.matches("<text ").count(), 16);
/// assert!(svg.contains("<g class=\"given\"") && svg.contains("<g class=\"solved\""));
/// ```
pub fn to_svg(grid: &Grid, layout: &Layout, givens: Option<&Grid>) -> String {
    let board = match layout.geometry() {
        Geometry::Square { side, .. } => square_board(layout, *side),
        Geometry::Hex {
            row_lengths,
            half_columns,
        } => hex_board(layout, row_lengths, half_columns),
    };
    let mut svg = String::with_capacity(256 + 96 * board.centres.len());
    let (width, height) = (num(board.width), num(board.height));
    let _ = writeln!(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\">"
    );
    let _ = writeln!(svg, "<title>{}</title>", escape(layout.name()));
    let _ = writeln!(
        svg,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    svg.push_str(&board.lines);
    write_digits(&mut svg, grid, givens, &board);
    svg.push_str("</svg>\n");
    svg
}

/// What the geometry-specific half of the drawing hands to the digit writer.
struct Board {
    /// Document size.
    width: f64,
    height: f64,
    /// Centre of each cell, in reading order.
    centres: Vec<(f64, f64)>,
    /// Font size for the digits.
    font_size: f64,
    /// The cells, shading and borders, already as SVG elements.
    lines: String,
}

/// How each cell is shaded: `None` for plain white.
fn shades(layout: &Layout) -> Vec<Option<&'static str>> {
    let mut shade = vec![None; layout.num_cells()];
    for house in layout.houses() {
        let colour = match house.kind {
            HouseKind::Diagonal => DIAGONAL_SHADE,
            HouseKind::Extra => EXTRA_SHADE,
            _ => continue,
        };
        for &cell in &house.cells {
            if let Some(slot) = shade.get_mut(cell) {
                // Extra houses win over diagonals: both are light, one colour per cell.
                if slot.is_none() || colour == EXTRA_SHADE {
                    *slot = Some(colour);
                }
            }
        }
    }
    shade
}

/// The region (box or jigsaw region) of each cell, as an index into the layout's houses;
/// `None` for cells in no region.
fn regions(layout: &Layout) -> Vec<Option<usize>> {
    let mut region = vec![None; layout.num_cells()];
    for (index, house) in layout.houses().iter().enumerate() {
        if matches!(house.kind, HouseKind::Box | HouseKind::Region) {
            for &cell in &house.cells {
                if let Some(slot) = region.get_mut(cell) {
                    *slot = Some(index);
                }
            }
        }
    }
    region
}

/// A `side × side` grid: shading, thin cell lines, thick region borders and frame.
fn square_board(layout: &Layout, side: usize) -> Board {
    let extent = side as f64 * CELL;
    let at = |i: usize| MARGIN + i as f64 * CELL;
    let mut lines = String::new();
    for (cell, shade) in shades(layout).iter().enumerate() {
        if let Some(colour) = shade {
            let (row, col) = (cell / side.max(1), cell % side.max(1));
            let _ = writeln!(
                lines,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"/>",
                num(at(col)),
                num(at(row)),
                num(CELL),
                num(CELL)
            );
        }
    }
    let mut thin = String::new();
    for i in 1..side {
        let _ = write!(
            thin,
            "M{},{}H{}M{},{}V{}",
            num(MARGIN),
            num(at(i)),
            num(MARGIN + extent),
            num(at(i)),
            num(MARGIN),
            num(MARGIN + extent)
        );
    }
    if !thin.is_empty() {
        let _ = writeln!(
            lines,
            "<path class=\"cell-lines\" d=\"{thin}\" fill=\"none\" stroke=\"{THIN_COLOUR}\" \
             stroke-width=\"{}\"/>",
            num(THIN)
        );
    }
    let _ = writeln!(
        lines,
        "<path class=\"borders\" d=\"{}\" fill=\"none\" stroke=\"{THICK_COLOUR}\" \
         stroke-width=\"{}\" stroke-linecap=\"square\"/>",
        region_borders(&regions(layout), side),
        num(THICK)
    );
    let _ = writeln!(
        lines,
        "<rect class=\"frame\" x=\"{m}\" y=\"{m}\" width=\"{e}\" height=\"{e}\" fill=\"none\" \
         stroke=\"{THICK_COLOUR}\" stroke-width=\"{}\"/>",
        num(THICK),
        m = num(MARGIN),
        e = num(extent)
    );
    let centres = (0..side * side)
        .map(|cell| {
            let (row, col) = (cell / side, cell % side);
            (at(col) + CELL / 2.0, at(row) + CELL / 2.0)
        })
        .collect();
    // Two-digit numbers need room for two glyphs side by side.
    let font_size = if layout.size() > 9 { 0.46 } else { 0.62 } * CELL;
    Board {
        width: extent + 2.0 * MARGIN,
        height: extent + 2.0 * MARGIN,
        centres,
        font_size,
        lines,
    }
}

/// Path data for the inner borders between cells of different regions, each run of
/// neighbouring border segments on one grid line joined into one stroke.
fn region_borders(region: &[Option<usize>], side: usize) -> String {
    let of = |row: usize, col: usize| region.get(row * side + col).copied().flatten();
    let at = |i: usize| num(MARGIN + i as f64 * CELL);
    let mut path = String::new();
    for line in 1..side {
        // Vertical line left of column `line`, then horizontal line above row `line`.
        let mut start = None;
        for row in 0..=side {
            let differs = row < side && of(row, line - 1) != of(row, line);
            match (differs, start) {
                (true, None) => start = Some(row),
                (false, Some(first)) => {
                    let _ = write!(path, "M{},{}V{}", at(line), at(first), at(row));
                    start = None;
                }
                _ => {}
            }
        }
        for col in 0..=side {
            let differs = col < side && of(line - 1, col) != of(line, col);
            match (differs, start) {
                (true, None) => start = Some(col),
                (false, Some(first)) => {
                    let _ = write!(path, "M{},{}H{}", at(first), at(line), at(col));
                    start = None;
                }
                _ => {}
            }
        }
    }
    path
}

/// The honeycomb: one hexagon per cell at its place (row, half-column), shaded as the
/// square cells are, and a thick line along every hexagon edge that has no neighbour
/// across it (the outline) or a neighbour of another region (region walls, drawn once,
/// from the earlier cell).
fn hex_board(layout: &Layout, row_lengths: &[usize], halves: &[usize]) -> Board {
    let width = 3f64.sqrt() * HEX_RADIUS;
    // Cells in half-cell columns: row r, position h, so that neighbours in the same row
    // are 2 apart and neighbours in adjacent rows 1 apart.
    let mut cells = Vec::new();
    for (row, &length) in row_lengths.iter().enumerate() {
        for _ in 0..length {
            let half = halves.get(cells.len()).copied().unwrap_or(0);
            cells.push((row as i64, half as i64));
        }
    }
    let index: HashMap<(i64, i64), usize> = cells
        .iter()
        .enumerate()
        .map(|(cell, &place)| (place, cell))
        .collect();
    let region = regions(layout);
    let shade = shades(layout);
    let centre = |(row, half): (i64, i64)| {
        (
            MARGIN + width / 2.0 + half as f64 * width / 2.0,
            MARGIN + HEX_RADIUS + row as f64 * 1.5 * HEX_RADIUS,
        )
    };
    let mut lines = String::new();
    let mut outline = String::new();
    for (number, &cell) in cells.iter().enumerate() {
        let (x, y) = centre(cell);
        // Corners clockwise from the top, and the neighbour across the edge that starts
        // at each corner: upper right, right, lower right, lower left, left, upper left.
        let corners = [
            (x, y - HEX_RADIUS),
            (x + width / 2.0, y - HEX_RADIUS / 2.0),
            (x + width / 2.0, y + HEX_RADIUS / 2.0),
            (x, y + HEX_RADIUS),
            (x - width / 2.0, y + HEX_RADIUS / 2.0),
            (x - width / 2.0, y - HEX_RADIUS / 2.0),
        ];
        let across = [(-1, 1), (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1)];
        let points: Vec<String> = corners
            .iter()
            .map(|&(cx, cy)| format!("{},{}", num(cx), num(cy)))
            .collect();
        let fill = shade.get(number).copied().flatten().unwrap_or("#ffffff");
        let _ = writeln!(
            lines,
            "<polygon class=\"cell\" points=\"{}\" fill=\"{fill}\" stroke=\"{THIN_COLOUR}\" \
             stroke-width=\"{}\"/>",
            points.join(" "),
            num(THIN)
        );
        for (edge, (d_row, d_half)) in across.iter().enumerate() {
            let wall = match index.get(&(cell.0 + d_row, cell.1 + d_half)) {
                None => true,
                Some(&other) => other > number && region.get(other) != region.get(number),
            };
            if wall {
                let (from, to) = (corners[edge], corners[(edge + 1) % 6]);
                let _ = write!(
                    outline,
                    "M{},{}L{},{}",
                    num(from.0),
                    num(from.1),
                    num(to.0),
                    num(to.1)
                );
            }
        }
    }
    let _ = writeln!(
        lines,
        "<path class=\"borders\" d=\"{outline}\" fill=\"none\" stroke=\"{THICK_COLOUR}\" \
         stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        num(THICK)
    );
    let rows = row_lengths.len() as f64;
    let widest = halves.iter().copied().max().map_or(0, |x| x + 2);
    Board {
        width: widest as f64 * width / 2.0 + 2.0 * MARGIN,
        height: (1.5 * rows + 0.5) * HEX_RADIUS + 2.0 * MARGIN,
        centres: cells.into_iter().map(centre).collect(),
        font_size: 0.9 * HEX_RADIUS,
        lines,
    }
}

/// One `<g>` per kind of digit (given, solved, or plain when the givens are unknown),
/// each holding one centred `<text>` per filled cell.
fn write_digits(svg: &mut String, grid: &Grid, givens: Option<&Grid>, board: &Board) {
    let mut given = String::new();
    let mut solved = String::new();
    // The baseline sits below the centre by about a third of the font size, which
    // centres the digits' height without relying on `dominant-baseline` support.
    let drop = 0.35 * board.font_size;
    for (cell, (&value, &(x, y))) in grid.cells().iter().zip(&board.centres).enumerate() {
        if value == 0 {
            continue;
        }
        let is_given =
            givens.is_some_and(|puzzle| puzzle.cells().get(cell).is_some_and(|&v| v != 0));
        let target = if is_given { &mut given } else { &mut solved };
        let _ = writeln!(
            target,
            "<text x=\"{}\" y=\"{}\">{value}</text>",
            num(x),
            num(y + drop)
        );
    }
    let common = format!(
        "font-family=\"{FONT_FAMILY}\" font-size=\"{}\" text-anchor=\"middle\"",
        num(board.font_size)
    );
    if !given.is_empty() {
        let _ = write!(
            svg,
            "<g class=\"given\" {common} font-weight=\"bold\" fill=\"{GIVEN_COLOUR}\">\n{given}</g>\n"
        );
    }
    if !solved.is_empty() {
        let (class, colour) = match givens {
            Some(_) => ("solved", SOLVED_COLOUR),
            None => ("digit", GIVEN_COLOUR),
        };
        let _ = write!(
            svg,
            "<g class=\"{class}\" {common} fill=\"{colour}\">\n{solved}</g>\n"
        );
    }
}

/// A coordinate with at most two decimals and no trailing zeros: `12`, `12.5`, `41.57`.
fn num(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_string(),
        _ => text.to_string(),
    }
}

/// Text made safe for XML character data and attribute values: the five special
/// characters as entities, and characters XML 1.0 forbids (most control characters)
/// replaced by U+FFFD.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if u32::from(c) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
