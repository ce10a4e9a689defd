//! Saved games: a small text file that `sudoplay --resume FILE` opens again.
//!
//! ```text
//! # sudoplay saved game: sudoplay --resume FILE
//! sudoplay 1
//! layout sudoku 9
//! puzzle 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! board  4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....9
//! mark r1c2 1 2 6
//! time 184
//! moves 12
//! mistakes 1
//! hints 0
//! ```
//!
//! One keyword per line, in any order after the version line; `#` lines are comments.
//! `layout` is `sudoku N`, `x-sudoku N`, `hanidoku`, or `file` followed by the layout
//! file's own text, each line prefixed `| ` (so a saved game does not depend on the layout
//! file staying where it was). `puzzle` and `board` are in the line format the tools read
//! (61 symbols on the honeycomb), `board` with the givens included. Each `mark` line lists
//! one cell's pencil marks; `time` is whole seconds played. The puzzle's solution is not
//! saved: it is solved again on resume, so an edited file cannot smuggle in a wrong one.

use std::fmt::Write;
use std::time::Duration;

use thiserror::Error;

use super::game::{CellState, Counters, Game};
use crate::grid::{parse_puzzles_for, to_line, Grid};
use crate::human::cell_name;
use crate::layout::{parse_layout_file, Layout};

/// The first line every saved game has after its comments.
const VERSION: &str = "sudoplay 1";

/// A saved game that cannot be read back.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SaveError {
    /// A line that is not what was expected there.
    #[error("{file} line {line}: {message}")]
    Line {
        /// The file name.
        file: String,
        /// 1-based line.
        line: usize,
        /// What was expected and what was found.
        message: String,
    },
    /// A required keyword that never came.
    #[error("{file}: no `{keyword}` line (is this a sudoplay saved game?)")]
    Missing {
        /// The file name.
        file: String,
        /// The keyword.
        keyword: &'static str,
    },
}

/// A game as read from a file, before its solution is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The board's layout.
    pub layout: Layout,
    /// The puzzle.
    pub givens: Grid,
    /// Every cell's digit and pencil marks.
    pub cells: Vec<CellState>,
    /// Moves, mistakes, hints.
    pub counters: Counters,
    /// Time played.
    pub played: Duration,
}

/// The `layout` line's value (and the embedded file for layout files).
fn layout_spec(layout: &Layout) -> String {
    if let Some(source) = layout.source() {
        let mut text = "file\n".to_string();
        for line in source.lines() {
            let _ = writeln!(text, "| {line}");
        }
        return text.trim_end().to_string();
    }
    match layout.name().split_once(' ') {
        Some(("square", size)) => format!("sudoku {size}"),
        _ => layout.name().to_string(),
    }
}

/// The text of a saved game, `played` being the time played so far.
pub fn save_text(game: &Game, played: Duration) -> String {
    let layout = game.layout();
    let line = |grid: &Grid| to_line(grid).expect("boards of sudoplay have at most 25 digits");
    let mut text = format!("# sudoplay saved game: sudoplay --resume FILE\n{VERSION}\n");
    let _ = writeln!(text, "layout {}", layout_spec(layout));
    let _ = writeln!(text, "puzzle {}", line(game.givens()));
    let _ = writeln!(text, "board {}", line(&game.grid()));
    for (cell, state) in game.cells().iter().enumerate() {
        if state.marks != 0 {
            let digits: Vec<String> = (1..=64u8)
                .filter(|d| state.marks & (1 << (d - 1)) != 0)
                .map(|d| d.to_string())
                .collect();
            let _ = writeln!(
                text,
                "mark {} {}",
                cell_name(layout, cell),
                digits.join(" ")
            );
        }
    }
    let counters = game.counters;
    let _ = writeln!(text, "time {}", played.as_secs());
    let _ = writeln!(text, "moves {}", counters.moves);
    let _ = writeln!(text, "mistakes {}", counters.mistakes);
    let _ = writeln!(text, "hints {}", counters.hints);
    text
}

/// Reads a saved game; `file` names it in errors.
pub fn read_save(text: &str, file: &str) -> Result<SavedGame, SaveError> {
    let bad = |line: usize, message: String| SaveError::Line {
        file: file.to_string(),
        line,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .peekable();
    match lines.next() {
        Some((_, first)) if first.trim() == VERSION => {}
        Some((n, first)) => {
            return Err(bad(n, format!("expected `{VERSION}`, found `{first}`")));
        }
        None => {
            return Err(SaveError::Missing {
                file: file.to_string(),
                keyword: "sudoplay",
            })
        }
    }
    let mut layout: Option<Layout> = None;
    let mut puzzle: Option<(usize, String)> = None;
    let mut board: Option<(usize, String)> = None;
    let mut marks: Vec<(usize, String)> = Vec::new();
    let mut numbers = [None::<u64>; 4];
    while let Some((n, line)) = lines.next() {
        let (keyword, value) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let value = value.trim();
        match keyword {
            "layout" if value == "file" => {
                let mut source = String::new();
                while let Some((_, body)) = lines.next_if(|(_, l)| l.starts_with('|')) {
                    source.push_str(body[1..].strip_prefix(' ').unwrap_or(&body[1..]));
                    source.push('\n');
                }
                let parsed = parse_layout_file(&source, file)
                    .map_err(|e| bad(n, format!("the embedded layout file: {e}")))?;
                layout = Some(parsed);
            }
            "layout" => {
                let (name, size) = match value.split_once(' ') {
                    Some((name, size)) => (name, size.trim().parse().ok()),
                    None => (value, None),
                };
                if !matches!(name, "sudoku" | "x-sudoku" | "hanidoku") {
                    return Err(bad(
                        n,
                        format!("expected layout sudoku N, x-sudoku N, hanidoku or file, found `{value}`"),
                    ));
                }
                layout = Some(Layout::resolve(name, size).map_err(|e| bad(n, e.to_string()))?);
            }
            "puzzle" => puzzle = Some((n, value.to_string())),
            "board" => board = Some((n, value.to_string())),
            "mark" => marks.push((n, value.to_string())),
            "time" | "moves" | "mistakes" | "hints" => {
                let slot = ["time", "moves", "mistakes", "hints"]
                    .iter()
                    .position(|k| *k == keyword)
                    .unwrap_or(0);
                let number = value
                    .parse()
                    .map_err(|_| bad(n, format!("expected a whole number after {keyword}, found `{value}`")))?;
                numbers[slot] = Some(number);
            }
            other => {
                return Err(bad(
                    n,
                    format!("unknown keyword `{other}` (expected layout, puzzle, board, mark, time, moves, mistakes or hints)"),
                ))
            }
        }
    }
    let missing = |keyword| SaveError::Missing {
        file: file.to_string(),
        keyword,
    };
    let layout = layout.ok_or_else(|| missing("layout"))?;
    let (puzzle_line, puzzle) = puzzle.ok_or_else(|| missing("puzzle"))?;
    let (board_line, board) = board.ok_or_else(|| missing("board"))?;
    let read_grid = |line: usize, text: &str, conflicts: bool| -> Result<Grid, SaveError> {
        let mut grids = parse_puzzles_for(text, &layout, conflicts)
            .map_err(|e| bad(line, format!("not a {} board: {e}", layout.name())))?;
        match grids.len() {
            1 => Ok(grids.remove(0).grid),
            found => Err(bad(line, format!("expected one board, found {found}"))),
        }
    };
    let givens = read_grid(puzzle_line, &puzzle, false)?;
    let digits = read_grid(board_line, &board, true)?;
    let mut cells: Vec<CellState> = digits
        .cells()
        .iter()
        .map(|&digit| CellState { digit, marks: 0 })
        .collect();
    for (cell, (&given, state)) in givens.cells().iter().zip(&cells).enumerate() {
        if given != 0 && state.digit != given {
            return Err(bad(
                board_line,
                format!(
                    "{} holds {} but the puzzle gives {given}",
                    cell_name(&layout, cell),
                    state.digit
                ),
            ));
        }
    }
    for (n, value) in marks {
        let mut words = value.split_whitespace();
        let name = words.next().unwrap_or("");
        let cell = (0..layout.num_cells())
            .find(|&c| cell_name(&layout, c) == name)
            .ok_or_else(|| bad(n, format!("expected a cell such as r1c1, found `{name}`")))?;
        for word in words {
            match word.parse::<u8>() {
                Ok(d) if d >= 1 && usize::from(d) <= layout.size() => {
                    cells[cell].marks |= 1 << (d - 1);
                }
                _ => {
                    return Err(bad(
                        n,
                        format!(
                            "expected digits 1..={} after {name}, found `{word}`",
                            layout.size()
                        ),
                    ))
                }
            }
        }
    }
    let [time, moves, mistakes, hints] = numbers;
    Ok(SavedGame {
        layout,
        givens,
        cells,
        counters: Counters {
            moves: moves.unwrap_or(0),
            mistakes: mistakes.unwrap_or(0),
            hints: hints.unwrap_or(0),
        },
        played: Duration::from_secs(time.unwrap_or(0)),
    })
}
