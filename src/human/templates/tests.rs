//! Templates against a brute force on 4x4 boards, every step against the solution on
//! 9x9, jigsaw and honeycomb boards, and the tutor teaching them on the honeycomb.
use crate::human::{Collect, Premise};

use super::*;
use crate::human::tests::{puzzles, solution};
use crate::human::{Board, Topology};
use crate::layout::Layout;
use crate::rng::SplitMix64;

/// A 4x4 solution (2x2 boxes).
const SOLUTION_4X4: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

/// A board whose cells keep the solution's digit as a candidate and lose each other
/// candidate with probability 1/2; one cell in `placed` is placed.
fn random_board(layout: &Layout, answer: &[u8], rng: &mut SplitMix64, placed: u64) -> Board {
    let size = layout.size();
    let mut digits = vec![0u8; answer.len()];
    let mut cands = vec![0u64; answer.len()];
    for (cell, &digit) in answer.iter().enumerate() {
        if rng.below(placed) == 0 {
            digits[cell] = digit;
            continue;
        }
        let all = crate::layout::runs::all_digits(size);
        let kept = (0..size).fold(0u64, |m, bit| m | (rng.below(2) << bit));
        cands[cell] = (kept & all) | 1 << (digit - 1);
    }
    Board::from_parts(size, digits, cands)
}

/// Every set of cells that is a template of `digit` by the definition: cells that can
/// take it, exactly one in each region that needs it, at most one in any region, none in
/// a region that holds it.
fn brute_force(v: &View, digit: u8) -> Vec<Vec<usize>> {
    let cells: Vec<usize> = (0..v.topo.cells)
        .filter(|&c| v.board.digit(c) == 0 && v.board.has(c, digit))
        .collect();
    let bit = 1u64 << (digit - 1);
    let mut out = Vec::new();
    for subset in 0u32..1 << cells.len() {
        let chosen: Vec<usize> = (0..cells.len())
            .filter(|&i| subset >> i & 1 == 1)
            .map(|i| cells[i])
            .collect();
        let fits = v.topo.regions.iter().enumerate().all(|(r, region)| {
            let inside = chosen.iter().filter(|c| region.cells.contains(c)).count();
            match (v.placed[r] & bit != 0, v.need[r] & bit != 0) {
                (true, _) => inside == 0,
                (false, true) => inside == 1,
                (false, false) => inside <= 1,
            }
        });
        if fits {
            out.push(chosen);
        }
    }
    out
}

#[test]
fn the_enumeration_finds_exactly_the_templates_of_a_brute_force() {
    let layout = Layout::square(4).unwrap();
    let topo = Topology::new(&layout);
    let mut rng = SplitMix64(7);
    let mut total = 0;
    for _ in 0..200 {
        let board = random_board(&layout, &SOLUTION_4X4, &mut rng, 4);
        let view = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        for digit in 1..=4 {
            let mut expected = brute_force(&view, digit);
            expected.sort();
            let found: Vec<Vec<usize>> = enumerate(&view, digit)
                .unwrap()
                .iter()
                .map(|t| (0..16).filter(|&c| has(&t.cells, c)).collect())
                .collect();
            let mut found_sorted = found.clone();
            found_sorted.sort();
            assert_eq!(found_sorted, expected, "digit {digit} on {board:?}");
            total += found.len();
        }
    }
    assert!(total > 200, "too few templates to compare: {total}");
}

/// On the honeycomb a template may also hold the digit on lines that do not need it:
/// the cells some template can hold, and the cells every template holds, are those of a
/// brute force over every set of cells (on boards with 2 of 3 cells placed, so that a
/// digit has few places).
#[test]
fn optional_cells_on_the_honeycomb_match_a_brute_force() {
    let layout = Layout::hanidoku();
    let topo = Topology::new(&layout);
    let puzzle = &puzzles("testdata/layouts/hanidoku.txt", &layout)[0];
    let answer = solution(&layout, puzzle);
    let mut rng = SplitMix64(11);
    let (mut optional, mut compared) = (0, 0);
    for _ in 0..300 {
        let board = random_board(&layout, answer.cells(), &mut rng, 2);
        let view = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        for digit in 1..=9u8 {
            let cells: Vec<usize> = (0..61)
                .filter(|&c| board.digit(c) == 0 && board.has(c, digit))
                .collect();
            if cells.len() > 14 {
                continue;
            }
            let all = brute_force(&view, digit);
            let list = enumerate(&view, digit).unwrap();
            let valid: Vec<&Template> = list.iter().collect();
            let common = common(&Some(enumerate(&view, digit).unwrap()), 1);
            for &cell in &cells {
                let some = all.iter().any(|t| t.contains(&cell));
                assert_eq!(
                    can_hold(&view, &valid, cell),
                    some,
                    "digit {digit} cell {cell}"
                );
                let every = !all.is_empty() && all.iter().all(|t| t.contains(&cell));
                assert_eq!(has(&common, cell), every, "digit {digit} cell {cell}");
                optional += usize::from(some && !list.iter().any(|t| has(&t.cells, cell)));
            }
            compared += 1;
        }
    }
    assert!(
        compared > 100 && optional > 0,
        "compared {compared}, optional {optional}"
    );
}

/// Every Template Set and Template Delete step found on random positions of these
/// boards agrees with the solution, and some are found on each board.
fn every_step_agrees(layout: &Layout, answer: &[u8], seed: u64) {
    let topo = Topology::new(layout);
    let mut rng = SplitMix64(seed);
    let mut steps = 0;
    for _ in 0..40 {
        let board = random_board(layout, answer, &mut rng, 4);
        let view = View::new(layout, &topo, &board, Premise::UniqueSolution);
        let mut found = Found::new(Collect::All);
        templates(&view, &mut found);
        for step in &found.steps {
            assert!(step.agrees_with(answer), "{step:?}");
            assert!(step.text.starts_with("There "), "{}", step.text);
        }
        steps += found.steps.len();
    }
    assert!(steps > 0, "no template step on 40 positions");
}

#[test]
fn every_template_step_agrees_with_the_solution_on_9x9_jigsaw_and_honeycomb() {
    let square = Layout::square(9).unwrap();
    let escargot = &puzzles("testdata/puzzles/9x9_ai_escargot.txt", &square)[0];
    every_step_agrees(&square, solution(&square, escargot).cells(), 1);

    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("testdata/layouts/jigsaw9.layout")).unwrap();
    let jigsaw = crate::layout::parse_layout_file(&text, "jigsaw9.layout").unwrap();
    let puzzle = &puzzles("testdata/layouts/jigsaw9.txt", &jigsaw)[0];
    every_step_agrees(&jigsaw, solution(&jigsaw, puzzle).cells(), 2);

    let honeycomb = Layout::hanidoku();
    let puzzle = &puzzles("testdata/layouts/hanidoku.txt", &honeycomb)[0];
    every_step_agrees(&honeycomb, solution(&honeycomb, puzzle).cells(), 3);
}

/// With the ladder cut to singles, the run rules and templates, the tutor's walk of a
/// hard course Hanidoku uses templates, and none of its steps is wrong.
#[test]
fn the_tutor_teaches_templates_on_the_honeycomb() {
    let layout = Layout::hanidoku();
    let puzzle = &puzzles("testdata/layouts/hanidoku.txt", &layout)[0];
    let answer = solution(&layout, puzzle);
    let mut tutor = crate::human::Tutor::new(&layout, &answer);
    tutor.set_techniques(&[
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::RunTrim,
        Technique::TemplateSet,
        Technique::TemplateDelete,
    ]);
    let steps = tutor.solve(&Board::new(&layout, puzzle.cells()));
    assert!(tutor.wrong_steps().is_empty(), "{:?}", tutor.wrong_steps());
    let templates: Vec<&Step> = steps
        .iter()
        .filter(|s| {
            matches!(
                s.technique,
                Technique::TemplateSet | Technique::TemplateDelete
            )
        })
        .collect();
    assert!(
        !templates.is_empty(),
        "no template step in {} steps",
        steps.len()
    );
    for step in templates {
        assert!(step.text.contains("lines that still need"), "{}", step.text);
    }
}
