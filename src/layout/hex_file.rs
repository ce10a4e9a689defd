//! Layout files for honeycomb boards: the cells drawn as a picture, digits, regions, line
//! rules in the three directions, and "neighbours differ".
//!
//! # Format
//!
//! The line rules of the square format hold (`#` comment lines, blank lines ignored), and
//! a file that uses any keyword below is a honeycomb file:
//!
//! - `name TEXT` — optional, as for square files.
//! - `digits K` — required: cells hold `1..=K` (K ≤ 64).
//! - `honeycomb R` — required, followed by R map rows drawing the board: one symbol per
//!   cell (any character but space, tab or `#`; the shipped files use `.`), cells of a
//!   row separated by one space, each row shifted by one column against its neighbours,
//!   as hexagons sit. Indentation counts; only the indentation common to all rows is
//!   dropped. Cells are numbered in reading order.
//! - `regions` — after the honeycomb, followed by R rows of the same picture: a label on
//!   every cell, `.` for a cell in no region. A region of K cells holds every digit once;
//!   a smaller one holds no digit twice.
//! - `extra` — the same, for extra houses (no digit twice); may appear several times.
//! - `rows RULE`, `rising RULE`, `falling RULE` — the lines of one direction (rows,
//!   `/`, `\`) obey RULE: `distinct` (no digit twice) or `run` (distinct digits forming
//!   a consecutive run such as 3, 4, 5, 6). `lines RULE` sets all three.
//! - `neighbours differ` — two touching cells never hold the same digit.
//!
//! A line is a maximal run of touching cells in one direction (see the `hex` module).
//! Houses come in the order regions, extra houses, `distinct` lines (rows, rising,
//! falling), neighbour pairs; `run` lines form the layout's lines (rows, rising, falling).
//!
//! Geometric mistakes are errors naming the line: a symbol off the honeycomb's lattice, a
//! region or extra map that marks a place with no cell or leaves a cell unmarked, and a
//! group that no digit set can satisfy (more cells than digits).

use super::hex::{Direction, Places};
use super::{Geometry, House, HouseKind, Layout};

mod error;

pub use error::HoneycombFileError;

/// The keywords only honeycomb files use; a file with any of them is read here.
pub(super) const KEYWORDS: [&str; 7] = [
    "digits",
    "honeycomb",
    "rows",
    "rising",
    "falling",
    "lines",
    "neighbours",
];

/// The most digits a board may have, as for square files.
const MAX_DIGITS: usize = 64;

/// What the lines of one direction obey.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// No digit twice: a house.
    Distinct,
    /// Distinct digits forming a consecutive run: a layout line.
    Run,
}

impl Rule {
    fn name(self) -> &'static str {
        match self {
            Rule::Distinct => "distinct",
            Rule::Run => "run",
        }
    }
}

/// A map as read: for each row its line number and its symbols with their 0-based
/// character column in the line.
type Map = Vec<(usize, Vec<(usize, char)>)>;

/// The statements of a honeycomb file, collected before the board is built.
#[derive(Default)]
struct Statements {
    name: Option<String>,
    digits: Option<(usize, usize)>,
    honeycomb: Option<(usize, Map)>,
    regions: Option<(usize, Map)>,
    extras: Vec<(usize, Map)>,
    rules: [Option<(usize, Rule)>; 3],
    neighbours: Option<usize>,
    /// The first line with a honeycomb-only keyword, for the "no honeycomb" message.
    first_keyword: Option<(usize, String)>,
}

/// Rows reserved ahead of reading a map; more grow the vector as they are read.
const MAX_PREALLOCATED_ROWS: usize = 64;

/// Reads `rows` map rows from `lines`, checking each is single symbols apart.
fn read_map<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    file: &str,
    keyword_line: usize,
    map: &'static str,
    rows: usize,
) -> Result<Map, HoneycombFileError> {
    // `rows` comes from the file: a huge count must end in `ShortMap`, not in an
    // allocation of that size (the layout fuzzer's capacity-overflow panic).
    let mut out = Vec::with_capacity(rows.min(MAX_PREALLOCATED_ROWS));
    while out.len() < rows {
        let Some((line, raw)) = lines.next() else {
            return Err(HoneycombFileError::ShortMap {
                file: file.to_string(),
                line: keyword_line,
                map,
                rows,
                found: out.len(),
            });
        };
        if raw.contains('\t') {
            return Err(HoneycombFileError::Tab {
                file: file.to_string(),
                line,
            });
        }
        if let Some(token) = raw.split(' ').find(|token| token.chars().count() > 1) {
            return Err(HoneycombFileError::MapToken {
                file: file.to_string(),
                line,
                token: token.to_string(),
            });
        }
        let symbols = raw.chars().enumerate().filter(|&(_, c)| c != ' ').collect();
        out.push((line, symbols));
    }
    Ok(out)
}

/// The places (row, half-column) of a map's symbols, the common indentation removed.
fn places_of(map: &Map) -> Vec<Vec<(usize, usize, char)>> {
    let left = map
        .iter()
        .flat_map(|(_, symbols)| symbols.iter().map(|&(column, _)| column))
        .min()
        .unwrap_or(0);
    map.iter()
        .enumerate()
        .map(|(y, (_, symbols))| symbols.iter().map(|&(c, s)| (y, c - left, s)).collect())
        .collect()
}

/// Parses the text of a honeycomb layout file; `file` names it in errors. See the
/// module docs.
///
/// ```
/// use sudosat::layout::parse_layout_file;
/// let text = "digits 3\nhoneycomb 2\n . .\n. . .\nneighbours differ\n";
/// let layout = parse_layout_file(text, "tiny.layout").unwrap();
/// assert_eq!((layout.num_cells(), layout.size(), layout.houses().len()), (5, 3, 7));
/// ```
pub(super) fn parse_honeycomb_file(text: &str, file: &str) -> Result<Layout, HoneycombFileError> {
    let statements = read_statements(text, file)?;
    build(statements, text, file)
}

/// The first pass: every keyword and map, checked on its own.
fn read_statements(text: &str, file: &str) -> Result<Statements, HoneycombFileError> {
    let mut st = Statements::default();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw))
        .filter(|(_, raw)| {
            let trimmed = raw.trim();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        });
    while let Some((line, raw)) = lines.next() {
        let content = raw.trim();
        let (keyword, rest) = content
            .split_once(char::is_whitespace)
            .unwrap_or((content, ""));
        let rest = rest.trim();
        let bad = |expected: &'static str| HoneycombFileError::BadValue {
            file: file.to_string(),
            line,
            keyword: keyword.to_string(),
            text: rest.to_string(),
            expected,
        };
        let repeated = |keyword: &str| HoneycombFileError::Repeated {
            file: file.to_string(),
            line,
            keyword: keyword.to_string(),
        };
        if KEYWORDS.contains(&keyword) && st.first_keyword.is_none() {
            st.first_keyword = Some((line, keyword.to_string()));
        }
        match keyword {
            "name" => st.name = Some(rest.to_string()),
            "digits" => {
                let expected = "`digits K`, K in 1..=64";
                let k: usize = rest.parse().map_err(|_| bad(expected))?;
                if !(1..=MAX_DIGITS).contains(&k) {
                    return Err(bad(expected));
                }
                if st.digits.replace((line, k)).is_some() {
                    return Err(repeated(keyword));
                }
            }
            "honeycomb" => {
                let expected = "`honeycomb R`, R > 0 the number of map rows that follow";
                let rows: usize = rest.parse().map_err(|_| bad(expected))?;
                if rows == 0 {
                    return Err(bad(expected));
                }
                if st.honeycomb.is_some() {
                    return Err(repeated(keyword));
                }
                let map = read_map(&mut lines, file, line, "honeycomb", rows)?;
                st.honeycomb = Some((line, map));
            }
            "regions" | "extra" => {
                let Some((_, board)) = &st.honeycomb else {
                    return Err(HoneycombFileError::MapBeforeHoneycomb {
                        file: file.to_string(),
                        line,
                        keyword: keyword.to_string(),
                    });
                };
                let (map_name, repeat) = match keyword {
                    "regions" => ("region", st.regions.is_some()),
                    _ => ("extra", false),
                };
                if repeat {
                    return Err(repeated(keyword));
                }
                let map = read_map(&mut lines, file, line, map_name, board.len())?;
                match keyword {
                    "regions" => st.regions = Some((line, map)),
                    _ => st.extras.push((line, map)),
                }
            }
            "rows" | "rising" | "falling" | "lines" => {
                let rule = match rest {
                    "distinct" => Rule::Distinct,
                    "run" => Rule::Run,
                    _ => return Err(bad("`distinct` or `run`")),
                };
                let directions: &[usize] = match keyword {
                    "rows" => &[0],
                    "rising" => &[1],
                    "falling" => &[2],
                    _ => &[0, 1, 2],
                };
                for &d in directions {
                    if st.rules[d].replace((line, rule)).is_some() {
                        return Err(repeated(["rows", "rising", "falling"][d]));
                    }
                }
            }
            "neighbours" => {
                if rest != "differ" {
                    return Err(bad("`neighbours differ`"));
                }
                if st.neighbours.replace(line).is_some() {
                    return Err(repeated(keyword));
                }
            }
            "size" | "diagonals" => {
                return Err(HoneycombFileError::SquareOnly {
                    file: file.to_string(),
                    line,
                    keyword: keyword.to_string(),
                })
            }
            _ => {
                return Err(HoneycombFileError::UnknownKeyword {
                    file: file.to_string(),
                    line,
                    text: content.to_string(),
                })
            }
        }
    }
    Ok(st)
}

/// The cells of the honeycomb map: places in reading order, after checking that every
/// symbol sits on one lattice (the parity of row + half-column that most symbols share).
fn board_places(map: &Map, file: &str) -> Result<Vec<(usize, usize)>, HoneycombFileError> {
    let rows = places_of(map);
    let odd = rows
        .iter()
        .flatten()
        .filter(|&&(y, x, _)| (x + y) % 2 == 1)
        .count();
    let total: usize = rows.iter().map(Vec::len).sum();
    let parity = usize::from(2 * odd > total);
    let mut places = Vec::with_capacity(total);
    for (row, (line, symbols)) in rows.iter().zip(map) {
        for (&(y, x, symbol), &(column, _)) in row.iter().zip(symbols) {
            if (x + y) % 2 != parity {
                return Err(HoneycombFileError::OffLattice {
                    file: file.to_string(),
                    line: *line,
                    column: column + 1,
                    symbol,
                });
            }
            places.push((y, x));
        }
    }
    Ok(places)
}

/// Groups the cells of a region or extra map by label (labels ordered by first cell; `.`
/// skipped), checking that the map marks exactly the honeycomb's cells.
fn labelled_groups(
    map: &Map,
    places: &[(usize, usize)],
    map_name: &'static str,
    file: &str,
) -> Result<Vec<(char, Vec<usize>)>, HoneycombFileError> {
    let index: std::collections::HashMap<(usize, usize), usize> = places
        .iter()
        .enumerate()
        .map(|(cell, &place)| (place, cell))
        .collect();
    let mut labels = vec![None; places.len()];
    for (row, (line, symbols)) in places_of(map).iter().zip(map) {
        for (&(y, x, symbol), &(column, _)) in row.iter().zip(symbols) {
            match index.get(&(y, x)) {
                Some(&cell) => labels[cell] = Some(symbol),
                None => {
                    return Err(HoneycombFileError::NoCell {
                        file: file.to_string(),
                        line: *line,
                        column: column + 1,
                        map: map_name,
                        symbol,
                    })
                }
            }
        }
    }
    let mut groups: Vec<(char, Vec<usize>)> = Vec::new();
    for (cell, label) in labels.into_iter().enumerate() {
        let Some(label) = label else {
            let row = places[cell].0;
            let position = places[..cell].iter().filter(|p| p.0 == row).count() + 1;
            return Err(HoneycombFileError::Unmarked {
                file: file.to_string(),
                line: map[row].0,
                map: map_name,
                row: row + 1,
                position,
            });
        };
        if label == '.' {
            continue;
        }
        match groups.iter_mut().find(|(l, _)| *l == label) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((label, vec![cell])),
        }
    }
    Ok(groups)
}

/// The second pass: the board, its houses and lines, and the geometric checks.
fn build(st: Statements, text: &str, file: &str) -> Result<Layout, HoneycombFileError> {
    let Some((_, board)) = &st.honeycomb else {
        let (line, keyword) = st.first_keyword.unwrap_or((1, "honeycomb".to_string()));
        return Err(HoneycombFileError::NoHoneycomb {
            file: file.to_string(),
            line,
            keyword,
        });
    };
    let Some((_, k)) = st.digits else {
        return Err(HoneycombFileError::MissingDigits {
            file: file.to_string(),
        });
    };
    let places = board_places(board, file)?;
    let too_big =
        |line: usize, group: String, found: usize, rule: &'static str| HoneycombFileError::TooBig {
            file: file.to_string(),
            line,
            group,
            found,
            digits: k,
            rule,
        };
    let mut houses = Vec::new();
    let maps = st
        .regions
        .iter()
        .map(|map| (HouseKind::Region, map))
        .chain(st.extras.iter().map(|map| (HouseKind::Extra, map)));
    let mut extra_index = 0;
    for (kind, (line, map)) in maps {
        let map_name = if kind == HouseKind::Region {
            "region"
        } else {
            "extra"
        };
        for (label, cells) in labelled_groups(map, &places, map_name, file)? {
            if cells.len() > k {
                let group = format!("{map_name} `{label}`");
                return Err(too_big(
                    *line,
                    group,
                    cells.len(),
                    "each digit at most once",
                ));
            }
            let index = match kind {
                HouseKind::Region => houses.len(),
                _ => {
                    extra_index += 1;
                    extra_index - 1
                }
            };
            houses.push(House { kind, index, cells });
        }
    }
    let geometry = Places::new(&places);
    let mut lines = Vec::new();
    for (d, direction) in Direction::ALL.into_iter().enumerate() {
        let Some((line, rule)) = st.rules[d] else {
            continue;
        };
        let kind = match direction {
            Direction::Row => HouseKind::Row,
            Direction::Rising => HouseKind::Rising,
            Direction::Falling => HouseKind::Falling,
        };
        for (index, cells) in geometry.lines(direction).into_iter().enumerate() {
            let house = House { kind, index, cells };
            if house.cells.len() > k {
                let found = house.cells.len();
                return Err(too_big(line, house.to_string(), found, rule.name()));
            }
            match rule {
                Rule::Distinct => houses.push(house),
                Rule::Run => lines.push(house),
            }
        }
    }
    if let Some(line) = st.neighbours {
        let pairs = geometry.neighbour_pairs();
        if k < 2 && !pairs.is_empty() {
            return Err(HoneycombFileError::OneDigit {
                file: file.to_string(),
                line,
                digits: k,
            });
        }
        for (index, pair) in pairs.into_iter().enumerate() {
            houses.push(House {
                kind: HouseKind::Neighbours,
                index,
                cells: pair.to_vec(),
            });
        }
    }
    let mut row_lengths = vec![0; board.len()];
    for &(y, _) in &places {
        row_lengths[y] += 1;
    }
    let half_columns = places.iter().map(|&(_, x)| x).collect();
    let mut layout = Layout::from_parts(
        st.name.unwrap_or_else(|| "custom".to_string()),
        k,
        Geometry::Hex {
            row_lengths,
            half_columns,
        },
        houses,
        lines,
    );
    layout.source = Some(text.to_string());
    Ok(layout)
}

#[cfg(test)]
mod tests;
