//! Difficulty by the reasoning a SAT solver needs.
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
//! Propagation and probing run on the `propagate` module's `Propagator` (two watched literals,
//! a trail, undo to a mark), written for this purpose and independent of the CDCL's.

use std::fmt;
use std::str::FromStr;

use super::{empty_grid_cnf, extended_cnf, GenError};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Var;
use crate::solver::cdcl::Solver;
use crate::solver::reasons::Propagator;
use crate::solver::Outcome;
use crate::VarMap;

/// A difficulty level, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Unit propagation alone solves it.
    Propagation,
    /// Failed-literal probing solves it.
    Probing,
    /// Search is needed.
    Search,
    /// No solution (a contradiction was found).
    Unsolvable,
}

impl Level {
    /// The levels a generated puzzle can be asked for, easiest first.
    pub const SOLVABLE: [Level; 3] = [Level::Propagation, Level::Probing, Level::Search];

    /// The name used on the command line and in `rate` output.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Propagation => "propagation",
            Level::Probing => "probing",
            Level::Search => "search",
            Level::Unsolvable => "unsolvable",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    /// A level name, or `easy`, `medium`, `hard` for the three solvable ones.
    fn from_str(text: &str) -> Result<Level, String> {
        match text {
            "propagation" | "easy" => Ok(Level::Propagation),
            "probing" | "medium" => Ok(Level::Probing),
            "search" | "hard" => Ok(Level::Search),
            other => Err(format!(
                "unknown difficulty `{other}` (expected propagation|easy, probing|medium or search|hard)"
            )),
        }
    }
}

/// A level and the finer score within it (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The level.
    pub level: Level,
    /// 0 for propagation, failed literals for probing, CDCL conflicts for search.
    pub score: u64,
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.level, self.score)
    }
}

/// Rates puzzles of one layout, reusing the layout's clauses between puzzles.
pub struct Rater {
    layout: Layout,
    map: VarMap,
    propagator: Propagator,
}

impl Rater {
    /// A rater for `layout`.
    pub fn new(layout: &Layout) -> Result<Rater, GenError> {
        Ok(Rater {
            layout: layout.clone(),
            map: VarMap::for_layout(layout),
            propagator: Propagator::new(&empty_grid_cnf(layout)?),
        })
    }

    /// The rating of `puzzle` (a grid of this rater's layout).
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, GenError> {
        let unsolvable = Rating {
            level: Level::Unsolvable,
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
            return Ok(Rating {
                level: Level::Propagation,
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
                        return Ok(Rating {
                            level: Level::Probing,
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
    fn search(&self, puzzle: &Grid) -> Result<Rating, GenError> {
        let cnf = extended_cnf(puzzle, &self.layout)?;
        let mut solver = Solver::new(&cnf);
        let level = match solver.solve() {
            Outcome::Sat(_) => Level::Search,
            _ => Level::Unsolvable,
        };
        Ok(Rating {
            level,
            score: solver.stats().conflicts,
        })
    }
}

/// Rates one puzzle (builds a [`Rater`]; use one rater for many puzzles).
pub fn rate(puzzle: &Grid, layout: &Layout) -> Result<Rating, GenError> {
    Rater::new(layout)?.rate(puzzle)
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
        let mut rater = Rater::new(&layout).unwrap();
        // An easy newspaper puzzle (singles only).
        let easy = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(rater.rate(&easy).unwrap().level, Level::Propagation);
        // Arto Inkala's "AI Escargot" and "world's hardest": beyond singles.
        let escargot = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let inkala = grid(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        for hard in [escargot, inkala] {
            let rating = rater.rate(&hard).unwrap();
            assert!(rating.level >= Level::Probing, "{rating}");
        }
        // Two equal givens in a row: contradiction at the root.
        let mut broken = easy.clone();
        broken.set(0, 0, 3);
        assert_eq!(rater.rate(&broken).unwrap().level, Level::Unsolvable);
        // The solved grid itself.
        let solved = grid(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        assert_eq!(
            rater.rate(&solved).unwrap(),
            Rating {
                level: Level::Propagation,
                score: 0
            }
        );
    }

    #[test]
    fn the_empty_grid_needs_search_and_hanidoku_rates_too() {
        let layout = Layout::square(4).unwrap();
        let rating = rate(&Grid::empty(4).unwrap(), &layout).unwrap();
        assert_eq!(rating.level, Level::Search);
        let hani = Layout::hanidoku();
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/gen/hanidoku.txt"),
        )
        .unwrap();
        let puzzles = parse_puzzles_for(&text, &hani, false).unwrap();
        let mut rater = Rater::new(&hani).unwrap();
        for p in puzzles {
            assert_ne!(rater.rate(&p.grid).unwrap().level, Level::Unsolvable);
        }
    }

    #[test]
    fn levels_parse_with_aliases() {
        assert_eq!("hard".parse::<Level>(), Ok(Level::Search));
        assert_eq!("probing".parse::<Level>(), Ok(Level::Probing));
        assert!("impossible".parse::<Level>().is_err());
    }
}
