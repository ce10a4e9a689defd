//! Restart policies.
//!
//! Two policies are implemented:
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
//!
//! Luby is the default, for its bounded worst case. Glucose restarts are faster on most
//! random and pigeonhole instances, UNSAT ones above all, but can collapse on large
//! structured ones (the 36x36 Sudoku of the shared suite needs 30× more conflicts), and a
//! Sudoku toolchain needs bounded worst cases more than a better average on random 3-SAT.
//! The unit is 50 rather than MiniSat's 100 since reason-side bumping (see `analyze`) made
//! shorter runs pay; 30 and 200 were worse, and 64 and 100, tried again later, gain a few
//! percent on small instances and lose on large ones.
//!
//! While a cube of a stream is solved ([`super::Solver::solve_cube`]) the Luby policy does
//! not restart at all: on the 1,050 hard Hanidoku puzzles (first 300, one stream)
//! restarts cost conflicts at every unit tried (50: 527,560; 200: 478,215; 500 with the
//! cube's reduction limit: 605,510; none: 463,481 and 523,603 with that limit), since
//! a puzzle is one short search whose assignment a restart throws away. The Glucose
//! policy, chosen explicitly, still restarts there.
//!
//! Not kept: alternating focused and stable modes, as CaDiCaL and Kissat do (Glucose
//! restarts with saved phases, then Luby restarts with target phases, in turns whose
//! length doubles per pair), tried in a simple and in the full form. The gains on random
//! and pigeonhole instances do not pay for a 4-5x loss on the largest Sudoku and on the
//! industrial set.
//!
//! The measurements behind these choices: `docs/experiments.md`, "Restarts".

/// Which restart schedule to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RestartPolicy {
    /// Luby sequence, 50 conflicts per unit.
    #[default]
    Luby,
    /// LBD moving averages (fast vs slow).
    Glucose,
}

const LUBY_UNIT: u64 = 50;
const MIN_RUN: u64 = 50;
const MARGIN: f64 = 1.25;
const BLOCK_FACTOR: f64 = 1.4;
const BLOCK_AFTER: u64 = 10_000;

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
    /// Conflicts per Luby unit; `u64::MAX` for no restarts (see [`Restarts::for_cube`]).
    luby_unit: u64,
}

impl Restarts {
    /// A fresh schedule with the given policy.
    pub fn new(policy: RestartPolicy) -> Restarts {
        Restarts {
            policy,
            conflicts_in_run: 0,
            runs: 1,
            fast: Ema::new(1.0 / 32.0),
            slow: Ema::new(1.0 / 4096.0),
            trail: Ema::new(1.0 / 5000.0),
            conflicts: 0,
            luby_unit: LUBY_UNIT,
        }
    }

    /// The fresh schedule of one cube of a stream: as [`Restarts::new`], except that
    /// the Luby policy never restarts (see the module docs).
    pub fn for_cube(policy: RestartPolicy) -> Restarts {
        let mut restarts = Restarts::new(policy);
        if policy == RestartPolicy::Luby {
            restarts.luby_unit = u64::MAX;
        }
        restarts
    }

    /// Records a conflict whose learnt clause has the given LBD, found with `trail_len`
    /// literals assigned.
    #[inline]
    pub fn on_conflict(&mut self, lbd: u32, trail_len: usize) {
        self.conflicts_in_run += 1;
        self.conflicts += 1;
        if self.policy == RestartPolicy::Glucose {
            let trail_len = trail_len as f64;
            if self.conflicts > BLOCK_AFTER && trail_len > BLOCK_FACTOR * self.trail.value {
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
        match self.policy {
            RestartPolicy::Luby => {
                self.conflicts_in_run >= self.luby_unit.saturating_mul(luby(self.runs))
            }
            RestartPolicy::Glucose => {
                self.conflicts_in_run >= MIN_RUN && self.fast.value > MARGIN * self.slow.value
            }
        }
    }

    /// The policy followed.
    pub fn policy(&self) -> RestartPolicy {
        self.policy
    }

    /// Starts a new run.
    pub fn restarted(&mut self) {
        self.conflicts_in_run = 0;
        self.runs += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut restarts = Restarts::new(RestartPolicy::Luby);
        let mut lengths = Vec::new();
        for _ in 0..4 {
            let mut n = 0;
            while !restarts.should_restart() {
                restarts.on_conflict(5, 10);
                n += 1;
            }
            restarts.restarted();
            lengths.push(n);
        }
        assert_eq!(lengths, vec![50, 50, 100, 50]);
    }

    #[test]
    fn a_cube_under_luby_never_restarts_and_under_glucose_still_does() {
        let mut luby = Restarts::for_cube(RestartPolicy::Luby);
        for _ in 0..1_000_000 {
            luby.on_conflict(5, 10);
        }
        assert!(!luby.should_restart());
        let mut glucose = Restarts::for_cube(RestartPolicy::Glucose);
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
        let mut restarts = Restarts::new(RestartPolicy::Glucose);
        for _ in 0..5000 {
            restarts.on_conflict(4, 10);
        }
        assert!(!restarts.should_restart(), "steady LBD must not restart");
        for _ in 0..40 {
            restarts.on_conflict(12, 10);
        }
        assert!(restarts.should_restart());
        restarts.restarted();
        assert!(!restarts.should_restart(), "a run needs a minimum length");
    }

    #[test]
    fn glucose_blocks_restarts_when_the_trail_is_unusually_long() {
        let mut restarts = Restarts::new(RestartPolicy::Glucose);
        for _ in 0..BLOCK_AFTER {
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
