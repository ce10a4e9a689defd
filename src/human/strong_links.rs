//! Sukaku Explainer's chains of three strong links, read as it reads them (its
//! `ThreeStrongLinks` rule, tried after the hidden quad and before the WXYZ-Wing).
//!
//! Three strong links of one digit, each joined to the next by a weak link, make a
//! chain whose two free ends cannot both be empty of the digit. SE's reading differs
//! from an X-Chain of three strong links (`xchains`) in three ways, and each decides
//! ratings on the bank of Sukaku Explainer's ratings (docs/experiments.md):
//!
//! - A box may be a strong link through an **Empty Rectangle**: its places for the digit
//!   (three to five) all lie on one row and one column of it, so the digit is on that
//!   row or on that column. The cell where they cross (the "heart") stands for both
//!   ends; the chain leaves it along the row or the column. At a free end of the chain
//!   it stands for the other line of its box, and when that line holds one place of the
//!   digit besides the heart, for that cell: the removals see it. Any such chain is valued
//!   5.7, above every plain one: SE tries this rule before the WXYZ-Wing, so on a board
//!   with such a chain it takes 5.7 where a WXYZ-Wing of 5.5 or 5.6 was possible.
//! - Each weak link lies in **one house**, looked for in a column, then a row, then a
//!   box; it must not be one of the strong links' houses. A box whose two places share
//!   a line is read as that line, never as a box.
//! - The removals are the cells seeing both free ends **outside every house of the
//!   chain** (the three strong links' and the two weak links'); a chain whose only
//!   removals lie in those houses is not a step.
//!
//! The value of a plain chain follows its strong links' houses: 5.4 when all are lines
//! of one direction ("3 Skyscrapers"), 5.6 when lines of both directions and no box
//! appear ("3-String Kite"), 5.5 when a box is among them ("3-Turbot Fish", or "3-Turbot
//! Crane" with a row and a column: SE's `ThreeStrongLinksHint` names chains by a table of
//! the three houses' kinds and values them by the name). Of its steps SE takes the lowest
//! value, then the one with most removals.
//!
//! On boards other than a plain square Sudoku (rows, columns, rectangular boxes) SE has
//! nothing to say; there the X-Chains of three strong links stand in, by the values of
//! `xchains::strong_link_value`.

use super::step::{Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{Collect, Found, View};
use super::xchains;
use crate::layout::HouseKind;

/// The value of a chain with an Empty Rectangle.
const EMPTY_RECTANGLE_VALUE: f64 = 5.7;

/// How a chain leaves a cell along a weak link: through which house kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Through {
    Column,
    Row,
    Box,
}

/// A strong link of the digit: two cells, or an Empty Rectangle (both ends its heart).
#[derive(Clone, Copy, Debug)]
struct Link {
    region: usize,
    kind: HouseKind,
    ends: [usize; 2],
    grouped: bool,
}

/// True when `layout`'s regions are the rows, columns and rectangular boxes of a square
/// Sudoku, nothing more: the boards SE rates.
fn plain_square(v: &View) -> bool {
    let Some(square) = &v.topo.square else {
        return false;
    };
    v.topo.regions.len() == 3 * square.side
        && v.topo.regions.iter().all(|r| {
            r.rule == Rule::Full
                && matches!(r.kind, HouseKind::Row | HouseKind::Column | HouseKind::Box)
        })
}

/// The heart of an Empty Rectangle in box `b` for `digit`: the first cell of the box (in
/// its order) whose row and column hold every place of the digit in the box.
fn heart(v: &View, b: usize, digit: u8, side: usize) -> Option<usize> {
    let places = v.cells_for(b, digit);
    v.topo.regions[b].cells.iter().copied().find(|&h| {
        places
            .iter()
            .all(|&c| c / side == h / side || c % side == h % side)
    })
}

/// The strong links of `digit` as SE enumerates them: lines with two places, boxes with
/// two places not on one line, boxes with three to five places forming an Empty
/// Rectangle.
fn links(v: &View, digit: u8, side: usize) -> Vec<Link> {
    let mut out = Vec::new();
    for (r, region) in v.topo.regions.iter().enumerate() {
        if v.need[r] >> (digit - 1) & 1 == 0 {
            continue;
        }
        let places = v.cells_for(r, digit);
        let kind = region.kind;
        match (kind, places.len()) {
            (HouseKind::Row | HouseKind::Column, 2) => {}
            (HouseKind::Box, 2) => {
                let (a, b) = (places[0], places[1]);
                if a / side == b / side || a % side == b % side {
                    continue; // read as its line
                }
            }
            (HouseKind::Box, 3..=5) => {
                if let Some(h) = heart(v, r, digit, side) {
                    out.push(Link {
                        region: r,
                        kind,
                        ends: [h, h],
                        grouped: true,
                    });
                }
                continue;
            }
            _ => continue,
        }
        out.push(Link {
            region: r,
            kind,
            ends: [places[0], places[1]],
            grouped: false,
        });
    }
    out
}

/// The house of the weak link between cells `a` and `b` as SE finds it (a column, else a
/// row, else a box), with its kind.
fn weak_house(v: &View, a: usize, b: usize) -> Option<(usize, Through)> {
    let square = v.topo.square.as_ref()?;
    let side = square.side;
    if a % side == b % side {
        Some((square.cols[a % side], Through::Column))
    } else if a / side == b / side {
        Some((square.rows[a / side], Through::Row))
    } else if square.block_of[a] == square.block_of[b] {
        Some((square.block_of[a], Through::Box))
    } else {
        None
    }
}

/// SE's value of a chain without an Empty Rectangle, by its strong links' houses.
fn plain_value(kinds: [HouseKind; 3]) -> f64 {
    let rows = kinds.contains(&HouseKind::Row);
    let cols = kinds.contains(&HouseKind::Column);
    let boxed = kinds.contains(&HouseKind::Box);
    match (rows && cols, boxed) {
        (true, false) => 5.6,
        (_, true) => 5.5,
        (false, false) => 5.4,
    }
}

/// The chains of three strong links (see the module docs), lowest value first and,
/// among equals, most removals first.
pub fn three_strong_links(v: &View, out: &mut Found) {
    if !plain_square(v) {
        // Other boards: X-Chains of three strong links, by their values.
        let mut chains = Found::new(Collect::All).only(Technique::XChain);
        xchains::x_chain(v, &mut chains);
        for mut step in chains.steps {
            if step.length == 5 {
                step.technique = Technique::ThreeStrongLinks;
                if out.push(step) {
                    return;
                }
            }
        }
        return;
    }
    let side = v.topo.square.as_ref().map_or(9, |s| s.side);
    let mut steps: Vec<Step> = Vec::new();
    for digit in 1..=v.topo.size as u8 {
        let links = links(v, digit, side);
        // Each link entered by either end: (link, end it is entered by).
        let ways: Vec<(usize, usize)> = (0..links.len()).flat_map(|i| [(i, 0), (i, 1)]).collect();
        let joined = |(a, oa): (usize, usize), (b, ob): (usize, usize)| {
            a != b && weak_house(v, links[a].ends[1 - oa], links[b].ends[ob]).is_some()
        };
        for &middle in &ways {
            let before: Vec<(usize, usize)> = ways
                .iter()
                .copied()
                .filter(|&w| joined(w, middle))
                .collect();
            let after: Vec<(usize, usize)> = ways
                .iter()
                .copied()
                .filter(|&w| joined(middle, w))
                .collect();
            for &(i, oi) in &before {
                // Each chain once: its first link before its last.
                for &(k, ok) in after.iter().filter(|&&(k, _)| k > i) {
                    let chain = [(links[i], oi), (links[middle.0], middle.1), (links[k], ok)];
                    if let Some(step) = chain_step(v, digit, side, &chain) {
                        steps.push(step);
                    }
                }
            }
        }
    }
    steps.sort_by(|a, b| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(b.removals().cmp(&a.removals()))
    });
    for step in steps {
        if out.push(step) {
            return;
        }
    }
}

/// The one place of `digit` in an Empty Rectangle's box, besides its heart, on the line
/// of the heart the chain does not leave by (`leave`), if there is exactly one.
fn lone_blade(v: &View, link: Link, leave: Through, digit: u8, side: usize) -> Option<usize> {
    let heart = link.ends[0];
    let mut blade = v.cells_for(link.region, digit).into_iter().filter(|&c| {
        c != heart
            && match leave {
                Through::Column => c / side == heart / side,
                Through::Row | Through::Box => c % side == heart % side,
            }
    });
    match (blade.next(), blade.next()) {
        (Some(cell), None) => Some(cell),
        _ => None,
    }
}

/// The step of the chain `links` (each with the end it is entered by: 0 or 1), if it is
/// one SE reads and it removes something.
fn chain_step(v: &View, digit: u8, side: usize, links: &[(Link, usize); 3]) -> Option<Step> {
    let first = |(l, o): (Link, usize)| l.ends[o];
    let last = |(l, o): (Link, usize)| l.ends[1 - o];
    // The cells of the chain: each link's ends (an Empty Rectangle's heart once).
    let mut cells: Vec<usize> = Vec::with_capacity(6);
    for &(l, _) in links {
        cells.push(l.ends[0]);
        if !l.grouped {
            cells.push(l.ends[1]);
        }
    }
    for (x, &a) in cells.iter().enumerate() {
        if cells[x + 1..].contains(&a) {
            return None;
        }
    }
    // No other cell of the chain in an Empty Rectangle's box.
    let square = v.topo.square.as_ref()?;
    for &(l, _) in links {
        if l.grouped {
            let b = square.block_of[l.ends[0]];
            if cells
                .iter()
                .filter(|&&c| c != l.ends[0])
                .any(|&c| square.block_of[c] == b)
            {
                return None;
            }
        }
    }
    let bases = [links[0].0.region, links[1].0.region, links[2].0.region];
    let (w1, t1) = weak_house(v, last(links[0]), first(links[1]))?;
    let (w2, t2) = weak_house(v, last(links[1]), first(links[2]))?;
    if bases.contains(&w1) || bases.contains(&w2) {
        return None;
    }
    // An Empty Rectangle is left along its row or its column, one each way: through a
    // box it is no link, and leaving it twice the same way proves nothing.
    if (links[0].0.grouped && t1 == Through::Box)
        || (links[2].0.grouped && t2 == Through::Box)
        || (links[1].0.grouped && (t1 == Through::Box || t2 == Through::Box || t1 == t2))
    {
        return None;
    }
    // An Empty Rectangle at a free end stands for the line of its box the chain does not
    // leave by; when that line holds one place of the digit besides the heart, the end
    // is that cell, and the removals need only see it (SE's latest `ThreeStrongLinks`
    // takes such a blade cell as the start; its heart is then the support of the
    // other line's first cell, the bridge).
    let mut start = first(links[0]);
    let mut end = last(links[2]);
    if links[0].0.grouped {
        start = lone_blade(v, links[0].0, t1, digit, side).unwrap_or(start);
    }
    if links[2].0.grouped {
        end = lone_blade(v, links[2].0, t2, digit, side).unwrap_or(end);
    }
    let houses = [bases[0], bases[1], bases[2], w1, w2];
    let targets: Vec<(usize, u8)> = (0..v.topo.cells)
        .filter(|&c| {
            c != start
                && c != end
                && v.board.has(c, digit)
                && v.topo.sees(c, start)
                && v.topo.sees(c, end)
                && !houses.iter().any(|&h| v.topo.cell_regions[c].contains(&h))
        })
        .map(|c| (c, digit))
        .collect();
    if targets.is_empty() {
        return None;
    }
    let grouped = links.iter().any(|(l, _)| l.grouped);
    let mut step = Step::new(Technique::ThreeStrongLinks, Effect::Eliminate(targets));
    step.difficulty = if grouped {
        EMPTY_RECTANGLE_VALUE
    } else {
        plain_value([links[0].0.kind, links[1].0.kind, links[2].0.kind])
    };
    step.digits = 1 << (digit - 1);
    step.length = 5;
    step.place = format!("on {digit}");
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    step.cells = sorted;
    step.groups = bases.iter().map(|&r| v.topo.regions[r].group).collect();
    let link_text = |(l, o): (Link, usize)| -> String {
        if l.grouped {
            format!(
                "{} (an empty rectangle: its {digit}s lie on row {} or column {})",
                v.region(l.region),
                l.ends[0] / side + 1,
                l.ends[0] % side + 1
            )
        } else {
            format!(
                "{} or {} ({})",
                v.cell(l.ends[o]),
                v.cell(l.ends[1 - o]),
                v.region(l.region)
            )
        }
    };
    step.text = format!(
        "Three strong links on {digit}: {}, then {}, then {}, each joined to the next \
         by a cell seeing it. One of the free ends holds {digit}, so cells seeing both \
         (outside the chain's houses) do not.",
        link_text(links[0]),
        link_text(links[1]),
        link_text(links[2])
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::Premise;
    use crate::layout::Layout;

    /// The steps of this rule on an empty 9x9 board whose cells picked by `cut` (0-based)
    /// have lost candidate 1.
    fn steps_with(cut: impl Fn(usize) -> bool) -> Vec<Step> {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let candidates: Vec<u64> = (0..81)
            .map(|c| if cut(c) { 0x1FE } else { 0x1FF })
            .collect();
        let board = Board::from_parts(9, vec![0; 81], candidates);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let mut found = Found::new(Collect::All).only(Technique::ThreeStrongLinks);
        three_strong_links(&v, &mut found);
        found.steps
    }

    /// Row 1 holds 1 only at r1c1 and r1c5, column 8 only at r5c8 and r9c8, and box 5
    /// only on the cross of row 5 and column 5 (r4c5, r5c4, r5c6): an Empty Rectangle.
    /// The chain r1c1 = r1c5 - (column 5) box 5 (row 5) - r5c8 = r9c8 removes 1 from
    /// r9c1, at SE's 5.7; the cells seeing both ends inside the chain's houses are not
    /// removals.
    #[test]
    fn an_empty_rectangle_links_two_strong_links_at_5_7() {
        let (row, col) = (|c: usize| c / 9, |c: usize| c % 9);
        let in_box5 = |c: usize| (3..6).contains(&row(c)) && (3..6).contains(&col(c));
        let steps = steps_with(|c| {
            (row(c) == 0 && col(c) != 0 && col(c) != 4)
                || (col(c) == 7 && row(c) != 4 && row(c) != 8)
                || (in_box5(c) && ![31, 39, 41].contains(&c))
        });
        let chain = steps
            .iter()
            .find(|s| s.effect == Effect::Eliminate(vec![(72, 1)]))
            .expect("the chain through box 5");
        assert_eq!(chain.difficulty, 5.7);
        assert!(
            chain.text.contains("box 5 (an empty rectangle"),
            "{}",
            chain.text
        );
        // The steps come cheapest first, and none is worth more than 5.7.
        for pair in steps.windows(2) {
            assert!(pair[0].difficulty <= pair[1].difficulty);
        }
        assert!(steps.iter().all(|s| s.difficulty <= 5.7));
    }

    #[test]
    fn plain_values_follow_the_houses() {
        use HouseKind::{Box, Column, Row};
        assert_eq!(plain_value([Row, Row, Row]), 5.4);
        assert_eq!(plain_value([Column, Box, Column]), 5.5);
        assert_eq!(plain_value([Box, Box, Box]), 5.5);
        // A box with a row and a column is SE's "3-Turbot Crane", 5.5, not a kite.
        assert_eq!(plain_value([Row, Box, Column]), 5.5);
        assert_eq!(plain_value([Row, Column, Row]), 5.6);
    }
}
