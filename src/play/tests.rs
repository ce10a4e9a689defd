//! Tests of the game state: moves, undo and redo, pencil marks, checking, the candidate
//! probe, saved games and the coach; and a property: random play always undoes to the
//! exact earlier board.

use std::time::Duration;

use proptest::prelude::*;

use super::*;
use crate::grid::{parse_puzzles, parse_puzzles_for, ParseOptions};

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const GOLDEN: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";
/// An easy puzzle (Norvig's first example): singles all the way.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const JIGSAW_LAYOUT: &str = include_str!("../../testdata/layouts/jigsaw9.layout");
const JIGSAW: &str =
    ".......17..9.8..4..2..1.....1.2....6.92............15........8........69..4......";
const HANIDOKU: &str = "HQV1G0000000000000000000000000000000000000000000000020530000403500";

fn grid(text: &str) -> Grid {
    parse_puzzles(text, &ParseOptions::default()).unwrap()[0]
        .grid
        .clone()
}

fn square9(text: &str) -> (Layout, Grid) {
    (Layout::square(9).unwrap(), grid(text))
}

fn hanidoku() -> (Layout, Grid) {
    let layout = Layout::hanidoku();
    let givens = parse_puzzles_for(HANIDOKU, &layout, false).unwrap()[0]
        .grid
        .clone();
    (layout, givens)
}

fn jigsaw() -> (Layout, Grid) {
    let layout = crate::layout::parse_layout_file(JIGSAW_LAYOUT, "jigsaw9.layout").unwrap();
    let givens = parse_puzzles_for(JIGSAW, &layout, false).unwrap()[0]
        .grid
        .clone();
    (layout, givens)
}

fn prepared(layout: &Layout, givens: &Grid) -> (Game, CandidateProbe) {
    let prepared = prepare(layout, givens).unwrap();
    (prepared.game, prepared.probe.expect("a unique puzzle"))
}

#[test]
fn givens_cannot_change_and_moves_undo_and_redo_exactly() {
    let (layout, givens) = square9(ESCARGOT);
    let mut game = Game::new(&layout, &givens, None);
    assert_eq!(
        game.act(Action::Place(0, 5)).unwrap_err().to_string(),
        "r1c1 is a given and cannot change"
    );
    assert!(matches!(
        game.act(Action::Place(1, 10)),
        Err(PlayError::NotADigit { digit: 10, size: 9 })
    ));
    let start = game.cells().to_vec();
    game.act(Action::Mark(1, 4)).unwrap();
    game.act(Action::Mark(1, 6)).unwrap();
    assert_eq!(game.cells()[1].marks, 0b101000);
    game.act(Action::Place(1, 2)).unwrap();
    assert_eq!(
        game.act(Action::Mark(1, 3)).unwrap_err(),
        PlayError::Filled("r1c2".into())
    );
    let placed = game.cells().to_vec();
    game.act(Action::Clear(1)).unwrap();
    assert_eq!(
        game.cells()[1],
        CellState {
            digit: 0,
            marks: 0b101000
        }
    );
    game.act(Action::Clear(1)).unwrap();
    assert_eq!(game.cells()[1], CellState::default());
    assert_eq!(game.counters.moves, 5);
    game.act(Action::Undo).unwrap();
    game.act(Action::Undo).unwrap();
    assert_eq!(game.cells(), placed.as_slice());
    game.act(Action::Redo).unwrap();
    game.act(Action::Undo).unwrap();
    for _ in 0..3 {
        game.act(Action::Undo).unwrap();
    }
    assert_eq!(game.cells(), start.as_slice());
    assert_eq!(game.act(Action::Undo), Err(PlayError::NothingToUndo));
    game.act(Action::Redo).unwrap();
    game.act(Action::Place(2, 9)).unwrap();
    assert_eq!(game.act(Action::Redo), Err(PlayError::NothingToRedo));
    assert_eq!(game.counters.moves, 6, "undo and redo are not moves");
    assert!(game.unsaved());
}

#[test]
fn digits_left_auto_candidates_and_marks_that_miss_the_solution() {
    let (layout, givens) = square9(ESCARGOT);
    let (mut game, _) = prepared(&layout, &givens);
    // Escargot gives three 1s, so six are left; any wrong digit still counts as placed.
    assert_eq!(game.digits_left().unwrap()[0], 6);
    game.act(Action::Place(1, 1)).unwrap();
    assert_eq!(game.digits_left().unwrap()[0], 5);
    game.act(Action::Undo).unwrap();
    // r1c2 may hold 2 5 6 8 by its peers; its solution digit is 6.
    assert_eq!(game.auto_candidates()[1], 0b1011_0010);
    game.act(Action::Mark(1, 2)).unwrap();
    game.act(Action::Mark(1, 5)).unwrap();
    assert_eq!(game.marks_without_solution(), [1]);
    game.act(Action::Mark(1, 6)).unwrap();
    assert!(game.marks_without_solution().is_empty());
    // Without a unique solution: rows tile a square board (9 of each); nothing tiles the
    // honeycomb, whose digit counts differ from solution to solution.
    let several = Game::new(&layout, &grid(&format!("1{}", ".".repeat(80))), None);
    assert_eq!(several.digits_left().unwrap(), [8, 9, 9, 9, 9, 9, 9, 9, 9]);
    let (honeycomb, givens) = hanidoku();
    assert_eq!(Game::new(&honeycomb, &givens, None).digits_left(), None);
    let (mut game, _) = prepared(&honeycomb, &givens);
    let left: usize = game.digits_left().unwrap().iter().sum();
    assert_eq!(left, game.digits().iter().filter(|&&d| d == 0).count());
    game.act(Action::Place(0, 9)).unwrap();
    assert_eq!(
        game.peers(0).len(),
        4 + 4 + 8,
        "row 1, its rising and falling lines"
    );
}

#[test]
fn checking_names_the_house_of_a_repeat_and_the_cells_off_the_solution() {
    let (layout, givens) = square9(ESCARGOT);
    let (mut game, _) = prepared(&layout, &givens);
    // r1c2 = 1 repeats the given 1 of r1c1 (row 1 and box 1).
    game.act(Action::Place(1, 1)).unwrap();
    let breaks = game.rule_breaks();
    let texts: Vec<&str> = breaks.iter().map(|b| b.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "1 repeats in row 1",
            "1 repeats in column 2",
            "1 repeats in box 1"
        ]
    );
    assert!(
        breaks.iter().all(|b| b.cells == [1]),
        "only placed cells are marked"
    );
    assert_eq!(game.counters.mistakes, 1);
    let solution = game.solution().unwrap().clone();
    game.act(Action::Place(1, solution.cells()[1])).unwrap();
    assert!(game.rule_breaks().is_empty());
    assert_eq!(game.differences(), Some(vec![]));
    let wrong = (1..=9).find(|&d| d != solution.cells()[2]).unwrap();
    game.act(Action::Place(2, wrong)).unwrap();
    assert_eq!(game.differences(), Some(vec![2]));
    assert_eq!(game.counters.mistakes, 2);
}

#[test]
fn candidates_are_what_propagation_leaves() {
    let (layout, givens) = square9(ESCARGOT);
    let (mut game, mut probe) = prepared(&layout, &givens);
    assert_eq!(probe.candidates(&game.digits(), 0), Candidates::Filled(1));
    let solution = game.solution().unwrap().clone();
    match probe.candidates(&game.digits(), 1) {
        Candidates::Digits(digits) => {
            assert!(digits.contains(&solution.cells()[1]));
            assert!(!digits.contains(&1) && !digits.contains(&7) && !digits.contains(&9));
        }
        other => panic!("{other:?}"),
    }
    game.act(Action::Place(1, 1)).unwrap();
    assert!(matches!(
        probe.candidates(&game.digits(), 2),
        Candidates::Contradiction(_)
    ));
}

#[test]
fn saved_games_come_back_the_same_for_every_board_kind() {
    let four = (Layout::square(4).unwrap(), grid("12....1.2..3.3.1"));
    for (layout, givens) in [square9(ESCARGOT), jigsaw(), hanidoku(), four] {
        let (mut game, _) = prepared(&layout, &givens);
        let blank = (0..layout.num_cells()).filter(|&c| !game.is_given(c));
        let blanks: Vec<usize> = blank.collect();
        game.act(Action::Mark(blanks[0], 2)).unwrap();
        game.act(Action::Mark(blanks[0], layout.size() as u8))
            .unwrap();
        game.act(Action::Place(blanks[1], 1)).unwrap();
        let mut coach = Coach::new(&game).expect("a unique puzzle");
        for _ in 0..3 {
            coach.press(&mut game, Unmarked::AllDigits);
        }
        assert_eq!(game.counters.hints, 1);
        let text = save_text(&game, Duration::from_secs(95));
        let saved = read_save(&text, "game.txt").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&saved.layout, game.layout());
        assert_eq!(&saved.givens, game.givens());
        assert_eq!(saved.cells, game.cells());
        assert_eq!(saved.counters, game.counters);
        assert_eq!(saved.played, Duration::from_secs(95));
    }
}

#[test]
fn broken_saved_games_say_where() {
    let (layout, givens) = square9(ESCARGOT);
    let game = Game::new(&layout, &givens, None);
    let text = save_text(&game, Duration::ZERO);
    let error = |text: &str| read_save(text, "g.txt").unwrap_err().to_string();
    assert_eq!(
        error("hello\n"),
        "g.txt line 1: expected `sudoplay 1`, found `hello`"
    );
    assert!(error(&text.replace("moves 0", "moves many"))
        .contains("line 7: expected a whole number after moves"));
    let changed = text.replacen("board 1", "board 2", 1);
    assert!(
        error(&changed).contains("r1c1 holds 2 but the puzzle gives 1"),
        "{}",
        error(&changed)
    );
    assert_eq!(
        error("sudoplay 1\nlayout sudoku 9\n"),
        "g.txt: no `puzzle` line (is this a sudoplay saved game?)"
    );
    assert!(error(&format!("{text}mark r10c1 3\n")).contains("expected a cell such as r1c1"));
    assert!(error(&format!("{text}mark r1c2 0\n")).contains("expected digits 1..=9"));
    assert!(error(&text.replace("layout sudoku 9", "layout circle"))
        .contains("line 3: expected layout"));
}

/// An action drawn by the property below, over cells and digits of a 9x9 board.
#[derive(Clone, Debug)]
enum Drawn {
    Place(usize, u8),
    Clear(usize),
    Mark(usize, u8),
    Undo,
    Redo,
}

fn drawn() -> impl Strategy<Value = Drawn> {
    prop_oneof![
        3 => (0usize..81, 1u8..=9).prop_map(|(c, d)| Drawn::Place(c, d)),
        1 => (0usize..81).prop_map(Drawn::Clear),
        2 => (0usize..81, 1u8..=9).prop_map(|(c, d)| Drawn::Mark(c, d)),
        2 => Just(Drawn::Undo),
        1 => Just(Drawn::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The board after any undo is exactly the board before the move it takes back (a
    /// mirror stack of boards is kept beside the game), and redo goes forward again.
    #[test]
    fn undo_returns_the_exact_earlier_board(actions in prop::collection::vec(drawn(), 1..60)) {
        let (layout, givens) = square9("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        let (mut game, _) = prepared(&layout, &givens);
        let mut past: Vec<Vec<CellState>> = Vec::new();
        let mut future: Vec<Vec<CellState>> = Vec::new();
        for action in actions {
            let before = game.cells().to_vec();
            let result = match action {
                Drawn::Place(c, d) => game.act(Action::Place(c, d)).map(|_| true),
                Drawn::Clear(c) => game.act(Action::Clear(c)).map(|_| true),
                Drawn::Mark(c, d) => game.act(Action::Mark(c, d)).map(|_| true),
                Drawn::Undo => {
                    let undone = game.act(Action::Undo).is_ok();
                    prop_assert_eq!(undone, !past.is_empty());
                    if let Some(earlier) = past.pop() {
                        prop_assert_eq!(game.cells(), earlier.as_slice());
                        future.push(before);
                    }
                    continue;
                }
                Drawn::Redo => {
                    let redone = game.act(Action::Redo).is_ok();
                    prop_assert_eq!(redone, !future.is_empty());
                    if let Some(later) = future.pop() {
                        prop_assert_eq!(game.cells(), later.as_slice());
                        past.push(before);
                    }
                    continue;
                }
            };
            if matches!(result, Ok(true)) {
                past.push(before);
                future.clear();
            } else {
                prop_assert_eq!(game.cells(), before.as_slice(), "a refused move changes nothing");
            }
            prop_assert_eq!(game.history(), (past.len(), future.len()));
        }
    }
}

/// Presses `t` until the board is solved: every level-1 hint is named, level 3 changes
/// the board by exactly the step, each step agrees with the solution, and undo takes a
/// step back as one move.
fn coach_to_the_end(layout: &Layout, givens: &Grid, unmarked: Unmarked) -> (usize, usize) {
    let (mut game, _) = prepared(layout, givens);
    let solution = game.solution().unwrap().clone();
    let mut coach = Coach::new(&game).expect("a unique solution");
    let (mut placements, mut eliminations) = (0, 0);
    for _ in 0..4 * layout.num_cells() * layout.size() {
        let Some(first) = coach.press(&mut game, unmarked) else {
            break;
        };
        assert_eq!(first.level, 1);
        assert!(!first.headline(layout).is_empty());
        let before = game.cells().to_vec();
        assert_eq!(coach.press(&mut game, unmarked).unwrap().level, 2);
        assert_eq!(game.cells(), &before[..], "level 2 changes nothing");
        let lesson = coach.press(&mut game, unmarked).unwrap().clone();
        assert_eq!(lesson.level, 3);
        let Advice::Step(step) = &lesson.advice else {
            panic!("no mistake on the coach's own path: {lesson:?}");
        };
        assert!(step.agrees_with(solution.cells()), "{}", step.text);
        match &step.effect {
            crate::human::Effect::Place { cell, digit } => {
                assert_eq!(game.cells()[*cell].digit, *digit);
                placements += 1;
            }
            crate::human::Effect::Eliminate(list) => {
                for &(cell, digit) in list {
                    let marks = game.cells()[cell].marks;
                    assert_eq!(marks & 1 << (digit - 1), 0, "{}", step.text);
                    assert_ne!(marks & 1 << (solution.cells()[cell] - 1), 0);
                }
                eliminations += 1;
            }
        }
        if placements + eliminations == 1 {
            // One move: undo restores the board exactly, redo makes it again.
            let after = game.cells().to_vec();
            game.act(Action::Undo).unwrap();
            assert_eq!(game.cells(), &before[..]);
            game.act(Action::Redo).unwrap();
            assert_eq!(game.cells(), &after[..]);
        }
    }
    assert!(game.is_solved(), "the coach solves the board");
    assert!(coach.wrong_steps().is_empty(), "{:?}", coach.wrong_steps());
    assert_eq!(game.counters.mistakes, 0);
    assert_eq!(game.counters.hints as usize, placements + eliminations);
    (placements, eliminations)
}

#[test]
fn the_coach_names_shows_and_applies_steps_to_the_end_on_every_board_kind() {
    let (layout, givens) = square9(GOLDEN);
    let (_, eliminations) = coach_to_the_end(&layout, &givens, Unmarked::AllDigits);
    assert!(eliminations > 0, "the Golden Nugget needs eliminations");
    let (layout, givens) = square9(EASY);
    assert_eq!(
        coach_to_the_end(&layout, &givens, Unmarked::AutoCandidates).1,
        0,
        "singles only"
    );
    let (layout, givens) = jigsaw();
    coach_to_the_end(&layout, &givens, Unmarked::AllDigits);
    // The honeycomb: its solution with every third cell blank (the hard course puzzle
    // takes long in a debug build).
    let (layout, _) = hanidoku();
    let text = include_str!("../../testdata/layouts/hanidoku.solution.txt");
    let line: String = text
        .lines()
        .next()
        .unwrap()
        .chars()
        .enumerate()
        .map(|(i, c)| if i % 3 == 0 { '0' } else { c })
        .collect();
    let givens = parse_puzzles_for(&line, &layout, false).unwrap()[0]
        .grid
        .clone();
    coach_to_the_end(&layout, &givens, Unmarked::AutoCandidates);
}

#[test]
fn the_coach_corrects_a_wrong_digit_and_marks_that_leave_out_the_digit_first() {
    let (layout, givens) = square9(ESCARGOT);
    let (mut game, _) = prepared(&layout, &givens);
    let mut coach = Coach::new(&game).unwrap();
    // r1c2 (cell 1) holds 6 in the solution.
    game.act(Action::Place(1, 8)).unwrap();
    let lesson = coach.press(&mut game, Unmarked::AllDigits).unwrap();
    assert!(matches!(
        lesson.advice,
        Advice::Mistake(crate::human::Mistake::WrongDigit {
            cell: 1,
            digit: 8,
            correct: 6
        })
    ));
    coach.press(&mut game, Unmarked::AllDigits);
    coach.press(&mut game, Unmarked::AllDigits);
    assert_eq!(game.cells()[1].digit, 6);
    // Marks 2 5 in r1c2, once cleared: they leave out its 6.
    game.act(Action::Clear(1)).unwrap();
    game.act(Action::Mark(1, 2)).unwrap();
    game.act(Action::Mark(1, 5)).unwrap();
    assert_eq!(game.marks_without_solution(), vec![1]);
    let lesson = coach.press(&mut game, Unmarked::AllDigits).unwrap();
    assert!(lesson.headline(&layout).contains("pencil marks of r1c2"));
    coach.press(&mut game, Unmarked::AllDigits);
    coach.press(&mut game, Unmarked::AllDigits);
    assert_ne!(game.cells()[1].marks & 1 << 5, 0, "6 is back");
    assert!(game.marks_without_solution().is_empty());
    // A placed digit leaves its peers' marks: 6 in r1c3 would clear r1c2's mark 6.
    game.act(Action::Place(2, 6)).unwrap();
    assert_eq!(game.cells()[1].marks & 1 << 5, 0);
}
