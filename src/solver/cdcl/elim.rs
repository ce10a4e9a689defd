//! Bounded variable elimination with subsumption and self-subsuming strengthening, the
//! preprocessing of SatELite (Eén & Biere, "Effective preprocessing in SAT through
//! variable and clause elimination", SAT 2005) that MiniSat runs by default.
//!
//! It works on plain clause vectors with occurrence lists, apart from the solver's arena
//! and watches: it runs once, before any clause is learnt, and the solver rebuilds its
//! arena from what is left (see `preprocess`).
//!
//! - **Subsumption and strengthening.** A clause C removes every clause D ⊇ C, and a
//!   clause that equals C but for one literal flipped loses that literal (the resolvent
//!   of the two subsumes it). Checked backward from each queued clause, over the
//!   occurrences of its rarest variable, as in MiniSat's `backwardSubsumptionCheck`.
//! - **Elimination.** A variable x goes when the non-tautological resolvents of its
//!   positive and negative clauses are no more than those clauses (MiniSat's rule with
//!   `grow = 0`), hold no more literals than them, and none is longer than
//!   `elim_resolvent_limit` literals (an option, 20). The resolvents
//!   replace the clauses of x, which are kept for [`extend_model`]. Cheapest variables
//!   (fewest `|occ(x)| * |occ(¬x)|`) first, in rounds until a round eliminates nothing.
//!
//! Every change is a DRAT step: resolvents and strengthened clauses are added (each is a
//! resolvent of clauses present, so a RUP step) and subsumed clauses deleted. The clauses
//! of an eliminated variable are *not* deleted from the proof: should a later clause
//! bring the variable back, the solver re-adds them (see `preprocess`), and re-adding a
//! deleted clause would take a RAT step that RUP-only checkers refuse. All work counts
//! against a budget of literal visits, so the pass stays a small part of a solve.
//!
//! The constants are options (`elim_*`, see `options`): resolvents longer than 20
//! literals keep their variable (MiniSat's `clause_lim`); a variable whose positive and
//! negative occurrences both exceed 64 is not tried (its resolvents would be too many
//! to fit the bound anyway, and counting them costs); the budget is 20 visits per
//! literal, at least 20 million.

use super::options::Options;
use super::proof::Proof;
use crate::lit::{Lit, Var};

/// A variable that was eliminated, with the clauses it had then, its own literal first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EliminatedVar {
    /// The variable.
    pub var: Var,
    /// Its clauses at elimination, each with the literal of `var` in front.
    pub clauses: Vec<Vec<Lit>>,
}

/// What a pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Elimination {
    /// The clauses that remain: the input's, strengthened or not, and the resolvents.
    pub clauses: Vec<Vec<Lit>>,
    /// Eliminated variables in the order they went.
    pub eliminated: Vec<EliminatedVar>,
    /// The empty clause was derived (by strengthening).
    pub unsat: bool,
    /// Clauses removed because another subsumed them.
    pub subsumed: u64,
    /// Literals removed by self-subsuming strengthening.
    pub strengthened: u64,
}

/// Whether a pass is likely to pay, from the number of clauses each variable occurs in
/// (`occurrences`, by variable index): when at least a tenth (`elim_sparse_percent`) of
/// the variables that occur are sparse, in at most 16 clauses
/// (`elim_sparse_occurrences`). Circuits in Tseitin form and random k-SAT have mostly such variables
/// (bmc-ibm-12: 87%, uf250: 86-88%); Sudoku and quasigroup encodings have none (every
/// variable sits in dozens of clauses), and there the pass found nothing to eliminate
/// for a tenth of a second on a 25x25 Sudoku.
pub fn worth_a_pass(occurrences: &[u32], options: &Options) -> bool {
    let occurring = occurrences.iter().filter(|&&count| count > 0).count() as u64;
    let sparse = occurrences
        .iter()
        .filter(|&&count| count > 0 && u64::from(count) <= options.elim_sparse_occurrences)
        .count() as u64;
    occurring > 0 && 100 * sparse >= options.elim_sparse_percent * occurring
}

/// The work allowed for a formula of `num_lits` literal occurrences: 20 visits per
/// literal (`elim_budget_per_literal`), and never below 20 million (`elim_min_budget`).
pub fn budget(num_lits: usize, options: &Options) -> u64 {
    (options.elim_budget_per_literal)
        .saturating_mul(num_lits as u64)
        .max(options.elim_min_budget)
}

/// Runs subsumption and elimination over `clauses` (no tautologies, no duplicate
/// literals, no unit clauses whose variable occurs elsewhere; the caller propagates
/// level-0 units first). Variables marked in `frozen` keep their clauses. Logs every
/// change to `proof`. `options` give the bounds (`elim_resolvent_limit`,
/// `elim_occurrence_limit`).
pub fn eliminate(
    clauses: Vec<Vec<Lit>>,
    frozen: &[bool],
    budget: u64,
    options: &Options,
    proof: Option<&mut Proof>,
) -> Elimination {
    let mut pass = Pass::new(clauses, frozen, budget, options, proof);
    pass.run();
    pass.finish()
}

/// Sets the eliminated variables of `model` so that it satisfies every clause they had,
/// given that it satisfies the clauses that remained: in reverse order of elimination,
/// each variable is false unless one of its positive clauses needs it true. If a
/// negative clause also needed it false, their resolvent would be false, and that
/// resolvent remained (or a clause subsuming it did).
pub fn extend_model(model: &mut [bool], eliminated: &[EliminatedVar]) {
    let is_true = |model: &[bool], lit: Lit| model[lit.var().index()] == lit.is_positive();
    for entry in eliminated.iter().rev() {
        let index = entry.var.index();
        model[index] = false;
        let needed = entry.clauses.iter().any(|clause| {
            clause[0].is_positive() && !clause[1..].iter().any(|&lit| is_true(model, lit))
        });
        model[index] = needed;
    }
}

/// How a clause C relates to a clause D.
#[derive(Debug, PartialEq, Eq)]
enum Relation {
    /// C ⊆ D.
    Subsumes,
    /// C with one literal flipped is a subset of D: D can lose the given literal.
    Strengthens(Lit),
    /// Neither.
    Unrelated,
}

/// Compares sorted clauses by variable in one merge (a literal's code is 2·var + sign, so
/// sorting by code sorts by variable).
fn relation(c: &[Lit], d: &[Lit]) -> Relation {
    let mut flipped = None;
    let mut j = 0;
    for &lit in c {
        while j < d.len() && d[j].var() < lit.var() {
            j += 1;
        }
        if j == d.len() || d[j].var() != lit.var() {
            return Relation::Unrelated;
        }
        if d[j] != lit {
            if flipped.is_some() {
                return Relation::Unrelated;
            }
            flipped = Some(d[j]);
        }
        j += 1;
    }
    match flipped {
        None => Relation::Subsumes,
        Some(lit) => Relation::Strengthens(lit),
    }
}

/// The resolvent of `pos` (with `pivot`) and `neg` (with `¬pivot`) on `pivot`'s variable,
/// sorted, into `out`; false if it is a tautology.
fn resolve(pos: &[Lit], neg: &[Lit], pivot: Var, out: &mut Vec<Lit>) -> bool {
    out.clear();
    let (mut i, mut j) = (0, 0);
    loop {
        let a = pos.get(i).copied();
        let b = neg.get(j).copied();
        match (a, b) {
            (None, None) => return true,
            (Some(x), None) => {
                i += 1;
                if x.var() != pivot {
                    out.push(x);
                }
            }
            (None, Some(y)) => {
                j += 1;
                if y.var() != pivot {
                    out.push(y);
                }
            }
            (Some(x), Some(y)) => {
                if x.var() == pivot {
                    i += 1;
                } else if y.var() == pivot {
                    j += 1;
                } else if x.var() < y.var() {
                    out.push(x);
                    i += 1;
                } else if y.var() < x.var() {
                    out.push(y);
                    j += 1;
                } else if x == y {
                    out.push(x);
                    i += 1;
                    j += 1;
                } else {
                    return false;
                }
            }
        }
    }
}

/// The working state of one pass.
struct Pass<'p> {
    clauses: Vec<Vec<Lit>>,
    removed: Vec<bool>,
    /// Clause indices by literal code; may name removed clauses (skipped when read), but
    /// never a clause that lost the literal.
    occurs: Vec<Vec<u32>>,
    /// Live occurrences by literal code.
    counts: Vec<u32>,
    frozen: Vec<bool>,
    eliminated_mark: Vec<bool>,
    /// Variables whose clauses changed since the round began.
    touched: Vec<bool>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    steps: u64,
    budget: u64,
    proof: Option<&'p mut Proof>,
    result: Elimination,
    resolvent: Vec<Lit>,
    /// The resolvents of the last variable checked by `within_bound`, end to end, and
    /// where each ends: computed once, added by `try_eliminate` if the bound held.
    resolvents: Vec<Lit>,
    resolvent_ends: Vec<usize>,
    /// Resolvents longer than this keep their variable.
    resolvent_limit: usize,
    /// Variables with more occurrences than this in both signs are not tried.
    occurrence_limit: usize,
}

impl<'p> Pass<'p> {
    fn new(
        clauses: Vec<Vec<Lit>>,
        frozen: &[bool],
        budget: u64,
        options: &Options,
        proof: Option<&'p mut Proof>,
    ) -> Pass<'p> {
        let num_vars = frozen.len();
        let mut pass = Pass {
            removed: vec![false; clauses.len()],
            occurs: vec![Vec::new(); 2 * num_vars],
            counts: vec![0; 2 * num_vars],
            frozen: frozen.to_vec(),
            eliminated_mark: vec![false; num_vars],
            touched: vec![false; num_vars],
            queue: Vec::new(),
            queued: vec![false; clauses.len()],
            steps: 0,
            budget,
            proof,
            result: Elimination::default(),
            resolvent: Vec::new(),
            resolvents: Vec::new(),
            resolvent_ends: Vec::new(),
            resolvent_limit: options.elim_resolvent_limit as usize,
            occurrence_limit: options.elim_occurrence_limit as usize,
            clauses,
        };
        for index in 0..pass.clauses.len() {
            pass.clauses[index].sort_unstable();
            pass.index_clause(index);
        }
        pass
    }

    fn index_clause(&mut self, index: usize) {
        if self.clauses[index].len() == 1 {
            // A unit's variable is settled: eliminating it would only move the fact.
            self.frozen[self.clauses[index][0].var().index()] = true;
        }
        for &lit in &self.clauses[index] {
            self.occurs[lit.code()].push(index as u32);
            self.counts[lit.code()] += 1;
        }
    }

    fn out_of_budget(&self) -> bool {
        self.steps > self.budget
    }

    fn run(&mut self) {
        // Shortest clauses first: they subsume the most.
        let mut order: Vec<u32> = (0..self.clauses.len() as u32).collect();
        order.sort_by_key(|&index| self.clauses[index as usize].len());
        for index in order {
            self.enqueue(index);
        }
        self.drain_queue();
        let mut candidates: Vec<Var> = (0..self.frozen.len()).map(Var::from_index).collect();
        while !candidates.is_empty() && !self.result.unsat && !self.out_of_budget() {
            candidates.sort_by_key(|&var| self.cost(var));
            self.touched.iter_mut().for_each(|mark| *mark = false);
            let mut progress = false;
            for &var in &candidates {
                if self.result.unsat || self.out_of_budget() {
                    break;
                }
                if self.try_eliminate(var) {
                    progress = true;
                    self.drain_queue();
                }
            }
            if !progress {
                break;
            }
            candidates = (0..self.frozen.len())
                .filter(|&index| self.touched[index])
                .map(Var::from_index)
                .collect();
        }
    }

    fn cost(&self, var: Var) -> u64 {
        let pos = self.counts[var.positive().code()] as u64;
        let neg = self.counts[var.negative().code()] as u64;
        pos * neg
    }

    fn enqueue(&mut self, index: u32) {
        if !self.queued[index as usize] {
            self.queued[index as usize] = true;
            self.queue.push(index);
        }
    }

    fn drain_queue(&mut self) {
        let mut next = 0;
        while next < self.queue.len() && !self.result.unsat && !self.out_of_budget() {
            let index = self.queue[next];
            next += 1;
            self.queued[index as usize] = false;
            if !self.removed[index as usize] {
                self.backward_subsume(index);
            }
        }
        for &index in &self.queue[next..] {
            self.queued[index as usize] = false;
        }
        self.queue.clear();
    }

    /// The live clauses containing `lit`, with the list cleaned of removed ones.
    fn live_occurrences(&mut self, lit: Lit) -> Vec<u32> {
        let removed = &self.removed;
        let list = &mut self.occurs[lit.code()];
        list.retain(|&index| !removed[index as usize]);
        self.steps += list.len() as u64;
        list.clone()
    }

    /// Removes or strengthens the clauses that clause `index` subsumes or strengthens.
    fn backward_subsume(&mut self, index: u32) {
        let best = *self.clauses[index as usize]
            .iter()
            .min_by_key(|lit| self.counts[lit.code()] + self.counts[(!**lit).code()])
            .expect("no empty clause is stored");
        for lit in [best, !best] {
            for other in self.live_occurrences(lit) {
                if other == index || self.removed[other as usize] || self.removed[index as usize] {
                    continue;
                }
                let (c, d) = (&self.clauses[index as usize], &self.clauses[other as usize]);
                if d.len() < c.len() {
                    continue;
                }
                self.steps += (c.len() + d.len()) as u64;
                match relation(c, d) {
                    Relation::Unrelated => {}
                    Relation::Subsumes => {
                        self.result.subsumed += 1;
                        self.remove(other, true);
                    }
                    Relation::Strengthens(lit) => self.strengthen(other, lit),
                }
                if self.result.unsat {
                    return;
                }
            }
        }
    }

    /// Removes `lit` from clause `index` (a resolvent of it with a clause present).
    fn strengthen(&mut self, index: u32, lit: Lit) {
        self.result.strengthened += 1;
        let old = self.clauses[index as usize].clone();
        let clause = &mut self.clauses[index as usize];
        clause.retain(|&other| other != lit);
        if let Some(proof) = self.proof.as_deref_mut() {
            proof.add(clause);
            if !clause.is_empty() {
                proof.delete(&old);
            }
        }
        self.occurs[lit.code()].retain(|&other| other != index);
        self.counts[lit.code()] -= 1;
        self.touched[lit.var().index()] = true;
        match clause.len() {
            0 => self.result.unsat = true,
            1 => {
                self.frozen[clause[0].var().index()] = true;
                self.enqueue(index);
            }
            _ => self.enqueue(index),
        }
    }

    /// Removes clause `index`, logging the deletion if `log` (see the module doc for the
    /// clauses that are not).
    fn remove(&mut self, index: u32, log: bool) {
        self.removed[index as usize] = true;
        if let Some(proof) = self.proof.as_deref_mut().filter(|_| log) {
            proof.delete(&self.clauses[index as usize]);
        }
        for &lit in &self.clauses[index as usize] {
            self.counts[lit.code()] -= 1;
            self.touched[lit.var().index()] = true;
        }
    }

    /// Eliminates `var` if the bound allows; true if it did.
    fn try_eliminate(&mut self, var: Var) -> bool {
        let index = var.index();
        if self.frozen[index] || self.eliminated_mark[index] {
            return false;
        }
        let (pos_count, neg_count) = (
            self.counts[var.positive().code()] as usize,
            self.counts[var.negative().code()] as usize,
        );
        if pos_count + neg_count == 0
            || (pos_count > self.occurrence_limit && neg_count > self.occurrence_limit)
        {
            return false;
        }
        let pos = self.live_occurrences(var.positive());
        let neg = self.live_occurrences(var.negative());
        if !self.within_bound(&pos, &neg, var) {
            return false;
        }
        // The bound check left the resolvents in `resolvents`, one after another.
        let resolvents = std::mem::take(&mut self.resolvents);
        let ends = std::mem::take(&mut self.resolvent_ends);
        let mut start = 0;
        for &end in &ends {
            self.add_resolvent(&resolvents[start..end]);
            start = end;
        }
        self.resolvents = resolvents;
        self.resolvent_ends = ends;
        let mut saved = Vec::with_capacity(pos.len() + neg.len());
        for &clause in pos.iter().chain(&neg) {
            let mut lits = self.clauses[clause as usize].clone();
            let at = lits
                .iter()
                .position(|lit| lit.var() == var)
                .expect("var occurs");
            lits.swap(0, at);
            saved.push(lits);
            self.remove(clause, false);
        }
        self.eliminated_mark[index] = true;
        self.result.eliminated.push(EliminatedVar {
            var,
            clauses: saved,
        });
        true
    }

    /// Whether the non-tautological resolvents on `var` (left in `resolvents`) are at
    /// most `pos + neg`, hold
    /// no more literals than those clauses, and none is longer than `resolvent_limit`.
    /// The literal bound is ours, not MiniSat's: without it, a pigeonhole variable goes
    /// (one clause of 9 and nine binary ones make nine clauses of 9), long resolvents
    /// replace binary clauses, and hole9 took 1.3-4x the conflicts; bmc-ibm-12 and -13
    /// took fewer conflicts with it (7.4k against 12.1k, 17.6k against 30.0k).
    fn within_bound(&mut self, pos: &[u32], neg: &[u32], var: Var) -> bool {
        let limit = pos.len() + neg.len();
        let lit_limit: usize = pos
            .iter()
            .chain(neg)
            .map(|&clause| self.clauses[clause as usize].len())
            .sum();
        let mut lits = 0;
        let mut count = 0;
        let mut resolvent = std::mem::take(&mut self.resolvent);
        self.resolvents.clear();
        self.resolvent_ends.clear();
        let mut fits = true;
        'outer: for &p in pos {
            for &n in neg {
                let (a, b) = (&self.clauses[p as usize], &self.clauses[n as usize]);
                self.steps += (a.len() + b.len()) as u64;
                if resolve(a, b, var, &mut resolvent) {
                    count += 1;
                    lits += resolvent.len();
                    if count > limit || resolvent.len() > self.resolvent_limit || lits > lit_limit {
                        fits = false;
                        break 'outer;
                    }
                    self.resolvents.extend_from_slice(&resolvent);
                    self.resolvent_ends.push(self.resolvents.len());
                }
            }
        }
        self.resolvent = resolvent;
        fits
    }

    fn add_resolvent(&mut self, lits: &[Lit]) {
        if let Some(proof) = self.proof.as_deref_mut() {
            proof.add(lits);
        }
        if lits.is_empty() {
            self.result.unsat = true;
            return;
        }
        let index = self.clauses.len();
        self.clauses.push(lits.to_vec());
        self.removed.push(false);
        self.queued.push(false);
        self.index_clause(index);
        for &lit in lits {
            self.touched[lit.var().index()] = true;
        }
        self.enqueue(index as u32);
    }

    fn finish(mut self) -> Elimination {
        let removed = &self.removed;
        self.result.clauses = self
            .clauses
            .into_iter()
            .enumerate()
            .filter(|(index, _)| !removed[*index])
            .map(|(_, clause)| clause)
            .collect();
        self.result
    }
}

#[cfg(test)]
mod tests;
