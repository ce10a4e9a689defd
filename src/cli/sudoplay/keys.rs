//! Every key of the game in one table: what it does ([`Command`]), on which boards, in
//! words, and whether the key line shows it. Key handling looks keys up here, and the
//! help screen (`?`), the key line, the KEYS section of `sudoplay --help` and the key
//! table of `docs/sudoplay.md` are all written from it, so none of them can drift from
//! what the keys do. (gitui and helix keep their key maps the same way, as data.)
//!
//! Keys typed while a question is open (y/n, a file name) and the second key of a
//! two-key digit are not commands: they answer, and are described with the command that
//! asks.

use std::fmt::Write;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::layout::{Geometry, Layout};
use crate::play::moves::Direction;

/// What a key asks the game to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the selection.
    Move(Direction),
    /// A digit key (which digit is the key's own).
    Digit,
    /// Empty the selected cell.
    Clear,
    /// Toggle pencil mode.
    Pencil,
    /// Toggle auto candidates.
    AutoCandidates,
    /// Undo the last move.
    Undo,
    /// Redo an undone move.
    Redo,
    /// The next level of a hint from the technique ladder: named, shown, applied.
    Hint,
    /// The selected cell's candidates left by propagation.
    Candidates,
    /// Check the rules (then offer the comparison with the solution).
    Check,
    /// Save the game (asks for the file).
    Save,
    /// Export the board (asks for the file).
    Export,
    /// Pause or resume the clock.
    Pause,
    /// Show the statistics.
    Stats,
    /// A click selects a cell (the mouse, not a key).
    Select,
    /// Clear the check's marks.
    Dismiss,
    /// Show every key.
    Help,
    /// Quit, asking first when moves are not saved.
    Quit,
    /// Quit at once (Ctrl-C).
    QuitNow,
}

/// A key as the table names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character key, without Ctrl (Shift is part of the character).
    Char(char),
    /// Ctrl and a character.
    Ctrl(char),
    /// The digit keys 1 to 9.
    Digits,
    /// A named key (arrows, Backspace, Delete, Esc).
    Named(KeyCode),
    /// The mouse.
    Mouse,
}

impl Key {
    /// True when `event` is this key.
    fn matches(self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        match (self, event.code) {
            (Key::Char(c), KeyCode::Char(typed)) => !ctrl && typed == c,
            (Key::Ctrl(c), KeyCode::Char(typed)) => ctrl && typed.eq_ignore_ascii_case(&c),
            (Key::Digits, KeyCode::Char('1'..='9')) => !ctrl,
            (Key::Named(code), typed) => code == typed,
            _ => false,
        }
    }

    /// The key's name on the screen and in the docs.
    pub fn name(self) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::Digits => "1-9".into(),
            Key::Mouse => "mouse".into(),
            Key::Named(code) => match code {
                KeyCode::Left => "←".into(),
                KeyCode::Right => "→".into(),
                KeyCode::Up => "↑".into(),
                KeyCode::Down => "↓".into(),
                KeyCode::Backspace => "Bksp".into(),
                KeyCode::Delete => "Del".into(),
                KeyCode::Esc => "Esc".into(),
                KeyCode::Enter => "Enter".into(),
                other => format!("{other:?}"),
            },
        }
    }
}

/// The boards a row of the table applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boards {
    /// Every board.
    All,
    /// Square grids.
    Square,
    /// The honeycomb.
    Honeycomb,
    /// Boards of at most 9 digits.
    UpToNine,
    /// Boards of 10 digits or more.
    AboveNine,
}

impl Boards {
    /// True when the row applies to `layout`.
    pub fn apply_to(self, layout: &Layout) -> bool {
        let hex = matches!(layout.geometry(), Geometry::Hex { .. });
        match self {
            Boards::All => true,
            Boards::Square => !hex,
            Boards::Honeycomb => hex,
            Boards::UpToNine => layout.size() <= 9,
            Boards::AboveNine => layout.size() > 9,
        }
    }

    /// The boards in words, for the docs.
    pub fn words(self) -> &'static str {
        match self {
            Boards::All => "all",
            Boards::Square => "square",
            Boards::Honeycomb => "honeycomb",
            Boards::UpToNine => "up to 9 digits",
            Boards::AboveNine => "10 digits or more",
        }
    }
}

/// One row of the table: keys with their commands, the boards, what they do in words
/// (`{n}` stands for the board's digit count), and the key line's text for them, with
/// its rank there (1 first; the line shows as many as fit).
pub struct Row {
    /// The keys and what each does.
    pub keys: &'static [(Key, Command)],
    /// Where the row applies.
    pub boards: Boards,
    /// What the keys do.
    pub what: &'static str,
    /// The key line's text and rank.
    pub short: Option<(u8, &'static str)>,
}

impl Row {
    /// The keys' names, as the help screen and the docs list them.
    pub fn label(&self) -> String {
        let names: Vec<String> = self.keys.iter().map(|(key, _)| key.name()).collect();
        names.join(" ")
    }
}

use Command as C;
use Direction as D;
use Key as K;
use KeyCode as N;

/// Every key, in the order the help screen lists them.
pub const TABLE: &[Row] = &[
    Row {
        keys: &[
            (K::Named(N::Left), C::Move(D::Left)),
            (K::Named(N::Down), C::Move(D::Down)),
            (K::Named(N::Up), C::Move(D::Up)),
            (K::Named(N::Right), C::Move(D::Right)),
            (K::Char('h'), C::Move(D::Left)),
            (K::Char('j'), C::Move(D::Down)),
            (K::Char('k'), C::Move(D::Up)),
            (K::Char('l'), C::Move(D::Right)),
        ],
        boards: Boards::Square,
        what: "move",
        short: Some((1, "arrows/hjkl move")),
    },
    Row {
        keys: &[
            (K::Named(N::Left), C::Move(D::Left)),
            (K::Named(N::Right), C::Move(D::Right)),
            (K::Char('h'), C::Move(D::Left)),
            (K::Char('l'), C::Move(D::Right)),
        ],
        boards: Boards::Honeycomb,
        what: "move along the row",
        short: Some((1, "←→hl yubn move")),
    },
    Row {
        keys: &[
            (K::Char('y'), C::Move(D::UpLeft)),
            (K::Char('u'), C::Move(D::UpRight)),
            (K::Char('b'), C::Move(D::DownLeft)),
            (K::Char('n'), C::Move(D::DownRight)),
        ],
        boards: Boards::Honeycomb,
        what: "move up-left, up-right, down-left, down-right",
        short: None,
    },
    Row {
        keys: &[
            (K::Named(N::Up), C::Move(D::Up)),
            (K::Named(N::Down), C::Move(D::Down)),
            (K::Char('k'), C::Move(D::Up)),
            (K::Char('j'), C::Move(D::Down)),
        ],
        boards: Boards::Honeycomb,
        what: "move up-left, down-right (the other way at an edge)",
        short: None,
    },
    Row {
        keys: &[(K::Digits, C::Digit)],
        boards: Boards::UpToNine,
        what: "place a digit (1-{n}); in pencil mode, add or remove its mark",
        short: Some((2, "1-{n} place")),
    },
    Row {
        keys: &[(K::Digits, C::Digit)],
        boards: Boards::AboveNine,
        what: "digits 1-{n}: two keys from 10 on (1 then 6 is 16); Enter or Space after \
               a lone first digit places it",
        short: Some((2, "1-{n}: 1 6 = 16")),
    },
    Row {
        keys: &[
            (K::Char('0'), C::Clear),
            (K::Named(N::Backspace), C::Clear),
            (K::Named(N::Delete), C::Clear),
        ],
        boards: Boards::All,
        what: "clear the cell (its digit, then its marks)",
        short: Some((3, "0 clear")),
    },
    Row {
        keys: &[(K::Char('p'), C::Pencil)],
        boards: Boards::All,
        what: "pencil mode: digits add or remove marks",
        short: Some((8, "p pencil")),
    },
    Row {
        keys: &[(K::Char('a'), C::AutoCandidates)],
        boards: Boards::All,
        what: "auto candidates: all shown, your own marks on top; ! flags marks that rule \
               out the cell's digit",
        short: Some((9, "a auto")),
    },
    Row {
        keys: &[(K::Char('z'), C::Undo), (K::Char('Z'), C::Redo)],
        boards: Boards::All,
        what: "undo, redo (without limit)",
        short: Some((11, "z undo")),
    },
    Row {
        keys: &[(K::Char('t'), C::Hint)],
        boards: Boards::All,
        what: "hint: the technique, then its cells, then the step made",
        short: Some((4, "t hint")),
    },
    Row {
        keys: &[(K::Char('H'), C::Candidates)],
        boards: Boards::All,
        what: "the selected cell's candidates left by propagation",
        short: None,
    },
    Row {
        keys: &[(K::Char('c'), C::Check)],
        boards: Boards::All,
        what: "check the rules; then y compares with the solution",
        short: Some((5, "c check")),
    },
    Row {
        keys: &[(K::Char('s'), C::Save)],
        boards: Boards::All,
        what: "save the game (sudoplay --resume opens it)",
        short: None,
    },
    Row {
        keys: &[(K::Char('x'), C::Export)],
        boards: Boards::All,
        what: "export the board in line format (gridcheck --partial reads it)",
        short: None,
    },
    Row {
        keys: &[(K::Char(' '), C::Pause)],
        boards: Boards::All,
        what: "pause: stops the clock and hides the board; Space resumes",
        short: Some((10, "Space pause")),
    },
    Row {
        keys: &[(K::Char('S'), C::Stats)],
        boards: Boards::All,
        what: "statistics: games, best and median time, hints, per level",
        short: None,
    },
    Row {
        keys: &[(K::Mouse, C::Select)],
        boards: Boards::All,
        what: "a click selects a cell",
        short: None,
    },
    Row {
        keys: &[(K::Named(N::Esc), C::Dismiss)],
        boards: Boards::All,
        what: "clear the check's marks",
        short: None,
    },
    Row {
        keys: &[(K::Char('?'), C::Help)],
        boards: Boards::All,
        what: "every key (the clock waits while this list is open)",
        short: Some((6, "? keys")),
    },
    Row {
        keys: &[(K::Char('q'), C::Quit)],
        boards: Boards::All,
        what: "quit (asks first when moves are not saved)",
        short: Some((7, "q quit")),
    },
    Row {
        keys: &[(K::Ctrl('c'), C::QuitNow)],
        boards: Boards::All,
        what: "quit at once",
        short: None,
    },
];

/// The rows that apply to `layout`.
pub fn rows_for(layout: &Layout) -> impl Iterator<Item = &'static Row> + '_ {
    TABLE.iter().filter(|row| row.boards.apply_to(layout))
}

/// The command `event` asks for on `layout`, if any.
pub fn command(event: &KeyEvent, layout: &Layout) -> Option<Command> {
    rows_for(layout)
        .flat_map(|row| row.keys.iter())
        .find(|(key, _)| key.matches(event))
        .map(|&(_, command)| command)
}

/// `{n}` replaced by the board's digit count.
fn with_size(text: &str, size: usize) -> String {
    text.replace("{n}", &size.to_string())
}

/// The help screen's rows for `layout`: keys, and what they do.
pub fn help_rows(layout: &Layout) -> Vec<(String, String)> {
    rows_for(layout)
        .map(|row| (row.label(), with_size(row.what, layout.size())))
        .collect()
}

/// The key line for `layout`: the ranked items that fit in `width`, best first.
pub fn key_line(layout: &Layout, width: usize) -> String {
    let mut items: Vec<(u8, String)> = rows_for(layout)
        .filter_map(|row| row.short)
        .map(|(rank, text)| (rank, with_size(text, layout.size())))
        .collect();
    items.sort_by_key(|(rank, _)| *rank);
    let mut line = String::new();
    for (_, item) in items {
        let extra = if line.is_empty() { 0 } else { 2 };
        if line.chars().count() + extra + item.chars().count() > width {
            break;
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&item);
    }
    line
}

/// The KEYS section of `sudoplay --help`: every row, with its boards when it does not
/// apply to all, wrapped to 80 columns.
pub fn help_text() -> String {
    const KEYS: usize = 18;
    let mut text = String::from("KEYS (? in the game lists those of the board played):\n");
    for row in TABLE {
        let what = row.what.replace("{n}", "n");
        let what = match row.boards {
            Boards::All => what,
            boards => format!("({}) {what}", boards.words()),
        };
        for (i, line) in wrap(&what, 80 - KEYS - 2).iter().enumerate() {
            let label = if i == 0 { row.label() } else { String::new() };
            let _ = writeln!(text, "  {label:<KEYS$}{line}");
        }
    }
    text.trim_end().to_string()
}

/// `text` cut into lines of at most `width` characters at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The key table of `docs/sudoplay.md` (Markdown), generated from [`TABLE`].
pub fn markdown_table() -> String {
    let mut text = String::from("| keys | boards | what they do |\n|---|---|---|\n");
    for row in TABLE {
        let keys: Vec<String> = row
            .keys
            .iter()
            .map(|(key, _)| format!("`{}`", key.name()))
            .collect();
        let what = row.what.replace("{n}", "n").replace('|', "\\|");
        let _ = writeln!(
            text,
            "| {} | {} | {what} |",
            keys.join(" "),
            row.boards.words()
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn each_key_means_one_thing_on_each_board() {
        for layout in [
            Layout::square(9).unwrap(),
            Layout::square(16).unwrap(),
            Layout::hanidoku(),
        ] {
            let mut seen: Vec<Key> = Vec::new();
            for row in rows_for(&layout) {
                for (key, _) in row.keys {
                    assert!(!seen.contains(key), "{key:?} twice on {}", layout.name());
                    seen.push(*key);
                }
            }
        }
        let square = Layout::square(9).unwrap();
        let hex = Layout::hanidoku();
        let y = key(KeyCode::Char('y'));
        assert_eq!(command(&y, &square), None);
        assert_eq!(command(&y, &hex), Some(Command::Move(Direction::UpLeft)));
        assert_eq!(
            command(&key(KeyCode::Char('7')), &square),
            Some(Command::Digit)
        );
        assert_eq!(
            command(&key(KeyCode::Char('0')), &square),
            Some(Command::Clear)
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command(&ctrl_c, &square), Some(Command::QuitNow));
        assert_eq!(
            command(&key(KeyCode::Char('c')), &square),
            Some(Command::Check)
        );
        let shift_z = KeyEvent::new(KeyCode::Char('Z'), KeyModifiers::SHIFT);
        assert_eq!(command(&shift_z, &square), Some(Command::Redo));
    }

    #[test]
    fn the_key_line_keeps_the_best_ranked_items_that_fit() {
        let square = Layout::square(9).unwrap();
        assert_eq!(
            key_line(&square, 80),
            "arrows/hjkl move  1-9 place  0 clear  t hint  c check  ? keys  q quit  p pencil"
        );
        assert_eq!(key_line(&square, 30), "arrows/hjkl move  1-9 place");
        assert!(key_line(&Layout::square(16).unwrap(), 80).contains("1-16: 1 6 = 16"));
        assert!(key_line(&Layout::hanidoku(), 200).ends_with("Space pause  z undo"));
    }

    #[test]
    fn every_command_has_a_row_and_help_names_it() {
        let text = help_text();
        for row in TABLE {
            assert!(text.contains(&row.label()), "{text}");
        }
        assert!(text.contains("place a digit (1-n)"), "{text}");
        assert!(markdown_table().contains("| `Ctrl-C` | all | quit at once |"));
    }
}
