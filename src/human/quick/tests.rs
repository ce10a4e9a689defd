//! The work-list propagation against an oracle of full rescans (`rescans`, below, the
//! ladder's propagation before the work lists): from every candidate of the givens
//! (brought to the fixpoint first), placed or removed, both find a contradiction or
//! neither, and reach the same board (the fixpoint of the same rules).

use super::*;
use crate::human::tests::puzzles;
use crate::layout::runs::{matching_runs, LineDigits};
use crate::layout::Layout;

fn agree_on(layout: &Layout, path: &str) -> usize {
    let topo = Topology::new(layout);
    let mut tried = 0;
    for puzzle in puzzles(path, layout) {
        // The precondition: a board already at the fixpoint (as a propagation leaves it),
        // where the whole-board propagation and the oracle agree.
        let mut board = Board::new(layout, puzzle.cells());
        let mut oracle = board.clone();
        assert!(rescans(&topo, &mut oracle));
        assert!(propagate(&topo, &mut board));
        assert_eq!(board, oracle, "{path}: the givens' fixpoint");
        for cell in 0..topo.cells {
            for digit in digits(board.candidates(cell)) {
                for on in [true, false] {
                    let mut quick = board.clone();
                    let fast = assume_and_propagate(&topo, &mut quick, cell, digit, on);
                    let mut full = board.clone();
                    if on {
                        full.place(&topo, cell, digit);
                    } else {
                        full.eliminate(cell, digit);
                    }
                    let slow = rescans(&topo, &mut full);
                    assert_eq!(fast, slow, "{path}: cell {cell} digit {digit} on {on}");
                    if fast {
                        assert_eq!(quick, full, "{path}: cell {cell} digit {digit} on {on}");
                    }
                    tried += 1;
                }
            }
        }
    }
    tried
}

#[test]
fn work_lists_reach_the_fixpoint_of_full_rescans() {
    let square = Layout::square(9).unwrap();
    assert!(agree_on(&square, "testdata/puzzles/9x9_golden_nugget.txt") > 100);
    let honeycomb = Layout::resolve("testdata/layouts/hanidoku.layout", None).unwrap();
    assert!(agree_on(&honeycomb, "testdata/layouts/hanidoku.txt") > 100);
}

/// Resuming from an end reached on a wider board gives what a fresh test on the narrower
/// board gives: the same contradiction, or the same fixpoint. The narrower boards are the
/// board after removing one candidate (and propagating), for a sample of candidates.
#[test]
fn narrowing_an_end_reaches_the_fresh_fixpoint() {
    let layout = Layout::resolve("testdata/layouts/hanidoku.layout", None).unwrap();
    let topo = Topology::new(&layout);
    let mut tried = 0;
    for puzzle in puzzles("testdata/layouts/hanidoku.txt", &layout) {
        let mut board = Board::new(&layout, puzzle.cells());
        assert!(rescans(&topo, &mut board));
        let nodes: Vec<(usize, u8)> = (0..topo.cells)
            .flat_map(|c| digits(board.candidates(c)).map(move |d| (c, d)))
            .collect();
        for &(gone_cell, gone_digit) in nodes.iter().step_by(17) {
            let mut narrow = board.clone();
            if !assume_and_propagate(&topo, &mut narrow, gone_cell, gone_digit, false) {
                continue;
            }
            for &(cell, digit) in &nodes {
                let mut end = board.clone();
                if !place_and_propagate(&topo, &mut end, cell, digit, false) {
                    continue;
                }
                let resumed = narrow_and_propagate(&topo, &mut end, &narrow, false);
                let mut fresh = narrow.clone();
                let ok = narrow.has(cell, digit) || narrow.digit(cell) == digit;
                let direct = ok && place_and_propagate(&topo, &mut fresh, cell, digit, false);
                assert_eq!(resumed, direct, "cell {cell} digit {digit}");
                if direct {
                    assert_eq!(end, fresh, "cell {cell} digit {digit}");
                }
                tried += 1;
            }
        }
    }
    assert!(tried > 100, "{tried}");
}

/// The oracle: singles (naked, hidden on what a house or line needs) and run trims to a
/// fixpoint by rescanning every cell and region until nothing changes;
/// false on a contradiction (a cell without candidates, a needed digit without a cell,
/// a line without a possible run).
fn rescans(topo: &Topology, board: &mut Board) -> bool {
    loop {
        let mut changed = false;
        for cell in 0..topo.cells {
            if board.digit(cell) != 0 {
                continue;
            }
            let cands = board.candidates(cell);
            match cands.count_ones() {
                0 => return false,
                1 => {
                    board.place(topo, cell, cands.trailing_zeros() as u8 + 1);
                    changed = true;
                }
                _ => {}
            }
        }
        for region in &topo.regions {
            let mut placed = 0u64;
            let mut available = 0u64;
            for &cell in &region.cells {
                match board.digit(cell) {
                    0 => available |= board.candidates(cell),
                    d => {
                        if placed >> (d - 1) & 1 == 1 {
                            return false;
                        }
                        placed |= 1 << (d - 1)
                    }
                }
            }
            let need = match region.rule {
                Rule::Full => crate::layout::runs::all_digits(topo.size) & !placed,
                Rule::Partial => 0,
                Rule::Run => {
                    let empty: Vec<u64> = region
                        .cells
                        .iter()
                        .filter(|&&c| board.digit(c) == 0)
                        .map(|&c| board.candidates(c))
                        .collect();
                    let starts = matching_runs(topo.size, &empty, placed);
                    let facts = LineDigits::from_runs(starts, region.cells.len());
                    if facts.is_empty() {
                        return false;
                    }
                    for &cell in &region.cells {
                        if board.digit(cell) == 0 && board.candidates(cell) & !facts.possible != 0 {
                            for digit in digits(board.candidates(cell) & !facts.possible) {
                                board.eliminate(cell, digit);
                            }
                            changed = true;
                        }
                    }
                    facts.required & !placed
                }
            };
            if need & !available != 0 {
                return false;
            }
            for digit in digits(need) {
                let mut places = region
                    .cells
                    .iter()
                    .filter(|&&c| board.digit(c) == 0 && board.has(c, digit));
                match (places.next(), places.next()) {
                    (None, _) => return false,
                    (Some(&cell), None) => {
                        board.place(topo, cell, digit);
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return true;
        }
    }
}
