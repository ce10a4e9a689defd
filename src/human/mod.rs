//! Human solving techniques on every board: steps a person can follow, simplest first.
//!
//! A [`Step`] is a placement or a set of eliminations, named by its technique (HoDoKu's
//! names: "Hidden Single", "X-Wing", "Discontinuous Nice Loop"), with the cells and
//! houses it uses and a sentence. The [`Tutor`] finds the next step for a board (digits
//! and candidates) of a puzzle whose unique solution is known, trying the techniques of
//! the ladder in order, and checks every step against that solution before returning
//! it: a step that disagrees is a bug, recorded in [`Tutor::wrong_steps`] and never
//! returned.
//!
//! The techniques work on any layout whose houses are "all different" (square boards of
//! any size, jigsaw, X-Sudoku, windoku, extra houses) through [`Topology`]: a house with
//! as many cells as digits needs every digit, a shorter one only forbids repeats. The
//! honeycomb's consecutive-run lines add the run rules (`lines`, on the arithmetic of
//! [`crate::layout::runs`]). Rows and columns by number (fish, rectangles) exist on
//! square boards only.
//!
//! Modules, one per technique family: `singles`, `lines` (the run rules), ...; `table`
//! holds one row per technique (name, code, value, finder, its places in the tutor's and
//! the rater's order); `ladder` runs a row's finder; `rating` gives Sudoku Explainer's
//! scale. Nothing here draws or
//! reads a terminal: the game (`crate::play`, `cli::sudoplay`) shows the steps.

mod aligned;
mod board;
mod bug;
mod chains;
mod fish;
mod forcing;
mod intersections;
mod ladder;
pub mod limits;
mod lines;
mod loops;
mod nested;
mod patterns;
mod propagation;
mod quick;
pub mod rating;
pub mod reglib;
mod se_chains;
mod search;
mod singles;
mod step;
mod strong_links;
mod subsets;
pub mod table;
mod technique;
mod templates;
mod topology;
mod unique_loops;
mod uniqueness;
mod view;
mod wings;
mod xchains;

#[cfg(test)]
mod tests;

pub use board::Board;
pub use ladder::all_steps;
pub use step::{cell_name, Chainer, Effect, Step};
pub use technique::Technique;
pub use topology::{Region, Rule, Topology};
pub use view::{Collect, Options, Premise};

use crate::grid::Grid;
use crate::layout::Layout;
use view::{Found, View};

/// Where a board departs from the solution: no reasoning is sound on it until fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A placed digit that is not the solution's.
    WrongDigit {
        /// The cell.
        cell: usize,
        /// The digit there.
        digit: u8,
        /// The solution's digit.
        correct: u8,
    },
    /// An empty cell whose candidates lack the solution's digit.
    MissingCandidate {
        /// The cell.
        cell: usize,
        /// The solution's digit, missing from the marks.
        digit: u8,
    },
}

/// What the tutor has to say about a board.
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// Every cell holds the solution's digit.
    Solved,
    /// The board holds a mistake (the first in reading order).
    Mistake(Mistake),
    /// The next step.
    Step(Step),
}

/// Finds steps for the boards of one puzzle, whose unique solution is known.
pub struct Tutor {
    layout: Layout,
    topo: Topology,
    solution: Vec<u8>,
    techniques: Vec<Technique>,
    wrong: Vec<String>,
}

impl Tutor {
    /// A tutor for puzzles of `layout` whose unique solution is `solution` (proven
    /// unique by the caller: the uniqueness techniques rely on it). It hints every
    /// technique of the table but the rater-only ones (`table::Use`).
    pub fn new(layout: &Layout, solution: &Grid) -> Tutor {
        Tutor {
            layout: layout.clone(),
            topo: Topology::new(layout),
            solution: solution.cells().to_vec(),
            techniques: Technique::ALL
                .into_iter()
                .filter(|t| t.row().used == table::Use::Hinted)
                .collect(),
            wrong: Vec::new(),
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The regions of the layout as the techniques see them.
    pub fn topology(&self) -> &Topology {
        &self.topo
    }

    /// The solution's digits.
    pub fn solution(&self) -> &[u8] {
        &self.solution
    }

    /// Restricts the ladder to `techniques` (in ladder order); search stays last.
    pub fn set_techniques(&mut self, techniques: &[Technique]) {
        self.techniques = Technique::ALL
            .into_iter()
            .filter(|t| techniques.contains(t) || *t == Technique::Search)
            .collect();
    }

    /// Steps that disagreed with the solution and were dropped: each a bug in a
    /// technique. Empty unless something is wrong.
    pub fn wrong_steps(&self) -> &[String] {
        &self.wrong
    }

    /// The board's first mistake, if any.
    pub fn mistake(&self, board: &Board) -> Option<Mistake> {
        for (cell, &correct) in self.solution.iter().enumerate() {
            let digit = board.digit(cell);
            if digit != 0 && digit != correct {
                return Some(Mistake::WrongDigit {
                    cell,
                    digit,
                    correct,
                });
            }
        }
        for (cell, &correct) in self.solution.iter().enumerate() {
            if board.digit(cell) == 0 && !board.has(cell, correct) {
                return Some(Mistake::MissingCandidate {
                    cell,
                    digit: correct,
                });
            }
        }
        None
    }

    /// The next step for `board`: the first technique of the ladder that applies, its
    /// step checked against the solution.
    pub fn next(&mut self, board: &Board) -> Next {
        if let Some(mistake) = self.mistake(board) {
            return Next::Mistake(mistake);
        }
        if board.is_complete() {
            return Next::Solved;
        }
        // One view for the whole ladder: its caches (the dynamic branches of every
        // candidate) serve all the chain techniques of a step.
        let mut view = View::new(&self.layout, &self.topo, board, Premise::UniqueSolution);
        view.solution = Some(&self.solution);
        for &technique in &self.techniques {
            if let Some(step) = first_in(&view, technique, &self.solution, &mut self.wrong) {
                return Next::Step(step);
            }
        }
        unreachable!("search always finds a step on an unsolved board without mistakes")
    }

    /// The first correct step of `technique` on `board`, if any.
    pub fn first(&mut self, board: &Board, technique: Technique) -> Option<Step> {
        let mut view = View::new(&self.layout, &self.topo, board, Premise::UniqueSolution);
        view.solution = Some(&self.solution);
        first_in(&view, technique, &self.solution, &mut self.wrong)
    }

    /// The steps from `board` to the solution, each applied in turn (at most one per
    /// empty cell and candidate, so it ends).
    pub fn solve(&mut self, board: &Board) -> Vec<Step> {
        let mut board = board.clone();
        let mut steps = Vec::new();
        while let Next::Step(step) = self.next(&board) {
            board.apply_with(&self.topo, &step);
            steps.push(step);
        }
        steps
    }
}

/// The first correct step of `technique` on the view; a step that disagrees with the
/// solution is a bug, recorded in `wrong` and never returned.
fn first_in(
    view: &View,
    technique: Technique,
    solution: &[u8],
    wrong: &mut Vec<String>,
) -> Option<Step> {
    let mut found = Found::new(Collect::First).only(technique);
    ladder::find(technique, view, &mut found);
    if found.steps.is_empty() {
        return None;
    }
    if found.steps[0].agrees_with(solution) {
        return found.steps.pop();
    }
    // A wrong step is a bug: record it, and look at all steps for a correct one.
    let mut all = Found::new(Collect::All).only(technique);
    ladder::find(technique, view, &mut all);
    let mut correct = None;
    for step in all.steps {
        if step.agrees_with(solution) {
            correct.get_or_insert(step);
        } else {
            let text = format!(
                "{}: {} ({})",
                step.technique,
                step.effects_text(view.layout),
                step.text
            );
            debug_assert!(false, "a step disagrees with the solution: {text}");
            if !wrong.contains(&text) {
                wrong.push(text);
            }
        }
    }
    correct
}
