//! Nested forcing chains on Golden Nugget (SE 11.9): from its givens no forcing chain
//! contradiction applies, even with locked candidates and pairs, and the nested chain
//! does; every nested step found agrees with the unique solution.

use super::*;
use crate::human::tests::{puzzles, solution};
use crate::human::{Board, Topology};
use crate::layout::Layout;

#[test]
fn golden_nugget_opens_with_a_nested_chain() {
    let layout = Layout::square(9).unwrap();
    let puzzle = &puzzles("testdata/puzzles/9x9_golden_nugget.txt", &layout)[0];
    let answer = solution(&layout, puzzle);
    let topo = Topology::new(&layout);
    let board = Board::new(&layout, puzzle.cells());
    let view = View::new(&layout, &topo, &board, true);

    let mut plain = Found::new(true);
    forcing::contradiction(&view, &mut plain);
    assert!(plain.steps.is_empty(), "{:?}", plain.steps);

    let mut found = Found::new(true);
    nested(&view, &mut found, 1);
    assert!(!found.steps.is_empty());
    assert!(found.steps.len() <= ALL_LIMIT);
    for step in &found.steps {
        assert_eq!(step.technique, Technique::NestedForcingChain);
        assert!(step.agrees_with(answer.cells()), "{step:?}");
        assert!(step.text.contains("breaks a rule"), "{}", step.text);
        assert!(step.difficulty >= 9.5, "{step:?}");
    }
    // The steps come shortest first.
    assert!(found.steps.windows(2).all(|w| w[0].length <= w[1].length));

    let mut first = Found::new(false);
    nested(&view, &mut first, 2);
    assert_eq!(first.steps.len(), 1);
    let step = &first.steps[0];
    assert_eq!(step.technique, Technique::NestedForcingChainPlus);
    assert!(step.agrees_with(answer.cells()), "{step:?}");
    assert!(step.difficulty >= 10.0, "{step:?}");
}

/// The third hard course Hanidoku of testdata (the cheapest of the three to walk): the
/// tutor's walk needs nested chains where it used to need search, and takes none, every
/// step agreeing with the solution (`solve_checked` asserts it).
#[test]
fn a_hard_hanidoku_is_walked_with_nested_chains_and_no_search() {
    let layout = Layout::hanidoku();
    let puzzle = &puzzles("testdata/layouts/hanidoku.txt", &layout)[2];
    let used = crate::human::tests::solve_checked(&layout, puzzle);
    assert!(!used.contains(&Technique::Search), "{used:?}");
    assert!(used.contains(&Technique::NestedForcingChain), "{used:?}");
}
