//! Puzzles with exactly one solution, by digging holes in a random solved grid.
//!
//! Start from a random solution S (all cells given) and visit the cells once in random
//! order; remove a given when the puzzle stays unique.
//!
//! **Boards of houses only** (square Sudoku up to 25x25, X-Sudoku, jigsaw files) ask the
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
//! **Hanidoku** needs no search: every one of its 86,256 solved grids is in a table
//! (`hanidoku_table`), so a question is one scan of the other grids' differences from
//! S: blanking c lets a second solution in exactly when some other grid differs from S
//! at c and at no other given. Exact, with or without a check budget, and in
//! microseconds: 20 minimal puzzles (seed 1) take 0.06 s of CPU, against 0.55 s with
//! the search below and 1.00 s with the CDCL.
//!
//! **Other boards with run lines** (honeycomb files with `run` rules) ask the bitset
//! search too, which knows the run rules (`bitboard::runs`), under a larger node budget
//! ([`RUN_BITBOARD_BUDGET`]): after a naked single and the witness pool (both below),
//! which cost less than its nodes of about 2 µs each. It tries the solution's digits
//! first, so that a second solution near S turns up early, and its second solutions go
//! into the pool. Verdicts are exact, so under `--check-conflicts 0` the output is byte
//! for byte the same as with the CDCL alone, only sooner: on Hanidoku with the table
//! off, 20 minimal puzzles (seed 1, user s, in turns on the 2-core VM) 1.00 → 0.55, 100
//! 3.7 → 2.2. Under a check budget the search gets [`NODES_PER_CONFLICT`] nodes per
//! conflict.
//!
//! **The remaining questions** ask the CDCL that holds the empty grid's clauses
//! ([`super::checker_cnf`]: the `starts` line encoding, with a variable per line and
//! run start, on which the hard Hanidoku puzzles need about 40% fewer conflicts than on
//! `runs`): with the other givens and "cell c does not hold `S[c]`" as a cube (literals
//! true for that call), UNSAT means every solution still has `S[c]` at c, so the only
//! solution is still S. Cheaper evidence comes first, each piece sound on its own: a
//! cell whose other digits all appear among its group peers' givens is forced (a naked
//! single); unit propagation of the other givens that sets `S[c]` at c, or that refutes
//! "not `S[c]`", proves the removal safe; and a second solution found by a short
//! depth-first search over the same propagator (`propagate`, at most [`WITNESS_BUDGET`]
//! failed branches) proves it unsafe, and so does a second solution the CDCL found for
//! an earlier question (`witnesses`: kept with its symmetric images) that fits the
//! other givens and not `S[c]`. Only the undecided rest goes to the CDCL, whose
//! per-call cost (a full backtrack and heap refill) dominates otherwise.
//!
//! The question goes to the CDCL as a cube ([`Solver::solve_cube`]: the literals are
//! facts for that call, learnt clauses short and dropped afterwards) rather than as
//! assumptions whose learnt clauses are kept: measured (release, user s, same run,
//! twice), 100 Hanidoku puzzles 0.89 → 0.48, 50 strictly minimal ones
//! (`--check-conflicts 0`) 19.0 → 9.3; 300 9x9 puzzles 0.36 either way, identical
//! output.
//!
//! **One pass gives a minimal puzzle.** Removing a given never removes solutions (it
//! only drops a constraint). Suppose a given g was kept when visited: then the givens G_t
//! of that moment minus g had a second solution. The final givens G are a subset of G_t,
//! so G minus g is a subset of G_t minus g and has at least those solutions: at least
//! two. So no single given of the final puzzle can be removed, which is what minimal
//! means; no second pass is needed. The argument needs every kept given to have been
//! refuted; under a conflict budget ([`Request::check_conflicts`], the default on
//! run-line boards other than Hanidoku, whose table needs none) a given whose check ran
//! out is kept unrefuted, so the puzzle is unique but may not be minimal.

use super::bitboard::BitBoard;
use super::hanidoku_table::{Differences, GridTable};
use super::random::RandomGrids;
use super::sat_level::{SatGrader, SatLevel};
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
use crate::solver::reasons::ReasonPropagator;
use crate::solver::Outcome;
use crate::VarMap;

/// Failed branches the witness search may take before the CDCL is asked.
pub const WITNESS_BUDGET: u32 = 30;

/// Search nodes the bitset solver may visit per uniqueness question before the CDCL is
/// asked. Depth-first search has heavy tails on sparse 16x16 boards (one question of 91
/// givens: 29 s, against 1.6 ms for the CDCL); the budget keeps such a question to a few
/// milliseconds before it changes hands.
pub const BITBOARD_BUDGET: u64 = 2_000;

/// Search nodes per question on boards with run lines other than Hanidoku (measured on
/// Hanidoku with its table turned off), where a node costs
/// about 2 µs and the CDCL's answers take milliseconds: at 30,000 the bitset search
/// settled every question of 20 minimal Hanidoku puzzles (seed 1), the slowest of them
/// in 19 ms; at 8,000 four questions went on to the CDCL, for more time in all
/// (docs/experiments.md, "Round 7").
pub const RUN_BITBOARD_BUDGET: u64 = 30_000;

/// Bitset nodes per CDCL conflict under a check budget on run-line boards: with
/// Hanidoku's default of 20 conflicts, 200 nodes make the puzzles closer to minimal
/// (7.56 givens against 8.33, 100 puzzles) in the same time as the CDCL alone.
pub const NODES_PER_CONFLICT: u64 = 10;

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
    /// The SAT level the puzzle must have, if any (`sat_level`).
    pub sat_level: Option<SatLevel>,
    /// Solved grids to dig before giving up on one puzzle.
    pub attempts: u64,
    /// Conflicts allowed per uniqueness check by the CDCL; `None` for no limit. A check
    /// that runs out keeps its given, so puzzles stay unique, but "minimal" then only
    /// means that no given could be removed within the budget (see [`Generator::dig`]).
    /// Boards of houses only are asked the exact bitset check first, which needs no
    /// such budget; on boards with run lines that check gets [`NODES_PER_CONFLICT`]
    /// nodes per conflict of it.
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
    /// Propagation and witness search over the checker's clauses.
    propagator: ReasonPropagator,
    /// The exact bitset check, on boards made of houses only.
    bitboard: Option<BitBoard>,
    /// Second solutions found so far, with their images, for later questions.
    witnesses: WitnessPool,
    /// Whether the board has run lines, where a bitset question costs more than a
    /// witness pool scan (and so comes after it).
    has_lines: bool,
    /// Search nodes per bitset question: [`BITBOARD_BUDGET`] on boards of houses; on
    /// run-line boards [`RUN_BITBOARD_BUDGET`], or less under a conflict budget.
    node_budget: u64,
    /// Scratch: a second solution from the bitset search.
    scratch: Vec<u8>,
    /// On Hanidoku: every other grid's differences from the solution being dug, which
    /// answer each question exactly (`hanidoku_table`); set per solution.
    differences: Option<Differences>,
    /// The table of all the layout's grids (Hanidoku), which answers every question.
    table: Option<GridTable>,
    /// Scratch: the assumptions of one uniqueness question.
    assumptions: Vec<Lit>,
    /// Scratch: the other givens of one uniqueness question, as (cell, digit).
    givens: Vec<(usize, u8)>,
    /// The grader of `--sat-level`, built on first use and kept for every candidate.
    rater: Option<SatGrader>,
    /// The regions the human techniques of `--rating` and `--technique` work on.
    topology: Option<Topology>,
}

impl Generator {
    /// A generator for `layout`, reproducible from `seed`.
    pub fn new(layout: &Layout, seed: u64) -> Result<Generator, GenError> {
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
            propagator: ReasonPropagator::new(&checker),
            bitboard: BitBoard::for_layout(layout),
            map: VarMap::for_layout(layout),
            witnesses: WitnessPool::new(layout),
            assumptions: Vec::new(),
            has_lines: !layout.lines().is_empty(),
            node_budget: if layout.lines().is_empty() {
                BITBOARD_BUDGET
            } else {
                RUN_BITBOARD_BUDGET
            },
            scratch: Vec::new(),
            differences: None,
            table: GridTable::for_layout(layout),
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
            if self.has_lines {
                self.node_budget =
                    request
                        .check_conflicts
                        .map_or(RUN_BITBOARD_BUDGET, |conflicts| {
                            conflicts
                                .saturating_mul(NODES_PER_CONFLICT)
                                .min(RUN_BITBOARD_BUDGET)
                        });
            }
            let dug = self.dig(&solution, request.target);
            self.checker.set_conflict_limit(None);
            let Some(puzzle) = dug else {
                continue;
            };
            if let Some(level) = request.sat_level {
                let rater = match &mut self.rater {
                    Some(rater) => rater,
                    empty => empty.insert(SatGrader::new(self.grids.layout())?),
                };
                if rater.grade(&puzzle)?.level != level {
                    continue;
                }
            }
            if request.rating.is_some() || request.technique.is_some() {
                let layout = self.grids.layout();
                let topo = self.topology.get_or_insert_with(|| Topology::new(layout));
                let rating = rate_with(layout, topo, puzzle.cells(), solution.cells());
                if request
                    .rating
                    .is_some_and(|(low, high)| rating.er < low - 1e-9 || rating.er > high + 1e-9)
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
        if let Some(level) = request.sat_level {
            what.push_str(&format!(" at SAT level {level}"));
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
        self.differences = self.table.map(|table| table.differences(solution.cells()));
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
        if let Some(differences) = &self.differences {
            let givens = (puzzle.cells().iter().enumerate())
                .filter(|&(_, &value)| value != 0)
                .fold(0u64, |mask, (other, _)| mask | 1 << other);
            return !differences.lets_in_another(givens, cell);
        }
        let digit = solution.cells()[cell];
        // Boards of houses: the bitset search settles nearly every question in a few
        // microseconds, less than anything below.
        if !self.has_lines {
            if let Some(other) = self.ask_bitboard(puzzle, solution, cell) {
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
        // Run lines: a bitset question takes up to milliseconds, a pool scan microseconds.
        if self.has_lines {
            if self.witnesses.refutes(&self.givens, cell, digit) {
                return false;
            }
            if let Some(other) = self.ask_bitboard(puzzle, solution, cell) {
                return !other;
            }
        }
        if let Some(removable) = self.cheap_evidence(puzzle.cells().len(), cell, digit) {
            return removable;
        }
        if !self.has_lines && self.witnesses.refutes(&self.givens, cell, digit) {
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

    /// The bitset search's verdict on blanking `cell`: whether a second solution gets in
    /// (`None` past the node budget, or on a board it does not take). On run-line boards
    /// the second solution goes into the witness pool, as the CDCL's do.
    fn ask_bitboard(&mut self, puzzle: &Grid, solution: &Grid, cell: usize) -> Option<bool> {
        let board = self.bitboard.as_mut()?;
        let (near, digit) = (solution.cells(), solution.cells()[cell]);
        let other = board.other_solution(puzzle.cells(), near, cell, digit, self.node_budget)?;
        if other && self.has_lines {
            board.last_solution(&mut self.scratch);
            self.witnesses.add(&self.scratch);
        }
        Some(other)
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
        let layout = self.grids.layout();
        let n = layout.size();
        let mut seen = 0u64;
        for &peer in layout.peers(cell) {
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
mod tests;
