//! Layout files: square boards described as text (jigsaw region maps, diagonals, extra
//! houses such as windoku's four hyper boxes). A file that uses a honeycomb keyword
//! (`digits`, `honeycomb`, ...) describes a hexagonal board instead and is read by the
//! `hex_file` module.
//!
//! # Format
//!
//! Line-oriented; `#` starts a comment line, blank lines are ignored, surrounding
//! whitespace is dropped. Keywords, one per line:
//!
//! - `name TEXT` — optional; the name used in headers and messages (default: `custom`).
//! - `size N` — required, before any map: digits `1..=N` on an N×N grid (N ≤ 64).
//! - `regions` — followed by N map rows of N symbols (spaces between symbols optional):
//!   each symbol labels the region of its cell. There must be exactly N labels, each on
//!   exactly N cells. Without `regions`, the regions are the k×k boxes (N must be k²).
//! - `diagonals` — both main diagonals are houses too (X-Sudoku).
//! - `extra` — followed by N map rows: `.` is no house, any other symbol labels an extra
//!   house of at most N cells (windoku: four 3×3 boxes). May appear several times; labels
//!   are local to their block.
//!
//! Houses come in this order: rows, columns, regions (by first cell in reading order),
//! diagonals, extra houses (block by block, by first cell). Every house must hold distinct
//! digits; one with N cells holds every digit.
//!
//! The same text, line for line, goes into the CNF header (`c layout-file ...`), so a
//! formula made from a layout file can be decoded without the file.

use thiserror::Error;

use super::hex_file::{parse_honeycomb_file, HoneycombFileError, KEYWORDS};
use super::square::{diagonals, rows_and_columns};
use super::{Geometry, House, HouseKind, Layout};

/// A layout file that does not describe a board. `line` is 1-based.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LayoutFileError {
    /// No `size` line before the first map or the end.
    #[error("{file}: no `size N` line before line {line}")]
    MissingSize {
        /// The file name.
        file: String,
        /// Where a size was needed.
        line: usize,
    },
    /// A `size` that is no number in 1..=64, or a repeated `size`.
    #[error("{file} line {line}: bad size `{text}` (expected one `size N`, N in 1..=64)")]
    BadSize {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The text after `size`.
        text: String,
    },
    /// A line that is no keyword.
    #[error("{file} line {line}: unknown keyword `{text}` (expected name, size, regions, diagonals or extra)")]
    UnknownKeyword {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// A map row with the wrong number of symbols, or a map cut short.
    #[error("{file} line {line}: map row {row} has {found} symbols but the grid is {size} wide")]
    MapRow {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// 1-based row of the map.
        row: usize,
        /// Symbols found.
        found: usize,
        /// The size N.
        size: usize,
    },
    /// A region map whose labels do not cut the grid into N regions of N cells.
    #[error("{file} line {line}: {message}")]
    BadRegions {
        /// The file name.
        file: String,
        /// The `regions` line.
        line: usize,
        /// What is wrong, naming the label.
        message: String,
    },
    /// An extra house with more than N cells.
    #[error("{file} line {line}: extra house `{label}` has {found} cells, more than {size}")]
    ExtraTooBig {
        /// The file name.
        file: String,
        /// The `extra` line.
        line: usize,
        /// The label.
        label: char,
        /// Its cell count.
        found: usize,
        /// The size N.
        size: usize,
    },
    /// No `regions` map and a size that has no k×k boxes.
    #[error("{file}: size {size} has no k x k boxes, so the file needs a `regions` map")]
    NoBoxes {
        /// The file name.
        file: String,
        /// The size N.
        size: usize,
    },
    /// A honeycomb file that does not describe a board.
    #[error("{0}")]
    Honeycomb(#[from] HoneycombFileError),
}

/// Groups the cells of a map by label, labels ordered by their first cell; `.` is skipped.
fn group_by_label(map: &[char]) -> Vec<(char, Vec<usize>)> {
    let mut groups: Vec<(char, Vec<usize>)> = Vec::new();
    for (cell, &label) in map.iter().enumerate() {
        if label == '.' {
            continue;
        }
        match groups.iter_mut().find(|(l, _)| *l == label) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((label, vec![cell])),
        }
    }
    groups
}

/// True when some line starts with a keyword only honeycomb files use, followed by its
/// value (every such keyword takes one): a square map row is single symbols, so it can
/// only look like one by accident of a label-for-label spelling without a second token.
fn is_honeycomb_file(text: &str) -> bool {
    text.lines().any(|line| {
        let mut tokens = line.split_whitespace();
        let keyword = tokens.next().unwrap_or("");
        KEYWORDS.contains(&keyword) && tokens.next().is_some()
    })
}

/// Parses a layout file's text; `file` names it in errors. See the module docs.
///
/// ```
/// use sudosat::layout::parse_layout_file;
/// let text = "name tiny\nsize 4\nregions\naabb\naabb\nccdd\nccdd\ndiagonals\n";
/// let layout = parse_layout_file(text, "tiny.layout").unwrap();
/// assert_eq!((layout.name(), layout.houses().len()), ("tiny", 14));
/// assert_eq!(layout.source(), Some(text));
/// ```
pub fn parse_layout_file(text: &str, file: &str) -> Result<Layout, LayoutFileError> {
    if is_honeycomb_file(text) {
        return Ok(parse_honeycomb_file(text, file)?);
    }
    let mut name = String::from("custom");
    let mut size: Option<usize> = None;
    let mut regions: Option<(usize, Vec<char>)> = None;
    let mut extras: Vec<(usize, Vec<char>)> = Vec::new();
    let mut with_diagonals = false;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    while let Some((line, content)) = lines.next() {
        let (keyword, rest) = content
            .split_once(char::is_whitespace)
            .unwrap_or((content, ""));
        match keyword {
            "name" => name = rest.trim().to_string(),
            "size" => {
                let bad = || LayoutFileError::BadSize {
                    file: file.to_string(),
                    line,
                    text: rest.trim().to_string(),
                };
                let n: usize = rest.trim().parse().map_err(|_| bad())?;
                if size.is_some() || !(1..=64).contains(&n) {
                    return Err(bad());
                }
                size = Some(n);
            }
            "diagonals" => with_diagonals = true,
            "regions" | "extra" => {
                let n = size.ok_or_else(|| LayoutFileError::MissingSize {
                    file: file.to_string(),
                    line,
                })?;
                let mut map = Vec::with_capacity(n * n);
                for row in 1..=n {
                    let (row_line, symbols) = lines.next().unwrap_or((line, ""));
                    let symbols: Vec<char> =
                        symbols.chars().filter(|c| !c.is_whitespace()).collect();
                    if symbols.len() != n {
                        return Err(LayoutFileError::MapRow {
                            file: file.to_string(),
                            line: row_line,
                            row,
                            found: symbols.len(),
                            size: n,
                        });
                    }
                    map.extend(symbols);
                }
                if keyword == "regions" {
                    regions = Some((line, map));
                } else {
                    extras.push((line, map));
                }
            }
            _ => {
                return Err(LayoutFileError::UnknownKeyword {
                    file: file.to_string(),
                    line,
                    text: content.to_string(),
                })
            }
        }
    }
    let n = size.ok_or_else(|| LayoutFileError::MissingSize {
        file: file.to_string(),
        line: text.lines().count() + 1,
    })?;
    let mut houses = rows_and_columns(n);
    let box_size = match regions {
        Some((line, map)) => {
            let groups = group_by_label(&map);
            let bad = |message: String| LayoutFileError::BadRegions {
                file: file.to_string(),
                line,
                message,
            };
            if map.contains(&'.') {
                return Err(bad(
                    "the region map has a `.`: every cell needs a region".into()
                ));
            }
            if groups.len() != n {
                return Err(bad(format!(
                    "the region map has {} labels, not {n}",
                    groups.len()
                )));
            }
            for (index, (label, cells)) in groups.into_iter().enumerate() {
                if cells.len() != n {
                    return Err(bad(format!(
                        "region `{label}` has {} cells, not {n}",
                        cells.len()
                    )));
                }
                houses.push(House {
                    kind: HouseKind::Region,
                    index,
                    cells,
                });
            }
            None
        }
        None => {
            let square = Layout::square(n).map_err(|_| LayoutFileError::NoBoxes {
                file: file.to_string(),
                size: n,
            })?;
            let box_size = square.box_size();
            houses.extend(square.houses.into_iter().skip(2 * n));
            box_size
        }
    };
    if with_diagonals {
        houses.extend(diagonals(n));
    }
    let mut extra_index = 0;
    for (line, map) in extras {
        for (label, cells) in group_by_label(&map) {
            if cells.len() > n {
                return Err(LayoutFileError::ExtraTooBig {
                    file: file.to_string(),
                    line,
                    label,
                    found: cells.len(),
                    size: n,
                });
            }
            houses.push(House {
                kind: HouseKind::Extra,
                index: extra_index,
                cells,
            });
            extra_index += 1;
        }
    }
    let mut layout = Layout::from_parts(
        name,
        n,
        Geometry::Square { side: n, box_size },
        houses,
        Vec::new(),
    );
    layout.source = Some(text.to_string());
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any text is a layout or an error, never a panic; lines are drawn from the
        /// keywords and map-like rows so that deep paths are reached.
        #[test]
        fn no_text_panics(lines in proptest::collection::vec(
            prop_oneof![
                Just("size 4".to_string()),
                Just("regions".to_string()),
                Just("extra".to_string()),
                Just("diagonals".to_string()),
                "[a-d. ]{0,6}",
                "size [0-9]{1,3}",
                ".{0,8}",
            ],
            0..14,
        )) {
            let text = lines.join("\n");
            let _ = parse_layout_file(&text, "fuzz");
        }
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let cases = [
            ("regions\n", "f: no `size N` line before line 1"),
            ("size 0\n", "f line 1: bad size `0` (expected one `size N`, N in 1..=64)"),
            ("size 4\nfoo\n", "f line 2: unknown keyword `foo` (expected name, size, regions, diagonals or extra)"),
            ("size 4\nregions\naabb\naab\n", "f line 4: map row 2 has 3 symbols but the grid is 4 wide"),
            ("size 4\nregions\naaaa\nbbbb\ncccc\ncccd\n", "f line 2: region `c` has 7 cells, not 4"),
            ("size 4\nextra\naaaa\na...\n....\n....\n", "f line 2: extra house `a` has 5 cells, more than 4"),
            ("size 5\n", "f: size 5 has no k x k boxes, so the file needs a `regions` map"),
        ];
        for (text, expected) in cases {
            match parse_layout_file(text, "f") {
                Err(error) => assert_eq!(error.to_string(), expected),
                Ok(_) => panic!("{text:?} parsed"),
            }
        }
    }

    #[test]
    fn an_irregular_region_map_gives_region_houses() {
        let text = "size 4\nregions\na a a b\nabbb\nccdd\nccdd\n";
        let layout = parse_layout_file(text, "f").unwrap();
        let region1 = &layout.houses()[8];
        assert_eq!(
            (region1.kind, region1.cells.as_slice()),
            (HouseKind::Region, &[0, 1, 2, 4][..])
        );
        assert_eq!(layout.box_size(), None);
    }

    #[test]
    fn windoku_adds_four_extra_houses_after_the_boxes() {
        let text = "size 9\nextra\n.........\n.aaa.bbb.\n.aaa.bbb.\n.aaa.bbb.\n.........\n\
                    .ccc.ddd.\n.ccc.ddd.\n.ccc.ddd.\n.........\n";
        let layout = parse_layout_file(text, "w").unwrap();
        assert_eq!(layout.houses().len(), 31);
        assert_eq!(layout.box_size(), Some(3));
        let last = &layout.houses()[30];
        assert_eq!(
            (last.kind, last.index, last.cells[0]),
            (HouseKind::Extra, 3, 50)
        );
    }
}
