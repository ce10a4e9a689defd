//! The work-list propagation against the full rescans of `search::propagate`: from every
//! candidate of the givens (brought to the fixpoint first), placed or removed, both find a contradiction or neither, and
//! reach the same board (the fixpoint of the same rules).

use super::*;
use crate::human::search;
use crate::human::tests::puzzles;
use crate::layout::Layout;

fn agree_on(layout: &Layout, path: &str) -> usize {
    let topo = Topology::new(layout);
    let mut tried = 0;
    for puzzle in puzzles(path, layout) {
        // The precondition: a board already at the fixpoint (as a propagation leaves it).
        let mut board = Board::new(layout, puzzle.cells());
        assert!(search::propagate(&topo, &mut board));
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
                    let slow = search::propagate(&topo, &mut full);
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
        assert!(search::propagate(&topo, &mut board));
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
