//! `sudoplay`: the puzzle as a full-screen game in the terminal (ratatui over crossterm).
//!
//! The game itself (moves, undo, checking, hints, saved games, statistics) is
//! `crate::play`; this module only loads a game (`load`, `date`), maps keys to commands
//! in one table (`keys`), turns commands into moves and effects (`app`, `actions`,
//! `moves`), places everything on the screen (`plan`) and draws it (`screen`, `board`,
//! `palette`, `boxchars`). Key handling does no I/O: it returns effects (save, export,
//! record a solved game, show the statistics, quit) that the event loop here carries out
//! (`statsfile` for the statistics). The terminal is a resource held by a guard: raw mode,
//! the alternate screen and mouse capture are undone when the guard drops, on every
//! return path, and by the panic hook before a panic message is printed; Ctrl-C is a key
//! in raw mode and ends the loop like `q` (and a SIGINT from elsewhere sets a flag the
//! loop polls), so the terminal is restored in every case. The program refuses to start
//! unless stdin and stdout are terminals, rather than drawing escape codes into a pipe.

mod actions;
mod app;
mod board;
mod boxchars;
mod date;
pub mod keys;
mod load;
mod palette;
mod plan;
mod screen;
mod statsfile;

use std::io::{self, IsTerminal, Stdout};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use app::{App, Effect};
pub use date::Date;

use super::Failure;
use palette::Palette;
use plan::Plan;

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
    /// The rating range of a generated puzzle (SE's ER: `--rating A-B`, or the range of
    /// `--difficulty LEVEL`).
    pub rating: Option<(f64, f64)>,
    /// `--seed` of a generated puzzle (default: from the clock).
    pub seed: Option<u64>,
    /// `--resume FILE`: a saved game.
    pub resume: Option<PathBuf>,
    /// `--puzzle TEXT`: a puzzle typed on the command line.
    pub puzzle: Option<String>,
    /// `--daily`: the puzzle of the day, seeded by the date.
    pub daily: bool,
    /// `--date`: the day of `--daily` (default: today, UTC).
    pub date: Option<Date>,
    /// `--stats`: print the statistics and exit.
    pub stats: bool,
}

/// The KEYS section of `sudoplay --help`, from the key table.
pub fn keys_help() -> String {
    keys::help_text()
}

/// `--stats`: the statistics table on stdout (a note on stderr when it has no games).
fn print_stats() -> Result<u8, Failure> {
    let path = statsfile::stats_path().map_err(Failure::error)?;
    let table = statsfile::table(&path).map_err(Failure::error)?;
    let mut out = super::stdout();
    io::Write::write_all(&mut out, table.as_bytes())?;
    io::Write::flush(&mut out)?;
    if table.lines().count() <= 1 {
        eprintln!("sudoplay: no solved games yet in {}", path.display());
    }
    Ok(0)
}

/// Runs the game; returns the exit code (0, or 130 after Ctrl-C).
pub fn run(options: &SudoplayOptions) -> Result<u8, Failure> {
    if options.stats {
        return print_stats();
    }
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(Failure::usage(
            "standard input and output must be a terminal (sudoplay is interactive; \
             sudokugen and gridcheck work in pipes)",
        ));
    }
    let loaded = load::load(options)?;
    let mut app = App::new(
        loaded.prepared.game,
        loaded.prepared.probe,
        loaded.title,
        loaded.message,
    );
    if let Some(path) = loaded.resumed {
        app.save_path = path;
    }
    app.stats = loaded.stats;
    let mut rating = loaded.rating;
    let stats_path = statsfile::stats_path();
    let palette = Palette {
        color: std::env::var_os("NO_COLOR").map_or(true, |value| value.is_empty()),
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    // Only one handler per process; if one is set already, Ctrl-C still arrives as a key.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let mut guard = TerminalGuard::new()
        .map_err(|e| Failure::error(format!("cannot set up the terminal: {e}")))?;
    let result = play(
        &mut guard.terminal,
        &mut app,
        palette,
        &interrupted,
        &stats_path,
        &mut rating,
    );
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
    stats_path: &Result<PathBuf, String>,
    rating: &mut Option<load::PendingRating>,
) -> io::Result<bool> {
    app.sync_clock(Instant::now());
    loop {
        settle_rating(app, rating, false);
        let now = Instant::now();
        let mut plan = None;
        terminal.draw(|frame| {
            let placed = Plan::new(app, frame.area());
            screen::draw(frame, app, &placed, palette, now);
            plan = Some(placed);
        })?;
        if interrupted.load(Ordering::SeqCst) {
            return Ok(true);
        }
        if !event::poll(TICK)? {
            continue;
        }
        let effect = match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key, Instant::now()),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let cell = plan.and_then(|plan| plan.cell_at(mouse.column, mouse.row));
                if let Some(cell) = cell {
                    app.click(cell);
                }
                None
            }
            _ => None,
        };
        if let Some(mut effect) = effect {
            if let Effect::Record(record) = &mut effect {
                // A game solved before its rating came waits for it: the statistics
                // are kept per level.
                settle_rating(app, rating, true);
                if let Some(entry) = &app.stats {
                    record.level = entry.level.clone();
                }
            }
            if let Some(interrupted) = carry_out(app, effect, stats_path) {
                return Ok(interrupted);
            }
            app.sync_clock(Instant::now());
        }
    }
}

/// Puts the rating in the title and the statistics entry once it has come (waiting for
/// it when `wait`).
fn settle_rating(app: &mut App, rating: &mut Option<load::PendingRating>, wait: bool) {
    let Some(pending) = rating.as_ref() else {
        return;
    };
    if let Some((title, level)) = pending.poll(wait) {
        app.title = title;
        if let Some(entry) = app.stats.as_mut() {
            entry.level = level.name().to_string();
        }
        *rating = None;
    }
}

/// Does what a key asked of the outside world and tells the app how it went; for
/// [`Effect::Quit`], whether it was Ctrl-C.
fn carry_out(app: &mut App, effect: Effect, stats_path: &Result<PathBuf, String>) -> Option<bool> {
    match effect {
        Effect::Quit { interrupted } => return Some(interrupted),
        Effect::Save { path, text } => {
            let result = write_file(&path, &text);
            app.saved(&path, result);
        }
        Effect::Export { path, text } => {
            let result = write_file(&path, &text);
            app.exported(&path, result);
        }
        Effect::Record(record) => {
            let result = stats_path
                .clone()
                .and_then(|path| statsfile::append(&path, &record));
            app.recorded(result);
        }
        Effect::ShowStats => {
            let result = stats_path.clone().and_then(|path| statsfile::table(&path));
            app.show_stats(result);
        }
    }
    None
}

/// Writes `text` to `path` atomically, so a failed save leaves the old file whole.
fn write_file(path: &std::path::Path, text: &str) -> io::Result<()> {
    let mut file = super::atomic::AtomicFile::create(path)?;
    io::Write::write_all(&mut file, text.as_bytes())?;
    file.commit()
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
