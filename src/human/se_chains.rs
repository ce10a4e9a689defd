//! Sudoku Explainer's "Forcing Chains & Cycles": its bidirectional cycles (X-, Y- and
//! XY-cycles) and its simple forcing chains (a candidate whose assumption, by one chain
//! of implications, implies its own negation), found the way SE's `Chaining` producer
//! finds them, so that the rater takes the step SE takes and values it as SE does.
//!
//! The implications are SE's: a candidate "on" turns off the other candidates of its
//! cell (a Y-link, in the Y and XY searches) and the same digit in the cell's houses
//! (box first, then row, then column, as SE lists them); a candidate "off" turns on the
//! other candidate of a bivalue cell (Y) and the other place of its digit in a house
//! where it has two (X). SE searches three times: X-links only, Y-links only (cycles
//! from bivalue cells), both; each time from every candidate of every cell in reading
//! order, breadth first:
//!
//! - a **cycle** returns to the candidate it started from, on, after at least four
//!   links; every candidate outside the loop's cells that sees an "on" and an "off" node
//!   of its digit goes. SE explores the "off" nodes once per path (its `doCycles` skips
//!   only a node's own ancestors), so one start may give several cycles.
//! - a **forcing chain** starts from the candidate on (or off) and reaches the same
//!   candidate off (or on): the candidate goes (or is placed). Only the first (shortest)
//!   chain to it counts.
//!
//! A step's length (SE's complexity) is the number of distinct nodes of its chain; the
//! value is 6.5 for an X- or Y-cycle, 7.0 for an XY-cycle, 6.6 for an X forcing chain,
//! 7.0 for an XY one, plus SE's length penalty (`chains::length_penalty`). Steps come out
//! sorted as SE sorts them: by value, then length, then X before Y before XY, then the
//! order found. On other boards the same rules run on every house ("all different") and
//! every run line's required digits (a strong link where a required digit has two
//! places).

use super::chains::length_penalty;
use super::step::{Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{Found, View};
use crate::layout::HouseKind;

/// Which links a search uses (SE's `isYChainEnabled`, `isXChainEnabled`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Links {
    /// Strong links of one digit in a house: X-cycles and X forcing chains.
    X,
    /// Bivalue cells: Y-cycles (no forcing chains: their length would be odd and even).
    Y,
    /// Both: XY-cycles and forcing chains.
    Xy,
}

impl Links {
    fn y(self) -> bool {
        self != Links::X
    }

    fn x(self) -> bool {
        self != Links::Y
    }

    /// The value of a cycle before its length penalty.
    fn cycle_base(self) -> f64 {
        if self == Links::Xy {
            7.0
        } else {
            6.5
        }
    }

    /// The value of a forcing chain before its length penalty (Y-links alone make none).
    fn chain_base(self) -> f64 {
        match self {
            Links::X => 6.6,
            Links::Y => f64::INFINITY,
            Links::Xy => 7.0,
        }
    }

    /// SE's sort key among equal values and lengths.
    fn sort_key(self) -> u8 {
        match self {
            Links::X => 2,
            Links::Y => 3,
            Links::Xy => 4,
        }
    }
}

/// The most nodes a chain of value `base` plus its length penalty may have without
/// passing `best` (0: none; `usize::MAX`: no bound).
fn max_complexity(base: f64, best: f64) -> usize {
    if best.is_infinite() {
        return usize::MAX;
    }
    if base > best {
        return 0;
    }
    let mut c = 2;
    while base + length_penalty(c + 1) <= best {
        c += 1;
        if c > 4096 {
            return usize::MAX;
        }
    }
    c
}

/// A candidate assumed on or off: `(cell * size + digit - 1) * 2 + on`.
type Node = usize;

/// One node of a search's tree: the candidate and the index of its parent (`usize::MAX`
/// for the start).
#[derive(Clone, Copy)]
struct Entry {
    node: Node,
    parent: usize,
    /// Links from the start.
    depth: usize,
}

const ROOT: usize = usize::MAX;

/// The board as SE's chaining reads it.
struct Board<'v, 'a> {
    v: &'v View<'a>,
    size: usize,
    /// Per candidate (`cell * size + digit - 1`): the same digit's other candidates in
    /// the cell's houses, SE's order (box, row, column), as "off" nodes.
    weak: Vec<Vec<Node>>,
    /// Per candidate: the other place of its digit in each house where it has two
    /// (boxes, rows, columns), as "on" nodes.
    strong: Vec<Vec<Node>>,
}

impl<'v, 'a> Board<'v, 'a> {
    fn new(v: &'v View<'a>) -> Self {
        let rank = |kind: HouseKind| match kind {
            HouseKind::Box | HouseKind::Region => 0,
            HouseKind::Row => 1,
            HouseKind::Column => 2,
            _ => 3,
        };
        let regions: Vec<Vec<usize>> = (0..v.topo.cells)
            .map(|cell| {
                let mut own = v.topo.cell_regions[cell].clone();
                own.sort_by_key(|&r| (rank(v.topo.regions[r].kind), r));
                own
            })
            .collect();
        let size = v.topo.size;
        let node =
            |cell: usize, digit: u8, on: bool| (cell * size + digit as usize - 1) * 2 + on as usize;
        let mut weak = vec![Vec::new(); v.topo.cells * size];
        let mut strong = vec![Vec::new(); v.topo.cells * size];
        for (cell, own) in regions.iter().enumerate() {
            if v.board.digit(cell) != 0 {
                continue;
            }
            let mut peers: Vec<usize> = Vec::new();
            for &r in own {
                for &other in &v.topo.regions[r].cells {
                    if other != cell && !peers.contains(&other) {
                        peers.push(other);
                    }
                }
            }
            for digit in super::view::digits(v.cands(cell)) {
                let cand = cell * size + digit as usize - 1;
                weak[cand] = peers
                    .iter()
                    .copied()
                    .filter(|&o| v.board.digit(o) == 0 && v.board.has(o, digit))
                    .map(|o| node(o, digit, false))
                    .collect();
                for &r in own {
                    let region = &v.topo.regions[r];
                    let required = match region.rule {
                        Rule::Full | Rule::Run => v.need[r] >> (digit - 1) & 1 == 1,
                        Rule::Partial => false,
                    };
                    let places = v.positions(r, digit);
                    if required && places.count_ones() == 2 {
                        for i in super::view::bits(places) {
                            if region.cells[i] != cell {
                                strong[cand].push(node(region.cells[i], digit, true));
                            }
                        }
                    }
                }
            }
        }
        Board {
            v,
            size,
            weak,
            strong,
        }
    }

    fn node(&self, cell: usize, digit: u8, on: bool) -> Node {
        (cell * self.size + digit as usize - 1) * 2 + on as usize
    }

    fn parts(&self, node: Node) -> (usize, u8, bool) {
        let on = node & 1 == 1;
        let cand = node / 2;
        (cand / self.size, (cand % self.size) as u8 + 1, on)
    }

    /// What `node` (on) turns off, in SE's order.
    fn on_to_off(&self, node: Node, links: Links, out: &mut Vec<Node>) {
        out.clear();
        let (cell, digit, _) = self.parts(node);
        if links.y() {
            for d in super::view::digits(self.v.cands(cell)) {
                if d != digit {
                    out.push(self.node(cell, d, false));
                }
            }
        }
        out.extend_from_slice(&self.weak[node / 2]);
    }

    /// What `node` (off) turns on, in SE's order.
    fn off_to_on(&self, node: Node, links: Links, out: &mut Vec<Node>) {
        out.clear();
        let (cell, digit, _) = self.parts(node);
        if links.y() {
            let cands = self.v.cands(cell);
            if cands.count_ones() == 2 {
                let other = (cands & !(1 << (digit - 1))).trailing_zeros() as u8 + 1;
                out.push(self.node(cell, other, true));
            }
        }
        if links.x() {
            out.extend_from_slice(&self.strong[node / 2]);
        }
    }
}

/// Nodes met in one search, cleared in O(1) by a new stamp.
struct Seen {
    stamp: Vec<u32>,
    now: u32,
}

impl Seen {
    fn new(nodes: usize) -> Seen {
        Seen {
            stamp: vec![0; nodes],
            now: 0,
        }
    }

    fn clear(&mut self) {
        self.now += 1;
    }

    /// True when `node` was not yet met (and marks it).
    fn insert(&mut self, node: Node) -> bool {
        let fresh = self.stamp[node] != self.now;
        self.stamp[node] = self.now;
        fresh
    }
}

/// A step found, with what SE sorts it by.
struct Found1 {
    step: Step,
    key: (u8, usize),
    /// The chain, end first (its words are written only for the steps kept).
    nodes: Vec<Node>,
    links: Links,
}

/// The path from `at` to the start, nodes in order (the end first).
fn path(tree: &[Entry], mut at: usize) -> Vec<Node> {
    let mut nodes = Vec::new();
    while at != ROOT {
        nodes.push(tree[at].node);
        at = tree[at].parent;
    }
    nodes
}

/// True when `node` is a strict ancestor of tree entry `at`.
fn is_ancestor(tree: &[Entry], at: usize, node: Node) -> bool {
    let mut p = tree[at].parent;
    while p != ROOT {
        if tree[p].node == node {
            return true;
        }
        p = tree[p].parent;
    }
    false
}

/// SE's `doCycles` from `start` (on): the tree entries that return to it.
fn cycles(
    b: &Board,
    start: Node,
    links: Links,
    limit: usize,
    tree: &mut Vec<Entry>,
    seen: &mut Seen,
) -> Vec<usize> {
    let mut found = Vec::new();
    seen.clear();
    tree.clear();
    tree.push(Entry {
        node: start,
        parent: ROOT,
        depth: 0,
    });
    seen.insert(start);
    let mut pending_on = std::collections::VecDeque::from([0usize]);
    let mut pending_off = std::collections::VecDeque::new();
    let mut next = Vec::new();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        while let Some(p) = pending_on.pop_front() {
            let depth = tree[p].depth + 1;
            if depth >= limit {
                continue; // no cycle through here can stay within the limit
            }
            b.on_to_off(tree[p].node, links, &mut next);
            for &off in &next {
                if !is_ancestor(tree, p, off) {
                    tree.push(Entry {
                        node: off,
                        parent: p,
                        depth,
                    });
                    pending_off.push_back(tree.len() - 1);
                }
            }
        }
        length += 1;
        while let Some(p) = pending_off.pop_front() {
            let depth = tree[p].depth + 1;
            b.off_to_on(tree[p].node, links, &mut next);
            for &on in &next {
                if length >= 4 && on == start {
                    tree.push(Entry {
                        node: on,
                        parent: p,
                        depth,
                    });
                    found.push(tree.len() - 1);
                }
                if seen.insert(on) {
                    tree.push(Entry {
                        node: on,
                        parent: p,
                        depth,
                    });
                    pending_on.push_back(tree.len() - 1);
                }
            }
        }
    }
    found
}

/// SE's `doForcingChains` from `start` (on or off): the tree entry reaching its
/// conjugate, if any (the first found).
fn forcing(
    b: &Board,
    start: Node,
    links: Links,
    limit: usize,
    tree: &mut Vec<Entry>,
    seen: &mut Seen,
) -> Option<usize> {
    seen.clear();
    tree.clear();
    tree.push(Entry {
        node: start,
        parent: ROOT,
        depth: 0,
    });
    seen.insert(start);
    let target = start ^ 1;
    let mut pending_on = std::collections::VecDeque::new();
    let mut pending_off = std::collections::VecDeque::new();
    if start & 1 == 1 {
        pending_on.push_back(0usize);
    } else {
        pending_off.push_back(0usize);
    }
    let mut next = Vec::new();
    // X-links always lead from "off" to "on" in SE's forcing chains.
    let off_links = if links.y() { Links::Xy } else { Links::X };
    while !pending_on.is_empty() || !pending_off.is_empty() {
        while let Some(p) = pending_on.pop_front() {
            let depth = tree[p].depth + 1;
            if depth >= limit {
                continue; // the chain would pass the limit
            }
            b.on_to_off(tree[p].node, links, &mut next);
            for &off in &next {
                if off == target {
                    tree.push(Entry {
                        node: off,
                        parent: p,
                        depth,
                    });
                    return Some(tree.len() - 1);
                }
                if seen.insert(off) {
                    tree.push(Entry {
                        node: off,
                        parent: p,
                        depth,
                    });
                    pending_off.push_back(tree.len() - 1);
                }
            }
        }
        while let Some(p) = pending_off.pop_front() {
            let depth = tree[p].depth + 1;
            if depth >= limit {
                continue;
            }
            b.off_to_on(tree[p].node, off_links, &mut next);
            for &on in &next {
                if on == target {
                    tree.push(Entry {
                        node: on,
                        parent: p,
                        depth,
                    });
                    return Some(tree.len() - 1);
                }
                if seen.insert(on) {
                    tree.push(Entry {
                        node: on,
                        parent: p,
                        depth,
                    });
                    pending_on.push_back(tree.len() - 1);
                }
            }
        }
    }
    None
}

/// The chain in words: `r1c2=5 -> r1c7<>5 -> ...`, start first.
fn notation(b: &Board, nodes: &[Node]) -> String {
    nodes
        .iter()
        .rev()
        .map(|&n| {
            let (cell, digit, on) = b.parts(n);
            format!("{}{}{digit}", b.v.cell(cell), if on { "=" } else { "<>" })
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The step of a cycle (`nodes` from the returning start back to the start).
fn cycle_step(b: &Board, nodes: &[Node], links: Links) -> Option<Found1> {
    // SE walks from the returning start to the node before the start.
    let walked = &nodes[..nodes.len() - 1];
    let mut cells: Vec<usize> = Vec::new();
    for &n in walked {
        let (cell, _, _) = b.parts(n);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    let mut forward: Vec<(usize, u8)> = Vec::new();
    let mut back: Vec<(usize, u8)> = Vec::new();
    for &n in walked {
        let (cell, digit, on) = b.parts(n);
        for &peer in &b.v.topo.peers[cell] {
            if !cells.contains(&peer) && b.v.board.digit(peer) == 0 && b.v.board.has(peer, digit) {
                let list = if on { &mut forward } else { &mut back };
                if !list.contains(&(peer, digit)) {
                    list.push((peer, digit));
                }
            }
        }
    }
    let removable: Vec<(usize, u8)> = forward.into_iter().filter(|c| back.contains(c)).collect();
    if removable.is_empty() {
        return None;
    }
    let complexity = walked.len();
    let base = if links == Links::Xy { 7.0 } else { 6.5 };
    let mut step = Step::new(Technique::BidirectionalCycle, Effect::Eliminate(removable));
    step.difficulty = base + length_penalty(complexity);
    step.length = complexity;
    let (_, digit, _) = b.parts(nodes[0]);
    step.place = format!("through {}", b.v.cells_text(&sorted(&cells)));
    step.cells = sorted(&cells);
    step.digits = walked.iter().fold(0, |m, &n| m | 1 << (b.parts(n).1 - 1));
    if links == Links::X {
        step.digits = 1 << (digit - 1);
    }
    Some(Found1 {
        step,
        key: (links.sort_key(), complexity),
        nodes: nodes.to_vec(),
        links,
    })
}

/// The step of a forcing chain ending at tree entry `end`.
fn chain_step(b: &Board, nodes: &[Node], links: Links) -> Found1 {
    let (cell, digit, on) = b.parts(nodes[0]);
    let effect = if on {
        Effect::Place { cell, digit }
    } else {
        Effect::Eliminate(vec![(cell, digit)])
    };
    let complexity = nodes.len();
    let base = if links == Links::Xy { 7.0 } else { 6.6 };
    let mut step = Step::new(Technique::ForcingChain, effect);
    step.difficulty = base + length_penalty(complexity);
    step.length = complexity;
    let mut cells: Vec<usize> = nodes.iter().map(|&n| b.parts(n).0).collect();
    cells.sort_unstable();
    cells.dedup();
    step.cells = cells;
    step.digits = 1 << (digit - 1);
    step.place = format!("from {}", b.v.cell(cell));
    Found1 {
        step,
        key: (links.sort_key(), complexity),
        nodes: nodes.to_vec(),
        links,
    }
}

/// The reasoning of a cycle or forcing chain in words.
fn describe(b: &Board, step: &Step, nodes: &[Node], links: Links) -> String {
    if step.technique == Technique::BidirectionalCycle {
        let kind = match links {
            Links::X => "X-cycle",
            Links::Y => "Y-cycle",
            Links::Xy => "cycle",
        };
        return format!(
            "A bidirectional {kind}: {}. It holds read either way round, so each candidate \
             that sees an \"on\" and an \"off\" end of one link on its digit goes.",
            notation(b, nodes)
        );
    }
    let (cell, digit, on) = b.parts(nodes[0]);
    let assumed = if on {
        format!("{} were not {digit}", b.v.cell(cell))
    } else {
        format!("{} were {digit}", b.v.cell(cell))
    };
    format!(
        "If {assumed}: {}, the contrary. So {} {} {digit}.",
        notation(b, nodes),
        b.v.cell(cell),
        if on { "is" } else { "is not" }
    )
}

fn sorted(cells: &[usize]) -> Vec<usize> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

/// SE's "Forcing Chains & Cycles" on the view: cycles and forcing chains, sorted as SE
/// sorts them (value, length, X before Y before XY, order found), one step per effect.
/// Found once per view for both techniques.
pub fn forcing_chains_and_cycles(v: &View, out: &mut Found) {
    for step in v.se_chains.get_or_init(|| search(v)) {
        if out.push(step.clone()) {
            return;
        }
    }
}

/// Every cycle and forcing chain of the view, in SE's order.
fn search(v: &View) -> Vec<Step> {
    let b = Board::new(v);
    let mut found: Vec<Found1> = Vec::new();
    let mut tree = Vec::new();
    let mut seen = Seen::new(v.topo.cells * v.topo.size * 2);
    // Only the easiest steps matter (the rater takes the least value, the tutor the
    // first): once a search has found a value, the later ones stop their chains where
    // they would pass it.
    let mut best = v.easiest_known.get();
    for links in [Links::X, Links::Y, Links::Xy] {
        for cell in 0..v.topo.cells {
            let cands = v.cands(cell);
            if v.board.digit(cell) != 0 || cands.count_ones() < 2 {
                continue;
            }
            // Y-cycles start only from bivalue cells.
            if links == Links::Y && cands.count_ones() > 2 {
                continue;
            }
            for digit in super::view::digits(cands) {
                // The bounds follow the best value so far: a later chain may tie it.
                let cycle_limit = max_complexity(links.cycle_base(), best);
                let on = b.node(cell, digit, true);
                if cycle_limit > 0 {
                    for end in cycles(&b, on, links, cycle_limit, &mut tree, &mut seen) {
                        if let Some(f) = cycle_step(&b, &path(&tree, end), links) {
                            best = best.min(f.step.difficulty);
                            found.push(f);
                        }
                    }
                }
                if links.x() {
                    for start in [on, on ^ 1] {
                        let chain_limit = max_complexity(links.chain_base(), best);
                        if chain_limit == 0 {
                            break;
                        }
                        if let Some(end) =
                            forcing(&b, start, links, chain_limit, &mut tree, &mut seen)
                        {
                            let f = chain_step(&b, &path(&tree, end), links);
                            best = best.min(f.step.difficulty);
                            found.push(f);
                        }
                    }
                }
            }
        }
    }
    found.retain(|f| f.step.difficulty <= best);
    // SE's sort is stable: equal keys keep the order found.
    found.sort_by(|a, b| {
        a.step
            .difficulty
            .partial_cmp(&b.step.difficulty)
            .unwrap()
            .then(a.key.1.cmp(&b.key.1))
            .then(a.key.0.cmp(&b.key.0))
    });
    let mut steps: Vec<Step> = Vec::new();
    for f in found {
        if !steps.iter().any(|s| s.effect == f.step.effect) {
            let mut step = f.step;
            step.text = describe(&b, &step, &f.nodes, f.links);
            steps.push(step);
        }
    }
    steps
}
