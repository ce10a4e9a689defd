//! When the search rephases and walks: CaDiCaL's rephasing schedule (option `rephase`),
//! the rephasing walk at the start of each stable stint, and the clause-weighting walk
//! that looks for a model once it is due. The walkers themselves are `walk` (ProbSAT)
//! and `ccanr` (CCAnr); the search loop that calls these steps is `search`.

use super::decide::Rephase;
use super::{ccanr, walk, Solver};

/// How a clause-weighting walk ended ([`Solver::weighted_walk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WeightedWalkEnd {
    /// It met a model, now the target and saved phases.
    Model,
    /// It did not (or the formula was too large to walk): nothing changed.
    NoModel,
}

impl Solver {
    /// Rephases on CaDiCaL's schedule (option `rephase`), after `rephase_interval`
    /// conflicts and then intervals growing by that much each time. Stable stints cycle
    /// original, inverted, then (best, walk, original, best, walk, inverted); focused
    /// ones flipped, then (random, best, walk, flipped, best, walk). Only on the plain
    /// formula at level 0, and not on formulas that look uniformly random (their walk
    /// phase is `random`'s).
    pub(super) fn rephase_if_due(&mut self) {
        if self.options.rephase == 0
            || self.stats.conflicts < self.rephase_at
            || !self.assumptions.is_empty()
            || self.root_level() > 0
            || self.is_random()
        {
            return;
        }
        let stable = self.restarts.is_stable();
        let count = self.rephases[usize::from(stable)];
        self.rephases[usize::from(stable)] += 1;
        self.stats.rephases += 1;
        let total = self.stats.rephases;
        self.rephase_at = self.stats.conflicts + self.options.rephase_interval * (total + 1);
        const STABLE: [Option<Rephase>; 6] = [
            Some(Rephase::Best),
            None,
            Some(Rephase::Original),
            Some(Rephase::Best),
            None,
            Some(Rephase::Inverted),
        ];
        let random = Rephase::Random(self.options.walk_seed ^ total);
        let focused: [Option<Rephase>; 6] = [
            Some(random),
            Some(Rephase::Best),
            None,
            Some(Rephase::Flipped),
            Some(Rephase::Best),
            None,
        ];
        let kind = match (stable, count) {
            (true, 0) => Some(Rephase::Original),
            (true, 1) => Some(Rephase::Inverted),
            (true, n) => STABLE[(n as usize - 2) % 6],
            (false, 0) => Some(Rephase::Flipped),
            (false, n) => focused[(n as usize - 1) % 6],
        };
        match kind {
            Some(kind) => self.decide.rephase(kind),
            None => {
                // A walk from the saved phases; its best assignment becomes them.
                self.decide.target_from_saved();
                self.rephase_by_walk();
                self.decide.rephase(Rephase::Target);
            }
        }
    }

    /// Runs a local search from the target phases and keeps its best assignment as the
    /// new target (see `walk`), for about as many clause visits as the search made
    /// propagations since the last walk. Only on the plain formula at level 0: under
    /// assumptions the walk would ignore them.
    pub(super) fn rephase_by_walk(&mut self) {
        if !self.assumptions.is_empty() || self.root_level() > 0 {
            return;
        }
        // A restart has just backtracked to the root level, here 0.
        debug_assert_eq!(self.trail.decision_level(), 0);
        let since = self.stats.propagations - self.walked_at;
        let effort = (since as f64 * self.options.walk_effort) as u64;
        self.walk(effort, false);
    }

    /// True when a clause-weighting walk is due: past `walk_weighted_first` conflicts
    /// and the doubling since the last one, on the plain formula (not under assumptions
    /// or a cube, and not on a formula that looks uniformly random).
    pub(super) fn weighted_walk_due(&self) -> bool {
        let first = self.options.walk_weighted_first;
        first != 0
            && self.stats.conflicts >= first.max(self.weighted_walk_at)
            && self.assumptions.is_empty()
            && self.root_level() == 0
            && !self.is_random()
    }

    /// A clause-weighting walk (`ccanr`) of `walk_weighted_effort` visits (at most
    /// `walk_weighted_per_lit` a literal of the formula, so a small formula gets a short
    /// walk, and given up once its best stalls: `walk_weighted_stall`) from the target
    /// phases, once `walk_weighted_first` conflicts have passed and then each time the
    /// conflicts have doubled, wherever the search is (the walk takes
    /// only the level-0 values as facts). It is used as CryptoMiniSat uses its CCAnr: to
    /// look for a model, not to set phases. If it finds one, the model becomes the target
    /// and the saved phases, and the caller backtracks to the root: the search then
    /// decides along it without a conflict, in either mode. Otherwise the phases and the
    /// other walks' random choices are left as they were, so the search goes on exactly
    /// as without it, and the walk cost only its time. Only on the plain formula, and
    /// not on formulas that look uniformly random, whose walk phase is ProbSAT's
    /// (`random`; on the hard suite's 7-SAT instance that CryptoMiniSat's CCAnr solves,
    /// this walk at 200 M visits a call did not find the model either).
    pub(super) fn weighted_walk(&mut self) -> WeightedWalkEnd {
        self.weighted_walk_at = 2 * self.stats.conflicts;
        let start = self.decide.target_phases_mut().to_vec();
        let mut phases = start.clone();
        let report = ccanr::weighted_walk(
            &self.db,
            &self.trail,
            &start,
            &mut phases,
            ccanr::Budget {
                effort: self.options.walk_weighted_effort,
                per_literal: self.options.walk_weighted_per_lit,
                stall: self.options.walk_weighted_stall,
                stall_factor: self.options.walk_weighted_stall_factor,
            },
            &mut self.weighted_rng,
        );
        let Some(report) = report else {
            return WeightedWalkEnd::NoModel;
        };
        self.stats.weighted_walks += 1;
        self.stats.weighted_flips += report.flips;
        if report.best == 0 {
            self.decide.adopt_model(&phases);
            WeightedWalkEnd::Model
        } else {
            WeightedWalkEnd::NoModel
        }
    }

    /// One walk of `effort` visits (see `walk`) whose best assignment becomes the target
    /// phases: from those phases, or with `resume` from where the last resumed walk
    /// stopped (the walk phase of a random formula, see `random`).
    pub(super) fn walk(&mut self, effort: u64, resume: bool) {
        let start = if resume && self.walk_state.len() == self.num_vars {
            std::mem::take(&mut self.walk_state)
        } else {
            self.decide.target_phases_mut().to_vec()
        };
        let report = walk::walk(
            &self.db,
            &self.trail,
            &start,
            self.decide.target_phases_mut(),
            resume.then_some(&mut self.walk_state),
            effort,
            // The random-formula phase's shares were measured in visits; the rephasing
            // walk's `walk_effort` in scans (see `walk::Cost`).
            if resume {
                walk::Cost::Visits
            } else {
                walk::Cost::Scans
            },
            self.options.walk_max_break as usize,
            &mut self.walk_rng,
        );
        if !resume {
            self.last_walk = walk::LastWalk::after(&report);
        }
        self.walked_at = self.stats.propagations;
        self.stats.walks += 1;
        self.stats.walk_flips += report.flips;
    }
}
