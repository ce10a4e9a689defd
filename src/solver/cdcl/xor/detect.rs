//! Finding XOR constraints in clauses, and merging them through the variables that
//! chain them.
//!
//! **Detection.** `x1 ⊕ … ⊕ xk = b` is encoded by the 2^(k-1) clauses over `x1 … xk`
//! that each forbid one assignment of the wrong parity. A clause forbids the assignment
//! that makes all its literals false, whose parity is its number of negative literals,
//! so the clauses over one variable set whose counts of negative literals share a
//! parity `q`, all 2^(k-1) of them, make the XOR `= ¬q` (CryptoMiniSat's `XorFinder`,
//! Soos, Nohl & Castelluccia, SAT 2009). Clauses are grouped by variable set with a
//! sort on a hash of the set, and each group is checked by counting the distinct sign
//! patterns of each parity it holds. Only clauses of 3 to `xor_max_size` literals are read: binary
//! XORs are equivalences, which propagation already handles in full.
//!
//! **Merging** (CryptoMiniSat's `xor_together`): a variable in exactly two XORs is the
//! auxiliary variable of a split XOR (Tseitin's chains: `a ⊕ b ⊕ t = 0`,
//! `t ⊕ c ⊕ d = 0`); the sum of the two XORs (`a ⊕ b ⊕ c ⊕ d = 0`) replaces them, so
//! the matrix needs no column for it. The clauses still hold it, and propagate it.

use crate::lit::{Lit, Var};

/// An XOR constraint: the variables (sorted, distinct) sum to `rhs` modulo 2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xor {
    /// The variables, sorted by index, each once.
    pub vars: Vec<Var>,
    /// The required parity of the number of true variables.
    pub rhs: bool,
}

/// The longest XOR [`find_xors`] looks for: sign patterns fit in a `u8`. (CryptoMiniSat
/// looks for up to 7 by default; Urquhart's formulas have vertices of degree 7 and 8.)
pub const MAX_SIZE: usize = 8;

/// One clause of the right length: its variables sorted, and which of them it holds
/// negatively (bit `i` for the `i`-th variable).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    key: u64,
    len: u8,
    vars: [u32; MAX_SIZE],
    negative: u8,
    /// The clause's position in the input.
    ordinal: u32,
}

/// The XORs of 3 to `max_size` variables (at most [`MAX_SIZE`]) fully encoded among
/// `clauses` (no duplicate literals, no tautologies), and by position in `clauses`,
/// whether the clause is one of an XOR's. `visits` counts the literals read.
pub fn find_xors<'a>(
    clauses: impl Iterator<Item = &'a [Lit]>,
    max_size: usize,
    visits: &mut u64,
) -> (Vec<Xor>, Vec<bool>) {
    let max_size = max_size.min(MAX_SIZE);
    let mut candidates = Vec::new();
    let mut num_clauses = 0;
    for clause in clauses {
        let ordinal = num_clauses as u32;
        num_clauses += 1;
        *visits += 1;
        let len = clause.len();
        if len < 3 || len > max_size {
            continue;
        }
        *visits += len as u64;
        let mut lits = [Lit::from_code(0); MAX_SIZE];
        lits[..len].copy_from_slice(clause);
        lits[..len].sort_unstable();
        let mut candidate = Candidate {
            key: len as u64,
            len: len as u8,
            vars: [0; MAX_SIZE],
            negative: 0,
            ordinal,
        };
        for (i, lit) in lits[..len].iter().enumerate() {
            let var = lit.var().index() as u32;
            candidate.vars[i] = var;
            candidate.negative |= u8::from(lit.is_negative()) << i;
            candidate.key = mix(candidate.key ^ u64::from(var));
        }
        candidates.push(candidate);
    }
    // A group of k variables needs 2^(k-1) clauses; a size with fewer candidates in
    // all has none.
    candidates.sort_unstable_by_key(|c| (c.key, c.vars, c.negative));
    let mut xors = Vec::new();
    let mut in_xor = vec![false; num_clauses];
    let mut start = 0;
    while start < candidates.len() {
        let first = candidates[start];
        let mut end = start + 1;
        while end < candidates.len()
            && candidates[end].key == first.key
            && candidates[end].vars == first.vars
        {
            end += 1;
        }
        let k = first.len as usize;
        if end - start >= 1 << (k - 1) {
            // Sorted by sign pattern within the group: count the distinct ones of each
            // parity; all 2^(k-1) of one parity make an XOR.
            let mut distinct = [0usize; 2];
            for (i, candidate) in candidates[start..end].iter().enumerate() {
                if i == 0 || candidates[start + i - 1].negative != candidate.negative {
                    distinct[(candidate.negative.count_ones() % 2) as usize] += 1;
                }
            }
            for odd in [false, true] {
                if distinct[usize::from(odd)] == 1 << (k - 1) {
                    xors.push(Xor {
                        vars: first.vars[..k]
                            .iter()
                            .map(|&v| Var::from_index(v as usize))
                            .collect(),
                        rhs: !odd,
                    });
                    for candidate in &candidates[start..end] {
                        if (candidate.negative.count_ones() % 2 == 1) == odd {
                            in_xor[candidate.ordinal as usize] = true;
                        }
                    }
                }
            }
        }
        start = end;
    }
    (xors, in_xor)
}

/// A 64-bit mixing step (SplitMix64's finaliser), so that the key of a variable set
/// spreads well.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The sum of two XORs: the variables in one but not both, the right-hand sides added.
pub fn sum(a: &Xor, b: &Xor) -> Xor {
    let mut vars = Vec::with_capacity(a.vars.len() + b.vars.len());
    let (mut i, mut j) = (0, 0);
    while i < a.vars.len() || j < b.vars.len() {
        match (a.vars.get(i), b.vars.get(j)) {
            (Some(&x), Some(&y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(&x), Some(&y)) if x < y => {
                vars.push(x);
                i += 1;
            }
            (Some(_), Some(&y)) => {
                vars.push(y);
                j += 1;
            }
            (Some(&x), None) => {
                vars.push(x);
                i += 1;
            }
            (None, Some(&y)) => {
                vars.push(y);
                j += 1;
            }
            (None, None) => unreachable!(),
        }
    }
    Xor {
        vars,
        rhs: a.rhs ^ b.rhs,
    }
}

/// Replaces every two XORs that share a variable found in no other XOR nor in any
/// other clause (`auxiliary`, by variable index) by their sum, until no such variable
/// is left (see the module docs), unless the sum would have more than `max_len`
/// variables (which bounds the work: a chain of n XORs merged into one costs
/// O(n * max_len)). Sums that come out empty are dropped if their right-hand side is 0
/// and kept (as the contradiction they are) otherwise.
///
/// A variable that other clauses use must stay: without its column the matrix could not
/// imply it, and those clauses would lose the parity reasoning through it (on par16 and
/// par32 every XOR then merged into lone sums, and no matrix was left).
pub fn merge_through_pairs(xors: Vec<Xor>, auxiliary: &[bool], max_len: usize) -> Vec<Xor> {
    let num_vars = auxiliary.len();
    let mut xors: Vec<Option<Xor>> = xors.into_iter().map(Some).collect();
    let mut occurs: Vec<Vec<u32>> = vec![Vec::new(); num_vars];
    for (index, xor) in xors.iter().enumerate() {
        for var in &xor.as_ref().expect("all present").vars {
            occurs[var.index()].push(index as u32);
        }
    }
    let mut queue: Vec<usize> = (0..num_vars)
        .filter(|&v| auxiliary[v] && occurs[v].len() == 2)
        .collect();
    while let Some(var) = queue.pop() {
        // Lists may name XORs merged away since: drop those first.
        occurs[var].retain(|&index| {
            xors[index as usize]
                .as_ref()
                .is_some_and(|xor| xor.vars.binary_search(&Var::from_index(var)).is_ok())
        });
        if occurs[var].len() != 2 {
            continue;
        }
        let (a, b) = (occurs[var][0] as usize, occurs[var][1] as usize);
        let len = |index: usize| xors[index].as_ref().expect("live").vars.len();
        if len(a) + len(b) - 2 > max_len {
            continue;
        }
        let merged = sum(
            xors[a].as_ref().expect("live"),
            xors[b].as_ref().expect("live"),
        );
        let old_a = xors[a].take().expect("live");
        let old_b = xors[b].take().expect("live");
        let index = xors.len();
        for v in old_a.vars.iter().chain(&old_b.vars) {
            let list = &mut occurs[v.index()];
            list.retain(|&x| x as usize != a && x as usize != b);
        }
        for v in &merged.vars {
            occurs[v.index()].push(index as u32);
        }
        for v in old_a.vars.iter().chain(&old_b.vars) {
            if auxiliary[v.index()] && occurs[v.index()].len() == 2 {
                queue.push(v.index());
            }
        }
        xors.push(Some(merged));
    }
    xors.into_iter()
        .flatten()
        .filter(|xor| !xor.vars.is_empty() || xor.rhs)
        .collect()
}

#[cfg(test)]
mod tests;
