//! Parity reasoning: XOR constraints found in the clauses, and Gauss-Jordan elimination
//! on them during the search, as CryptoMiniSat does (Soos, Nohl & Castelluccia, SAT
//! 2009; Han & Jiang, CAV 2012; Soos, Gocht & Meel, CAV 2020).
//!
//! Resolution, and so CDCL, needs exponentially many steps for some parity reasoning
//! that linear algebra does at once: two Tseitin chains over the same variables with
//! opposite parities, or Crawford's parity-learning instances (par32). The XORs hidden
//! in the clauses (`detect`) are sorted into independent matrices, one per connected
//! group of variables (`matrix`), which propagate and conflict during the search
//! alongside the clauses, which all stay. Each implication comes with a reason clause
//! (`reasons`), one of the clauses of the row's XOR, so conflict analysis and learning
//! work as with any clause.
//!
//! When: once, on the formula as preprocessing leaves it (after elimination), at the
//! first search of a single formula; never under a DRAT proof, which cannot follow a
//! sum of XORs (a learnt clause resting on one would not be RUP), nor on a stream.
//! Where: `Solver::propagate` runs the matrices after clause propagation reaches its
//! fixpoint, and again after every literal they imply until both are quiet; and
//! `Solver::backtrack` tells the engine which assignments went.

mod detect;
mod matrix;
mod reasons;

pub use self::reasons::Reasons;

use self::detect::Xor;
use self::matrix::{Fired, Inconsistent, Matrix};
use super::clause_db::ClauseRef;
use super::trail::{Trail, Value};
use super::Solver;
use crate::lit::{Lit, Var};

/// "No matrix" in [`XorEngine::columns`].
const NO_MATRIX: u32 = u32::MAX;

/// What the matrices did with the assignments they had not seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum XorPropagation {
    /// Every assignment is taken in and nothing is implied: a fixpoint.
    Quiet,
    /// Literals were implied; clause propagation should take them first.
    Propagated,
    /// A row is false: its clause.
    Conflict(ClauseRef),
}

/// The matrices, which variable is in which, and the part of the trail they have seen.
#[derive(Debug, Default)]
pub(super) struct XorEngine {
    matrices: Vec<Matrix>,
    /// By variable index: the matrix and the column of the variable, if any.
    columns: Vec<(u32, u32)>,
    /// Trail position of the next literal whose rows have not been visited.
    qhead: usize,
    /// Length of the trail prefix the matrices' pictures of the assignment hold.
    synced: usize,
    /// Reason and conflict clauses, for conflict analysis.
    reasons: Reasons,
    /// The solver's conflict and propagation counts when the matrices were built, and
    /// the matrices' own implications since, for the trial (see
    /// [`Solver::judge_xors_if_due`]); `None` once judged.
    trial: Option<Trial>,
}

/// Which groups of XORs get a matrix for the search (see [`XorEngine::build`]).
#[derive(Clone, Copy, Debug)]
struct BuildLimits {
    max_columns: usize,
    min_rows: usize,
    max_matrices: usize,
}

/// What the trial of the matrices compares.
#[derive(Clone, Copy, Debug, Default)]
struct Trial {
    conflicts: u64,
    propagations: u64,
    xor_propagations: u64,
}

impl XorEngine {
    /// Whether there is a matrix at all: without one, propagation and backtracking skip
    /// the engine.
    #[inline]
    pub fn is_active(&self) -> bool {
        !self.matrices.is_empty()
    }

    /// The clauses behind external reasons and conflicts, for conflict analysis.
    pub fn reasons(&self) -> &Reasons {
        &self.reasons
    }

    #[inline]
    fn column(&self, var: Var) -> Option<(usize, usize)> {
        match self.columns.get(var.index()) {
            Some(&(m, c)) if m != NO_MATRIX => Some((m as usize, c as usize)),
            _ => None,
        }
    }

    /// Takes the trail's new assignments into the matrices and visits the rows they
    /// touch, one literal after another, until one implies something or conflicts.
    pub fn propagate(&mut self, trail: &mut Trail) -> XorPropagation {
        for i in self.synced..trail.len() {
            let lit = trail.lits()[i];
            if let Some((m, c)) = self.column(lit.var()) {
                self.matrices[m].set_assigned(c, lit.is_positive());
            }
        }
        self.synced = trail.len();
        while self.qhead < trail.len() {
            let lit = trail.lits()[self.qhead];
            self.qhead += 1;
            let Some((m, c)) = self.column(lit.var()) else {
                continue;
            };
            let fired = self.matrices[m].assigned(c, trail, &mut self.reasons);
            // The matrix took what it implied into its own picture.
            self.synced = trail.len();
            match fired {
                Fired::Quiet => {}
                Fired::Propagated => return XorPropagation::Propagated,
                Fired::Conflict(clause) => return XorPropagation::Conflict(clause),
            }
        }
        XorPropagation::Quiet
    }

    /// The trail is about to be cut to `length`: the matrices forget the assignments
    /// beyond, and their reasons go.
    pub fn backtrack(&mut self, trail: &Trail, length: usize) {
        for &lit in &trail.lits()[length.min(self.synced)..self.synced] {
            if let Some((m, c)) = self.column(lit.var()) {
                self.matrices[m].set_unassigned(c);
            }
        }
        self.synced = self.synced.min(length);
        self.qhead = self.qhead.min(length);
        self.reasons.truncate(length);
    }

    /// Whether no matrix row is left unit or false at a propagation fixpoint; for
    /// `debug_assert!` and tests.
    pub fn is_propagated(&self, trail: &Trail) -> bool {
        self.matrices
            .iter()
            .all(|matrix| matrix.is_propagated(trail))
    }

    /// Reduces one matrix per connected group of the XORs' variables with at least two
    /// XORs and at most `limits.max_columns` variables (a lone XOR is no stronger than
    /// its clauses), every variable unassigned, and keeps for the search the
    /// `limits.max_matrices` largest of those with at least `limits.min_rows` rows.
    /// Returns the units all of them imply, or [`Inconsistent`].
    fn build(
        xors: &[Xor],
        num_vars: usize,
        limits: BuildLimits,
    ) -> Result<(XorEngine, Vec<Lit>), Inconsistent> {
        if xors.iter().any(|xor| xor.vars.is_empty() && xor.rhs) {
            return Err(Inconsistent);
        }
        // Union-find over variables; each XOR joins its variables.
        let mut parent: Vec<u32> = (0..num_vars as u32).collect();
        fn find(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        for xor in xors {
            if let Some(first) = xor.vars.first() {
                let root = find(&mut parent, first.index() as u32);
                for var in &xor.vars[1..] {
                    let other = find(&mut parent, var.index() as u32);
                    parent[other as usize] = root;
                }
            }
        }
        let mut groups: Vec<Vec<usize>> = vec![Vec::new(); num_vars];
        for (index, xor) in xors.iter().enumerate() {
            if let Some(first) = xor.vars.first() {
                groups[find(&mut parent, first.index() as u32) as usize].push(index);
            }
        }
        let mut engine = XorEngine {
            columns: vec![(NO_MATRIX, 0); num_vars],
            ..XorEngine::default()
        };
        let mut units = Vec::new();
        for group in groups.iter().filter(|group| group.len() >= 2) {
            let mut vars: Vec<Var> = group
                .iter()
                .flat_map(|&i| xors[i].vars.iter().copied())
                .collect();
            vars.sort_unstable();
            vars.dedup();
            if vars.len() > limits.max_columns {
                continue;
            }
            let m = engine.matrices.len() as u32;
            for (c, var) in vars.iter().enumerate() {
                engine.columns[var.index()] = (m, c as u32);
            }
            let rows: Vec<(Vec<u32>, bool)> = group
                .iter()
                .map(|&i| {
                    let cols = xors[i]
                        .vars
                        .iter()
                        .map(|v| engine.columns[v.index()].1)
                        .collect();
                    (cols, xors[i].rhs)
                })
                .collect();
            let (matrix, implied) = Matrix::new(vars, &rows)?;
            units.extend(implied);
            engine.matrices.push(matrix);
        }
        // Every group was reduced, for its units and contradictions; the search visits
        // only large matrices. Circuits hold hundreds of small XOR groups (bmc-ibm-12:
        // 241), whose clauses already propagate nearly all a matrix would, and visiting
        // them all costs more than it finds; CryptoMiniSat too keeps a few matrices.
        engine
            .matrices
            .retain(|matrix| matrix.num_rows() >= limits.min_rows.max(1));
        engine
            .matrices
            .sort_by_key(|matrix| std::cmp::Reverse(matrix.num_rows()));
        engine.matrices.truncate(limits.max_matrices);
        engine.renumber();
        Ok((engine, units))
    }

    /// Rebuilds `columns` from the matrices.
    fn renumber(&mut self) {
        self.columns
            .iter_mut()
            .for_each(|entry| *entry = (NO_MATRIX, 0));
        for (m, matrix) in self.matrices.iter().enumerate() {
            for c in 0..matrix.num_columns() {
                self.columns[matrix.var(c).index()] = (m as u32, c as u32);
            }
        }
    }
}

impl Solver {
    /// Finds the XORs of the clause database and builds the matrices (see the module
    /// docs). At level 0, after preprocessing, before anything is learnt; does nothing
    /// under a proof or when the option `xor` is 0.
    pub(super) fn detect_xors(&mut self) {
        if self.options.xor == 0 || self.proof.is_some() || !self.ok {
            return;
        }
        debug_assert_eq!(self.trail.decision_level(), 0);
        let mut visits = 0;
        let db = &self.db;
        let (found, in_xor) = detect::find_xors(
            db.iter().map(|cref| db.lits(cref)),
            self.options.xor_max_size as usize,
            &mut visits,
        );
        self.stats.xors_found += found.len() as u64;
        if found.is_empty() {
            return;
        }
        // Variables of no clause but those of XORs: the ones merging may sum away.
        let mut auxiliary = vec![true; self.num_vars];
        for (cref, &of_xor) in db.iter().zip(&in_xor) {
            if !of_xor {
                for &lit in db.lits(cref) {
                    auxiliary[lit.var().index()] = false;
                }
            }
        }
        // Level-0 values go into the right-hand sides.
        let xors: Vec<Xor> = found
            .into_iter()
            .map(|xor| {
                let mut rhs = xor.rhs;
                let vars = xor
                    .vars
                    .into_iter()
                    .filter(|&var| match self.trail.value(var.positive()) {
                        Value::Unassigned => true,
                        Value::True => {
                            rhs = !rhs;
                            false
                        }
                        Value::False => false,
                    })
                    .collect();
                Xor { vars, rhs }
            })
            .collect();
        let xors = if self.options.xor_merge_max_size > 0 {
            detect::merge_through_pairs(xors, &auxiliary, self.options.xor_merge_max_size as usize)
        } else {
            xors
        };
        let limits = BuildLimits {
            max_columns: self.options.xor_max_columns as usize,
            min_rows: self.options.xor_min_rows as usize,
            max_matrices: self.options.xor_max_matrices as usize,
        };
        let built = XorEngine::build(&xors, self.num_vars, limits);
        let Ok((mut engine, units)) = built else {
            self.ok = false;
            return;
        };
        for unit in units {
            match self.trail.value(unit) {
                Value::True => {}
                Value::False => {
                    self.ok = false;
                    return;
                }
                Value::Unassigned => self.trail.assign(unit, ClauseRef::NONE),
            }
        }
        self.stats.xor_matrices += engine.matrices.len() as u64;
        engine.trial = Some(Trial {
            conflicts: self.stats.conflicts,
            propagations: self.stats.propagations,
            xor_propagations: self.stats.xor_propagations,
        });
        engine.qhead = self.trail.len();
        engine.synced = self.trail.len();
        self.xor = engine;
        if self.propagate().is_some() {
            self.ok = false;
        }
    }
}

impl Solver {
    /// Once the matrices have been searched with for `xor_trial_conflicts` conflicts,
    /// keeps them if they made at least `xor_min_share` of the propagations since they
    /// were built, and drops them otherwise. Called at restarts, on the root level.
    ///
    /// Why: XORs are common in circuits (adders, comparators, parity trees), where the
    /// groups are small and the clauses already propagate nearly all their matrices
    /// would: on SATLIB's bmc-ibm-12 the matrices make 99 of 6.8 million propagations,
    /// on par32 6.5-7.9% of them (docs/experiments.md, "Parity").
    pub(super) fn judge_xors_if_due(&mut self) {
        let Some(trial) = self.xor.trial else {
            return;
        };
        if self.stats.conflicts - trial.conflicts < self.options.xor_trial_conflicts
            || self.trail.decision_level() > 0
        {
            return;
        }
        self.xor.trial = None;
        let propagations = (self.stats.propagations - trial.propagations).max(1) as f64;
        let implied = (self.stats.xor_propagations - trial.xor_propagations) as f64;
        if implied < self.options.xor_min_share * propagations {
            // Level-0 reasons are never read again, so the store may go with the rest.
            self.xor = XorEngine::default();
            self.stats.xor_dropped += 1;
        }
    }
}

#[cfg(test)]
mod tests;
