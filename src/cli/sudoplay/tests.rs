//! Keys and drawing without a terminal: key events are built by hand, the effects they
//! return are checked instead of files, and the screen is drawn into ratatui's test
//! backend.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use super::app::{App, Effect, Overlay, Prompt, StatsEntry};
use super::keys;
use super::palette::Palette;
use super::plan::Plan;
use super::screen;
use crate::grid::parse_puzzles_for;
use crate::layout::Layout;
use crate::play::prepare;

fn app(layout: Layout, puzzle: &str) -> App {
    let givens = parse_puzzles_for(puzzle, &layout, false).unwrap()[0]
        .grid
        .clone();
    let prepared = prepare(&layout, &givens).unwrap();
    App::new(prepared.game, prepared.probe, "test".into(), "hello".into())
}

fn event(c: char) -> KeyEvent {
    let code = match c {
        '\n' => KeyCode::Enter,
        '<' => KeyCode::Backspace,
        '\x1b' => KeyCode::Esc,
        c => KeyCode::Char(c),
    };
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Types `keys` at `now`; the effects they asked for.
fn press_at(app: &mut App, keys: &str, now: Instant) -> Vec<Effect> {
    keys.chars()
        .filter_map(|c| app.key(event(c), now))
        .collect()
}

fn press(app: &mut App, keys: &str) -> Vec<Effect> {
    press_at(app, keys, Instant::now())
}

/// The screen as text, as `width` x `height` shows it.
fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            let plan = Plan::new(app, frame.area());
            screen::draw(frame, app, &plan, Palette { color: false }, Instant::now())
        })
        .unwrap();
    let buffer = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

const SIXTEEN: &str = ".3..A...9.7..4..G..C..24EB..A..5.4..9..51G...6DF..7......5.3.C1G...3F..............B.E.9..........E...53AD...2G7C.AD1.......E......8..C..AF...6...G.4...BE...A.1...567AG3C.D.....F..8...29....3.36..G.4D5..E..9....7.....FD...2...4GC.36...9B.5.A....1...2.....E";

#[test]
fn two_keys_type_the_digits_above_nine() {
    let mut app = app(Layout::square(16).unwrap(), SIXTEEN);
    let cell = app.selected;
    press(&mut app, "16");
    assert_eq!(app.game.cells()[cell].digit, 16);
    press(&mut app, "1\n");
    assert_eq!(app.game.cells()[cell].digit, 1);
    press(&mut app, "3");
    assert_eq!(
        app.game.cells()[cell].digit,
        3,
        "3 cannot start a two-digit number"
    );
    press(&mut app, "19");
    assert_eq!(app.message.0, "19 is not a digit of this board (1..=16)");
    press(&mut app, "0");
    assert_eq!(app.game.cells()[cell].digit, 0);
}

#[test]
fn keys_return_effects_and_write_nothing() {
    let mut app = app(Layout::square(9).unwrap(), ESCARGOT);
    let cell = app.selected;
    press(&mut app, "p25p4");
    assert_eq!(app.game.cells()[cell].marks, 0b10010);
    assert_eq!(app.game.cells()[cell].digit, 4);
    press(&mut app, "zz");
    assert_eq!(app.game.cells()[cell].marks, 0b10);
    press(&mut app, "Z");
    assert!(press(&mut app, "q").is_empty());
    assert_eq!(app.prompt, Some(Prompt::Quit));
    press(&mut app, "n");
    assert!(app.prompt.is_none());
    // Save: the effect carries the file name typed and the saved game; nothing is
    // written until the caller does it and reports back.
    let typed = "s".to_string() + &"<".repeat("sudoplay-save.txt".len()) + "mine.txt\n";
    let effects = press(&mut app, &typed);
    let [Effect::Save { path, text }] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(path.to_str(), Some("mine.txt"));
    assert!(!path.exists());
    let saved = crate::play::read_save(text, "mine.txt").unwrap();
    assert_eq!(saved.cells, app.game.cells());
    assert!(app.game.unsaved(), "not saved until the caller says so");
    app.saved(path, Ok(()));
    assert_eq!(
        app.message.0,
        "saved to mine.txt (sudoplay --resume mine.txt)"
    );
    assert_eq!(
        press(&mut app, "q"),
        [Effect::Quit { interrupted: false }],
        "nothing unsaved: no question"
    );
    let effects = press(&mut app, "x\n");
    assert!(matches!(&effects[..], [Effect::Export { text, .. }] if text.len() == 82));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(
        app.key(ctrl_c, Instant::now()),
        Some(Effect::Quit { interrupted: true })
    );
    assert_eq!(press(&mut app, "S"), [Effect::ShowStats]);
    app.show_stats(Ok("board  level\n".into()));
    assert!(matches!(app.overlay, Some(Overlay::Stats(_))));
}

#[test]
fn the_clock_waits_while_paused_and_while_the_help_is_open() {
    let mut app = app(Layout::square(9).unwrap(), ESCARGOT);
    let start = Instant::now();
    let at = |seconds| start + Duration::from_secs(seconds);
    app.sync_clock(start);
    press_at(&mut app, " ", at(10));
    assert!(app.paused);
    press_at(&mut app, "5", at(20));
    assert_eq!(
        app.game.cells()[app.selected].digit,
        0,
        "no moves while paused"
    );
    assert_eq!(app.message.0, "paused: Space resumes");
    press_at(&mut app, " ", at(100));
    assert_eq!(app.game.clock.elapsed(at(100)).as_secs(), 10);
    press_at(&mut app, "?", at(110));
    assert_eq!(app.overlay, Some(Overlay::Help));
    press_at(&mut app, "x", at(200));
    assert_eq!(app.overlay, None);
    assert_eq!(
        app.prompt, None,
        "the key that closed the help did nothing else"
    );
    assert_eq!(app.game.clock.elapsed(at(205)).as_secs(), 25);
    // The saved game keeps the time played.
    let effects = press_at(&mut app, "s\n", at(205));
    let [Effect::Save { text, .. }] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert!(text.contains("\ntime 25\n"), "{text}");
    let text = screen(&app, 80, 24);
    assert!(text.contains("time 00:"), "{text}");
}

#[test]
fn a_solved_game_is_recorded_once() {
    let mut app = app(Layout::square(4).unwrap(), "12....1.2..3.3.1");
    app.stats = Some(StatsEntry {
        board: "4x4 sudoku".into(),
        level: "easy".into(),
        date: "2024-05-01".into(),
    });
    let start = Instant::now();
    app.sync_clock(start);
    let solution = app.game.solution().unwrap().cells().to_vec();
    let mut effects = Vec::new();
    for (cell, &answer) in solution.iter().enumerate() {
        if app.game.cells()[cell].digit == 0 {
            app.click(cell);
            let digit = (b'0' + answer) as char;
            effects.extend(press_at(
                &mut app,
                &digit.to_string(),
                start + Duration::from_secs(42),
            ));
        }
    }
    let [Effect::Record(record)] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(
        (record.seconds, record.hints, record.level.as_str()),
        (42, 0, "easy")
    );
    assert!(
        app.message.0.starts_with("Solved in 00:42!"),
        "{}",
        app.message.0
    );
    // Undo and solve again: not a second game.
    press(&mut app, "z");
    assert!(press(&mut app, "Z").is_empty());
    app.recorded(Ok("A best time!".into()));
    assert!(app.message.0.ends_with("\nA best time!"));
}

#[test]
fn placing_a_digit_clears_its_marks_from_the_peers_in_one_move() {
    let mut app = app(Layout::square(9).unwrap(), ESCARGOT);
    // Marks of 6 in r1c3 (the row of r1c2) and r2c1 (its box), then a 6 in r1c2.
    app.click(2);
    press(&mut app, "p6");
    app.click(9);
    press(&mut app, "6p");
    assert_eq!(app.game.cells()[2].marks, 1 << 5);
    assert_eq!(app.game.cells()[9].marks, 1 << 5, "r2c1 not 6: pencilled");
    app.click(1);
    press(&mut app, "6");
    assert_eq!(app.game.cells()[2].marks, 0, "r1c3 lost its 6");
    assert_eq!(app.game.cells()[9].marks, 0, "r2c1 (box 1) lost its 6");
    press(&mut app, "z");
    assert_eq!(
        app.game.cells()[2].marks,
        1 << 5,
        "one undo brings them back"
    );
    assert_eq!(app.game.cells()[9].marks, 1 << 5);
}

#[test]
fn highlights_and_auto_candidates_show_without_colour() {
    let mut app = app(Layout::square(9).unwrap(), ESCARGOT);
    // r1c1 holds the given 1: every 1 is bracketed.
    app.click(0);
    let text = screen(&app, 80, 24);
    assert!(text.contains("┃ [1] │     │"), "{text}");
    assert!(text.contains("│ [1] │     ┃"), "r5c2's 1:\n{text}");
    assert!(!text.contains("[7]"), "{text}");
    // Auto candidates: r1c2 can hold 2 5 6 8 (its peers hold 1 3 4 7 9).
    press(&mut app, "a");
    let text = screen(&app, 80, 24);
    assert!(text.contains("┃ [1] │2568 │"), "{text}");
    // The player's own marks stay on top; marks without the solution's 6 are flagged.
    app.click(1);
    press(&mut app, "p24p");
    let text = screen(&app, 80, 24);
    assert!(text.contains("┃  1  │ 24! │"), "{text}");
    assert!(text.contains("candidates 2 5 6 8"), "{text}");
    assert!(text.contains("[auto]"), "{text}");
    // A wide terminal widens the cells so every candidate shows, each in its column.
    let wide = screen(&app, 120, 40);
    assert!(wide.contains("┃    1    │   24!   │ 2 4 6 8 ┃"), "{wide}");
    // The counts of digits to place: 9 x 9 less those on the board.
    assert!(text.contains("to place"), "{text}");
}

#[test]
fn the_screen_fits_80x24_or_says_how_large_it_must_be() {
    let app = app(Layout::square(9).unwrap(), ESCARGOT);
    let text = screen(&app, 80, 24);
    assert!(text.starts_with("sudoplay · test"), "{text}");
    assert!(text.contains("┃  1  │     │     ┃"), "{text}");
    assert!(
        text.contains("time 00:00  moves 0  mistakes 0  hints 0"),
        "{text}"
    );
    assert!(text.ends_with(&keys::key_line(app.layout(), 80)), "{text}");
    let small = screen(&app, 60, 20);
    assert!(small.contains("needs a terminal of at least"), "{small}");
}

#[test]
fn the_help_screen_lists_the_key_table() {
    let mut app = app(Layout::hanidoku(), HANIDOKU);
    press(&mut app, "?");
    let text = screen(&app, 80, 24);
    for (label, _) in keys::help_rows(app.layout()) {
        assert!(text.contains(&format!("│{label:<16} ")), "{label}:\n{text}");
    }
    assert!(
        text.contains("keys (any key closes; the clock waits)"),
        "{text}"
    );
}

const HANIDOKU: &str = "HQV1G0000000000000000000000000000000000000000000000020530000403500";

#[test]
fn a_click_selects_the_cell_under_the_mouse() {
    let mut app = app(Layout::hanidoku(), HANIDOKU);
    let plan = Plan::new(&app, Rect::new(0, 0, 80, 24));
    // The honeycomb's middle row starts at column 0 on screen line 1 + 2·4 + 1 = 10;
    // its third cell's digit column is 4·2 + 2 = 10.
    app.click(plan.cell_at(10, 10).unwrap());
    assert_eq!(crate::play::cell_name(app.layout(), app.selected), "r5c3");
    assert_eq!(plan.cell_at(79, 23), None, "no cell there");
}

/// The key table in `docs/sudoplay.md` is [`keys::markdown_table`];
/// `SUDOPLAY_UPDATE_DOCS=1 cargo test --lib sudoplay` rewrites it.
#[test]
fn the_docs_key_table_is_the_key_table() {
    const START: &str = "<!-- keys: generated from src/cli/sudoplay/keys.rs -->\n";
    const END: &str = "<!-- end of keys -->";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/sudoplay.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let start = doc
        .find(START)
        .expect("docs/sudoplay.md lacks the keys marker")
        + START.len();
    let end = start + doc[start..].find(END).expect("no end of keys marker");
    let generated = keys::markdown_table();
    if std::env::var_os("SUDOPLAY_UPDATE_DOCS").is_some() {
        let mut doc = doc.clone();
        doc.replace_range(start..end, &generated);
        std::fs::write(path, doc).unwrap();
        return;
    }
    let committed = &doc[start..end];
    if committed != generated {
        let old: Vec<&str> = committed.lines().collect();
        let new: Vec<&str> = generated.lines().collect();
        let mut diff = String::new();
        for line in &old {
            if !new.contains(line) {
                diff.push_str(&format!("- {line}\n"));
            }
        }
        for line in &new {
            if !old.contains(line) {
                diff.push_str(&format!("+ {line}\n"));
            }
        }
        panic!(
            "docs/sudoplay.md's key table differs from the key table in keys.rs \
             (SUDOPLAY_UPDATE_DOCS=1 cargo test --lib sudoplay rewrites it):\n{diff}"
        );
    }
}
