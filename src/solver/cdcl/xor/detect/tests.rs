use super::*;
use crate::lit::testing::lits;
use crate::rng::SplitMix64;
use crate::testkit::families;

/// The direct encoding of `vars` (DIMACS numbers) summing to `rhs`.
fn xor_clauses(vars: &[i64], rhs: bool) -> Vec<Vec<Lit>> {
    families::xor_clauses(vars, rhs)
        .iter()
        .map(|clause| lits(clause))
        .collect()
}

fn var(n: usize) -> Var {
    Var::from_index(n - 1)
}

fn find(clauses: &[Vec<Lit>], max_size: usize) -> (Vec<Xor>, Vec<bool>) {
    let mut visits = 0;
    find_xors(clauses.iter().map(Vec::as_slice), max_size, &mut visits)
}

#[test]
fn the_encoding_helper_forbids_exactly_the_wrong_parity() {
    // x1 ⊕ x2 ⊕ x3 = 1 forbids the assignments of even weight, one clause each.
    let clauses = xor_clauses(&[1, 2, 3], true);
    assert_eq!(clauses.len(), 4);
    for assignment in 0u32..8 {
        let satisfied = clauses.iter().all(|clause| {
            clause
                .iter()
                .any(|lit| (assignment >> lit.var().index() & 1 == 1) == lit.is_positive())
        });
        assert_eq!(satisfied, assignment.count_ones() % 2 == 1);
    }
}

#[test]
fn every_size_and_parity_is_found_among_other_clauses() {
    for k in 3..=MAX_SIZE {
        for rhs in [false, true] {
            let vars: Vec<i64> = (1..=k as i64).map(|v| v * 2).collect();
            let mut clauses = xor_clauses(&vars, rhs);
            // Noise: a clause over the same variables of the other parity class, and
            // unrelated ones.
            clauses.push(lits(&[1, -3, 5]));
            clauses.push(lits(&[-7, 9]));
            clauses.reverse();
            let (xors, in_xor) = find(&clauses, MAX_SIZE);
            let expected = Xor {
                vars: vars.iter().map(|&v| var(v as usize)).collect(),
                rhs,
            };
            assert_eq!(xors, vec![expected], "k = {k}, rhs = {rhs}");
            assert_eq!(in_xor.iter().filter(|&&x| x).count(), 1 << (k - 1));
            assert!(!in_xor[0] && !in_xor[1]);
        }
    }
}

#[test]
fn incomplete_groups_and_longer_xors_than_asked_are_not_found() {
    let mut clauses = xor_clauses(&[1, 2, 3, 4], false);
    clauses.pop();
    assert!(find(&clauses, MAX_SIZE).0.is_empty());
    let clauses = xor_clauses(&[1, 2, 3, 4, 5], true);
    assert!(find(&clauses, 4).0.is_empty());
    assert_eq!(find(&clauses, 5).0.len(), 1);
    // Binary XORs are equivalences, left to propagation.
    assert!(find(&xor_clauses(&[1, 2], true), MAX_SIZE).0.is_empty());
}

#[test]
fn both_parities_over_one_set_give_both_xors() {
    let mut clauses = xor_clauses(&[3, 4, 5], false);
    clauses.extend(xor_clauses(&[3, 4, 5], true));
    let (xors, _) = find(&clauses, MAX_SIZE);
    assert_eq!(xors.len(), 2);
    assert_ne!(xors[0].rhs, xors[1].rhs);
}

#[test]
fn sums_cancel_shared_variables() {
    let a = Xor {
        vars: vec![var(1), var(2), var(4)],
        rhs: true,
    };
    let b = Xor {
        vars: vec![var(2), var(3), var(4), var(5)],
        rhs: true,
    };
    assert_eq!(
        sum(&a, &b),
        Xor {
            vars: vec![var(1), var(3), var(5)],
            rhs: false
        }
    );
    assert_eq!(
        sum(&a, &a),
        Xor {
            vars: vec![],
            rhs: false
        }
    );
}

#[test]
fn chains_merge_through_auxiliary_variables_only() {
    // a ⊕ b ⊕ t = 0, t ⊕ c ⊕ u = 1, u ⊕ d ⊕ e = 0 with t and u auxiliary: one XOR
    // a ⊕ b ⊕ c ⊕ d ⊕ e = 1.
    let (a, b, c, d, e, t, u) = (1, 2, 3, 4, 5, 6, 7);
    let xor = |vars: &[usize], rhs| Xor {
        vars: vars.iter().map(|&v| var(v)).collect(),
        rhs,
    };
    let chain = vec![
        xor(&[a, b, t], false),
        xor(&[c, t, u], true),
        xor(&[d, e, u], false),
    ];
    let mut auxiliary = vec![false; 7];
    auxiliary[t - 1] = true;
    auxiliary[u - 1] = true;
    assert_eq!(
        merge_through_pairs(chain.clone(), &auxiliary, 64),
        vec![xor(&[a, b, c, d, e], true)]
    );
    // u used elsewhere: only t goes.
    auxiliary[u - 1] = false;
    let mut merged = merge_through_pairs(chain.clone(), &auxiliary, 64);
    merged.sort_by_key(|x| x.vars.len());
    assert_eq!(
        merged,
        vec![xor(&[d, e, u], false), xor(&[a, b, c, u], true)]
    );
    // Sums longer than the bound are not made.
    auxiliary[u - 1] = true;
    assert_eq!(merge_through_pairs(chain.clone(), &auxiliary, 3), chain);
}

#[test]
fn a_ring_of_xors_merges_into_its_total() {
    // Variables 1..=n, XOR i joins i and i+1 (mod n) and a variable of its own; every
    // ring variable is in two XORs.
    let mut rng = SplitMix64(3);
    for n in 3..12 {
        let mut xors = Vec::new();
        let mut total = false;
        for i in 0..n {
            let rhs = rng.below(2) == 1;
            total ^= rhs;
            let mut vars = vec![var(i + 1), var((i + 1) % n + 1), var(n + 1 + i)];
            vars.sort();
            xors.push(Xor { vars, rhs });
        }
        let mut auxiliary = vec![false; 2 * n];
        auxiliary[..n].iter_mut().for_each(|x| *x = true);
        let merged = merge_through_pairs(xors, &auxiliary, 1000);
        let own: Vec<Var> = (n + 1..=2 * n).map(var).collect();
        assert_eq!(
            merged,
            vec![Xor {
                vars: own,
                rhs: total
            }],
            "n = {n}"
        );
    }
}
