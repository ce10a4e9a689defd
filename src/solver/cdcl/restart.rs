//! Restart policies.
//!
//! Three policies are implemented:
//! * **Luby** (Luby, Sinclair & Zuckerman 1993; used by MiniSat 2.2): the n-th run lasts
//!   `unit · luby(n)` conflicts, with `luby = 1 1 2 1 1 2 4 1 1 2 …` and unit 50
//!   (MiniSat: 100; see below).
//! * **Glucose** (Audemard & Simon, "Refining restarts strategies for SAT and UNSAT",
//!   CP 2012), in the exponential-moving-average form of Biere & Fröhlich (POS 2015):
//!   restart when the recent average LBD of learnt clauses (fast EMA, α = 1/32) exceeds
//!   the long-run average (slow EMA, α = 1/4096) by a margin, i.e. when the search has
//!   recently produced worse clauses than usual. A restart needs at least 50 conflicts
//!   since the last one so the fast average reflects the current run. Restarts are
//!   *blocked* (the run is prolonged) when the trail at a conflict is much longer than
//!   usual (1.4 × its moving average, after 10 000 conflicts): the solver is then
//!   probably close to a model, and restarting would throw the assignment away.
//! * **Modes**, the default: a focused mode (EMA restarts as Glucose's, on CaDiCaL's
//!   constants: a run of 2 conflicts at least, a margin of 1.1, a slow average of
//!   α = 1e-5 and no blocking; see below) and a stable mode (Luby
//!   restarts of unit 1000, the long runs of Kissat's stable mode, the sequence going on
//!   from one stable stint to the next, each stint opened by a walk-based rephase, see
//!   `walk`) in turns, as CaDiCaL and Kissat
//!   alternate theirs. The first focused stint lasts 1000 conflicts (Kissat's
//!   `modeinit`); the propagations it took are the unit of the later ones, which pair
//!   up as (focused, stable), the k-th pair k² units for the focused stint and twice
//!   that for the stable one. A stint ends at the first restart past its budget.
//!   While the last rephasing walk ended at most one clause short of a model, the
//!   stable share is `mode_near_miss_stable_share` instead (an option, the same 2 by
//!   default: 0 refutes clique-colouring about 4x faster and loses pigeonhole 2x;
//!   docs/experiments.md, "Focused stints after a near-miss walk").
//!
//! Why modes: on the medium suite (`scripts/medium/`) Glucose restarts halve the time
//! of the UNSAT random, quasigroup and bounded-model-checking families but make the
//! 36x36 Sudoku 15-30x slower; Luby restarts are the other way round. Alternating keeps
//! most of both, and the walks at the stable stints' starts find the models of the
//! satisfiable random instances. Starting stable, equal shares, and no walks were
//! measured too; the stable mode's double share was the best total, and a stable Luby
//! unit of 1000 rather than 50 took fewer conflicts on four families of six. The price is the
//! 36x36 Sudoku, about twice the conflicts of Luby alone over five shuffled copies:
//! it wants only long runs. On the small shared suite (where these modes were first
//! tried and dropped, see below) random instances gain and the largest Sudoku loses.
//!
//! The focused stints' constants were Glucose's until the broad suite (`make
//! bench-broad`, `scripts/broad/`) measured families no earlier suite had: with
//! Glucose's they restarted about once in 900 conflicts on clique-colouring formulas
//! where CaDiCaL restarts once in 50, and together with the move-to-front queue in the
//! focused stints (`decide`, `focused_vmtf`) and target phases only in the stable ones
//! they decide the ordering principles that timed out (docs/experiments.md, "The broad
//! suite's defaults"). `--restarts glucose` keeps the published constants (`restart_*`),
//! and so do formulas that look uniformly random (`random`): on the hard suite's random
//! 3- and 7-SAT the new strategy lost (their models come from the walks, which the old
//! one serves), so they keep it whole ([`Restarts::use_glucose_constants`], and
//! `apply_strategy` in `search`).
//!
//! Under Luby alone the unit is 50 rather than MiniSat's 100 since reason-side bumping
//! (see `analyze`) made shorter runs pay; 30 and 200 were worse, and 64 and 100, tried
//! again later, gain a few percent on small instances and lose on large ones.
//!
//! While a cube of a stream is solved ([`super::Solver::solve_cube`]) the Luby and the
//! modes policies do not restart at all: on the 1,050 hard Hanidoku puzzles (first 300,
//! one stream) restarts cost conflicts at every unit tried (50: 527,560; 200: 478,215;
//! 500 with the cube's reduction limit: 605,510; none: 463,481 and 523,603 with that
//! limit), since a puzzle is one short search whose assignment a restart throws away.
//! The Glucose policy, chosen explicitly, still restarts there.
//!
//! Earlier, on the small shared suite, alternating modes was tried twice (with saved
//! phases in the focused mode, in turns doubling per pair) and not kept: a 4-5x loss on
//! the largest Sudoku and on the industrial set. Saved phases in the focused mode lost
//! on the 36x36 Sudoku again with the schedule above.
//!
//! The measurements behind these choices: `docs/experiments.md`, "Restarts". The
//! constants are options (`restart_*`, `mode_*`: see `options`).

use super::options::Options;

/// Which restart schedule to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RestartPolicy {
    /// Luby sequence, 50 conflicts per unit.
    Luby,
    /// LBD moving averages (fast vs slow).
    Glucose,
    /// Focused (Glucose) and stable (Luby) modes in turns of equal propagation budgets
    /// (see "Modes" in the module docs).
    #[default]
    Modes,
}

/// The mode of the [`RestartPolicy::Modes`] policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Glucose restarts: many short runs, for refutations.
    Focused,
    /// Luby restarts: long runs that keep an assignment, for models.
    Stable,
}

// The schedule's constants are options (`restart_*` and `mode_*`, see `options`). The
// first focused stint lasts `mode_first_conflicts` (Kissat's `modeinit`); the stable
// stints' Luby unit of 1000 (`restart_stable_luby_unit`) gives the long runs of Kissat's
// stable mode (its reluctant doubling starts at 1024 conflicts).

/// The budget of stint `n` (0: the first focused one, measured in conflicts) in units
/// of that first stint's propagations: stints pair up as (focused, stable), the k-th pair
/// growing as k² (Kissat grows its mode lengths quadratically too), with the stable stint
/// `stable_share` times the focused one (see "Modes" in the module docs).
fn stint_units(n: u64, stable_share: u64) -> u64 {
    let pair = n / 2 + 1;
    let units = pair.saturating_mul(pair);
    if n % 2 == 1 {
        units.saturating_mul(stable_share)
    } else {
        units
    }
}

/// The n-th element (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …
pub fn luby(n: u64) -> u64 {
    debug_assert!(n >= 1);
    // Find the complete subsequence (of length 2^k - 1) containing n; if n ends it the
    // value is 2^(k-1), otherwise recurse into the repeated prefix.
    let mut n = n;
    loop {
        let mut size = 1u64;
        while size < n {
            size = 2 * size + 1;
        }
        if size == n {
            return size / 2 + 1;
        }
        n -= size / 2;
    }
}

/// An exponential moving average whose smoothing starts at 1 and falls to `alpha`, so
/// early values are not biased towards the initial zero.
#[derive(Clone, Copy, Debug)]
struct Ema {
    value: f64,
    alpha: f64,
    count: u64,
}

impl Ema {
    fn new(alpha: f64) -> Ema {
        Ema {
            value: 0.0,
            alpha,
            count: 0,
        }
    }

    fn update(&mut self, x: f64) {
        self.count += 1;
        let rate = self.alpha.max(1.0 / self.count as f64);
        self.value += rate * (x - self.value);
    }
}

/// The constants of the EMA (Glucose-style) restart rule that differ between
/// `--restarts glucose` and the focused stints of the modes policy.
#[derive(Clone, Copy, Debug)]
struct EmaConstants {
    min_run: u64,
    margin: f64,
    slow_alpha: f64,
    block_after: u64,
}

impl EmaConstants {
    /// Glucose's published constants (`restart_*`).
    fn glucose(options: &Options) -> EmaConstants {
        EmaConstants {
            min_run: options.restart_min_run,
            margin: options.restart_margin,
            slow_alpha: options.restart_slow_alpha,
            block_after: options.restart_block_after,
        }
    }

    /// CaDiCaL's, for the focused stints (`focused_restart_*`).
    fn focused(options: &Options) -> EmaConstants {
        EmaConstants {
            min_run: options.focused_restart_min_run,
            margin: options.focused_restart_margin,
            slow_alpha: options.focused_restart_slow_alpha,
            block_after: options.focused_restart_block_after,
        }
    }
}

/// Restart state: counts conflicts of the current run and tracks LBD averages.
#[derive(Clone, Debug)]
pub struct Restarts {
    policy: RestartPolicy,
    conflicts_in_run: u64,
    runs: u64,
    fast: Ema,
    slow: Ema,
    trail: Ema,
    conflicts: u64,
    /// Conflicts per Luby unit (under [`RestartPolicy::Modes`], of the stable stints);
    /// `u64::MAX` for no restarts (see [`Restarts::for_cube`]).
    luby_unit: u64,
    /// Under [`RestartPolicy::Modes`]: the current mode, the propagation count when it
    /// began, its budget in propagations (`None` while the first stint is measured), the
    /// unit of the budgets, and how many stints have ended.
    mode: Mode,
    stint_start: u64,
    stint_budget: Option<u64>,
    stint_unit: u64,
    stints: u64,
    /// The constants of the schedule, from [`Options`].
    min_run: u64,
    margin: f64,
    block_factor: f64,
    block_after: u64,
    first_stint_conflicts: u64,
    stable_share: u64,
}

impl Restarts {
    /// A fresh schedule with the given policy and constants.
    pub fn new(policy: RestartPolicy, options: &Options) -> Restarts {
        // The focused stints of the modes policy restart on CaDiCaL's constants rather
        // than Glucose's (see "Modes" in the module docs); `--restarts glucose` keeps
        // the published Glucose ones.
        let ema = if policy == RestartPolicy::Modes {
            EmaConstants::focused(options)
        } else {
            EmaConstants::glucose(options)
        };
        Restarts {
            policy,
            conflicts_in_run: 0,
            runs: 1,
            fast: Ema::new(options.restart_fast_alpha),
            slow: Ema::new(ema.slow_alpha),
            trail: Ema::new(options.restart_trail_alpha),
            conflicts: 0,
            luby_unit: if policy == RestartPolicy::Modes {
                options.restart_stable_luby_unit
            } else {
                options.restart_luby_unit
            },
            mode: Mode::Focused,
            stint_start: 0,
            stint_budget: None,
            stint_unit: 0,
            stints: 0,
            min_run: ema.min_run,
            margin: ema.margin,
            block_factor: options.restart_block_factor,
            block_after: ema.block_after,
            first_stint_conflicts: options.mode_first_conflicts,
            stable_share: options.mode_stable_share,
        }
    }

    /// The constants of the EMA rule; the slow average starts afresh.
    fn set_ema_constants(&mut self, ema: EmaConstants) {
        self.min_run = ema.min_run;
        self.margin = ema.margin;
        self.slow = Ema::new(ema.slow_alpha);
        self.block_after = ema.block_after;
    }

    /// The fresh schedule of one cube of a stream: as [`Restarts::new`], except that
    /// the Luby policy never restarts (see the module docs).
    pub fn for_cube(policy: RestartPolicy, options: &Options) -> Restarts {
        let policy = match policy {
            RestartPolicy::Modes => RestartPolicy::Luby,
            other => other,
        };
        let mut restarts = Restarts::new(policy, options);
        if policy == RestartPolicy::Luby {
            restarts.luby_unit = u64::MAX;
        }
        restarts
    }

    /// The rule the current run follows: the policy, or under
    /// [`RestartPolicy::Modes`] the current mode's.
    #[inline]
    fn rule(&self) -> RestartPolicy {
        match (self.policy, self.mode) {
            (RestartPolicy::Modes, Mode::Focused) => RestartPolicy::Glucose,
            (RestartPolicy::Modes, Mode::Stable) => RestartPolicy::Luby,
            (policy, _) => policy,
        }
    }

    /// Records a conflict whose learnt clause has the given LBD, found with `trail_len`
    /// literals assigned.
    #[inline]
    pub fn on_conflict(&mut self, lbd: u32, trail_len: usize) {
        self.conflicts_in_run += 1;
        self.conflicts += 1;
        if self.rule() == RestartPolicy::Glucose {
            let trail_len = trail_len as f64;
            if self.conflicts > self.block_after && trail_len > self.block_factor * self.trail.value
            {
                self.conflicts_in_run = 0;
            }
            self.trail.update(trail_len);
        }
        self.fast.update(lbd as f64);
        self.slow.update(lbd as f64);
    }

    /// True when the current run should end.
    #[inline]
    pub fn should_restart(&self) -> bool {
        match self.rule() {
            RestartPolicy::Glucose => {
                self.conflicts_in_run >= self.min_run
                    && self.fast.value > self.margin * self.slow.value
            }
            _ => self.conflicts_in_run >= self.luby_unit.saturating_mul(luby(self.runs)),
        }
    }

    /// Makes the focused stints of [`RestartPolicy::Modes`] restart on Glucose's
    /// constants (`restart_*`) rather than the focused ones, as before the broad suite:
    /// for formulas that look uniformly random (see `random` and "Modes" in the module
    /// docs). Call before the first conflict: the slow average starts afresh.
    pub fn use_glucose_constants(&mut self, options: &Options) {
        if self.policy == RestartPolicy::Modes {
            self.set_ema_constants(EmaConstants::glucose(options));
        }
    }

    /// True while [`RestartPolicy::Modes`] is in its stable mode.
    pub fn is_stable(&self) -> bool {
        self.policy == RestartPolicy::Modes && self.mode == Mode::Stable
    }

    /// The policy followed.
    pub fn policy(&self) -> RestartPolicy {
        self.policy
    }

    /// The stable share of the stints scheduled from now on: the search sets
    /// `mode_near_miss_stable_share` while the rephasing walks end one clause short of a
    /// model, `mode_stable_share` otherwise (see "Modes" in the module docs).
    pub fn set_stable_share(&mut self, share: u64) {
        self.stable_share = share;
    }

    /// Starts a new run, `propagations` being the solver's count so far; under
    /// [`RestartPolicy::Modes`] true when the mode changed with it.
    pub fn restarted(&mut self, propagations: u64) -> bool {
        if self.rule() == RestartPolicy::Luby {
            // The Luby sequence goes on where the last stable stint left it.
            self.runs += 1;
        }
        self.conflicts_in_run = 0;
        if self.policy != RestartPolicy::Modes {
            return false;
        }
        let used = propagations.saturating_sub(self.stint_start);
        let over = match self.stint_budget {
            // The first stint began with the schedule, so its conflicts are all of them.
            None => self.conflicts >= self.first_stint_conflicts,
            Some(budget) => used >= budget,
        };
        if !over {
            return false;
        }
        if self.stint_budget.is_none() {
            self.stint_unit = used.max(1);
        }
        self.stints += 1;
        self.mode = match self.mode {
            Mode::Focused => Mode::Stable,
            Mode::Stable => Mode::Focused,
        };
        let units = stint_units(self.stints, self.stable_share);
        self.stint_budget = Some(self.stint_unit.saturating_mul(units));
        self.stint_start = propagations;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(policy: RestartPolicy) -> Restarts {
        Restarts::new(policy, &Options::default())
    }

    fn for_cube(policy: RestartPolicy) -> Restarts {
        Restarts::for_cube(policy, &Options::default())
    }

    #[test]
    fn luby_sequence_prefix() {
        let expected = [
            1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1,
        ];
        let got: Vec<u64> = (1..=expected.len() as u64).map(luby).collect();
        assert_eq!(got, expected);
        assert_eq!(luby(63), 32);
        assert_eq!(luby(64), 1);
    }

    #[test]
    fn luby_runs_follow_the_sequence() {
        let mut restarts = new(RestartPolicy::Luby);
        let mut lengths = Vec::new();
        for _ in 0..4 {
            let mut n = 0;
            while !restarts.should_restart() {
                restarts.on_conflict(5, 10);
                n += 1;
            }
            restarts.restarted(0);
            lengths.push(n);
        }
        assert_eq!(lengths, vec![50, 50, 100, 50]);
    }

    #[test]
    fn stints_pair_up_focused_then_stable_growing_quadratically() {
        let units: Vec<u64> = (0..8).map(|n| stint_units(n, 2)).collect();
        assert_eq!(units, vec![1, 2, 4, 8, 9, 18, 16, 32]);
    }

    #[test]
    fn modes_start_focused_and_switch_on_their_budgets() {
        let mut restarts = new(RestartPolicy::Modes);
        assert!(!restarts.is_stable());
        // The first stint is focused (Glucose: no restart on steady LBD) and ends at the
        // first restart after 1000 conflicts; its propagations become the unit.
        let mut propagations = 0;
        let mut switched_at = None;
        for run in 0..100 {
            for _ in 0..100 {
                restarts.on_conflict(5, 10);
            }
            propagations += 1000;
            if restarts.restarted(propagations) {
                switched_at = Some(run);
                break;
            }
        }
        assert_eq!(switched_at, Some(9), "1000 conflicts in runs of 100");
        assert!(restarts.is_stable());
        // Stable follows the Luby sequence from its start, in longer units.
        let mut n = 0;
        while !restarts.should_restart() {
            restarts.on_conflict(5, 10);
            n += 1;
        }
        assert_eq!(n, Options::default().restart_stable_luby_unit);
        // The stable stint lasts two units (20 000 propagations), then focused again.
        assert!(!restarts.restarted(propagations + 19_999));
        assert!(restarts.is_stable());
        assert!(restarts.restarted(propagations + 20_000));
        assert!(!restarts.is_stable());
        assert!(!restarts.restarted(propagations + 20_000 + 39_999));
        assert!(restarts.restarted(propagations + 20_000 + 40_000));
        assert!(restarts.is_stable());
    }

    #[test]
    fn the_other_policies_never_switch_and_cubes_run_modes_as_luby() {
        for policy in [RestartPolicy::Luby, RestartPolicy::Glucose] {
            let mut restarts = new(policy);
            for k in 1..100 {
                for _ in 0..100 {
                    restarts.on_conflict(5, 10);
                }
                assert!(!restarts.restarted(k * 1_000_000));
                assert!(!restarts.is_stable());
            }
        }
        let mut cube = for_cube(RestartPolicy::Modes);
        assert_eq!(cube.policy(), RestartPolicy::Luby);
        for _ in 0..100_000 {
            cube.on_conflict(5, 10);
        }
        assert!(!cube.should_restart());
    }

    #[test]
    fn a_cube_under_luby_never_restarts_and_under_glucose_still_does() {
        let mut luby = for_cube(RestartPolicy::Luby);
        for _ in 0..1_000_000 {
            luby.on_conflict(5, 10);
        }
        assert!(!luby.should_restart());
        let mut glucose = for_cube(RestartPolicy::Glucose);
        for _ in 0..5000 {
            glucose.on_conflict(4, 10);
        }
        for _ in 0..60 {
            glucose.on_conflict(12, 10);
        }
        assert!(glucose.should_restart());
    }

    #[test]
    fn glucose_restarts_when_recent_glue_is_worse() {
        let mut restarts = new(RestartPolicy::Glucose);
        for _ in 0..5000 {
            restarts.on_conflict(4, 10);
        }
        assert!(!restarts.should_restart(), "steady LBD must not restart");
        for _ in 0..40 {
            restarts.on_conflict(12, 10);
        }
        assert!(restarts.should_restart());
        restarts.restarted(0);
        assert!(!restarts.should_restart(), "a run needs a minimum length");
    }

    #[test]
    fn glucose_blocks_restarts_when_the_trail_is_unusually_long() {
        let mut restarts = new(RestartPolicy::Glucose);
        for _ in 0..Options::default().restart_block_after {
            restarts.on_conflict(4, 100);
        }
        for _ in 0..60 {
            restarts.on_conflict(12, 100);
        }
        assert!(restarts.should_restart());
        restarts.on_conflict(12, 200);
        assert!(
            !restarts.should_restart(),
            "a long trail postpones the restart"
        );
    }
}
