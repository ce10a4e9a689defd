//! Singles and run trims to a fixpoint without reasons, driven by work lists: after a
//! placement only the cells and regions it changed are looked at again. With line fills
//! on (the last resort of nested chains on the honeycomb), a run line is trimmed to the
//! digits each cell takes in some filling of the line (`layout::runs::line_support`),
//! as `propagation` does with reasons.
//!
//! The one propagator of singles at board level: [`propagate`] for a whole board (the
//! search rung, the forcing chains' check that a board is settled) and the `_and_`
//! functions for one assumption, the test inside forcing and nested forcing chains
//! (thousands of placements a step), where full rescans cost most of the time on the
//! honeycomb (its run lines need a matching per check). Full rescans remain only as the
//! oracle of the tests. `human::propagation` does the same with a reason for each fact.

use super::board::Board;
use super::topology::{Rule, Topology};
use super::view::digits;
use crate::layout::runs::{all_digits, line_support, matching_runs, LineDigits};

/// Cells and regions to look at again.
struct Work {
    cells: Vec<usize>,
    regions: Vec<usize>,
    queued: Vec<bool>,
    /// Line fills on: a run line keeps only the digits each cell takes in some filling
    /// of the line (`layout::runs::line_support`), not just the digits of its runs.
    fill: bool,
}

impl Work {
    fn touch(&mut self, topo: &Topology, cell: usize) {
        self.cells.push(cell);
        for &r in &topo.cell_regions[cell] {
            if !std::mem::replace(&mut self.queued[r], true) {
                self.regions.push(r);
            }
        }
    }

    fn place(&mut self, topo: &Topology, board: &mut Board, cell: usize, digit: u8) {
        let bit = 1u64 << (digit - 1);
        for &peer in &topo.peers[cell] {
            if board.candidates(peer) & bit != 0 {
                self.touch(topo, peer);
            }
        }
        board.place(topo, cell, digit);
        self.touch(topo, cell);
    }
}

/// Singles (naked, hidden on what a house or line needs) and run trims on the whole of
/// `board` until nothing changes; false on a contradiction (a cell without candidates, a
/// needed digit without a place, a repeat, a line without a possible run).
pub fn propagate(topo: &Topology, board: &mut Board) -> bool {
    let mut work = Work::new(topo, false);
    work.cells.extend((0..topo.cells).rev());
    work.regions.extend((0..topo.regions.len()).rev());
    work.queued.fill(true);
    settle(topo, board, &mut work)
}

/// Places `digit` in `cell` and applies singles (naked, hidden on what a house or line
/// needs) and run trims until nothing changes; false on a contradiction (a cell without
/// candidates, a needed digit without a place, a repeat, a line without a possible run).
/// With `fill`, line fills too. The board must be at that fixpoint already (as a
/// propagation leaves it): only what the placement changes is looked at again.
pub fn place_and_propagate(
    topo: &Topology,
    board: &mut Board,
    cell: usize,
    digit: u8,
    fill: bool,
) -> bool {
    let mut work = Work::new(topo, fill);
    work.place(topo, board, cell, digit);
    settle(topo, board, &mut work)
}

/// [`place_and_propagate`] (without line fills) for `digit` in `cell` placed (`on`) or
/// removed.
pub fn assume_and_propagate(
    topo: &Topology,
    board: &mut Board,
    cell: usize,
    digit: u8,
    on: bool,
) -> bool {
    let mut work = Work::new(topo, false);
    if on {
        work.place(topo, board, cell, digit);
    } else {
        board.eliminate(cell, digit);
        work.touch(topo, cell);
    }
    settle(topo, board, &mut work)
}

/// Brings `end` to where [`place_and_propagate`] of the same assumption would take
/// `board` when `end` is where it took an earlier board that `board` only narrows (every
/// candidate of `board` was a candidate there, every placed digit placed or a candidate
/// there); false on a contradiction. The rules only narrow as candidates go, so the
/// fixpoint from `board` lies inside `end`: starting from the two together, only the
/// cells `board` narrowed since are looked at again. The nested rounds test the same
/// candidates on a board that narrows a little each round; on the honeycomb, where a
/// line check is a matching, this is most of their cost.
/// With `fill`, line fills apply too (`end` must then come from a test with them).
pub fn narrow_and_propagate(topo: &Topology, end: &mut Board, board: &Board, fill: bool) -> bool {
    let mut work = Work::new(topo, fill);
    for cell in 0..topo.cells {
        let (now, then) = (board.digit(cell), end.digit(cell));
        if now != 0 {
            if then == now {
                continue;
            }
            if then != 0 || !end.has(cell, now) {
                return false;
            }
            work.place(topo, end, cell, now);
        } else if then != 0 {
            if !board.has(cell, then) {
                return false;
            }
        } else {
            let gone = end.candidates(cell) & !board.candidates(cell);
            if gone != 0 {
                for d in digits(gone) {
                    end.eliminate(cell, d);
                }
                work.touch(topo, cell);
            }
        }
    }
    settle(topo, end, &mut work)
}

impl Work {
    fn new(topo: &Topology, fill: bool) -> Work {
        Work {
            cells: Vec::new(),
            regions: Vec::new(),
            queued: vec![false; topo.regions.len()],
            fill,
        }
    }
}

/// Singles and run trims from the work lists to the fixpoint; false on a contradiction.
fn settle(topo: &Topology, board: &mut Board, work: &mut Work) -> bool {
    let all = all_digits(topo.size);
    let mut empty = Vec::new();
    let mut support = [0u64; 64];
    loop {
        while let Some(cell) = work.cells.pop() {
            if board.digit(cell) != 0 {
                continue;
            }
            let cands = board.candidates(cell);
            match cands.count_ones() {
                0 => return false,
                1 => work.place(topo, board, cell, cands.trailing_zeros() as u8 + 1),
                _ => {}
            }
        }
        let Some(r) = work.regions.pop() else {
            return true;
        };
        work.queued[r] = false;
        let region = &topo.regions[r];
        let mut placed = 0u64;
        let mut available = 0u64;
        for &c in &region.cells {
            match board.digit(c) {
                0 => available |= board.candidates(c),
                d => {
                    if placed >> (d - 1) & 1 == 1 {
                        return false;
                    }
                    placed |= 1 << (d - 1);
                }
            }
        }
        let need = match region.rule {
            Rule::Full => all & !placed,
            Rule::Partial => 0,
            Rule::Run => {
                empty.clear();
                empty.extend(
                    region
                        .cells
                        .iter()
                        .filter(|&&c| board.digit(c) == 0)
                        .map(|&c| board.candidates(c)),
                );
                let starts = if work.fill {
                    line_support(topo.size, &empty, placed, &mut support)
                } else {
                    matching_runs(topo.size, &empty, placed)
                };
                let facts = LineDigits::from_runs(starts, region.cells.len());
                if facts.is_empty() {
                    return false;
                }
                if !work.fill {
                    support[..empty.len()].fill(facts.possible);
                }
                // `support` follows the line's empty cells in order (as `empty` does).
                let mut i = 0;
                for &c in &region.cells {
                    if board.digit(c) != 0 {
                        continue;
                    }
                    let gone = board.candidates(c) & !support[i];
                    i += 1;
                    if gone != 0 {
                        for d in digits(gone) {
                            board.eliminate(c, d);
                        }
                        work.touch(topo, c);
                    }
                }
                facts.required & !placed
            }
        };
        if need & !available != 0 {
            return false;
        }
        for digit in digits(need) {
            let bit = 1u64 << (digit - 1);
            let mut places = region
                .cells
                .iter()
                .filter(|&&c| board.digit(c) == 0 && board.candidates(c) & bit != 0);
            match (places.next(), places.next()) {
                (None, _) => return false,
                (Some(&c), None) => work.place(topo, board, c, digit),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests;
