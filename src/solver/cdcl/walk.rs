//! Walk-based rephasing: a local search over the input clauses whose best assignment
//! becomes the target phases.
//!
//! ProbSAT (Balint & Schöning, "Choosing probability distributions for stochastic local
//! search and the role of make versus break", SAT 2012), as Kissat runs it when it
//! rephases in stable mode: start from the current phases, repeatedly pick a random
//! falsified clause and flip one of its variables, chosen with probability proportional
//! to `cb^-break` (break: how many clauses the flip would falsify), with `cb` set by the
//! average clause length as in ProbSAT's table. The best assignment met (fewest
//! falsified clauses) is kept. If it falsifies none, it is a model of the formula and
//! the search, deciding along it, finds it without a conflict; otherwise it still points
//! the stable search at a nearly consistent assignment, which is what pays on satisfiable
//! random formulas.
//!
//! The walk reads the input clauses only (learnt ones are implied by them) and works at
//! level 0: clauses satisfied there are left out and literals false there dropped.
//! Its cost is counted in occurrence-list visits and bounded by the caller's effort.

use super::clause_db::ClauseDb;
use super::trail::{Trail, Value};
use crate::lit::{Lit, Var};
use crate::rng::SplitMix64;

/// What one walk did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkReport {
    /// Falsified clauses under the phases the walk started from.
    pub initial: usize,
    /// Falsified clauses under the best assignment met (0: a model).
    pub best: usize,
    /// Variables flipped.
    pub flips: u64,
}

/// ProbSAT's base `cb` for an average clause length (Balint & Schöning's table, as
/// Kissat interpolates it).
fn break_base(average_len: f64) -> f64 {
    const TABLE: [(f64, f64); 6] = [
        (0.0, 2.0),
        (3.0, 2.5),
        (4.0, 2.85),
        (5.0, 3.7),
        (6.0, 5.1),
        (7.0, 7.4),
    ];
    if average_len >= TABLE[TABLE.len() - 1].0 {
        return TABLE[TABLE.len() - 1].1;
    }
    let upper = TABLE
        .iter()
        .position(|&(len, _)| len > average_len)
        .unwrap_or(TABLE.len() - 1);
    let (x0, y0) = TABLE[upper - 1];
    let (x1, y1) = TABLE[upper];
    y0 + (y1 - y0) * (average_len - x0) / (x1 - x0)
}

/// The input clauses as the walk sees them: flat literals, occurrence lists by literal
/// code, both in compressed-row form.
struct Formula {
    lits: Vec<Lit>,
    starts: Vec<u32>,
    occ: Vec<u32>,
    occ_starts: Vec<u32>,
}

impl Formula {
    fn gather(db: &ClauseDb, trail: &Trail) -> Formula {
        let mut lits: Vec<Lit> = Vec::new();
        let mut starts = vec![0u32];
        for cref in db.iter() {
            if db.is_learnt(cref) {
                continue;
            }
            let clause = db.lits(cref);
            if clause.iter().any(|&lit| trail.is_true(lit)) {
                continue;
            }
            let before = lits.len();
            lits.extend(clause.iter().filter(|&&lit| !trail.is_false(lit)));
            if lits.len() == before {
                continue;
            }
            starts.push(lits.len() as u32);
        }
        let num_codes = 2 * trail.num_vars();
        let mut occ_starts = vec![0u32; num_codes + 1];
        for lit in &lits {
            occ_starts[lit.code() + 1] += 1;
        }
        for code in 0..num_codes {
            occ_starts[code + 1] += occ_starts[code];
        }
        let mut fill = occ_starts.clone();
        let mut occ = vec![0u32; lits.len()];
        for clause in 0..starts.len() - 1 {
            for lit in &lits[starts[clause] as usize..starts[clause + 1] as usize] {
                occ[fill[lit.code()] as usize] = clause as u32;
                fill[lit.code()] += 1;
            }
        }
        Formula {
            lits,
            starts,
            occ,
            occ_starts,
        }
    }

    fn num_clauses(&self) -> usize {
        self.starts.len() - 1
    }

    fn clause(&self, index: usize) -> &[Lit] {
        &self.lits[self.starts[index] as usize..self.starts[index + 1] as usize]
    }

    fn occurrences(&self, lit: Lit) -> &[u32] {
        &self.occ[self.occ_starts[lit.code()] as usize..self.occ_starts[lit.code() + 1] as usize]
    }
}

/// The falsified clauses, with each one's position for removal in constant time.
struct Broken {
    list: Vec<u32>,
    position: Vec<u32>,
}

impl Broken {
    const ABSENT: u32 = u32::MAX;

    fn insert(&mut self, clause: u32) {
        self.position[clause as usize] = self.list.len() as u32;
        self.list.push(clause);
    }

    fn remove(&mut self, clause: u32) {
        let at = self.position[clause as usize];
        let last = self.list.pop().expect("a falsified clause is listed");
        if last != clause {
            self.list[at as usize] = last;
            self.position[last as usize] = at;
        }
        self.position[clause as usize] = Self::ABSENT;
    }
}

/// Walks from `phases` (indexed by variable) for about `effort` occurrence visits, and
/// writes the best assignment met back into `phases` for the variables unassigned at
/// level 0. Call at decision level 0, after propagation found no conflict. A flip that
/// breaks more than `max_break` clauses weighs as much as one that breaks `max_break`
/// (option `walk_max_break`, 32: their weight is negligible anyway).
pub fn walk(
    db: &ClauseDb,
    trail: &Trail,
    phases: &mut [bool],
    effort: u64,
    max_break: usize,
    rng: &mut SplitMix64,
) -> WalkReport {
    debug_assert_eq!(trail.decision_level(), 0);
    let formula = Formula::gather(db, trail);
    let num_clauses = formula.num_clauses();
    let mut value: Vec<bool> = (0..trail.num_vars())
        .map(
            |index| match trail.value(Var::from_index(index).positive()) {
                Value::True => true,
                Value::False => false,
                Value::Unassigned => phases[index],
            },
        )
        .collect();
    let is_true = |value: &[bool], lit: Lit| value[lit.var().index()] == lit.is_positive();

    let mut true_count = vec![0u32; num_clauses];
    let mut broken = Broken {
        list: Vec::new(),
        position: vec![Broken::ABSENT; num_clauses],
    };
    for (clause, count) in true_count.iter_mut().enumerate() {
        *count = formula
            .clause(clause)
            .iter()
            .filter(|&&lit| is_true(&value, lit))
            .count() as u32;
        if *count == 0 {
            broken.insert(clause as u32);
        }
    }
    let initial = broken.list.len();
    let mut report = WalkReport {
        initial,
        best: initial,
        flips: 0,
    };
    if num_clauses == 0 {
        return report;
    }

    let base = break_base(formula.lits.len() as f64 / num_clauses as f64);
    let weights: Vec<f64> = (0..=max_break).map(|b| base.powi(-(b as i32))).collect();
    let mut scores: Vec<f64> = Vec::new();
    // Flips since the best assignment, undone at the end to get back to it.
    let mut since_best: Vec<Var> = Vec::new();
    let mut spent = 0u64;

    while !broken.list.is_empty() && spent < effort {
        let clause = broken.list[rng.index(broken.list.len())] as usize;
        let lits = formula.clause(clause);
        scores.clear();
        let mut total = 0.0;
        for &lit in lits {
            // Flipping `lit` true falsifies the clauses where ¬lit is the only true one.
            let occurrences = formula.occurrences(!lit);
            spent += occurrences.len() as u64;
            let breaks = occurrences
                .iter()
                .filter(|&&other| true_count[other as usize] == 1)
                .count();
            let score = weights[breaks.min(max_break)];
            total += score;
            scores.push(score);
        }
        let mut pick = rng.next() as f64 / u64::MAX as f64 * total;
        let mut chosen = lits[lits.len() - 1];
        for (&lit, &score) in lits.iter().zip(&scores) {
            if pick < score {
                chosen = lit;
                break;
            }
            pick -= score;
        }

        value[chosen.var().index()] = chosen.is_positive();
        let (made, unmade) = (formula.occurrences(chosen), formula.occurrences(!chosen));
        for &other in made {
            true_count[other as usize] += 1;
            if true_count[other as usize] == 1 {
                broken.remove(other);
            }
        }
        for &other in unmade {
            true_count[other as usize] -= 1;
            if true_count[other as usize] == 0 {
                broken.insert(other);
            }
        }
        spent += (made.len() + unmade.len()) as u64;
        report.flips += 1;
        since_best.push(chosen.var());
        if broken.list.len() < report.best {
            report.best = broken.list.len();
            since_best.clear();
        }
    }

    for var in since_best.into_iter().rev() {
        value[var.index()] = !value[var.index()];
    }
    for (index, phase) in phases.iter_mut().enumerate() {
        if trail.value(Var::from_index(index).positive()) == Value::Unassigned {
            *phase = value[index];
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::clause_db::ClauseRef;
    use crate::testkit::families::random_ksat;

    /// The arena and an empty level-0 trail of a formula given as DIMACS literals.
    fn load(num_vars: usize, clauses: &[Vec<i64>]) -> (ClauseDb, Trail) {
        let mut db = ClauseDb::new();
        for clause in clauses {
            let lits: Vec<Lit> = clause
                .iter()
                .map(|&l| Lit::from_dimacs(l).unwrap())
                .collect();
            db.alloc(&lits, false, 0);
        }
        let mut trail = Trail::default();
        trail.grow(num_vars);
        (db, trail)
    }

    fn falsified(clauses: &[Vec<i64>], phases: &[bool]) -> usize {
        clauses
            .iter()
            .filter(|clause| {
                !clause
                    .iter()
                    .any(|&l| phases[l.unsigned_abs() as usize - 1] == (l > 0))
            })
            .count()
    }

    #[test]
    fn finds_a_model_of_an_easy_random_3sat_formula() {
        let mut rng = SplitMix64(7);
        let formula = random_ksat(&mut rng, 100, 3, 3.5);
        let (db, trail) = load(formula.vars, &formula.clauses);
        let mut phases = vec![false; formula.vars];
        let before = falsified(&formula.clauses, &phases);
        let report = walk(&db, &trail, &mut phases, 10_000_000, 32, &mut rng);
        assert_eq!(report.initial, before);
        assert_eq!(report.best, 0, "{report:?}");
        assert_eq!(falsified(&formula.clauses, &phases), 0);
    }

    #[test]
    fn the_phases_returned_are_the_best_met_and_reported_exactly() {
        // Unsatisfiable (every sign pattern over three variables): the best is one
        // falsified clause, and the phases written back must be such an assignment.
        let mut clauses = Vec::new();
        for signs in 0..8 {
            clauses.push(
                (1..=3)
                    .map(|v| if signs >> (v - 1) & 1 == 1 { v } else { -v })
                    .collect::<Vec<i64>>(),
            );
        }
        let (db, trail) = load(3, &clauses);
        let mut rng = SplitMix64(3);
        let mut phases = vec![true; 3];
        let report = walk(&db, &trail, &mut phases, 1000, 32, &mut rng);
        assert_eq!(report.initial, 1);
        assert_eq!(report.best, 1);
        assert_eq!(falsified(&clauses, &phases), report.best);
        assert!(report.flips > 0);
    }

    #[test]
    fn level_zero_facts_are_kept_and_satisfied_clauses_left_out() {
        // x1 is true at level 0: (x1 ∨ x2) is satisfied, (¬x1 ∨ x3) is the unit x3 once
        // x1's falsity is dropped; the walk must set x3 and leave x1 alone.
        let clauses = vec![vec![1, 2], vec![-1, 3], vec![-2, -3, 4]];
        let (db, mut trail) = load(4, &clauses);
        trail.assign(Lit::from_dimacs(1).unwrap(), ClauseRef::NONE);
        let mut rng = SplitMix64(1);
        let mut phases = vec![false; 4];
        let report = walk(&db, &trail, &mut phases, 10_000, 32, &mut rng);
        assert_eq!(report.best, 0);
        assert!(
            !phases[0],
            "a variable assigned at level 0 keeps its phase entry"
        );
        assert!(phases[2]);
    }

    #[test]
    fn break_base_follows_the_table() {
        assert!((break_base(3.0) - 2.5).abs() < 1e-9);
        assert!((break_base(3.5) - 2.675).abs() < 1e-9);
        assert!((break_base(20.0) - 7.4).abs() < 1e-9);
    }
}
