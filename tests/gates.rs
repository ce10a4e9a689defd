//! `satsolve`'s gate extraction and congruence closure, run as a binary on multiplier
//! miters (`testkit::families::multiplier_miter`): answers against MiniSat, models
//! checked, proofs checked by dratify and by our own RUP checker; `--set congruence=0`
//! switches it off.

use sudosat::testkit::drat::{self, dratify_check};
use sudosat::testkit::families::{multiplier_miter, Formula, MiterShape, SecondCopy};
use sudosat::testkit::peers::Peer;

use crate::util::{run, scratch, Run, SplitMix64};

/// The model of a SAT answer.
fn model(formula: &Formula, run: &Run) -> Vec<bool> {
    let mut model = vec![false; formula.vars];
    for line in run.stdout_text().lines() {
        if let Some(rest) = line.strip_prefix("v ") {
            for lit in rest.split_whitespace().map(|w| w.parse::<i64>().unwrap()) {
                if lit > 0 {
                    model[lit as usize - 1] = true;
                }
            }
        }
    }
    model
}

/// Generated circuits of 2 to 5 bits, every variant: satsolve's answer must be
/// MiniSat's, its models must satisfy the formula and its proofs must check.
#[test]
fn miters_agree_with_minisat_with_models_and_proofs_checked() {
    let Some(minisat) = Peer::MiniSat.find() else {
        return;
    };
    let folder = scratch("gates-differential");
    let mut rng = SplitMix64(0x6288);
    let mut substituted = 0;
    for round in 0..16 {
        let shape = MiterShape {
            bits: 2 + round % 4,
            second: if round % 3 == 0 {
                SecondCopy::Identical
            } else {
                SecondCopy::Decomposed
            },
            shuffle: round % 2 == 1,
            flip_gate: round % 4 >= 2,
        };
        let formula = multiplier_miter(&mut rng, shape);
        let text = formula.to_dimacs();
        let cnf = folder.join(format!("miter-{round}.cnf"));
        std::fs::write(&cnf, &text).unwrap();
        let peer = minisat.solve(&cnf).unwrap();
        let proof = folder.join(format!("miter-{round}.drat"));
        let path = proof.display().to_string();
        let ours = run(
            "satsolve",
            &["--stats", "--proof", &path, "-"],
            text.as_bytes(),
        );
        ours.expect_code(peer.code);
        assert!(ours.stat("gates found") > 0, "{shape:?}");
        if ours.code == 10 {
            assert!(formula.satisfied_by(&model(&formula, &ours)), "{shape:?}");
            substituted += ours.stat("substituted vars");
        } else {
            let steps = drat::parse_text(&std::fs::read(&proof).unwrap()).unwrap();
            assert!(
                dratify_check(&formula.clauses, &steps).ok,
                "{shape:?}: dratify"
            );
            drat::check(&formula.clauses, &steps)
                .unwrap_or_else(|error| panic!("{shape:?}: own checker: {error}"));
            // Refuted before the search: congruence closure alone.
            assert_eq!(ours.stat("conflicts"), 0, "{shape:?}");
        }
    }
    assert!(substituted > 0, "the satisfiable miters had equivalences");
}

#[test]
fn congruence_0_switches_it_off() {
    let mut rng = SplitMix64(12);
    let shape = MiterShape {
        bits: 4,
        second: SecondCopy::Decomposed,
        shuffle: true,
        flip_gate: false,
    };
    let text = multiplier_miter(&mut rng, shape).to_dimacs();
    let on = run("satsolve", &["--stats", "-"], text.as_bytes());
    on.expect_code(20);
    assert_eq!(on.stat("conflicts"), 0);
    let off = run(
        "satsolve",
        &["--stats", "--set", "congruence=0", "-"],
        text.as_bytes(),
    );
    off.expect_code(20);
    assert_eq!(off.stat("gates found"), 0);
    assert!(off.stat("conflicts") > 0);
}
