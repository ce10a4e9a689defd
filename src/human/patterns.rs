//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.
//!
//! All rest on strong links: two cells that are the only places of a digit in a house
//! (or a run line) that needs it, so one of them holds it. Two strong links joined by a
//! weak link (two cells that see each other) make a chain whose two free ends cannot
//! both be empty of the digit, so any cell seeing both ends loses it:
//!
//! - **Skyscraper**: both strong links in parallel lines (rows, or columns), joined at
//!   one end by a shared cross line;
//! - **2-String Kite**: one in a row, one in a column, joined inside a box;
//! - **Turbot Fish**: any other such chain of three links (HoDoKu names every X-chain
//!   of three links so);
//! - **Empty Rectangle**: a box whose places for the digit lie on one row and one
//!   column of it acts as the weak side: a strong link with an end on that row forces
//!   the digit of the box onto that column.

use super::step::{capitalize, Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{Found, View};
use super::xchains::{grouped_strong_link_value, strong_link_value};
use crate::layout::HouseKind;

/// A strong link: the two places of a digit in a region that needs it.
#[derive(Clone, Copy, Debug)]
pub struct Link {
    /// The region.
    pub region: usize,
    /// Its two cells.
    pub a: usize,
    /// The other.
    pub b: usize,
}

/// The strong links of `digit`.
pub fn strong_links(v: &View, digit: u8) -> Vec<Link> {
    let mut links = Vec::new();
    for r in 0..v.topo.regions.len() {
        if v.need[r] >> (digit - 1) & 1 == 1 && v.positions(r, digit).count_ones() == 2 {
            let cells = v.cells_for(r, digit);
            links.push(Link {
                region: r,
                a: cells[0],
                b: cells[1],
            });
        }
    }
    links
}

/// The cells (other than those of `chain`) that see both `x` and `y` and hold `digit`.
fn common_victims(v: &View, digit: u8, x: usize, y: usize, chain: &[usize]) -> Vec<(usize, u8)> {
    v.topo.peers[x]
        .iter()
        .filter(|&&c| c != y && !chain.contains(&c) && v.board.has(c, digit) && v.topo.sees(c, y))
        .map(|&c| (c, digit))
        .collect()
}

/// Which pattern a chain strong(a1-b1) weak(b1-b2) strong(b2-a2) is.
fn classify(v: &View, first: &Link, second: &Link, b1: usize, b2: usize) -> Technique {
    let k1 = v.topo.regions[first.region].kind;
    let k2 = v.topo.regions[second.region].kind;
    let Some(square) = &v.topo.square else {
        return Technique::TurbotFish;
    };
    let (r1, c1) = v.topo.row_col(b1);
    let (r2, c2) = v.topo.row_col(b2);
    let line = |k: HouseKind| matches!(k, HouseKind::Row | HouseKind::Column);
    if k1 == k2 && line(k1) {
        // Parallel lines; the bases share the cross line.
        let shared = if k1 == HouseKind::Row {
            c1 == c2
        } else {
            r1 == r2
        };
        if shared {
            return Technique::Skyscraper;
        }
    }
    if line(k1) && line(k2) && k1 != k2 && square.block_of[b1] == square.block_of[b2] {
        let a1_in = square.block_of[first.other(b1)] == square.block_of[b1];
        let a2_in = square.block_of[second.other(b2)] == square.block_of[b2];
        if !a1_in && !a2_in {
            return Technique::TwoStringKite;
        }
    }
    Technique::TurbotFish
}

impl Link {
    /// The end that is not `cell`.
    pub fn other(&self, cell: usize) -> usize {
        if cell == self.a {
            self.b
        } else {
            self.a
        }
    }
}

/// Chains strong-weak-strong of one digit, reported as Skyscraper, 2-String Kite or
/// Turbot Fish (`wanted`).
pub fn two_links(v: &View, out: &mut Found, wanted: Technique) {
    for digit in 1..=v.topo.size as u8 {
        let links = strong_links(v, digit);
        for (i, first) in links.iter().enumerate() {
            for second in links.iter().skip(i + 1) {
                if first.region == second.region {
                    continue;
                }
                for b1 in [first.a, first.b] {
                    for b2 in [second.a, second.b] {
                        let a1 = first.other(b1);
                        let a2 = second.other(b2);
                        if b1 == b2 || a1 == a2 || a1 == b2 || a2 == b1 || !v.topo.sees(b1, b2) {
                            continue;
                        }
                        if v.topo.sees(a1, a2) {
                            continue; // the ends see each other: a different pattern
                        }
                        let technique = classify(v, first, second, b1, b2);
                        if technique != wanted {
                            continue;
                        }
                        let chain = [a1, b1, b2, a2];
                        let targets = common_victims(v, digit, a1, a2, &chain);
                        if targets.is_empty() {
                            continue;
                        }
                        let mut step = Step::new(technique, Effect::Eliminate(targets));
                        step.place = format!("on {digit}");
                        let mut cells = chain.to_vec();
                        cells.sort_unstable();
                        step.cells = cells;
                        step.groups = vec![
                            v.topo.regions[first.region].group,
                            v.topo.regions[second.region].group,
                        ];
                        step.digits = 1 << (digit - 1);
                        step.length = 3;
                        if let Some(value) = strong_link_value(v, digit, &chain, false) {
                            step.difficulty = value;
                        }
                        step.text = format!(
                            "{digit} is in {} or {} (the only places in {}), and in {} or {} \
                             (the only places in {}); {} and {} see each other, so they are not \
                             both {digit}, and {} or {} holds it. Cells seeing both lose {digit}.",
                            v.cell(a1),
                            v.cell(b1),
                            v.region(first.region),
                            v.cell(b2),
                            v.cell(a2),
                            v.region(second.region),
                            v.cell(b1),
                            v.cell(b2),
                            v.cell(a1),
                            v.cell(a2)
                        );
                        if out.push(step) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Empty rectangles (square boards); `two` also allows boxes with only two places
/// (HoDoKu's option, off by default: such a box is a strong link, a Turbot Fish).
pub fn empty_rectangle(v: &View, out: &mut Found, two: bool) {
    let Some(square) = &v.topo.square else { return };
    let side = square.side;
    for digit in 1..=v.topo.size as u8 {
        let links = strong_links(v, digit);
        for (b, region) in v.topo.regions.iter().enumerate() {
            if region.rule != Rule::Full
                || !matches!(region.kind, HouseKind::Box)
                || v.need[b] >> (digit - 1) & 1 == 0
            {
                continue;
            }
            let cells = v.cells_for(b, digit);
            if cells.len() < 2 || (cells.len() == 2 && !two) {
                continue;
            }
            let rows: Vec<usize> = cells.iter().map(|&c| c / side).collect();
            let cols: Vec<usize> = cells.iter().map(|&c| c % side).collect();
            let mut box_rows: Vec<usize> = region.cells.iter().map(|&c| c / side).collect();
            box_rows.dedup();
            box_rows.sort_unstable();
            box_rows.dedup();
            let mut box_cols: Vec<usize> = region.cells.iter().map(|&c| c % side).collect();
            box_cols.sort_unstable();
            box_cols.dedup();
            for &er_row in &box_rows {
                for &er_col in &box_cols {
                    // Every place on the cross, some off the row and some off the column.
                    let on_cross = rows
                        .iter()
                        .zip(&cols)
                        .all(|(&r, &c)| r == er_row || c == er_col);
                    let off_row = rows
                        .iter()
                        .zip(&cols)
                        .any(|(&r, &c)| r != er_row && c == er_col);
                    let off_col = rows
                        .iter()
                        .zip(&cols)
                        .any(|(&r, &c)| c != er_col && r == er_row);
                    if !on_cross || !off_row || !off_col {
                        continue;
                    }
                    for link in &links {
                        let kind = v.topo.regions[link.region].kind;
                        for p in [link.a, link.b] {
                            let q = link.other(p);
                            let (pr, pc) = (p / side, p % side);
                            let (qr, qc) = (q / side, q % side);
                            // A column link with p on the ER row: the target is (q's row, ER column);
                            // a row link with p on the ER column: (ER row, q's column).
                            let target = match kind {
                                HouseKind::Column if pr == er_row && pc != er_col => {
                                    if box_cols.contains(&pc) || box_rows.contains(&qr) {
                                        continue;
                                    }
                                    qr * side + er_col
                                }
                                HouseKind::Row if pc == er_col && pr != er_row => {
                                    if box_rows.contains(&pr) || box_cols.contains(&qc) {
                                        continue;
                                    }
                                    er_row * side + qc
                                }
                                _ => continue,
                            };
                            if !v.board.has(target, digit) {
                                continue;
                            }
                            let mut step = Step::new(
                                Technique::EmptyRectangle,
                                Effect::Eliminate(vec![(target, digit)]),
                            );
                            step.place = format!("on {digit} in {}", v.region(b));
                            let mut pattern = cells.clone();
                            pattern.extend([p, q]);
                            pattern.sort_unstable();
                            step.cells = pattern;
                            step.groups = vec![region.group, v.topo.regions[link.region].group];
                            step.digits = 1 << (digit - 1);
                            step.length = 3;
                            step.difficulty = grouped_strong_link_value(2).unwrap_or(4.2);
                            step.text = capitalize(&format!(
                                "the places for {digit} in {} all lie on row {} or column {}. \
                                 {} or {} holds {digit} ({}). If {} did, {} could not, and {} would \
                                 need its {digit} on {}; so {} cannot hold {digit} either way.",
                                v.region(b),
                                er_row + 1,
                                er_col + 1,
                                v.cell(p),
                                v.cell(q),
                                v.region(link.region),
                                v.cell(target),
                                v.cell(q),
                                v.region(b),
                                if kind == HouseKind::Column {
                                    format!("column {}", er_col + 1)
                                } else {
                                    format!("row {}", er_row + 1)
                                },
                                v.cell(target)
                            ));
                            if out.push(step) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}
