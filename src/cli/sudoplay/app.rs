//! What the keys and the mouse do: the game plus the screen's own state (selection,
//! pencil mode, prompts, the message), with no terminal I/O, so it is testable with
//! constructed key events.

use std::path::PathBuf;
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::moves::{Direction, Neighbours};
use crate::layout::Layout;
use crate::play::{cell_name, save_text, Action, Candidates, Game, Hinter};

/// How a message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something refused or wrong.
    Error,
    /// A solved board, a save that worked.
    Good,
}

/// A question on the status line, waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Quit with moves not saved? (y/n)
    Quit,
    /// Also compare the digits with the solution? (y/n)
    CompareWithSolution,
    /// The file to save the game to (editable).
    Save(String),
    /// The file to export the board to (editable).
    Export(String),
}

/// Everything on the screen but the drawing.
pub struct App {
    /// The game.
    pub game: Game,
    /// Hints and candidates (puzzles with a unique solution only).
    pub hinter: Option<Hinter>,
    /// The selected cell.
    pub selected: usize,
    /// Digits toggle pencil marks instead of placing.
    pub pencil: bool,
    /// The first key of a two-key digit (boards with more than 9 digits).
    pub pending: Option<u8>,
    /// The message of the side panel.
    pub message: (String, Tone),
    /// Cells marked by the last check (rule breaks and differences).
    pub flagged: Vec<usize>,
    /// An open question.
    pub prompt: Option<Prompt>,
    /// The key list is shown.
    pub help: bool,
    /// What is played, for the title line.
    pub title: String,
    /// Where `s` saves by default.
    pub save_path: PathBuf,
    /// Where `x` exports by default.
    pub export_path: PathBuf,
    /// Set when the board is solved: the time it took, in seconds.
    pub solved_in: Option<u64>,
    /// The program should end.
    pub quit: bool,
    /// Where each cell was drawn (for the mouse), set by the drawing code.
    pub hits: Vec<(Rect, usize)>,
    neighbours: Neighbours,
}

impl App {
    /// An app over `game`, with `title` on the first line and `message` in the panel.
    pub fn new(game: Game, hinter: Option<Hinter>, title: String, message: String) -> App {
        let neighbours = Neighbours::new(game.layout());
        let selected = (0..game.layout().num_cells())
            .find(|&c| !game.is_given(c) && game.cells()[c].digit == 0)
            .unwrap_or(0);
        App {
            game,
            hinter,
            selected,
            pencil: false,
            pending: None,
            message: (message, Tone::Info),
            flagged: Vec::new(),
            prompt: None,
            help: false,
            title,
            save_path: PathBuf::from("sudoplay-save.txt"),
            export_path: PathBuf::from("sudoplay-board.txt"),
            solved_in: None,
            quit: false,
            hits: Vec::new(),
            neighbours,
        }
    }

    /// The board's layout.
    pub fn layout(&self) -> &Layout {
        self.game.layout()
    }

    fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = (text.into(), tone);
    }

    /// Handles one key press at time `now`.
    pub fn key(&mut self, key: KeyEvent, now: Instant) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        if let Some(prompt) = self.prompt.take() {
            self.answer(prompt, key, now);
            return;
        }
        if let KeyCode::Char(c @ '0'..='9') = key.code {
            self.digit_key(c as u8 - b'0', now);
            return;
        }
        if let Some(first) = self.pending.take() {
            match key.code {
                KeyCode::Esc => {
                    self.say("digit cancelled", Tone::Info);
                    return;
                }
                KeyCode::Enter | KeyCode::Char(' ') => {
                    self.enter(first, now);
                    return;
                }
                _ => self.enter(first, now),
            }
        }
        if let Some(direction) = Direction::of_key(key.code, self.layout()) {
            self.selected = self.neighbours.step(self.selected, direction);
            return;
        }
        match key.code {
            KeyCode::Backspace | KeyCode::Delete => self.act(Action::Clear(self.selected), now),
            KeyCode::Char('p') => {
                self.pencil = !self.pencil;
                let mode = if self.pencil { "on" } else { "off" };
                self.say(format!("pencil marks {mode}"), Tone::Info);
            }
            KeyCode::Char('z') => self.act(Action::Undo, now),
            KeyCode::Char('Z') => self.act(Action::Redo, now),
            KeyCode::Char('t') => self.hint(now),
            KeyCode::Char('H') => self.candidates(),
            KeyCode::Char('c') => self.check(),
            KeyCode::Char('s') => {
                self.prompt = Some(Prompt::Save(self.save_path.display().to_string()));
            }
            KeyCode::Char('x') => {
                self.prompt = Some(Prompt::Export(self.export_path.display().to_string()));
            }
            KeyCode::Char('q') => {
                if self.game.unsaved() && self.solved_in.is_none() {
                    self.prompt = Some(Prompt::Quit);
                } else {
                    self.quit = true;
                }
            }
            KeyCode::Char('?') => self.help = true,
            KeyCode::Esc => self.flagged.clear(),
            _ => {}
        }
    }

    /// Handles a mouse event: a left click on a cell selects it.
    pub fn mouse(&mut self, event: MouseEvent) {
        if let MouseEventKind::Down(MouseButton::Left) = event.kind {
            let hit = self.hits.iter().find(|(rect, _)| {
                (rect.x..rect.x + rect.width).contains(&event.column)
                    && (rect.y..rect.y + rect.height).contains(&event.row)
            });
            if let Some(&(_, cell)) = hit {
                self.selected = cell;
            }
        }
    }

    fn answer(&mut self, prompt: Prompt, key: KeyEvent, now: Instant) {
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y'));
        match prompt {
            Prompt::Quit if yes => self.quit = true,
            Prompt::Quit => self.say("still playing", Tone::Info),
            Prompt::CompareWithSolution if yes => self.compare(),
            Prompt::CompareWithSolution => {}
            Prompt::Save(path) => self.edit(path, key, now, true),
            Prompt::Export(path) => self.edit(path, key, now, false),
        }
    }

    /// A key typed into the file name of a save (`save`) or export prompt.
    fn edit(&mut self, mut path: String, key: KeyEvent, now: Instant, save: bool) {
        match key.code {
            KeyCode::Enter if save => return self.save(path, now),
            KeyCode::Enter => return self.export(path),
            KeyCode::Esc => return self.say("nothing written", Tone::Info),
            KeyCode::Backspace => {
                path.pop();
            }
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => path.clear(),
            KeyCode::Char(c) => path.push(c),
            _ => {}
        }
        self.prompt = Some(if save {
            Prompt::Save(path)
        } else {
            Prompt::Export(path)
        });
    }

    /// A digit key: on boards of more than 9 digits a first digit that can start a
    /// two-digit number waits for the second (`1` `6` is 16; Enter or Space takes the
    /// `1` alone); `0` alone clears the cell.
    fn digit_key(&mut self, typed: u8, now: Instant) {
        let size = self.layout().size();
        if let Some(first) = self.pending.take() {
            let value = usize::from(first) * 10 + usize::from(typed);
            if value <= size {
                self.enter(value as u8, now);
            } else {
                self.say(
                    format!("{value} is not a digit of this board (1..={size})"),
                    Tone::Error,
                );
            }
            return;
        }
        if typed == 0 {
            return self.act(Action::Clear(self.selected), now);
        }
        if size > 9 && usize::from(typed) * 10 <= size {
            self.pending = Some(typed);
            self.say(
                format!("{typed}_: a second digit, or Enter for {typed}"),
                Tone::Info,
            );
            return;
        }
        self.enter(typed, now);
    }

    /// Places `digit` in the selected cell, or toggles its pencil mark.
    fn enter(&mut self, digit: u8, now: Instant) {
        let action = if self.pencil {
            Action::Mark(self.selected, digit)
        } else {
            Action::Place(self.selected, digit)
        };
        self.act(action, now);
    }

    /// Does `action` on the game and reports a refusal in the panel.
    fn act(&mut self, action: Action, now: Instant) {
        if self.solved_in.is_some() && !matches!(action, Action::Undo | Action::Redo) {
            return self.say("the board is solved: q quits", Tone::Info);
        }
        match self.game.act(action) {
            Ok(()) => {
                let what = match action {
                    Action::Undo => "undone",
                    Action::Redo => "redone",
                    _ => "",
                };
                self.say(what, Tone::Info);
                self.changed(now);
            }
            Err(error) => self.say(error.to_string(), Tone::Error),
        }
    }

    /// After a change of the board: old check marks go, the clock runs (it starts at
    /// the first move), and a solved board stops it and says so.
    fn changed(&mut self, now: Instant) {
        self.flagged.clear();
        if self.game.is_solved() {
            self.game.clock.stop(now);
            let seconds = self.game.clock.elapsed(now).as_secs();
            self.solved_in = Some(seconds);
            self.say(
                format!(
                    "Solved in {}! {} moves, {} mistakes, {} hints.",
                    clock_text(seconds),
                    self.game.counters.moves,
                    self.game.counters.mistakes,
                    self.game.counters.hints
                ),
                Tone::Good,
            );
        } else {
            self.solved_in = None;
            self.game.clock.start(now);
        }
    }

    fn hint(&mut self, now: Instant) {
        if self.solved_in.is_some() {
            return self.say("the board is solved: q quits", Tone::Info);
        }
        let Some(hinter) = self.hinter.as_mut() else {
            return self.say(
                "no hints: this puzzle has more than one solution",
                Tone::Error,
            );
        };
        match self.game.hint(hinter, self.selected) {
            Some(hint) => {
                self.selected = hint.cell;
                let text = format!("Hint: {}", hint.text(self.game.layout()));
                self.changed(now);
                if self.solved_in.is_none() {
                    self.say(text, Tone::Info);
                }
            }
            None => self.say("the board is already solved", Tone::Info),
        }
    }

    fn candidates(&mut self) {
        let name = cell_name(self.layout(), self.selected);
        let Some(hinter) = self.hinter.as_mut() else {
            return self.say(
                "no candidates: this puzzle has more than one solution",
                Tone::Error,
            );
        };
        let text = match hinter.candidates(&self.game.digits(), self.selected) {
            Candidates::Filled(digit) => format!("{name} holds {digit}"),
            Candidates::Digits(digits) => {
                let list: Vec<String> = digits.iter().map(u8::to_string).collect();
                format!("{name}: propagation leaves {}", list.join(" "))
            }
            Candidates::Contradiction(rule) => {
                format!("propagation finds the board's digits contradict each other ({rule})")
            }
        };
        self.say(text, Tone::Info);
    }

    /// `c`: marks every placed digit that breaks a rule, then offers the comparison with
    /// the solution.
    fn check(&mut self) {
        let breaks = self.game.rule_breaks();
        self.flagged = breaks
            .iter()
            .flat_map(|b| b.cells.iter().copied())
            .collect();
        let mut text = match breaks.len() {
            0 => "No rule is broken.".to_string(),
            1 => "1 rule broken:".to_string(),
            n => format!("{n} rules broken:"),
        };
        for rule in &breaks {
            text.push_str(&format!("\n  {}", rule.text));
        }
        if self.game.solution().is_some() {
            text.push_str("\nCompare with the solution? (y/n)");
            self.prompt = Some(Prompt::CompareWithSolution);
        }
        let tone = if breaks.is_empty() {
            Tone::Good
        } else {
            Tone::Error
        };
        self.say(text, tone);
    }

    fn compare(&mut self) {
        let Some(wrong) = self.game.differences() else {
            return;
        };
        let names: Vec<String> = wrong.iter().map(|&c| cell_name(self.layout(), c)).collect();
        self.flagged.extend(&wrong);
        match wrong.len() {
            0 => self.say("Every placed digit agrees with the solution.", Tone::Good),
            n => self.say(
                format!(
                    "{n} digit{} differ{} from the solution: {}",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "s" } else { "" },
                    names.join(" ")
                ),
                Tone::Error,
            ),
        }
    }

    fn save(&mut self, path: String, now: Instant) {
        let text = save_text(&self.game, self.game.clock.elapsed(now));
        match std::fs::write(&path, text) {
            Ok(()) => {
                self.game.mark_saved();
                self.save_path = PathBuf::from(&path);
                self.say(
                    format!("saved to {path} (sudoplay --resume {path})"),
                    Tone::Good,
                );
            }
            Err(error) => self.say(format!("cannot save to {path}: {error}"), Tone::Error),
        }
    }

    fn export(&mut self, path: String) {
        let line = crate::grid::to_line(&self.game.grid()).unwrap_or_default();
        match std::fs::write(&path, format!("{line}\n")) {
            Ok(()) => {
                self.export_path = PathBuf::from(&path);
                self.say(format!("board written to {path} (line format)"), Tone::Good);
            }
            Err(error) => self.say(format!("cannot write {path}: {error}"), Tone::Error),
        }
    }
}

/// Seconds as `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock_text(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}
