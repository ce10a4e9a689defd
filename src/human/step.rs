//! [`Step`]: one move of the ladder, a placement or a set of eliminations, with the
//! technique, the cells and houses it uses and a sentence a person can follow.

use std::fmt::Write as _;

use super::technique::Technique;
use crate::grid::format::and_list;
use crate::layout::Layout;

/// What a step does to the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Place `digit` in `cell`.
    Place {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// Remove these (cell, digit) candidates, sorted by cell then digit.
    Eliminate(Vec<(usize, u8)>),
}

impl Effect {
    /// What the conclusion "`cell` is `digit`" (`holds`) or "`cell` is not `digit`" does:
    /// a placement, or the one candidate's removal.
    pub fn conclusion(cell: usize, digit: u8, holds: bool) -> Effect {
        if holds {
            Effect::Place { cell, digit }
        } else {
            Effect::Eliminate(vec![(cell, digit)])
        }
    }
}

/// Which of Sudoku Explainer's forcing-chain engines finds a chain step. SE runs them
/// as separate rungs, and its dynamic engine weighs its contradictions against its cell
/// and region chains in one pool; the rater groups steps the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chainer {
    /// Not a forcing chain of those engines.
    #[default]
    None,
    /// Alternating implications on the board as it stands (SE's multiple chains, 8.0).
    Static,
    /// Singles on the board as each assumption leaves it (SE's dynamic chains, 8.5).
    Dynamic,
    /// Dynamic, with locked candidates and pairs along the way (SE's "dynamic plus",
    /// 9.0).
    Plus,
}

/// One step of the ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// What it does.
    pub effect: Effect,
    /// Where it applies, for the first hint: "in row 4", "on 5 in columns 2 and 7".
    pub place: String,
    /// The cells the reasoning uses (the pattern, for highlighting), ascending.
    pub cells: Vec<usize>,
    /// The houses and lines it uses, as indices into `layout.groups()`.
    pub groups: Vec<usize>,
    /// The digits it is about, bit `d-1` for digit `d` (HoDoKu's "candidates" field:
    /// the digit placed, the digits eliminated by a chain, else the digits of the
    /// pattern).
    pub digits: u64,
    /// Links in the chain (chains, loops and forcing chains), 0 otherwise.
    pub length: usize,
    /// Its value on Sudoku Explainer's scale.
    pub difficulty: f64,
    /// The forcing-chain engine that found it ([`Chainer::None`] for other techniques).
    pub chainer: Chainer,
    /// The reasoning in one or two sentences.
    pub text: String,
}

impl Step {
    /// How many candidates it removes (none for a placement): SE's producers that sort
    /// their steps take, among equals, the one removing most.
    pub(crate) fn removals(&self) -> usize {
        match &self.effect {
            Effect::Eliminate(list) => list.len(),
            Effect::Place { .. } => 0,
        }
    }

    /// A step with no pattern details yet (builders fill them in).
    pub(crate) fn new(technique: Technique, effect: Effect) -> Step {
        let effect = match effect {
            Effect::Eliminate(mut list) => {
                list.sort_unstable();
                list.dedup();
                Effect::Eliminate(list)
            }
            place => place,
        };
        Step {
            technique,
            effect,
            place: String::new(),
            cells: Vec::new(),
            groups: Vec::new(),
            digits: 0,
            length: 0,
            difficulty: technique.base_difficulty(),
            chainer: Chainer::None,
            text: String::new(),
        }
    }

    /// "Hidden Single in row 4": the technique and where it applies (the first hint).
    pub fn headline(&self) -> String {
        if self.place.is_empty() {
            self.technique.name().to_string()
        } else {
            format!("{} {}", self.technique.name(), self.place)
        }
    }

    /// The effect as `r4c7=6`, or `r2c3<>5 r2c8<>5` for eliminations, with the cell
    /// names of `layout`.
    pub fn effects_text(&self, layout: &Layout) -> String {
        match &self.effect {
            Effect::Place { cell, digit } => format!("{}={digit}", cell_name(layout, *cell)),
            Effect::Eliminate(list) => {
                let mut out = String::new();
                for (i, &(cell, digit)) in list.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{}<>{digit}", cell_name(layout, cell));
                }
                out
            }
        }
    }

    /// True when every placement and elimination agrees with `solution` (the digits of
    /// the unique solution, in reading order).
    pub fn agrees_with(&self, solution: &[u8]) -> bool {
        match &self.effect {
            Effect::Place { cell, digit } => solution[*cell] == *digit,
            Effect::Eliminate(list) => list.iter().all(|&(cell, digit)| solution[cell] != digit),
        }
    }

    /// True when the step changes nothing on a board with these candidates (an
    /// elimination of candidates already gone).
    pub(crate) fn is_empty(&self) -> bool {
        matches!(&self.effect, Effect::Eliminate(list) if list.is_empty())
    }
}

/// The name people use for a cell: `r4c7`, 1-based row and column (on the honeycomb the
/// column counts within the row), as the game shows it.
///
/// ```
/// use sudosat::{human::cell_name, layout::Layout};
/// assert_eq!(cell_name(&Layout::square(9).unwrap(), 33), "r4c7");
/// assert_eq!(cell_name(&Layout::hanidoku(), 5), "r2c1");
/// ```
pub fn cell_name(layout: &Layout, cell: usize) -> String {
    let (row, col) = layout.position(cell);
    format!("r{}c{}", row + 1, col + 1)
}

/// Digits of a mask in words: "5", "5 and 7", "1, 5 and 7".
pub(crate) fn digits_text(mask: u64) -> String {
    let digits: Vec<String> = (0..64)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| (bit + 1).to_string())
        .collect();
    and_list(&digits)
}

/// Digits of a mask run together, as HoDoKu writes candidate sets: "157".
pub(crate) fn digits_compact(mask: u64) -> String {
    let digits: Vec<String> = (0..64)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| (bit + 1).to_string())
        .collect();
    if digits.iter().all(|d| d.len() == 1) {
        digits.concat()
    } else {
        digits.join(",")
    }
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
