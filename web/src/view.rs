//! What the page draws after each call, as JSON: the cells with their digits, marks and
//! flags (each with its ARIA label), the counters, the clock, the message and the hint.

use serde::Serialize;

/// One cell as the page shows it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CellView {
    /// The digit, 0 for none.
    pub d: u8,
    /// A given of the puzzle.
    #[serde(skip_serializing_if = "is_false")]
    pub given: bool,
    /// The digits shown as pencil marks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<u8>,
    /// The marks shown are auto candidates (or the tutor's), not the player's own.
    #[serde(skip_serializing_if = "is_false")]
    pub auto: bool,
    /// Marks the hint shown takes out (struck through).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub struck: Vec<u8>,
    /// `same` (the highlighted digit), `rule` (breaks a rule), `wrong` (not the
    /// solution's digit), `missing` (its marks leave out its digit), `target`,
    /// `pattern` and `house` (the hint's cells).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<&'static str>,
    /// What a screen reader says.
    pub label: String,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// The hint being shown.
#[derive(Clone, Debug, Serialize)]
pub struct HintView {
    /// 1: named; 2: cells shown; 3: applied.
    pub level: u8,
    /// The technique and where ("Hidden Single in box 7"), or the mistake.
    pub headline: String,
    /// The text at this level.
    pub text: String,
}

/// Everything the page draws.
#[derive(Clone, Debug, Serialize)]
pub struct View<'a> {
    /// What is played ("9x9 sudoku · daily 2024-05-01").
    pub title: &'a str,
    /// The board's name ("9x9 sudoku").
    pub board: &'a str,
    /// The puzzle has one solution (hints, checks against it).
    pub unique: bool,
    /// Every cell, in reading order.
    pub cells: Vec<CellView>,
    /// The selected cell.
    pub selected: usize,
    /// The digit highlighted everywhere.
    pub highlight: Option<u8>,
    /// Digits make pencil marks.
    pub pencil: bool,
    /// Auto candidates are shown.
    pub auto: bool,
    /// A first digit waiting for the second.
    pub pending: Option<u8>,
    /// For each digit, how many more go on the board (`None` when unknown).
    pub left: Option<Vec<usize>>,
    /// Moves made.
    pub moves: u64,
    /// Digits placed that differ from the solution.
    pub mistakes: u64,
    /// Hints taken.
    pub hints: u64,
    /// Moves undo can take back.
    pub undo: usize,
    /// Moves redo can make again.
    pub redo: usize,
    /// Time played, in milliseconds.
    pub clock_ms: f64,
    /// The clock runs (the page ticks it between views).
    pub running: bool,
    /// Paused: the board is hidden.
    pub paused: bool,
    /// Every cell filled and no rule broken.
    pub solved: bool,
    /// The message.
    pub message: &'a str,
    /// `info`, `error` or `good`.
    pub tone: &'static str,
    /// A check offers the comparison with the solution.
    pub offer_compare: bool,
    /// The hint being shown, while the board is as the hint found it.
    pub hint: Option<HintView>,
}
