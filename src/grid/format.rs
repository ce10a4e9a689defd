//! Writing grids as text: the line format, the block format, and a boxed picture.
//!
//! Line and block output parse back to the same grid (tested below), so tools can chain.
//! Grids of a non-square layout (the Hanidoku honeycomb) use [`to_block_for`] and
//! [`to_pretty`], which follow the layout's rows.

use std::fmt::Write;

use super::Grid;
use crate::layout::{Geometry, HouseKind, Layout};

/// The line-format symbol of a value: `.` for blank, `1`-`9`, then `A`-`Z` for 10-35.
fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        _ => char::from_digit(u32::from(value), 36)
            .map(|c| c.to_ascii_uppercase())
            .unwrap_or('?'),
    }
}

/// The grid on one line, `.` for blank, `A`-`Z` for 10-35. `None` when n > 35, where
/// some digit has no symbol.
///
/// ```
/// use sudosat::grid::{to_line, Grid};
/// let mut grid = Grid::empty(16).unwrap();
/// grid.set(0, 0, 16);
/// assert_eq!(&to_line(&grid).unwrap()[..3], "G..");
/// assert_eq!(to_line(&Grid::empty(36).unwrap()), None);
/// ```
pub fn to_line(grid: &Grid) -> Option<String> {
    if grid.size() > 35 {
        return None;
    }
    Some(grid.cells().iter().map(|&v| symbol(v)).collect())
}

/// The course block format: n lines of n numbers separated by spaces, `0` for blank,
/// each line ending in `\n`. For n > 9 every number is right-aligned to two characters,
/// as in the shared 16x16 files, so columns line up; n ≤ 9 gives the plain course format.
///
/// ```
/// use sudosat::grid::{to_block, Grid};
/// let mut grid = Grid::empty(16).unwrap();
/// grid.set(0, 1, 12);
/// assert!(to_block(&grid).starts_with(" 0 12  0"));
/// let mut small = Grid::empty(4).unwrap();
/// small.set(1, 1, 2);
/// assert_eq!(to_block(&small), "0 0 0 0\n0 2 0 0\n0 0 0 0\n0 0 0 0\n");
/// ```
pub fn to_block(grid: &Grid) -> String {
    let width = grid.size().to_string().len();
    let mut text = String::with_capacity(grid.cells().len() * (width + 1));
    for row in grid.cells().chunks(grid.size()) {
        for (col, value) in row.iter().enumerate() {
            if col > 0 {
                text.push(' ');
            }
            let _ = write!(text, "{value:>width$}");
        }
        text.push('\n');
    }
    text
}

/// The block format for any layout: square layouts as [`to_block`], honeycombs one row
/// per line with the digits together (`26345`), `0` for blank.
///
/// ```
/// use sudosat::grid::{format::to_block_for, Grid};
/// use sudosat::layout::Layout;
/// let text = to_block_for(&Grid::empty_for(&Layout::hanidoku()), &Layout::hanidoku());
/// assert_eq!(text.lines().map(str::len).collect::<Vec<_>>(), [5, 6, 7, 8, 9, 8, 7, 6, 5]);
/// ```
pub fn to_block_for(grid: &Grid, layout: &Layout) -> String {
    // The layout decides, not the cell count: the flower's 49 cells over 7 digits would
    // pass for a 7x7 square.
    if layout.is_square() {
        return to_block(grid);
    }
    let mut text = String::with_capacity(grid.cells().len() * 2);
    let mut rest = grid.cells();
    for length in layout.row_lengths() {
        let (row, tail) = rest.split_at(length.min(rest.len()));
        text.extend(row.iter().map(|&v| if v == 0 { '0' } else { symbol(v) }));
        text.push('\n');
        rest = tail;
    }
    text
}

/// The honeycomb as hex ASCII art: each cell drawn `/d\` (the top of a hexagon) at twice
/// its half-column, so that neighbouring rows are offset by half a cell, as the hexagons
/// sit. A board with regions gets its region map beside it, one letter per region (`a`
/// for the first region in reading order; `.` for a cell in none), since the hexagons
/// themselves cannot show walls in text.
fn hex_pretty(grid: &Grid, layout: &Layout, row_lengths: &[usize], halves: &[usize]) -> String {
    let regions = hex_region_letters(layout);
    // A cell is 4 columns wide ("/d\" and a gap): half a cell is 2 columns.
    let picture_width = halves.iter().map(|&x| 2 * x + 3).max().unwrap_or(0);
    let mut text = String::new();
    let mut first = 0;
    for &length in row_lengths {
        let cells = first..(first + length).min(grid.cells().len());
        first += length;
        let mut row = String::new();
        for cell in cells.clone() {
            let _ = write!(
                row,
                "{:pad$}",
                "",
                pad = (2 * halves[cell]).saturating_sub(row.len())
            );
            let _ = write!(row, "/{}\\", symbol(grid.cells()[cell]));
        }
        if let Some(letters) = &regions {
            let start = picture_width + 4;
            for cell in cells {
                let _ = write!(
                    row,
                    "{:pad$}",
                    "",
                    pad = (start + halves[cell]).saturating_sub(row.len())
                );
                row.push(letters[cell]);
            }
        }
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

/// One letter per cell naming its region (`a`, `b`, ... by first cell; `.` for none), or
/// `None` when the layout has no regions.
fn hex_region_letters(layout: &Layout) -> Option<Vec<char>> {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut letters = vec!['.'; layout.num_cells()];
    let regions = layout
        .houses()
        .iter()
        .filter(|house| house.kind == HouseKind::Region);
    let mut any = false;
    for (number, house) in regions.enumerate() {
        any = true;
        let letter = char::from(LETTERS[number % LETTERS.len()]);
        for &cell in &house.cells {
            letters[cell] = letter;
        }
    }
    any.then_some(letters)
}

/// A picture for people: `|` between boxes, `+---+` lines between bands, `.` for blank,
/// numbers right-aligned (symbols would be shorter, but 10-64 read better as numbers).
/// Jigsaw layouts get walls between cells of different regions instead; a layout without
/// regions only the outer frame.
///
/// ```
/// use sudosat::grid::{to_pretty, Grid};
/// use sudosat::layout::Layout;
/// let mut grid = Grid::empty(4).unwrap();
/// grid.set(0, 0, 1);
/// let text = to_pretty(&grid, &Layout::square(4).unwrap());
/// assert_eq!(text.lines().next(), Some("+-----+-----+"));
/// assert_eq!(text.lines().nth(1), Some("| 1 . | . . |"));
/// assert_eq!(text.lines().count(), 7);
/// ```
pub fn to_pretty(grid: &Grid, layout: &Layout) -> String {
    if let Geometry::Hex {
        row_lengths,
        half_columns,
    } = layout.geometry()
    {
        return hex_pretty(grid, layout, row_lengths, half_columns);
    }
    if layout.box_size().is_none() {
        if let Some(regions) = region_map(layout) {
            return region_pretty(grid, &regions);
        }
    }
    let size = grid.size();
    let width = size.to_string().len();
    let band = layout.box_size().filter(|&k| k > 0).unwrap_or(size.max(1));
    let boxes_per_row = size.div_ceil(band);
    let box_line = "-".repeat(band * (width + 1) + 1);
    let mut rule = String::from("+");
    for _ in 0..boxes_per_row {
        rule.push_str(&box_line);
        rule.push('+');
    }
    rule.push('\n');
    let mut text = String::new();
    for (row_index, row) in grid.cells().chunks(size).enumerate() {
        if row_index % band == 0 {
            text.push_str(&rule);
        }
        for (col, &value) in row.iter().enumerate() {
            text.push_str(match col {
                0 => "| ",
                _ if col % band == 0 => " | ",
                _ => " ",
            });
            if value == 0 {
                let _ = write!(text, "{:>width$}", ".");
            } else {
                let _ = write!(text, "{value:>width$}");
            }
        }
        text.push_str(" |\n");
    }
    text.push_str(&rule);
    text
}

/// The region (box or jigsaw region) of every cell of a square layout, numbered as the
/// layout lists them; `None` when some cell lies in no region.
fn region_map(layout: &Layout) -> Option<Vec<usize>> {
    let mut regions = vec![usize::MAX; layout.num_cells()];
    let kinds = [HouseKind::Box, HouseKind::Region];
    for (number, house) in layout
        .houses()
        .iter()
        .filter(|house| kinds.contains(&house.kind))
        .enumerate()
    {
        for &cell in &house.cells {
            regions[cell] = number;
        }
    }
    regions
        .iter()
        .all(|&region| region != usize::MAX)
        .then_some(regions)
}

/// A square grid of irregular regions (jigsaw): a wall (`|` or `---`) wherever two
/// neighbouring cells lie in different regions, and `+` where walls meet, so the regions
/// read as the boxes do in the classic picture. Every cell is three columns wide (more for
/// two-digit sizes) so the walls of all rows line up.
fn region_pretty(grid: &Grid, regions: &[usize]) -> String {
    let n = grid.size();
    let width = n.to_string().len();
    let region = |row: usize, col: usize| regions[row * n + col];
    // The wall above cell (row, col), row in 0..=n, and the wall left of it, col in 0..=n.
    let above =
        |row: usize, col: usize| row == 0 || row == n || region(row - 1, col) != region(row, col);
    let left =
        |row: usize, col: usize| col == 0 || col == n || region(row, col - 1) != region(row, col);
    let mut text = String::new();
    for row in 0..=n {
        for col in 0..=n {
            let across = (col > 0 && above(row, col - 1)) || (col < n && above(row, col));
            let down = (row > 0 && left(row - 1, col)) || (row < n && left(row, col));
            text.push(match (across, down) {
                (true, true) => '+',
                (true, false) => '-',
                (false, true) => '|',
                (false, false) => ' ',
            });
            if col < n {
                let wall = if above(row, col) { "-" } else { " " };
                text.push_str(&wall.repeat(width + 2));
            }
        }
        text.push('\n');
        if row == n {
            break;
        }
        for col in 0..=n {
            text.push(if left(row, col) { '|' } else { ' ' });
            if col < n {
                match grid.cells()[row * n + col] {
                    0 => {
                        let _ = write!(text, " {:>width$} ", ".");
                    }
                    value => {
                        let _ = write!(text, " {value:>width$} ");
                    }
                }
            }
        }
        text.push('\n');
    }
    text
}

/// Joins items the way a sentence lists them: `2`, `2 and 7`, `2, 5 and 7`.
pub(crate) fn and_list<T: std::fmt::Display>(items: &[T]) -> String {
    let mut text = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            text.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        let _ = write!(text, "{item}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_puzzles, ParseOptions};

    fn sample(size: usize) -> Grid {
        let cells = (0..size * size)
            .map(|i| ((i * 7) % (size + 1)) as u8)
            .collect();
        Grid::from_cells(size, cells).unwrap()
    }

    fn reparse(text: &str, size: usize) -> Grid {
        let options = ParseOptions {
            size: Some(size),
            allow_conflicts: true,
        };
        let mut puzzles = parse_puzzles(text, &options).unwrap();
        assert_eq!(puzzles.len(), 1);
        puzzles.remove(0).grid
    }

    #[test]
    fn line_and_block_output_parse_back() {
        for k in 2..=8 {
            let size = k * k;
            let grid = sample(size);
            if let Some(line) = to_line(&grid) {
                assert_eq!(line.len(), size * size);
                assert_eq!(reparse(&line, size), grid, "line {size}");
            } else {
                assert!(size > 35);
            }
            assert_eq!(reparse(&to_block(&grid), size), grid, "block {size}");
        }
    }

    #[test]
    fn the_honeycomb_draws_offset_rows_and_its_blocks_parse_back() {
        let layout = Layout::hanidoku();
        let cells = (0..61).map(|i| (i % 10) as u8).collect();
        let grid = Grid::for_layout(&layout, cells).unwrap();
        let pretty = to_pretty(&grid, &layout);
        let lines: Vec<_> = pretty.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "        /.\\ /1\\ /2\\ /3\\ /4\\");
        assert_eq!(lines[4].len(), 9 * 4 - 1);
        assert!(lines[1].starts_with("      /5\\"));
        let block = to_block_for(&grid, &layout);
        let back = crate::grid::parse_puzzles_for(&block, &layout, true).unwrap();
        assert_eq!(back[0].grid, grid);
        let line = to_line(&grid).unwrap();
        assert_eq!(
            crate::grid::parse_puzzles_for(&line, &layout, true).unwrap()[0].grid,
            grid
        );
    }

    #[test]
    fn a_honeycomb_with_regions_draws_its_region_map_beside_the_digits() {
        let text = "digits 3\nhoneycomb 2\n . .\n. . .\nregions\n a b\na . b\n";
        let layout = crate::layout::parse_layout_file(text, "f").unwrap();
        let grid = Grid::for_layout(&layout, vec![1, 2, 3, 0, 1]).unwrap();
        let pretty = to_pretty(&grid, &layout);
        assert_eq!(pretty, "  /1\\ /2\\       a b\n/3\\ /.\\ /1\\    a . b\n");
        // A 7-digit board of 49 cells is no 7x7 square: its blocks follow its rows.
        let block = to_block_for(&grid, &layout);
        assert_eq!(block, "12\n301\n");
    }

    #[test]
    fn lists_read_like_sentences() {
        assert_eq!(and_list::<u8>(&[]), "");
        assert_eq!(and_list(&[2]), "2");
        assert_eq!(and_list(&[2, 7]), "2 and 7");
        assert_eq!(and_list(&[2, 5, 7]), "2, 5 and 7");
    }

    #[test]
    fn symbols_run_through_letters() {
        assert_eq!([0, 1, 9, 10, 35].map(symbol), ['.', '1', '9', 'A', 'Z']);
    }

    #[test]
    fn block_columns_align_for_two_digit_sizes() {
        let block = to_block(&sample(25));
        let lengths: Vec<_> = block.lines().map(str::len).collect();
        assert!(lengths.iter().all(|&len| len == 25 * 3 - 1), "{lengths:?}");
    }

    #[test]
    fn pretty_draws_the_walls_of_jigsaw_regions() {
        // Walls only: the digits need not solve anything to be drawn.
        let text = "size 4\nregions\na a b b\na c b b\na c c d\nc d d d\n";
        let layout = crate::layout::parse_layout_file(text, "j4.layout").unwrap();
        let cells = (0..16).map(|i| (i % 4 + 1) as u8).collect();
        let grid = Grid::for_layout(&layout, cells).unwrap();
        let pretty = to_pretty(&grid, &layout);
        let lines: Vec<_> = pretty.lines().collect();
        assert_eq!(
            lines,
            [
                "+-------+-------+",
                "| 1   2 | 3   4 |",
                "|   +---+       |",
                "| 1 | 2 | 3   4 |",
                "|   |   +---+---+",
                "| 1 | 2   3 | 4 |",
                "+---+-------+   |",
                "| 1 | 2   3   4 |",
                "+---+-----------+",
            ],
            "{pretty}"
        );
    }

    #[test]
    fn pretty_draws_boxes_for_all_sizes() {
        let layout = Layout::square(9).unwrap();
        let text = to_pretty(&sample(9), &layout);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "+-------+-------+-------+");
        assert_eq!(lines[4], "+-------+-------+-------+");
        assert!(lines.iter().all(|line| line.len() == 25));
        for k in 1..=8 {
            let layout = Layout::square(k * k).unwrap();
            let text = to_pretty(&sample(k * k), &layout);
            assert_eq!(text.lines().count(), k * k + k + 1);
            let first = text.lines().next().map(str::len);
            assert!(text.lines().all(|line| Some(line.len()) == first));
        }
    }
}
