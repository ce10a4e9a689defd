//! `satsolve`'s parity reasoning (the cdcl engine's XOR matrices), run as a binary: it
//! is on by default for a single formula and shows in `--stats`; a proof, `--set xor=0`
//! and `--no-elim` switch it off, and the proof of a run without it checks.

use sudosat::testkit::drat::{self, dratify_check};
use sudosat::testkit::families::{random_xors, tseitin_graph, Formula};

use crate::util::{run, scratch, Run, SplitMix64};

/// The model of a SAT answer, checked against the formula.
fn check_model(formula: &Formula, run: &Run) {
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
    assert!(
        formula.satisfied_by(&model),
        "`{}`: not a model",
        run.command
    );
}

#[test]
fn xor_matrices_answer_parity_formulas_and_show_in_the_statistics() {
    let mut rng = SplitMix64(0x27);
    for satisfiable in [true, false] {
        // Tseitin formulas on 12 vertices: one XOR of 2 to 5 edges per vertex.
        let formula = tseitin_graph(&mut rng, 12, satisfiable);
        let solved = run(
            "satsolve",
            &["--stats", "-"],
            formula.to_dimacs().as_bytes(),
        );
        solved.expect_code(if satisfiable { 10 } else { 20 });
        assert!(solved.stat("xors found") > 0, "{}", solved.stderr);
        if satisfiable {
            check_model(&formula, &solved);
        }
    }
    // Random XORs of 3 to 5 variables among random 3-SAT clauses: the XORs sharing
    // variables with the clauses stay, and make a matrix.
    let formula = random_xors(&mut rng, 60, 40, 30);
    let text = formula.to_dimacs();
    let solved = run("satsolve", &["--stats", "-"], text.as_bytes());
    // The answer of the search without matrices (resolution alone) is the oracle.
    let plain = run("satsolve", &["--set", "xor=0", "-"], text.as_bytes());
    assert!(plain.code == 10 || plain.code == 20, "{}", plain.stderr);
    solved.expect_code(plain.code);
    if solved.code == 10 {
        check_model(&formula, &solved);
    }
    assert!(solved.stat("xors found") >= 30, "{}", solved.stderr);
    assert!(solved.stat("xor matrices") >= 1, "{}", solved.stderr);
}

#[test]
fn a_proof_no_elim_and_xor_0_switch_the_matrices_off() {
    let mut rng = SplitMix64(0x2027);
    let formula = tseitin_graph(&mut rng, 8, false);
    let text = formula.to_dimacs();
    let proof = scratch("parity-proof").join("tseitin.drat");
    let path = proof.display().to_string();
    let with_proof = run(
        "satsolve",
        &["--stats", "--proof", &path, "-"],
        text.as_bytes(),
    );
    with_proof.expect_code(20);
    assert_eq!(with_proof.stat("xors found"), 0);
    let bytes = std::fs::read(&proof).unwrap();
    let steps = drat::parse_text(&bytes).unwrap();
    assert!(
        dratify_check(&formula.clauses, &steps).ok,
        "the proof fails"
    );

    for flags in [&["--set", "xor=0"][..], &["--no-elim"][..]] {
        let args: Vec<&str> = ["--stats"]
            .iter()
            .chain(flags)
            .chain(&["-"])
            .copied()
            .collect();
        let plain = run("satsolve", &args, text.as_bytes());
        plain.expect_code(20);
        assert_eq!(plain.stat("xors found"), 0, "{flags:?}");
        assert_eq!(plain.stat("xor matrices"), 0, "{flags:?}");
    }
    // The same formula without a flag: the matrices refute it.
    let on = run("satsolve", &["--stats", "-"], text.as_bytes());
    on.expect_code(20);
    assert!(on.stat("xors found") > 0);
}
