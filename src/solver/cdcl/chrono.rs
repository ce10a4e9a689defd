//! Chronological backtracking (option `chrono`; off by default).
//!
//! After a conflict the search usually undoes every level above the learnt clause's
//! backjump level, and then decides and propagates most of them again. Nadel and Ryvchin
//! ("Chronological Backtracking", SAT 2018) undo only the conflict's own level when the
//! backjump is long; Möhle and Biere ("Backing Backtracking", SAT 2019) made it sound and
//! simple, and CaDiCaL adds trail reuse (van der Tak, Ramos and Heule, JSAT 2011): keep
//! the levels up to the best-ranked variable the backjump would undo, since the decision
//! heuristic would pick those levels' decisions again first. What CaDiCaL does here and
//! what this file follows:
//! * a literal is assigned at the level its reason implies it at, the highest level of
//!   the reason's other literals, which may be below the current level
//!   (`watch::propagate_implied`); the trail then holds literals out of order and
//!   backtracking keeps those whose level stays (see `trail`);
//! * so a conflict clause's highest level may be below the current one: the search first
//!   backtracks to it, and if the clause has a single literal there, that literal was
//!   an implication missed when a backtrack undid it. It is assigned at once, with the
//!   clause as its reason, and no clause is learnt (CaDiCaL's `find_conflict_level`);
//! * the conflict clause's two highest-level literals become its watched ones first:
//!   a backtrack that undoes any literal of the clause then undoes a watched one, and
//!   the watch invariant holds;
//! * the learnt clause's asserting literal is assigned at the backjump level, wherever
//!   the search backtracked to.
//!
//! Units are learnt at level 0 after a full backtrack, as without `chrono`. The
//! XOR matrices, shrinking, cubes and assumptions all read the trail by level ranges, so
//! `chrono` stays off while any of them is in use.

use super::clause_db::{ClauseDb, ClauseRef};
use super::watch::{Watch, Watches};
use super::Solver;

/// What [`Solver::chrono_conflict`] made of a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ChronoConflict {
    /// The clause had a single literal of its highest level; it is now assigned, and the
    /// search propagates on without learning.
    Implied,
    /// The search is at the clause's highest level: analyse it there (at level 0 the
    /// formula is unsatisfiable).
    Analyse,
}

impl Solver {
    /// Whether chronological backtracking is in force for the run that starts: asked for,
    /// and no technique that reads the trail by level ranges is in use (module docs).
    pub(super) fn chrono_applies(&self) -> bool {
        self.options.chrono > 0
            && self.options.shrink == 0
            && !self.xor.is_active()
            && !self.branch_on_columns
            && self.root_level() == 0
            && self.assumptions.is_empty()
    }

    /// Takes a conflict to its own level (module docs): watches the clause's two
    /// highest-level literals, backtracks to its highest level, and assigns a single
    /// literal of that level there.
    pub(super) fn chrono_conflict(&mut self, conflict: ClauseRef) -> ChronoConflict {
        let lits = self.db.lits(conflict);
        debug_assert!(lits.len() >= 2, "a conflict on a unit clause above level 0");
        let level_of = |index: usize| self.trail.level(lits[index].var());
        // The positions of the highest and the second highest level, their levels, and
        // how many literals share the highest.
        let (mut first, mut second) = if level_of(0) >= level_of(1) {
            (0, 1)
        } else {
            (1, 0)
        };
        let (mut top, mut below) = (level_of(first), level_of(second));
        let mut at_top = 1 + usize::from(top == below);
        for index in 2..lits.len() {
            let level = level_of(index);
            if level > top {
                (second, below) = (first, top);
                (first, top) = (index, level);
                at_top = 1;
            } else {
                at_top += usize::from(level == top);
                if level > below {
                    (second, below) = (index, level);
                }
            }
        }
        let implied = lits[first];
        // A binary clause is watched on both of its literals whatever their order.
        if lits.len() > 2 && (first, second) != (0, 1) {
            watch_positions(&mut self.watches, &mut self.db, conflict, first, second);
        }
        if top == 0 || at_top > 1 {
            self.backtrack(top);
            return ChronoConflict::Analyse;
        }
        self.backtrack(top - 1);
        self.trail.assign_at(implied, conflict, below);
        self.stats.missed_implications += 1;
        ChronoConflict::Implied
    }

    /// The level to backtrack to after learning a clause with backjump level `jump` at
    /// the current level: one level down if the backjump would undo more than
    /// `chrono_levels` levels; with `chrono=2` the levels up to the one holding the
    /// best-ranked variable the backjump would undo (CaDiCaL's trail reuse); else `jump`.
    pub(super) fn chrono_backtrack_level(&self, jump: usize) -> usize {
        let level = self.trail.decision_level();
        if jump + 1 >= level {
            return jump;
        }
        if (level - jump) as u64 > self.options.chrono_levels {
            return level - 1;
        }
        if self.options.chrono < 2 {
            return jump;
        }
        let start = self.trail.level_start(jump + 1);
        let undone = &self.trail.lits()[start..];
        let mut best = 0;
        for (index, lit) in undone.iter().enumerate().skip(1) {
            if self.decide.ranks_above(lit.var(), undone[best].var()) {
                best = index;
            }
        }
        let best_position = start + best;
        let mut reuse = jump;
        while reuse + 1 < level && self.trail.level_start(reuse + 1) <= best_position {
            reuse += 1;
        }
        reuse
    }
}

/// Makes the literals at positions `first` and `second` of a long clause its watched
/// ones, at positions 0 and 1 in that order, moving its watches to match: for
/// chronological backtracking, which watches a conflict clause's two highest-level
/// literals (see the module docs).
fn watch_positions(
    watches: &mut Watches,
    db: &mut ClauseDb,
    cref: ClauseRef,
    first: usize,
    second: usize,
) {
    let lits = db.lits_mut(cref);
    debug_assert!(lits.len() > 2 && first != second);
    let (old_first, old_second) = (lits[0], lits[1]);
    lits.swap(0, first);
    // The literal that was at position 0 is now at `first`.
    lits.swap(1, if second == 0 { first } else { second });
    let (new_first, new_second) = (lits[0], lits[1]);
    for old in [old_first, old_second] {
        if old != new_first && old != new_second {
            let list = &mut watches.lists[old.code()];
            let at = list.iter().position(|watch| watch.cref == cref);
            debug_assert!(at.is_some(), "a watched literal without its watch");
            if let Some(at) = at {
                list.swap_remove(at);
            }
        }
    }
    for (new, other) in [(new_first, new_second), (new_second, new_first)] {
        if new != old_first && new != old_second {
            watches.lists[new.code()].push(Watch {
                cref,
                blocker: other,
            });
        }
    }
}

#[cfg(test)]
mod tests;
