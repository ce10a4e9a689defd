//! Unit propagation of a cube over a fixed formula, before any search engine is built:
//! on a stream of Sudoku puzzles most cubes end here (the extended encoding's unit
//! propagation is naked and hidden singles), and the rest go to an engine over the
//! simplified formula (what the `compact` encoding writes for one puzzle), which is small
//! and cheap to build.
//!
//! Counter-based: each clause keeps how many of its literals are not yet false; the
//! counters are reset from a template per cube (one copy), so a cube costs the literals it
//! touches, not the formula's size.

use crate::cnf::Cnf;
use crate::lit::Lit;
#[cfg(test)]
use crate::lit::Var;

/// What propagating a cube found.
pub enum Propagated {
    /// A clause (or the cube itself) is false: no model extends the cube.
    Conflict,
    /// Every clause is satisfied: the values (unassigned variables false) are a model.
    Model(Vec<bool>),
    /// Search is needed: the clauses still open, with their false literals removed, plus
    /// one unit clause per assigned variable (the same models as formula ∧ cube).
    Open(Cnf),
}

/// The formula with its occurrence lists; reused for every cube.
pub struct CubePropagator {
    formula: Cnf,
    /// Per literal code, the clauses containing that literal.
    occurs: Vec<Vec<u32>>,
    /// Per clause, its length: the template of the counters.
    lengths: Vec<u32>,
    // Per-cube state, reused.
    open: Vec<u32>,
    satisfied: Vec<bool>,
    value: Vec<Option<bool>>,
    trail: Vec<Lit>,
    /// The formula's unit clauses.
    units: Vec<Lit>,
    /// The formula holds an empty clause.
    empty: bool,
}

impl CubePropagator {
    /// A propagator over `formula`.
    pub fn new(formula: &Cnf) -> CubePropagator {
        let mut propagator = CubePropagator {
            formula: Cnf::new(formula.num_vars()),
            occurs: vec![Vec::new(); 2 * formula.num_vars()],
            lengths: Vec::with_capacity(formula.num_clauses()),
            open: Vec::new(),
            satisfied: Vec::new(),
            value: Vec::new(),
            trail: Vec::new(),
            units: Vec::new(),
            empty: false,
        };
        for clause in formula.clauses() {
            propagator.add_clause(clause);
        }
        propagator
    }

    /// Adds a clause for every later cube.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        let index = self.formula.num_clauses() as u32;
        self.formula.add_clause(clause);
        let needed = 2 * self.formula.num_vars();
        if self.occurs.len() < needed {
            self.occurs.resize(needed, Vec::new());
        }
        for &lit in clause {
            self.occurs[lit.code()].push(index);
        }
        self.lengths.push(clause.len() as u32);
        self.empty |= clause.is_empty();
        if let [unit] = clause {
            self.units.push(*unit);
        }
    }

    /// Propagates `cube` (and the formula's unit clauses) to a fixpoint.
    pub fn propagate(&mut self, cube: &[Lit]) -> Propagated {
        if self.empty {
            return Propagated::Conflict;
        }
        let num_vars = self
            .formula
            .num_vars()
            .max(cube.iter().map(|l| l.var().index() + 1).max().unwrap_or(0));
        if self.occurs.len() < 2 * num_vars {
            self.occurs.resize(2 * num_vars, Vec::new());
        }
        self.open.clear();
        self.open.extend_from_slice(&self.lengths);
        self.satisfied.clear();
        self.satisfied.resize(self.lengths.len(), false);
        self.value.clear();
        self.value.resize(num_vars, None);
        self.trail.clear();
        for index in 0..cube.len() + self.units.len() {
            let lit = cube
                .get(index)
                .copied()
                .unwrap_or_else(|| self.units[index - cube.len()]);
            if !self.assign(lit) {
                return Propagated::Conflict;
            }
        }
        let mut head = 0;
        while head < self.trail.len() {
            let lit = self.trail[head];
            head += 1;
            for &clause in &self.occurs[lit.code()] {
                self.satisfied[clause as usize] = true;
            }
            let falsified = (!lit).code();
            for k in 0..self.occurs[falsified].len() {
                let clause = self.occurs[falsified][k] as usize;
                if self.satisfied[clause] {
                    continue;
                }
                self.open[clause] -= 1;
                match self.open[clause] {
                    0 => return Propagated::Conflict,
                    1 => {
                        let unit = self
                            .formula
                            .clause(clause)
                            .iter()
                            .copied()
                            .find(|l| self.value[l.var().index()].is_none());
                        // None: the last open literal is already true, queued; the
                        // clause is satisfied once it is processed.
                        if let Some(unit) = unit {
                            if !self.assign(unit) {
                                return Propagated::Conflict;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if self.satisfied.iter().all(|&done| done) {
            let model = self.value.iter().map(|v| v.unwrap_or(false)).collect();
            return Propagated::Model(model);
        }
        let mut rest = Cnf::new(num_vars);
        let mut clause_buf = Vec::new();
        for (index, clause) in self.formula.clauses().enumerate() {
            if self.satisfied[index] {
                continue;
            }
            clause_buf.clear();
            clause_buf.extend(
                clause
                    .iter()
                    .copied()
                    .filter(|l| self.value[l.var().index()].is_none()),
            );
            rest.add_clause(&clause_buf);
        }
        for &lit in &self.trail {
            rest.add_clause(&[lit]);
        }
        Propagated::Open(rest)
    }

    /// Makes `lit` true; `false` if it is already false.
    fn assign(&mut self, lit: Lit) -> bool {
        let var = lit.var().index();
        match self.value[var] {
            Some(value) => value == lit.is_positive(),
            None => {
                self.value[var] = Some(lit.is_positive());
                self.trail.push(lit);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn lit(n: i64) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    /// Models of `cnf` with `cube` true, over `vars` variables, by enumeration.
    fn satisfiable(cnf: &Cnf, cube: &[Lit], vars: usize) -> bool {
        (0u32..1 << vars).any(|bits| {
            let values: Vec<bool> = (0..vars).map(|v| bits >> v & 1 == 1).collect();
            cube.iter()
                .all(|l| values[l.var().index()] == l.is_positive())
                && cnf.is_satisfied_by(&values)
        })
    }

    #[test]
    fn agrees_with_enumeration_on_random_formulas_and_cubes() {
        let mut rng = SplitMix64(77);
        for _ in 0..300 {
            let vars = 3 + rng.index(6);
            let mut cnf = Cnf::new(vars);
            for _ in 0..rng.index(3 * vars) {
                let len = 1 + rng.index(3);
                let clause: Vec<Lit> = (0..len)
                    .map(|_| Var::from_index(rng.index(vars)).lit(rng.below(2) == 0))
                    .collect();
                cnf.add_clause(&clause);
            }
            let cube: Vec<Lit> = (0..rng.index(3))
                .map(|_| Var::from_index(rng.index(vars)).lit(rng.below(2) == 0))
                .collect();
            let expected = satisfiable(&cnf, &cube, vars);
            match CubePropagator::new(&cnf).propagate(&cube) {
                Propagated::Conflict => assert!(!expected),
                Propagated::Model(model) => {
                    assert!(cnf.is_satisfied_by(&model));
                    assert!(cube
                        .iter()
                        .all(|l| model[l.var().index()] == l.is_positive()));
                }
                Propagated::Open(rest) => {
                    assert_eq!(satisfiable(&rest, &[], vars), expected);
                    // Every model of the rest is a model of formula and cube.
                    for bits in 0u32..1 << vars {
                        let values: Vec<bool> = (0..vars).map(|v| bits >> v & 1 == 1).collect();
                        if rest.is_satisfied_by(&values) {
                            assert!(cnf.is_satisfied_by(&values));
                            assert!(cube
                                .iter()
                                .all(|l| values[l.var().index()] == l.is_positive()));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_cube_against_itself_or_a_unit_is_a_conflict() {
        let mut cnf = Cnf::new(2);
        cnf.add_clause(&[lit(-1)]);
        let mut propagator = CubePropagator::new(&cnf);
        assert!(matches!(
            propagator.propagate(&[lit(1)]),
            Propagated::Conflict
        ));
        assert!(matches!(
            propagator.propagate(&[lit(2), lit(-2)]),
            Propagated::Conflict
        ));
        assert!(
            matches!(propagator.propagate(&[lit(2)]), Propagated::Model(m) if m == [false, true])
        );
        propagator.add_clause(&[]);
        assert!(matches!(propagator.propagate(&[]), Propagated::Conflict));
    }
}
