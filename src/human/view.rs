//! [`View`]: a board with what every technique asks of it first, computed once per
//! state: per region the digits placed, the digits it still needs (every digit of a full
//! house; on a run line the digits every possible run holds), and for each digit the
//! region's cells that can take it.

use super::board::Board;
use super::step::{cell_name, Step};
use super::technique::Technique;
use super::topology::{Rule, Topology};
use crate::layout::runs::{line_digits, LineDigits};
use crate::layout::Layout;

/// A board and its derived facts.
pub struct View<'a> {
    /// The layout.
    pub layout: &'a Layout,
    /// Its regions.
    pub topo: &'a Topology,
    /// The board.
    pub board: &'a Board,
    /// Per region: digits placed in it.
    pub placed: Vec<u64>,
    /// Per region: digits it must hold and does not hold yet.
    pub need: Vec<u64>,
    /// Per run line: what its possible runs say (other regions: `None`).
    pub lines: Vec<Option<LineDigits>>,
    /// Per region and digit `d`: the region's cells (bit i for its i-th cell) that can
    /// take `d`, at `region * size + d - 1`.
    pos: Vec<u64>,
    /// What the puzzle is known to satisfy (the uniqueness techniques need one solution).
    pub premise: Premise,
    /// The solution, when known (only search uses it, to pick its digit).
    pub solution: Option<&'a [u8]>,
    /// Search options.
    pub options: Options,
    /// Every nice loop and AIC of the board, found once for the three techniques.
    pub loops: std::cell::OnceCell<Vec<Step>>,
    /// Every Template Set and Template Delete step of the board, found once for both.
    pub templates: std::cell::OnceCell<Vec<Step>>,
    /// Every Sudoku Explainer cycle and forcing chain of the board (`se_chains`), found
    /// once for both techniques.
    pub se_chains: std::cell::OnceCell<Vec<Step>>,
    /// A value the caller has already found among other steps: `se_chains` need not
    /// look for chains above it (the rater sets it; infinite otherwise).
    pub easiest_known: std::cell::Cell<f64>,
    /// Per node (`cell * size + digit - 1`): what placing that candidate leads to by
    /// singles (`forcing`), found once for the forcing chains; `None` for a node that is
    /// no candidate.
    pub branches: std::cell::OnceCell<Vec<Option<Branch>>>,
}

/// What placing one candidate leads to, by singles.
#[derive(Clone, Debug)]
pub struct Branch {
    /// The facts (cell, digit, placed) in the order found.
    pub facts: Vec<(usize, u8, bool)>,
    /// When it breaks a rule: how many candidates lie behind the contradiction (its
    /// cone).
    pub contradiction: Option<usize>,
}

/// Switches of the searches, as HoDoKu has them (the regression library's variants set
/// some).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Empty rectangles in boxes with only two places for the digit (off by default:
    /// such a box is a strong link, and the pattern a Turbot Fish).
    pub two_cell_empty_rectangles: bool,
    /// Continuous nice loops remove only candidates outside their own cells, as Sudoku
    /// Explainer's cycles do (the rater's reading; the tutor keeps HoDoKu's, which also
    /// empties a loop cell entered and left by strong links of its other digits).
    pub cycles_outside_only: bool,
    /// Static (non-dynamic) cell and region forcing chains start only where Sudoku
    /// Explainer's multiple chainer starts them: from cells of three or more candidates,
    /// and for a region only when the first cell of the digit's places there is such a
    /// cell (SE reaches region chains from that cell; the rater's reading).
    pub se_static_starts: bool,
    /// Unique rectangles only where every corner still holds both digits, as Sudoku
    /// Explainer's loops are walked (the rater's reading; the tutor also takes a corner
    /// that has lost one of them, which leaves the deadly pattern as sound).
    pub rectangles_hold_both: bool,
}

impl<'a> View<'a> {
    /// The view of `board`.
    pub fn new(
        layout: &'a Layout,
        topo: &'a Topology,
        board: &'a Board,
        premise: Premise,
    ) -> View<'a> {
        let size = topo.size;
        let mut placed = vec![0u64; topo.regions.len()];
        let mut need = vec![0u64; topo.regions.len()];
        let mut lines = vec![None; topo.regions.len()];
        let mut pos = vec![0u64; topo.regions.len() * size];
        let all = crate::layout::runs::all_digits(size);
        for (r, region) in topo.regions.iter().enumerate() {
            let mut available = 0;
            for (i, &cell) in region.cells.iter().enumerate() {
                let digit = board.digit(cell);
                if digit != 0 {
                    placed[r] |= 1 << (digit - 1);
                    continue;
                }
                let mut cands = board.candidates(cell);
                available |= cands;
                while cands != 0 {
                    let bit = cands.trailing_zeros() as usize;
                    cands &= cands - 1;
                    pos[r * size + bit] |= 1 << i;
                }
            }
            need[r] = match region.rule {
                Rule::Full => all & !placed[r],
                Rule::Partial => 0,
                Rule::Run => {
                    let facts = line_digits(region.cells.len(), size, placed[r], available);
                    lines[r] = Some(facts);
                    facts.required & !placed[r]
                }
            };
        }
        View {
            layout,
            topo,
            board,
            placed,
            need,
            lines,
            pos,
            premise,
            solution: None,
            options: Options::default(),
            loops: std::cell::OnceCell::new(),
            templates: std::cell::OnceCell::new(),
            se_chains: std::cell::OnceCell::new(),
            easiest_known: std::cell::Cell::new(f64::INFINITY),
            branches: std::cell::OnceCell::new(),
        }
    }

    /// The cells of region `r` (bit i for its i-th cell) that can take `digit`.
    #[inline]
    pub fn positions(&self, r: usize, digit: u8) -> u64 {
        self.pos[r * self.topo.size + digit as usize - 1]
    }

    /// The cells of region `r` that can take `digit`, as cell indices.
    pub fn cells_for(&self, r: usize, digit: u8) -> Vec<usize> {
        let cells = &self.topo.regions[r].cells;
        bits(self.positions(r, digit)).map(|i| cells[i]).collect()
    }

    /// The name of a cell.
    pub fn cell(&self, cell: usize) -> String {
        cell_name(self.layout, cell)
    }

    /// The names of cells, joined: "r1c2, r1c5 and r3c4".
    pub fn cells_text(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
        crate::grid::format::and_list(&names)
    }

    /// The name of region `r`.
    pub fn region(&self, r: usize) -> String {
        self.topo.regions[r].name()
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn cands(&self, cell: usize) -> u64 {
        self.board.candidates(cell)
    }
}

/// The set bits of `mask`, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(bit)
        }
    })
}

/// The digits of a candidate mask, as `u8`, lowest first.
pub fn digits(mask: u64) -> impl Iterator<Item = u8> {
    bits(mask).map(|bit| bit as u8 + 1)
}

/// What is known of a puzzle's solutions: the uniqueness techniques are sound only on a
/// puzzle proven to have one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Premise {
    /// Nothing: only techniques sound on any board.
    AnySolution,
    /// Proven to have exactly one solution.
    UniqueSolution,
}

/// How many steps a finder collects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collect {
    /// The first step (the tutor's question).
    First,
    /// Every step (the regression library, the rater's choice of the easiest).
    All,
}

/// Steps a technique finds: the first only (the ladder) or all of them (the regression
/// library, the rater's choice of the shortest chain).
pub struct Found {
    /// The steps found, without repeats.
    pub steps: Vec<Step>,
    /// Collect every step rather than stop at the first.
    pub all: bool,
    /// Keep only steps of this technique (finders shared by several report all).
    pub only: Option<Technique>,
}

impl Found {
    /// A collector for the first step or all steps.
    pub fn new(collect: Collect) -> Found {
        Found {
            steps: Vec::new(),
            all: collect == Collect::All,
            only: None,
        }
    }

    /// The same collector, keeping only steps of `technique`.
    pub fn only(mut self, technique: Technique) -> Found {
        self.only = Some(technique);
        self
    }

    /// Adds `step` unless it changes nothing or repeats the effect of one found with the
    /// same technique; true when the finder should stop (the first step is enough).
    pub fn push(&mut self, step: Step) -> bool {
        if step.is_empty() || self.only.is_some_and(|t| t != step.technique) {
            return false;
        }
        match self.steps.iter_mut().find(|s| {
            s.technique == step.technique && s.effect == step.effect && s.digits == step.digits
        }) {
            // The same conclusion twice: keep the shorter argument.
            Some(old) => {
                if step.length < old.length {
                    *old = step;
                }
            }
            None => self.steps.push(step),
        }
        !self.all
    }
}
