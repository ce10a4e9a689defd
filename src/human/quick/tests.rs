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
