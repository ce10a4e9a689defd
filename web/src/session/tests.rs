use super::*;
use crate::open;

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const ESCARGOT_SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

fn escargot() -> Session {
    let (layout, grid) = open::puzzle(ESCARGOT, "", "").unwrap();
    Session::new(&layout, &grid, "9x9 sudoku · test", 0.0).unwrap()
}

/// The cell a view names `r1c2`.
fn cell(session: &Session, name: &str) -> usize {
    session
        .shape()
        .cells
        .iter()
        .position(|c| c.name == name)
        .unwrap()
}

#[test]
fn playing_the_solution_by_keys_solves_the_board_and_stops_the_clock() {
    let mut session = escargot();
    for (index, digit) in ESCARGOT_SOLUTION.bytes().enumerate() {
        if session.game().is_given(index) {
            continue;
        }
        session.select(index, 1000.0);
        session.key_digit(digit - b'0', 1000.0);
    }
    let view = session.view(90_000.0);
    assert!(view.solved);
    assert!(
        view.message.starts_with("Solved in 0:01!"),
        "{}",
        view.message
    );
    assert!(!view.running);
    assert_eq!(view.clock_ms, 1000.0);
    // Undo reopens the game and the clock.
    session.undo(2000.0);
    assert!(!session.view(3000.0).solved);
    assert!(session.view(3000.0).running);
}

#[test]
fn three_hint_levels_name_show_and_apply() {
    let mut session = escargot();
    session.hint(0.0);
    let view = session.view(0.0);
    let hint = view.hint.as_ref().unwrap();
    assert_eq!(hint.level, 1);
    assert!(
        hint.text.starts_with("Hint: Hidden Single"),
        "{}",
        hint.text
    );
    assert!(view.cells.iter().all(|c| !c.flags.contains(&"target")));
    session.hint(0.0);
    let view = session.view(0.0);
    assert_eq!(view.hint.as_ref().unwrap().level, 2);
    let targets: Vec<usize> = (0..81)
        .filter(|&c| view.cells[c].flags.contains(&"target"))
        .collect();
    assert_eq!(targets.len(), 1);
    assert!(view.cells[targets[0]]
        .label
        .contains("the hint changes this cell"));
    assert!(
        view.cells
            .iter()
            .filter(|c| c.flags.contains(&"house"))
            .count()
            >= 9
    );
    session.hint(0.0);
    let view = session.view(0.0);
    assert_eq!(view.hint.as_ref().unwrap().level, 3);
    assert_ne!(view.cells[targets[0]].d, 0, "the hint placed its digit");
    assert_eq!((view.hints, view.undo), (1, 1));
    session.undo(0.0);
    assert_eq!(session.view(0.0).cells[targets[0]].d, 0);
    assert!(
        session.view(0.0).hint.is_none(),
        "a changed board drops the hint"
    );
}

#[test]
fn a_wrong_digit_is_the_tutors_first_word() {
    let mut session = escargot();
    let r1c2 = cell(&session, "r1c2");
    session.select(r1c2, 0.0);
    session.key_digit(8, 0.0); // the solution has 6 there
    session.hint(0.0);
    let view = session.view(0.0);
    assert_eq!(
        view.hint.as_ref().unwrap().headline,
        "A mistake: 8 in r1c2 is not the solution's digit"
    );
    session.hint(0.0);
    session.hint(0.0);
    assert_eq!(
        session.view(0.0).cells[r1c2].d,
        6,
        "the third level corrects it"
    );
}

#[test]
fn eliminations_show_struck_candidates_at_the_second_level() {
    // A board where singles are used up: walk the hints until one eliminates.
    let mut session = escargot();
    for _ in 0..200 {
        session.hint(0.0);
        let view = session.view(0.0);
        let struck: Vec<&CellView> = view.cells.iter().filter(|c| !c.struck.is_empty()).collect();
        if let Some(cell) = struck.first() {
            assert_eq!(view.hint.as_ref().unwrap().level, 2);
            assert!(
                cell.struck.iter().all(|d| cell.marks.contains(d)),
                "{cell:?}"
            );
            assert!(cell.label.contains("the hint removes"), "{}", cell.label);
            return;
        }
    }
    panic!("no elimination in 200 hint presses on AI Escargot");
}

#[test]
fn pencil_marks_auto_candidates_and_labels() {
    let mut session = escargot();
    let r1c2 = cell(&session, "r1c2");
    session.select(r1c2, 0.0);
    session.toggle_pencil(0.0);
    for digit in [2, 4, 9] {
        session.key_digit(digit, 0.0);
    }
    let view = session.view(0.0);
    assert_eq!(view.cells[r1c2].marks, vec![2, 4, 9]);
    assert_eq!(
        view.cells[r1c2].label,
        "row 1, column 2, empty, candidates 2 4 9"
    );
    // Auto candidates: the player's marks stay on top, and marks without the cell's
    // digit (6) are flagged.
    session.toggle_auto(0.0);
    let view = session.view(0.0);
    assert!(view.cells[r1c2].flags.contains(&"missing"));
    assert!(!view.cells[r1c2].auto);
    let r1c3 = cell(&session, "r1c3");
    assert!(view.cells[r1c3].auto && !view.cells[r1c3].marks.is_empty());
    assert_eq!(view.cells[0].label, "row 1, column 1, given 1");
}

#[test]
fn same_digit_highlight_digits_left_and_checks() {
    let mut session = escargot();
    session.select(0, 0.0); // r1c1 holds 1
    let view = session.view(0.0);
    assert_eq!(view.highlight, Some(1));
    assert_eq!(
        view.cells
            .iter()
            .filter(|c| c.flags.contains(&"same"))
            .count(),
        3
    );
    assert_eq!(view.left.as_ref().unwrap()[0], 6);
    // A 1 in r1c2 repeats in row 1.
    let r1c2 = cell(&session, "r1c2");
    session.select(r1c2, 0.0);
    session.key_digit(1, 0.0);
    session.check(0.0);
    let view = session.view(0.0);
    assert_eq!(view.tone, "error");
    assert!(
        view.message.contains("1 repeats in row 1"),
        "{}",
        view.message
    );
    assert!(view.cells[r1c2].flags.contains(&"rule"));
    assert!(view.offer_compare);
    session.compare();
    let view = session.view(0.0);
    assert!(view.cells[r1c2].flags.contains(&"wrong"));
    assert!(view.message.contains("r1c2"));
}

#[test]
fn two_keys_make_a_digit_on_a_16x16() {
    let text = include_str!("../../../testdata/puzzles/16x16_unique.txt");
    let (layout, grid) = open::puzzle(text, "", "").unwrap();
    let mut session = Session::new(&layout, &grid, "16x16", 0.0).unwrap();
    let empty = session.view(0.0).selected;
    session.key_digit(1, 0.0);
    assert_eq!(session.view(0.0).pending, Some(1));
    session.key_digit(6, 0.0);
    assert_eq!(session.view(0.0).cells[empty].d, 16);
    session.clear(0.0);
    session.key_digit(1, 0.0);
    session.confirm(0.0);
    assert_eq!(session.view(0.0).cells[empty].d, 1);
    session.key_digit(2, 0.0);
    assert_eq!(
        session.view(0.0).cells[empty].d,
        2,
        "2 cannot start a number of 16 digits"
    );
}

#[test]
fn a_saved_game_resumes_with_its_marks_time_and_counters() {
    let mut session = escargot();
    let r1c2 = cell(&session, "r1c2");
    session.select(r1c2, 0.0);
    session.key_digit(6, 0.0);
    session.select(r1c2 + 1, 0.0);
    session.toggle_pencil(0.0);
    session.key_digit(2, 0.0);
    let text = session.save(65_000.0);
    assert!(text.contains("time 65"), "{text}");
    let resumed = Session::resume(&text, "typed in", 70_000.0).unwrap();
    let view = resumed.view(71_000.0);
    assert_eq!(view.title, "9x9 sudoku · typed in");
    assert_eq!(view.cells[r1c2].d, 6);
    assert_eq!(view.cells[r1c2 + 1].marks, vec![2]);
    assert_eq!(view.clock_ms, 66_000.0);
    assert_eq!(view.moves, 2);
    assert_eq!(resumed.key(), session.key());
    assert!(Session::resume("nonsense", "x", 0.0).is_err());
}

#[test]
fn pause_hides_and_stops_the_clock() {
    let mut session = escargot();
    session.toggle_pause(5000.0);
    let view = session.view(9000.0);
    assert!(view.paused && !view.running);
    assert_eq!(view.clock_ms, 5000.0);
    session.key_digit(5, 9000.0);
    assert_eq!(session.view(9000.0).moves, 0, "no moves while paused");
    session.set_paused(false, 10_000.0);
    assert_eq!(session.view(11_000.0).clock_ms, 6000.0);
}

#[test]
fn every_board_kind_opens_and_hints() {
    let cases = [
        (
            include_str!("../../../testdata/layouts/hanidoku.txt"),
            "hanidoku",
        ),
        (
            include_str!("../../../testdata/layouts/jigsaw9.txt"),
            "jigsaw9",
        ),
        (
            include_str!("../../../testdata/layouts/windoku9.txt"),
            "windoku9",
        ),
        (
            include_str!("../../../testdata/layouts/flower.txt"),
            "flower",
        ),
        (
            include_str!("../../../testdata/layouts/pinwheel.txt"),
            "pinwheel",
        ),
        (
            include_str!("../../../testdata/layouts/x-sudoku9.txt"),
            "x-sudoku",
        ),
        (
            include_str!("../../../testdata/puzzles/4x4_line.txt"),
            "sudoku",
        ),
    ];
    for (text, name) in cases {
        let first = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .unwrap();
        let (layout, grid) =
            open::puzzle(first, name, "").unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut session = Session::new(&layout, &grid, name, 0.0).unwrap();
        session.hint(0.0);
        let view = session.view(0.0);
        assert!(view.hint.is_some(), "{name}: {}", view.message);
        assert_eq!(view.cells.len(), layout.num_cells());
    }
}

#[test]
fn a_puzzle_without_a_solution_is_refused_and_several_play_without_hints() {
    // r1c3 must be 3 or 4, and column 3 holds both further down.
    let (layout, grid) = open::puzzle("12..\n....\n..3.\n..4.\n", "", "").unwrap();
    let refused = Session::new(&layout, &grid, "none", 0.0).err().unwrap();
    assert_eq!(refused, "this puzzle has no solution");
    let two = include_str!("../../../testdata/puzzles/4x4_two_solutions.txt");
    let first = two.lines().find(|l| !l.starts_with('#')).unwrap();
    let (layout, grid) = open::puzzle(first, "", "").unwrap();
    let mut session = Session::new(&layout, &grid, "two", 0.0).unwrap();
    assert!(!session.view(0.0).unique);
    session.hint(0.0);
    assert!(session.view(0.0).message.contains("more than one solution"));
}

#[test]
fn layout_files_of_one_name_are_kept_apart() {
    let jigsaw = open::LAYOUT_FILES[0].1;
    let puzzle = include_str!("../../../testdata/layouts/jigsaw9.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let (layout, grid) = open::puzzle(puzzle, "", jigsaw).unwrap();
    let one = Session::new(&layout, &grid, "a", 0.0).unwrap().key();
    let other = jigsaw.replace("name jigsaw", "name jigsaw\n# another file");
    let (layout, grid) = open::puzzle(puzzle, "", &other).unwrap();
    let two = Session::new(&layout, &grid, "b", 0.0).unwrap().key();
    assert!(one.starts_with("jigsaw ") && one.ends_with(puzzle), "{one}");
    assert_ne!(one, two);
}

#[test]
fn clock_text_reads_minutes_and_hours() {
    assert_eq!(clock_text(65_000.0), "1:05");
    assert_eq!(clock_text(3_725_000.0), "1:02:05");
}
