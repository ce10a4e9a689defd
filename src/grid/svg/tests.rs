//! Tests of the SVG renderer. Every picture is parsed by `roxmltree` (a dev-dependency:
//! a real XML parser, which checks well-formedness, entities and nesting more thoroughly
//! than a hand-written check would), then inspected as a tree.

use std::collections::BTreeSet;

use roxmltree::{Document, Node};

use super::*;
use crate::layout::parse_layout_file;

const SOLVED_9X9: &str =
    "346852917179386245925617438517234896892145673463798152651923784238471569784569321";
const JIGSAW: &str = include_str!("../../../testdata/layouts/jigsaw9.layout");
const WINDOKU: &str = include_str!("../../../testdata/layouts/windoku9.layout");

fn grid_of(line: &str, layout: &Layout) -> Grid {
    let cells = line
        .chars()
        .map(|c| c.to_digit(36).unwrap_or(0) as u8)
        .collect();
    Grid::for_layout(layout, cells).unwrap()
}

/// Parses the picture, failing the test with the document when it is not well-formed.
fn parse(svg: &str) -> Document<'_> {
    match Document::parse(svg) {
        Ok(document) => document,
        Err(error) => panic!("not well-formed XML: {error}\n{svg}"),
    }
}

fn elements<'a, 'i>(document: &'a Document<'i>, name: &str) -> Vec<Node<'a, 'i>> {
    document
        .descendants()
        .filter(|node| node.has_tag_name(name))
        .collect()
}

/// The `<text>` elements inside the `<g>` of `class`, as (x, y, text).
fn digits_of(document: &Document<'_>, class: &str) -> Vec<(f64, f64, String)> {
    document
        .descendants()
        .filter(|node| node.has_tag_name("g") && node.attribute("class") == Some(class))
        .flat_map(|group| group.children().filter(|node| node.has_tag_name("text")))
        .map(|text| {
            let coordinate = |name| text.attribute(name).unwrap().parse::<f64>().unwrap();
            (
                coordinate("x"),
                coordinate("y"),
                text.text().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn group_attribute<'a>(document: &'a Document<'_>, class: &str, name: &str) -> Option<&'a str> {
    document
        .descendants()
        .find(|node| node.has_tag_name("g") && node.attribute("class") == Some(class))
        .and_then(|group| group.attribute(name))
}

/// The thick border path cut into unit segments between lattice points (x, y) given in
/// cells, so that the test does not depend on how runs are joined.
fn border_segments(document: &Document<'_>) -> BTreeSet<((usize, usize), (usize, usize))> {
    let path = elements(document, "path")
        .into_iter()
        .find(|node| node.attribute("class") == Some("borders"))
        .and_then(|node| node.attribute("d"))
        .unwrap();
    let lattice = |value: &str| {
        let units = (value.parse::<f64>().unwrap() - MARGIN) / CELL;
        assert!(
            (units - units.round()).abs() < 1e-9,
            "{value} is off the grid"
        );
        units.round() as usize
    };
    let mut segments = BTreeSet::new();
    for stroke in path.split('M').filter(|s| !s.is_empty()) {
        let (start, end, vertical) = match stroke.split_once('V') {
            Some((start, end)) => (start, end, true),
            None => {
                let (start, end) = stroke.split_once('H').unwrap();
                (start, end, false)
            }
        };
        let (x, y) = start.split_once(',').unwrap();
        let (x, y, end) = (lattice(x), lattice(y), lattice(end));
        let from = if vertical { y } else { x };
        for step in from..end {
            segments.insert(if vertical {
                ((x, step), (x, step + 1))
            } else {
                ((step, y), (step + 1, y))
            });
        }
    }
    segments
}

/// The inner borders a region map asks for, worked out from the map's letters alone.
fn expected_borders(map: &[Vec<char>]) -> BTreeSet<((usize, usize), (usize, usize))> {
    let side = map.len();
    let mut segments = BTreeSet::new();
    for row in 0..side {
        for col in 0..side {
            if col + 1 < side && map[row][col] != map[row][col + 1] {
                segments.insert(((col + 1, row), (col + 1, row + 1)));
            }
            if row + 1 < side && map[row][col] != map[row + 1][col] {
                segments.insert(((col, row + 1), (col + 1, row + 1)));
            }
        }
    }
    segments
}

#[test]
fn a_solved_9x9_with_its_puzzle_draws_givens_bold_and_the_rest_blue() {
    let layout = Layout::square(9).unwrap();
    let solved = grid_of(SOLVED_9X9, &layout);
    let mut puzzle = solved.clone();
    for cell in 0..81 {
        if cell % 3 != 0 {
            puzzle.set_cell(cell, 0);
        }
    }
    let svg = to_svg(&solved, &layout, Some(&puzzle));
    let document = parse(&svg);
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("viewBox"), Some("0 0 368 368"));
    assert_eq!(elements(&document, "text").len(), 81);
    let given = digits_of(&document, "given");
    let solved_digits = digits_of(&document, "solved");
    assert_eq!((given.len(), solved_digits.len()), (27, 54));
    assert_eq!(
        group_attribute(&document, "given", "font-weight"),
        Some("bold")
    );
    assert_eq!(group_attribute(&document, "solved", "font-weight"), None);
    assert_ne!(
        group_attribute(&document, "given", "fill"),
        group_attribute(&document, "solved", "fill")
    );
    // The first given is the top-left cell's 3, centred in its cell.
    let (x, y, text) = &given[0];
    assert_eq!(text, "3");
    assert_eq!(*x, MARGIN + CELL / 2.0);
    assert!(*y > MARGIN + CELL / 2.0 && *y < MARGIN + CELL);
    // Boxes: thick lines on grid lines 3 and 6 only, full length.
    let lines = border_segments(&document);
    assert_eq!(lines.len(), 4 * 9);
    assert!(lines
        .iter()
        .all(|&((x0, y0), (x1, y1))| [x0, y0, x1, y1].iter().any(|v| v % 3 == 0)));
    // Nothing external, nothing executable.
    for forbidden in ["<script", "href", "<image", "@import", "url("] {
        assert!(!svg.contains(forbidden), "{forbidden}");
    }
}

#[test]
fn partial_grids_draw_one_text_per_filled_cell_and_no_puzzle_draws_all_alike() {
    let layout = Layout::square(4).unwrap();
    let grid = grid_of("1.3...1.2..3...4", &layout);
    let svg = to_svg(&grid, &layout, None);
    let document = parse(&svg);
    assert_eq!(elements(&document, "text").len(), 6);
    assert_eq!(digits_of(&document, "digit").len(), 6);
    assert!(digits_of(&document, "given").is_empty());
    assert!(digits_of(&document, "solved").is_empty());
    let empty = to_svg(&Grid::empty(4).unwrap(), &layout, None);
    assert_eq!(elements(&parse(&empty), "text").len(), 0);
}

#[test]
fn the_honeycomb_has_61_hexagons_with_a_thick_outline() {
    let layout = Layout::hanidoku();
    let line = "5674334512678326546327841547859136254618723684723535261473546";
    let solved = grid_of(line, &layout);
    let puzzle = grid_of(
        "0000000000000000000000000000000000000000000000020530000403500",
        &Layout::hanidoku(),
    );
    let svg = to_svg(&solved, &layout, Some(&puzzle));
    let document = parse(&svg);
    let hexagons = elements(&document, "polygon");
    assert_eq!(hexagons.len(), 61);
    for hexagon in &hexagons {
        let points = hexagon.attribute("points").unwrap().split(' ').count();
        assert_eq!(points, 6);
    }
    assert_eq!(elements(&document, "text").len(), 61);
    assert_eq!(digits_of(&document, "given").len(), 6);
    assert_eq!(digits_of(&document, "solved").len(), 55);
    // A hexagonal board of side 5 has 6 sides of 2·5 - 1 outer hexagon edges.
    let outline = elements(&document, "path")
        .into_iter()
        .find(|node| node.attribute("class") == Some("borders"))
        .and_then(|node| node.attribute("d"))
        .unwrap();
    assert_eq!(outline.matches('M').count(), 54);
    // Rows are centred: the middle row's first digit sits left of the first row's, by
    // two cells, and every row's digits are evenly spaced.
    let digits: Vec<(f64, f64)> = digits_of(&document, "solved")
        .into_iter()
        .chain(digits_of(&document, "given"))
        .map(|(x, y, _)| (x, y))
        .collect();
    let first_x = |row: usize| {
        let y = digits.iter().map(|&(_, y)| y).fold(f64::INFINITY, f64::min)
            + row as f64 * 1.5 * HEX_RADIUS;
        digits
            .iter()
            .filter(|&&(_, dy)| (dy - y).abs() < 1e-6)
            .map(|&(x, _)| x)
            .fold(f64::INFINITY, f64::min)
    };
    let hex_width = 3f64.sqrt() * HEX_RADIUS;
    assert!((first_x(0) - first_x(4) - 2.0 * hex_width).abs() < 0.02);
    assert!((first_x(8) - first_x(0)).abs() < 0.02);
}

#[test]
fn jigsaw_borders_follow_the_region_map() {
    let layout = parse_layout_file(JIGSAW, "jigsaw9.layout").unwrap();
    let map: Vec<Vec<char>> = JIGSAW
        .lines()
        .skip_while(|line| line.trim() != "regions")
        .skip(1)
        .take(9)
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let solved = grid_of(SOLVED_9X9, &Layout::square(9).unwrap());
    let svg = to_svg(&solved, &layout, None);
    let document = parse(&svg);
    assert_eq!(border_segments(&document), expected_borders(&map));
    // Not the box lines: the jigsaw map has a border inside the first box.
    assert!(border_segments(&document).contains(&((2, 1), (2, 2))));
}

#[test]
fn diagonals_and_extra_houses_are_shaded() {
    let shaded = |layout: &Layout| {
        let svg = to_svg(&Grid::empty_for(layout), layout, None);
        let document = parse(&svg);
        let rects: Vec<String> = elements(&document, "rect")
            .iter()
            .filter_map(|rect| rect.attribute("fill").map(str::to_string))
            .filter(|fill| fill != "#ffffff" && fill != "none")
            .collect();
        rects
    };
    let x = shaded(&Layout::x_sudoku(9).unwrap());
    assert_eq!(x.len(), 17);
    assert!(x.iter().all(|fill| fill == DIAGONAL_SHADE));
    let windoku = shaded(&parse_layout_file(WINDOKU, "windoku9.layout").unwrap());
    assert_eq!(windoku.len(), 36);
    assert!(windoku.iter().all(|fill| fill == EXTRA_SHADE));
    assert!(shaded(&Layout::square(9).unwrap()).is_empty());
}

#[test]
fn large_grids_write_numbers_in_a_font_that_fits_the_cell() {
    for n in [16, 64] {
        let layout = Layout::square(n).unwrap();
        let cells = (0..n * n).map(|i| ((i * 7) % n + 1) as u8).collect();
        let grid = Grid::from_cells(n, cells).unwrap();
        let svg = to_svg(&grid, &layout, None);
        let document = parse(&svg);
        let texts = digits_of(&document, "digit");
        assert_eq!(texts.len(), n * n);
        assert!(texts.iter().any(|(_, _, text)| text == &n.to_string()));
        let size: f64 = group_attribute(&document, "digit", "font-size")
            .unwrap()
            .parse()
            .unwrap();
        // Two glyphs of about 0.6 em each must fit across the cell.
        assert!(size * 1.2 < CELL && size > CELL / 3.0, "{size}");
    }
}

#[test]
fn layout_names_are_escaped() {
    let text = "name <b>&\"x'\u{1}y\nsize 4\n";
    let layout = parse_layout_file(text, "evil.layout").unwrap();
    let svg = to_svg(&Grid::empty(4).unwrap(), &layout, None);
    let document = parse(&svg);
    let title = elements(&document, "title")[0].text().unwrap().to_string();
    assert_eq!(title, "<b>&\"x'\u{fffd}y");
    assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
}

#[test]
fn numbers_are_short() {
    assert_eq!(
        [12.0, 12.5, 41.569, -0.001, 0.0, 100.10].map(num),
        ["12", "12.5", "41.57", "0", "0", "100.1"]
    );
}

#[test]
fn a_honeycomb_file_draws_its_outline_and_each_region_wall_once() {
    // The pinwheel lists every touching pair (neighbours differ), so the expected strokes
    // follow from the layout alone: each hexagon has 6 edges, a touching pair shares one,
    // and a shared edge is a wall when the two cells lie in different regions (the centre
    // lies in none).
    let text = include_str!("../../../testdata/layouts/pinwheel.layout");
    let layout = parse_layout_file(text, "pinwheel.layout").unwrap();
    let pairs: Vec<&[usize]> = layout
        .houses()
        .iter()
        .filter(|house| house.kind == HouseKind::Neighbours)
        .map(|house| house.cells.as_slice())
        .collect();
    let region = regions(&layout);
    let walls = pairs
        .iter()
        .filter(|pair| region[pair[0]] != region[pair[1]])
        .count();
    let outline = 6 * layout.num_cells() - 2 * pairs.len();
    let svg = to_svg(&Grid::empty_for(&layout), &layout, None);
    let document = parse(&svg);
    assert_eq!(elements(&document, "polygon").len(), 37);
    let path = elements(&document, "path")
        .into_iter()
        .find(|node| node.attribute("class") == Some("borders"))
        .and_then(|node| node.attribute("d"))
        .unwrap();
    assert_eq!(path.matches('M').count(), outline + walls);
    // The rim of a side-4 hexagon has 42 edges; the six blades wall off the centre (6
    // edges) and meet each other along six zig-zag seams of 5 edges.
    assert_eq!((outline, walls), (42, 6 + 6 * 5));
}
