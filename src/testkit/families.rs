//! Formula families for tests and benchmarks: random k-SAT, mixed clause lengths, random
//! literals, pigeonhole, Tseitin parity chains, multiplier miters (`miter`), and random
//! Sudoku and Hanidoku puzzles.
//!
//! The differential test (`tests/differential.rs`) and the long differential fuzzer
//! (`examples/fuzz_diff.rs`, driven by `scripts/fuzz-diff`) draw from the same
//! [`Family`] list, at [`Scale::Small`] and [`Scale::Large`] respectively; the trust
//! campaign (`scripts/trust-campaign`) at [`Scale::Trust`], mostly small formulas for
//! throughput with rare large ones. Everything is deterministic in the [`SplitMix64`]
//! state, so a disagreement reproduces from its seed.
//!
//! Random k-SAT sits near the satisfiability threshold, where about half the formulas are
//! satisfiable and the solvers work hardest for their size: ratio 4.26 for 3-SAT, 21.1
//! for 5-SAT and 88 for 7-SAT (Mertens, Mézard & Zecchina, "Threshold values of random
//! K-SAT from the cavity method", 2006: 4.267, 21.117, 87.79). The hardness grows so fast
//! with k that the variable counts differ: measured on the 2-core VM, every solver
//! (ours, MiniSat, CaDiCaL) takes 0.1-0.6 s on 200-variable 3-SAT and often over 20 s at
//! 300, 0.5-19 s on 60-variable 5-SAT (milliseconds at 30), and 0.1-0.8 s on
//! 30-variable 7-SAT (milliseconds at 20). Hence 5-SAT keeps to 5-40 variables and 7-SAT
//! to 7-20 at the small and trust scales (the rate of the trust campaign), 55 and 28 at
//! most at the fuzzer's large scale.
//!
//! Some answers are known by construction: a pigeonhole formula PHP(n+1, n) is UNSAT,
//! two parity chains over the same variables with opposite parities are UNSAT, a puzzle
//! cut from a full grid is solvable. The differential tests do not lean on that: every
//! instance, these and the rest (random formulas near the threshold, puzzles with a
//! changed given), is answered by several solvers, which must agree.

use crate::grid::format::to_block_for;
use crate::grid::{to_line, Grid};
use crate::layout::Layout;
use crate::rng::SplitMix64;

mod formula;
mod miter;
mod parity;
mod puzzles;
pub use self::formula::{push_dimacs_line, random_clause, random_lits, Formula};
pub use self::miter::{MiterShape, SecondCopy};
pub use self::parity::{parity_chains, random_xors, tseitin_graph, xor_clauses};
pub use self::puzzles::{random_givens, random_solution, random_sudoku};

/// Uniform random k-SAT: `round(ratio * vars)` clauses of `k` distinct variables.
/// At k = 3 and ratio 4.26 about half the formulas are satisfiable.
pub fn random_ksat(rng: &mut SplitMix64, vars: usize, k: usize, ratio: f64) -> Formula {
    let count = (vars as f64 * ratio).round() as usize;
    let clauses = (0..count).map(|_| random_clause(rng, vars, k)).collect();
    Formula { vars, clauses }
}

/// Random clauses of lengths 1..=`max_len` mixed: mostly 2- to 4-literal clauses with a few
/// units and long ones, `round(ratio * vars)` in all; units make early propagation matter.
pub fn mixed_lengths(rng: &mut SplitMix64, vars: usize, max_len: usize, ratio: f64) -> Formula {
    let count = (vars as f64 * ratio).round() as usize;
    let clauses = (0..count)
        .map(|_| {
            // Units are rare (1 in 16) so that formulas are not decided by propagation alone.
            let len = if rng.below(16) == 0 {
                1
            } else {
                2 + rng.index(max_len.max(2) - 1)
            };
            random_clause(rng, vars, len)
        })
        .collect();
    Formula { vars, clauses }
}

/// PHP(pigeons, holes): every pigeon in some hole, no two pigeons in one hole. UNSAT
/// exactly when `pigeons > holes`, and hard for resolution (so for CDCL) as holes grow.
pub fn pigeonhole(pigeons: usize, holes: usize) -> Formula {
    let var = |pigeon: usize, hole: usize| (pigeon * holes + hole + 1) as i64;
    let mut clauses: Vec<Vec<i64>> = (0..pigeons)
        .map(|p| (0..holes).map(|h| var(p, h)).collect())
        .collect();
    for hole in 0..holes {
        for a in 0..pigeons {
            for b in a + 1..pigeons {
                clauses.push(vec![-var(a, hole), -var(b, hole)]);
            }
        }
    }
    Formula {
        vars: pigeons * holes,
        clauses,
    }
}

/// Colouring a random graph of `vertices` with `colours` colours (each vertex some
/// colour, adjacent vertices not the same), with `edges` edges drawn only between
/// vertices of different colours in a hidden colouring, so that it is satisfiable: the
/// shape of SATLIB's flat and g colouring instances, which clause-weighting local search
/// solves (`solver::cdcl::ccanr`).
pub fn planted_colouring(
    rng: &mut SplitMix64,
    vertices: usize,
    colours: usize,
    edges: usize,
) -> Formula {
    let hidden: Vec<usize> = (0..vertices).map(|_| rng.index(colours)).collect();
    let var = |v: usize, c: usize| (v * colours + c + 1) as i64;
    let mut clauses: Vec<Vec<i64>> = (0..vertices)
        .map(|v| (0..colours).map(|c| var(v, c)).collect())
        .collect();
    let mut added = 0;
    while added < edges {
        let (a, b) = (rng.index(vertices), rng.index(vertices));
        if hidden[a] == hidden[b] {
            continue;
        }
        for c in 0..colours {
            clauses.push(vec![-var(a, c), -var(b, c)]);
        }
        added += 1;
    }
    Formula {
        vars: vertices * colours,
        clauses,
    }
}

/// How large the generated instances are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Solved in milliseconds, small enough for the DPLL engine: the CI test.
    Small,
    /// Seconds at most for the solvers, the DPLL engine left out: the long fuzzer.
    Large,
    /// Mostly [`Scale::Small`] sizes, so that 100,000 formulas pass every engine in about
    /// an hour of one core, with rare large random k-SAT formulas (3-SAT up to 300
    /// variables): the trust campaign.
    Trust,
}

/// What a family produces: a formula, or a puzzle for `sudoku2cnf`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instance {
    /// A CNF formula.
    Cnf(Formula),
    /// A puzzle: its text (one line, or rows for the honeycomb) and the `--layout` value.
    Puzzle {
        /// The puzzle text, ending in a newline.
        text: String,
        /// `sudoku` or `hanidoku`.
        layout: &'static str,
    },
}

/// A family of instances; [`Family::ALL`] lists them in a fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Uniform random 3-SAT at clause/variable ratio 4.26.
    Random3Sat,
    /// Random clauses of lengths 1..=6.
    MixedLengths,
    /// PHP(n+1, n) (UNSAT) and PHP(n, n) (SAT), alternating.
    Pigeonhole,
    /// Two Tseitin parity chains, SAT and UNSAT alternating.
    Parity,
    /// 4x4 Sudoku: cut from a solution, with a changed given, or random givens.
    Sudoku4,
    /// 9x9 Sudoku, the same three kinds.
    Sudoku9,
    /// 16x16 Sudoku: cut from a solution, or dense with a changed given.
    Sudoku16,
    /// Hanidoku with random givens.
    Hanidoku,
    // Declared last so that the older families keep their discriminants, which seed
    // their random streams (`run_family`, `fuzz_diff`): their instances stay the same.
    /// Uniform random 5-SAT at ratio 21.1, at most 55 variables (60 take seconds).
    Random5Sat,
    /// Uniform random 7-SAT at ratio 88, at most 28 variables (30 take a second).
    Random7Sat,
    /// Random XORs in the direct encoding among random 3-SAT clauses.
    Xor,
    /// Tseitin formulas on random graphs (Urquhart's family), SAT and UNSAT alternating.
    Tseitin,
}

impl Family {
    /// Every family, in the order of reports.
    pub const ALL: [Family; 12] = [
        Family::Random3Sat,
        Family::Random5Sat,
        Family::Random7Sat,
        Family::MixedLengths,
        Family::Pigeonhole,
        Family::Parity,
        Family::Xor,
        Family::Tseitin,
        Family::Sudoku4,
        Family::Sudoku9,
        Family::Sudoku16,
        Family::Hanidoku,
    ];

    /// A short name for tallies and file names.
    pub fn name(self) -> &'static str {
        match self {
            Family::Random3Sat => "3sat",
            Family::Random5Sat => "5sat",
            Family::Random7Sat => "7sat",
            Family::MixedLengths => "mixed",
            Family::Pigeonhole => "pigeonhole",
            Family::Parity => "parity",
            Family::Xor => "xor",
            Family::Tseitin => "tseitin",
            Family::Sudoku4 => "sudoku4",
            Family::Sudoku9 => "sudoku9",
            Family::Sudoku16 => "sudoku16",
            Family::Hanidoku => "hanidoku",
        }
    }

    /// Whether the family yields puzzles (run through every encoding) rather than CNFs.
    pub fn is_puzzle(self) -> bool {
        matches!(
            self,
            Family::Sudoku4 | Family::Sudoku9 | Family::Sudoku16 | Family::Hanidoku
        )
    }

    /// At the trust scale, the family is drawn every this many rounds: puzzles cost far
    /// more per formula than the small random formulas (measured, five solvers and the
    /// checks: 16x16 about 210 ms per encoding, Hanidoku 75 ms, 9x9 25 ms, small random
    /// formulas 5-20 ms), so the costly ones are spaced out to keep the campaign's rate
    /// while every family still has thousands of formulas.
    pub fn trust_period(self) -> usize {
        match self {
            Family::Sudoku16 => 16,
            Family::Hanidoku => 4,
            Family::Sudoku9 => 2,
            _ => 1,
        }
    }

    /// Instance number `round` of the family; `round` picks the variant (SAT/UNSAT kinds
    /// alternate), `rng` the rest.
    pub fn generate(self, rng: &mut SplitMix64, scale: Scale, round: usize) -> Instance {
        let large = scale == Scale::Large;
        // The trust scale draws the small sizes; random k-SAT widens them below.
        let pick = |rng: &mut SplitMix64, small: (usize, usize), big: (usize, usize)| {
            let (low, high) = if large { big } else { small };
            low + rng.index(high - low + 1)
        };
        let puzzle = |grid: Grid, layout: &'static str| {
            let text = match layout {
                "hanidoku" => to_block_for(&grid, &Layout::hanidoku()),
                _ => to_line(&grid).expect("sizes up to 16 have a line form") + "\n",
            };
            Instance::Puzzle { text, layout }
        };
        match self {
            Family::Random3Sat => {
                let vars = match scale {
                    Scale::Trust => {
                        let range = trust_3sat_range(rng);
                        between(rng, range)
                    }
                    _ => pick(rng, (5, 60), (100, 300)),
                };
                Instance::Cnf(random_ksat(rng, vars, 3, 4.26))
            }
            // Variable ranges at the small, trust and large scales (see the module docs).
            Family::Random5Sat => {
                random_ksat_at(rng, scale, 5, 21.1, [(5, 30), (10, 40), (30, 55)])
            }
            Family::Random7Sat => {
                random_ksat_at(rng, scale, 7, 88.0, [(7, 20), (10, 20), (20, 28)])
            }
            Family::MixedLengths => {
                let vars = pick(rng, (5, 50), (80, 250));
                Instance::Cnf(mixed_lengths(rng, vars, 6, 2.6))
            }
            Family::Pigeonhole => {
                let holes = pick(rng, (1, 5), (5, 7));
                let pigeons = if round % 2 == 0 { holes + 1 } else { holes };
                Instance::Cnf(pigeonhole(pigeons, holes))
            }
            Family::Parity => {
                // Two chains over 40 variables already take minutes and 200 MB of proof.
                let n = pick(rng, (2, 14), (12, 24));
                Instance::Cnf(parity_chains(rng, n, round % 2 == 1))
            }
            Family::Xor => {
                // Around one XOR per variable, where consistent and inconsistent systems
                // both occur, with some 3-SAT clauses.
                let vars = pick(rng, (6, 24), (40, 200));
                let count = vars * (7 + rng.index(6)) / 10;
                let extra = rng.index(vars + 1);
                Instance::Cnf(random_xors(rng, vars, count, extra))
            }
            Family::Tseitin => {
                // Resolution needs exponential size on these: 60 vertices already take
                // CDCL solvers without parity reasoning a long time when unsatisfiable.
                let vertices = pick(rng, (4, 14), (14, 40));
                Instance::Cnf(tseitin_graph(rng, vertices, round % 2 == 1))
            }
            Family::Sudoku4 | Family::Sudoku9 | Family::Sudoku16 => {
                let k = match self {
                    Family::Sudoku4 => 2,
                    Family::Sudoku9 => 3,
                    _ => 4,
                };
                let cells = k * k * k * k;
                // Random givens and changed givens on sparse 16x16 grids sit in the hard
                // region (minutes for every solver), so 16x16 keeps to dense grids and
                // random givens to the smaller sizes.
                let dense = if k >= 4 { cells / 2 } else { cells / 5 };
                let grid = match round % 3 {
                    0 => {
                        let givens = pick(rng, (0, cells), (0, cells));
                        random_sudoku(rng, k, givens, true)
                    }
                    1 => {
                        let givens = pick(rng, (dense, cells), (dense, cells));
                        random_sudoku(rng, k, givens, false)
                    }
                    _ if k >= 4 => {
                        let givens = pick(rng, (dense, cells), (dense, cells));
                        random_sudoku(rng, k, givens, false)
                    }
                    _ => {
                        let layout = Layout::square(k * k).expect("k*k is a Sudoku size");
                        let givens = pick(rng, (0, cells / 3), (0, cells / 3));
                        random_givens(rng, &layout, givens)
                    }
                };
                puzzle(grid, "sudoku")
            }
            Family::Hanidoku => {
                let givens = pick(rng, (0, 14), (0, 24));
                puzzle(random_givens(rng, &Layout::hanidoku(), givens), "hanidoku")
            }
        }
    }
}

/// The miter of two n×n array multipliers over the same inputs (see `miter` and
/// [`MiterShape`]): unsatisfiable unless `shape.flip_gate`.
pub fn multiplier_miter(rng: &mut SplitMix64, shape: MiterShape) -> Formula {
    let (vars, clauses) = miter::build(rng, shape);
    Formula { vars, clauses }
}

/// Renames the variables of `formula` by a random permutation with random signs, and
/// shuffles its clauses and the literals inside each.
pub fn shuffle(rng: &mut SplitMix64, formula: &mut Formula) {
    miter::shuffle_clauses(rng, formula.vars, &mut formula.clauses);
}

/// A number in `low..=high`.
fn between(rng: &mut SplitMix64, (low, high): (usize, usize)) -> usize {
    low + rng.index(high - low + 1)
}

/// Random k-SAT at `ratio` with a variable count from the range of `scale` in
/// `ranges` (small, trust, large).
fn random_ksat_at(
    rng: &mut SplitMix64,
    scale: Scale,
    k: usize,
    ratio: f64,
    ranges: [(usize, usize); 3],
) -> Instance {
    let range = match scale {
        Scale::Small => ranges[0],
        Scale::Trust => ranges[1],
        Scale::Large => ranges[2],
    };
    let vars = between(rng, range);
    Instance::Cnf(random_ksat(rng, vars, k, ratio))
}

/// The variable range of a trust-scale 3-SAT formula: 10-100 mostly, 100-200 one time in
/// 32, 200-300 one time in 2048. At the threshold the solvers' time doubles every ~20
/// variables past 100: a 200-variable formula costs the five solvers about 1 s, a
/// 300-variable one up to their time limits, so the large ones must stay rare for
/// 100,000 formulas to fit in an hour while the whole 10-300 range is still drawn.
fn trust_3sat_range(rng: &mut SplitMix64) -> (usize, usize) {
    match rng.below(2048) {
        0 => (200, 300),
        1..=64 => (100, 200),
        _ => (10, 100),
    }
}

#[cfg(test)]
mod tests;
