//! Chains of one kind of link (HoDoKu's chain solver): X-Chain, XY-Chain, Remote Pair.
//!
//! - **X-Chain**: strong and weak links of one digit between cells, strong at both
//!   ends: one end holds the digit, so cells seeing both ends lose it. (Three links is a
//!   Turbot Fish, `patterns`.)
//! - **XY-Chain**: two-candidate cells, each linked to the next by a shared digit; the
//!   chain starts and ends on the same digit z in two cells: one of them is z.
//! - **Remote Pair**: an XY-chain whose cells all hold the same two digits: cells an odd
//!   number of steps apart hold different digits, so cells seeing two such cells lose
//!   both digits.

use std::collections::BTreeMap;

use crate::layout::HouseKind;

use super::chains::{is_lasso, length_penalty, notation, state, Graph, Links, Table};
use super::limits::LIMITS;
use super::step::{digits_text, Effect, Step};
use super::technique::Technique;
use super::view::{digits, Found, View};

/// Steps by their eliminations and digits. Ordered: steps of equal length and cells keep
/// the key order through the stable sort in [`flush`], so the first step pushed (the hint
/// shown, the rater's path) does not depend on a per-process hash seed.
type Best = BTreeMap<(Vec<(usize, u8)>, u64), Step>;

/// Keeps the shortest step for each set of eliminations (of two as short, the easier).
fn keep(best: &mut Best, step: Step) {
    let key = match &step.effect {
        Effect::Eliminate(list) => (list.clone(), step.digits),
        Effect::Place { .. } => return,
    };
    match best.get(&key) {
        Some(old)
            if old.length < step.length
                || (old.length == step.length && old.difficulty <= step.difficulty) => {}
        _ => {
            best.insert(key, step);
        }
    }
}

fn flush(best: Best, out: &mut Found) {
    let mut steps: Vec<Step> = best.into_values().collect();
    steps.sort_by(|a, b| (a.length, &a.cells).cmp(&(b.length, &b.cells)));
    for step in steps {
        if out.push(step) {
            return;
        }
    }
}

/// Cells that hold `digit` and see both `a` and `b` (chain cells included, as HoDoKu
/// does: one of the ends holds the digit, whatever lies between).
fn seeing_both(v: &View, digit: u8, a: usize, b: usize) -> Vec<(usize, u8)> {
    (0..v.topo.cells)
        .filter(|&c| {
            c != a && c != b && v.board.has(c, digit) && v.topo.sees(c, a) && v.topo.sees(c, b)
        })
        .map(|c| (c, digit))
        .collect()
}

/// X-Chains (three links or more: HoDoKu reports short ones both as X-Chain and, when
/// their shape is one, as Turbot Fish).
pub fn x_chain(v: &View, out: &mut Found) {
    let graph = Graph::new(v);
    let mut table = Table::new(&graph);
    let mut best = Best::new();
    for id in 0..graph.len() {
        let (cell, digit) = graph.node(id);
        if !graph.present((cell, digit)) {
            continue;
        }
        table.run(
            &graph,
            state(id, false),
            Links::Digit(digit),
            LIMITS.chain_links,
        );
        for i in 0..table.order.len() {
            let t = table.order[i] as usize;
            if t % 2 == 0 || table.dist[t] < 3 || t / 2 < id {
                continue;
            }
            let mut path = table.path(t);
            if is_lasso(&graph, &path, false) {
                continue;
            }
            let end = graph.node(t / 2).0;
            let elims = seeing_both(v, digit, cell, end);
            if elims.is_empty() {
                continue;
            }
            let mut cells: Vec<usize> = path.iter().map(|&s| graph.node(s / 2).0).collect();
            let mut value = strong_link_value(v, digit, &cells, false);
            if let Some(x) = value {
                if let Some((other, y)) = cheapest_alternative(v, &graph, digit, &path, x) {
                    path = other;
                    cells = path.iter().map(|&s| graph.node(s / 2).0).collect();
                    value = Some(y);
                }
            }
            let mut step = Step::new(Technique::XChain, Effect::Eliminate(elims));
            step.digits = 1 << (digit - 1);
            step.length = path.len() - 1;
            step.difficulty = value.unwrap_or(6.6 + length_penalty(path.len() + 2));
            step.place = format!("on {digit}");
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            step.cells = sorted;
            step.text = format!(
                "{}: one of its ends, {} or {}, holds {digit}, so cells seeing both do not.",
                notation(v, &graph, &path),
                v.cell(cell),
                v.cell(end)
            );
            keep(&mut best, step);
        }
    }
    flush(best, out);
}

/// Most strong links of a chain for which [`cheapest_alternative`] looks for others:
/// the walk grows fast with the length, and beyond four strong links (5.8 and up) the
/// value rarely decides a rating.
const ALTERNATIVE_LINKS: usize = 4;

/// A cheaper chain on Sukaku Explainer's scale than `path` (states, from "start false"
/// to "end true", all of `digit`, rated `value`): one with the same ends and as many
/// links whose strong links lie in houses that rate lower. SE tries every chain of
/// strong links (its `ThreeStrongLinks` and `StrongLinks` rules), while the
/// breadth-first search keeps one chain to each end; of two with the same ends, a box or
/// a mix of rows and columns in one but not the other changes the value (puzzle 7 of the
/// Sukaku Explainer sample: a 3-String Kite, 5.6, where a 3-Turbot Fish, 5.5, removes the
/// same candidate). `None` when no chain is cheaper, or the chain has more than
/// [`ALTERNATIVE_LINKS`] strong links, or its value is already the lowest of its size.
fn cheapest_alternative(
    v: &View,
    graph: &Graph,
    digit: u8,
    path: &[usize],
    value: f64,
) -> Option<(Vec<usize>, f64)> {
    let links = path.len() / 2;
    let lowest = *STRONG_LINK_BASE.get(links.checked_sub(2)?)?;
    if links > ALTERNATIVE_LINKS || value < lowest + 0.05 {
        return None;
    }
    let mut walk = vec![*path.first()?];
    let mut best = None;
    walk_alternatives(v, graph, digit, path, &mut walk, value, &mut best);
    best
}

/// The depth-first walk of [`cheapest_alternative`]: extends `walk` by alternating
/// strong and weak links of `digit` between cells not yet on it, up to the length of
/// `path`, keeping in `best` the cheapest walk that ends where `path` ends.
fn walk_alternatives(
    v: &View,
    graph: &Graph,
    digit: u8,
    path: &[usize],
    walk: &mut Vec<usize>,
    value: f64,
    best: &mut Option<(Vec<usize>, f64)>,
) {
    let Some(&s) = walk.last() else {
        return;
    };
    if walk.len() == path.len() {
        if Some(&s) != path.last() {
            return;
        }
        let cells: Vec<usize> = walk.iter().map(|&w| graph.node(w / 2).0).collect();
        let bar = best.as_ref().map_or(value, |b: &(Vec<usize>, f64)| b.1);
        if let Some(x) = strong_link_value(v, digit, &cells, false) {
            if x < bar - 0.05 {
                *best = Some((walk.clone(), x));
            }
        }
        return;
    }
    let (id, on) = (s / 2, s % 2 == 1);
    for &next in graph.partners(id, on) {
        let next = next as usize;
        let (cell, d) = graph.node(next);
        if d != digit || walk.iter().any(|&w| graph.node(w / 2).0 == cell) {
            continue;
        }
        walk.push(state(next, !on));
        walk_alternatives(v, graph, digit, path, walk, value, best);
        walk.pop();
    }
}

/// Sukaku Explainer's values of single-digit chains by their number of strong links,
/// from 2 to 8: the "Skyscraper" / "n Strong Links" family of its `StrongLinks` rule
/// (the turbot fish and their longer kin, each strong link a house holding the digit
/// twice), which it tries before any forcing chain.
const STRONG_LINK_BASE: [f64; 7] = [4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4];

/// What a strong link's house counts as in [`strong_link_value`]: a line of one
/// direction (rows, columns, each diagonal or honeycomb direction apart), or a box
/// (boxes, jigsaw regions, extra houses).
fn link_kind(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        HouseKind::Diagonal => 3,
        HouseKind::Rising => 4,
        HouseKind::Falling => 5,
        _ => 0,
    }
}

/// Sukaku Explainer's value of a single-digit chain of `links` strong links one of which
/// is grouped (an Empty Rectangle's box), `None` beyond 8: 0.3 above the plain chain,
/// but its Empty Rectangle (two links) rates as a Turbot Fish.
pub fn grouped_strong_link_value(links: usize) -> Option<f64> {
    let extra = if links == 2 { 0.2 } else { 0.3 };
    Some(STRONG_LINK_BASE.get(links.checked_sub(2)?)? + extra)
}

/// Sukaku Explainer's value of the single-digit chain `cells` (in order, strong links
/// between cells 0-1, 2-3, ...; weak ones between them), `None` beyond its 8 strong
/// links. The base grows with the number of strong links; a little is added when the
/// strong links are not all lines of one direction (a box among them, or lines of two
/// directions; the amounts differ by size, below), and `grouped` (a box standing for one
/// end of a link, as in an Empty Rectangle) adds 0.3 instead. A pair of cells sharing
/// two houses counts as whichever house rates lowest.
pub fn strong_link_value(v: &View, digit: u8, cells: &[usize], grouped: bool) -> Option<f64> {
    let links = cells.len() / 2;
    if grouped {
        return grouped_strong_link_value(links);
    }
    let base = *STRONG_LINK_BASE.get(links.checked_sub(2)?)?;
    // The houses each strong link may be read in: those holding both ends, where the
    // digit has no third place.
    let options: Vec<Vec<u8>> = cells
        .chunks_exact(2)
        .map(|pair| {
            let mut kinds: Vec<u8> = v
                .topo
                .common_regions(pair[0], pair[1])
                .filter(|&r| {
                    v.need[r] >> (digit - 1) & 1 == 1 && v.positions(r, digit).count_ones() == 2
                })
                .map(|r| link_kind(v.topo.regions[r].kind))
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            kinds
        })
        .collect();
    if options.iter().any(|o| o.is_empty()) {
        return None;
    }
    // Every reading (at most 3^8), the cheapest wins.
    let mut best = 0.2f64;
    let mut pick = vec![0usize; options.len()];
    loop {
        let mut boxed = false;
        let mut lines = 0u8;
        for (o, &i) in options.iter().zip(&pick) {
            match o[i] {
                0 => boxed = true,
                k => lines |= 1 << k,
            }
        }
        let mixed = lines.count_ones() > 1;
        let extra = match (links, boxed, mixed) {
            // Its turbot fish: Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish 4.2.
            (2, true, _) => 0.2,
            (2, false, true) => 0.1,
            // Its three strong links: 3 Skyscrapers 5.4, 3-Turbot Fish 5.5 (a box and
            // lines of one direction), 3-String Kite 5.6 (lines of both directions).
            (3, _, true) => 0.2,
            (3, true, false) => 0.1,
            // Longer ones: 0.1 for a box or for mixed lines, 0.2 for both.
            (_, true, true) => 0.2,
            (_, true, false) | (_, false, true) => 0.1,
            (_, false, false) => 0.0,
        };
        best = best.min(extra);
        // Next reading.
        let mut j = 0;
        while j < pick.len() {
            pick[j] += 1;
            if pick[j] < options[j].len() {
                break;
            }
            pick[j] = 0;
            j += 1;
        }
        if j == pick.len() {
            break;
        }
    }
    Some(base + best)
}

/// Which cells a bivalue chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainCells {
    /// Any bivalue cells: the XY-Chain.
    Bivalue,
    /// Bivalue cells of one pair of digits: the Remote Pair.
    RemotePair,
}

/// XY-Chains or Remote Pairs, by the cells they use.
pub fn xy_chain(v: &View, out: &mut Found, cells_kind: ChainCells) {
    let remote = cells_kind == ChainCells::RemotePair;
    let graph = Graph::new(v);
    let mut table = Table::new(&graph);
    let mut best = Best::new();
    for cell in 0..v.topo.cells {
        let pair = v.cands(cell);
        if v.board.digit(cell) != 0 || pair.count_ones() != 2 {
            continue;
        }
        for x in digits(pair) {
            let id = graph.id((cell, x));
            let links = if remote {
                Links::Pair(pair)
            } else {
                Links::Bivalue
            };
            table.run(&graph, state(id, false), links, LIMITS.chain_links);
            for i in 0..table.order.len() {
                let t = table.order[i] as usize;
                let (end, digit) = graph.node(t / 2);
                if t % 2 == 0 || end <= cell || table.dist[t] < 5 {
                    continue;
                }
                let path = table.path(t);
                let cells: Vec<usize> = path
                    .iter()
                    .step_by(2)
                    .map(|&s| graph.node(s / 2).0)
                    .collect();
                let same_pair = cells.iter().all(|&c| v.cands(c) == pair);
                if is_lasso(&graph, &path, false) {
                    continue;
                }
                let step = if remote {
                    if !same_pair || cells.len() < 4 {
                        continue;
                    }
                    remote_pair(v, &graph, &path, &cells, pair)
                } else {
                    if digit != x || same_pair {
                        continue;
                    }
                    let elims = seeing_both(v, x, cell, end);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Technique::XYChain, Effect::Eliminate(elims));
                    step.digits = 1 << (x - 1);
                    step.length = path.len() - 1;
                    step.difficulty = 7.0 + length_penalty(path.len() + 2);
                    step.place = format!("on {x}");
                    step.text = format!(
                        "{}: if {} is not {x}, each cell of the chain forces the next, and {} \
                         is {x}; one of the two is {x}, so cells seeing both are not.",
                        notation(v, &graph, &path),
                        v.cell(cell),
                        v.cell(end)
                    );
                    Some(step)
                };
                if let Some(mut step) = step {
                    let mut sorted = cells.clone();
                    sorted.sort_unstable();
                    step.cells = sorted;
                    keep(&mut best, step);
                }
            }
        }
    }
    flush(best, out);
}

/// The remote pair of the chain `cells` (in order): cells seeing two of its cells an odd
/// number of steps apart lose both digits.
fn remote_pair(
    v: &View,
    graph: &Graph,
    path: &[usize],
    cells: &[usize],
    pair: u64,
) -> Option<Step> {
    let mut elims = Vec::new();
    for i in 0..cells.len() {
        for j in (i + 3..cells.len()).step_by(2) {
            for d in digits(pair) {
                elims.extend(seeing_both(v, d, cells[i], cells[j]));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::RemotePair, Effect::Eliminate(elims));
    step.digits = pair;
    step.length = path.len() - 1;
    step.difficulty = 7.0 + length_penalty(path.len() + 2);
    step.place = format!("on {}", digits_text(pair));
    step.text = format!(
        "{}: every cell holds {}, alternating along the chain, so cells seeing two of them \
         an odd number of steps apart hold neither.",
        notation(v, graph, path),
        digits_text(pair)
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::{Collect, Premise};
    use crate::layout::Layout;

    /// An empty 9x9 board whose digit 5 is a candidate only in `cells` (r, c from 1).
    fn fives(cells: &[(usize, usize)]) -> Board {
        let mut marks = vec![0b1_1110_1111u64; 81];
        for &(r, c) in cells {
            marks[(r - 1) * 9 + c - 1] |= 1 << 4;
        }
        Board::from_parts(9, vec![0; 81], marks)
    }

    /// Sukaku Explainer's scale: a chain's strong links by count and by house.
    #[test]
    fn strong_link_chains_are_rated_by_their_links_and_houses() {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let at = |r: usize, c: usize| (r - 1) * 9 + c - 1;
        // A hexagon of columns 1, 5, 9 and rows 1, 5, 9: each column and row holds
        // 5 twice.
        let board = fives(&[(1, 1), (9, 1), (9, 5), (5, 5), (5, 9), (1, 9)]);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let value = |cells: &[usize]| strong_link_value(&v, 5, cells, false);
        // Two strong links in columns: a Skyscraper.
        assert_eq!(value(&[at(1, 1), at(9, 1), at(9, 5), at(5, 5)]), Some(4.0));
        // Three, all columns: 3 Skyscrapers; a row link in between changes nothing as
        // long as the strong links keep one direction.
        let three = [at(1, 1), at(9, 1), at(9, 5), at(5, 5), at(5, 9), at(1, 9)];
        assert_eq!(value(&three), Some(5.4));
        assert_eq!(value(&three[..5]), Some(4.0)); // an odd count drops the last cell
                                                   // Two cells with 5 three times in their column are no strong link.
        let board = fives(&[(1, 1), (9, 1), (4, 1), (9, 5), (5, 5)]);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let value = strong_link_value(&v, 5, &[at(1, 1), at(9, 1), at(9, 5), at(5, 5)], false);
        assert_eq!(value, None);
        // A column and a row meeting in box 7: a 2-String Kite, 0.1 more.
        let board = fives(&[(1, 1), (9, 1), (8, 2), (8, 9)]);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let kite = strong_link_value(&v, 5, &[at(1, 1), at(9, 1), at(8, 2), at(8, 9)], false);
        assert_eq!(kite, Some(4.1));
        // Grouped (an Empty Rectangle) and beyond the scale.
        assert_eq!(grouped_strong_link_value(2), Some(4.2));
        assert_eq!(grouped_strong_link_value(3), Some(5.4 + 0.3));
        assert_eq!(grouped_strong_link_value(9), None);
    }

    /// Sukaku Explainer tries every chain of three strong links: where the search's
    /// chain to r4c9 and r8c6 reads as a 3-String Kite (a column and two rows, 5.6),
    /// another as long with the same ends reads as a 3-Turbot Fish (two columns and
    /// box 8, 5.5), and that is the value. The 4s of puzzle 7 of the Sukaku Explainer
    /// sample at that step.
    #[test]
    fn a_chain_is_rated_by_its_cheapest_reading_between_the_same_ends() {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let at = |r: usize, c: usize| (r - 1) * 9 + c - 1;
        let fours = [
            (1, 3),
            (1, 7),
            (3, 2),
            (3, 9),
            (4, 4),
            (4, 6),
            (4, 9),
            (6, 4),
            (6, 6),
            (6, 7),
            (7, 2),
            (7, 4),
            (8, 3),
            (8, 6),
        ];
        let mut marks = vec![0b1_1111_0111u64; 81];
        for &(r, c) in &fours {
            marks[at(r, c)] |= 1 << 3;
        }
        let board = Board::from_parts(9, vec![0; 81], marks);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let mut out = Found::new(Collect::All);
        x_chain(&v, &mut out);
        let step = out
            .steps
            .iter()
            .find(|s| s.effect == Effect::Eliminate(vec![(at(4, 6), 4)]) && s.length == 5)
            .expect("the chain of three strong links removing 4 from r4c6");
        assert_eq!(step.difficulty, 5.5, "{}", step.text);
    }

    /// Two X-Chains of the same length over the same cells, removing different
    /// candidates: the first one pushed must be the same whatever the insertion order.
    #[test]
    fn ties_are_broken_by_the_eliminations_not_by_insertion() {
        let step = |cell: usize| {
            let mut s = Step::new(Technique::XChain, Effect::Eliminate(vec![(cell, 5)]));
            s.cells = vec![1, 2, 3, 4];
            s.length = 4;
            s.digits = 1 << 4;
            s
        };
        let first = |order: [usize; 2]| {
            let mut best = Best::new();
            for cell in order {
                keep(&mut best, step(cell));
            }
            let mut out = Found::new(Collect::First);
            flush(best, &mut out);
            out.steps[0].effect.clone()
        };
        assert_eq!(first([40, 30]), first([30, 40]));
        assert_eq!(first([40, 30]), Effect::Eliminate(vec![(30, 5)]));
    }
}
