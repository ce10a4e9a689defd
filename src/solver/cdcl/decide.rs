//! Branching: EVSIDS variable activities and target phases.
//!
//! EVSIDS (Moskewicz et al., "Chaff", DAC 2001, in the exponential form of Eén &
//! Sörensson's MiniSat, SAT 2003): every variable met during conflict analysis gets its
//! activity raised by `inc`, and after each conflict `inc` is divided by the decay
//! factor (option `vsids_decay`, 0.95), so recent conflicts weigh exponentially more than old ones. When an
//! activity would overflow the usable `f64` range, all activities and `inc` are scaled
//! down by the same factor, which keeps the order.
//!
//! Target phases (Biere & Fleury, "Chasing target phases", POS 2020), in place of plain
//! phase saving (Pipatsrisawat & Darwiche, SAT 2007): at each conflict, if the part of
//! the trail below the conflict level is the longest conflict-free assignment since the
//! last restart, its values are copied to the target phases; a decision takes the
//! variable's target phase. Variables outside that assignment keep older target values;
//! the initial phase is false, which suits one-hot encodings such as Sudoku's.
//!
//! Under the default restart policy each stable stint starts with a walk (see `walk`)
//! whose best assignment overwrites the target phases: the rephasing that CaDiCaL and
//! Kissat do with their walker.
//!
//! Since the broad suite (`scripts/broad/`, docs/experiments.md "The broad suite's
//! defaults") the focused stints of the modes policy decide by the move-to-front queue
//! (`vmtf`, option `focused_vmtf`) with saved phases, and only the stable stints take the
//! target phases (`target_phases` = 1), as CaDiCaL does: the ordering principles (GT_n)
//! that timed out with EVSIDS and target phases everywhere are refuted in seconds.
//!
//! Target phases won mostly on large structured instances (the 36x36 Sudoku's shuffled
//! copies about 8x faster than with phase saving); the price is on some UNSAT ones
//! (php_10_9, uuf250-02, random n300_s3).
//!
//! Not kept: other rephasing (CaDiCaL's and Kissat's periodic reset of the target to the
//! best assignment, all-false or all-true), a Glucose-style decay ramp, hybrid phases (the saved
//! phase outside the target assignment, as CaDiCaL's stable mode falls back to saved
//! phases), plain phase saving again, and the target assignment kept across restarts. None
//! won over the suite: each lost 2-5x on at least one family (industrial_38bits_10,
//! 3bitadd_31, the 36x36 Sudoku or hanoi5) for its gains elsewhere. The target kept
//! across restarts, as CaDiCaL 1.5 keeps it until a rephase (`target_restart_reset=0`),
//! split the broad suite the same way: the unsatisfiable families (ordering, clique-
//! colouring) gained 0.4-0.7x, van der Waerden and VMPC lost 3-6x. So by default
//! (`target_restart_reset=2`) the target survives a restart only while the last
//! rephasing walk ended at most one clause short of a model (`walk::LastWalk`), the
//! signal of those unsatisfiable families that the reduction's floor reads too; a walk that
//! ends further away, as on the satisfiable families, brings back the reset at each
//! restart. Broad suite 0.89x, no family worse (docs/experiments.md, "Eager
//! subsumption, the clause-weighting walk's budget, and the target across restarts" and
//! "The near-miss target as the default").
//!
//! The measurements: `docs/experiments.md`, "Branching".
//!
//! Invariant: every unassigned variable is in the heap (assigned ones may be too; they
//! are skipped lazily when popped), except variables taken out of the decisions (those
//! eliminated by preprocessing), which are dropped when popped.

use super::heap::VarHeap;
use super::trail::{Trail, Value};
use super::vmtf::Queue;
use crate::lit::{Lit, Var};

/// Activities are scaled down once one exceeds this: a guard of the `f64` range that
/// keeps the order, not a tuning knob.
const RESCALE_LIMIT: f64 = 1e100;

/// Which order the decisions follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// EVSIDS activities in a heap.
    Vsids,
    /// The move-to-front queue (see `vmtf`).
    Vmtf,
}

/// Whether backtracking saves the values it undoes as the variables' phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseSaving {
    /// The search's own assignments: their values become the saved phases.
    Save,
    /// Assignments made to probe, not to search (vivification): the phases stay.
    Keep,
}

/// Where a decision's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseSource {
    /// The target phases (see the module docs).
    Target,
    /// The saved phases: each variable's last value.
    Saved,
}

/// Whose EVSIDS activities decide: the stable stints keep theirs apart from focused
/// stints that decide by EVSIDS too (option `focused_vmtf`), as CaDiCaL keeps its stable
/// mode's scores apart from its focused mode's queue. The focused stints' faster decay
/// makes their bumps outweigh any older ones, so sharing one set of activities would
/// leave each stable stint with the last focused stint's short memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scores {
    /// The stable stints' activities (and those of every strategy with one mode).
    Stable,
    /// The focused stints' activities.
    Focused,
}

/// Activities, the order heap, the move-to-front queue and the phases.
#[derive(Debug)]
pub struct Decide {
    activity: Vec<f64>,
    inc: f64,
    /// Whose activities `activity` and `inc` are; the other set waits in
    /// `other_activity` and `other_inc`.
    scores: Scores,
    other_activity: Vec<f64>,
    other_inc: f64,
    /// The decay factor of `inc` (option `vsids_decay`).
    decay: f64,
    heap: VarHeap,
    queue: Queue,
    order: Order,
    phase_source: PhaseSource,
    target: Vec<bool>,
    target_len: usize,
    /// Each variable's last value (phase saving), what rephasing rewrites.
    saved: Vec<bool>,
    /// The assignment of the longest conflict-free trail since the last rephase
    /// (CaDiCaL's best phases), and that trail's length.
    best: Vec<bool>,
    best_len: usize,
    /// Variables that are never decided (MiniSat's `decision` flag, inverted).
    excluded: Vec<bool>,
    excluded_count: usize,
}

impl Default for Decide {
    /// With the default decay.
    fn default() -> Decide {
        Decide::new(super::options::Options::default().vsids_decay)
    }
}

impl Decide {
    /// No variables yet; `inc` decays by `decay` per conflict. Decisions follow EVSIDS
    /// in the target phases until told otherwise.
    pub fn new(decay: f64) -> Decide {
        Decide {
            activity: Vec::new(),
            inc: 1.0,
            scores: Scores::Stable,
            other_activity: Vec::new(),
            other_inc: 1.0,
            decay,
            heap: VarHeap::default(),
            queue: Queue::default(),
            order: Order::Vsids,
            phase_source: PhaseSource::Target,
            target: Vec::new(),
            target_len: 0,
            saved: Vec::new(),
            best: Vec::new(),
            best_len: 0,
            excluded: Vec::new(),
            excluded_count: 0,
        }
    }
    /// Adds variables up to `num_vars`, each unassigned and eligible for decisions.
    pub fn grow(&mut self, num_vars: usize) {
        let old = self.activity.len();
        if num_vars <= old {
            return;
        }
        self.activity.resize(num_vars, 0.0);
        self.other_activity.resize(num_vars, 0.0);
        self.target.resize(num_vars, false);
        self.saved.resize(num_vars, false);
        self.best.resize(num_vars, false);
        self.excluded.resize(num_vars, false);
        self.heap.grow(num_vars);
        self.queue.grow(num_vars);
        for index in old..num_vars {
            self.heap.insert(Var::from_index(index), &self.activity);
        }
    }

    /// Switches the decision order, the phases decisions take and EVSIDS's decay (the
    /// focused stints may forget faster than the stable ones). The heap holds every
    /// unassigned variable at all times; the queue's cursor is kept only while the queue
    /// decides (a stream of puzzles never uses it) and starts from the end when it takes
    /// over. Only the order in force is bumped.
    pub fn set_strategy(
        &mut self,
        order: Order,
        phase_source: PhaseSource,
        decay: f64,
        scores: Scores,
    ) {
        self.decay = decay;
        if scores != self.scores {
            self.swap_scores(scores);
        }
        if order == Order::Vmtf && self.order != Order::Vmtf {
            // The cursor was not kept while EVSIDS decided (see `unassigned`).
            self.queue.reset_cursor();
        }
        self.order = order;
        self.phase_source = phase_source;
    }

    /// Makes `scores`' activities the ones in force and rebuilds the heap on them (at a
    /// mode switch, so rarely that the rebuild's cost does not show).
    fn swap_scores(&mut self, scores: Scores) {
        std::mem::swap(&mut self.activity, &mut self.other_activity);
        std::mem::swap(&mut self.inc, &mut self.other_inc);
        self.scores = scores;
        let mut heap = VarHeap::default();
        heap.grow(self.activity.len());
        for index in 0..self.activity.len() {
            let var = Var::from_index(index);
            if self.heap.contains(var) {
                heap.insert(var, &self.activity);
            }
        }
        self.heap = heap;
    }

    /// Raises the standing of a variable that took part in a conflict: its activity, or
    /// its place in the queue once the conflict is done ([`Decide::conflict_done`]).
    #[inline]
    pub fn bump(&mut self, var: Var) {
        match self.order {
            Order::Vsids => self.bump_activity(var),
            Order::Vmtf => self.queue.bump(var),
        }
    }

    #[inline]
    fn bump_activity(&mut self, var: Var) {
        let activity = &mut self.activity[var.index()];
        *activity += self.inc;
        if *activity > RESCALE_LIMIT {
            for value in &mut self.activity {
                *value /= RESCALE_LIMIT;
            }
            self.inc /= RESCALE_LIMIT;
        }
        self.heap.increased(var, &self.activity);
    }

    /// Called once a conflict's bumps are done: ages all activities (by growing future
    /// bumps instead), or moves the bumped variables to the front of the queue.
    #[inline]
    pub fn conflict_done(&mut self, trail: &Trail) {
        match self.order {
            Order::Vsids => self.inc /= self.decay,
            Order::Vmtf => self
                .queue
                .flush(|var| trail.value(var.positive()) == Value::Unassigned),
        }
    }

    /// Called for each literal undone by backtracking: makes it eligible again and saves
    /// its value as the variable's phase.
    #[inline]
    pub fn unassigned(&mut self, lit: Lit) {
        self.saved[lit.var().index()] = lit.is_positive();
        self.unassigned_keeping_phase(lit);
    }

    /// [`Decide::unassigned`] without saving the phase: for assignments that are not the
    /// search's, such as vivification's probes (Kissat backtracks from them without
    /// updating phases too), which would otherwise steer the focused stints' decisions.
    #[inline]
    pub fn unassigned_keeping_phase(&mut self, lit: Lit) {
        let var = lit.var();
        self.heap.insert(var, &self.activity);
        if self.order == Order::Vmtf {
            self.queue.unassigned(var);
        }
    }

    /// The variable's saved phase (its last value in the search), for the tests.
    #[cfg(test)]
    pub fn saved_phase(&self, var: Var) -> bool {
        self.saved[var.index()]
    }

    /// Called at a conflict, before backjumping: if the conflict-free part of the trail
    /// (the levels below the conflict level) is the longest since the last restart, its
    /// values become the target phases; if it is the longest since the last rephase,
    /// the best phases.
    pub fn conflict(&mut self, trail: &Trail) {
        let len = trail.below_current_level();
        if len > self.target_len {
            for &lit in &trail.lits()[..len] {
                self.target[lit.var().index()] = lit.is_positive();
            }
            self.target_len = len;
        }
        if len > self.best_len {
            for &lit in &trail.lits()[..len] {
                self.best[lit.var().index()] = lit.is_positive();
            }
            self.best_len = len;
        }
    }

    /// Called at a restart: the next target starts from scratch.
    pub fn restarted(&mut self) {
        self.target_len = 0;
    }

    /// The next decision: the first unassigned variable in the order in force, in the
    /// phase of the phase source, or `None` if every variable is assigned.
    pub fn pick(&mut self, trail: &Trail) -> Option<Lit> {
        // Everything assigned: say so without popping the assigned variables off the heap
        // (on a stream of easy puzzles those pops, and re-inserting them when the next
        // solve backtracks, were a third of the time).
        if trail.lits().len() + self.excluded_count == trail.num_vars() {
            return None;
        }
        let var = match self.order {
            Order::Vsids => loop {
                let var = self.heap.pop(&self.activity)?;
                if trail.value(var.positive()) == Value::Unassigned && !self.excluded[var.index()] {
                    break var;
                }
            },
            Order::Vmtf => self
                .queue
                .pick(|var| trail.value(var.positive()) == Value::Unassigned)?,
        };
        let phase = match self.phase_source {
            PhaseSource::Target => self.target[var.index()],
            PhaseSource::Saved => self.saved[var.index()],
        };
        Some(var.lit(phase))
    }

    /// Takes `var` out of the decisions (`false`: an unassigned variable that no clause
    /// holds, as after elimination) or puts it back (`true`).
    pub fn set_decision(&mut self, var: Var, eligible: bool) {
        let excluded = &mut self.excluded[var.index()];
        if *excluded == eligible {
            *excluded = !eligible;
            if eligible {
                self.excluded_count -= 1;
                self.heap.insert(var, &self.activity);
                self.queue.restore(var);
            } else {
                self.excluded_count += 1;
                self.queue.remove(var);
            }
        }
    }

    /// The activities of all variables, by variable index.
    #[inline]
    pub fn activities(&self) -> &[f64] {
        &self.activity
    }

    /// Whether the order in force would decide `a` before `b`: the higher activity
    /// under EVSIDS, the more recent bump in the move-to-front queue (CaDiCaL's
    /// `score_smaller` and `bumped` comparisons, which its trail reuse ranks by).
    #[inline]
    pub fn ranks_above(&self, a: Var, b: Var) -> bool {
        match self.order {
            Order::Vsids => self.activity[a.index()] > self.activity[b.index()],
            Order::Vmtf => self.queue.stamp(a) > self.queue.stamp(b),
        }
    }

    /// Whether the variable may be decided (not taken out by [`Decide::set_decision`]).
    #[inline]
    pub fn is_eligible(&self, var: Var) -> bool {
        !self.excluded[var.index()]
    }

    /// The target phases by variable, for a rephase to overwrite (see `walk`).
    pub fn target_phases_mut(&mut self) -> &mut [bool] {
        &mut self.target
    }

    /// Takes a walk's model as the phases of both sources, so that the search decides
    /// along it in either mode (the focused stints take the saved phases).
    pub fn adopt_model(&mut self, phases: &[bool]) {
        self.target.copy_from_slice(phases);
        self.saved.copy_from_slice(phases);
    }

    /// Copies the saved phases into the target phases: where a rephasing walk starts.
    pub fn target_from_saved(&mut self) {
        self.target.copy_from_slice(&self.saved);
    }

    /// Rephases (CaDiCaL's `rephase`): sets the saved phases as `kind` says, makes
    /// them the target too (a fresh target starts from them), and starts a new best
    /// assignment.
    pub fn rephase(&mut self, kind: Rephase) {
        match kind {
            Rephase::Original => self.saved.fill(false),
            Rephase::Inverted => self.saved.fill(true),
            Rephase::Flipped => self.saved.iter_mut().for_each(|phase| *phase = !*phase),
            Rephase::Random(seed) => {
                let mut rng = crate::rng::SplitMix64(seed);
                self.saved
                    .iter_mut()
                    .for_each(|phase| *phase = rng.next() & 1 == 1);
            }
            Rephase::Best => self.saved.copy_from_slice(&self.best),
            Rephase::Target => self.saved.copy_from_slice(&self.target),
        }
        self.target.copy_from_slice(&self.saved);
        self.target_len = 0;
        self.best_len = 0;
    }

    /// Current activity of a variable.
    #[cfg(test)]
    pub fn activity(&self, var: Var) -> f64 {
        self.activity[var.index()]
    }
}

/// What a rephase sets the saved phases to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rephase {
    /// The initial phase, false (which suits one-hot encodings).
    Original,
    /// True everywhere.
    Inverted,
    /// Each saved phase negated.
    Flipped,
    /// Random phases from this seed.
    Random(u64),
    /// The best phases.
    Best,
    /// The target phases, as a walk left them (see `walk`).
    Target,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::clause_db::ClauseRef;

    #[test]
    fn most_recently_bumped_wins_in_its_target_phase() {
        let mut decide = Decide::default();
        decide.grow(3);
        let mut trail = Trail::default();
        trail.grow(3);
        let (a, b) = (Var::from_index(0), Var::from_index(2));
        decide.bump(a);
        decide.conflict_done(&trail);
        decide.bump(b);
        assert!(decide.activity(b) > decide.activity(a));
        assert_eq!(decide.pick(&trail), Some(b.negative()));
        trail.qhead = trail.len(); // nothing to propagate here
        trail.new_level();
        trail.assign(b.positive(), ClauseRef::NONE);
        assert_eq!(decide.pick(&trail), Some(a.negative()));
        trail.qhead = trail.len(); // nothing to propagate here
        trail.new_level();
        trail.assign(a.negative(), ClauseRef::NONE);
        // A conflict at level 2: level 1 (b true) is the longest conflict-free prefix.
        decide.conflict(&trail);
        trail.backtrack_to(0, |lit| decide.unassigned(lit));
        assert_eq!(decide.pick(&trail), Some(b.positive()));
        assert_eq!(decide.pick(&trail), Some(a.negative()));
        // A shorter prefix does not replace the target; after a restart it does.
        trail.qhead = trail.len(); // nothing to propagate here
        trail.new_level();
        trail.assign(b.negative(), ClauseRef::NONE);
        trail.qhead = trail.len(); // nothing to propagate here
        trail.new_level();
        decide.conflict(&trail);
        trail.backtrack_to(0, |lit| decide.unassigned(lit));
        assert_eq!(decide.pick(&trail), Some(b.positive()));
        decide.restarted();
        trail.qhead = trail.len(); // nothing to propagate here
        trail.new_level();
        trail.assign(b.negative(), ClauseRef::NONE);
        trail.qhead = trail.len(); // nothing to propagate here
        trail.new_level();
        decide.conflict(&trail);
        trail.backtrack_to(0, |lit| decide.unassigned(lit));
        assert_eq!(decide.pick(&trail), Some(b.negative()));
    }

    #[test]
    fn a_lower_decay_forgets_older_bumps_sooner() {
        // `a` is bumped at two conflicts, then `b` at the third: under the default
        // decay the two older bumps outweigh the newer one, under 0.5 they do not.
        let winner = |decay: f64| {
            let mut decide = Decide::default();
            decide.grow(2);
            decide.set_strategy(Order::Vsids, PhaseSource::Saved, decay, Scores::Stable);
            let trail = {
                let mut trail = Trail::default();
                trail.grow(2);
                trail
            };
            let (a, b) = (Var::from_index(0), Var::from_index(1));
            for var in [a, a, b] {
                decide.bump(var);
                decide.conflict_done(&trail);
            }
            decide.pick(&trail).map(Lit::var)
        };
        assert_eq!(winner(0.95), Some(Var::from_index(0)));
        assert_eq!(winner(0.5), Some(Var::from_index(1)));
    }

    #[test]
    fn the_stable_stints_keep_their_activities_through_a_focused_stint() {
        let mut decide = Decide::default();
        decide.grow(3);
        let mut trail = Trail::default();
        trail.grow(3);
        let (a, b) = (Var::from_index(0), Var::from_index(1));
        let strategy = |decide: &mut Decide, scores| {
            decide.set_strategy(Order::Vsids, PhaseSource::Saved, 0.9, scores);
            assert!(decide.heap.is_valid(&decide.activity));
        };
        // The next decision, handed back to the heap as a backtrack would.
        let next = |decide: &mut Decide, trail: &Trail| {
            let lit = decide.pick(trail).unwrap();
            decide.unassigned(lit);
            lit.var()
        };
        for _ in 0..5 {
            decide.bump(a);
            decide.conflict_done(&trail);
        }
        strategy(&mut decide, Scores::Focused);
        decide.bump(b);
        decide.conflict_done(&trail);
        assert_eq!(next(&mut decide, &trail), b);
        // Back in a stable stint: `a` leads again, whatever the focused stint bumped.
        strategy(&mut decide, Scores::Stable);
        assert_eq!(next(&mut decide, &trail), a);
        assert_eq!(decide.activity(b), 0.0);
        // And the focused activities wait for the next focused stint.
        strategy(&mut decide, Scores::Focused);
        assert_eq!(decide.activity(a), 0.0);
        assert_eq!(next(&mut decide, &trail), b);
    }

    #[test]
    fn rescaling_keeps_the_order() {
        let mut decide = Decide::default();
        decide.grow(2);
        let mut trail = Trail::default();
        trail.grow(2);
        let (a, b) = (Var::from_index(0), Var::from_index(1));
        for _ in 0..6000 {
            decide.bump(a);
            decide.conflict_done(&trail);
        }
        decide.bump(b);
        assert!(decide.activity(a).is_finite() && decide.activity(a) < RESCALE_LIMIT);
        assert!(decide.activity(b) > 0.0);
        assert!(decide.pick(&trail).is_some());
    }
}
