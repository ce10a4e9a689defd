//! A clause-weighting local search with configuration checking, after CCAnr (Cai, Luo
//! and Su, "CCAnr: A Configuration Checking Based Local Search Solver for Non-random
//! Satisfiability", SAT 2015), the walker CryptoMiniSat calls between its restarts.
//!
//! Where ProbSAT (`walk`) picks a falsified clause and flips by break counts alone, this
//! walk scores each variable by the weight of the clauses its flip would satisfy minus
//! the weight of those it would falsify, and raises the weight of the clauses that stay
//! falsified when no flip improves, so the landscape's local minima fill up instead of
//! being left by chance. On a graph colouring with 18 colours (g125.18: 70,038 binary
//! clauses, 125 of 18 literals) CryptoMiniSat's CCAnr reaches a model in about 50,000
//! steps where 67 M flips of our ProbSAT do not (`docs/experiments.md`, "The hard suite").
//!
//! A step: the configuration-changed variable of best positive score (a variable may be
//! flipped back only after one of its neighbours, the variables it shares a clause with,
//! has been flipped: configuration checking); failing one, a variable of a falsified
//! clause whose score exceeds the average clause weight (aspiration); failing that, the
//! falsified clauses gain weight 1 each, and a random falsified clause flips its
//! best-scored variable, the least recently flipped among equals. When the average
//! weight passes [`SMOOTH_THRESHOLD`], every weight w becomes `P·w + Q·average` (the SWT
//! smoothing), and the scores are recounted.
//!
//! A walk gives up when it stalls (`Budget`): once its best assignment has not improved
//! for 20 M visits and for four times the visits that best took. On the large Sudokus
//! the best (70-330 clauses short of a model) comes within the first 132,000 visits,
//! and what the rest of a 200 M budget (about 3.5 s) finds is still 88-203 clauses
//! short. The models the walks found on the broad suite came within 17.2 M visits,
//! after plateaus of up to 11.6 M visits (up to 20 times the visits of the improvement
//! before): the floor keeps those, and the factor keeps a long walk going while its
//! best still improves late (docs/experiments.md, "The clause-weighting walk's stall").

use super::clause_db::ClauseDb;
use super::trail::Trail;
use super::walk::{
    starting_values, write_unassigned, BestSoFar, Broken, ClauseState, Formula, WalkReport,
};
use crate::lit::Var;
use crate::rng::SplitMix64;

/// CCAnr's smoothing threshold on the average clause weight.
const SMOOTH_THRESHOLD: u64 = 50;
/// CCAnr's smoothing factors: a weight keeps `P` of itself and takes `Q` of the average.
const SMOOTH_P: f64 = 0.3;
const SMOOTH_Q: f64 = 0.7;
/// Formulas whose neighbour lists would exceed this many entries are not walked: the
/// lists are built in full before the first step.
const MAX_NEIGHBOUR_ENTRIES: usize = 50_000_000;

/// The walk's state (see the module documentation).
struct Weighted<'f> {
    formula: &'f Formula,
    value: Vec<bool>,
    /// Per clause: its weight, and how many of its literals are true with the XOR of
    /// their variables (the only one when the count is 1), as ProbSAT's walk keeps them.
    weight: Vec<u64>,
    state: Vec<ClauseState>,
    /// Per variable: weighted make minus break, whether a neighbour flipped since its own
    /// last flip, and the step of that flip.
    score: Vec<i64>,
    changed: Vec<bool>,
    flipped_at: Vec<u64>,
    /// Variables sharing a clause with each variable, in compressed-row form.
    neighbours: Vec<u32>,
    neighbour_starts: Vec<u32>,
    /// The configuration-changed variables of positive score, and each one's place.
    good: Vec<u32>,
    in_good: Vec<bool>,
    /// The falsified clauses.
    broken: Broken,
    total_weight: u64,
    /// Work done: occurrence and neighbour entries visited.
    visits: u64,
}

impl<'f> Weighted<'f> {
    /// The state for `value`, or `None` when the neighbour lists would be too large.
    fn new(formula: &'f Formula, value: Vec<bool>) -> Option<Weighted<'f>> {
        let num_vars = value.len();
        let num_clauses = formula.num_clauses();
        // Neighbour lists: every other variable of every clause of each variable, once.
        let mut neighbour_starts = vec![0u32; num_vars + 1];
        let mut neighbours: Vec<u32> = Vec::new();
        let mut mark = vec![u32::MAX; num_vars];
        for var in 0..num_vars {
            mark[var] = var as u32;
            for positive in [true, false] {
                let lit = Var::from_index(var).lit(positive);
                for &clause in formula.occurrences(lit) {
                    for &other in formula.clause(clause as usize) {
                        let other = other.var().index();
                        if mark[other] != var as u32 {
                            mark[other] = var as u32;
                            neighbours.push(other as u32);
                        }
                    }
                }
            }
            if neighbours.len() > MAX_NEIGHBOUR_ENTRIES {
                return None;
            }
            neighbour_starts[var + 1] = neighbours.len() as u32;
        }
        let (state, broken) = ClauseState::all(formula, &value);
        let mut walk = Weighted {
            formula,
            value,
            weight: vec![1; num_clauses],
            state,
            score: vec![0; num_vars],
            changed: vec![true; num_vars],
            flipped_at: vec![0; num_vars],
            neighbours,
            neighbour_starts,
            good: Vec::new(),
            in_good: vec![false; num_vars],
            broken,
            total_weight: num_clauses as u64,
            visits: 0,
        };
        walk.recount_scores();
        Some(walk)
    }

    #[cfg(test)]
    fn is_true(&self, lit: crate::lit::Lit) -> bool {
        self.value[lit.var().index()] == lit.is_positive()
    }

    /// Scores from the weights and counts, and the good set from the scores.
    fn recount_scores(&mut self) {
        self.score.iter_mut().for_each(|s| *s = 0);
        for clause in 0..self.formula.num_clauses() {
            let weight = self.weight[clause] as i64;
            match self.state[clause].count {
                0 => {
                    for &lit in self.formula.clause(clause) {
                        self.score[lit.var().index()] += weight;
                    }
                }
                1 => self.score[self.state[clause].critical as usize] -= weight,
                _ => {}
            }
        }
        self.good.clear();
        self.in_good.iter_mut().for_each(|g| *g = false);
        for var in 0..self.score.len() {
            self.consider(var);
        }
    }

    /// Puts `var` in the good set if it belongs there and is not yet in it.
    #[inline]
    fn consider(&mut self, var: usize) {
        if !self.in_good[var] && self.changed[var] && self.score[var] > 0 {
            self.in_good[var] = true;
            self.good.push(var as u32);
        }
    }

    /// Flips variable `var` at step `step`, updating counts, scores and the good set.
    fn flip(&mut self, var: usize, step: u64) {
        let old_score = self.score[var];
        self.value[var] = !self.value[var];
        let now_true = Var::from_index(var).lit(self.value[var]);
        let v = var as u32;
        let made = self.formula.occurrences(now_true);
        let unmade = self.formula.occurrences(!now_true);
        self.visits += (made.len() + unmade.len()) as u64;
        for &clause in made {
            let c = clause as usize;
            let weight = self.weight[c] as i64;
            let ClauseState { count, critical } = self.state[c];
            self.state[c] = ClauseState {
                count: count + 1,
                critical: critical ^ v,
            };
            match count {
                0 => {
                    // Satisfied now by `var` alone: no flip of the others makes it.
                    self.broken.remove(clause);
                    for &lit in self.formula.clause(c) {
                        self.score[lit.var().index()] -= weight;
                    }
                    self.visits += self.formula.clause(c).len() as u64;
                }
                // The true literal before is no longer the only one.
                1 => self.score[critical as usize] += weight,
                _ => {}
            }
        }
        for &clause in unmade {
            let c = clause as usize;
            let weight = self.weight[c] as i64;
            let count = self.state[c].count - 1;
            let critical = self.state[c].critical ^ v;
            self.state[c] = ClauseState { count, critical };
            match count {
                0 => {
                    self.broken.insert(clause);
                    for &lit in self.formula.clause(c) {
                        self.score[lit.var().index()] += weight;
                    }
                    self.visits += self.formula.clause(c).len() as u64;
                }
                // The one true literal left becomes critical.
                1 => self.score[critical as usize] -= weight,
                _ => {}
            }
        }
        // Flipping back undoes exactly this flip.
        self.score[var] = -old_score;
        self.flipped_at[var] = step;
        self.changed[var] = false;
        // The good set: drop what no longer qualifies, then the neighbours that now do.
        let (score, changed, in_good) = (&self.score, &self.changed, &mut self.in_good);
        self.good.retain(|&g| {
            let keep = changed[g as usize] && score[g as usize] > 0;
            in_good[g as usize] = keep;
            keep
        });
        let (from, to) = (
            self.neighbour_starts[var] as usize,
            self.neighbour_starts[var + 1] as usize,
        );
        self.visits += (to - from) as u64;
        for i in from..to {
            let other = self.neighbours[i] as usize;
            self.changed[other] = true;
            self.consider(other);
        }
    }

    /// The falsified clauses gain weight 1 each (so their variables' scores rise), and
    /// all weights are smoothed when their average passes the threshold.
    fn raise_weights(&mut self) {
        for i in 0..self.broken.list.len() {
            let c = self.broken.list[i] as usize;
            self.weight[c] += 1;
            for &lit in self.formula.clause(c) {
                let var = lit.var().index();
                self.score[var] += 1;
                self.consider(var);
            }
            self.visits += self.formula.clause(c).len() as u64;
        }
        self.total_weight += self.broken.list.len() as u64;
        let num_clauses = self.formula.num_clauses() as u64;
        let average = self.total_weight / num_clauses;
        if average > SMOOTH_THRESHOLD {
            let pull = SMOOTH_Q * average as f64;
            self.total_weight = 0;
            for w in &mut self.weight {
                *w = ((*w as f64 * SMOOTH_P + pull) as u64).max(1);
                self.total_weight += *w;
            }
            self.visits += self.formula.lits.len() as u64;
            self.recount_scores();
        }
    }

    /// Of `candidates`, the variable of highest score, the least recently flipped among
    /// equals.
    fn best_of(&self, candidates: impl Iterator<Item = usize>) -> Option<usize> {
        let mut best: Option<usize> = None;
        for var in candidates {
            best = match best {
                Some(b)
                    if self.score[b] > self.score[var]
                        || self.score[b] == self.score[var]
                            && self.flipped_at[b] <= self.flipped_at[var] =>
                {
                    Some(b)
                }
                _ => Some(var),
            };
        }
        best
    }

    /// The variable to flip next.
    fn pick(&mut self, rng: &mut SplitMix64) -> usize {
        if let Some(var) = self.best_of(self.good.iter().map(|&g| g as usize)) {
            return var;
        }
        // Aspiration: a variable of a falsified clause scoring above the average weight.
        let average = (self.total_weight / self.formula.num_clauses() as u64) as i64;
        let formula = self.formula;
        let broken_vars = self.broken.list.iter().flat_map(|&c| {
            formula
                .clause(c as usize)
                .iter()
                .map(|lit| lit.var().index())
        });
        if let Some(var) = self.best_of(broken_vars) {
            if self.score[var] > average {
                return var;
            }
        }
        self.raise_weights();
        let clause = self.broken.list[rng.index(self.broken.list.len())] as usize;
        self.visits += formula.clause(clause).len() as u64;
        self.best_of(formula.clause(clause).iter().map(|lit| lit.var().index()))
            .expect("clauses are not empty")
    }
}

/// How long a clause-weighting walk may run, in visits (occurrence, clause and
/// neighbour entries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Visits in all.
    pub effort: u64,
    /// Visits per literal of the formula the walk sees, at most (a small formula gets a
    /// short walk).
    pub per_literal: u64,
    /// The walk gives up once its best assignment has not improved for this many visits
    /// and for `stall_factor` times the visits it took to reach that best (0: it runs
    /// to the end of its budget).
    pub stall: u64,
    /// The patience as a multiple of the visits the walk took to reach its best (see
    /// `stall`).
    pub stall_factor: u64,
}

impl Budget {
    /// True when a walk whose best improved last at `improved_at` visits and that has
    /// made `visits` in all has stalled (why a floor and a factor: the module docs).
    fn stalled(&self, improved_at: u64, visits: u64) -> bool {
        self.stall != 0
            && visits - improved_at
                >= self
                    .stall
                    .max(self.stall_factor.saturating_mul(improved_at))
    }
}

/// Walks from the assignment `start` (level-0 values override it) within `budget`, and
/// writes the best assignment met into `best` for the variables unassigned at level 0,
/// as `walk::walk` does.
/// Returns `None`, leaving `best` alone, when the formula is too large to walk this way.
/// Call after propagation found no conflict, at any decision level: only the level-0
/// values are taken as facts, so the search can walk when the walk is due rather than at
/// its next restart (`search`).
pub fn weighted_walk(
    db: &ClauseDb,
    trail: &Trail,
    start: &[bool],
    best: &mut [bool],
    budget: Budget,
    rng: &mut SplitMix64,
) -> Option<WalkReport> {
    let formula = Formula::gather(db, trail);
    let effort = budget
        .effort
        .min(budget.per_literal.saturating_mul(formula.lits.len() as u64));
    let mut walk = Weighted::new(&formula, starting_values(trail, start))?;
    let initial = walk.broken.list.len();
    let mut report = WalkReport {
        initial,
        best: initial,
        flips: 0,
    };
    let mut best_so_far = BestSoFar::new(trail.num_vars());
    let mut improved_at = 0;
    while !walk.broken.list.is_empty()
        && walk.visits < effort
        && !budget.stalled(improved_at, walk.visits)
    {
        let var = walk.pick(rng);
        walk.flip(var, report.flips + 1);
        report.flips += 1;
        let now_true = Var::from_index(var).lit(walk.value[var]);
        best_so_far.flipped(now_true, &walk.value);
        if walk.broken.list.len() < report.best {
            report.best = walk.broken.list.len();
            improved_at = walk.visits;
            best_so_far.improved();
        }
    }
    let mut value = walk.value;
    best_so_far.restore(&mut value);
    write_unassigned(trail, &value, best);
    Some(report)
}

#[cfg(test)]
mod tests;
