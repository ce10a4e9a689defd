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
use std::hash::{BuildHasherDefault, Hasher};

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

/// A multiply-rotate hasher (rustc's FxHash): the keys here are small integers that an
/// attacker does not choose, and SipHash cost half the pass on a 25x25 Sudoku.
#[derive(Default)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }
}

/// Builds [`FastHasher`]s.
pub type FastHash = BuildHasherDefault<FastHasher>;

/// Lists of items by index in one array (compressed sparse rows): built in two passes
/// over the same items, without a vector per list.
pub struct Lists<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Lists<T> {
    /// `count` lists, filled by `fill`, which is called twice (to count, then to place)
    /// and must push the same items both times; `filler` is overwritten.
    pub fn build(count: usize, filler: T, fill: impl Fn(&mut dyn FnMut(usize, T))) -> Lists<T> {
        let mut starts = vec![0u32; count + 1];
        fill(&mut |list, _| starts[list + 1] += 1);
        for index in 0..count {
            starts[index + 1] += starts[index];
        }
        let mut items = vec![filler; starts[count] as usize];
        let mut next = starts.clone();
        fill(&mut |list, item| {
            items[next[list] as usize] = item;
            next[list] += 1;
        });
        Lists { starts, items }
    }
}

impl<T> std::ops::Index<usize> for Lists<T> {
    type Output = [T];

    fn index(&self, list: usize) -> &[T] {
        &self.items[self.starts[list] as usize..self.starts[list + 1] as usize]
    }
}

/// A set of clauses of 3 or 4 literals, each packed sorted into one number.
type ShortClauses = HashSet<u128, FastHash>;

/// Every AND (of at most `max_and_arity` inputs), XOR and ITE gate defined by `clauses`
/// (no duplicate literals, no tautologies) over `num_vars` variables, and every equivalence `x ≡ y` stated by two
/// binary clauses, as pairs.
pub fn extract<C: AsRef<[Lit]>>(
    clauses: &[C],
    num_vars: usize,
    max_and_arity: usize,
) -> (Vec<Gate>, Vec<(Lit, Lit)>) {
    let mut short = ShortClauses::default();
    // Binary clauses are found through `binary_partners`; the rest through
    // occurrences, and those of XORs and ITEs also by hashing.
    let binary_partners = Lists::build(2 * num_vars, Lit::from_code(0), |push| {
        for clause in clauses {
            if let [a, b] = clause.as_ref()[..] {
                push(a.code(), b);
                push(b.code(), a);
            }
        }
    });
    let occurrences = Lists::build(2 * num_vars, 0, |push| {
        for (index, clause) in clauses.iter().enumerate() {
            let clause = clause.as_ref();
            if clause.len() >= 3 {
                for &lit in clause {
                    push(lit.code(), index as u32);
                }
            }
        }
    });
    for clause in clauses {
        let clause = clause.as_ref();
        if (3..=4).contains(&clause.len()) {
            short.insert(packed(clause));
        }
    }
    let mut gates = Vec::new();
    let mut equivalences = Vec::new();
    let mut mark = vec![u32::MAX; 2 * num_vars];
    let mut implied = vec![u32::MAX; 2 * num_vars];
    for code in 0..2 * num_vars {
        let output = Lit::from_code(code);
        // Equivalences, once per pair: `¬x ∨ y` and `x ∨ ¬y` for x < y.
        for &partner in &binary_partners[output.code()] {
            implied[partner.code()] = code as u32;
        }
        for &partner in &binary_partners[(!output).code()] {
            if output.var() < partner.var() && implied[(!partner).code()] == code as u32 {
                equivalences.push((output, partner));
            }
        }
        find_ands(
            output,
            clauses,
            &occurrences,
            &binary_partners,
            max_and_arity,
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

/// A clause of 2 to 4 literals as the key of `short`: its literal codes sorted, 32 bits
/// each, unused places all ones.
fn packed(lits: &[Lit]) -> u128 {
    let mut codes = [u32::MAX; 4];
    for (place, lit) in codes.iter_mut().zip(lits) {
        *place = lit.code() as u32;
    }
    codes[..lits.len()].sort_unstable();
    codes
        .iter()
        .fold(0u128, |key, &code| key << 32 | u128::from(code))
}

fn find_ands<C: AsRef<[Lit]>>(
    output: Lit,
    clauses: &[C],
    occurrences: &Lists<u32>,
    binary_partners: &Lists<Lit>,
    max_arity: usize,
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
        let clause = clauses[index as usize].as_ref();
        if clause.len() >= 3
            && clause.len() <= max_arity + 1
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

fn find_xors<C: AsRef<[Lit]>>(
    var: Var,
    clauses: &[C],
    occurrences: &Lists<u32>,
    short: &ShortClauses,
    gates: &mut Vec<Gate>,
) {
    let mut found: Vec<Vec<Var>> = Vec::new();
    for &index in &occurrences[var.positive().code()] {
        let clause = clauses[index as usize].as_ref();
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
                short.contains(&packed(&lits))
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

fn find_ites<C: AsRef<[Lit]>>(
    output: Lit,
    clauses: &[C],
    occurrences: &Lists<u32>,
    short: &ShortClauses,
    gates: &mut Vec<Gate>,
) {
    let list = &occurrences[(!output).code()];
    if list.len() > MAX_ITE_OCCURRENCES {
        return;
    }
    let ternary = |index: &u32| {
        let clause = clauses[*index as usize].as_ref();
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
                if short.contains(&packed(&[output, !c, !t]))
                    && short.contains(&packed(&[output, c, !e]))
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
