//! Restart policies.
//!
//! Two policies are implemented:
//! * **Luby** (Luby, Sinclair & Zuckerman 1993; used by MiniSat 2.2): the n-th run lasts
//!   `unit · luby(n)` conflicts, with `luby = 1 1 2 1 1 2 4 1 1 2 …` and unit 100.
//! * **Glucose** (Audemard & Simon, "Refining restarts strategies for SAT and UNSAT",
//!   CP 2012), in the exponential-moving-average form of Biere & Fröhlich (POS 2015):
//!   restart when the recent average LBD of learnt clauses (fast EMA, α = 1/32) exceeds
//!   the long-run average (slow EMA, α = 1/4096) by a margin, i.e. when the search has
//!   recently produced worse clauses than usual. A restart needs at least 50 conflicts
//!   since the last one so the fast average reflects the current run.
//!
//! Glucose-style is the default: on the structured formulas this project produces
//! (Sudoku encodings) it restarts often while learning is poor, which finds models
//! quickly; Luby is kept for comparison and for random instances.

/// Which restart schedule to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RestartPolicy {
    /// Luby sequence, 100 conflicts per unit.
    Luby,
    /// LBD moving averages (fast vs slow).
    #[default]
    Glucose,
}

const LUBY_UNIT: u64 = 100;
const MIN_RUN: u64 = 50;
const MARGIN: f64 = 1.25;

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
        }
    }

    /// Records a conflict whose learnt clause has the given LBD.
    #[inline]
    pub fn on_conflict(&mut self, lbd: u32) {
        self.conflicts_in_run += 1;
        self.fast.update(lbd as f64);
        self.slow.update(lbd as f64);
    }

    /// True when the current run should end.
    #[inline]
    pub fn should_restart(&self) -> bool {
        match self.policy {
            RestartPolicy::Luby => self.conflicts_in_run >= LUBY_UNIT * luby(self.runs),
            RestartPolicy::Glucose => {
                self.conflicts_in_run >= MIN_RUN && self.fast.value > MARGIN * self.slow.value
            }
        }
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
                restarts.on_conflict(5);
                n += 1;
            }
            restarts.restarted();
            lengths.push(n);
        }
        assert_eq!(lengths, vec![100, 100, 200, 100]);
    }

    #[test]
    fn glucose_restarts_when_recent_glue_is_worse() {
        let mut restarts = Restarts::new(RestartPolicy::Glucose);
        for _ in 0..5000 {
            restarts.on_conflict(4);
        }
        assert!(!restarts.should_restart(), "steady LBD must not restart");
        for _ in 0..40 {
            restarts.on_conflict(12);
        }
        assert!(restarts.should_restart());
        restarts.restarted();
        assert!(!restarts.should_restart(), "a run needs a minimum length");
    }
}
