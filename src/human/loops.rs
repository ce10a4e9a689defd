//! Nice loops and AICs (alternating inference chains), found as HoDoKu finds them: from
//! every candidate, assumed true and assumed false, the alternating implications
//! (`chains::Table`); an implication that lands in the start cell closes a loop.
//!
//! - **Discontinuous Nice Loop**: the loop breaks at its start. Two weak links there on
//!   the same digit: assuming it leads to its own removal, so it goes. Two strong links:
//!   removing it leads back to it, so it is placed (its other candidates go). A weak and
//!   a strong link on different digits: the weak one's candidate goes.
//! - **AIC**: when such a loop's inner chain (from its first to its last strong link)
//!   removes more than the start candidate, HoDoKu reports that chain instead: one of
//!   its two ends is true, so candidates seeing both (same digit), or each end's digit
//!   in the other end's cell (different digits, ends seeing each other), go.
//! - **Continuous Nice Loop**: the alternation holds all around; every weak link becomes
//!   a strong one, so its digit leaves the cells seeing both its ends, and a cell
//!   entered and left by strong links keeps only those two digits. When its two ends
//!   (read from its first node) are one digit in two cells, a third cell of theirs that
//!   holds the digit is the start of a Discontinuous Nice Loop through the same chain,
//!   as HoDoKu reads it: that is reported too.
//!
//! Chains are at most `LIMITS.chain_links` links (`human::limits`), and a chain may not
//! pass a cell twice.

use std::collections::BTreeMap;

use super::chains::{is_lasso, length_penalty, notation, state, Graph, Links, Table};
use super::limits::LIMITS;
use super::step::{digits_text, Effect, Step};
use super::technique::Technique;
use super::view::{digits, Found, View};

/// All nice loops and AICs of the board, one per set of eliminations (the shortest).
pub fn all_loops(v: &View) -> Vec<Step> {
    let graph = Graph::new(v);
    let mut table = Table::new(&graph);
    // Ordered, so that the result never depends on a per-process hash seed.
    let mut best: BTreeMap<Vec<(usize, u8)>, Step> = BTreeMap::new();
    // Two passes: every link, then cell links only (bivalue cells), for the XY-loops
    // that Sudoku Explainer rates lower (its Y-Cycles, 6.5) than a shorter loop with the
    // same removals that mixes both kinds of links (7.0): the first pass, keeping the
    // shortest chain to each candidate, can miss them.
    for links in [Links::All, Links::Bivalue] {
        for id in 0..graph.len() {
            let a = graph.node(id);
            if !graph.present(a) {
                continue;
            }
            if links == Links::Bivalue && v.cands(a.0).count_ones() != 2 {
                continue;
            }
            table.run(&graph, state(id, false), links, LIMITS.chain_links);
            for i in 1..table.order.len() {
                let t = table.order[i] as usize;
                if t % 2 == 0 {
                    continue;
                }
                let path = table.path(t);
                for step in chain_steps(v, &graph, &path) {
                    // The pass is for loops; its chains are the first pass's.
                    if links == Links::All || step.technique == Technique::ContinuousNiceLoop {
                        keep_easiest(&mut best, step);
                    }
                }
            }
        }
    }
    let mut steps: Vec<Step> = best.into_values().collect();
    steps.sort_by(|a, b| {
        (a.length, &a.cells, &a.effect_key()).cmp(&(b.length, &b.cells, &b.effect_key()))
    });
    steps
}

/// Keeps `step` in `best` unless a step with the same removals is as easy: SE's value
/// (in tenths) first, then the length. Placements are not loops' business.
fn keep_easiest(best: &mut BTreeMap<Vec<(usize, u8)>, Step>, step: Step) {
    let Effect::Eliminate(key) = &step.effect else {
        return;
    };
    let rank = |s: &Step| ((s.difficulty * 10.0).round() as i64, s.length);
    if best.get(key).map_or(true, |old| rank(&step) < rank(old)) {
        best.insert(key.clone(), step);
    }
}

impl Step {
    fn effect_key(&self) -> Vec<(usize, u8)> {
        match &self.effect {
            Effect::Eliminate(list) => list.clone(),
            Effect::Place { cell, digit } => vec![(*cell, *digit)],
        }
    }
}

/// Nice loops and AICs of `wanted` type (all three share one search, cached on the view).
pub fn nice_loops(v: &View, out: &mut Found, wanted: Technique) {
    for step in v.loops.get_or_init(|| all_loops(v)).iter().cloned() {
        if step.technique == wanted && out.push(step) {
            return;
        }
    }
}

/// True when `a` and `b` (nodes) cannot both be true: one cell, or one digit in cells
/// that see each other.
fn weakly_linked(v: &View, a: (usize, u8), b: (usize, u8)) -> bool {
    (a.0 == b.0 && a.1 != b.1) || (a.0 != b.0 && a.1 == b.1 && v.topo.sees(a.0, b.0))
}

/// The steps of the alternating chain `path`, from "A is false" to "B is true" (so A or
/// B holds), as HoDoKu classifies them.
fn chain_steps(v: &View, graph: &Graph, path: &[usize]) -> Vec<Step> {
    let links = path.len() - 1;
    let a = graph.node(path[0] / 2);
    let b = graph.node(path[links] / 2);
    let cells: Vec<usize> = path.iter().map(|&s| graph.node(s / 2).0).collect();
    let mut out = Vec::new();
    if a == b {
        // Removing A brings A back: A is placed (its cell's other candidates go).
        if links < 3 || is_lasso(graph, path, true) {
            return out;
        }
        let elims: Vec<(usize, u8)> = digits(v.cands(a.0))
            .filter(|&d| d != a.1)
            .map(|d| (a.0, d))
            .collect();
        out.extend(make(
            v,
            graph,
            path,
            Technique::DiscontinuousNiceLoop,
            elims,
            links,
            a.0,
        ));
        return out;
    }
    let closed = weakly_linked(v, a, b);
    if closed {
        // B excludes A: the chain closes into a continuous loop.
        if links < 3 || is_lasso(graph, path, b.0 == a.0) {
            return out;
        }
        let elims = continuous_eliminations(v, graph, path);
        out.extend(make(
            v,
            graph,
            path,
            Technique::ContinuousNiceLoop,
            elims,
            links,
            a.0,
        ));
        if a.1 != b.1 {
            return out;
        }
        // Same digit in two cells that see each other: read from a third cell of theirs
        // holding the digit, the loop is also a discontinuous one that removes it there
        // (HoDoKu finds it from that cell; below, as the single victim of the ends).
    }
    if is_lasso(graph, path, false) || links < 3 {
        return out;
    }
    if a.1 == b.1 {
        // Same digit: it leaves every cell that sees both ends.
        let victims: Vec<usize> = (0..v.topo.cells)
            .filter(|&c| c != a.0 && c != b.0 && v.board.has(c, a.1))
            .filter(|&c| v.topo.sees(c, a.0) && v.topo.sees(c, b.0))
            .collect();
        match victims.len() {
            0 => {}
            1 if !cells.contains(&victims[0]) => {
                let elims = vec![(victims[0], a.1)];
                out.extend(make(
                    v,
                    graph,
                    path,
                    Technique::DiscontinuousNiceLoop,
                    elims,
                    links + 2,
                    victims[0],
                ));
            }
            1 => {}
            // Several: HoDoKu does not report a continuous loop's ends as an AIC.
            _ if closed => {}
            _ => {
                let elims = victims.iter().map(|&c| (c, a.1)).collect();
                out.extend(make(v, graph, path, Technique::Aic, elims, links, a.0));
            }
        }
    } else if a.0 != b.0 && v.topo.sees(a.0, b.0) {
        // Different digits in cells that see each other: each end's digit leaves the other.
        let e1 = v.board.has(a.0, b.1).then_some((a.0, b.1));
        let e2 = v.board.has(b.0, a.1).then_some((b.0, a.1));
        match (e1, e2) {
            (Some(x), Some(y)) => {
                out.extend(make(v, graph, path, Technique::Aic, vec![x, y], links, a.0))
            }
            (Some(x), None) | (None, Some(x)) => out.extend(make(
                v,
                graph,
                path,
                Technique::DiscontinuousNiceLoop,
                vec![x],
                links + 1,
                x.0,
            )),
            (None, None) => {}
        }
    }
    out
}

/// What a continuous loop removes: along each weak link between cells, its digit from
/// the cells seeing both ends; in each cell entered and left by strong links, every
/// other digit. The loop is `path` closed by the weak link from its last node to its
/// first.
fn continuous_eliminations(v: &View, graph: &Graph, path: &[usize]) -> Vec<(usize, u8)> {
    let n = path.len();
    let node = |i: usize| graph.node(path[i % n] / 2);
    // Link i joins node i-1 and node i; link 0 is the closing weak link (last → first).
    let strong = |i: usize| i % n != 0 && path[i % n] % 2 == 1;
    let cells: Vec<usize> = (0..n).map(|i| node(i).0).collect();
    let mut elims = Vec::new();
    for i in 0..n {
        let (prev, here) = (node(i + n - 1), node(i));
        if strong(i) {
            continue;
        }
        if prev.0 != here.0 {
            let d = here.1;
            for c in 0..v.topo.cells {
                if !cells.contains(&c)
                    && v.board.has(c, d)
                    && v.topo.sees(c, prev.0)
                    && v.topo.sees(c, here.0)
                {
                    elims.push((c, d));
                }
            }
        } else {
            // A weak link inside a cell, between two strong links: the cell keeps both.
            let keep = (1u64 << (prev.1 - 1)) | (1u64 << (here.1 - 1));
            elims.extend(digits(v.cands(here.0) & !keep).map(|d| (here.0, d)));
        }
    }
    elims
}

/// True when the loop `path` (closed by a weak link from its last node to its first)
/// is what Sudoku Explainer calls a Y-Cycle: every strong link joins the two candidates
/// of a bivalue cell, every weak link one digit in two cells (an XY-loop). SE finds
/// these in a search that follows no link of a digit within a house, so they do not
/// count as mixing both kinds of links.
fn is_y_cycle(v: &View, graph: &Graph, path: &[usize]) -> bool {
    let n = path.len();
    let node = |i: usize| graph.node(path[i % n] / 2);
    (0..n).all(|i| {
        let (prev, here) = (node(i + n - 1), node(i));
        if i != 0 && path[i] % 2 == 1 {
            prev.0 == here.0 && v.cands(here.0).count_ones() == 2
        } else {
            prev.0 != here.0 && prev.1 == here.1
        }
    })
}

/// The step of a chain: `length` links counted as HoDoKu counts the loop, `start` the
/// cell the loop is read from.
fn make(
    v: &View,
    graph: &Graph,
    path: &[usize],
    technique: Technique,
    mut elims: Vec<(usize, u8)>,
    length: usize,
    start: usize,
) -> Option<Step> {
    let mut cells: Vec<usize> = path.iter().map(|&s| graph.node(s / 2).0).collect();
    cells.sort_unstable();
    cells.dedup();
    let found = elims.len();
    if technique == Technique::ContinuousNiceLoop && v.options.cycles_outside_only {
        elims.retain(|(cell, _)| cells.binary_search(cell).is_err());
    }
    let narrowed = elims.len() < found;
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(technique, Effect::Eliminate(elims));
    let removed = match &step.effect {
        Effect::Eliminate(list) => list.iter().fold(0u64, |m, &(_, d)| m | 1 << (d - 1)),
        Effect::Place { .. } => 0,
    };
    step.digits = removed;
    step.length = length;
    step.cells = cells;
    let first = graph.node(path[0] / 2);
    let last = graph.node(path[path.len() - 1] / 2);
    let single_digit = path.iter().all(|&s| graph.node(s / 2).1 == first.1);
    // Sudoku Explainer's length is its chain's candidates: a cycle's, or a chain from a
    // candidate back to itself, are the path's; a removed candidate that sees both ends
    // adds two, being assumed at one end and refuted at the other (its Turbot Fish is 6
    // candidates long, as `xchains` counts). HoDoKu's `length` counts the victim once.
    let nodes = if technique == Technique::ContinuousNiceLoop || first == last {
        path.len()
    } else {
        path.len() + 2
    };
    step.difficulty = match (technique, single_digit) {
        (Technique::ContinuousNiceLoop, true) => 6.5,
        // Sudoku Explainer's Y-Cycle (its cycles searched with cell links only) is rated
        // as its X-Cycle: 6.5 (CycleHint.getDifficulty, Sukaku Explainer's sources).
        (Technique::ContinuousNiceLoop, false) if is_y_cycle(v, graph, path) => 6.5,
        (_, true) => 6.6,
        _ => 7.0,
    } + length_penalty(nodes);
    let chain = notation(v, graph, path);
    step.place = format!("from {}", v.cell(start));
    step.text = match technique {
        Technique::ContinuousNiceLoop => format!(
            "The loop {chain} (closing back to its start) alternates all the way round, so \
             each of its weak links acts as a strong one: {} {}{}.",
            digits_text(removed),
            go(removed),
            if narrowed {
                " (as Sudoku Explainer's cycle, which leaves the loop's own cells alone)"
            } else {
                ""
            }
        ),
        Technique::Aic => format!(
            "In the chain {chain}, if the first candidate is false the last is true: one of \
             the two ends holds, so what sees both ends goes."
        ),
        _ => format!(
            "The chain {chain} makes one of its ends true; with {} that closes a loop that \
             breaks at {}, so {} {}.",
            v.cell(start),
            v.cell(start),
            digits_text(removed),
            go(removed)
        ),
    };
    Some(step)
}

/// The verb after [`digits_text`]: "3 goes", "3 and 4 go".
fn go(digits: u64) -> &'static str {
    if digits.count_ones() > 1 {
        "go"
    } else {
        "goes"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::Premise;
    use crate::layout::Layout;

    /// An XY-loop of five bivalue cells (r1c4 23, r1c8 13, r8c8 12, r7c7 12, r7c4 12)
    /// where row 7 holds 1 and 2 only in r7c7 and r7c4: the loop through the strong link
    /// of 2 in row 7 is two candidates shorter, mixes both kinds of links (7.0) and
    /// removes the same candidates. Sudoku Explainer's Y-Cycle (6.5, ten candidates:
    /// 6.7) is the step, as in puzzle 11 of its sample.
    #[test]
    fn an_xy_loop_is_rated_as_sudoku_explainers_y_cycle() {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let at = |r: usize, c: usize| (r - 1) * 9 + c - 1;
        let mut marks = vec![0b1_1111_1111u64; 81];
        for c in 1..=9 {
            marks[at(7, c)] = 0b1_1111_1100;
        }
        marks[at(1, 4)] = 0b110;
        marks[at(1, 8)] = 0b101;
        marks[at(8, 8)] = 0b011;
        marks[at(7, 7)] = 0b011;
        marks[at(7, 4)] = 0b011;
        let board = Board::from_parts(9, vec![0; 81], marks);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let step = all_loops(&v)
            .into_iter()
            .find(|s| {
                s.technique == Technique::ContinuousNiceLoop
                    && matches!(&s.effect, Effect::Eliminate(list)
                        if list.contains(&(at(2, 4), 2)) && list.contains(&(at(1, 1), 3)))
            })
            .expect("the loop's removals");
        assert_eq!(format!("{:.1}", step.difficulty), "6.7", "{}", step.text);
        assert_eq!(step.cells.len(), 5, "{}", step.text);
    }
}
