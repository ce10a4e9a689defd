//! Nested forcing chains on Golden Nugget (SE 11.9): from its givens no forcing chain
//! contradiction applies, even with locked candidates and pairs, and the nested chain
//! does; every nested step found agrees with the unique solution.
use crate::human::{Collect, Premise};

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
    let view = View::new(&layout, &topo, &board, Premise::UniqueSolution);

    let mut plain = Found::new(Collect::All);
    forcing::contradiction(&view, &mut plain);
    assert!(plain.steps.is_empty(), "{:?}", plain.steps);

    let mut found = Found::new(Collect::All);
    nested(&view, &mut found, 1);
    assert!(!found.steps.is_empty());
    assert!(found.steps.len() <= LIMITS.nested_contradictions);
    for step in &found.steps {
        assert_eq!(step.technique, Technique::NestedForcingChain);
        assert!(step.agrees_with(answer.cells()), "{step:?}");
        assert!(step.text.contains("breaks a rule"), "{}", step.text);
        assert!(step.difficulty >= 9.5, "{step:?}");
    }
    // The steps come shortest first.
    assert!(found.steps.windows(2).all(|w| w[0].length <= w[1].length));

    let mut first = Found::new(Collect::First);
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

/// A board of the hard course Hanidoku (`../shared/puzzles/hanidoku/1050_hard_hanidoku.txt`,
/// puzzle 84 of the file, 1-based) where the tutor's walk used to fall back to search:
/// its digits, candidates (bit d-1 for digit d) and solution.
const NEEDS_LINE_FILLS: [&str; 3] = [
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,6,0,7,0,0,5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4,0,2,0,0,0,0,0,0",
    "476,494,446,254,510,478,509,431,511,511,486,406,511,445,495,495,487,252,478,439,431,493,463,455,511,120,0,399,0,399,397,0,399,13,398,478,447,423,495,485,463,125,254,414,511,439,487,493,109,254,84,117,0,117,0,100,478,486,438,124,508",
    "5,4,8,7,6,4,8,6,5,3,7,3,5,9,8,7,6,4,7,6,3,4,9,2,8,5,6,9,7,2,1,5,3,4,8,7,4,1,8,3,2,6,5,5,6,2,1,7,3,4,3,5,4,6,2,7,4,8,5,7,6",
];

/// On that board no nested chain finds a contradiction by run trims; with line fills in
/// every propagation (the finder's last resort on the honeycomb) one does, and it agrees
/// with the solution.
#[test]
fn line_fills_find_a_nested_chain_where_run_trims_do_not() {
    let parse = |text: &str| -> Vec<u64> { text.split(',').map(|x| x.parse().unwrap()).collect() };
    let [digits, cands, answer] = NEEDS_LINE_FILLS.map(parse);
    let digits: Vec<u8> = digits.into_iter().map(|d| d as u8).collect();
    let answer: Vec<u8> = answer.into_iter().map(|d| d as u8).collect();
    let layout = Layout::hanidoku();
    let topo = Topology::new(&layout);
    let board = Board::from_parts(9, digits, cands);
    let mut view = View::new(&layout, &topo, &board, Premise::UniqueSolution);
    view.solution = Some(&answer);

    let mut plain = Found::new(Collect::First);
    assert!(!nested_pass(&view, &mut plain, 1, false));
    assert!(plain.steps.is_empty(), "{:?}", plain.steps);

    let mut found = Found::new(Collect::First);
    nested(&view, &mut found, 1);
    assert_eq!(found.steps.len(), 1);
    let step = &found.steps[0];
    assert_eq!(step.technique, Technique::NestedForcingChain);
    assert!(step.agrees_with(&answer), "{step:?}");
    assert!(step.difficulty >= 9.5, "{step:?}");
}
