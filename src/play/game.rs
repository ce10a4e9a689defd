//! The game: a board over a puzzle, the moves made on it, and their history.
//!
//! Every move is a list of [`Change`]s, one per cell it touched, each holding the cell's
//! whole state before and after (digit and pencil marks). Undo puts every `before` back,
//! redo every `after`, so undo returns *exactly* the earlier board, whatever the move was
//! (a digit, a pencil mark, a hint that corrected a mistake). A placed digit also takes
//! its pencil mark out of every peer (the cells that share a house or line with it), as
//! GNOME Sudoku and Simon Tatham's Solo do; those removals are part of the same move, so
//! one undo brings them back. A new move empties the redo list, as in every editor.
//! Counters (moves, mistakes, hints) and the clock are history, not board: undo does not
//! take them back.

use std::time::{Duration, Instant};

use super::candidates::{auto_candidates, marks_without_solution};
use super::PlayError;
use crate::check::{check_grid, Violation};
use crate::grid::Grid;
use crate::human::cell_name;
use crate::layout::Layout;

/// One cell's state: its digit (0 blank) and its pencil marks (bit d-1 for digit d).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellState {
    /// The digit, 0 for none.
    pub digit: u8,
    /// Pencil marks, bit d-1 for digit d.
    pub marks: u64,
}

/// One move: a cell's state before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The cell.
    pub cell: usize,
    /// Its state before the move.
    pub before: CellState,
    /// Its state after.
    pub after: CellState,
}

/// What a player can do to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Put a digit in a cell.
    Place(usize, u8),
    /// Empty a cell.
    Clear(usize),
    /// Add or remove a pencil mark.
    Mark(usize, u8),
    /// Take back the last move.
    Undo,
    /// Make the last undone move again.
    Redo,
}

/// Moves made, mistakes, hints: the numbers of the status line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Moves made (digits, clears, marks, hints); undo and redo are not moves.
    pub moves: u64,
    /// Digits placed that differ from the unique solution (that break a rule, when the
    /// puzzle has no unique solution).
    pub mistakes: u64,
    /// Hints taken.
    pub hints: u64,
}

/// A placed digit that breaks a rule: the cells to mark and the rule, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBreak {
    /// The placed (not given) cells involved.
    pub cells: Vec<usize>,
    /// e.g. `5 repeats in box 3`.
    pub text: String,
}

/// The time played: what earlier sessions played, plus the current run, if running.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    earlier: Duration,
    since: Option<Instant>,
}

impl Clock {
    /// A stopped clock showing `earlier`.
    pub fn new(earlier: Duration) -> Clock {
        Clock {
            earlier,
            since: None,
        }
    }

    /// Starts (or keeps) running from `now`.
    pub fn start(&mut self, now: Instant) {
        self.since.get_or_insert(now);
    }

    /// Stops at `now`, keeping the time played.
    pub fn stop(&mut self, now: Instant) {
        self.earlier = self.elapsed(now);
        self.since = None;
    }

    /// The time played up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.earlier + self.since.map_or(Duration::ZERO, |since| now - since)
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    layout: Layout,
    givens: Grid,
    cells: Vec<CellState>,
    /// The unique solution, when there is one.
    solution: Option<Grid>,
    undo: Vec<Vec<Change>>,
    redo: Vec<Vec<Change>>,
    /// The numbers of the status line.
    pub counters: Counters,
    /// The time played.
    pub clock: Clock,
    unsaved: bool,
}

impl Game {
    /// A new game on `givens` (a puzzle of `layout`); `solution` is its unique solution,
    /// `None` when it has several.
    pub fn new(layout: &Layout, givens: &Grid, solution: Option<Grid>) -> Game {
        let cells = givens
            .cells()
            .iter()
            .map(|&digit| CellState { digit, marks: 0 })
            .collect();
        Game {
            layout: layout.clone(),
            givens: givens.clone(),
            cells,
            solution,
            undo: Vec::new(),
            redo: Vec::new(),
            counters: Counters::default(),
            clock: Clock::default(),
            unsaved: false,
        }
    }

    /// A game resumed with these cell states (givens included) and counters.
    pub fn resumed(mut self, cells: Vec<CellState>, counters: Counters, played: Duration) -> Game {
        debug_assert_eq!(cells.len(), self.cells.len());
        self.cells = cells;
        self.counters = counters;
        self.clock = Clock::new(played);
        self
    }

    /// The board's layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The puzzle.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The unique solution, if the puzzle has one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    /// Every cell's state, in reading order.
    pub fn cells(&self) -> &[CellState] {
        &self.cells
    }

    /// The digits on the board (givens included, 0 blank).
    pub fn digits(&self) -> Vec<u8> {
        self.cells.iter().map(|state| state.digit).collect()
    }

    /// The board as a grid.
    pub fn grid(&self) -> Grid {
        Grid::for_layout(&self.layout, self.digits()).expect("digits stay within the layout")
    }

    /// True for a cell of the puzzle, which cannot change.
    pub fn is_given(&self, cell: usize) -> bool {
        self.givens.cells()[cell] != 0
    }

    /// True when moves were made since the game was started, resumed or saved.
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// Records that the game was saved.
    pub fn mark_saved(&mut self) {
        self.unsaved = false;
    }

    /// The cells that share a house or a line with `cell` (the cell itself not included).
    pub fn peers(&self, cell: usize) -> &[usize] {
        self.layout.peers(cell)
    }

    /// Moves that undo can take back, and that redo can make again.
    pub fn history(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// True when every cell is filled and no rule is broken.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|state| state.digit != 0)
            && check_grid(&self.grid(), &self.layout, Some(&self.givens), false).is_empty()
    }

    /// Does `action`; an error says why nothing changed.
    pub fn act(&mut self, action: Action) -> Result<(), PlayError> {
        match action {
            Action::Place(cell, digit) => {
                self.check_digit(digit)?;
                let before = self.editable(cell)?;
                if before.digit == digit {
                    return Err(PlayError::Unchanged(format!(
                        "{} already holds {digit}",
                        self.name(cell)
                    )));
                }
                self.count_mistake(cell, digit);
                self.change(cell, CellState { digit, ..before });
            }
            Action::Clear(cell) => {
                let before = self.editable(cell)?;
                if before.digit == 0 && before.marks == 0 {
                    return Err(PlayError::Unchanged(format!(
                        "{} is already empty",
                        self.name(cell)
                    )));
                }
                let after = if before.digit != 0 {
                    CellState { digit: 0, ..before }
                } else {
                    CellState::default()
                };
                self.change(cell, after);
            }
            Action::Mark(cell, digit) => {
                self.check_digit(digit)?;
                let before = self.editable(cell)?;
                if before.digit != 0 {
                    return Err(PlayError::Filled(self.name(cell)));
                }
                let marks = before.marks ^ (1 << (digit - 1));
                self.change(cell, CellState { marks, ..before });
            }
            Action::Undo => {
                let changes = self.undo.pop().ok_or(PlayError::NothingToUndo)?;
                for change in changes.iter().rev() {
                    self.cells[change.cell] = change.before;
                }
                self.redo.push(changes);
                self.unsaved = true;
            }
            Action::Redo => {
                let changes = self.redo.pop().ok_or(PlayError::NothingToRedo)?;
                for change in &changes {
                    self.cells[change.cell] = change.after;
                }
                self.undo.push(changes);
                self.unsaved = true;
            }
        }
        Ok(())
    }

    /// Makes a step of the technique ladder (a hint's third level) as one move: its digit
    /// placed (and cleared from the peers' marks), or its eliminations taken out of the
    /// pencil marks. A cell without marks first gets `shown`'s candidates (what the
    /// player sees or the tutor assumed), so that the eliminations show.
    pub fn apply_step(&mut self, step: &crate::human::Step, shown: &crate::human::Board) {
        match &step.effect {
            crate::human::Effect::Place { cell, digit } => {
                let before = self.cells[*cell];
                self.count_mistake(*cell, *digit);
                self.change(
                    *cell,
                    CellState {
                        digit: *digit,
                        ..before
                    },
                );
            }
            crate::human::Effect::Eliminate(list) => {
                let mut after: Vec<(usize, CellState)> = Vec::new();
                for &(cell, digit) in list {
                    if self.cells[cell].digit != 0 {
                        continue;
                    }
                    let index = match after.iter().position(|(c, _)| *c == cell) {
                        Some(index) => index,
                        None => {
                            let mut state = self.cells[cell];
                            if state.marks == 0 {
                                state.marks = shown.candidates(cell);
                            }
                            after.push((cell, state));
                            after.len() - 1
                        }
                    };
                    after[index].1.marks &= !(1u64 << (digit - 1));
                }
                self.change_cells(&after);
            }
        }
    }

    /// Adds the pencil mark `digit` to `cell` as one move (a hint that puts back a mark
    /// the player took out wrongly).
    pub fn restore_mark(&mut self, cell: usize, digit: u8) {
        let before = self.cells[cell];
        let after = CellState {
            marks: before.marks | 1 << (digit - 1),
            ..before
        };
        self.change_cells(&[(cell, after)]);
    }

    /// Counts a hint taken (the status line's `hints`).
    pub fn count_hint(&mut self) {
        self.counters.hints += 1;
    }

    /// Every placed digit that breaks a rule, rule by rule (repeats in a house, and gaps
    /// in a honeycomb line's run).
    pub fn rule_breaks(&self) -> Vec<RuleBreak> {
        let placed = |cell: &usize| !self.is_given(*cell) && self.cells[*cell].digit != 0;
        let mut breaks = Vec::new();
        for violation in check_grid(&self.grid(), &self.layout, Some(&self.givens), true) {
            match violation {
                Violation::Repeat {
                    house,
                    index,
                    digit,
                    cells,
                } => breaks.push(RuleBreak {
                    cells: cells
                        .iter()
                        .map(|&(r, c)| self.layout.cell(r - 1, c - 1))
                        .filter(placed)
                        .collect(),
                    text: format!("{digit} repeats in {house} {index}"),
                }),
                Violation::Gap {
                    house,
                    index,
                    missing,
                    ..
                } => {
                    let line = self
                        .layout
                        .lines()
                        .iter()
                        .find(|line| line.kind == house && line.index + 1 == index);
                    let missing: Vec<String> = missing.iter().map(u8::to_string).collect();
                    breaks.push(RuleBreak {
                        cells: line.map_or_else(Vec::new, |line| {
                            line.cells.iter().copied().filter(placed).collect()
                        }),
                        text: format!("{house} {index} skips {}", missing.join(", ")),
                    });
                }
                _ => {}
            }
        }
        breaks
    }

    /// Every cell's auto candidates (bit d-1 for digit d; 0 for a filled cell): the
    /// digits its peers and its run lines leave it (see [`super::candidates`]).
    pub fn auto_candidates(&self) -> Vec<u64> {
        auto_candidates(&self.layout, &self.digits())
    }

    /// The empty cells whose pencil marks leave out the solution's digit (none without a
    /// unique solution).
    pub fn marks_without_solution(&self) -> Vec<usize> {
        let marks: Vec<u64> = self.cells.iter().map(|state| state.marks).collect();
        self.solution.as_ref().map_or_else(Vec::new, |solution| {
            marks_without_solution(&self.digits(), &marks, solution)
        })
    }

    /// For each digit 1..=n (index d-1), how many more times it goes on the board: its
    /// count in the solution less its count on the board (never below 0). `None` when
    /// the counts are unknown: no unique solution, and houses of `n` cells do not tile
    /// the board (on a square board each digit goes in once per row).
    pub fn digits_left(&self) -> Option<Vec<usize>> {
        let size = self.layout.size();
        let totals = match &self.solution {
            Some(solution) => count_digits(solution.cells(), size),
            None => vec![self.tiling_houses()?; size],
        };
        let placed = count_digits(&self.digits(), size);
        Some(
            totals
                .iter()
                .zip(&placed)
                .map(|(total, placed)| total.saturating_sub(*placed))
                .collect(),
        )
    }

    /// How many houses of one kind, each of `n` cells, cover every cell once (each digit
    /// then appears that many times), if some kind does.
    fn tiling_houses(&self) -> Option<usize> {
        let size = self.layout.size();
        let mut kinds: Vec<_> = self.layout.houses().iter().map(|h| h.kind).collect();
        kinds.dedup();
        kinds.into_iter().find_map(|kind| {
            let houses: Vec<_> = self
                .layout
                .houses()
                .iter()
                .filter(|h| h.kind == kind)
                .collect();
            let mut covered = vec![0u8; self.layout.num_cells()];
            for house in &houses {
                for &cell in &house.cells {
                    covered[cell] += 1;
                }
            }
            (houses.iter().all(|h| h.cells.len() == size) && covered.iter().all(|&c| c == 1))
                .then_some(houses.len())
        })
    }

    /// The placed cells whose digit differs from the unique solution (`None` without one).
    pub fn differences(&self) -> Option<Vec<usize>> {
        let solution = self.solution.as_ref()?;
        Some(
            (0..self.cells.len())
                .filter(|&cell| {
                    let digit = self.cells[cell].digit;
                    digit != 0 && digit != solution.cells()[cell]
                })
                .collect(),
        )
    }

    fn name(&self, cell: usize) -> String {
        cell_name(&self.layout, cell)
    }

    fn check_digit(&self, digit: u8) -> Result<(), PlayError> {
        if digit == 0 || usize::from(digit) > self.layout.size() {
            return Err(PlayError::NotADigit {
                digit,
                size: self.layout.size(),
            });
        }
        Ok(())
    }

    /// The state of `cell`, if the player may change it.
    fn editable(&self, cell: usize) -> Result<CellState, PlayError> {
        let state = *self.cells.get(cell).ok_or(PlayError::NoCell(cell))?;
        if self.is_given(cell) {
            return Err(PlayError::Given(self.name(cell)));
        }
        Ok(state)
    }

    fn count_mistake(&mut self, cell: usize, digit: u8) {
        let wrong = match &self.solution {
            Some(solution) => solution.cells()[cell] != digit,
            None => self
                .layout
                .groups()
                .filter(|group| group.cells.contains(&cell))
                .any(|group| {
                    group
                        .cells
                        .iter()
                        .any(|&o| o != cell && self.cells[o].digit == digit)
                }),
        };
        if wrong {
            self.counters.mistakes += 1;
        }
    }

    /// One move: `cell` becomes `after`; a digit placed there leaves its peers' marks.
    fn change(&mut self, cell: usize, after: CellState) {
        let before = self.cells[cell];
        self.cells[cell] = after;
        let mut changes = vec![Change {
            cell,
            before,
            after,
        }];
        if after.digit != 0 {
            let bit = 1u64 << (after.digit - 1);
            for &peer in self.layout.peers(cell) {
                let before = self.cells[peer];
                if before.digit == 0 && before.marks & bit != 0 {
                    let after = CellState {
                        marks: before.marks & !bit,
                        ..before
                    };
                    self.cells[peer] = after;
                    changes.push(Change {
                        cell: peer,
                        before,
                        after,
                    });
                }
            }
        }
        self.undo.push(changes);
        self.redo.clear();
        self.counters.moves += 1;
        self.unsaved = true;
    }

    /// One move over several cells (no digit placed: marks only).
    fn change_cells(&mut self, after: &[(usize, CellState)]) {
        let changes: Vec<Change> = after
            .iter()
            .filter(|(cell, state)| self.cells[*cell] != *state)
            .map(|&(cell, state)| Change {
                cell,
                before: self.cells[cell],
                after: state,
            })
            .collect();
        if changes.is_empty() {
            return;
        }
        for change in &changes {
            self.cells[change.cell] = change.after;
        }
        self.undo.push(changes);
        self.redo.clear();
        self.counters.moves += 1;
        self.unsaved = true;
    }
}

/// How often each digit 1..=`size` occurs in `digits` (index d-1).
fn count_digits(digits: &[u8], size: usize) -> Vec<usize> {
    let mut counts = vec![0; size];
    for &digit in digits {
        if digit != 0 && usize::from(digit) <= size {
            counts[usize::from(digit) - 1] += 1;
        }
    }
    counts
}
