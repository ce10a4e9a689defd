//! Singles applied from one assumption, remembering why each fact follows: the
//! "dynamic" chains of Sudoku Explainer and the forcing chains of HoDoKu, on any board.
//!
//! A fact is a candidate turned on (placed) or off (removed). Placing a digit removes
//! the cell's other candidates and the digit from its peers; a removal can leave a cell
//! one candidate (naked single), a house or run line one place for a digit it needs
//! (hidden single), or a run line fewer possible runs (its digits outside every run go;
//! with `fill`, so does a digit no filling of the line gives a cell: the line's rule
//! applied in full, `layout::runs::line_support`).
//! Each fact keeps the facts it came from, so the argument for any conclusion, and its
//! length, can be read back. A contradiction is a cell without candidates, a needed digit
//! without a place, or a line without a possible run.
//!
//! With `only` set to a digit, only facts about that digit are followed (Nishio: "if 5
//! were here, where would the other 5s go?").

use super::board::Board;
use super::topology::{Rule, Topology};
use super::view::digits;
use crate::layout::runs::{line_support, matching_runs, LineDigits};

mod nested;
mod plus;

/// One fact: `digit` in `cell` is on (placed) or off (removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The cell.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
    /// Placed (true) or removed.
    pub on: bool,
    /// Why: the rule in words ("naked single", "hidden single in row 4").
    pub why: Why,
    /// Where its parents (indices into the fact list) start in the parent pool, and how
    /// many there are (see [`Propagation::parents`]).
    parents: (u32, u32),
}

/// The rule that produced a fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The assumption itself.
    Assumed,
    /// A placed digit removes the others of its cell and itself from its peers.
    Placed,
    /// The last candidate of a cell.
    NakedSingle,
    /// The last place of a digit in region (index).
    HiddenSingle(usize),
    /// A run line's digits outside every run it can still hold (region index).
    RunTrim(usize),
    /// A digit of a run the line can hold that no filling of the line gives the cell:
    /// with it there, the line's other empty cells cannot take the rest of any run one
    /// digit each (region index). The line's own rule to the end, which also covers
    /// naked and hidden subsets inside the line.
    LineFill(usize),
    /// Locked candidates: a digit's places in a house all lie in another (the house).
    Locked(usize),
    /// A naked or hidden pair in a house (the house).
    Pair(usize),
    /// Placing the candidate breaks a rule in an inner propagation on the board as the
    /// facts leave it (a nested forcing chain); the inner argument's length.
    Nested(u32),
}

/// How a propagation broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// What broke, in words.
    pub what: String,
    /// The facts that together break it.
    pub facts: Vec<u32>,
}

/// A propagation from one assumption.
pub struct Propagation<'a> {
    topo: &'a Topology,
    /// The board as the facts leave it.
    pub board: Board,
    /// The facts, in the order found (the assumption first).
    pub facts: Vec<Fact>,
    /// Per node (cell * size + digit - 1): the index of its on fact and its off fact.
    on_fact: Vec<u32>,
    off_fact: Vec<u32>,
    queue: Vec<u32>,
    /// The parents of every fact, one after another.
    pool: Vec<u32>,
    /// Scratch space for a fact's parents.
    scratch: Vec<u32>,
    /// Run lines to check once the singles settle.
    dirty: Vec<usize>,
    only: Option<u8>,
    /// Also apply locked candidates and pairs when the singles settle (SE's "dynamic
    /// plus" chains).
    pub plus: bool,
    /// Also remove, once the singles (and the plus) settle, every candidate whose
    /// placement breaks a rule in an inner propagation: 0 none, 1 by singles, 2 with
    /// locked candidates and pairs (SE's nested forcing chains).
    pub nested: u8,
    /// For the nested rounds, per node (`cell * size + digit - 1`, [`Topology::words`]
    /// words each): the cells an inner propagation from that candidate touched last time
    /// (empty: test every candidate every round). A candidate whose cells share no region
    /// with a cell changed since is not tested again: its propagation would run as before.
    pub touch: Vec<u64>,
    /// For the nested rounds, per node: where the inner test of that candidate ended on
    /// an earlier board that the board only narrows (the board the finder started from,
    /// or an earlier round), for `quick::narrow_and_propagate`; empty (or `None`): test
    /// from the board. Set on the honeycomb, where a fresh test costs a matching per line.
    pub ends: Vec<Option<Board>>,
    /// Line fills on: a run line also loses the digits of its runs that no filling of
    /// the line gives a cell ([`Why::LineFill`]). Off except in the last resort of
    /// nested chains on the honeycomb (`nested`): there it finds contradictions the
    /// run trims miss, at several times the cost.
    pub fill: bool,
    /// Facts before this index were seen by the last nested round.
    nested_mark: usize,
    names: &'a dyn Fn(usize) -> String,
}

const NONE: u32 = u32::MAX;

impl<'a> Propagation<'a> {
    /// A propagation on `board`, following only `only`'s facts when set.
    pub fn new(
        topo: &'a Topology,
        board: &Board,
        only: Option<u8>,
        names: &'a dyn Fn(usize) -> String,
    ) -> Propagation<'a> {
        let nodes = topo.cells * topo.size;
        Propagation {
            topo,
            board: board.clone(),
            facts: Vec::new(),
            on_fact: vec![NONE; nodes],
            off_fact: vec![NONE; nodes],
            queue: Vec::new(),
            pool: Vec::new(),
            scratch: Vec::new(),
            dirty: Vec::new(),
            only,
            plus: false,
            nested: 0,
            touch: Vec::new(),
            ends: Vec::new(),
            fill: false,
            nested_mark: 0,
            names,
        }
    }

    fn node(&self, cell: usize, digit: u8) -> usize {
        cell * self.topo.size + digit as usize - 1
    }

    /// The facts fact `f` follows from.
    pub fn parents(&self, f: u32) -> &[u32] {
        let (start, len) = self.facts[f as usize].parents;
        &self.pool[start as usize..(start + len) as usize]
    }

    /// The fact index of `digit` in `cell` being on (or off), if derived.
    pub fn fact_of(&self, cell: usize, digit: u8, on: bool) -> Option<u32> {
        let table = if on { &self.on_fact } else { &self.off_fact };
        let f = table[self.node(cell, digit)];
        (f != NONE).then_some(f)
    }

    /// Records a fact unless known; an on fact for a candidate already off, or an off
    /// fact for one already on, is a contradiction.
    fn add(
        &mut self,
        cell: usize,
        digit: u8,
        on: bool,
        why: Why,
        parents: &[u32],
    ) -> Result<(), Contradiction> {
        if self.only.is_some_and(|d| d != digit) {
            return Ok(());
        }
        let node = self.node(cell, digit);
        let (same, other) = if on {
            (self.on_fact[node], self.off_fact[node])
        } else {
            (self.off_fact[node], self.on_fact[node])
        };
        if same != NONE {
            return Ok(());
        }
        let index = self.facts.len() as u32;
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(parents);
        self.facts.push(Fact {
            cell,
            digit,
            on,
            why,
            parents: (start, parents.len() as u32),
        });
        if other != NONE {
            return Err(Contradiction {
                what: format!(
                    "{} would be both {digit} and not {digit}",
                    (self.names)(cell)
                ),
                facts: vec![index, other],
            });
        }
        if on {
            self.on_fact[node] = index;
            if self.board.digit(cell) == 0 && !self.board.has(cell, digit) {
                let mut facts = vec![index];
                if self.off_fact[node] != NONE {
                    facts.push(self.off_fact[node]);
                }
                return Err(Contradiction {
                    what: format!("{} cannot hold {digit}", (self.names)(cell)),
                    facts,
                });
            }
        } else {
            self.off_fact[node] = index;
        }
        self.queue.push(index);
        Ok(())
    }

    /// Assumes `digit` in `cell` on or off, and follows the consequences; the
    /// contradiction reached, if any.
    pub fn assume(&mut self, cell: usize, digit: u8, on: bool) -> Result<(), Contradiction> {
        self.add(cell, digit, on, Why::Assumed, &[])?;
        self.run()
    }

    /// Assumes several facts at once (a run line held to one run: the digits outside it
    /// removed from its cells), and follows the consequences.
    pub fn assume_many(&mut self, facts: &[(usize, u8, bool)]) -> Result<(), Contradiction> {
        for &(cell, digit, on) in facts {
            self.add(cell, digit, on, Why::Assumed, &[])?;
        }
        self.run()
    }

    fn run(&mut self) -> Result<(), Contradiction> {
        let mut head = 0;
        loop {
            if head == self.queue.len() {
                // Run lines are checked once the singles settle (their test is dearer).
                let dirty = std::mem::take(&mut self.dirty);
                if dirty.is_empty() {
                    if self.plus && self.advanced()? {
                        continue;
                    }
                    if self.nested > 0 && self.nested_round()? {
                        continue;
                    }
                    break;
                }
                for r in dirty {
                    self.check_region(r, 0)?;
                }
                continue;
            }
            let f = self.queue[head] as usize;
            head += 1;
            let Fact {
                cell, digit, on, ..
            } = self.facts[f].clone();
            let f = f as u32;
            if on {
                if self.board.digit(cell) != 0 {
                    continue;
                }
                // The cell's other candidates, and the digit in its peers, go.
                let before = self.board.candidates(cell);
                let topo = self.topo;
                let bit = 1u64 << (digit - 1);
                let had: u64 = topo.peers[cell]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &p)| self.board.candidates(p) & bit != 0)
                    .fold(0u64, |m, (i, _)| if i < 64 { m | 1 << i } else { m });
                let many = topo.peers[cell].len() > 64;
                let kept: Vec<usize> = if many {
                    topo.peers[cell]
                        .iter()
                        .copied()
                        .filter(|&p| self.board.candidates(p) & bit != 0)
                        .collect()
                } else {
                    Vec::new()
                };
                self.board.place(topo, cell, digit);
                for other in digits(before) {
                    if other != digit {
                        self.add(cell, other, false, Why::Placed, &[f])?;
                    }
                }
                if many {
                    for peer in kept {
                        self.add(peer, digit, false, Why::Placed, &[f])?;
                    }
                } else {
                    let mut rest = had;
                    while rest != 0 {
                        let i = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        self.add(topo.peers[cell][i], digit, false, Why::Placed, &[f])?;
                    }
                }
                self.check_regions(cell, digit)?;
            } else {
                if self.board.digit(cell) == 0 {
                    self.board.eliminate(cell, digit);
                }
                self.check_cell(cell)?;
                self.check_regions(cell, digit)?;
            }
        }
        self.queue.clear();
        Ok(())
    }

    /// A removal in `cell` may leave it one candidate, or none.
    fn check_cell(&mut self, cell: usize) -> Result<(), Contradiction> {
        if self.board.digit(cell) != 0 || self.only.is_some() {
            return Ok(());
        }
        let cands = self.board.candidates(cell);
        if cands.count_ones() > 1 {
            return Ok(());
        }
        let mut offs = std::mem::take(&mut self.scratch);
        offs.clear();
        offs.extend((1..=self.topo.size as u8).filter_map(|d| self.fact_of(cell, d, false)));
        let result = match cands.count_ones() {
            0 => Err(Contradiction {
                what: format!("{} has no candidate left", (self.names)(cell)),
                facts: offs.clone(),
            }),
            _ => {
                let digit = cands.trailing_zeros() as u8 + 1;
                self.add(cell, digit, true, Why::NakedSingle, &offs)
            }
        };
        self.scratch = offs;
        result
    }

    /// A fact about `digit` in `cell` may leave one of its regions one place for it,
    /// none, or two placements; run lines may lose runs.
    fn check_regions(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        let topo = self.topo;
        for &r in &topo.cell_regions[cell] {
            if topo.regions[r].rule == Rule::Run {
                if !self.dirty.contains(&r) {
                    self.dirty.push(r);
                }
                continue;
            }
            self.check_region(r, digit)?;
        }
        Ok(())
    }

    /// The checks of region `r` after a fact about `digit` (0: every digit, for run
    /// lines).
    fn check_region(&mut self, r: usize, digit: u8) -> Result<(), Contradiction> {
        let topo = self.topo;
        {
            let region = &topo.regions[r];
            let mut placed = 0u64;
            let mut available = 0u64;
            for &c in &region.cells {
                match self.board.digit(c) {
                    0 => available |= self.board.candidates(c),
                    d => {
                        if placed >> (d - 1) & 1 == 1 {
                            let facts = region
                                .cells
                                .iter()
                                .filter_map(|&x| self.fact_of(x, d, true))
                                .collect();
                            return Err(Contradiction {
                                what: format!("{} would hold {d} twice", region.name()),
                                facts,
                            });
                        }
                        placed |= 1 << (d - 1);
                    }
                }
            }
            let mut support = [0u64; 64];
            let (need, trim) = match region.rule {
                Rule::Full => (crate::layout::runs::all_digits(self.topo.size) & !placed, 0),
                Rule::Partial => (0, 0),
                Rule::Run => {
                    let empty: Vec<u64> = region
                        .cells
                        .iter()
                        .filter(|&&c| self.board.digit(c) == 0)
                        .map(|&c| self.board.candidates(c))
                        .collect();
                    let starts = if self.fill {
                        line_support(self.topo.size, &empty, placed, &mut support)
                    } else {
                        matching_runs(self.topo.size, &empty, placed)
                    };
                    let facts = LineDigits::from_runs(starts, region.cells.len());
                    if facts.is_empty() {
                        return Err(Contradiction {
                            what: format!("{} has no possible run left", region.name()),
                            facts: self.line_facts(r),
                        });
                    }
                    (facts.required & !placed, available & !facts.possible)
                }
            };
            // Digits outside every run go as run trims; digits of a run that no filling
            // of the line gives the cell (`line_support`) go as line fills.
            let mut fill = false;
            if self.fill && region.rule == Rule::Run {
                let mut i = 0;
                for &c in &region.cells {
                    if self.board.digit(c) == 0 {
                        fill |= self.board.candidates(c) & !trim & !support[i] != 0;
                        i += 1;
                    }
                }
            }
            if trim != 0 || fill {
                let parents = self.line_facts(r);
                let mut i = 0;
                for &c in &region.cells {
                    if self.board.digit(c) != 0 {
                        continue;
                    }
                    let cands = self.board.candidates(c);
                    for d in digits(cands & trim) {
                        self.add(c, d, false, Why::RunTrim(r), &parents)?;
                    }
                    if fill {
                        for d in digits(cands & !trim & !support[i]) {
                            self.add(c, d, false, Why::LineFill(r), &parents)?;
                        }
                    }
                    i += 1;
                }
            }
            let check = if region.rule == Rule::Run {
                need
            } else {
                need & (1u64 << (digit - 1))
            };
            for d in digits(check) {
                let bit = 1u64 << (d - 1);
                let mut count = 0;
                let mut place = 0;
                for &c in &region.cells {
                    if self.board.digit(c) == 0 && self.board.candidates(c) & bit != 0 {
                        count += 1;
                        place = c;
                        if count > 1 {
                            break;
                        }
                    }
                }
                if count > 1 || (count == 0 && self.only.is_some_and(|o| o != d)) {
                    continue;
                }
                let mut offs = std::mem::take(&mut self.scratch);
                offs.clear();
                offs.extend(
                    region
                        .cells
                        .iter()
                        .filter_map(|&c| self.fact_of(c, d, false)),
                );
                let result = if count == 0 {
                    Err(Contradiction {
                        what: format!("{} has no place left for {d}", region.name()),
                        facts: offs.clone(),
                    })
                } else {
                    self.add(place, d, true, Why::HiddenSingle(r), &offs)
                };
                self.scratch = offs;
                result?;
            }
        }
        Ok(())
    }

    /// The facts about the cells of line `r` so far (the reason of a run trim).
    fn line_facts(&self, r: usize) -> Vec<u32> {
        let mut out = Vec::new();
        for &c in &self.topo.regions[r].cells {
            for d in 1..=self.topo.size as u8 {
                if let Some(f) = self.fact_of(c, d, true) {
                    out.push(f);
                }
                if let Some(f) = self.fact_of(c, d, false) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// The length of an argument: its facts, each nested one counting its inner
    /// argument too.
    pub fn weight(&self, cone: &[u32]) -> usize {
        cone.iter()
            .map(|&f| match self.facts[f as usize].why {
                Why::Nested(len) => 1 + len as usize,
                _ => 1,
            })
            .sum()
    }

    /// The facts `roots` follow from (themselves included), ascending: the argument.
    pub fn cone(&self, roots: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.facts.len()];
        let mut stack: Vec<u32> = roots.to_vec();
        let mut out = Vec::new();
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut seen[f as usize], true) {
                continue;
            }
            out.push(f);
            stack.extend(self.parents(f));
        }
        out.sort_unstable();
        out
    }

    /// The placements of an argument, in order, as `r1c2=5 → r3c4=7 (hidden single in
    /// row 3)`; removals are implied.
    pub fn story(&self, cone: &[u32]) -> String {
        let mut parts = Vec::new();
        for &f in cone {
            let fact = &self.facts[f as usize];
            let name = (self.names)(fact.cell);
            let what = if fact.on {
                format!("{name}={}", fact.digit)
            } else {
                format!("{name}<>{}", fact.digit)
            };
            match fact.why {
                Why::Assumed => parts.push(what),
                Why::NakedSingle if fact.on => parts.push(format!("{what} (naked single)")),
                Why::HiddenSingle(r) if fact.on => parts.push(format!(
                    "{what} (hidden single in {})",
                    self.topo.regions[r].name()
                )),
                Why::RunTrim(r) if !fact.on && cone.len() <= 12 => {
                    parts.push(format!("{what} (runs of {})", self.topo.regions[r].name()))
                }
                Why::LineFill(r) if !fact.on && cone.len() <= 12 => parts.push(format!(
                    "{what} (no filling of {} with it)",
                    self.topo.regions[r].name()
                )),
                Why::Locked(r) if cone.len() <= 16 => parts.push(format!(
                    "{what} (locked candidates in {})",
                    self.topo.regions[r].name()
                )),
                Why::Pair(r) if cone.len() <= 16 => {
                    parts.push(format!("{what} (pair in {})", self.topo.regions[r].name()))
                }
                Why::Nested(len) => {
                    parts.push(format!("{what} (placing it breaks a rule in {len} steps)"))
                }
                _ => {}
            }
        }
        parts.join(" → ")
    }
}
