//! The link graph of a board and the implications that follow one assumption, for chains,
//! loops and (through `forcing`) forcing chains.
//!
//! A node is a candidate: digit d in cell c. Two kinds of links join nodes:
//!
//! - **strong**: at least one of the two is true: the two candidates of a cell that has
//!   two, or the two places of a digit in a house or run line that needs it;
//! - **weak**: at most one is true: two candidates of one cell, or the same digit in two
//!   cells that see each other.
//!
//! Assuming a node true turns its weak partners false; assuming it false turns its
//! strong partners true. Following these implications from one assumption, alternately,
//! is HoDoKu's "tabling" for chains: a breadth-first search from the assumption gives
//! every implication with its shortest chain, and a chain that comes back to its start
//! cell is a nice loop (see `loops`), one that ends elsewhere an AIC.

use super::view::{digits, View};

/// Which links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// Every strong and weak link.
    All,
    /// Links of one digit between cells only (X-chains).
    Digit(u8),
    /// Strong links inside two-candidate cells, weak links of one digit between cells
    /// (XY-chains).
    Bivalue,
    /// As `Bivalue`, through cells whose candidates are exactly this pair (remote pairs).
    Pair(u64),
}

/// Candidates as nodes and their links.
pub struct Graph {
    size: usize,
    /// Per node id (`cell * size + digit - 1`): weak partners.
    weak: Vec<Vec<u32>>,
    /// Per node id: strong partners.
    strong: Vec<Vec<u32>>,
    /// Per node id: true when the node is a candidate.
    present: Vec<bool>,
    /// Per cell: its candidates.
    cands: Vec<u64>,
}

/// A node: (cell, digit).
pub type Node = (usize, u8);

impl Graph {
    /// The graph of the view's board.
    pub fn new(v: &View) -> Graph {
        let size = v.topo.size;
        let count = v.topo.cells * size;
        let mut weak = vec![Vec::new(); count];
        let mut strong = vec![Vec::new(); count];
        let mut present = vec![false; count];
        let id = |cell: usize, digit: u8| cell * size + digit as usize - 1;
        for cell in 0..v.topo.cells {
            let cands = v.cands(cell);
            if v.board.digit(cell) != 0 {
                continue;
            }
            for digit in digits(cands) {
                let me = id(cell, digit);
                present[me] = true;
                for other in digits(cands) {
                    if other != digit {
                        weak[me].push(id(cell, other) as u32);
                        if cands.count_ones() == 2 {
                            strong[me].push(id(cell, other) as u32);
                        }
                    }
                }
                for &peer in &v.topo.peers[cell] {
                    if v.board.has(peer, digit) {
                        weak[me].push(id(peer, digit) as u32);
                    }
                }
            }
        }
        for (r, region) in v.topo.regions.iter().enumerate() {
            for digit in digits(v.need[r]) {
                let places = v.positions(r, digit);
                if places.count_ones() != 2 {
                    continue;
                }
                let a = region.cells[places.trailing_zeros() as usize];
                let b = region.cells[63 - places.leading_zeros() as usize];
                let (ia, ib) = (id(a, digit), id(b, digit));
                if !strong[ia].contains(&(ib as u32)) {
                    strong[ia].push(ib as u32);
                    strong[ib].push(ia as u32);
                }
            }
        }
        Graph {
            size,
            weak,
            strong,
            present,
            cands: (0..v.topo.cells).map(|c| v.cands(c)).collect(),
        }
    }

    /// The node id of a candidate.
    pub fn id(&self, (cell, digit): Node) -> usize {
        cell * self.size + digit as usize - 1
    }

    /// The node ids a chain may go to from node `id` holding `on`: its weak partners
    /// when it is true (they become false), its strong partners when it is false (they
    /// become true).
    pub fn partners(&self, id: usize, on: bool) -> &[u32] {
        if on {
            &self.weak[id]
        } else {
            &self.strong[id]
        }
    }

    /// The candidate of a node id.
    pub fn node(&self, id: usize) -> Node {
        (id / self.size, (id % self.size) as u8 + 1)
    }

    /// True when the node is a candidate of the board.
    pub fn present(&self, node: Node) -> bool {
        self.present[self.id(node)]
    }

    /// Number of node ids.
    pub fn len(&self) -> usize {
        self.present.len()
    }

    /// Whether a search over `links` may follow the link `from` → `to` (`strong` for a
    /// strong link, taken from a false node).
    fn allowed(&self, links: Links, from: usize, to: usize, strong: bool) -> bool {
        let (fc, fd) = self.node(from);
        let (tc, td) = self.node(to);
        match links {
            Links::All => true,
            Links::Digit(d) => fd == d && td == d && fc != tc,
            // Strong links in a cell exist only when it has two candidates.
            Links::Bivalue => (fc == tc) == strong && (strong || fd == td),
            Links::Pair(pair) => {
                self.cands[tc] == pair && (fc == tc) == strong && (strong || fd == td)
            }
        }
    }
}

/// The implications of one assumption: for every state `node * 2 + on` reached, its
/// distance and the state it came from.
pub struct Table {
    /// The assumption's state.
    pub start: usize,
    /// Distance (links) of each state, `u32::MAX` when not reached.
    pub dist: Vec<u32>,
    /// The state each came from.
    pub parent: Vec<u32>,
    /// Reached states in breadth-first order.
    pub order: Vec<u32>,
}

/// The state of `node` being true (`on`) or false.
pub fn state(id: usize, on: bool) -> usize {
    id * 2 + on as usize
}

impl Table {
    /// An empty table for searches on `graph` (its buffers are reused by [`Table::run`]).
    pub fn new(graph: &Graph) -> Table {
        let states = graph.len() * 2;
        Table {
            start: 0,
            dist: vec![u32::MAX; states],
            parent: vec![u32::MAX; states],
            order: Vec::new(),
        }
    }

    /// Replaces this table by the implications of `start`: each state keeps the first
    /// (shortest) chain that reaches it without passing a cell twice (a lasso), except
    /// that a chain may come back to its start cell at its end (a loop), where it stops.
    pub fn run(&mut self, graph: &Graph, start: usize, links: Links, max_len: u32) {
        for &s in &self.order {
            self.dist[s as usize] = u32::MAX;
            self.parent[s as usize] = u32::MAX;
        }
        self.order.clear();
        self.order.push(start as u32);
        self.start = start;
        self.dist[start] = 0;
        let start_cell = graph.node(start / 2).0;
        let mut head = 0;
        let mut on_path: Vec<usize> = Vec::with_capacity(max_len as usize + 1);
        while head < self.order.len() {
            let s = self.order[head] as usize;
            head += 1;
            if self.dist[s] >= max_len {
                continue;
            }
            let (id, on) = (s / 2, s % 2 == 1);
            let here = graph.node(id).0;
            if here == start_cell && self.dist[s] > 1 {
                continue; // back at the start cell: a loop ends here
            }
            // The cells of the chain to `s`, to keep chains from crossing themselves.
            on_path.clear();
            let mut p = s;
            while p != start {
                p = self.parent[p] as usize;
                on_path.push(graph.node(p / 2).0);
            }
            for &next in graph.partners(id, on) {
                let next = next as usize;
                if !graph.allowed(links, id, next, !on) {
                    continue;
                }
                let cell = graph.node(next).0;
                if cell != here && cell != start_cell && on_path.contains(&cell) {
                    continue;
                }
                let t = state(next, !on);
                if self.dist[t] == u32::MAX {
                    self.dist[t] = self.dist[s] + 1;
                    self.parent[t] = s as u32;
                    self.order.push(t as u32);
                }
            }
        }
    }

    /// The chain of states from the assumption to `target`.
    pub fn path(&self, target: usize) -> Vec<usize> {
        let mut path = vec![target];
        let mut s = target;
        while s != self.start {
            s = self.parent[s] as usize;
            path.push(s);
        }
        path.reverse();
        path
    }
}

/// True when the chain of states visits a cell twice other than in consecutive nodes
/// (a lasso), `skip_last` ignoring its final node (a loop back to the start cell).
pub fn is_lasso(graph: &Graph, path: &[usize], skip_last: bool) -> bool {
    let end = if skip_last {
        path.len() - 1
    } else {
        path.len()
    };
    let cells: Vec<usize> = path[..end].iter().map(|&s| graph.node(s / 2).0).collect();
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            if cells[i] == cells[j] && j != i + 1 {
                return true;
            }
        }
    }
    false
}

/// The chain in Eureka notation: `(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c3`; `=` for a strong
/// link (into a true node), `-` for a weak one.
pub fn notation(v: &View, graph: &Graph, path: &[usize]) -> String {
    let mut out = String::new();
    for (i, &s) in path.iter().enumerate() {
        let (cell, digit) = graph.node(s / 2);
        if i > 0 {
            out.push(if s % 2 == 1 { '=' } else { '-' });
        }
        out.push_str(&format!("({digit}){}", v.cell(cell)));
    }
    out
}

/// The length penalty of Sudoku Explainer for a chain of `nodes` candidates: 0.1 for
/// each step of 4, 6, 8, 12, 16, 24, 32, ... the length (nodes − 2) exceeds.
pub fn length_penalty(nodes: usize) -> f64 {
    let length = nodes.saturating_sub(2);
    let mut added = 0.0;
    let mut ceil = 4;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}
