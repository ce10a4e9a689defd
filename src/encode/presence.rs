//! The `presence` line encoding: one auxiliary variable per line and optional digit, "the
//! digit appears on the line", so that the run structure is stated by binary clauses over
//! a few variables instead of long clauses over the cells.
//!
//! The `runs` clauses say "i or j appears" with one clause over `2m` cell variables, and
//! the span binaries say "not i here and j there" for every pair of cells: `m(m−1)`
//! clauses per digit pair. Naming "d appears" once per line, as `p(d)`, turns both into
//! single binaries over the `p` variables (the "presence" or "value" variables of the
//! support encoding, Gent 2002; the auxiliary "digit present" variables of the issue).
//!
//! For a line of m cells over digits `1..=n`, the *mandatory* digits `n+1−m..=m` appear in
//! every run and get no variable; every other digit d gets `p(d)`, numbered after the cell
//! variables (line by line, digits ascending). The clauses, per line:
//!
//! 1. per digit, `¬a ∨ ¬b` for every pair of cells: digits on the line are distinct;
//! 2. per mandatory digit, "d appears": the clause of the line's cell variables for d;
//! 3. per optional digit d, `p(d) ↔ x(c1, d) ∨ … ∨ x(cm, d)`: `¬x(c, d) ∨ p(d)` per cell and
//!    `¬p(d) ∨ x(c1, d) ∨ … ∨ x(cm, d)`;
//! 4. per pair of digits `i < j` with `j − i ≥ m` ("span"): `¬p(i) ∨ ¬p(j)`;
//! 5. when `2m > n`, per low digit `i ≤ n − m` and high digit `j ≥ m + 1` with `j − i ≤ m`:
//!    `p(i) ∨ p(j)`.
//!
//! Span pairs and low/high pairs never name a mandatory digit (`i ≤ n − m` and
//! `j ≥ i + m ≥ m + 1` for a span pair, by definition for low/high), so every `p` they
//! use exists.
//!
//! **Why this is exact.** Clauses (3) make `p(d)` true exactly when d appears on the line,
//! in every model; write `P(d)` for "d appears" (true for mandatory digits by (2)). With
//! one digit per cell and (1), the line holds a set S of m distinct digits. If S is a run,
//! two of its digits lie at most `m − 1` apart, so (4) holds, and (2) and (5) hold by the
//! argument of the `hanidoku` module (which shows that every run satisfies its mandatory
//! and low/high clauses, stated over "appears", i.e. over P). Conversely, by (4) no two
//! digits of S lie m or more apart: m distinct integers within a span of m values are
//! exactly that span, a run. (So (2) and (5) are implied; they are written for
//! propagation: a missing low digit forces its high partners, at once.) The test below
//! checks every digit set of every line length, with the cell variables fixed and the
//! `p` variables left to a solver.
//!
//! **`order`: the ladder.** On a line with `2m > n`, `--lines order` adds
//! `p(d−1) → p(d)` for low digits `2 ≤ d ≤ n − m` and `p(d+1) → p(d)` for high digits
//! `m + 1 ≤ d ≤ n − 1`. Every run satisfies them: it contains the mandatory digits, which
//! lie above every low digit, so a run holding the low digit d−1 holds d too (it is
//! contiguous); symmetrically above. With them the low `p(d)` read "the run starts at d or
//! below" and the high `p(d)` "the run starts at `d − m + 1` or above": together the order
//! (ladder) encoding of the run's start (Tamura et al. 2009; Ansótegui & Manyà 2004),
//! whose point is that bounds propagate along the ladder in one step per rung. Unit
//! propagation reaches the same literals over the span and low/high binaries in two steps,
//! so the ladder adds shortcuts, not deductions. (Shorter lines get no ladder.)
//!
//! **`starts`: the direct encoding.** `--lines starts` adds, on a line with `W = n − m + 1
//! ≥ 2` possible runs, a variable `r(a)` per start `a` in `1..=W` (after the line's `p`
//! variables), exactly one true (one clause, pairwise at-most-one), `r(a) → p(d)` for
//! every optional d in `a..a+m−1`, and `p(d) → ∨ r(a)` over the starts whose run holds d.
//! Every run satisfies them with `r` true at its own start only (p(d) holds exactly on
//! the run's digits), so no run is lost; the clauses of `presence` are all kept, so no
//! non-run is gained. The decision "this line is the run a..a+m−1" becomes one literal.
//!
//! Counts on the honeycomb: 120 auxiliary variables (per line of 5, 6, 7, 8, 9 cells: 8,
//! 6, 4, 2, 0), and per line of m cells `9·m(m−1)/2` distinctness binaries, `2m − 9`
//! mandatory clauses, `2(9 − m)·(m + 1)` definitions, and span and low/high binaries
//! (10 + 10, 6 + 6, 3 + 3, 1 + 1, 0 for m = 5..9): 8,428 clauses for the empty board
//! under `extended`. `order` adds 72 ladder binaries (8,500); `starts` 84 variables (753)
//! and 504 clauses (8,932).

use super::clauses::{add_exactly_one, ClauseSink};
use super::hanidoku::{add_digits_at_most_once, digit_cells, mandatory_digits};
use super::VarMap;
use crate::layout::House;
use crate::lit::{Lit, Var};

/// How many `p` variables a line of `m` cells over `1..=size` gets: one per digit outside
/// the mandatory range.
pub(super) fn presence_vars(m: usize, size: usize) -> usize {
    size - mandatory_digits(m, size).count()
}

/// Adds the clauses of one line (see the module docs), in the order: distinctness per
/// digit, then per digit ascending its mandatory clause or its `p` definition, then the
/// span pairs, then the low/high pairs, then those of `extras` (ladder, then starts).
/// Fresh variables come from `sink`.
pub(super) fn add_presence_clauses(
    sink: &mut ClauseSink,
    map: &VarMap,
    line: &House,
    size: usize,
    extras: Extras,
) {
    let m = line.cells.len();
    let appears = |digit: usize| digit_cells(map, line, digit);
    add_digits_at_most_once(sink, map, line, size);
    let mandatory = mandatory_digits(m, size);
    // present[d − 1]: the variable p(d), or None for a mandatory digit.
    let mut present: Vec<Option<Var>> = Vec::with_capacity(size);
    for digit in 1..=size {
        let cells = appears(digit);
        if mandatory.contains(&digit) {
            sink.add(&cells);
            present.push(None);
            continue;
        }
        let p = sink.fresh_var();
        for &x in &cells {
            sink.add(&[!x, p.positive()]);
        }
        let mut clause = vec![p.negative()];
        clause.extend(cells);
        sink.add(&clause);
        present.push(Some(p));
    }
    let p = |digit: usize| present[digit - 1].expect("span and low/high digits are optional");
    for low in 1..=size {
        for high in (low + m).max(low + 1)..=size {
            sink.add(&[p(low).negative(), p(high).negative()]);
        }
    }
    if 2 * m > size {
        for low in 1..=size - m {
            for high in (m + 1)..=size.min(low + m) {
                sink.add(&[p(low).positive(), p(high).positive()]);
            }
        }
        if extras.order {
            for low in 2..=size - m {
                sink.add(&[p(low - 1).negative(), p(low).positive()]);
            }
            for high in (m + 1)..size {
                sink.add(&[p(high + 1).negative(), p(high).positive()]);
            }
        }
    }
    let windows = (size + 1).saturating_sub(m);
    if extras.starts && windows >= 2 {
        let starts: Vec<Var> = (0..windows).map(|_| sink.fresh_var()).collect();
        let lits: Vec<Lit> = starts.iter().map(|r| r.positive()).collect();
        add_exactly_one(sink, &lits);
        for (index, r) in starts.iter().enumerate() {
            let start = index + 1;
            for digit in start..start + m {
                if let Some(p) = present[digit - 1] {
                    sink.add(&[r.negative(), p.positive()]);
                }
            }
        }
        for digit in 1..=size {
            let Some(p) = present[digit - 1] else {
                continue;
            };
            let mut clause = vec![p.negative()];
            clause.extend(
                (1..=windows)
                    .filter(|&start| start <= digit && digit < start + m)
                    .map(|start| starts[start - 1].positive()),
            );
            sink.add(&clause);
        }
    }
}

/// Optional clause groups on top of the presence clauses, for the variants of
/// [`LineEncoding`](super::LineEncoding).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Extras {
    /// Run-start variables r(a), exactly one, tied to the p variables.
    pub(super) starts: bool,
    /// `p(d−1) → p(d)` below the mandatory range, `p(d+1) → p(d)` above it.
    pub(super) order: bool,
}

/// How many run-start variables a line of `m` cells over `1..=size` gets.
pub(super) fn start_vars(m: usize, size: usize) -> usize {
    let windows = (size + 1).saturating_sub(m);
    if windows >= 2 {
        windows
    } else {
        0
    }
}
