//! Puzzles with exactly one solution, by digging holes in a random solved grid.
//!
//! Start from a random solution S (all cells given) and visit the cells once in random
//! order; remove a given when the puzzle stays unique.
//!
//! **Boards of houses only** (square Sudoku up to 31x31, X-Sudoku, jigsaw files) ask the
//! `bitboard` solver: is there a solution of the other givens without `S[c]` at c? Its
//! search is exhaustive, so the answer is a proof either way (a second solution, or
//! none); only a question beyond its node budget ([`BITBOARD_BUDGET`]) goes on to the
//! checks below. The verdicts are exact either way, so a seed gives the same puzzles as
//! when the CDCL answered every question, only sooner: `sudokugen puzzles 300`, user
//! time on the loaded 2-core VM, 0.81 s → 0.14 s (identical output), `--clues 28`
//! (100) 0.13 → 0.02 s, `--difficulty easy` (100) 0.59 → 0.13 s, X-Sudoku (100)
//! 0.49 → 0.11 s. A `--check-conflicts` budget only limits the CDCL, so on these
//! boards it matters only for questions beyond the node budget.
//!
//! **Other boards** (Hanidoku's run lines), and those questions, ask the CDCL that
//! holds the empty grid's clauses ([`super::checker_cnf`]: the `starts` line encoding,
//! with a variable per line and run start, on which the hard Hanidoku puzzles need about
//! 40% fewer conflicts than on `runs`): with the other givens and "cell c does not hold
//! `S[c]`" as a cube (literals true for that call), UNSAT means every solution still
//! has `S[c]` at c, so the only solution is still S. Cheaper evidence comes first, each piece sound
//! on its own: a cell whose other digits all appear among its group peers' givens is
//! forced (a naked single); unit propagation of the other givens that sets `S[c]` at c, or
//! that refutes "not `S[c]`", proves the removal safe; and a second solution found by a
//! short depth-first search over the same propagator (`propagate`, at most
//! [`WITNESS_BUDGET`] failed branches) proves it unsafe, and so does a second solution
//! the CDCL found for an earlier question (`witnesses`: kept with its symmetric images)
//! that fits the other givens and not `S[c]`. Only the
//! undecided rest goes to the CDCL, whose per-call cost (a full backtrack and heap
//! refill) dominates otherwise.
//!
//! The question goes to the CDCL as a cube ([`Solver::solve_cube`]: the literals are
//! facts for that call, learnt clauses short and dropped afterwards) rather than as
//! assumptions whose learnt clauses are kept: measured (release, user s, same run,
//! twice), 100 Hanidoku puzzles 0.89 → 0.48, 50 strictly minimal ones
//! (`--check-conflicts 0`) 19.0 → 9.3; 300 9x9 puzzles 0.36 either way, identical output.
//!
//! **One pass gives a minimal puzzle.** Removing a given never removes solutions (it
//! only drops a constraint). Suppose a given g was kept when visited: then the givens G_t
//! of that moment minus g had a second solution. The final givens G are a subset of G_t,
//! so G minus g is a subset of G_t minus g and has at least those solutions: at least
//! two. So no single given of the final puzzle can be removed, which is what minimal
//! means; no second pass is needed. The argument needs every kept given to have been
//! refuted; under a conflict budget ([`Request::check_conflicts`], Hanidoku's default)
//! a given whose check ran out is kept unrefuted, so the puzzle is unique but may not
//! be minimal.

use super::bitboard::BitBoard;
use super::random::RandomGrids;
use super::rate::{Level, Rater};
use super::symmetry::shuffled;
use super::witnesses::WitnessPool;
use super::GenError;
use crate::encode::decode_model;
use crate::grid::Grid;
use crate::human::rating::rate_with;
use crate::human::{Technique, Topology};
use crate::layout::Layout;
use crate::lit::Lit;
use crate::solver::cdcl::{Options, Solver};
use crate::solver::reasons::Propagator;
use crate::solver::Outcome;
use crate::VarMap;

/// Failed branches the witness search may take before the CDCL is asked.
pub const WITNESS_BUDGET: u32 = 30;

/// Search nodes the bitset solver may visit per uniqueness question before the CDCL is
/// asked. Depth-first search has heavy tails on sparse 16x16 boards (one question of 91
/// givens: 29 s, against 1.6 ms for the CDCL); the budget keeps such a question to a few
/// milliseconds before it changes hands.
pub const BITBOARD_BUDGET: u64 = 2_000;

/// How many givens to leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Dig until no given can be removed.
    Minimal,
    /// Stop at exactly this many givens (the attempt fails if one pass ends above it).
    Clues(usize),
}

/// What one puzzle must satisfy, and how hard to try.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// How many givens.
    pub target: Target,
    /// The difficulty level the rating must give, if any.
    pub difficulty: Option<Level>,
    /// Solved grids to dig before giving up on one puzzle.
    pub attempts: u64,
    /// Conflicts allowed per uniqueness check by the CDCL; `None` for no limit. A check
    /// that runs out keeps its given, so puzzles stay unique, but "minimal" then only
    /// means that no given could be removed within the budget (see [`Generator::dig`]).
    /// Boards of houses only are asked the exact bitset check first, which needs no
    /// such budget.
    pub check_conflicts: Option<u64>,
    /// The range the Sudoku Explainer-style rating (`human::rating`, ER) must fall in.
    pub rating: Option<(f64, f64)>,
    /// A technique the rating's path must use (the puzzle needs it, as far as the
    /// easiest-first path goes).
    pub technique: Option<Technique>,
}

/// A puzzle generator for one layout.
pub struct Generator {
    grids: RandomGrids,
    /// The uniqueness checker: the empty grid's clauses, givens as a cube. Kept apart
    /// from the solver that draws the grids, whose search it would otherwise steer (a
    /// shared Hanidoku solver drew grids 30 times slower after digging).
    checker: Solver,
    map: VarMap,
    /// For each cell, the other cells sharing a house or a line with it.
    peers: Vec<Vec<usize>>,
    /// Propagation and witness search over the checker's clauses.
    propagator: Propagator,
    /// The exact bitset check, on boards made of houses only.
    bitboard: Option<BitBoard>,
    /// Second solutions found so far, with their images, for later questions.
    witnesses: WitnessPool,
    /// Scratch: the assumptions of one uniqueness question.
    assumptions: Vec<Lit>,
    /// Scratch: the other givens of one uniqueness question, as (cell, digit).
    givens: Vec<(usize, u8)>,
    /// The rater of `--difficulty`, built on first use and kept for every candidate.
    rater: Option<Rater>,
    /// The regions the human techniques of `--rating` and `--technique` work on.
    topology: Option<Topology>,
}

impl Generator {
    /// A generator for `layout`, reproducible from `seed`.
    pub fn new(layout: &Layout, seed: u64) -> Result<Generator, GenError> {
        let mut peers = vec![Vec::new(); layout.num_cells()];
        for group in layout.groups() {
            for &a in &group.cells {
                peers[a].extend(group.cells.iter().copied().filter(|&b| b != a));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let checker = super::checker_cnf(layout)?;
        Ok(Generator {
            grids: RandomGrids::new(layout, seed)?,
            // Column decisions from the first check: the checks that reach the CDCL are
            // the ones cheaper evidence left open, second solutions of near-minimal
            // puzzles above all (docs/experiments.md, "Hanidoku per core", "Round 5").
            checker: Solver::with_options(
                &checker,
                Options {
                    decide_columns: 0,
                    ..Options::default()
                },
            ),
            propagator: Propagator::new(&checker),
            bitboard: BitBoard::for_layout(layout),
            map: VarMap::for_layout(layout),
            peers,
            witnesses: WitnessPool::new(layout),
            assumptions: Vec::new(),
            givens: Vec::new(),
            rater: None,
            topology: None,
        })
    }

    /// Checks a request against the layout before any work.
    pub fn check(&self, request: &Request) -> Result<(), GenError> {
        let layout = self.grids.layout();
        if let Target::Clues(clues) = request.target {
            if clues == 0 || clues > layout.num_cells() {
                return Err(GenError::BadClues {
                    clues,
                    cells: layout.num_cells(),
                    layout: layout.name().to_string(),
                });
            }
        }
        Ok(())
    }

    /// The next puzzle meeting `request`, or [`GenError::Budget`] after
    /// `request.attempts` solved grids.
    pub fn next(&mut self, request: &Request) -> Result<Grid, GenError> {
        self.check(request)?;
        for _ in 0..request.attempts {
            let solution = self.grids.next_grid()?;
            self.checker.set_conflict_limit(request.check_conflicts);
            let dug = self.dig(&solution, request.target);
            self.checker.set_conflict_limit(None);
            let Some(puzzle) = dug else {
                continue;
            };
            if let Some(level) = request.difficulty {
                let rater = match &mut self.rater {
                    Some(rater) => rater,
                    empty => empty.insert(Rater::new(self.grids.layout())?),
                };
                if rater.rate(&puzzle)?.level != level {
                    continue;
                }
            }
            if request.rating.is_some() || request.technique.is_some() {
                let layout = self.grids.layout();
                let topo = self.topology.get_or_insert_with(|| Topology::new(layout));
                let rating = rate_with(layout, topo, puzzle.cells(), solution.cells());
                if request
                    .rating
                    .is_some_and(|(low, high)| rating.er < low || rating.er > high)
                {
                    continue;
                }
                if request.technique.is_some_and(|t| !rating.uses(t)) {
                    continue;
                }
            }
            return Ok(puzzle);
        }
        let mut what = match request.target {
            Target::Minimal => "minimal puzzle".to_string(),
            Target::Clues(k) => format!("with {k} clues"),
        };
        if let Some(level) = request.difficulty {
            what.push_str(&format!(" at level {level}"));
        }
        if let Some((low, high)) = request.rating {
            what.push_str(&format!(" rated {low:.1}-{high:.1}"));
        }
        if let Some(technique) = request.technique {
            what.push_str(&format!(" needing {technique}"));
        }
        Err(GenError::Budget {
            what,
            attempts: request.attempts,
        })
    }

    /// One pass of digging over `solution` in random order; `None` when a clue target was
    /// not reached. Each removal is kept only on a proof of uniqueness (UNSAT): a check
    /// stopped by the solver's conflict limit keeps the given, which can only leave the
    /// puzzle with more givens than a minimal one, never with a second solution.
    pub fn dig(&mut self, solution: &Grid, target: Target) -> Option<Grid> {
        let cells = solution.cells().len();
        let mut puzzle = solution.clone();
        let mut givens = cells;
        let floor = match target {
            Target::Minimal => 0,
            Target::Clues(k) => k,
        };
        for cell in shuffled(cells, self.grids.rng()) {
            if givens == floor {
                break;
            }
            if self.removable(&puzzle, solution, cell) {
                puzzle.set_cell(cell, 0);
                givens -= 1;
            }
        }
        (givens == floor || target == Target::Minimal).then_some(puzzle)
    }

    /// True when blanking `cell` of `puzzle` (whose unique solution is `solution`) keeps
    /// the solution unique.
    fn removable(&mut self, puzzle: &Grid, solution: &Grid, cell: usize) -> bool {
        let digit = solution.cells()[cell];
        if let Some(board) = &mut self.bitboard {
            if let Some(other) = board.other_solution(puzzle.cells(), cell, digit, BITBOARD_BUDGET)
            {
                return !other;
            }
        }
        if self.forced_by_peers(puzzle, cell, digit) {
            return true;
        }
        self.givens.clear();
        self.givens.extend(
            (puzzle.cells().iter().copied().enumerate())
                .filter(|&(other, value)| value != 0 && other != cell),
        );
        if let Some(removable) = self.cheap_evidence(puzzle.cells().len(), cell, digit) {
            return removable;
        }
        if self.witnesses.refutes(&self.givens, cell, digit) {
            return false;
        }
        self.assumptions.clear();
        self.assumptions
            .push(self.map.cell_var(cell, digit).negative());
        for &(other, value) in &self.givens {
            self.assumptions
                .push(self.map.cell_var(other, value).positive());
        }
        let assumptions = std::mem::take(&mut self.assumptions);
        let outcome = self.checker.solve_cube(&assumptions);
        self.assumptions = assumptions;
        match outcome {
            Outcome::Sat(model) => {
                // The checker numbers the cell variables first, as every encoding does.
                if let Ok(second) = decode_model(&model, self.grids.layout()) {
                    self.witnesses.add(second.cells());
                }
                false
            }
            Outcome::Unsat => true,
            Outcome::Unknown => false,
        }
    }

    /// Propagation proof (`Some(true)`) or a second solution (`Some(false)`), if one
    /// is found cheaply; `None` leaves the question to the CDCL.
    /// The other givens are `self.givens`; `cells` is the board's cell count.
    fn cheap_evidence(&mut self, cells: usize, cell: usize, digit: u8) -> Option<bool> {
        let p = &mut self.propagator;
        // The givens are those of a solved grid: they cannot conflict.
        p.reset();
        for &(other, value) in &self.givens {
            p.assume(self.map.cell_var(other, value).positive());
        }
        let here = self.map.cell_var(cell, digit);
        p.propagate();
        if p.var_value(here.index()) == 1 || !p.assume(here.negative()) || p.propagate().is_some() {
            return Some(true);
        }
        let mut budget = WITNESS_BUDGET;
        let found = p.search(cells, self.map.size(), &mut budget);
        p.undo_to(0);
        (found == Some(true)).then_some(false)
    }

    /// A naked single: every digit but `digit` is given somewhere among the peers.
    fn forced_by_peers(&self, puzzle: &Grid, cell: usize, digit: u8) -> bool {
        let n = self.grids.layout().size();
        let mut seen = 0u64;
        for &peer in &self.peers[cell] {
            let v = puzzle.cells()[peer];
            if v != 0 {
                seen |= 1 << (v - 1);
            }
        }
        let wanted = if n == 64 { u64::MAX } else { (1u64 << n) - 1 } & !(1 << (digit - 1));
        seen & wanted == wanted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::enumerate::blocking_clause;
    use crate::solver::{new_engine, EngineKind, Limits};

    /// Solutions of `puzzle`, up to `limit`, by another path than the generator's: a
    /// fresh engine over the puzzle's own encoding (givens as unit clauses, no
    /// assumptions, no propagator shortcuts), blocking each model on the cell variables.
    /// DPLL for square layouts; CDCL for Hanidoku, where DPLL is too slow.
    fn solutions(puzzle: &Grid, layout: &Layout, limit: usize) -> usize {
        let cnf = crate::encode::encode_sudoku(puzzle, layout).unwrap().cnf;
        let cells: Vec<_> = (0..VarMap::for_layout(layout).num_vars())
            .map(crate::lit::Var::from_index)
            .collect();
        let kind = if layout.lines().is_empty() {
            EngineKind::Dpll
        } else {
            EngineKind::Cdcl
        };
        let mut engine = new_engine(kind, &cnf, &Limits::default());
        let mut found = 0;
        while found < limit {
            match engine.solve() {
                Outcome::Sat(model) => {
                    found += 1;
                    engine.add_clause(&blocking_clause(&model, Some(&cells)));
                }
                _ => break,
            }
        }
        found
    }

    /// A minimal puzzle within 10 grids, each check under `check_conflicts`.
    fn minimal(check_conflicts: Option<u64>) -> Request {
        Request {
            target: Target::Minimal,
            difficulty: None,
            attempts: 10,
            check_conflicts,
            rating: None,
            technique: None,
        }
    }

    /// One solution, and two once any one given is blanked.
    fn assert_unique_and_minimal(puzzle: &Grid, layout: &Layout) {
        assert_eq!(solutions(puzzle, layout, 2), 1, "{}", layout.name());
        for cell in 0..puzzle.cells().len() {
            if puzzle.cells()[cell] != 0 {
                let mut fewer = puzzle.clone();
                fewer.set_cell(cell, 0);
                assert_eq!(solutions(&fewer, layout, 2), 2, "cell {cell} removable");
            }
        }
    }

    #[test]
    fn minimal_puzzles_are_unique_and_minimal_for_every_layout() {
        for layout in [
            Layout::square(9).unwrap(),
            Layout::x_sudoku(9).unwrap(),
            Layout::square(4).unwrap(),
        ] {
            let mut gen = Generator::new(&layout, 5).unwrap();
            let request = minimal(None);
            for _ in 0..3 {
                assert_unique_and_minimal(&gen.next(&request).unwrap(), &layout);
            }
        }
    }

    #[test]
    fn hanidoku_puzzles_under_a_check_budget_stay_unique() {
        let layout = Layout::hanidoku();
        let mut gen = Generator::new(&layout, 3).unwrap();
        let request = minimal(Some(200));
        for _ in 0..3 {
            let puzzle = gen.next(&request).unwrap();
            assert_eq!(solutions(&puzzle, &layout, 2), 1);
        }
    }

    #[test]
    fn hanidoku_minimal_puzzles_stay_minimal_when_the_pool_answers() {
        // Without a check budget every kept given was refuted, by the CDCL or by a pool
        // grid; a wrong pool answer would keep a removable given.
        let layout = Layout::hanidoku();
        let mut gen = Generator::new(&layout, 1).unwrap();
        let request = minimal(None);
        let puzzles: Vec<Grid> = (0..4).map(|_| gen.next(&request).unwrap()).collect();
        assert!(
            gen.witnesses.answered() > 0,
            "the pool answered no question"
        );
        for puzzle in &puzzles {
            assert_unique_and_minimal(puzzle, &layout);
        }
    }

    #[test]
    fn clue_targets_are_met_exactly_and_seeds_reproduce() {
        let layout = Layout::square(9).unwrap();
        let request = Request {
            target: Target::Clues(30),
            difficulty: None,
            attempts: 50,
            check_conflicts: None,
            rating: None,
            technique: None,
        };
        let make = |seed| {
            let mut gen = Generator::new(&layout, seed).unwrap();
            (0..3)
                .map(|_| gen.next(&request).unwrap())
                .collect::<Vec<_>>()
        };
        let puzzles = make(9);
        for p in &puzzles {
            assert_eq!(p.givens(), 30);
            assert_eq!(solutions(p, &layout, 2), 1);
        }
        assert_eq!(puzzles, make(9));
        assert_ne!(puzzles, make(10));
    }

    #[test]
    fn impossible_requests_fail_cleanly() {
        let layout = Layout::square(9).unwrap();
        let mut gen = Generator::new(&layout, 1).unwrap();
        let too_few = Request {
            target: Target::Clues(12),
            difficulty: None,
            attempts: 3,
            check_conflicts: None,
            rating: None,
            technique: None,
        };
        assert!(matches!(
            gen.next(&too_few),
            Err(GenError::Budget { attempts: 3, .. })
        ));
        let zero = Request {
            target: Target::Clues(0),
            ..too_few
        };
        assert!(matches!(gen.next(&zero), Err(GenError::BadClues { .. })));
    }

    fn unique(layout: &Layout, puzzle: &Grid) -> Grid {
        let cnf = crate::play::empty_board_cnf(layout).unwrap();
        match crate::play::solutions(layout, puzzle, &cnf).unwrap() {
            crate::play::Solutions::Unique(grid) => grid,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rating_ranges_and_techniques_select_puzzles() {
        let layout = Layout::square(9).unwrap();
        let mut gen = Generator::new(&layout, 2).unwrap();
        let request = Request {
            target: Target::Minimal,
            difficulty: None,
            attempts: 200,
            check_conflicts: None,
            rating: Some((2.6, 4.5)),
            technique: None,
        };
        let topo = Topology::new(&layout);
        for _ in 0..2 {
            let puzzle = gen.next(&request).unwrap();
            let solution = unique(&layout, &puzzle);
            let rating = rate_with(&layout, &topo, puzzle.cells(), solution.cells());
            assert!((2.6..=4.5).contains(&rating.er), "{}", rating.text());
        }
        let pointing = Request {
            rating: None,
            technique: Some(Technique::LockedCandidatesPointing),
            ..request
        };
        let puzzle = gen.next(&pointing).unwrap();
        let solution = unique(&layout, &puzzle);
        let rating = rate_with(&layout, &topo, puzzle.cells(), solution.cells());
        assert!(rating.uses(Technique::LockedCandidatesPointing));
    }
}
