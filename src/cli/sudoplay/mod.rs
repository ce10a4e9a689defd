//! `sudoplay`: the puzzle as a full-screen game in the terminal (ratatui over crossterm).
//!
//! The game itself (moves, undo, checking, hints, saved games) is `crate::play`; this
//! module only loads a game (`load`), turns keys into moves (`app`, `moves`) and draws
//! (`screen`, `board`, `boxchars`). The terminal is a resource held by a guard: raw mode,
//! the alternate screen and mouse capture are undone when the guard drops, on every
//! return path, and by the panic hook before a panic message is printed; Ctrl-C is a key
//! in raw mode and ends the loop like `q` (and a SIGINT from elsewhere sets a flag the
//! loop polls), so the terminal is restored in every case. The program refuses to start
//! unless stdin and stdout are terminals, rather than drawing escape codes into a pipe.

mod app;
mod board;
mod boxchars;
mod load;
mod moves;
mod screen;

use std::io::{self, IsTerminal, Stdout};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

pub use app::{clock_text, App, Prompt, Tone};
pub use load::MAX_SIZE;

use super::Failure;
use crate::gen::rate::Level;
use board::Palette;

/// Exit code after Ctrl-C, as a shell reports a SIGINT (128 + 2).
const INTERRUPTED: u8 = 130;

/// How often the screen is redrawn without input, for the clock.
const TICK: Duration = Duration::from_millis(250);

/// What `sudoplay` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct SudoplayOptions {
    /// The puzzle file; `None` makes a puzzle with the generator.
    pub puzzles: Option<PathBuf>,
    /// Which puzzle of the file, 1-based.
    pub index: usize,
    /// `--layout`: a built-in name or a layout file.
    pub layout: Option<String>,
    /// `--size`: the side of square boards.
    pub size: Option<usize>,
    /// `--difficulty` of a generated puzzle.
    pub difficulty: Option<Level>,
    /// `--seed` of a generated puzzle (default: from the clock).
    pub seed: Option<u64>,
    /// `--resume FILE`: a saved game.
    pub resume: Option<PathBuf>,
}

/// Runs the game; returns the exit code (0, or 130 after Ctrl-C).
pub fn run(options: &SudoplayOptions) -> Result<u8, Failure> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(Failure::usage(
            "standard input and output must be a terminal (sudoplay is interactive; \
             sudokugen and gridcheck work in pipes)",
        ));
    }
    let loaded = load::load(options)?;
    let mut app = App::new(
        loaded.prepared.game,
        loaded.prepared.hinter,
        loaded.title,
        loaded.message,
    );
    if let Some(path) = loaded.resumed {
        app.save_path = path;
    }
    let palette = Palette {
        color: std::env::var_os("NO_COLOR").map_or(true, |value| value.is_empty()),
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    // Only one handler per process; if one is set already, Ctrl-C still arrives as a key.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let mut guard = TerminalGuard::new()
        .map_err(|e| Failure::error(format!("cannot set up the terminal: {e}")))?;
    let result = play(&mut guard.terminal, &mut app, palette, &interrupted);
    drop(guard);
    match result {
        Ok(true) => Ok(INTERRUPTED),
        Ok(false) => Ok(0),
        Err(error) => Err(Failure::error(format!("terminal error: {error}"))),
    }
}

/// The event loop; true when it ended by Ctrl-C.
fn play(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    palette: Palette,
    interrupted: &AtomicBool,
) -> io::Result<bool> {
    app.game.clock.start(Instant::now());
    loop {
        let now = Instant::now();
        terminal.draw(|frame| screen::draw(frame, app, palette, now))?;
        if app.quit {
            return Ok(false);
        }
        if interrupted.load(Ordering::SeqCst) {
            return Ok(true);
        }
        if event::poll(TICK)? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    let ctrl_c = key.code == event::KeyCode::Char('c')
                        && key.modifiers.contains(event::KeyModifiers::CONTROL);
                    app.key(key, Instant::now());
                    if ctrl_c {
                        return Ok(true);
                    }
                }
                Event::Mouse(mouse) => app.mouse(mouse),
                _ => {}
            }
        }
    }
}

/// Raw mode, the alternate screen and mouse capture, undone on drop and on panic.
struct TerminalGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

/// Puts the terminal back as it was; safe to call more than once.
fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

impl TerminalGuard {
    fn new() -> io::Result<TerminalGuard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        enable_raw_mode()?;
        let mut stdout = io::stdout();
        if let Err(error) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
            restore_terminal();
            return Err(error);
        }
        let mut terminal = match Terminal::new(CrosstermBackend::new(stdout)) {
            Ok(terminal) => terminal,
            Err(error) => {
                restore_terminal();
                return Err(error);
            }
        };
        let _ = terminal.hide_cursor();
        let _ = terminal.clear();
        Ok(TerminalGuard { terminal })
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

#[cfg(test)]
mod tests;
