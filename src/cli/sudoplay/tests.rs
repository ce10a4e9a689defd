//! Keys and drawing without a terminal: key events are built by hand and the screen is
//! drawn into ratatui's test backend.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

use super::app::{App, Prompt};
use super::board::Palette;
use super::screen;
use crate::grid::parse_puzzles_for;
use crate::layout::Layout;
use crate::play::prepare;

fn app(layout: Layout, puzzle: &str) -> App {
    let givens = parse_puzzles_for(puzzle, &layout, false).unwrap()[0]
        .grid
        .clone();
    let prepared = prepare(&layout, &givens).unwrap();
    App::new(
        prepared.game,
        prepared.hinter,
        "test".into(),
        "hello".into(),
    )
}

fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            '<' => KeyCode::Backspace,
            c => KeyCode::Char(c),
        };
        app.key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now());
    }
}

fn screen(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| screen::draw(frame, app, Palette { color: false }, Instant::now()))
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
fn pencil_marks_undo_and_the_quit_question() {
    let mut app = app(
        Layout::square(9).unwrap(),
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    );
    let cell = app.selected;
    press(&mut app, "p25p4");
    assert_eq!(app.game.cells()[cell].marks, 0b10010);
    assert_eq!(app.game.cells()[cell].digit, 4);
    press(&mut app, "zz");
    assert_eq!(app.game.cells()[cell].marks, 0b10);
    press(&mut app, "Z");
    press(&mut app, "q");
    assert_eq!(app.prompt, Some(Prompt::Quit));
    press(&mut app, "n");
    assert!(!app.quit && app.prompt.is_none());
    let path = std::env::temp_dir().join(format!("sudoplay-app-{}.txt", std::process::id()));
    let path = path.display().to_string();
    press(&mut app, "s");
    let typed = "<".repeat("sudoplay-save.txt".len()) + &path + "\n";
    press(&mut app, &typed);
    assert_eq!(
        app.message.0,
        format!("saved to {path} (sudoplay --resume {path})")
    );
    let saved = crate::play::read_save(&std::fs::read_to_string(&path).unwrap(), &path).unwrap();
    assert_eq!(saved.cells, app.game.cells());
    let _ = std::fs::remove_file(&path);
    press(&mut app, "q");
    assert!(app.quit, "nothing unsaved: no question");
}

#[test]
fn the_screen_fits_80x24_or_says_how_large_it_must_be() {
    let mut app = app(
        Layout::square(9).unwrap(),
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    );
    let text = screen(&mut app, 80, 24);
    assert!(text.starts_with("sudoplay · test"), "{text}");
    assert!(text.contains("┃  1  │     │     ┃"), "{text}");
    assert!(
        text.contains("time 00:00  moves 0  mistakes 0  hints 0"),
        "{text}"
    );
    let small = screen(&mut app, 60, 20);
    assert!(small.contains("needs a terminal of at least"), "{small}");
}

#[test]
fn a_click_selects_the_cell_under_the_mouse() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mut app = app(
        Layout::hanidoku(),
        "HQV1G0000000000000000000000000000000000000000000000020530000403500",
    );
    screen(&mut app, 80, 24);
    // The honeycomb's middle row starts at column 0 on screen line 1 + 2·4 + 1 = 10;
    // its third cell's digit column is 4·2 + 2 = 10.
    let click = |column, row| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.mouse(click(10, 10));
    assert_eq!(crate::play::cell_name(app.layout(), app.selected), "r5c3");
    app.mouse(click(79, 23));
    assert_eq!(
        crate::play::cell_name(app.layout(), app.selected),
        "r5c3",
        "no cell there"
    );
}
