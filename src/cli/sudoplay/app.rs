//! What the keys do: the game plus the screen's own state (selection, modes, prompts,
//! the message), with no terminal and no file I/O. A key that needs the outside world
//! (a save, an export, a solved game for the statistics, quitting) returns an
//! [`Effect`] for the caller to carry out and report back (`saved`, `exported`,
//! `recorded`, `show_stats`), so every key is testable with constructed events.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::keys::{self, Command};
use crate::layout::Layout;
use crate::play::moves::Moves;
use crate::play::stats::clock_text;
use crate::play::{save_text, Action, CandidateProbe, Coach, Game, GameRecord};

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

/// A window laid over the board; any key closes it, and the clock waits meanwhile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Every key.
    Help,
    /// The statistics table.
    Stats(String),
}

/// Something a key asks of the outside world, for the caller to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Write the saved game `text` to `path`, then call [`App::saved`].
    Save {
        /// Where.
        path: PathBuf,
        /// The saved game.
        text: String,
    },
    /// Write the board `text` to `path`, then call [`App::exported`].
    Export {
        /// Where.
        path: PathBuf,
        /// The board in line format.
        text: String,
    },
    /// Add a solved game to the statistics, then call [`App::recorded`].
    Record(GameRecord),
    /// Read the statistics and pass their table to [`App::show_stats`].
    ShowStats,
    /// End the program; `interrupted` for Ctrl-C.
    Quit {
        /// Ctrl-C rather than `q`.
        interrupted: bool,
    },
}

/// What a solved game is recorded as in the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsEntry {
    /// The board, as the title names it.
    pub board: String,
    /// The puzzle's level in words.
    pub level: String,
    /// Today (UTC), `YYYY-MM-DD`.
    pub date: String,
}

/// Everything on the screen but the drawing.
pub struct App {
    /// The game.
    pub game: Game,
    /// Propagation candidates, `H` (puzzles with a unique solution only).
    pub probe: Option<CandidateProbe>,
    /// Hints in levels from the technique ladder, `t` (unique solution only).
    pub coach: Option<Coach>,
    /// The selected cell.
    pub selected: usize,
    /// Digits toggle pencil marks instead of placing.
    pub pencil: bool,
    /// Auto candidates are shown.
    pub auto: bool,
    /// The first key of a two-key digit (boards with more than 9 digits).
    pub pending: Option<u8>,
    /// The last digit typed, highlighted while the selected cell is empty.
    pub last_digit: Option<u8>,
    /// The message of the side panel.
    pub message: (String, Tone),
    /// Cells marked by the last check (rule breaks and differences).
    pub flagged: Vec<usize>,
    /// An open question.
    pub prompt: Option<Prompt>,
    /// A window over the board.
    pub overlay: Option<Overlay>,
    /// Paused by the player: the clock stops and the board is hidden.
    pub paused: bool,
    /// What is played, for the title line.
    pub title: String,
    /// Where `s` saves by default.
    pub save_path: PathBuf,
    /// Where `x` exports by default.
    pub export_path: PathBuf,
    /// Set when the board is solved: the time it took, in seconds.
    pub solved_in: Option<u64>,
    /// How a solved game goes into the statistics; `None` keeps it out.
    pub stats: Option<StatsEntry>,
    recorded: bool,
    moves: Moves,
}

impl App {
    /// An app over `game`, with `title` on the first line and `message` in the panel.
    pub fn new(game: Game, probe: Option<CandidateProbe>, title: String, message: String) -> App {
        let moves = Moves::new(game.layout());
        let selected = (0..game.layout().num_cells())
            .find(|&c| !game.is_given(c) && game.cells()[c].digit == 0)
            .unwrap_or(0);
        let coach = Coach::new(&game);
        App {
            game,
            probe,
            coach,
            selected,
            pencil: false,
            auto: false,
            pending: None,
            last_digit: None,
            message: (message, Tone::Info),
            flagged: Vec::new(),
            prompt: None,
            overlay: None,
            paused: false,
            title,
            save_path: PathBuf::from("sudoplay-save.txt"),
            export_path: PathBuf::from("sudoplay-board.txt"),
            solved_in: None,
            stats: None,
            recorded: false,
            moves,
        }
    }

    /// The board's layout.
    pub fn layout(&self) -> &Layout {
        self.game.layout()
    }

    /// The digit highlighted everywhere: the selected cell's, else the last one typed.
    pub fn highlighted(&self) -> Option<u8> {
        match self.game.cells()[self.selected].digit {
            0 => self.last_digit,
            digit => Some(digit),
        }
    }

    pub(super) fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = (text.into(), tone);
    }

    /// Whether the clock should run: not paused, no window open, not solved.
    pub fn clock_runs(&self) -> bool {
        !self.paused && self.overlay.is_none() && self.solved_in.is_none()
    }

    /// Starts or stops the clock as [`App::clock_runs`] says.
    pub fn sync_clock(&mut self, now: Instant) {
        if self.clock_runs() {
            self.game.clock.start(now);
        } else {
            self.game.clock.stop(now);
        }
    }

    /// Handles one key press at time `now`; what it asks of the outside world.
    pub fn key(&mut self, key: KeyEvent, now: Instant) -> Option<Effect> {
        let effect = self.handle(key, now);
        self.sync_clock(now);
        effect
    }

    /// A click on `cell` (the caller finds the cell from the screen's plan).
    pub fn click(&mut self, cell: usize) {
        if !self.paused && self.overlay.is_none() && cell < self.layout().num_cells() {
            self.selected = cell;
        }
    }

    fn handle(&mut self, key: KeyEvent, now: Instant) -> Option<Effect> {
        let command = keys::command(&key, self.layout());
        if command == Some(Command::QuitNow) {
            return Some(Effect::Quit { interrupted: true });
        }
        if self.overlay.take().is_some() {
            return None;
        }
        if let Some(prompt) = self.prompt.take() {
            return self.answer(prompt, key, now);
        }
        if self.paused {
            return match command {
                Some(Command::Pause) => {
                    self.paused = false;
                    self.say("resumed", Tone::Info);
                    None
                }
                Some(Command::Quit | Command::Help | Command::Stats) => {
                    self.command(command?, key, now)
                }
                _ => {
                    self.say("paused: Space resumes", Tone::Info);
                    None
                }
            };
        }
        if let Some(first) = self.pending.take() {
            match key.code {
                KeyCode::Char(c @ '0'..='9') if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                    return self.second_digit(first, c as u8 - b'0', now);
                }
                KeyCode::Esc => {
                    self.say("digit cancelled", Tone::Info);
                    return None;
                }
                KeyCode::Enter | KeyCode::Char(' ') => return self.enter(first, now),
                _ => {
                    if let Some(effect) = self.enter(first, now) {
                        return Some(effect);
                    }
                }
            }
        }
        self.command(command?, key, now)
    }

    fn command(&mut self, command: Command, key: KeyEvent, now: Instant) -> Option<Effect> {
        match command {
            Command::Move(direction) => {
                self.selected = self.moves.step(self.selected, direction);
            }
            Command::Digit => {
                if let KeyCode::Char(c) = key.code {
                    return self.first_digit(c as u8 - b'0', now);
                }
            }
            Command::Clear => return self.act(Action::Clear(self.selected), now),
            Command::Pencil => {
                self.pencil = !self.pencil;
                let mode = if self.pencil { "on" } else { "off" };
                self.say(format!("pencil marks {mode}"), Tone::Info);
            }
            Command::AutoCandidates => {
                self.auto = !self.auto;
                let text = if self.auto {
                    "auto candidates on: your own marks stay on top; ! marks a cell whose \
                     marks rule out its digit"
                } else {
                    "auto candidates off: your own marks only"
                };
                self.say(text, Tone::Info);
            }
            Command::Undo => return self.act(Action::Undo, now),
            Command::Redo => return self.act(Action::Redo, now),
            Command::Hint => return self.hint(now),
            Command::Candidates => self.candidates(),
            Command::Check => self.check(),
            Command::Save => {
                self.prompt = Some(Prompt::Save(self.save_path.display().to_string()));
            }
            Command::Export => {
                self.prompt = Some(Prompt::Export(self.export_path.display().to_string()));
            }
            Command::Pause => {
                self.paused = true;
                self.say("paused: Space resumes", Tone::Info);
            }
            Command::Stats => return Some(Effect::ShowStats),
            Command::Select => {}
            Command::Dismiss => self.flagged.clear(),
            Command::Help => self.overlay = Some(Overlay::Help),
            Command::Quit => {
                if self.game.unsaved() && self.solved_in.is_none() {
                    self.prompt = Some(Prompt::Quit);
                } else {
                    return Some(Effect::Quit { interrupted: false });
                }
            }
            Command::QuitNow => return Some(Effect::Quit { interrupted: true }),
        }
        None
    }

    fn answer(&mut self, prompt: Prompt, key: KeyEvent, now: Instant) -> Option<Effect> {
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y'));
        match prompt {
            Prompt::Quit if yes => return Some(Effect::Quit { interrupted: false }),
            Prompt::Quit => self.say("still playing", Tone::Info),
            Prompt::CompareWithSolution if yes => self.compare(),
            Prompt::CompareWithSolution => {}
            Prompt::Save(path) => return self.edit(path, key, now, true),
            Prompt::Export(path) => return self.edit(path, key, now, false),
        }
        None
    }

    /// A key typed into the file name of a save (`save`) or export prompt.
    fn edit(
        &mut self,
        mut path: String,
        key: KeyEvent,
        now: Instant,
        save: bool,
    ) -> Option<Effect> {
        match key.code {
            KeyCode::Enter if save => {
                let text = save_text(&self.game, self.game.clock.elapsed(now));
                let path = PathBuf::from(path);
                return Some(Effect::Save { path, text });
            }
            KeyCode::Enter => {
                let line = crate::grid::to_line(&self.game.grid()).unwrap_or_default();
                let path = PathBuf::from(path);
                let text = format!("{line}\n");
                return Some(Effect::Export { path, text });
            }
            KeyCode::Esc => {
                self.say("nothing written", Tone::Info);
                return None;
            }
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
        None
    }

    /// The result of an [`Effect::Save`].
    pub fn saved(&mut self, path: &Path, result: std::io::Result<()>) {
        let shown = path.display();
        match result {
            Ok(()) => {
                self.game.mark_saved();
                self.save_path = path.to_path_buf();
                self.say(
                    format!("saved to {shown} (sudoplay --resume {shown})"),
                    Tone::Good,
                );
            }
            Err(error) => self.say(format!("cannot save to {shown}: {error}"), Tone::Error),
        }
    }

    /// The result of an [`Effect::Export`].
    pub fn exported(&mut self, path: &Path, result: std::io::Result<()>) {
        let shown = path.display();
        match result {
            Ok(()) => {
                self.export_path = path.to_path_buf();
                self.say(
                    format!("board written to {shown} (line format)"),
                    Tone::Good,
                );
            }
            Err(error) => self.say(format!("cannot write {shown}: {error}"), Tone::Error),
        }
    }

    /// The result of an [`Effect::Record`]: the statistics line to add to the message,
    /// or why the game could not be recorded.
    pub fn recorded(&mut self, result: Result<String, String>) {
        let addition = match result {
            Ok(line) => line,
            Err(error) => format!("statistics not saved: {error}"),
        };
        if !addition.is_empty() {
            self.message.0.push('\n');
            self.message.0.push_str(&addition);
        }
    }

    /// The result of an [`Effect::ShowStats`]: the table, or why it cannot be read.
    pub fn show_stats(&mut self, result: Result<String, String>) {
        match result {
            Ok(table) => self.overlay = Some(Overlay::Stats(table)),
            Err(error) => self.say(error, Tone::Error),
        }
    }

    /// A first digit key: on boards of more than 9 digits one that can start a two-digit
    /// number waits for the second (`1` `6` is 16; Enter or Space takes the `1` alone).
    fn first_digit(&mut self, typed: u8, now: Instant) -> Option<Effect> {
        let size = self.layout().size();
        if size > 9 && usize::from(typed) * 10 <= size {
            self.pending = Some(typed);
            self.say(
                format!("{typed}_: a second digit, or Enter for {typed}"),
                Tone::Info,
            );
            return None;
        }
        self.enter(typed, now)
    }

    fn second_digit(&mut self, first: u8, typed: u8, now: Instant) -> Option<Effect> {
        let size = self.layout().size();
        let value = usize::from(first) * 10 + usize::from(typed);
        if value <= size {
            return self.enter(value as u8, now);
        }
        self.say(
            format!("{value} is not a digit of this board (1..={size})"),
            Tone::Error,
        );
        None
    }

    /// Places `digit` in the selected cell, or toggles its pencil mark.
    fn enter(&mut self, digit: u8, now: Instant) -> Option<Effect> {
        self.last_digit = Some(digit);
        let action = if self.pencil {
            Action::Mark(self.selected, digit)
        } else {
            Action::Place(self.selected, digit)
        };
        self.act(action, now)
    }

    /// Does `action` on the game and reports a refusal in the panel.
    pub(super) fn act(&mut self, action: Action, now: Instant) -> Option<Effect> {
        if self.solved_in.is_some() && !matches!(action, Action::Undo | Action::Redo) {
            self.say("the board is solved: q quits", Tone::Info);
            return None;
        }
        match self.game.act(action) {
            Ok(()) => {
                let what = match action {
                    Action::Undo => "undone",
                    Action::Redo => "redone",
                    _ => "",
                };
                self.say(what, Tone::Info);
                self.changed(now)
            }
            Err(error) => {
                self.say(error.to_string(), Tone::Error);
                None
            }
        }
    }

    /// After a change of the board: old check marks go, and a solved board stops the
    /// clock, says so, and is recorded in the statistics (once per game).
    pub(super) fn changed(&mut self, now: Instant) -> Option<Effect> {
        self.flagged.clear();
        if !self.game.is_solved() {
            self.solved_in = None;
            return None;
        }
        self.game.clock.stop(now);
        let seconds = self.game.clock.elapsed(now).as_secs();
        self.solved_in = Some(seconds);
        let counters = self.game.counters;
        self.say(
            format!(
                "Solved in {}! {} moves, {} mistakes, {} hints.",
                clock_text(seconds),
                counters.moves,
                counters.mistakes,
                counters.hints
            ),
            Tone::Good,
        );
        let entry = self.stats.as_ref().filter(|_| !self.recorded)?;
        let record = GameRecord {
            date: entry.date.clone(),
            board: entry.board.clone(),
            level: entry.level.clone(),
            seconds,
            hints: counters.hints,
            mistakes: counters.mistakes,
        };
        self.recorded = true;
        Some(Effect::Record(record))
    }
}
