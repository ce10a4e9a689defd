//! Generated puzzles against an independent count of their solutions.

use super::*;
use crate::gen::oracle::count_solutions as solutions;

/// A minimal puzzle within 10 grids, each check under `check_conflicts`.
fn minimal(check_conflicts: Option<u64>) -> Request {
    Request {
        target: Target::Minimal,
        sat_level: None,
        attempts: 10,
        check_conflicts,
        rating: None,
        technique: None,
    }
}

/// One solution, and two once any one given is blanked.
fn assert_unique_and_minimal(puzzle: &Grid, layout: &Layout) {
    assert_eq!(solutions(puzzle, layout, 2), 1, "{}", layout.name());
    for cell in 0..puzzle.cells().len() {
        if puzzle.cells()[cell] != 0 {
            let mut fewer = puzzle.clone();
            fewer.set_cell(cell, 0);
            assert_eq!(solutions(&fewer, layout, 2), 2, "cell {cell} removable");
        }
    }
}

#[test]
fn minimal_puzzles_are_unique_and_minimal_for_every_layout() {
    for layout in [
        Layout::square(9).unwrap(),
        Layout::x_sudoku(9).unwrap(),
        Layout::square(4).unwrap(),
    ] {
        let mut gen = Generator::new(&layout, 5).unwrap();
        let request = minimal(None);
        for _ in 0..3 {
            assert_unique_and_minimal(&gen.next(&request).unwrap(), &layout);
        }
    }
}

#[test]
fn hanidoku_puzzles_under_a_check_budget_stay_unique() {
    let layout = Layout::hanidoku();
    let mut gen = Generator::new(&layout, 3).unwrap();
    let request = minimal(Some(200));
    for _ in 0..3 {
        let puzzle = gen.next(&request).unwrap();
        assert_eq!(solutions(&puzzle, &layout, 2), 1);
    }
}

#[test]
fn hanidoku_minimal_puzzles_from_the_table_are_unique_and_minimal() {
    // Every verdict comes from the table of all grids; a missing grid would let a
    // removal through that leaves two solutions, an extra one would keep a given.
    let layout = Layout::hanidoku();
    let mut gen = Generator::new(&layout, 8).unwrap();
    for check_conflicts in [None, Some(20)] {
        let puzzle = gen.next(&minimal(check_conflicts)).unwrap();
        assert!(gen.differences.is_some());
        assert_unique_and_minimal(&puzzle, &layout);
    }
}

#[test]
fn hanidoku_minimal_puzzles_stay_minimal_when_the_pool_answers() {
    // The path of run-line boards other than Hanidoku, taken here on Hanidoku with the
    // table turned off: bitset search, witness pool, CDCL. Without a check budget every
    // kept given was refuted, by one of them; a wrong pool answer would keep a
    // removable given.
    let layout = Layout::hanidoku();
    let mut gen = Generator::new(&layout, 1).unwrap();
    gen.table = None;
    let request = minimal(None);
    let puzzles: Vec<Grid> = (0..4).map(|_| gen.next(&request).unwrap()).collect();
    assert!(
        gen.witnesses.answered() > 0,
        "the pool answered no question"
    );
    for puzzle in &puzzles {
        assert_unique_and_minimal(puzzle, &layout);
    }
}

#[test]
fn clue_targets_are_met_exactly_and_seeds_reproduce() {
    let layout = Layout::square(9).unwrap();
    let request = Request {
        target: Target::Clues(30),
        sat_level: None,
        attempts: 50,
        check_conflicts: None,
        rating: None,
        technique: None,
    };
    let make = |seed| {
        let mut gen = Generator::new(&layout, seed).unwrap();
        (0..3)
            .map(|_| gen.next(&request).unwrap())
            .collect::<Vec<_>>()
    };
    let puzzles = make(9);
    for p in &puzzles {
        assert_eq!(p.givens(), 30);
        assert_eq!(solutions(p, &layout, 2), 1);
    }
    assert_eq!(puzzles, make(9));
    assert_ne!(puzzles, make(10));
}

#[test]
fn impossible_requests_fail_cleanly() {
    let layout = Layout::square(9).unwrap();
    let mut gen = Generator::new(&layout, 1).unwrap();
    let too_few = Request {
        target: Target::Clues(12),
        sat_level: None,
        attempts: 3,
        check_conflicts: None,
        rating: None,
        technique: None,
    };
    assert!(matches!(
        gen.next(&too_few),
        Err(GenError::Budget { attempts: 3, .. })
    ));
    let zero = Request {
        target: Target::Clues(0),
        ..too_few
    };
    assert!(matches!(gen.next(&zero), Err(GenError::BadClues { .. })));
}

fn unique(layout: &Layout, puzzle: &Grid) -> Grid {
    let cnf = crate::play::empty_board_cnf(layout).unwrap();
    match crate::play::solutions(layout, puzzle, &cnf).unwrap() {
        crate::play::Solutions::Unique(grid) => grid,
        other => panic!("{other:?}"),
    }
}

#[test]
fn rating_ranges_and_techniques_select_puzzles() {
    let layout = Layout::square(9).unwrap();
    let mut gen = Generator::new(&layout, 2).unwrap();
    let request = Request {
        target: Target::Minimal,
        sat_level: None,
        attempts: 200,
        check_conflicts: None,
        rating: Some((2.6, 4.5)),
        technique: None,
    };
    let topo = Topology::new(&layout);
    for _ in 0..2 {
        let puzzle = gen.next(&request).unwrap();
        let solution = unique(&layout, &puzzle);
        let rating = rate_with(&layout, &topo, puzzle.cells(), solution.cells());
        assert!((2.6..=4.5).contains(&rating.er), "{}", rating.text());
    }
    let pointing = Request {
        rating: None,
        technique: Some(Technique::LockedCandidatesPointing),
        ..request
    };
    let puzzle = gen.next(&pointing).unwrap();
    let solution = unique(&layout, &puzzle);
    let rating = rate_with(&layout, &topo, puzzle.cells(), solution.cells());
    assert!(rating.uses(Technique::LockedCandidatesPointing));
}
