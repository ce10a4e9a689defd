//! Walk-based rephasing: a local search over the input clauses whose best assignment
//! becomes the target phases.
//!
//! ProbSAT (Balint & Schöning, "Choosing probability distributions for stochastic local
//! search and the role of make versus break", SAT 2012), as Kissat runs it when it
//! rephases in stable mode: start from the current phases, repeatedly pick a random
//! falsified clause and flip one of its variables, chosen with probability proportional
//! to `cb^-break` (break: how many clauses the flip would falsify), with `cb` set by the
//! average clause length as in ProbSAT's table. The best assignment met (fewest
//! falsified clauses) is kept. If it falsifies none, it is a model of the formula and
//! the search, deciding along it, finds it without a conflict; otherwise it still points
//! the stable search at a nearly consistent assignment, which is what pays on satisfiable
//! random formulas.
//!
//! Break values are cached per variable and updated by each flip for the clauses of the
//! flipped variable only, with each clause's true-literal count and the XOR of its true
//! variables (which names the only one when the count is 1), as ProbSAT's and YalSAT's
//! implementations keep them. The counts make the updates' branches unpredictable, so
//! the break of a clause's critical variable is updated without one (by `count == 1`
//! as a number): with that the cache does 1.2-1.7x the flips per second of recounting
//! the breaks of the picked clause's literals from their occurrence lists (the first
//! version here), and with branches it did only 0.95-1.45x, though it ran fewer
//! instructions (`docs/experiments.md`, "Local search"; `scripts/hard/walk-rate.py`).
//! What changed the results most is how much the walker gets to run: see `random` for
//! formulas that look uniformly random.
//!
//! The walk reads the input clauses only (learnt ones are implied by them) and works at
//! level 0: clauses satisfied there are left out and literals false there dropped.
//! Its cost is bounded by the caller's effort, in one of two units (`Cost`): visits
//! (occurrence-list entries updated by flips, and the picked clauses' literals) for the
//! random-formula phase, scans (what recounting the picked clauses' breaks would read,
//! the first walker's unit) for the rephasing walk, whose effort was tuned in scans. A
//! walk starts from the assignment it is given; it can hand back where it stopped, so that the next one goes
//! on from there (the walk phase of `random`). Restarting a walk from its best assignment
//! every 10,000 or 100,000 flips (Luby-spaced, as YalSAT restarts) was tried and not kept:
//! on the two 7-SAT instances it took 1.2-2.5x the flips.

use super::clause_db::ClauseDb;
use super::trail::{Trail, Value};
use crate::lit::{Lit, Var};
use crate::rng::SplitMix64;

/// What a walk's `effort` counts, by the walk's caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Occurrence-list entries updated by flips and the picked clauses' literals: what
    /// this walker does, the unit of the random-formula walk phase (`random`), whose
    /// shares were measured in it.
    Visits,
    /// For each picked clause, the occurrence lists of its literals' negations, as the
    /// first walker here recounted breaks from them: the unit the rephasing walk's
    /// `walk_effort` was tuned in. Counted in visits, the same effort let the rephasing
    /// walk make 4-20x the flips (38bits_10: 105,123 against 5,333), and its phases cost
    /// 38bits_10 1.55x the conflicts (1.16x over 8 shuffled copies) and
    /// DimacsSorter_28_3 its 60 s (`docs/experiments.md`, "The rephasing walk's unit").
    Scans,
}

/// What one walk did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkReport {
    /// Falsified clauses under the phases the walk started from.
    pub initial: usize,
    /// Falsified clauses under the best assignment met (0: a model).
    pub best: usize,
    /// Variables flipped.
    pub flips: u64,
}

/// How close the last rephasing walk came to a model: the signal three of the search's
/// choices read, the learnt-clause limit's floor (`reduce`), whether the target
/// assignment survives a restart (`decide`, `target_restart_reset`) and the stable
/// stints' share (`restart`, `mode_near_miss_stable_share`). On the small
/// unsatisfiable formulas of the broad suite the walks end one clause short of a model,
/// on the satisfiable ones 3-20 clauses short until the search finds the model
/// (docs/experiments.md, "The learnt-clause limit on small formulas").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LastWalk {
    /// No rephasing walk yet, or the last one ended two or more clauses short.
    #[default]
    Away,
    /// The last rephasing walk ended at most one clause short of a model.
    NearMiss,
}

impl LastWalk {
    /// The signal after a rephasing walk, from the clauses its best assignment falsified.
    pub fn after(report: &WalkReport) -> LastWalk {
        if report.best <= 1 {
            LastWalk::NearMiss
        } else {
            LastWalk::Away
        }
    }
}

/// ProbSAT's base `cb` for an average clause length (Balint & Schöning's table, as
/// Kissat interpolates it).
fn break_base(average_len: f64) -> f64 {
    const TABLE: [(f64, f64); 6] = [
        (0.0, 2.0),
        (3.0, 2.5),
        (4.0, 2.85),
        (5.0, 3.7),
        (6.0, 5.1),
        (7.0, 7.4),
    ];
    if average_len >= TABLE[TABLE.len() - 1].0 {
        return TABLE[TABLE.len() - 1].1;
    }
    let upper = TABLE
        .iter()
        .position(|&(len, _)| len > average_len)
        .unwrap_or(TABLE.len() - 1);
    let (x0, y0) = TABLE[upper - 1];
    let (x1, y1) = TABLE[upper];
    y0 + (y1 - y0) * (average_len - x0) / (x1 - x0)
}

/// The input clauses as the walk sees them: flat literals, occurrence lists by literal
/// code, both in compressed-row form.
pub(super) struct Formula {
    pub(super) lits: Vec<Lit>,
    starts: Vec<u32>,
    occ: Vec<u32>,
    occ_starts: Vec<u32>,
}

impl Formula {
    /// The input clauses not satisfied at level 0, without their literals false there
    /// (values above level 0 are ignored: see `Trail::root_value`).
    pub(super) fn gather(db: &ClauseDb, trail: &Trail) -> Formula {
        let mut lits: Vec<Lit> = Vec::new();
        let mut starts = vec![0u32];
        for cref in db.iter() {
            if db.is_learnt(cref) {
                continue;
            }
            let clause = db.lits(cref);
            if clause
                .iter()
                .any(|&lit| trail.root_value(lit) == Value::True)
            {
                continue;
            }
            let before = lits.len();
            lits.extend(
                clause
                    .iter()
                    .filter(|&&lit| trail.root_value(lit) != Value::False),
            );
            if lits.len() == before {
                continue;
            }
            starts.push(lits.len() as u32);
        }
        let num_codes = 2 * trail.num_vars();
        let mut occ_starts = vec![0u32; num_codes + 1];
        for lit in &lits {
            occ_starts[lit.code() + 1] += 1;
        }
        for code in 0..num_codes {
            occ_starts[code + 1] += occ_starts[code];
        }
        let mut fill = occ_starts.clone();
        let mut occ = vec![0u32; lits.len()];
        for clause in 0..starts.len() - 1 {
            for lit in &lits[starts[clause] as usize..starts[clause + 1] as usize] {
                occ[fill[lit.code()] as usize] = clause as u32;
                fill[lit.code()] += 1;
            }
        }
        Formula {
            lits,
            starts,
            occ,
            occ_starts,
        }
    }

    pub(super) fn num_clauses(&self) -> usize {
        self.starts.len() - 1
    }

    pub(super) fn clause(&self, index: usize) -> &[Lit] {
        &self.lits[self.starts[index] as usize..self.starts[index + 1] as usize]
    }

    pub(super) fn occurrences(&self, lit: Lit) -> &[u32] {
        &self.occ[self.occ_starts[lit.code()] as usize..self.occ_starts[lit.code() + 1] as usize]
    }
}

/// The falsified clauses, with each one's position for removal in constant time.
pub(super) struct Broken {
    pub(super) list: Vec<u32>,
    pub(super) position: Vec<u32>,
}

impl Broken {
    pub(super) const ABSENT: u32 = u32::MAX;

    pub(super) fn insert(&mut self, clause: u32) {
        self.position[clause as usize] = self.list.len() as u32;
        self.list.push(clause);
    }

    pub(super) fn remove(&mut self, clause: u32) {
        let at = self.position[clause as usize];
        let last = self.list.pop().expect("a falsified clause is listed");
        if last != clause {
            self.list[at as usize] = last;
            self.position[last as usize] = at;
        }
        self.position[clause as usize] = Self::ABSENT;
    }
}

/// A clause under the walk's assignment: how many literals it makes true, and the XOR of
/// their variables (the only true variable when `count` is 1). Side by side, so an update
/// touches one cache line.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ClauseState {
    pub(super) count: u32,
    pub(super) critical: u32,
}

impl ClauseState {
    /// Every clause's state under `value`, and the falsified clauses.
    pub(super) fn all(formula: &Formula, value: &[bool]) -> (Vec<ClauseState>, Broken) {
        let num_clauses = formula.num_clauses();
        let mut states = vec![ClauseState::default(); num_clauses];
        let mut broken = Broken {
            list: Vec::new(),
            position: vec![Broken::ABSENT; num_clauses],
        };
        for (clause, state) in states.iter_mut().enumerate() {
            for &lit in formula.clause(clause) {
                if value[lit.var().index()] == lit.is_positive() {
                    state.count += 1;
                    state.critical ^= lit.var().index() as u32;
                }
            }
            if state.count == 0 {
                broken.insert(clause as u32);
            }
        }
        (states, broken)
    }
}

/// The walk's state: an assignment and, per clause, how many of its literals it makes
/// true and which variable that is when it is one (the XOR of the true literals'
/// variables, as in ProbSAT's implementation), and per variable its break value: the
/// clauses in which it is that only true literal. A flip updates these for the clauses of
/// the flipped variable only, so a step costs the variable's occurrences and the picked
/// clause's length (YalSAT and Kissat cache break values the same way; the first version
/// here recounted the breaks of every literal of the picked clause from its occurrence
/// lists at every step).
struct Walker<'f> {
    formula: &'f Formula,
    value: Vec<bool>,
    state: Vec<ClauseState>,
    breaks: Vec<u32>,
    broken: Broken,
    /// Occurrence-list entries and clause literals visited: the walk's cost.
    visits: u64,
    /// Occurrence-list entries a recount of the picked clauses' breaks would visit.
    scans: u64,
}

impl<'f> Walker<'f> {
    fn new(formula: &'f Formula, value: Vec<bool>) -> Walker<'f> {
        let (state, broken) = ClauseState::all(formula, &value);
        // Room for any XOR of variable indices: the updates below touch
        // `breaks[critical]` whatever the count, to save a branch.
        let mut breaks = vec![0; value.len().next_power_of_two()];
        for clause in &state {
            if clause.count == 1 {
                breaks[clause.critical as usize] += 1;
            }
        }
        Walker {
            formula,
            breaks,
            value,
            state,
            broken,
            visits: 0,
            scans: 0,
        }
    }

    #[cfg(test)]
    fn is_true(&self, lit: Lit) -> bool {
        self.value[lit.var().index()] == lit.is_positive()
    }

    /// Makes `lit` (now false) true, updating counts, critical variables, breaks and the
    /// falsified list.
    fn flip(&mut self, lit: Lit) {
        let var = lit.var().index() as u32;
        self.value[var as usize] = lit.is_positive();
        let made = self.formula.occurrences(lit);
        let unmade = self.formula.occurrences(!lit);
        self.visits += (made.len() + unmade.len()) as u64;
        for &clause in made {
            let state = &mut self.state[clause as usize];
            let count = state.count;
            let critical = state.critical;
            state.count = count + 1;
            state.critical = critical ^ var;
            if count == 0 {
                self.broken.remove(clause);
                self.breaks[var as usize] += 1;
            }
            // Without a branch, which the counts make unpredictable: with a count of 0
            // the critical variable is 0 and nothing changes; above 1 it is unused.
            self.breaks[critical as usize] -= u32::from(count == 1);
        }
        for &clause in unmade {
            let state = &mut self.state[clause as usize];
            let count = state.count - 1;
            let critical = state.critical ^ var;
            state.count = count;
            state.critical = critical;
            if count == 0 {
                self.broken.insert(clause);
                self.breaks[var as usize] -= 1;
            }
            self.breaks[critical as usize] += u32::from(count == 1);
        }
    }
}

/// The best assignment met so far, kept as the flips made since it (undone to get back
/// to it) while those are few, and as a copy once they would outgrow the variables: a
/// long walk without progress must not hold one entry per flip.
pub(super) struct BestSoFar {
    /// Flips since the best assignment; `None` while the best is kept in `copy`.
    since: Option<Vec<Lit>>,
    copy: Vec<bool>,
    /// Flips kept at most before the best goes into `copy`.
    cap: usize,
}

impl BestSoFar {
    pub(super) fn new(num_vars: usize) -> BestSoFar {
        BestSoFar {
            since: Some(Vec::new()),
            copy: Vec::new(),
            cap: 4 * num_vars + 1024,
        }
    }

    /// The current assignment `value` is the best so far.
    pub(super) fn improved(&mut self) {
        match &mut self.since {
            Some(since) => since.clear(),
            None => self.since = Some(Vec::new()),
        }
    }

    /// `lit` was just made true in `value`.
    pub(super) fn flipped(&mut self, lit: Lit, value: &[bool]) {
        if let Some(since) = &mut self.since {
            since.push(lit);
            if since.len() > self.cap {
                self.copy.clear();
                self.copy.extend_from_slice(value);
                for lit in since.drain(..).rev() {
                    self.copy[lit.var().index()] = !lit.is_positive();
                }
                self.since = None;
            }
        }
    }

    /// The best assignment, from the current one.
    pub(super) fn restore(&self, value: &mut [bool]) {
        match &self.since {
            Some(since) => {
                for lit in since.iter().rev() {
                    value[lit.var().index()] = !lit.is_positive();
                }
            }
            None => value.copy_from_slice(&self.copy),
        }
    }
}

/// Walks from the assignment `start` (by variable; level-0 values override it) for about
/// `effort` (in the unit `cost` names). Writes the best assignment met into `best` for the
/// variables unassigned at level 0, and, if given, the assignment it stopped at into
/// `last` (whole: the next walk of a random formula goes on from there, see
/// `super::Solver::walk`). Call at decision level 0, after propagation found no conflict.
/// A flip that breaks more than `max_break` clauses weighs as much as one that breaks
/// `max_break` (option `walk_max_break`, 32: their weight is negligible anyway).
#[allow(clippy::too_many_arguments)]
pub fn walk(
    db: &ClauseDb,
    trail: &Trail,
    start: &[bool],
    best: &mut [bool],
    last: Option<&mut Vec<bool>>,
    effort: u64,
    cost: Cost,
    max_break: usize,
    rng: &mut SplitMix64,
) -> WalkReport {
    debug_assert_eq!(trail.decision_level(), 0);
    let formula = Formula::gather(db, trail);
    let num_clauses = formula.num_clauses();
    let mut walker = Walker::new(&formula, starting_values(trail, start));
    let initial = walker.broken.list.len();
    let mut report = WalkReport {
        initial,
        best: initial,
        flips: 0,
    };
    let mut best_so_far = BestSoFar::new(trail.num_vars());
    if num_clauses > 0 {
        let base = break_base(formula.lits.len() as f64 / num_clauses as f64);
        let weights: Vec<f64> = (0..=max_break).map(|b| base.powi(-(b as i32))).collect();
        let mut scores: Vec<f64> = Vec::new();
        let spent = |walker: &Walker| match cost {
            Cost::Visits => walker.visits,
            Cost::Scans => walker.scans,
        };
        while !walker.broken.list.is_empty() && spent(&walker) < effort {
            let clause = walker.broken.list[rng.index(walker.broken.list.len())] as usize;
            let lits = formula.clause(clause);
            walker.visits += lits.len() as u64;
            scores.clear();
            let mut total = 0.0;
            for &lit in lits {
                // Only the rephasing walk reads this; the random-formula phase's flips
                // per second should not pay an occurrence-list lookup per literal.
                if cost == Cost::Scans {
                    walker.scans += formula.occurrences(!lit).len() as u64;
                }
                let breaks = walker.breaks[lit.var().index()] as usize;
                let score = weights[breaks.min(max_break)];
                total += score;
                scores.push(score);
            }
            let mut pick = rng.next() as f64 / u64::MAX as f64 * total;
            let mut chosen = lits[lits.len() - 1];
            for (&lit, &score) in lits.iter().zip(&scores) {
                if pick < score {
                    chosen = lit;
                    break;
                }
                pick -= score;
            }
            walker.flip(chosen);
            report.flips += 1;
            best_so_far.flipped(chosen, &walker.value);
            if walker.broken.list.len() < report.best {
                report.best = walker.broken.list.len();
                best_so_far.improved();
            }
        }
    }
    let mut value = walker.value;
    if let Some(last) = last {
        last.clear();
        last.extend_from_slice(&value);
    }
    best_so_far.restore(&mut value);
    write_unassigned(trail, &value, best);
    report
}

/// A walk's first assignment: the level-0 values, and `start` for the other variables.
pub(super) fn starting_values(trail: &Trail, start: &[bool]) -> Vec<bool> {
    (0..trail.num_vars())
        .map(
            |index| match trail.root_value(Var::from_index(index).positive()) {
                Value::True => true,
                Value::False => false,
                Value::Unassigned => start[index],
            },
        )
        .collect()
}

/// Copies `value` into `best` for the variables unassigned at level 0.
pub(super) fn write_unassigned(trail: &Trail, value: &[bool], best: &mut [bool]) {
    for (index, phase) in best.iter_mut().enumerate() {
        if trail.root_value(Var::from_index(index).positive()) == Value::Unassigned {
            *phase = value[index];
        }
    }
}

#[cfg(test)]
pub(super) mod tests;
