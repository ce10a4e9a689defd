//! Branching: EVSIDS variable activities and phase saving.
//!
//! EVSIDS (Moskewicz et al., "Chaff", DAC 2001, in the exponential form of Eén &
//! Sörensson's MiniSat, SAT 2003): every variable met during conflict analysis gets its
//! activity raised by `inc`, and after each conflict `inc` is divided by the decay
//! factor 0.95, so recent conflicts weigh exponentially more than old ones. When an
//! activity would overflow the usable `f64` range, all activities and `inc` are scaled
//! down by the same factor, which keeps the order.
//!
//! Phase saving (Pipatsrisawat & Darwiche, SAT 2007): an unassigned variable remembers
//! the value it last had and is decided that way again; the initial phase is false,
//! which suits one-hot encodings such as Sudoku's (most variables are false).
//!
//! Invariant: every unassigned variable is in the heap (assigned ones may be too; they
//! are skipped lazily when popped).

use super::heap::VarHeap;
use super::trail::{Trail, Value};
use crate::lit::{Lit, Var};

const DECAY: f64 = 0.95;
const RESCALE_LIMIT: f64 = 1e100;

/// Activities, the order heap and saved phases.
#[derive(Debug)]
pub struct Decide {
    activity: Vec<f64>,
    inc: f64,
    heap: VarHeap,
    phase: Vec<bool>,
}

impl Default for Decide {
    fn default() -> Decide {
        Decide {
            activity: Vec::new(),
            inc: 1.0,
            heap: VarHeap::default(),
            phase: Vec::new(),
        }
    }
}

impl Decide {
    /// Adds variables up to `num_vars`, each unassigned and eligible for decisions.
    pub fn grow(&mut self, num_vars: usize) {
        let old = self.activity.len();
        if num_vars <= old {
            return;
        }
        self.activity.resize(num_vars, 0.0);
        self.phase.resize(num_vars, false);
        self.heap.grow(num_vars);
        for index in old..num_vars {
            self.heap.insert(Var::from_index(index), &self.activity);
        }
    }

    /// Raises the activity of a variable that took part in a conflict.
    #[inline]
    pub fn bump(&mut self, var: Var) {
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

    /// Ages all activities after a conflict (by growing future bumps instead).
    #[inline]
    pub fn decay(&mut self) {
        self.inc /= DECAY;
    }

    /// Called for each literal undone by backtracking: saves its phase, makes it
    /// eligible again.
    #[inline]
    pub fn unassigned(&mut self, lit: Lit) {
        let var = lit.var();
        self.phase[var.index()] = lit.is_positive();
        self.heap.insert(var, &self.activity);
    }

    /// The next decision: the most active unassigned variable in its saved phase, or
    /// `None` if every variable is assigned.
    pub fn pick(&mut self, trail: &Trail) -> Option<Lit> {
        while let Some(var) = self.heap.pop(&self.activity) {
            if trail.value(var.positive()) == Value::Unassigned {
                return Some(var.lit(self.phase[var.index()]));
            }
        }
        None
    }

    /// Current activity of a variable.
    #[cfg(test)]
    pub fn activity(&self, var: Var) -> f64 {
        self.activity[var.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::clause_db::ClauseRef;

    #[test]
    fn most_recently_bumped_wins_and_phase_is_saved() {
        let mut decide = Decide::default();
        decide.grow(3);
        let mut trail = Trail::default();
        trail.grow(3);
        let (a, b) = (Var::from_index(0), Var::from_index(2));
        decide.bump(a);
        decide.decay();
        decide.bump(b);
        assert!(decide.activity(b) > decide.activity(a));
        assert_eq!(decide.pick(&trail), Some(b.negative()));
        trail.new_level();
        trail.assign(b.positive(), ClauseRef::NONE);
        assert_eq!(decide.pick(&trail), Some(a.negative()));
        trail.backtrack_to(0, |lit| decide.unassigned(lit));
        assert_eq!(decide.pick(&trail), Some(b.positive()));
    }

    #[test]
    fn rescaling_keeps_the_order() {
        let mut decide = Decide::default();
        decide.grow(2);
        let (a, b) = (Var::from_index(0), Var::from_index(1));
        for _ in 0..6000 {
            decide.bump(a);
            decide.decay();
        }
        decide.bump(b);
        assert!(decide.activity(a).is_finite() && decide.activity(a) < RESCALE_LIMIT);
        assert!(decide.activity(b) > 0.0);
        let trail = {
            let mut t = Trail::default();
            t.grow(2);
            t
        };
        assert!(decide.pick(&trail).is_some());
    }
}
