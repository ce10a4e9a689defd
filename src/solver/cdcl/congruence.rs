//! Congruence closure over the gates found in the clauses (`gates`), then
//! equivalent-literal substitution, before the first search (Kissat 4; Biere, Fazekas,
//! Fleury & Froleyks, "Clausal Congruence Closure", SAT 2024).
//!
//! Two gates of the same kind over the same inputs have equal outputs. Inputs are
//! compared through a union-find over literals after normalising each gate: an AND
//! drops duplicate and true inputs and is false with a false or complementary pair; an
//! XOR moves every negation to its output and cancels equal inputs; an ITE gets a
//! positive condition and then-branch, and becomes an equivalence, an AND or an XOR when
//! its branches or condition coincide (`c ? ¬e : e` is `c ⊕ e`). Gates are hashed by
//! (kind, normalised inputs); a repeated key merges two outputs, which renormalises the
//! gates over the merged variable, until nothing changes. A miter of two copies of one
//! circuit collapses this way from its inputs up, and its comparing XORs become constant
//! false, which refutes it before the search.
//!
//! Then every literal is replaced by its class's representative in every clause; a
//! replaced variable keeps the two binary clauses of its equivalence as an entry of the
//! elimination's reconstruction stack, so models get its value back and a later clause
//! naming it restores it like an eliminated variable (`preprocess`).
//!
//! DRAT: each merge logs the equivalence's two binary clauses before anything is
//! deleted. For ANDs they are RUP from the gate clauses and earlier equivalences; for
//! XORs and ITEs they are not, so they are derived by splitting on the inputs (each
//! leaf, with every input assigned, is RUP; each parent is RUP from its two children,
//! which are then deleted), as Kissat does. A rewritten clause is RUP from its original
//! and the equivalences, which stay in the proof; the original is then deleted.

use std::borrow::Cow;
use std::collections::HashMap;

use super::elim::EliminatedVar;
use super::gates::{self, FastHash, Gate, GateKind, Lists};
use super::proof::Proof;
use super::Solver;
use crate::lit::{Lit, Var};

/// What a pass did.
#[derive(Debug, Default)]
pub struct Closure {
    /// The clauses after substitution (units included).
    pub clauses: Vec<Vec<Lit>>,
    /// Replaced variables, each with its two binary clauses, its own literal first.
    pub substituted: Vec<EliminatedVar>,
    /// The formula was refuted.
    pub unsat: bool,
    /// Gates found.
    pub gates: u64,
    /// Some clause changed.
    pub changed: bool,
}

/// A gate in normal form (see the module docs).
#[derive(Debug, PartialEq, Eq)]
enum Normal {
    /// The output equals this literal (possibly the constant).
    Equal(Lit),
    /// The output equals `flip ⊕ kind(inputs)`.
    Key(GateKind, Vec<Lit>, bool),
}

/// The union-find over literals, with the constant true as an extra variable that is
/// always its class's root, and the proof the merges log.
struct Classes<'a> {
    /// By variable index: the literal equal to its positive literal, up the tree.
    parent: Vec<Lit>,
    /// The constant true.
    constant: Lit,
    /// Gates by input variable, to renormalise after a merge.
    users: Lists<u32>,
    /// By root variable index: the other variables of its class.
    members: Vec<Vec<u32>>,
    queue: Vec<u32>,
    proof: Option<&'a mut Proof>,
    unsat: bool,
    /// Some classes were merged.
    merged: bool,
}

impl Classes<'_> {
    fn find(&mut self, lit: Lit) -> Lit {
        let var = lit.var();
        let parent = self.parent[var.index()];
        if parent == var.positive() {
            return lit;
        }
        let root = self.find(parent);
        self.parent[var.index()] = root;
        if lit.is_positive() {
            root
        } else {
            !root
        }
    }

    /// Merges the classes of `a` and `b`, proven equal by the clauses of `reasons`
    /// (gates whose non-AND inputs the proof splits on).
    fn merge(&mut self, a: Lit, b: Lit, reasons: &[&Gate]) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb || self.unsat {
            return;
        }
        let split: Vec<Var> = split_vars(reasons, a, b, self.constant.var());
        self.log_equivalence(a, b, &split);
        if ra == !rb {
            if let Some(proof) = self.proof.as_deref_mut() {
                // a ≡ b and a ≡ ¬b: a and ¬a are both RUP, the first then refutes.
                proof.add(&[a]);
                proof.add(&[]);
            }
            self.unsat = true;
            return;
        }
        // The constant, else the smaller variable, stays the root.
        let (root, child) = if rb.var() == self.constant.var()
            || (ra.var() != self.constant.var() && rb.var() < ra.var())
        {
            (rb, ra)
        } else {
            (ra, rb)
        };
        self.merged = true;
        self.parent[child.var().index()] = if child.is_positive() { root } else { !root };
        let child_index = child.var().index();
        let mut moved = std::mem::take(&mut self.members[child_index]);
        moved.push(child_index as u32);
        for &member in &moved {
            self.queue.extend_from_slice(&self.users[member as usize]);
        }
        self.members[root.var().index()].extend(moved);
    }

    /// Logs `a → b` and `b → a` (a unit if either is the constant).
    fn log_equivalence(&mut self, a: Lit, b: Lit, split: &[Var]) {
        let Some(proof) = self.proof.as_deref_mut() else {
            return;
        };
        let constant = self.constant;
        let clause_of = |lits: [Lit; 2]| -> Vec<Lit> {
            if lits.contains(&constant) {
                Vec::new() // satisfied: nothing to log
            } else {
                lits.iter()
                    .copied()
                    .filter(|&lit| lit != !constant)
                    .collect()
            }
        };
        for lits in [[!a, b], [a, !b]] {
            if lits.contains(&constant) {
                continue;
            }
            let mut clause = clause_of(lits);
            derive(proof, &mut clause, split);
        }
    }
}

/// The input variables of the XOR and ITE gates among `reasons`, other than those of
/// `a`, `b` and the constant: assigning them all makes every leaf RUP.
fn split_vars(reasons: &[&Gate], a: Lit, b: Lit, constant: Var) -> Vec<Var> {
    let mut vars: Vec<Var> = reasons
        .iter()
        .filter(|gate| gate.kind != GateKind::And)
        .flat_map(|gate| gate.inputs.iter().map(|lit| lit.var()))
        .filter(|&var| var != a.var() && var != b.var() && var != constant)
        .collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// Logs `clause` after deriving it by cases on `vars`: `clause ∨ v` and `clause ∨ ¬v`
/// first (recursively), which are deleted once `clause` is in.
fn derive(proof: &mut Proof, clause: &mut Vec<Lit>, vars: &[Var]) {
    if let Some((&var, rest)) = vars.split_first() {
        for lit in [var.positive(), var.negative()] {
            clause.push(lit);
            derive(proof, clause, rest);
            clause.pop();
        }
        proof.add(clause);
        for lit in [var.positive(), var.negative()] {
            clause.push(lit);
            proof.delete(clause);
            clause.pop();
        }
    } else {
        proof.add(clause);
    }
}

/// The normal form of `gate` under the current classes.
fn normalise(classes: &mut Classes, gate: &Gate) -> Normal {
    let truth = classes.constant;
    let mut inputs: Vec<Lit> = gate.inputs.iter().map(|&lit| classes.find(lit)).collect();
    match gate.kind {
        GateKind::And => normal_and(inputs, truth, false),
        GateKind::Xor => normal_xor(inputs, truth, false),
        GateKind::Ite => {
            let (mut c, mut t, mut e) = (inputs[0], inputs[1], inputs[2]);
            if c.is_negative() {
                c = !c;
                std::mem::swap(&mut t, &mut e);
            }
            if c == truth {
                return Normal::Equal(t);
            }
            if t == e {
                return Normal::Equal(t);
            }
            if t == !e {
                // c ? ¬e : e = c ⊕ e.
                return normal_xor(vec![c, e], truth, false);
            }
            if t == c || t == truth {
                // c ∨ e = ¬(¬c ∧ ¬e).
                return normal_and(vec![!c, !e], truth, true);
            }
            if t == !c || t == !truth {
                return normal_and(vec![!c, e], truth, false);
            }
            if e == c || e == !truth {
                return normal_and(vec![c, t], truth, false);
            }
            if e == !c || e == truth {
                // ¬c ∨ t = ¬(c ∧ ¬t).
                return normal_and(vec![c, !t], truth, true);
            }
            let mut flip = false;
            if t.is_negative() {
                t = !t;
                e = !e;
                flip = true;
            }
            inputs.clear();
            inputs.extend([c, t, e]);
            Normal::Key(GateKind::Ite, inputs, flip)
        }
    }
}

/// `flip ⊕ ∧ inputs` in normal form.
fn normal_and(mut inputs: Vec<Lit>, truth: Lit, flip: bool) -> Normal {
    let result = |lit: Lit| Normal::Equal(if flip { !lit } else { lit });
    inputs.retain(|&lit| lit != truth);
    if inputs.contains(&!truth) {
        return result(!truth);
    }
    inputs.sort_unstable();
    inputs.dedup();
    if inputs.windows(2).any(|pair| pair[0] == !pair[1]) {
        return result(!truth);
    }
    match inputs[..] {
        [] => result(truth),
        [only] => result(only),
        _ => Normal::Key(GateKind::And, inputs, flip),
    }
}

/// `flip ⊕ ⊕ inputs` in normal form.
fn normal_xor(inputs: Vec<Lit>, truth: Lit, mut flip: bool) -> Normal {
    let mut vars: Vec<Lit> = Vec::with_capacity(inputs.len());
    for lit in inputs {
        if lit.is_negative() {
            flip = !flip;
        }
        let positive = lit.var().positive();
        if positive == truth {
            flip = !flip;
        } else {
            vars.push(positive);
        }
    }
    vars.sort_unstable();
    let mut kept: Vec<Lit> = Vec::with_capacity(vars.len());
    for lit in vars {
        if kept.last() == Some(&lit) {
            kept.pop();
        } else {
            kept.push(lit);
        }
    }
    let result = |lit: Lit| Normal::Equal(if flip { !lit } else { lit });
    match kept[..] {
        [] => result(!truth),
        [only] => result(only),
        _ => Normal::Key(GateKind::Xor, kept, flip),
    }
}

/// Finds the gates of `clauses` (over `num_vars` variables; no duplicate literals, no
/// tautologies, no assigned variables), merges congruent ones to a fixpoint and
/// substitutes every literal by its representative, logging to `proof`. Substitution is
/// skipped (the clauses left as they are) when fewer than `min_merged` variables merge
/// into others and none into a constant: see [`Solver::close_congruences`].
pub fn close<C: AsRef<[Lit]>>(
    clauses: &[C],
    num_vars: usize,
    max_and_arity: usize,
    min_merged: usize,
    proof: Option<&mut Proof>,
) -> Closure {
    let (gates, equivalences) = gates::extract(clauses, num_vars, max_and_arity);
    let constant = Var::from_index(num_vars).positive();
    let mut classes = Classes {
        parent: (0..=num_vars)
            .map(|index| Var::from_index(index).positive())
            .collect(),
        constant,
        users: Lists::build(num_vars + 1, 0, |push| {
            for (index, gate) in gates.iter().enumerate() {
                for lit in &gate.inputs {
                    push(lit.var().index(), index as u32);
                }
            }
        }),
        members: vec![Vec::new(); num_vars + 1],
        queue: (0..gates.len() as u32).rev().collect(),
        proof,
        unsat: false,
        merged: false,
    };
    for &(a, b) in &equivalences {
        classes.merge(a, b, &[]);
    }
    let mut table: HashMap<(GateKind, Vec<Lit>), u32, FastHash> = HashMap::default();
    while let Some(index) = classes.queue.pop() {
        if classes.unsat {
            break;
        }
        let gate = &gates[index as usize];
        match normalise(&mut classes, gate) {
            Normal::Equal(lit) => classes.merge(gate.output, lit, &[gate]),
            Normal::Key(kind, inputs, flip) => {
                let output = if flip { !gate.output } else { gate.output };
                let twin = match table.get(&(kind, inputs.clone())) {
                    Some(&other) if other != index => Some(other),
                    _ => None,
                };
                // The twin's entry may be stale (its inputs merged since): it holds only
                // if the twin still normalises to this key.
                let twin_output = twin.and_then(|other| {
                    let twin = &gates[other as usize];
                    match normalise(&mut classes, twin) {
                        Normal::Key(twin_kind, twin_inputs, twin_flip)
                            if twin_kind == kind && twin_inputs == inputs =>
                        {
                            Some(if twin_flip { !twin.output } else { twin.output })
                        }
                        _ => None,
                    }
                });
                match (twin, twin_output) {
                    (Some(other), Some(twin_output)) => {
                        classes.merge(output, twin_output, &[gate, &gates[other as usize]]);
                    }
                    _ => {
                        table.insert((kind, inputs), index);
                    }
                }
            }
        }
    }
    let unsat = classes.unsat;
    let mut closure = Closure {
        gates: gates.len() as u64,
        unsat,
        ..Closure::default()
    };
    if unsat || !classes.merged {
        return closure;
    }
    let (mut merged, mut fixed) = (0, false);
    for index in 0..num_vars {
        let lit = Var::from_index(index).positive();
        let root = classes.find(lit);
        merged += usize::from(root != lit);
        fixed |= root.var() == constant.var();
    }
    // A variable merged into the constant is a unit: always worth having.
    if merged < min_merged && !fixed {
        return closure;
    }
    substitute(&mut classes, clauses, num_vars, &mut closure);
    closure
}

/// Rewrites `clauses` by representatives into `closure`, logging and deleting.
fn substitute<C: AsRef<[Lit]>>(
    classes: &mut Classes,
    clauses: &[C],
    num_vars: usize,
    closure: &mut Closure,
) {
    let constant = classes.constant;
    for index in 0..num_vars {
        let lit = Var::from_index(index).positive();
        let root = classes.find(lit);
        if root == lit {
            continue;
        }
        if root.var() == constant.var() {
            let unit = if root == constant { lit } else { !lit };
            if let Some(proof) = classes.proof.as_deref_mut() {
                proof.add(&[unit]);
            }
            closure.clauses.push(vec![unit]);
            closure.changed = true;
        } else {
            closure.substituted.push(EliminatedVar {
                var: lit.var(),
                clauses: vec![vec![lit, !root], vec![!lit, root]],
            });
        }
    }
    let mut seen: std::collections::HashSet<Vec<Lit>, FastHash> = Default::default();
    for clause in clauses {
        let clause: &[Lit] = clause.as_ref();
        let mut rewritten: Vec<Lit> = Vec::with_capacity(clause.len());
        let mut satisfied = false;
        for &lit in clause {
            let root = classes.find(lit);
            if root == constant || rewritten.contains(&!root) {
                satisfied = true;
                break;
            }
            if root != !constant && !rewritten.contains(&root) {
                rewritten.push(root);
            }
        }
        if !satisfied && rewritten != clause {
            rewritten.sort_unstable();
            if !seen.insert(rewritten.clone()) {
                satisfied = true; // a duplicate
            } else if let Some(proof) = classes.proof.as_deref_mut() {
                proof.add(&rewritten);
            }
        }
        if rewritten != clause {
            closure.changed = true;
            if let Some(proof) = classes.proof.as_deref_mut() {
                proof.delete(clause);
            }
        }
        if satisfied {
            continue;
        }
        if rewritten.is_empty() {
            closure.unsat = true;
            return;
        }
        closure.clauses.push(rewritten);
    }
}

impl Solver {
    /// Runs congruence closure and substitution (see the module docs) on the clauses at
    /// level 0, before elimination, if the `congruence` option is on; rebuilds the
    /// arena when it found equivalences.
    pub(super) fn close_congruences(&mut self) {
        if self.options.congruence == 0 || !self.ok {
            return;
        }
        // Unsatisfied clauses at level 0 lose their false literals first, as in
        // `eliminate`, so that no assigned variable is left.
        let mut clauses: Vec<Cow<[Lit]>> = Vec::with_capacity(self.db.num_original());
        let mut shortened = false;
        for cref in self.db.iter() {
            let lits = self.db.lits(cref);
            if lits.iter().any(|&lit| self.trail.is_true(lit)) {
                continue;
            }
            if !lits.iter().any(|&lit| self.trail.is_false(lit)) {
                clauses.push(Cow::Borrowed(lits));
                continue;
            }
            let kept: Vec<Lit> = lits
                .iter()
                .copied()
                .filter(|&lit| !self.trail.is_false(lit))
                .collect();
            shortened = true;
            if let Some(proof) = &mut self.proof {
                proof.add(&kept);
                proof.delete(lits);
            }
            clauses.push(Cow::Owned(kept));
        }
        let max_and_arity = self.options.congruence_and_arity as usize;
        // A handful of merged variables changes the search's order without simplifying
        // the formula: on 40 shuffled copies each, hanoi5 (0.5% merged) took 1.15x the
        // conflicts, bw_large.d (0.6%) 1.36x and hanoi4 (1.1%) 1.09x with the
        // substitution, and the 36x36 Sudoku (0.02%) 0.93x (docs/experiments.md, "Gates
        // and congruence"). Miters and bounded model checking merge 20% and more.
        let min_merged =
            (self.num_vars as u64 * self.options.congruence_min_permille / 1000) as usize;
        let mut closure = close(
            &clauses,
            self.num_vars,
            max_and_arity,
            min_merged,
            self.proof.as_mut(),
        );
        if !closure.changed && shortened {
            // Nothing merged, but the arena must lose the false literals the proof
            // dropped.
            closure.clauses = clauses.iter().map(|clause| clause.to_vec()).collect();
        }
        drop(clauses);
        self.stats.gates_found += closure.gates;
        if closure.unsat {
            self.ok = false;
            if let Some(proof) = &mut self.proof {
                proof.add(&[]);
            }
            return;
        }
        if !closure.changed && !shortened {
            return;
        }
        self.stats.substituted_vars += closure.substituted.len() as u64;
        self.fresh_clause_db();
        if !self.load_clauses(&closure.clauses) {
            return;
        }
        for entry in closure.substituted {
            self.decide.set_decision(entry.var, false);
            self.preprocess.push_eliminated(entry);
        }
        if self.propagate().is_some() {
            self.refuted_at_level_zero();
            return;
        }
        self.simplify();
    }
}

#[cfg(test)]
mod tests;
