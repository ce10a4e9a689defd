//! Parity families for the differential tests: Tseitin parity chains, random XORs in the
//! direct encoding among random clauses, and Tseitin formulas on random graphs
//! (Urquhart's family), each satisfiable or not by construction of its charges.

use super::formula::{random_clause, Formula};
use crate::rng::SplitMix64;

/// Clauses of the gate `out = a XOR b`.
fn xor_gate_clauses(out: i64, a: i64, b: i64) -> [Vec<i64>; 4] {
    [
        vec![-out, a, b],
        vec![-out, -a, -b],
        vec![out, -a, b],
        vec![out, a, -b],
    ]
}

/// Two Tseitin XOR chains over the same `n` variables (`n` ≥ 2), each summing them in its
/// own random order: the first chain says the parity is `parity`, the second says it is
/// `parity` again when `satisfiable`, its negation otherwise (then UNSAT, and hard for
/// resolution because the two orders share no intermediate sums).
pub fn parity_chains(rng: &mut SplitMix64, n: usize, satisfiable: bool) -> Formula {
    let n = n.max(2);
    let mut vars = n;
    let mut clauses = Vec::new();
    let first_parity = rng.below(2) == 0;
    for chain in 0..2 {
        let mut order: Vec<i64> = (1..=n as i64).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.index(i + 1));
        }
        let mut sum = order[0];
        for &x in &order[1..] {
            vars += 1;
            let out = vars as i64;
            clauses.extend(xor_gate_clauses(out, sum, x));
            sum = out;
        }
        let parity = if chain == 0 || satisfiable {
            first_parity
        } else {
            !first_parity
        };
        clauses.push(vec![if parity { sum } else { -sum }]);
    }
    Formula { vars, clauses }
}

/// The 2^(k-1) clauses of `vars[0] ⊕ … ⊕ vars[k-1] = rhs` (DIMACS variables, k ≥ 1),
/// one for each assignment of the wrong parity, forbidding it: the direct encoding
/// CryptoMiniSat's XOR detection looks for.
pub fn xor_clauses(vars: &[i64], rhs: bool) -> Vec<Vec<i64>> {
    let k = vars.len();
    (0u64..1 << k)
        // A clause's false assignment sets a variable true where its literal is negative:
        // its weight is the number of negative literals, and it must have the parity
        // the XOR does not.
        .filter(|pattern| (pattern.count_ones() % 2 == 1) != rhs)
        .map(|pattern| {
            (0..k)
                .map(|i| {
                    if pattern >> i & 1 == 1 {
                        -vars[i]
                    } else {
                        vars[i]
                    }
                })
                .collect()
        })
        .collect()
}

/// `count` random XORs of 3 to 5 distinct variables out of `1..=vars`, random parities,
/// each in the direct encoding ([`xor_clauses`]), shuffled among `extra` random 3-SAT
/// clauses. Below about one XOR per variable the system is usually consistent; the
/// clauses then decide.
pub fn random_xors(rng: &mut SplitMix64, vars: usize, count: usize, extra: usize) -> Formula {
    let mut clauses = Vec::new();
    for _ in 0..count {
        let len = 3 + rng.index(3);
        let xor: Vec<i64> = random_clause(rng, vars, len)
            .iter()
            .map(|l| l.abs())
            .collect();
        clauses.extend(xor_clauses(&xor, rng.below(2) == 0));
    }
    for _ in 0..extra {
        clauses.push(random_clause(rng, vars, 3));
    }
    for i in (1..clauses.len()).rev() {
        clauses.swap(i, rng.index(i + 1));
    }
    Formula { vars, clauses }
}

/// A Tseitin formula on a random graph (Urquhart's hard family, "Hard examples for
/// resolution", JACM 1987, on expanders): `vertices` (≥ 3) on a ring plus random chords,
/// every vertex of degree 2 to 5, a variable per edge, and per vertex the XOR of its
/// edges equal to a random charge. A connected graph's formula is satisfiable exactly
/// when the charges sum to 0; the last charge is set to make it so or not, as asked.
pub fn tseitin_graph(rng: &mut SplitMix64, vertices: usize, satisfiable: bool) -> Formula {
    let n = vertices.max(3);
    let mut edges: Vec<(usize, usize)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
    let mut degree = vec![2usize; n];
    for _ in 0..n {
        let (a, b) = (rng.index(n), rng.index(n));
        let taken = edges
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a));
        if a != b && !taken && degree[a] < 5 && degree[b] < 5 {
            edges.push((a, b));
            degree[a] += 1;
            degree[b] += 1;
        }
    }
    let mut charges: Vec<bool> = (0..n).map(|_| rng.below(2) == 0).collect();
    let total = charges[..n - 1].iter().fold(false, |sum, &c| sum ^ c);
    charges[n - 1] = total == satisfiable;
    let mut clauses = Vec::new();
    for (v, &charge) in charges.iter().enumerate() {
        let incident: Vec<i64> = edges
            .iter()
            .enumerate()
            .filter(|(_, &(a, b))| a == v || b == v)
            .map(|(e, _)| e as i64 + 1)
            .collect();
        clauses.extend(xor_clauses(&incident, charge));
    }
    Formula {
        vars: edges.len(),
        clauses,
    }
}
