//! The SAT level: a puzzle's difficulty by the reasoning a SAT solver needs (a second,
//! technical scale beside the rating, which is Sudoku Explainer's: `human::rating`).
//!
//! The model: the puzzle is the extended encoding of its layout (cell at-least-one and
//! at-most-one, per house and digit at-least-one and at-most-one, the run clauses of
//! Hanidoku lines) plus one unit clause per given. Its level is the first of:
//!
//! 1. **propagation**: unit propagation alone assigns every variable (this is what naked
//!    and hidden singles are, in SAT terms). Score 0.
//! 2. **probing**: failed-literal probing to a fixpoint solves it: for each unassigned
//!    "cell c holds d", assume it and propagate; a conflict proves "c does not hold d",
//!    which is propagated at the root; repeat while anything is learnt. Score: the number
//!    of failed literals found.
//! 3. **search**: neither suffices; a fresh CDCL solve of the formula is needed. Score:
//!    its conflict count (our CDCL, deterministic), a finer measure within the level.
//!
//! A puzzle on which propagation or probing finds a conflict at the root, or which the
//! CDCL proves unsatisfiable, is **unsolvable**. Uniqueness is not part of the rating.
//!
//! Propagation and probing run on the `reasons` module's `ReasonPropagator` (two watched
//! literals, a trail, undo to a mark), written for this purpose and independent of the
//! CDCL's.

use std::fmt;
use std::str::FromStr;

use super::{empty_grid_cnf, extended_cnf, GenError};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Var;
use crate::solver::cdcl::Solver;
use crate::solver::reasons::ReasonPropagator;
use crate::solver::Outcome;
use crate::VarMap;

/// A difficulty level, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SatLevel {
    /// Unit propagation alone solves it.
    Propagation,
    /// Failed-literal probing solves it.
    Probing,
    /// Search is needed.
    Search,
    /// No solution (a contradiction was found).
    Unsolvable,
}

impl SatLevel {
    /// The levels a generated puzzle can be asked for, easiest first.
    pub const SOLVABLE: [SatLevel; 3] =
        [SatLevel::Propagation, SatLevel::Probing, SatLevel::Search];

    /// The name used on the command line and in `rate` output.
    pub const fn name(self) -> &'static str {
        match self {
            SatLevel::Propagation => "propagation",
            SatLevel::Probing => "probing",
            SatLevel::Search => "search",
            SatLevel::Unsolvable => "unsolvable",
        }
    }
}

impl fmt::Display for SatLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for SatLevel {
    type Err = String;

    /// A SAT level's name (the words easy ... beyond name Sudoku Explainer's levels,
    /// `human::rating::SeLevel`).
    fn from_str(text: &str) -> Result<SatLevel, String> {
        match text {
            "propagation" => Ok(SatLevel::Propagation),
            "probing" => Ok(SatLevel::Probing),
            "search" => Ok(SatLevel::Search),
            other => Err(format!(
                "unknown SAT level `{other}` (expected propagation, probing or search)"
            )),
        }
    }
}

/// A level and the finer score within it (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatGrade {
    /// The level.
    pub level: SatLevel,
    /// 0 for propagation, failed literals for probing, CDCL conflicts for search.
    pub score: u64,
}

impl fmt::Display for SatGrade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.level, self.score)
    }
}

/// Rates puzzles of one layout, reusing the layout's clauses between puzzles.
pub struct SatGrader {
    layout: Layout,
    map: VarMap,
    propagator: ReasonPropagator,
}

impl SatGrader {
    /// A rater for `layout`.
    pub fn new(layout: &Layout) -> Result<SatGrader, GenError> {
        Ok(SatGrader {
            layout: layout.clone(),
            map: VarMap::for_layout(layout),
            propagator: ReasonPropagator::new(&empty_grid_cnf(layout)?),
        })
    }

    /// The rating of `puzzle` (a grid of this rater's layout).
    pub fn grade(&mut self, puzzle: &Grid) -> Result<SatGrade, GenError> {
        let unsolvable = SatGrade {
            level: SatLevel::Unsolvable,
            score: 0,
        };
        let p = &mut self.propagator;
        if p.reset().is_some() {
            return Ok(unsolvable);
        }
        let mut givens = puzzle
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != 0)
            .map(|(cell, &d)| self.map.cell_var(cell, d).positive());
        if !givens.all(|lit| p.assume(lit)) || p.propagate().is_some() {
            return Ok(unsolvable);
        }
        if p.complete() {
            return Ok(SatGrade {
                level: SatLevel::Propagation,
                score: 0,
            });
        }
        let mut failed = 0u64;
        loop {
            let mut progress = false;
            for index in 0..self.map.num_vars() {
                let lit = Var::from_index(index).positive();
                if p.value(lit) != 0 {
                    continue;
                }
                let mark = p.mark();
                p.assume(lit);
                let consistent = p.propagate().is_none();
                p.undo_to(mark);
                if !consistent {
                    failed += 1;
                    progress = true;
                    if !p.assume(!lit) || p.propagate().is_some() {
                        return Ok(unsolvable);
                    }
                    if p.complete() {
                        return Ok(SatGrade {
                            level: SatLevel::Probing,
                            score: failed,
                        });
                    }
                }
            }
            if !progress {
                break;
            }
        }
        self.search(puzzle)
    }

    /// The search level: a fresh CDCL solve, scored by its conflicts.
    fn search(&self, puzzle: &Grid) -> Result<SatGrade, GenError> {
        let cnf = extended_cnf(puzzle, &self.layout)?;
        let mut solver = Solver::new(&cnf);
        let level = match solver.solve() {
            Outcome::Sat(_) => SatLevel::Search,
            _ => SatLevel::Unsolvable,
        };
        Ok(SatGrade {
            level,
            score: solver.stats().conflicts,
        })
    }
}

/// Rates one puzzle (builds a [`SatGrader`]; use one rater for many puzzles).
pub fn sat_grade(puzzle: &Grid, layout: &Layout) -> Result<SatGrade, GenError> {
    SatGrader::new(layout)?.grade(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_puzzles, parse_puzzles_for, ParseOptions};

    fn grid(text: &str) -> Grid {
        parse_puzzles(text, &ParseOptions::default()).unwrap()[0]
            .grid
            .clone()
    }

    #[test]
    fn known_puzzles_get_their_levels() {
        let layout = Layout::square(9).unwrap();
        let mut rater = SatGrader::new(&layout).unwrap();
        // An easy newspaper puzzle (singles only).
        let easy = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(rater.grade(&easy).unwrap().level, SatLevel::Propagation);
        // Arto Inkala's "AI Escargot" and "world's hardest": beyond singles.
        let escargot = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let inkala = grid(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        for hard in [escargot, inkala] {
            let rating = rater.grade(&hard).unwrap();
            assert!(rating.level >= SatLevel::Probing, "{rating}");
        }
        // Two equal givens in a row: contradiction at the root.
        let mut broken = easy.clone();
        broken.set(0, 0, 3);
        assert_eq!(rater.grade(&broken).unwrap().level, SatLevel::Unsolvable);
        // The solved grid itself.
        let solved = grid(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        assert_eq!(
            rater.grade(&solved).unwrap(),
            SatGrade {
                level: SatLevel::Propagation,
                score: 0
            }
        );
    }

    #[test]
    fn the_empty_grid_needs_search_and_hanidoku_rates_too() {
        let layout = Layout::square(4).unwrap();
        let rating = sat_grade(&Grid::empty(4).unwrap(), &layout).unwrap();
        assert_eq!(rating.level, SatLevel::Search);
        let hani = Layout::hanidoku();
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/gen/hanidoku.txt"),
        )
        .unwrap();
        let puzzles = parse_puzzles_for(&text, &hani, false).unwrap();
        let mut rater = SatGrader::new(&hani).unwrap();
        for p in puzzles {
            assert_ne!(rater.grade(&p.grid).unwrap().level, SatLevel::Unsolvable);
        }
    }

    #[test]
    fn levels_parse_by_their_names_only() {
        assert_eq!("search".parse::<SatLevel>(), Ok(SatLevel::Search));
        // The words easy ... beyond are the rating's (`human::rating::SeLevel`).
        assert!("hard".parse::<SatLevel>().is_err());
        assert_eq!("probing".parse::<SatLevel>(), Ok(SatLevel::Probing));
        assert!("impossible".parse::<SatLevel>().is_err());
    }
}
