//! Gate definitions found in the clauses: the Tseitin clauses of AND gates of any
//! arity, XOR gates of two or three inputs and if-then-else (ITE) gates, and
//! equivalences (a pair of binary clauses `¬x ∨ y`, `x ∨ ¬y`), for congruence closure
//! (`congruence`).
//!
//! The search follows Kissat's `gates.c` and Biere, Fazekas, Fleury & Froleyks,
//! "Clausal Congruence Closure" (SAT 2024): a gate is looked for from its output
//! literal through occurrence lists. An AND `x = l1 ∧ … ∧ lk` is a clause
//! `x ∨ ¬l1 ∨ … ∨ ¬lk` whose other literals all have a binary clause `¬x ∨ li` (marked
//! once per output); an XOR is a clause of 3 or 4 literals whose sign-flipped siblings
//! with the same parity are all present (found by hashing sorted clauses); an ITE
//! `x = c ? t : e` is two ternary clauses `¬x ∨ ¬c ∨ t`, `¬x ∨ c ∨ e` with their two
//! partners `x ∨ ¬c ∨ ¬t`, `x ∨ c ∨ ¬e`. An XOR constraint over k+1 variables gives a
//! definition for each of them: every one is a true statement about the formula, and
//! congruence may use any.

use std::collections::HashSet;

use crate::lit::{Lit, Var};

/// The function a gate computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GateKind {
    /// The conjunction of the inputs.
    And,
    /// The parity of the inputs.
    Xor,
    /// `inputs[0] ? inputs[1] : inputs[2]`.
    Ite,
}

/// A gate: `output = kind(inputs)`, all of it stated by clauses of the formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gate {
    /// What it computes.
    pub kind: GateKind,
    /// The literal the clauses define.
    pub output: Lit,
    /// The inputs (condition, then, else for an ITE).
    pub inputs: Vec<Lit>,
}

/// Occurrence lists with more clauses than this are not searched for gates whose
/// search is quadratic in them (ITE), as Kissat bounds its `congruenceandsmax`-like
/// limits: such literals are rarely gate outputs, and the pairs would cost.
const MAX_ITE_OCCURRENCES: usize = 64;

/// Every AND, XOR and ITE gate defined by `clauses` (no duplicate literals, no
/// tautologies) over `num_vars` variables, and every equivalence `x ≡ y` stated by two
/// binary clauses, as pairs.
pub fn extract(clauses: &[Vec<Lit>], num_vars: usize) -> (Vec<Gate>, Vec<(Lit, Lit)>) {
    let mut occurrences: Vec<Vec<u32>> = vec![Vec::new(); 2 * num_vars];
    let mut binary_partners: Vec<Vec<Lit>> = vec![Vec::new(); 2 * num_vars];
    let mut short: HashSet<Vec<Lit>> = HashSet::new();
    for (index, clause) in clauses.iter().enumerate() {
        if let [a, b] = clause[..] {
            binary_partners[a.code()].push(b);
            binary_partners[b.code()].push(a);
        }
        if (2..=4).contains(&clause.len()) {
            short.insert(sorted(clause));
        }
        for &lit in clause {
            occurrences[lit.code()].push(index as u32);
        }
    }
    let mut gates = Vec::new();
    let mut equivalences = Vec::new();
    let mut mark = vec![u32::MAX; 2 * num_vars];
    for code in 0..2 * num_vars {
        let output = Lit::from_code(code);
        // Equivalences, once per pair: `¬x ∨ y` and `x ∨ ¬y` for x < y.
        for &partner in &binary_partners[(!output).code()] {
            if output.var() < partner.var() && short.contains(&sorted(&[output, !partner])) {
                equivalences.push((output, partner));
            }
        }
        find_ands(
            output,
            clauses,
            &occurrences,
            &binary_partners,
            &mut mark,
            &mut gates,
        );
        if output.is_positive() {
            find_xors(output.var(), clauses, &occurrences, &short, &mut gates);
        }
        find_ites(output, clauses, &occurrences, &short, &mut gates);
    }
    (gates, equivalences)
}

/// A clause's literals in order, as the key of `short`.
fn sorted(lits: &[Lit]) -> Vec<Lit> {
    let mut key = lits.to_vec();
    key.sort_unstable();
    key
}

fn find_ands(
    output: Lit,
    clauses: &[Vec<Lit>],
    occurrences: &[Vec<u32>],
    binary_partners: &[Vec<Lit>],
    mark: &mut [u32],
    gates: &mut Vec<Gate>,
) {
    let partners = &binary_partners[(!output).code()];
    if partners.len() < 2 {
        return;
    }
    let stamp = output.code() as u32;
    for &lit in partners {
        mark[lit.code()] = stamp;
    }
    for &index in &occurrences[output.code()] {
        let clause = &clauses[index as usize];
        if clause.len() >= 3
            && clause
                .iter()
                .all(|&lit| lit == output || mark[(!lit).code()] == stamp)
        {
            let inputs = clause
                .iter()
                .filter(|&&lit| lit != output)
                .map(|&lit| !lit)
                .collect();
            gates.push(Gate {
                kind: GateKind::And,
                output,
                inputs,
            });
        }
    }
}

fn find_xors(
    var: Var,
    clauses: &[Vec<Lit>],
    occurrences: &[Vec<u32>],
    short: &HashSet<Vec<Lit>>,
    gates: &mut Vec<Gate>,
) {
    let mut found: Vec<Vec<Var>> = Vec::new();
    for &index in &occurrences[var.positive().code()] {
        let clause = &clauses[index as usize];
        if !(3..=4).contains(&clause.len()) {
            continue;
        }
        let mut vars: Vec<Var> = clause.iter().map(|lit| lit.var()).collect();
        vars.sort_unstable();
        if found.contains(&vars) {
            continue;
        }
        let parity = clause.iter().filter(|lit| lit.is_negative()).count() % 2;
        let all_present = (0u32..1 << vars.len())
            .filter(|pattern| pattern.count_ones() as usize % 2 == parity)
            .all(|pattern| {
                let lits: Vec<Lit> = vars
                    .iter()
                    .enumerate()
                    .map(|(i, v)| v.lit(pattern >> i & 1 == 0))
                    .collect();
                short.contains(&lits)
            });
        if !all_present {
            continue;
        }
        // The clauses forbid the assignments of this parity (a clause is false where its
        // negative literals' variables are true), so the XOR of all is 1 - parity.
        let rhs = parity == 0;
        let inputs = vars
            .iter()
            .filter(|&&v| v != var)
            .map(|v| v.positive())
            .collect();
        gates.push(Gate {
            kind: GateKind::Xor,
            output: var.lit(!rhs),
            inputs,
        });
        found.push(vars);
    }
}

fn find_ites(
    output: Lit,
    clauses: &[Vec<Lit>],
    occurrences: &[Vec<u32>],
    short: &HashSet<Vec<Lit>>,
    gates: &mut Vec<Gate>,
) {
    let list = &occurrences[(!output).code()];
    if list.len() > MAX_ITE_OCCURRENCES {
        return;
    }
    let ternary = |index: &u32| {
        let clause = &clauses[*index as usize];
        (clause.len() == 3).then(|| {
            let mut others = clause.iter().copied().filter(|&lit| lit != !output);
            [others.next().unwrap(), others.next().unwrap()]
        })
    };
    let pairs: Vec<[Lit; 2]> = list.iter().filter_map(ternary).collect();
    for (i, first) in pairs.iter().enumerate() {
        for second in &pairs[i + 1..] {
            for (not_c, t) in [(first[0], first[1]), (first[1], first[0])] {
                let c = !not_c;
                let e = if second[0] == c {
                    second[1]
                } else if second[1] == c {
                    second[0]
                } else {
                    continue;
                };
                if e.var() == c.var() || t.var() == c.var() {
                    continue;
                }
                if short.contains(&sorted(&[output, !c, !t]))
                    && short.contains(&sorted(&[output, c, !e]))
                {
                    gates.push(Gate {
                        kind: GateKind::Ite,
                        output,
                        inputs: vec![c, t, e],
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
