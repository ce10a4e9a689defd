//! Shrinking (Fleury & Biere, "Efficient All-UIP Learned Clause Minimization", SAT 2021;
//! CaDiCaL's `shrink`): after minimisation, the literals a learnt clause has on one
//! lower decision level (a "block") are replaced by that level's block UIP, the single
//! literal of the level that all of them follow from, when the block's implications
//! reach below the level only through literals the clause already implies. The clause
//! keeps its levels, so its LBD, and loses all but one literal of each such block:
//! shorter clauses propagate sooner and cost less to watch.
//!
//! A block is resolved as the first-UIP walk resolves the conflict level: its trail
//! segment backwards, each marked literal replaced by its reason's literals of the same
//! level, until one marked literal remains. A reason literal of a lower level must be a
//! clause literal or one minimisation shows implied by the clause (CaDiCaL's
//! `shrink=3`); otherwise the block stays as it is. Replacing a block only uses lower
//! levels, and those are implied by the final clause level by level from the bottom, so
//! the shrunken clause follows from the formula by resolution (and is a RUP step for
//! DRAT).
//!
//! Only at root level 0: under a cube (see `cube`) the analysis tracks which literals
//! depend on it, and shrinking is left out there rather than taught that bookkeeping.

use super::{clause_lits, Analyzer, Mark};
use crate::lit::{Lit, Var};
use crate::solver::cdcl::clause_db::ClauseDb;
use crate::solver::cdcl::trail::Trail;
use crate::solver::cdcl::xor::Reasons;

impl Analyzer {
    /// Shrinks `learnt[1..]` block by block (see the module docs); returns how many
    /// literals it removed. Runs after minimisation, with the clause literals marked
    /// `Clause` and minimisation's answers still in the marks.
    pub(super) fn shrink(
        &mut self,
        abstract_levels: u32,
        db: &ClauseDb,
        external: &Reasons,
        trail: &Trail,
    ) -> usize {
        if self.root_level > 0 || self.learnt.len() < 3 {
            return 0;
        }
        let before = self.learnt.len();
        // Blocks are runs of one level once the tail is sorted by level, highest first.
        self.learnt[1..].sort_unstable_by_key(|lit| std::cmp::Reverse(trail.level(lit.var())));
        let mut kept = 1;
        let mut start = 1;
        while start < self.learnt.len() {
            let level = trail.level(self.learnt[start].var());
            let mut end = start + 1;
            while end < self.learnt.len() && trail.level(self.learnt[end].var()) == level {
                end += 1;
            }
            let uip = if end - start > 1 {
                self.block_uip(start..end, abstract_levels, db, external, trail)
            } else {
                None
            };
            match uip {
                Some(uip) => {
                    for i in start..end {
                        // No longer in the clause: cleared with minimisation's marks.
                        let var = self.learnt[i].var();
                        if var != uip.var() {
                            self.to_clear.push(var);
                        }
                    }
                    self.marks[uip.var().index()] = Mark::Clause;
                    self.learnt[kept] = !uip;
                    kept += 1;
                }
                None => {
                    for i in start..end {
                        self.learnt[kept] = self.learnt[i];
                        kept += 1;
                    }
                }
            }
            start = end;
        }
        self.learnt.truncate(kept);
        before - kept
    }

    /// The block UIP of `learnt[block]`, literals of one level, as a true trail literal;
    /// `None` if the block's implications need a lower-level literal the clause does not
    /// imply.
    fn block_uip(
        &mut self,
        block: std::ops::Range<usize>,
        abstract_levels: u32,
        db: &ClauseDb,
        external: &Reasons,
        trail: &Trail,
    ) -> Option<Lit> {
        self.shrink_stamp = self.shrink_stamp.wrapping_add(1);
        if self.shrink_stamp == 0 {
            self.shrinking.iter_mut().for_each(|s| *s = 0);
            self.shrink_stamp = 1;
        }
        let stamp = self.shrink_stamp;
        let level = trail.level(self.learnt[block.start].var());
        for i in block.clone() {
            self.shrinking[self.learnt[i].var().index()] = stamp;
        }
        let mut open = block.len();
        let mut index = trail.level_start(level + 1);
        let first = trail.level_start(level);
        while index > first {
            index -= 1;
            let lit = trail.lits()[index];
            let var = lit.var();
            if self.shrinking[var.index()] != stamp {
                continue;
            }
            if open == 1 {
                return Some(lit);
            }
            open -= 1;
            let reason = trail.reason(var);
            if reason.is_none() {
                // The level's decision with other block literals still open: they
                // were all resolved above it, so this cannot happen; give up safely.
                return None;
            }
            for &other in clause_lits(db, external, reason) {
                let other = other.var();
                if other == var || self.shrinking[other.index()] == stamp {
                    continue;
                }
                let other_level = trail.level(other);
                if other_level == level {
                    self.shrinking[other.index()] = stamp;
                    open += 1;
                } else if other_level > self.root_level
                    && !self.implied_by_clause(other, abstract_levels, db, external, trail)
                {
                    return None;
                }
            }
        }
        None
    }

    /// Whether `var` (of a level below the block's) is a clause literal or implied by
    /// clause literals, reusing and extending minimisation's marks.
    fn implied_by_clause(
        &mut self,
        var: Var,
        abstract_levels: u32,
        db: &ClauseDb,
        external: &Reasons,
        trail: &Trail,
    ) -> bool {
        match self.marks[var.index()] {
            Mark::Clause | Mark::Removable => return true,
            Mark::Failed | Mark::RemovableUnderCube => return false,
            Mark::None => {}
        }
        if trail.reason(var).is_none() {
            self.marks[var.index()] = Mark::Failed;
            self.to_clear.push(var);
            return false;
        }
        let implied = self
            .redundant(var, abstract_levels, db, external, trail)
            .is_some();
        self.marks[var.index()] = if implied {
            Mark::Removable
        } else {
            Mark::Failed
        };
        self.to_clear.push(var);
        implied
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::analyze_after;
    use crate::lit::testing::lit;

    /// Level 1 decides 1, which implies 2 and 3; level 2 decides 4, which with 2
    /// implies 5, and (¬4 ∨ ¬3 ∨ ¬5) conflicts. The first-UIP clause is (¬4 ∨ ¬3 ∨ ¬2);
    /// neither ¬2 nor ¬3 is redundant (their reasons lead to the decision 1), but both
    /// follow from 1, the level's block UIP.
    const BLOCK: [&[i64]; 4] = [&[-1, 2], &[-1, 3], &[-4, -2, 5], &[-4, -3, -5]];

    fn clauses(rows: &[&[i64]]) -> Vec<Vec<i64>> {
        rows.iter().map(|row| row.to_vec()).collect()
    }

    #[test]
    fn a_block_of_one_level_becomes_its_uip() {
        let (plain, learnt) = analyze_after(5, &clauses(&BLOCK), &[1, 4], false);
        assert_eq!(plain, vec![lit(-4), lit(-2), lit(-3)]);
        assert_eq!((learnt.shrunk, learnt.lbd), (0, 2));
        let (shrunk, learnt) = analyze_after(5, &clauses(&BLOCK), &[1, 4], true);
        assert_eq!(shrunk, vec![lit(-4), lit(-1)]);
        assert_eq!((learnt.shrunk, learnt.lbd, learnt.backjump), (1, 2, 1));
    }

    #[test]
    fn a_block_that_needs_a_literal_outside_the_clause_stays() {
        // As BLOCK one level up, but 3 needs 6, decided at level 1 and not in the
        // clause: replacing ¬2 ∨ ¬3 by ¬1 would drop that dependence.
        let rows: [&[i64]; 4] = [&[-1, 2], &[-1, -6, 3], &[-4, -2, 5], &[-4, -3, -5]];
        let (lits, learnt) = analyze_after(6, &clauses(&rows), &[6, 1, 4], true);
        assert_eq!(lits, vec![lit(-4), lit(-2), lit(-3)]);
        assert_eq!(learnt.shrunk, 0);
        // With 6 in the clause through the conflict, the block shrinks around it.
        let rows: [&[i64]; 4] = [&[-1, 2], &[-1, -6, 3], &[-4, -2, 5], &[-4, -3, -6, -5]];
        let (lits, learnt) = analyze_after(6, &clauses(&rows), &[6, 1, 4], true);
        assert_eq!(lits, vec![lit(-4), lit(-1), lit(-6)]);
        assert_eq!(learnt.shrunk, 1);
    }
}
