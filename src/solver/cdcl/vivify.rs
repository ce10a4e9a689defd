//! Vivification of learnt clauses during the search (Piette, Hamadi & Saïs, ECAI 2008;
//! for learnt clauses Luo, Li, Xiao, Manyà & Lü, IJCAI 2017; the scheduling and the
//! sorted, prefix-sharing candidates of CaDiCaL and Kissat, Fleury & Biere, "Efficient
//! vivification", 2020).
//!
//! A clause `l1 ∨ … ∨ lk` is vivified by assuming `¬l1`, `¬l2`, … as decisions, each
//! followed by propagation, until one of:
//! * a conflict: the negations of the decisions that took part already contradict the
//!   formula, so those literals alone are a clause;
//! * a literal `li` of the clause true: the decisions that implied it, and `li`, are a
//!   clause;
//! * a literal false: it is skipped (it is implied false by the decisions before it and
//!   drops out of the clause the two cases above produce).
//!
//! Which decisions took part is read off the implication graph (a walk back along the
//! trail from the conflict or the true literal), so the clause found is often much
//! shorter than the prefix decided. Every such clause is a RUP step for a proof checker
//! (asserting its negation replays the same propagation), the candidate clause itself
//! included, which is why it may stay watched while it is vivified. When the clause found
//! is shorter, it is added (to the proof too) and then the candidate deleted.
//!
//! Candidates are the learnt clauses of tier 2 (LBD above `reduce_glue`, at most
//! `reduce_tier2`), then of the core (LBD at most `reduce_glue`), not tried since their
//! flag was cleared (all of a tier's flags are cleared once every clause of it was
//! tried). Each clause's literals are put in order of how often they occur in the
//! candidates, and the clauses sorted by those sequences, so neighbours share a prefix of
//! decisions which is kept on the trail from one clause to the next (Fleury & Biere).
//!
//! Off by default (option `vivify`): measured against the search without it, it
//! shortened some searches (pigeonhole, the 36x36 Sudoku, hanoi5) and lengthened others
//! (quasigroups, random formulas); on the broad suite's shuffled copies it lost the
//! satisfiable families (flat3 3.8x, van der Waerden 6.4x). With `vivify=2` a round runs
//! only while the last rephasing walk ended one clause short of a model (the signal the
//! reduction's limit follows, see `reduce`): no round runs on flat3, flat4, sudoku-large
//! or vmpc, the ordering principles gain (0.67x), the whole suite does not (0.99x)
//! (`docs/experiments.md`, "Vivification").
//!
//! A round runs at the first restart after a reduction of the learnt clauses, at level
//! 0, for a number of propagations that is `vivify_effort` times those of the search
//! since the last round (at least `vivify_min_budget`). The propagations it makes are
//! counted apart (`vivify propagations`), so the search's own counts, which restarts and
//! walks are scheduled by, do not see them. Its backtracking saves no phase (as Kissat's
//! vivification backtracks without updating phases): the probes' values would otherwise
//! become the saved phases that the focused stints decide by. No activity is bumped.

use std::cmp::Reverse;

use super::analyze::clause_lits;
use super::clause_db::ClauseRef;
use super::decide::PhaseSaving;
use super::reduce;
use super::trail::Value;
use super::walk::LastWalk;
use super::Solver;
use crate::lit::Lit;

/// The state of vivification between and during rounds.
#[derive(Debug, Default)]
pub(super) struct Vivifier {
    /// A reduction happened since the last round: the next restart at level 0 runs one.
    pending: bool,
    /// The search's propagation count at the end of the last round.
    searched_at: u64,
    /// Per variable: reached by the walk back along the trail.
    seen: Vec<bool>,
    /// Per literal code: in the clause being vivified.
    in_clause: Vec<bool>,
    /// Per literal code: occurrences among the candidates of the current tier.
    occurrences: Vec<u32>,
    /// The clause literal whose negation was decided at each level, from level 1 up.
    decided: Vec<Lit>,
    /// The clause found by the last analysis.
    found: Vec<Lit>,
}

/// Which learnt clauses a pass tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tier {
    /// LBD above `reduce_glue` and at most `reduce_tier2`.
    Two,
    /// LBD at most `reduce_glue`: kept forever.
    Core,
}

/// What vivifying one clause did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vivified {
    /// The clause stays as it is.
    Kept,
    /// A shorter clause replaced it.
    Strengthened,
    /// The budget ran out before the clause was done.
    OutOfBudget,
    /// The formula is unsatisfiable: a unit found contradicts level 0.
    Unsat,
}

/// How the probing of one clause ended.
enum Probe {
    /// Propagation found this false clause.
    Conflict(ClauseRef),
    /// This literal of the clause is true.
    Implied(Lit),
}

impl Solver {
    /// Called after each reduction of the learnt clauses: the next restart vivifies.
    pub(super) fn vivify_after_reduction(&mut self) {
        self.vivifier.pending = true;
    }

    /// Runs a vivification round if one is pending and allowed: option `vivify` (with
    /// `vivify=2` only after a near-miss walk; a round skipped so is not kept pending), at
    /// the root level 0 (never under a cube), after a restart.
    pub(super) fn vivify_if_due(&mut self) {
        if !self.vivifier.pending || self.options.vivify == 0 || self.root_level() > 0 || !self.ok {
            return;
        }
        self.vivifier.pending = false;
        if self.options.vivify == 2 && self.last_walk != LastWalk::NearMiss {
            return;
        }
        self.vivify();
    }

    /// One round over tier 2, then the core, within the budget; see the module docs.
    /// Starts and ends at level 0; may set `ok` to false.
    pub(super) fn vivify(&mut self) {
        self.backtrack(0);
        debug_assert_eq!(self.trail.qhead, self.trail.len());
        let searched = self.stats.propagations - self.vivifier.searched_at;
        let budget = ((searched as f64 * self.options.vivify_effort) as u64)
            .max(self.options.vivify_min_budget);
        let (propagations, xor_propagations, xor_conflicts) = (
            self.stats.propagations,
            self.stats.xor_propagations,
            self.stats.xor_conflicts,
        );
        let vivifier = &mut self.vivifier;
        vivifier.seen.resize(self.num_vars, false);
        vivifier.in_clause.resize(2 * self.num_vars, false);
        vivifier.occurrences.resize(2 * self.num_vars, 0);
        vivifier.decided.clear();
        // Tier 2 first, with two thirds of the budget (Kissat weighs its tiers so too);
        // the core gets what is left.
        let mut deleted = 0;
        let tier_two_end = propagations + budget * 2 / 3;
        if self.vivify_tier(Tier::Two, tier_two_end, &mut deleted) != Vivified::Unsat {
            self.vivify_tier(Tier::Core, propagations + budget, &mut deleted);
        }
        self.backtrack_with(0, PhaseSaving::Keep);
        self.vivifier.decided.clear();
        self.stats.vivify_propagations += self.stats.propagations - propagations;
        self.stats.propagations = propagations;
        self.stats.xor_propagations = xor_propagations;
        self.stats.xor_conflicts = xor_conflicts;
        self.vivifier.searched_at = self.stats.propagations;
        if deleted > 0
            && self.db.wasted() as f64
                > self.options.reduce_garbage_fraction * self.db.size() as f64
        {
            reduce::collect_garbage(
                &mut self.db,
                &mut self.watches,
                &mut self.trail,
                self.serves_cubes,
            );
            self.stats.garbage_collections += 1;
        }
    }

    /// Vivifies the candidates of `tier` until the propagation count reaches `end`.
    /// Counts deleted clauses in `deleted`.
    fn vivify_tier(&mut self, tier: Tier, end: u64, deleted: &mut usize) -> Vivified {
        let (glue, tier2) = (self.options.reduce_glue, self.options.reduce_tier2);
        let db = &self.db;
        let in_tier = |cref: ClauseRef| {
            let lbd = u64::from(db.lbd(cref));
            db.is_learnt(cref)
                && db.len(cref) > 2
                && !db.is_cube_dependent(cref)
                && match tier {
                    Tier::Two => glue < lbd && lbd <= tier2,
                    Tier::Core => lbd <= glue,
                }
        };
        let mut candidates: Vec<ClauseRef> = db
            .iter()
            .filter(|&cref| in_tier(cref) && !db.is_vivified(cref))
            .collect();
        if candidates.is_empty() {
            // Every clause of the tier was tried: start over (they may shorten now).
            candidates = db.iter().filter(|&cref| in_tier(cref)).collect();
            for &cref in &candidates {
                self.db.set_vivified(cref, false);
            }
        }
        let mut schedule = self.sorted_schedule(&candidates);
        for (cref, lits) in &mut schedule {
            if self.stats.propagations >= end {
                return Vivified::OutOfBudget;
            }
            match self.vivify_clause(*cref, lits, end) {
                Vivified::Strengthened => *deleted += 1,
                Vivified::Kept => self.db.set_vivified(*cref, true),
                Vivified::OutOfBudget => return Vivified::OutOfBudget,
                Vivified::Unsat => return Vivified::Unsat,
            }
        }
        Vivified::Kept
    }

    /// The candidates with their literals, each clause's in order of occurrences among
    /// the candidates (most first), the clauses in lexicographic order of those lists, so
    /// that neighbours share decisions.
    fn sorted_schedule(&mut self, candidates: &[ClauseRef]) -> Vec<(ClauseRef, Vec<Lit>)> {
        let occurrences = &mut self.vivifier.occurrences;
        for &cref in candidates {
            for &lit in self.db.lits(cref) {
                occurrences[lit.code()] += 1;
            }
        }
        let key = |lit: &Lit| (Reverse(occurrences[lit.code()]), lit.code());
        let mut schedule: Vec<(ClauseRef, Vec<Lit>)> = candidates
            .iter()
            .map(|&cref| {
                let mut lits = self.db.lits(cref).to_vec();
                lits.sort_unstable_by_key(key);
                (cref, lits)
            })
            .collect();
        schedule.sort_by(|(_, a), (_, b)| a.iter().map(key).cmp(b.iter().map(key)));
        for &cref in candidates {
            for &lit in self.db.lits(cref) {
                occurrences[lit.code()] = 0;
            }
        }
        schedule
    }

    /// Vivifies one clause whose literals, in decision order, are `lits`; keeps the
    /// decisions it shares with the previous clause. Propagation stops once the count
    /// reaches `end`.
    fn vivify_clause(&mut self, cref: ClauseRef, lits: &[Lit], end: u64) -> Vivified {
        // Satisfied at level 0: level-0 simplification deletes it.
        if lits
            .iter()
            .any(|&lit| self.trail.root_value(lit) == Value::True)
        {
            return Vivified::Kept;
        }
        // Keep the levels whose decisions negate literals of this clause.
        for &lit in lits {
            self.vivifier.in_clause[lit.code()] = true;
        }
        let shared = self
            .vivifier
            .decided
            .iter()
            .take_while(|&&lit| self.vivifier.in_clause[lit.code()])
            .count();
        for &lit in lits {
            self.vivifier.in_clause[lit.code()] = false;
        }
        self.backtrack_with(shared, PhaseSaving::Keep);
        self.vivifier.decided.truncate(shared);
        let mut probe = None;
        for &lit in lits {
            match self.trail.value(lit) {
                Value::True => {
                    probe = Some(Probe::Implied(lit));
                    break;
                }
                Value::False => {}
                Value::Unassigned => {
                    if self.stats.propagations >= end {
                        return Vivified::OutOfBudget;
                    }
                    self.trail.new_level();
                    self.trail.assign(!lit, ClauseRef::NONE);
                    self.vivifier.decided.push(lit);
                    if let Some(conflict) = self.propagate() {
                        probe = Some(Probe::Conflict(conflict));
                        break;
                    }
                }
            }
        }
        // The clause is watched, so once all but one of its literals are false the last
        // one is true: the loop always ends in one of the two cases.
        let Some(probe) = probe else {
            debug_assert!(false, "a watched clause ended all false");
            return Vivified::Kept;
        };
        self.analyze_probe(&probe);
        if let Probe::Conflict(_) = probe {
            let level = self.trail.decision_level() - 1;
            self.backtrack_with(level, PhaseSaving::Keep);
            self.vivifier.decided.truncate(level);
        }
        if self.vivifier.found.len() >= lits.len() {
            return Vivified::Kept;
        }
        self.replace_by_found(cref)
    }

    /// Collects in `found` the clause a probe shows: the implied literal if any, and the
    /// clause literal of every decision the conflict or the implied literal depends on.
    fn analyze_probe(&mut self, probe: &Probe) {
        let vivifier = &mut self.vivifier;
        vivifier.found.clear();
        match *probe {
            Probe::Implied(lit) => {
                vivifier.found.push(lit);
                vivifier.seen[lit.var().index()] = true;
            }
            Probe::Conflict(conflict) => {
                for &lit in clause_lits(&self.db, self.xor.reasons(), conflict) {
                    if self.trail.level(lit.var()) > 0 {
                        vivifier.seen[lit.var().index()] = true;
                    }
                }
            }
        }
        // Every variable marked is assigned above level 0 and no later than the one that
        // marked it, so this walk visits (and unmarks) each of them.
        let start = self.trail.level_start(1);
        for index in (start..self.trail.len()).rev() {
            let lit = self.trail.lits()[index];
            let var = lit.var();
            if !vivifier.seen[var.index()] {
                continue;
            }
            vivifier.seen[var.index()] = false;
            let reason = self.trail.reason(var);
            if reason.is_none() {
                // The decision ¬d of clause literal d.
                vivifier.found.push(!lit);
                continue;
            }
            for &other in clause_lits(&self.db, self.xor.reasons(), reason) {
                if other.var() != var && self.trail.level(other.var()) > 0 {
                    vivifier.seen[other.var().index()] = true;
                }
            }
        }
    }

    /// Replaces clause `cref` by the shorter clause in `found`: at level 0, the new one
    /// first (in the proof too), then the old one deleted and unwatched.
    fn replace_by_found(&mut self, cref: ClauseRef) -> Vivified {
        self.backtrack_with(0, PhaseSaving::Keep);
        self.vivifier.decided.clear();
        let found = std::mem::take(&mut self.vivifier.found);
        let old_len = self.db.len(cref);
        self.stats.vivified_clauses += 1;
        self.stats.vivified_literals += (old_len - found.len()) as u64;
        if let Some(proof) = &mut self.proof {
            proof.add(&found);
            proof.delete(self.db.lits(cref));
        }
        let (lbd, used) = (self.db.lbd(cref), self.db.is_used(cref));
        // Not satisfied at level 0 (checked first), so no level-0 literal has it as its
        // reason; nothing above level 0 is assigned.
        self.db.delete(cref);
        self.watches.drop_deleted(&self.db, &[cref]);
        let outcome = match found.len() {
            0 => unreachable!("level 0 is propagated: a conflict needs a decision"),
            1 => {
                self.trail.assign(found[0], ClauseRef::NONE);
                if self.propagate().is_some() {
                    if let Some(proof) = &mut self.proof {
                        proof.add(&[]);
                    }
                    self.ok = false;
                    Vivified::Unsat
                } else {
                    Vivified::Strengthened
                }
            }
            len => {
                let lbd = lbd.min(len as u32 - 1);
                let new = self.db.alloc(&found, true, lbd);
                self.db.set_used(new, used);
                self.db.set_vivified(new, true);
                self.watches.attach(&self.db, new);
                Vivified::Strengthened
            }
        };
        self.vivifier.found = found;
        outcome
    }
}

#[cfg(test)]
mod tests;
