//! Sukaku Explainer's chains of three strong links, read as it reads them (its
//! `ThreeStrongLinks` rule, tried after the hidden quad and before the WXYZ-Wing; the
//! reading of version 1.8.2, commit a369bf0a of SudokuMonster/SukakuExplainer).
//!
//! Three strong links of one digit, each joined to the next by a weak link, make a
//! chain whose two free ends cannot both be empty of the digit. SE's reading differs
//! from an X-Chain of three strong links (`xchains`) in these ways, and each decides
//! ratings on the bank of Sukaku Explainer's ratings (docs/experiments.md):
//!
//! - A link may be **grouped** (`links`): a line whose places for the digit (three to
//!   six) lie in two boxes, the digit being in one box's group or the other's; a box
//!   whose places form an **Empty Rectangle** (they lie on the row and the column of its
//!   heart: one end is a blade, the other the other line with the heart); a box whose
//!   four to six places lie on two of its rows or columns. A group end is named by two
//!   of its cells, and a weak link must see both. Any chain with a grouped link is
//!   valued 5.7, above every plain one: SE tries this rule before the WXYZ-Wing, so on
//!   a board with such a chain it takes 5.7 where a WXYZ-Wing of 5.5 or 5.6 was
//!   possible.
//! - The three houses share **no place** of the digit.
//! - Each weak link lies in **one house**, looked for in a column, then a row, then a
//!   box; it must not be one of the strong links' houses, and the two weak links'
//!   houses must not cross on a place of the digit other than an Empty Rectangle's
//!   heart. A box whose two places share a line is read as that line, never as a box.
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
//! The same grouped links make SE's turbot fish with a grouped link (two strong links,
//! 4.3: `grouped_two_links`), which it tries long before chains of three.
//!
//! On boards other than a plain square Sudoku (rows, columns, rectangular boxes) SE has
//! nothing to say; there the X-Chains of three strong links stand in, by the values of
//! `xchains::strong_link_value`.

mod links;

use super::step::{Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{Collect, Found, View};
use super::xchains;
use crate::layout::HouseKind;
use links::{links, End, Link, Shape, Slot};

/// The value of a chain with a grouped link.
const GROUPED_VALUE: f64 = 5.7;

/// The value of a turbot fish (two strong links) with a grouped link.
const GROUPED_TURBOT_VALUE: f64 = 4.3;

/// The side of the board when its regions are the rows, columns and rectangular boxes
/// of a square Sudoku, nothing more: the boards SE rates; `None` on any other.
fn plain_square(v: &View) -> Option<usize> {
    let square = v.topo.square.as_ref()?;
    (v.topo.regions.len() == 3 * square.side
        && v.topo.regions.iter().all(|r| {
            r.rule == Rule::Full
                && matches!(r.kind, HouseKind::Row | HouseKind::Column | HouseKind::Box)
        }))
    .then_some(square.side)
}

/// The house of the weak link between ends `a` and `b` as SE finds it: a column holding
/// every cell naming them, else such a row, else such a box.
fn weak_house(v: &View, a: End, b: End) -> Option<usize> {
    let square = v.topo.square.as_ref()?;
    let side = square.side;
    let mut cells = a.cells().chain(b.cells());
    let first = cells.next()?;
    let (mut column, mut row, mut block) = (true, true, true);
    for c in cells {
        column &= c % side == first % side;
        row &= c / side == first / side;
        block &= square.block_of[c] == square.block_of[first];
    }
    if column {
        Some(square.cols[first % side])
    } else if row {
        Some(square.rows[first / side])
    } else if block {
        Some(square.block_of[first])
    } else {
        None
    }
}

/// SE's value of a chain without a grouped link, by its strong links' houses.
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
    let Some(side) = plain_square(v) else {
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
    };
    let mut steps: Vec<Step> = Vec::new();
    for digit in 1..=v.topo.size as u8 {
        let links = links(v, digit, side);
        // Houses that may share a chain: distinct, with no place of the digit in common.
        // Disjoint places keep grouped chains sound: with only distinct chain cells, one
        // house's group could hold another's end (ratings on the bank fell by a quarter).
        let n = links.len();
        let mut apart = vec![false; n * n];
        for (x, a) in links.iter().enumerate() {
            for (y, b) in links.iter().enumerate().skip(x + 1) {
                let ok = a.region != b.region && !a.places.iter().any(|c| b.places.contains(c));
                apart[x * n + y] = ok;
                apart[y * n + x] = ok;
            }
        }
        // Each link entered by either end: (link, end it is entered by).
        let ways: Vec<(usize, usize)> = (0..n).flat_map(|i| [(i, 0), (i, 1)]).collect();
        // The house of the weak link from `a`'s far end to `b`'s near end, if any.
        let joined = |(a, oa): (usize, usize), (b, ob): (usize, usize)| {
            if !apart[a * n + b] {
                return None;
            }
            weak_house(v, links[a].ends[1 - oa], links[b].ends[ob])
        };
        for &middle in &ways {
            let before: Vec<((usize, usize), usize)> = ways
                .iter()
                .filter_map(|&w| Some((w, joined(w, middle)?)))
                .collect();
            let after: Vec<((usize, usize), usize)> = ways
                .iter()
                .filter_map(|&w| Some((w, joined(middle, w)?)))
                .collect();
            for &((i, oi), w1) in &before {
                // Each chain once: its first link before its last.
                for &((k, ok), w2) in after.iter().filter(|&&((k, _), _)| k > i) {
                    if !apart[i * n + k] {
                        continue;
                    }
                    let chain = [
                        (&links[i], oi),
                        (&links[middle.0], middle.1),
                        (&links[k], ok),
                    ];
                    if let Some(step) = chain_step(v, digit, &chain, [w1, w2]) {
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

/// SE's turbot fish with a grouped link: two strong links of one digit joined by a weak
/// link, one of them grouped (`links`), valued 4.3 (SE 1.8.2's `TurbotFish` and
/// `TurbotFishHint`, "Grouped Skyscraper" or "Grouped 2-String Kite"). SE tries them
/// with its turbot fish, long before the three strong links, so where one exists a
/// 5.7 chain of three is often never needed. Its Empty Rectangle fish are left to our
/// own Empty Rectangle (4.2). The removals see both free ends outside the two strong
/// links' houses (SE does not exclude the weak link's house here).
pub fn grouped_two_links(v: &View, out: &mut Found) {
    let Some(side) = plain_square(v) else {
        return;
    };
    let mut steps: Vec<Step> = Vec::new();
    for digit in 1..=v.topo.size as u8 {
        let links: Vec<Link> = links(v, digit, side)
            .into_iter()
            .filter(|l| l.heart().is_none())
            .collect();
        for (x, a) in links.iter().enumerate() {
            for b in links.iter().skip(x + 1) {
                if !(a.grouped() || b.grouped())
                    || a.region == b.region
                    || a.places.iter().any(|c| b.places.contains(c))
                    || !slots_fit(&[a, b])
                {
                    continue;
                }
                let ends = [(0, 0), (0, 1), (1, 0), (1, 1)];
                steps.extend(
                    ends.iter()
                        .filter_map(|&(oa, ob)| turbot_step(v, digit, (a, oa), (b, ob))),
                );
            }
        }
    }
    steps.sort_by_key(|s| std::cmp::Reverse(s.removals()));
    for step in steps {
        if out.push(step) {
            return;
        }
    }
}

/// The turbot fish of strong links `a` and `b` (each with the end it is entered by),
/// joined by a weak link outside both their houses, if it removes something.
fn turbot_step(v: &View, digit: u8, a: (&Link, usize), b: (&Link, usize)) -> Option<Step> {
    let ((la, oa), (lb, ob)) = (a, b);
    let w = weak_house(v, la.ends[1 - oa], lb.ends[ob])?;
    if w == la.region || w == lb.region {
        return None;
    }
    let targets = removals(
        v,
        digit,
        la.ends[oa],
        lb.ends[1 - ob],
        &[la.region, lb.region],
    );
    if targets.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::GroupedTurbotFish, Effect::Eliminate(targets));
    step.difficulty = GROUPED_TURBOT_VALUE;
    step.digits = 1 << (digit - 1);
    step.length = 3;
    step.place = format!("on {digit}");
    step.groups = [la.region, lb.region]
        .iter()
        .map(|&r| v.topo.regions[r].group)
        .collect();
    step.text = format!(
        "Two strong links on {digit}: {}, then {}, joined by a cell seeing it. One of the \
         free ends holds {digit}, so cells seeing both (outside the links' houses) do not.",
        link_text(v, digit, a),
        link_text(v, digit, b)
    );
    Some(step)
}

/// The removals of a chain from `start` to `end` (each with its support, if a group):
/// the digit in every other cell that sees all of both ends' cells and lies in none of
/// the houses `outside` (SE removes only outside the chain's houses).
fn removals(v: &View, digit: u8, start: End, end: End, outside: &[usize]) -> Vec<(usize, u8)> {
    let ends: Vec<usize> = start.cells().chain(end.cells()).collect();
    (0..v.topo.cells)
        .filter(|&c| {
            c != start.cell
                && c != end.cell
                && v.board.has(c, digit)
                && v.topo.sees_all(c, &ends)
                && !outside.iter().any(|&h| v.topo.cell_regions[c].contains(&h))
        })
        .map(|c| (c, digit))
        .collect()
}

/// True when each box of the chain `links` is read as SE reads the chain's lowest box
/// or its other boxes (`Slot`).
fn slots_fit(links: &[&Link]) -> bool {
    let lowest_box = links
        .iter()
        .filter(|l| l.kind == HouseKind::Box)
        .map(|l| l.region)
        .min();
    links.iter().all(|l| match l.slot {
        Slot::Any => true,
        Slot::FirstBox => Some(l.region) == lowest_box,
        Slot::LaterBox => Some(l.region) != lowest_box,
    })
}

/// True when weak-link houses `w1` and `w2` cross on a place of `digit` that is no
/// Empty Rectangle's heart (SE's `shareRegionsIntersection`): such a chain is not
/// taken.
fn weak_houses_cross(v: &View, digit: u8, w1: usize, w2: usize, hearts: &[usize]) -> bool {
    v.cells_for(w1, digit)
        .iter()
        .any(|&c| !hearts.contains(&c) && v.topo.cell_regions[c].contains(&w2))
}

/// The step of the chain `links` (each with the end it is entered by: 0 or 1, houses
/// apart) joined by weak links in houses `w1` and `w2`, if it is one SE reads and it
/// removes something.
fn chain_step(
    v: &View,
    digit: u8,
    links: &[(&Link, usize); 3],
    [w1, w2]: [usize; 2],
) -> Option<Step> {
    let first = |(l, o): (&Link, usize)| l.ends[o];
    let last = |(l, o): (&Link, usize)| l.ends[1 - o];
    if !slots_fit(&[links[0].0, links[1].0, links[2].0]) {
        return None;
    }
    let bases = [links[0].0.region, links[1].0.region, links[2].0.region];
    if bases.contains(&w1) || bases.contains(&w2) {
        return None;
    }
    let hearts: Vec<usize> = links.iter().filter_map(|(l, _)| l.heart()).collect();
    if weak_houses_cross(v, digit, w1, w2, &hearts) {
        return None;
    }
    let (start, end) = (first(links[0]), last(links[2]));
    let targets = removals(
        v,
        digit,
        start,
        end,
        &[bases[0], bases[1], bases[2], w1, w2],
    );
    if targets.is_empty() {
        return None;
    }
    let grouped = links.iter().any(|(l, _)| l.grouped());
    let mut step = Step::new(Technique::ThreeStrongLinks, Effect::Eliminate(targets));
    step.difficulty = if grouped {
        GROUPED_VALUE
    } else {
        plain_value([links[0].0.kind, links[1].0.kind, links[2].0.kind])
    };
    step.digits = 1 << (digit - 1);
    step.length = 5;
    step.place = format!("on {digit}");
    let mut cells: Vec<usize> = links
        .iter()
        .flat_map(|(l, _)| l.ends.iter().flat_map(|e| e.cells()))
        .filter(|&c| v.board.has(c, digit))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    step.cells = cells;
    step.groups = bases.iter().map(|&r| v.topo.regions[r].group).collect();
    step.text = format!(
        "Three strong links on {digit}: {}, then {}, then {}, each joined to the next \
         by a cell seeing it. One of the free ends holds {digit}, so cells seeing both \
         (outside the chain's houses) do not.",
        link_text(v, digit, links[0]),
        link_text(v, digit, links[1]),
        link_text(v, digit, links[2])
    );
    Some(step)
}

/// How a step's text names a link entered by end `o`.
fn link_text(v: &View, digit: u8, (l, o): (&Link, usize)) -> String {
    let side = v.topo.square.as_ref().map_or(9, |s| s.side);
    let region = v.region(l.region);
    let names = |e: End| -> String {
        let cells: Vec<usize> = e.cells().filter(|&c| v.board.has(c, digit)).collect();
        v.cells_text(&cells)
    };
    match l.shape {
        Shape::Rectangle { heart } => format!(
            "{region} (an empty rectangle: its {digit}s lie on row {} or column {})",
            heart / side + 1,
            heart % side + 1
        ),
        Shape::Plain | Shape::Split => format!(
            "{} or {} ({region}{})",
            names(l.ends[o]),
            names(l.ends[1 - o]),
            if l.grouped() { ", grouped" } else { "" }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::Premise;
    use crate::layout::Layout;

    /// The steps of `finder` (which finds `technique`) on an empty 9x9 board whose cells
    /// picked by `cut` (0-based) have lost candidate 1.
    fn steps_with(
        finder: fn(&View, &mut Found),
        technique: Technique,
        cut: impl Fn(usize) -> bool,
    ) -> Vec<Step> {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let candidates: Vec<u64> = (0..81)
            .map(|c| if cut(c) { 0x1FE } else { 0x1FF })
            .collect();
        let board = Board::from_parts(9, vec![0; 81], candidates);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let mut found = Found::new(Collect::All).only(technique);
        finder(&v, &mut found);
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
        let steps = steps_with(three_strong_links, Technique::ThreeStrongLinks, |c| {
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

    /// Column 1 holds 1 only at r1c1, r2c1 (box 1) and r7c1 (box 7): a grouped link
    /// between its two boxes. With column 5 (r5c5, r7c5) and column 7 (r3c7, r5c7) the
    /// chain r1c1/r2c1 = r7c1 - (row 7) - r7c5 = r5c5 - (row 5) - r5c7 = r3c7 removes 1
    /// from r3c2 and r3c3, which see the group and r3c7, at SE's 5.7. No house holds
    /// the digit twice or in an Empty Rectangle, so without grouped lines there is no
    /// chain at all.
    #[test]
    fn a_line_with_its_places_in_two_boxes_is_a_grouped_link_at_5_7() {
        let (row, col) = (|c: usize| c / 9, |c: usize| c % 9);
        let steps = steps_with(three_strong_links, Technique::ThreeStrongLinks, |c| {
            (col(c) == 0 && ![0, 1, 6].contains(&row(c)))
                || (col(c) == 4 && ![4, 6].contains(&row(c)))
                || (col(c) == 6 && ![2, 4].contains(&row(c)))
        });
        let chain = steps
            .iter()
            .find(|s| s.effect == Effect::Eliminate(vec![(19, 1), (20, 1)]))
            .expect("the chain from the group in box 1");
        assert_eq!(chain.difficulty, 5.7);
        assert!(chain.text.contains("(column 1, grouped)"), "{}", chain.text);
        assert!(steps.iter().all(|s| s.difficulty == 5.7));
    }

    /// Column 1 holds 1 only at r1c1, r2c1 (box 1) and r7c1 (box 7), column 4 only at
    /// r2c4 and r7c4: the turbot fish r1c1/r2c1 = r7c1 - (row 7) - r7c4 = r2c4 removes 1
    /// from r2c2 and r2c3, which see the group and r2c4, at SE's 4.3 ("Grouped
    /// Skyscraper").
    #[test]
    fn a_grouped_link_makes_a_turbot_fish_at_4_3() {
        let (row, col) = (|c: usize| c / 9, |c: usize| c % 9);
        let steps = steps_with(grouped_two_links, Technique::GroupedTurbotFish, |c| {
            (col(c) == 0 && ![0, 1, 6].contains(&row(c)))
                || (col(c) == 3 && ![1, 6].contains(&row(c)))
        });
        let fish = steps
            .iter()
            .find(|s| {
                s.technique == Technique::GroupedTurbotFish
                    && s.effect == Effect::Eliminate(vec![(10, 1), (11, 1)])
            })
            .expect("the grouped skyscraper");
        assert_eq!(fish.difficulty, 4.3);
        assert!(fish.text.contains("(column 1, grouped)"), "{}", fish.text);
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
