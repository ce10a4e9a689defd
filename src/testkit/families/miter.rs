//! Multiplier miters: two Tseitin-encoded copies of an n×n array multiplier over the same
//! inputs, their outputs compared bit by bit. ISCAS-85's c6288 is a 16×16 array
//! multiplier of NOR gates and inverters, and its miter against itself is a classic
//! instance that CDCL alone cannot refute in reasonable time, while gate extraction with
//! congruence closure (Kissat; Biere, Fazekas, Fleury & Froleyks, "Clausal Congruence
//! Closure", SAT 2024) collapses it before the search.
//!
//! The first copy is written with AND and XOR gates. The second copy is the same circuit,
//! either gate for gate ([`SecondCopy::Identical`]) or in the style of c6288's netlist
//! ([`SecondCopy::Decomposed`]): every AND as a NOR of explicit inverter variables (an
//! inverter is two binary clauses), every XOR as a multiplexer `ITE(a, NOT b, b)` with its
//! output sometimes inverted. No clause of the second copy then equals one of the first,
//! so hashing clauses finds nothing, while congruence closure does once inverters are
//! merged (equivalences from binary clauses), `ITE(c, NOT e, e)` is read as `XOR(c, e)`
//! and negations are moved to gate outputs.

use std::collections::HashMap;

use crate::rng::SplitMix64;

/// How the second copy of the multiplier is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondCopy {
    /// Gate for gate as the first.
    Identical,
    /// NORs of inverters for ANDs, multiplexers for XORs (see the module docs).
    Decomposed,
}

/// The shape of a multiplier miter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MiterShape {
    /// Bits per factor (1 or more); c6288 has 16.
    pub bits: usize,
    /// How the second copy is written.
    pub second: SecondCopy,
    /// Rename the variables, flip their signs, and shuffle the clauses and their literals.
    pub shuffle: bool,
    /// Turn one partial product of the second copy from AND into OR: the circuits then
    /// differ on some input, and the miter is satisfiable.
    pub flip_gate: bool,
}

/// The miter of two n×n multipliers (see [`MiterShape`]) as its variable count and
/// DIMACS clauses: unsatisfiable unless `flip_gate`. `rng` picks the flipped gate, the
/// renaming and the shuffle.
pub fn build(rng: &mut SplitMix64, shape: MiterShape) -> (usize, Vec<Vec<i64>>) {
    let bits = shape.bits.max(1);
    let mut circuit = Circuit {
        vars: 2 * bits,
        clauses: Vec::new(),
        inverters: HashMap::new(),
    };
    let a: Vec<i64> = (1..=bits as i64).collect();
    let b: Vec<i64> = (bits as i64 + 1..=2 * bits as i64).collect();
    let first = circuit.multiplier(&a, &b, Style::Plain, None);
    let flipped = shape.flip_gate.then(|| (rng.index(bits), rng.index(bits)));
    let style = match shape.second {
        SecondCopy::Identical => Style::Plain,
        SecondCopy::Decomposed => Style::Decomposed,
    };
    let second = circuit.multiplier(&a, &b, style, flipped);
    let mut differences = Vec::new();
    for (&x, &y) in first.iter().zip(&second) {
        match (x, y) {
            (Some(x), Some(y)) => differences.push(circuit.xor(x, y, Style::Plain)),
            (Some(z), None) | (None, Some(z)) => differences.push(z),
            (None, None) => {}
        }
    }
    circuit.clauses.push(differences);
    if shape.shuffle {
        shuffle_clauses(rng, circuit.vars, &mut circuit.clauses);
    }
    (circuit.vars, circuit.clauses)
}

/// How a gate is written in clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// AND and XOR gates in their Tseitin clauses.
    Plain,
    /// NOR of inverters, multiplexers (see the module docs).
    Decomposed,
}

/// A circuit under construction: its variables and clauses.
struct Circuit {
    vars: usize,
    clauses: Vec<Vec<i64>>,
    /// The inverter of each signal, shared as in a netlist.
    inverters: HashMap<i64, i64>,
}

impl Circuit {
    fn fresh(&mut self) -> i64 {
        self.vars += 1;
        self.vars as i64
    }

    /// An inverter variable: `n ≡ ¬a` by two binary clauses.
    fn inverter(&mut self, a: i64) -> i64 {
        if let Some(&n) = self.inverters.get(&a) {
            return n;
        }
        let n = self.fresh();
        self.clauses.push(vec![n, a]);
        self.clauses.push(vec![-n, -a]);
        self.inverters.insert(a, n);
        n
    }

    /// `x ∧ y` as a literal.
    fn and(&mut self, x: i64, y: i64, style: Style) -> i64 {
        match style {
            Style::Plain => {
                let g = self.fresh();
                self.clauses.push(vec![-g, x]);
                self.clauses.push(vec![-g, y]);
                self.clauses.push(vec![g, -x, -y]);
                g
            }
            Style::Decomposed => {
                // g = NOR(NOT x, NOT y).
                let (nx, ny) = (self.inverter(x), self.inverter(y));
                let g = self.fresh();
                self.clauses.push(vec![-g, -nx]);
                self.clauses.push(vec![-g, -ny]);
                self.clauses.push(vec![g, nx, ny]);
                g
            }
        }
    }

    /// `x ∨ y` as a literal: the negated AND of the negations.
    fn or(&mut self, x: i64, y: i64, style: Style) -> i64 {
        -self.and(-x, -y, style)
    }

    /// `x ⊕ y` as a literal.
    fn xor(&mut self, x: i64, y: i64, style: Style) -> i64 {
        let g = self.fresh();
        match style {
            Style::Plain => {
                self.clauses.push(vec![-g, x, y]);
                self.clauses.push(vec![-g, -x, -y]);
                self.clauses.push(vec![g, -x, y]);
                self.clauses.push(vec![g, x, -y]);
                g
            }
            Style::Decomposed => {
                // g = ITE(x, NOT y, y), or its inverse when the variable count is odd, to
                // mix output polarities.
                let ny = self.inverter(y);
                let (t, e, out) = if g % 2 == 0 { (ny, y, g) } else { (y, ny, -g) };
                self.clauses.push(vec![-g, -x, t]);
                self.clauses.push(vec![g, -x, -t]);
                self.clauses.push(vec![-g, x, e]);
                self.clauses.push(vec![g, x, -e]);
                out
            }
        }
    }

    /// The 2n product bits of an array multiplier (`None` for a constant 0): partial
    /// products `a_i ∧ b_j`, each row added into the running sum with a ripple of half and
    /// full adders. `flipped` names a partial product written as OR instead.
    fn multiplier(
        &mut self,
        a: &[i64],
        b: &[i64],
        style: Style,
        flipped: Option<(usize, usize)>,
    ) -> Vec<Option<i64>> {
        let n = a.len();
        let mut sum: Vec<Option<i64>> = vec![None; 2 * n];
        for (i, &ai) in a.iter().enumerate() {
            let mut carry: Option<i64> = None;
            for (offset, bit_slot) in sum[i..].iter_mut().enumerate() {
                let product = b.get(offset).map(|&bj| {
                    if flipped == Some((i, offset)) {
                        self.or(ai, bj, style)
                    } else {
                        self.and(ai, bj, style)
                    }
                });
                let inputs: Vec<i64> = [*bit_slot, product, carry].into_iter().flatten().collect();
                let (bit, out) = match inputs[..] {
                    [] => (None, None),
                    [x] => (Some(x), None),
                    [x, y] => (Some(self.xor(x, y, style)), Some(self.and(x, y, style))),
                    [x, y, z] => {
                        let t = self.xor(x, y, style);
                        let s = self.xor(t, z, style);
                        let both = self.and(x, y, style);
                        let through = self.and(t, z, style);
                        (Some(s), Some(self.or(both, through, style)))
                    }
                    _ => unreachable!("at most three inputs"),
                };
                *bit_slot = bit;
                carry = out;
                if carry.is_none() && offset >= n {
                    break;
                }
            }
        }
        sum
    }
}

/// Renames the variables `1..=vars` of `clauses` by a random permutation with random
/// signs, and shuffles the clauses and the literals inside each.
pub fn shuffle_clauses(rng: &mut SplitMix64, vars: usize, clauses: &mut [Vec<i64>]) {
    let mut names: Vec<i64> = (1..=vars as i64).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.index(i + 1));
    }
    for name in &mut names {
        if rng.below(2) == 0 {
            *name = -*name;
        }
    }
    for clause in clauses.iter_mut() {
        for lit in clause.iter_mut() {
            let name = names[lit.unsigned_abs() as usize - 1];
            *lit = if *lit > 0 { name } else { -name };
        }
        for i in (1..clause.len()).rev() {
            clause.swap(i, rng.index(i + 1));
        }
    }
    for i in (1..clauses.len()).rev() {
        clauses.swap(i, rng.index(i + 1));
    }
}

#[cfg(test)]
mod tests;
