use super::*;

fn lits(dimacs: &[i64]) -> Vec<Lit> {
    dimacs
        .iter()
        .map(|&n| Lit::from_dimacs(n).unwrap())
        .collect()
}

fn clauses(dimacs: &[&[i64]]) -> Vec<Vec<Lit>> {
    dimacs.iter().map(|clause| lits(clause)).collect()
}

fn has(gates: &[Gate], kind: GateKind, output: i64, inputs: &[i64]) -> bool {
    let mut wanted = lits(inputs);
    wanted.sort_unstable();
    gates.iter().any(|gate| {
        let mut found = gate.inputs.clone();
        if kind != GateKind::Ite {
            found.sort_unstable();
        }
        gate.kind == kind
            && gate.output == Lit::from_dimacs(output).unwrap()
            && (found == wanted || (kind == GateKind::Ite && gate.inputs == lits(inputs)))
    })
}

#[test]
fn an_and_of_three_inputs_is_found_and_not_without_a_binary() {
    // 4 = 1 ∧ ¬2 ∧ 3.
    let and = clauses(&[&[-4, 1], &[-4, -2], &[-4, 3], &[4, -1, 2, -3]]);
    let (gates, _) = extract(&and, 4, 16);
    assert!(has(&gates, GateKind::And, 4, &[1, -2, 3]));
    // The OR view: ¬4 = ¬1 ∨ 2 ∨ ¬3 is no AND; nothing else is found.
    assert_eq!(gates.len(), 1);
    // Longer than the arity limit: skipped.
    assert!(extract(&and, 4, 2).0.is_empty());
    let (gates, _) = extract(&and[1..], 4, 16);
    assert!(gates.is_empty());
}

#[test]
fn xors_of_two_and_three_inputs_give_every_variable_as_output() {
    // 3 = 1 ⊕ 2.
    let xor2 = clauses(&[&[-3, 1, 2], &[-3, -1, -2], &[3, -1, 2], &[3, 1, -2]]);
    let (gates, _) = extract(&xor2, 3, 16);
    assert!(has(&gates, GateKind::Xor, 3, &[1, 2]));
    assert!(has(&gates, GateKind::Xor, 1, &[2, 3]));
    // 1 ⊕ 2 ⊕ 3 ⊕ 4 = 1: the clauses with an even number of negations.
    let mut xor3 = Vec::new();
    for pattern in 0u32..16 {
        if pattern.count_ones() % 2 == 0 {
            xor3.push(
                (0..4)
                    .map(|i| {
                        if pattern >> i & 1 == 1 {
                            -(i + 1)
                        } else {
                            i + 1
                        }
                    })
                    .collect::<Vec<i64>>(),
            );
        }
    }
    let xor3: Vec<Vec<Lit>> = xor3.iter().map(|clause| lits(clause)).collect();
    let (gates, _) = extract(&xor3, 4, 16);
    // x4 = ¬(1 ⊕ 2 ⊕ 3).
    assert!(has(&gates, GateKind::Xor, -4, &[1, 2, 3]));
    // One clause missing: no XOR.
    let (gates, _) = extract(&xor3[1..], 4, 16);
    assert!(gates.iter().all(|gate| gate.kind != GateKind::Xor));
}

#[test]
fn an_ite_is_found_with_either_condition_sign() {
    // 4 = 1 ? 2 : 3.
    let ite = clauses(&[&[-4, -1, 2], &[-4, 1, 3], &[4, -1, -2], &[4, 1, -3]]);
    let (gates, _) = extract(&ite, 4, 16);
    assert!(
        has(&gates, GateKind::Ite, 4, &[1, 2, 3]) || has(&gates, GateKind::Ite, 4, &[-1, 3, 2])
    );
    assert!(gates
        .iter()
        .any(|gate| gate.kind == GateKind::Ite && gate.output == lits(&[-4])[0]));
}

#[test]
fn equivalences_come_from_binary_pairs() {
    let (_, equivalences) = extract(&clauses(&[&[-1, 2], &[1, -2], &[2, 3]]), 3, 16);
    assert!(equivalences.contains(&(lits(&[1])[0], lits(&[2])[0])));
    assert!(!equivalences
        .iter()
        .any(|&(a, b)| a.var() == lits(&[3])[0].var() || b.var() == lits(&[3])[0].var()));
}
