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

use super::chains::{is_lasso, length_penalty, notation, state, Graph, Links, Table};
use super::step::{digits_text, Effect, Step};
use super::technique::Technique;
use super::view::{digits, Found, View};

/// Longest chain searched, in links.
const MAX_LINKS: u32 = 20;

/// Steps by their eliminations and digits. Ordered: steps of equal length and cells keep
/// the key order through the stable sort in [`flush`], so the first step pushed (the hint
/// shown, the rater's path) does not depend on a per-process hash seed.
type Best = BTreeMap<(Vec<(usize, u8)>, u64), Step>;

/// Keeps the shortest step for each set of eliminations.
fn keep(best: &mut Best, step: Step) {
    let key = match &step.effect {
        Effect::Eliminate(list) => (list.clone(), step.digits),
        Effect::Place { .. } => return,
    };
    match best.get(&key) {
        Some(old) if old.length <= step.length => {}
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
        table.run(&graph, state(id, false), Links::Digit(digit), MAX_LINKS);
        for i in 0..table.order.len() {
            let t = table.order[i] as usize;
            if t % 2 == 0 || table.dist[t] < 3 || t / 2 < id {
                continue;
            }
            let path = table.path(t);
            if is_lasso(&graph, &path, false) {
                continue;
            }
            let end = graph.node(t / 2).0;
            let cells: Vec<usize> = path.iter().map(|&s| graph.node(s / 2).0).collect();
            let elims = seeing_both(v, digit, cell, end);
            if elims.is_empty() {
                continue;
            }
            let mut step = Step::new(Technique::XChain, Effect::Eliminate(elims));
            step.digits = 1 << (digit - 1);
            step.length = path.len() - 1;
            step.difficulty = 6.6 + length_penalty(path.len() + 2);
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

/// XY-Chains (`remote` false) or Remote Pairs (`remote` true).
pub fn xy_chain(v: &View, out: &mut Found, remote: bool) {
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
            table.run(&graph, state(id, false), links, MAX_LINKS);
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
            let mut out = Found::new(false);
            flush(best, &mut out);
            out.steps[0].effect.clone()
        };
        assert_eq!(first([40, 30]), first([30, 40]));
        assert_eq!(first([40, 30]), Effect::Eliminate(vec![(30, 5)]));
    }
}
