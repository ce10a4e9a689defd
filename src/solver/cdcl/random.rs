//! A walk phase for formulas that look uniformly random.
//!
//! On uniform random k-SAT a stochastic local search finds the models that CDCL cannot:
//! the SAT Competition 2009 random 3-SAT instances of 360-560 variables at ratio 4.25,
//! 5-SAT of 90-120 variables and 7-SAT of 60-75 variables time out for MiniSat and for
//! our search alone, while ProbSAT (see `walk`) solves most of them in 10^4-10^8 flips.
//! So when the formula looks uniformly random (one clause length k ≥ 3 for nearly every
//! clause, both signs about equally often, no variable in far more clauses than the
//! average, about the threshold's number of clauses a variable), the walker gets a share
//! of the time of its own, as CryptoMiniSat gives its walker on such formulas:
//!
//! - a first walk before the search, of `walk_random_first` clause visits (20 M, about a
//!   tenth of a second on 3-SAT) or `walk_random_first_per_lit` (1000) per literal of
//!   the formula if that is less, which solves the easy ones at once (the small suite's
//!   satisfiable random 3-SAT of 150-300 variables within 0.2-2.3 M visits) without
//!   making a small unsatisfiable one pay a tenth of a second;
//! - at the start of every stable stint (see `restart`), in place of the rephasing walk,
//!   a walk of `walk_random_share` (0.5) visits per propagation since the last walk and
//!   per watch
//!   a literal has on average (clauses per variable, learnt ones included): a
//!   propagation costs about a visit per watch, so this keeps the walks near a sixth of
//!   the time whatever k is (at a fixed number of visits per propagation, 7-SAT, whose
//!   flips cost 600 visits against 3-SAT's 16, got a few thousand flips).
//!
//! Each walk goes on from the assignment the previous one stopped at (the walk phase
//! is one long walk cut into pieces; a walk starting over from the search's phases, or
//! from its own best assignment, threw away the progress: restarts to the best took
//! about twice the flips on the 7-SAT instances), and its best assignment becomes the
//! target phases of the search, as a rephasing walk's does. An unsatisfiable random
//! formula pays the walks' share; a satisfiable one gets the walker's strength within
//! about six times its own time.
//!
//! The measurements: `docs/experiments.md`, "Local search".

use super::Solver;

/// Formulas with fewer clauses than this (3-SAT of about 120 variables at the threshold)
/// are never treated as random: the search alone is quick on them, and a walk costs
/// more than it saves (aim-100, 160 clauses of structured 3-SAT that look random, took
/// 0.13 s of walking for a search of 23 conflicts).
const MIN_CLAUSES: usize = 500;

/// What the solver knows of the formula's shape.
#[derive(Debug, Default)]
pub(super) struct RandomPhase {
    /// The formula was looked at (once, at the first plain search).
    checked: bool,
    /// It looks uniformly random: walks get their own share.
    active: bool,
    /// Literals of the formula when it was looked at (the first walk's scale).
    literals: u64,
}

/// Whether clauses of these lengths, with these counts of positive and negative
/// literals and these occurrences per variable (of the variables that occur), look like
/// uniform random k-SAT: at least 99% of the clauses of one length k ≥ 3, between 45% and
/// 55% of the literals positive, and no variable in more than four times the average
/// number of clauses plus 10 (a Poisson count of that mean, as uniform random variables
/// have, stays well below), and between half and one and a half times the threshold
/// ratio of k-SAT in clauses per variable.
pub fn looks_uniform_random(
    lengths: &[usize],
    positive: usize,
    negative: usize,
    occurrences: &[u32],
) -> bool {
    if lengths.len() < MIN_CLAUSES {
        return false;
    }
    let mut by_length = std::collections::HashMap::new();
    for &len in lengths {
        *by_length.entry(len).or_insert(0usize) += 1;
    }
    let (&k, &count) = by_length
        .iter()
        .max_by_key(|&(&len, &count)| (count, len))
        .expect("some clause");
    if k < 3 || 100 * count < 99 * lengths.len() {
        return false;
    }
    let total = positive + negative;
    if 100 * positive < 45 * total || 100 * positive > 55 * total {
        return false;
    }
    let occurring: Vec<u32> = occurrences.iter().copied().filter(|&n| n > 0).collect();
    if occurring.is_empty() {
        return false;
    }
    // Near the threshold of k-SAT (2^k ln 2 - (1 + ln 2) / 2 clauses a variable, the
    // first-moment estimate): the ordering principles (GT_n, `cnfgen op`) have the
    // other shapes of random 3-SAT but about 2n clauses a variable, and the walks only
    // cost them time (docs/experiments.md, "The broad suite's defaults").
    let threshold =
        f64::powi(2.0, k as i32) * std::f64::consts::LN_2 - (1.0 + std::f64::consts::LN_2) / 2.0;
    let ratio = lengths.len() as f64 / occurring.len() as f64;
    if ratio < 0.5 * threshold || ratio > 1.5 * threshold {
        return false;
    }
    let mean = occurring.iter().map(|&n| n as f64).sum::<f64>() / occurring.len() as f64;
    occurring.iter().all(|&n| (n as f64) <= 4.0 * mean + 10.0)
}

impl Solver {
    /// Looks at the formula once, at the first plain search (before elimination changes
    /// its clauses), and runs the first walk if it looks uniformly random.
    pub(super) fn classify_if_due(&mut self) {
        if self.random.checked
            || !self.ok
            || !self.assumptions.is_empty()
            || self.root_level() > 0
            || self.stats.learnt_clauses > 0
        {
            return;
        }
        self.random.checked = true;
        let mut lengths = Vec::with_capacity(self.db.num_original());
        let (mut positive, mut negative) = (0, 0);
        let mut occurrences = vec![0u32; self.num_vars];
        for cref in self.db.iter() {
            let lits = self.db.lits(cref);
            lengths.push(lits.len());
            for &lit in lits {
                occurrences[lit.var().index()] += 1;
                if lit.is_positive() {
                    positive += 1;
                } else {
                    negative += 1;
                }
            }
        }
        self.random.active = looks_uniform_random(&lengths, positive, negative, &occurrences);
        if self.random.active && self.stats.conflicts == 0 {
            // Random formulas keep the search strategy they were tuned with (see
            // `restart`'s module docs and `apply_strategy`).
            self.restarts.use_glucose_constants(&self.options);
        }
        self.random.literals = (positive + negative) as u64;
    }

    /// Whether the formula got the walk phase (see the module docs).
    pub(super) fn is_random(&self) -> bool {
        self.random.active
    }

    /// The first walk of a random formula; call at level 0 after propagation.
    pub(super) fn first_random_walk(&mut self) {
        if self.random.active && self.stats.walks == 0 && self.trail.decision_level() == 0 {
            let effort = self.options.walk_random_first.min(
                self.options
                    .walk_random_first_per_lit
                    .saturating_mul(self.random.literals),
            );
            self.walk(effort, true);
        }
    }

    /// The walk at the start of a stable stint of a random formula (see the module
    /// docs).
    pub(super) fn random_walk(&mut self) {
        if !self.assumptions.is_empty() || self.root_level() > 0 {
            return;
        }
        debug_assert_eq!(self.trail.decision_level(), 0);
        // A propagation costs about a visit per watch of the literal, and a literal has
        // about as many watches as the formula has clauses per variable.
        let watches_per_lit =
            (self.db.num_original() + self.db.num_learnt()) as f64 / self.num_vars.max(1) as f64;
        let effort = (self.stats.propagations - self.walked_at) as f64
            * (1.0 + watches_per_lit)
            * self.options.walk_random_share;
        self.walk(effort as u64, true);
    }
}

#[cfg(test)]
mod tests;
