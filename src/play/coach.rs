//! Hints in three levels, from the technique ladder ([`crate::human`]), as HoDoKu's and
//! SudokuWiki's solvers give them: the first names the technique and where it applies
//! ("Hidden Single in row 4"), the second shows the cells and the reasoning, the third
//! makes the step: a digit placed, or candidates taken out of the pencil marks.
//!
//! The tutor reasons on the candidates the player has: the pencil marks of each cell that
//! has some, and otherwise every digit its peers allow (with auto candidates on, what the
//! board shows, run trims included). So a step builds on the player's own eliminations,
//! and a step applied shows in the marks. A placed digit that is wrong, or marks that
//! leave out the cell's digit, are told first (the same three levels: named, shown,
//! corrected), since no reasoning is sound on such a board. Search stays the ladder's
//! last rung, for the few boards no technique moves.

use super::game::{CellState, Game};
use crate::human::{Board, Effect, Mistake, Next, Step, Technique, Tutor};
use crate::layout::Layout;

/// What a hint is about.
#[derive(Clone, Debug, PartialEq)]
pub enum Advice {
    /// A step of the ladder.
    Step(Step),
    /// A mistake on the board, to be corrected first.
    Mistake(Mistake),
}

/// One hint, and how far it has been shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The step or the mistake.
    pub advice: Advice,
    /// 1: named; 2: cells shown; 3: applied.
    pub level: u8,
    /// The candidates the tutor reasoned on (eliminations are applied to these).
    pub board: Board,
    /// The cells of the board when the hint was found: a change starts a new hint.
    cells: Vec<CellState>,
}

impl Lesson {
    /// The first level's text: the technique and where ("Hidden Single in row 4"), or the
    /// kind of mistake and its cell.
    pub fn headline(&self, layout: &Layout) -> String {
        match &self.advice {
            Advice::Step(step) => step.headline(),
            Advice::Mistake(Mistake::WrongDigit { cell, digit, .. }) => format!(
                "A mistake: {digit} in {} is not the solution's digit",
                crate::human::cell_name(layout, *cell)
            ),
            Advice::Mistake(Mistake::MissingCandidate { cell, .. }) => format!(
                "A mistake: the pencil marks of {} leave out its digit",
                crate::human::cell_name(layout, *cell)
            ),
        }
    }

    /// The second level's text: the reasoning, in a sentence or two.
    pub fn reasoning(&self, layout: &Layout) -> String {
        match &self.advice {
            Advice::Step(step) => step.text.clone(),
            Advice::Mistake(Mistake::WrongDigit { cell, .. }) => format!(
                "{} breaks no rule yet, but the puzzle's only solution has another digit there.",
                crate::human::cell_name(layout, *cell)
            ),
            Advice::Mistake(Mistake::MissingCandidate { cell, .. }) => format!(
                "Every digit that can still go in {} was taken out of its marks.",
                crate::human::cell_name(layout, *cell)
            ),
        }
    }

    /// The third level's text: what was done, `r4c7=6` or `r2c3<>5 r2c8<>5`.
    pub fn effect_text(&self, layout: &Layout) -> String {
        match &self.advice {
            Advice::Step(step) => step.effects_text(layout),
            Advice::Mistake(Mistake::WrongDigit { cell, correct, .. }) => {
                format!("{}={correct}", crate::human::cell_name(layout, *cell))
            }
            Advice::Mistake(Mistake::MissingCandidate { cell, digit }) => {
                format!("{} marks +{digit}", crate::human::cell_name(layout, *cell))
            }
        }
    }

    /// The cells the reasoning uses (the pattern), ascending.
    pub fn pattern(&self) -> Vec<usize> {
        match &self.advice {
            Advice::Step(step) => step.cells.clone(),
            Advice::Mistake(_) => Vec::new(),
        }
    }

    /// The cells the step changes, ascending.
    pub fn targets(&self) -> Vec<usize> {
        let mut cells = match &self.advice {
            Advice::Step(step) => match &step.effect {
                Effect::Place { cell, .. } => vec![*cell],
                Effect::Eliminate(list) => list.iter().map(|&(cell, _)| cell).collect(),
            },
            Advice::Mistake(Mistake::WrongDigit { cell, .. })
            | Advice::Mistake(Mistake::MissingCandidate { cell, .. }) => vec![*cell],
        };
        cells.dedup();
        cells
    }

    /// The candidates the step takes out (cell, digit), if it eliminates.
    pub fn eliminations(&self) -> &[(usize, u8)] {
        match &self.advice {
            Advice::Step(Step {
                effect: Effect::Eliminate(list),
                ..
            }) => list,
            _ => &[],
        }
    }

    /// The houses and lines the step uses, as indices into `layout.groups()`.
    pub fn groups(&self) -> &[usize] {
        match &self.advice {
            Advice::Step(step) => &step.groups,
            Advice::Mistake(_) => &[],
        }
    }
}

/// What a cell without pencil marks stands for when the coach reads the player's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unmarked {
    /// Every digit the cell's peers allow (the player shows no candidates).
    AllDigits,
    /// The game's auto candidates (the player shows them).
    AutoCandidates,
}

impl Unmarked {
    /// [`Unmarked::AutoCandidates`] while the player shows auto candidates, else
    /// [`Unmarked::AllDigits`].
    pub fn shown(auto_candidates: bool) -> Unmarked {
        if auto_candidates {
            Unmarked::AutoCandidates
        } else {
            Unmarked::AllDigits
        }
    }
}

/// Hints in levels for one game whose unique solution is known.
pub struct Coach {
    tutor: Tutor,
    lesson: Option<Lesson>,
}

impl Coach {
    /// A coach for `game`; `None` without a unique solution (no step is sound then).
    pub fn new(game: &Game) -> Option<Coach> {
        let solution = game.solution()?;
        Some(Coach {
            tutor: Tutor::new(game.layout(), solution),
            lesson: None,
        })
    }

    /// The hint being shown, while the board is as it was when the hint was found.
    pub fn lesson(&self, game: &Game) -> Option<&Lesson> {
        self.lesson.as_ref().filter(|l| l.cells == game.cells())
    }

    /// The candidates the tutor reasons on: each cell's pencil marks, or, for a cell
    /// without any, `unmarked`'s candidates (every digit when `None`); always within
    /// what the cell's peers allow.
    pub fn board(game: &Game, unmarked: Option<&[u64]>) -> Board {
        let marks: Vec<u64> = game
            .cells()
            .iter()
            .enumerate()
            .map(|(cell, state)| match (state.marks, unmarked) {
                (0, Some(auto)) => auto[cell],
                (marks, _) => marks,
            })
            .collect();
        Board::with_marks(game.layout(), &game.digits(), &marks)
    }

    /// The next level of the hint for `game` (a new hint at level 1 when the board
    /// changed since the last one, or the last was applied); `unmarked` says what a cell
    /// without marks stands for. Level 3 makes the step on the game as one move. `None`
    /// when the board is solved.
    pub fn press(&mut self, game: &mut Game, unmarked: Unmarked) -> Option<&Lesson> {
        let current = self
            .lesson
            .as_ref()
            .is_some_and(|l| l.cells == game.cells() && l.level < 3);
        if current {
            let lesson = self.lesson.as_mut().expect("checked above");
            lesson.level += 1;
            if lesson.level == 3 {
                match &lesson.advice {
                    Advice::Step(step) => game.apply_step(step, &lesson.board),
                    Advice::Mistake(Mistake::WrongDigit { cell, correct, .. }) => {
                        let place = Effect::Place {
                            cell: *cell,
                            digit: *correct,
                        };
                        let step = Step::new(Technique::NakedSingle, place);
                        game.apply_step(&step, &lesson.board);
                    }
                    Advice::Mistake(Mistake::MissingCandidate { cell, digit }) => {
                        game.restore_mark(*cell, *digit);
                    }
                }
                lesson.cells = game.cells().to_vec();
            }
            return self.lesson.as_ref();
        }
        let auto = (unmarked == Unmarked::AutoCandidates).then(|| game.auto_candidates());
        let board = Coach::board(game, auto.as_deref());
        let advice = match self.tutor.next(&board) {
            Next::Solved => {
                self.lesson = None;
                return None;
            }
            Next::Mistake(mistake) => Advice::Mistake(mistake),
            Next::Step(step) => Advice::Step(step),
        };
        game.count_hint();
        self.lesson = Some(Lesson {
            advice,
            level: 1,
            board,
            cells: game.cells().to_vec(),
        });
        self.lesson.as_ref()
    }

    /// Steps the tutor dropped for disagreeing with the solution (bugs; empty).
    pub fn wrong_steps(&self) -> &[String] {
        self.tutor.wrong_steps()
    }
}
