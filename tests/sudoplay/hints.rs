//! Hints in three levels (`t`), from the technique ladder: the first names the technique
//! and where it applies, the second shows its cells (in reverse video and underlined
//! without colour, on coloured backgrounds with it), the third makes the step, a digit
//! or eliminations in the pencil marks. On a 9x9 board without colour, and on the
//! honeycomb in colour.

use std::path::Path;

use sudosat::grid::parse_puzzles_for;
use sudosat::layout::Layout;

use super::{scratch, solution_digit, testdata, Tmux};

/// What a character on the screen looks like.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Look {
    reversed: bool,
    underlined: bool,
    /// A background colour is set.
    background: bool,
}

/// The screen with its attributes (`capture-pane -e`): per line, each character and how
/// it looks, from the SGR sequences tmux writes (the state carries across lines).
fn looks(tmux: &Tmux) -> Vec<Vec<(char, Look)>> {
    let text = tmux.run(&["capture-pane", "-p", "-e", "-t", "play"]);
    let mut look = Look::default();
    let mut lines = Vec::new();
    for line in text.lines() {
        let mut out = Vec::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\u{1b}' {
                out.push((c, look));
                continue;
            }
            if chars.next() != Some('[') {
                continue;
            }
            let mut params = String::new();
            let mut last = 'm';
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    last = c;
                    break;
                }
                params.push(c);
            }
            if last != 'm' {
                continue;
            }
            let codes: Vec<u32> = params.split(';').map(|p| p.parse().unwrap_or(0)).collect();
            let mut i = 0;
            while i < codes.len() {
                match codes[i] {
                    0 => look = Look::default(),
                    4 => look.underlined = true,
                    7 => look.reversed = true,
                    24 => look.underlined = false,
                    27 => look.reversed = false,
                    40..=47 | 100..=107 => look.background = true,
                    49 => look.background = false,
                    38 | 48 => {
                        if codes[i] == 48 {
                            look.background = true;
                        }
                        i += if codes.get(i + 1) == Some(&5) { 2 } else { 4 };
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        lines.push(out);
    }
    lines
}

/// How the middle of cell (row, col) of a spacious 9x9 board looks: row r's text is on
/// screen line 2 + 2r, cell c spans columns 1 + 6c to 5 + 6c.
fn square_cell(screen: &[Vec<(char, Look)>], row: usize, col: usize) -> (String, Look) {
    let line = &screen[2 + 2 * row];
    let text: String = line[1 + 6 * col..6 + 6 * col]
        .iter()
        .map(|(c, _)| c)
        .collect();
    (text.trim().to_string(), line[3 + 6 * col].1)
}

/// The hint message of the side panel, its wrapped lines joined by spaces: from the line
/// where `Hint` starts, the text at and right of that column, up to a blank line.
pub(super) fn hint_message(screen: &str) -> Option<String> {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let (first, column) = lines.iter().enumerate().find_map(|(i, line)| {
        let text: String = line.iter().collect();
        let byte = text.find("Hint")?;
        Some((i, text[..byte].chars().count()))
    })?;
    let mut parts = Vec::new();
    for line in &lines[first..] {
        let part: String = line.iter().skip(column).collect();
        let part = part.trim().to_string();
        if part.is_empty() {
            break;
        }
        parts.push(part);
    }
    Some(parts.join(" "))
}

/// Waits until the hint message holds `text`; the message and the screen then.
fn wait_for_hint(tmux: &Tmux, text: &str) -> (String, String) {
    let start = std::time::Instant::now();
    loop {
        let screen = tmux.screen();
        if let Some(message) = hint_message(&screen).filter(|m| m.contains(text)) {
            return (message, screen);
        }
        if start.elapsed() > super::PATIENCE {
            panic!("the hint never said {text:?}; the screen shows:\n{screen}");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// The effect of an applied hint: `Hint applied: r8c3=1 (...)` gives "r8c3=1".
fn applied(screen: &str) -> String {
    let start = screen.find("Hint applied: ").expect("an applied hint") + 14;
    screen[start..].split(' ').next().unwrap().to_string()
}

const ESCARGOT_SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

#[test]
fn three_hint_levels_name_show_and_apply_steps_on_a_square_board_without_colour() {
    let dir = scratch("hint-levels");
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let Some(tmux) = Tmux::start(&[&puzzle], "NO_COLOR=1", &dir) else {
        return;
    };
    tmux.wait_for("time 00:");
    // Level 1: the technique and where; nothing changes on the board.
    tmux.keys(&["t"]);
    let (message, screen) = wait_for_hint(&tmux, "(t: show where)");
    assert!(
        message.contains("Hint: Hidden Single in box 7."),
        "{screen}"
    );
    assert!(screen.contains("moves 0  mistakes 0  hints 1"), "{screen}");
    let before = looks(&tmux);
    assert!(!square_cell(&before, 7, 2).1.reversed, "r8c3 not shown yet");
    assert!(
        !square_cell(&before, 6, 0).1.underlined,
        "box 7 not shown yet"
    );
    // Level 2: r8c3 in reverse video (and selected), box 7 underlined, the rest plain.
    tmux.keys(&["t"]);
    let (message, screen) = wait_for_hint(&tmux, "(t: apply)");
    assert!(message.contains("Changes r8c3."), "{message}");
    assert!(screen.contains("r8c3 · box 7"), "selected:\n{screen}");
    let shown = looks(&tmux);
    assert!(square_cell(&shown, 7, 2).1.reversed, "r8c3");
    for (row, col) in [(6, 0), (6, 1), (8, 2)] {
        assert!(
            square_cell(&shown, row, col).1.underlined,
            "box 7 at r{}c{}",
            row + 1,
            col + 1
        );
    }
    for (row, col) in [(0, 8), (4, 4), (7, 3)] {
        let (_, look) = square_cell(&shown, row, col);
        assert!(
            !look.reversed && !look.underlined,
            "r{}c{} is not part of the hint",
            row + 1,
            col + 1
        );
    }
    assert!(screen.contains("moves 0"), "{screen}");
    // Level 3: the digit goes in, the solution's, as one move.
    tmux.keys(&["t"]);
    let (message, screen) = wait_for_hint(&tmux, "Hint applied: ");
    assert_eq!(applied(&message), "r8c3=1", "{screen}");
    let layout = Layout::square(9).unwrap();
    let solution = parse_puzzles_for(ESCARGOT_SOLUTION, &layout, false).unwrap()[0]
        .grid
        .clone();
    assert_eq!(solution_digit(&layout, &solution, "r8c3"), 1);
    assert!(screen.contains("moves 1  mistakes 0  hints 1"), "{screen}");
    let after = looks(&tmux);
    assert_eq!(
        square_cell(&after, 7, 2).0,
        "[1]",
        "placed, and the selected digit"
    );
    assert!(!square_cell(&after, 6, 0).1.underlined, "the hint is gone");
    // The next hint eliminates: its third level takes the candidates out of the marks
    // of the cells it changes (which had none: they get the other candidates), as one
    // move that undo takes back.
    tmux.keys(&["t", "t"]);
    let (message, _) = wait_for_hint(&tmux, "(t: apply)");
    assert!(message.contains("Hint: Finned Swordfish"), "{message}");
    tmux.keys(&["t"]);
    let (message, screen) = wait_for_hint(&tmux, "Hint applied: ");
    assert!(
        message.contains("r7c4<>9") && screen.contains("hints 2"),
        "{screen}"
    );
    assert!(screen.contains("r7c4 · box 8"), "selected:\n{screen}");
    let marks = screen
        .lines()
        .find_map(|line| line.split("marks ").nth(1))
        .unwrap_or_else(|| panic!("r7c4's marks:\n{screen}"))
        .trim()
        .to_string();
    assert!(!marks.is_empty() && !marks.contains('9'), "{marks}");
    assert!(
        marks.contains(&solution_digit(&layout, &solution, "r7c4").to_string()),
        "{marks}"
    );
    tmux.keys(&["z"]);
    let screen = tmux.wait_for("undone");
    assert!(!screen.contains("marks "), "no marks left:\n{screen}");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
}

#[test]
fn three_hint_levels_on_the_honeycomb_in_colour() {
    let dir = scratch("hint-levels-hex");
    let puzzle = testdata("layouts/hanidoku.txt");
    let Some(tmux) = Tmux::start(&["--layout", "hanidoku", &puzzle], "", &dir) else {
        return;
    };
    tmux.wait_for("hanidoku · hanidoku.txt #1");
    let coloured = |tmux: &Tmux| {
        looks(tmux)
            .iter()
            .flatten()
            .filter(|(c, look)| look.background && c.is_ascii_digit())
            .count()
    };
    let before = coloured(&tmux);
    // The first step trims row 7's runs: named, then shown on coloured backgrounds,
    // then its eliminations go into the marks.
    tmux.keys(&["t"]);
    let (message, _) = wait_for_hint(&tmux, "(t: show where)");
    assert!(message.contains("Hint: Run Trim on row 7."), "{message}");
    tmux.keys(&["t"]);
    let (message, screen) = wait_for_hint(&tmux, "(t: apply)");
    assert!(message.contains("Changes r7c1"), "{message}");
    assert!(
        coloured(&tmux) > before,
        "the hint's cells are coloured:\n{screen}"
    );
    tmux.keys(&["t"]);
    let (message, screen) = wait_for_hint(&tmux, "Hint applied: ");
    assert!(applied(&message).starts_with("r7c1<>9"), "{message}");
    let marks = screen
        .lines()
        .find_map(|line| line.split("marks ").nth(1))
        .unwrap_or_else(|| panic!("r7c1's marks:\n{screen}"))
        .trim()
        .to_string();
    assert!(!marks.is_empty() && !marks.contains('9'), "{marks}");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
    drop(tmux);

    // A placement on the honeycomb: the solution with a few cells blank.
    let layout = Layout::hanidoku();
    let text = std::fs::read_to_string(testdata("layouts/hanidoku.solution.txt")).unwrap();
    let solution = parse_puzzles_for(&text, &layout, false).unwrap()[0]
        .grid
        .clone();
    let mut digits: Vec<u8> = solution.cells().to_vec();
    for cell in [0, 6, 12, 20, 30, 40, 50] {
        digits[cell] = 0;
    }
    let line: String = digits.iter().map(|d| (b'0' + d) as char).collect();
    let file = dir.join("easy-hanidoku.txt");
    std::fs::write(&file, format!("{line}\n")).unwrap();
    let Some(tmux) = Tmux::start(
        &["--layout", "hanidoku", file.to_str().unwrap()],
        "NO_COLOR=1",
        Path::new(&dir),
    ) else {
        return;
    };
    tmux.wait_for("time 00:");
    tmux.keys(&["t"]);
    let (message, _) = wait_for_hint(&tmux, "(t: show where)");
    assert!(message.contains("Hint: Hidden Single in row"), "{message}");
    tmux.keys(&["t", "t"]);
    let (message, screen) = wait_for_hint(&tmux, "Hint applied: ");
    let effect = applied(&message);
    let (cell, digit) = effect.split_once('=').expect("a placement");
    assert_eq!(
        digit.parse::<u8>().unwrap(),
        solution_digit(&layout, &solution, cell),
        "{screen}"
    );
    assert!(screen.contains("moves 1  mistakes 0  hints 1"), "{screen}");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
}

#[test]
fn a_hint_corrects_a_wrong_digit_first() {
    let dir = scratch("hint-mistake");
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let Some(tmux) = Tmux::start(&[&puzzle], "", &dir) else {
        return;
    };
    tmux.wait_for("time 00:");
    // r1c2 is selected; 8 there is wrong (the solution has 6) but breaks no rule.
    tmux.keys(&["8"]);
    tmux.wait_for("moves 1");
    tmux.keys(&["t"]);
    let (message, _) = wait_for_hint(&tmux, "(t: show where)");
    assert!(message.contains("A mistake: 8 in r1c2"), "{message}");
    tmux.keys(&["t", "t"]);
    let (message, _) = wait_for_hint(&tmux, "Hint applied: ");
    assert_eq!(applied(&message), "r1c2=6", "{message}");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
}
