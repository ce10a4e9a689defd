//! The counters engines report: [`Stats`], the events every CDCL solver counts, and
//! [`write_stat`], the one `c name value` line format of every engine's (and
//! `satsolve`'s) statistics. Printing time and memory is left to the caller, which owns
//! the clock and the process.

use std::fmt::Display;
use std::io::{self, Write};

/// Search counters, cumulative over all solve calls of one solver.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Conflicts found by propagation.
    pub conflicts: u64,
    /// Decisions (branching literals chosen by the heuristic).
    pub decisions: u64,
    /// Decisions taken in a column while a cube was solved (see `cdcl::columns`); also
    /// counted in `decisions`.
    pub column_decisions: u64,
    /// Literals assigned, by propagation or decision.
    pub propagations: u64,
    /// Restarts (returns to decision level 0 without a conflict).
    pub restarts: u64,
    /// Clauses learnt from conflicts, units included.
    pub learnt_clauses: u64,
    /// Learnt clauses removed by database reduction.
    pub deleted_clauses: u64,
    /// Database reductions performed.
    pub reductions: u64,
    /// Literals in learnt clauses after minimisation.
    pub learnt_literals: u64,
    /// Literals removed from learnt clauses by minimisation.
    pub minimised_literals: u64,
    /// Literals removed from learnt clauses by shrinking (option `shrink`).
    pub shrunk_literals: u64,
    /// Clause-arena compactions.
    pub garbage_collections: u64,
    /// Learnt clauses deleted because a clause learnt soon after subsumed them (the
    /// CDCL engine's `subsume`, option `reduce_eager_subsume`).
    pub eager_subsumed: u64,
    /// Clauses removed because they were satisfied at decision level 0.
    pub simplified_clauses: u64,
    /// Changes between focused and stable mode (`--restarts modes`).
    pub mode_switches: u64,
    /// Rephases on CaDiCaL's schedule (option `rephase`).
    pub rephases: u64,
    /// Local-search walks run to rephase (see the CDCL engine's `walk`).
    pub walks: u64,
    /// Variables flipped by those walks.
    pub walk_flips: u64,
    /// Clause-weighting walks run to look for a model (the CDCL engine's `ccanr`).
    pub weighted_walks: u64,
    /// Variables flipped by those walks.
    pub weighted_flips: u64,
    /// Variables removed by bounded variable elimination (CDCL preprocessing).
    pub eliminated_vars: u64,
    /// Clauses removed by preprocessing because another clause subsumed them.
    pub subsumed_clauses: u64,
    /// Literals removed by preprocessing's self-subsuming strengthening (one per
    /// strengthening).
    pub strengthened_literals: u64,
    /// AND, XOR and ITE gate definitions found in the clauses (CDCL preprocessing).
    pub gates_found: u64,
    /// Variables replaced by an equivalent literal after congruence closure.
    pub substituted_vars: u64,
    /// XOR constraints found in the clauses (CDCL preprocessing).
    pub xors_found: u64,
    /// Gauss-Jordan matrices built from them.
    pub xor_matrices: u64,
    /// Literals implied by those matrices.
    pub xor_propagations: u64,
    /// Conflicts found by those matrices.
    pub xor_conflicts: u64,
    /// Times the matrices were dropped after their trial for making too few
    /// propagations.
    pub xor_dropped: u64,
    /// Learnt clauses replaced by a shorter one by vivification (CDCL inprocessing).
    pub vivified_clauses: u64,
    /// Literals removed by vivification.
    pub vivified_literals: u64,
    /// Literals assigned by vivification's propagation (not in `propagations`).
    pub vivify_propagations: u64,
    /// Conflicts after which the search backtracked above the learnt clause's backjump
    /// level (chronological backtracking, the CDCL engine's `chrono`).
    pub chrono_backtracks: u64,
    /// Conflicts whose clause had a single literal of the highest level: an implication
    /// missed after a chronological backtrack, assigned without analysis.
    pub missed_implications: u64,
}

impl Stats {
    /// Writes the counters as DIMACS comment lines ([`write_counters`]), one per counter.
    /// Time and memory are not included: the caller measures those.
    pub fn write_comments(&self, out: &mut dyn Write) -> io::Result<()> {
        write_counters(
            out,
            &[
                ("conflicts", self.conflicts),
                ("decisions", self.decisions),
                ("column decisions", self.column_decisions),
                ("propagations", self.propagations),
                ("restarts", self.restarts),
                ("learnt clauses", self.learnt_clauses),
                ("learnt literals", self.learnt_literals),
                ("minimised literals", self.minimised_literals),
                ("shrunk literals", self.shrunk_literals),
                ("deleted clauses", self.deleted_clauses),
                ("reductions", self.reductions),
                ("garbage collections", self.garbage_collections),
                ("eager subsumed", self.eager_subsumed),
                ("simplified clauses", self.simplified_clauses),
                ("mode switches", self.mode_switches),
                ("rephases", self.rephases),
                ("walks", self.walks),
                ("walk flips", self.walk_flips),
                ("weighted walks", self.weighted_walks),
                ("weighted flips", self.weighted_flips),
                ("eliminated variables", self.eliminated_vars),
                ("subsumed clauses", self.subsumed_clauses),
                ("strengthenings", self.strengthened_literals),
                ("gates found", self.gates_found),
                ("substituted vars", self.substituted_vars),
                ("xors found", self.xors_found),
                ("xor matrices", self.xor_matrices),
                ("xor propagations", self.xor_propagations),
                ("xor conflicts", self.xor_conflicts),
                ("xor dropped", self.xor_dropped),
                ("vivified clauses", self.vivified_clauses),
                ("vivified literals", self.vivified_literals),
                ("vivify propagations", self.vivify_propagations),
                ("chrono backtracks", self.chrono_backtracks),
                ("missed implications", self.missed_implications),
            ],
        )
    }
}

/// Writes one statistics line, the name padded to one column: `c conflicts            12`.
/// Every engine's counters ([`write_counters`]) and `satsolve`'s own report use this form,
/// so that they line up.
pub fn write_stat(out: &mut dyn Write, name: &str, value: impl Display) -> io::Result<()> {
    writeln!(out, "c {name:<20} {value}")
}

/// Writes counters as `c` lines ([`write_stat`]), one per counter.
pub fn write_counters(out: &mut dyn Write, rows: &[(&str, u64)]) -> io::Result<()> {
    for (name, value) in rows {
        write_stat(out, name, value)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_are_written_as_comment_lines() {
        let stats = Stats {
            conflicts: 7,
            restarts: 2,
            ..Stats::default()
        };
        let mut out = Vec::new();
        stats.write_comments(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|line| line.starts_with("c ")));
        assert!(text.contains("c conflicts            7\n"));
        assert!(text.contains("c restarts             2\n"));
        assert_eq!(text.lines().count(), 35);
    }
}
