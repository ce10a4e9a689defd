//! Nested forcing chains: inside a propagation, once its singles settle, every candidate
//! left is placed in an inner propagation on the board as the facts leave it; one whose
//! placement breaks a rule is removed. Sudoku Explainer's nested levels (9.5 and up) use
//! chains inside the chain's own propagation in the same way; ours uses the dynamic
//! contradiction of one placement (by singles, or with locked candidates and pairs), the
//! inner technique a player already knows from the Forcing Chain Contradiction.
//!
//! The inner tests are most of the cost, so a candidate is tested again only when a cell
//! changed since its last test shares a region with a cell its inner propagation touched
//! (`touch`): otherwise every rule it read reads the same, and it runs as before.

use super::{Contradiction, Propagation, Why};
use crate::human::board::Board;
use crate::human::quick;
use crate::human::view::digits;

impl Propagation<'_> {
    /// One nested round over the candidates of the board as it stands; true when one was
    /// removed (its consequences then run).
    pub(super) fn nested_round(&mut self) -> Result<bool, Contradiction> {
        let topo = self.topo;
        let words = topo.words();
        let before = self.facts.len();
        // The cells near a change since the last round: changed cells and their peers.
        let mut hot = vec![0u64; words];
        for fact in &self.facts[self.nested_mark..] {
            let c = fact.cell;
            hot[c / 64] |= 1 << (c % 64);
            for (h, p) in hot.iter_mut().zip(topo.peer_words(c)) {
                *h |= p;
            }
        }
        self.nested_mark = before;
        let filter = !self.touch.is_empty();
        let mut scratch = self.board.clone();
        for cell in 0..topo.cells {
            if self.board.digit(cell) != 0 {
                continue;
            }
            for digit in digits(self.board.candidates(cell)) {
                if self.only.is_some_and(|d| d != digit) {
                    continue;
                }
                let node = cell * topo.size + digit as usize - 1;
                if filter {
                    let touch = &self.touch[node * words..(node + 1) * words];
                    if touch.iter().zip(&hot).all(|(t, h)| t & h == 0) {
                        continue;
                    }
                }
                // A cheap test first: singles on a copy, no reasons kept.
                if self.nested == 1 {
                    let fine = match self.ends.get_mut(node) {
                        Some(Some(end)) => {
                            quick::narrow_and_propagate(topo, end, &self.board, self.fill)
                        }
                        _ => {
                            scratch.clone_from(&self.board);
                            quick::place_and_propagate(topo, &mut scratch, cell, digit, self.fill)
                        }
                    };
                    if fine {
                        match self.ends.get_mut(node) {
                            Some(slot @ None) => *slot = Some(scratch.clone()),
                            Some(Some(_)) => {}
                            None if filter => self.remember(node, &scratch),
                            None => {}
                        }
                        continue;
                    }
                    if let Some(slot) = self.ends.get_mut(node) {
                        *slot = None;
                    }
                    // A contradiction: the candidate goes below, and is never tested again.
                }
                let mut inner = Propagation::new(topo, &self.board, None, self.names);
                inner.plus = self.nested >= 2;
                inner.fill = self.fill;
                let Err(contra) = inner.assume(cell, digit, true) else {
                    if filter {
                        let board = inner.board.clone();
                        self.remember(node, &board);
                    }
                    continue;
                };
                let cone = inner.cone(&contra.facts);
                let parents = self.premises(&inner, &cone, &contra.facts);
                let len = inner.weight(&cone) as u32;
                self.add(cell, digit, false, Why::Nested(len), &parents)?;
            }
        }
        Ok(self.facts.len() > before)
    }

    /// The outer facts an inner argument stands on: for each inner fact, the removals
    /// its rule read from the board (a naked single the other candidates of its cell, a
    /// hidden single the other places of its digit in the region, a run trim or a
    /// locked set the cells of its region), and for the broken rule the same around the
    /// facts that break it. What the board held before the outer assumption needs none.
    fn premises(&self, inner: &Propagation, cone: &[u32], broken: &[u32]) -> Vec<u32> {
        let topo = self.topo;
        let mut out = Vec::new();
        let cell_facts = |out: &mut Vec<u32>, c: usize, digit: Option<u8>| {
            for d in 1..=topo.size as u8 {
                if digit.is_some_and(|x| x != d) {
                    continue;
                }
                if let Some(f) = self.fact_of(c, d, false) {
                    out.push(f);
                }
                if let Some(f) = self.fact_of(c, d, true) {
                    out.push(f);
                }
            }
        };
        for &f in cone {
            let fact = &inner.facts[f as usize];
            match fact.why {
                Why::Assumed | Why::Placed | Why::Nested(_) => {}
                Why::NakedSingle => cell_facts(&mut out, fact.cell, None),
                Why::HiddenSingle(r) => {
                    for &c in &topo.regions[r].cells {
                        cell_facts(&mut out, c, Some(fact.digit));
                    }
                }
                Why::RunTrim(r) | Why::LineFill(r) | Why::Locked(r) | Why::Pair(r) => {
                    for &c in &topo.regions[r].cells {
                        cell_facts(&mut out, c, None);
                    }
                }
            }
        }
        for &f in broken {
            let fact = &inner.facts[f as usize];
            cell_facts(&mut out, fact.cell, None);
            for &r in &topo.cell_regions[fact.cell] {
                for &c in &topo.regions[r].cells {
                    cell_facts(&mut out, c, Some(fact.digit));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Records the cells where `after` (an inner propagation's end) differs from the
    /// board as the touch set of `node`.
    fn remember(&mut self, node: usize, after: &Board) {
        let words = self.topo.words();
        let touch = &mut self.touch[node * words..(node + 1) * words];
        touch.iter_mut().for_each(|w| *w = 0);
        for c in 0..self.topo.cells {
            if after.digit(c) != self.board.digit(c)
                || after.candidates(c) != self.board.candidates(c)
            {
                touch[c / 64] |= 1 << (c % 64);
            }
        }
    }
}
