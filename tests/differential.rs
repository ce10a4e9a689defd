//! Differential tests of the `satsolve` binary: random formulas, every SAT model checked
//! clause by clause here (not by the solver), every UNSAT confirmed by brute force for
//! small formulas and by MiniSat for larger ones; then every family of
//! `sudosat::testkit::families` through every engine and encoding against MiniSat and CaDiCaL
//! (`sudosat::testkit::diffcheck`; `scripts/fuzz-diff` runs the same check at larger
//! sizes for hours); and random iCNF streams through every engine and stream scheme
//! (`sudosat::testkit::streamcheck`, which `scripts/trust-campaign` runs by the thousand).

use crate::util::{self, run, scratch, SplitMix64};
use sudosat::model::{Answer, Status};
use sudosat::testkit::brute::is_satisfiable;
use sudosat::testkit::diffcheck::{
    check_model, run_family, Count, Tally, Tools, OWN_CHECKER_STEPS,
};
use sudosat::testkit::families::{random_clause, random_ksat, Family, Formula, Instance, Scale};
use sudosat::testkit::peers::{self, Peer};
use sudosat::testkit::streamcheck::{Batch, Config};

/// Uniform 3-SAT near the threshold, or mixed lengths 1..=5 when `mixed`.
fn formula(rng: &mut SplitMix64, vars: usize, mixed: bool) -> Formula {
    if !mixed {
        return random_ksat(rng, vars, 3, 4.26);
    }
    let count = (vars as f64 * 2.5) as usize;
    let clauses = (0..count)
        .map(|_| {
            let len = 1 + rng.index(5.min(vars));
            random_clause(rng, vars, len)
        })
        .collect();
    Formula { vars, clauses }
}

/// The literals of satsolve's model, read by the library's answer reader.
fn model(stdout: &[u8]) -> Vec<i64> {
    match peers::read(stdout) {
        Ok(Answer::Sat(model)) => peers::literals(&model),
        other => panic!("a satisfiable answer, not {other:?}"),
    }
}

#[test]
fn random_formulas_agree_with_independent_oracles() {
    let minisat = Peer::MiniSat.find();
    let dir = scratch("differential");
    let mut rng = SplitMix64(0x5EED_2026);
    let (mut sat, mut unsat) = (0, 0);
    for round in 0..240 {
        let vars = match round % 4 {
            0 => 5 + rng.index(11),
            1 => 12 + rng.index(5),
            2 => 40 + rng.index(60),
            _ => 100 + rng.index(101),
        };
        let mixed = round % 3 == 0;
        let instance = formula(&mut rng, vars, mixed);
        let text = instance.to_dimacs();
        let brute_force_sat = || is_satisfiable(&instance);
        let result = run("satsolve", &[], text.as_bytes());
        match result.code {
            10 => {
                let model = model(&result.stdout);
                assert_eq!(model.len(), vars);
                if let Err(error) = check_model(&instance, &model) {
                    panic!("round {round}: {error}\n{text}");
                }
                sat += 1;
            }
            20 => {
                if vars <= 16 {
                    assert!(!brute_force_sat(), "round {round}: wrong UNSAT\n{text}");
                } else if let Some(minisat) = &minisat {
                    let path = dir.join("f.cnf");
                    std::fs::write(&path, &text).unwrap();
                    let peer = minisat.solve(&path).unwrap();
                    assert_eq!(
                        peer.status(),
                        Status::Unsat,
                        "round {round}: MiniSat\n{text}"
                    );
                }
                unsat += 1;
            }
            _ => {
                result.expect_code(10);
            }
        }
        if vars <= 16 && result.code == 10 {
            assert!(brute_force_sat());
        }
    }
    assert!(
        sat > 40 && unsat > 40,
        "a balanced mix: {sat} SAT, {unsat} UNSAT"
    );
}

/// The tools under test and both peers (absent peers fail under CI=true).
fn tools(name: &str) -> Tools {
    Tools {
        satsolve: util::binary("satsolve"),
        sudoku2cnf: util::binary("sudoku2cnf"),
        peers: peers::installed(),
        scratch: scratch(name),
        timeout: 60,
        dpll_puzzle_conflicts: None,
        own_checker_steps: OWN_CHECKER_STEPS,
    }
}

/// Runs `count` instances of each family (with the DPLL engine where `dpll`), failing on
/// any disagreement, bad model or rejected proof; every family must show both answers.
fn compare_families(name: &str, seed: u64, families: &[(Family, usize, bool)]) {
    let tools = tools(name);
    let mut tally = Tally::default();
    for &(family, instances, dpll) in families {
        let mut count = Count::default();
        let more = |round: usize| round < instances;
        if let Err((instance, message)) =
            run_family(&tools, family, Scale::Small, seed, dpll, more, &mut count)
        {
            panic!("{message}\ninstance: {instance:?}");
        }
        assert_eq!(count.unknown, 0, "{}: a solver gave up", family.name());
        assert!(
            count.sat > 0 && count.unsat > 0,
            "{}: {} SAT, {} UNSAT: the family must exercise both answers",
            family.name(),
            count.sat,
            count.unsat
        );
        tally.0.insert(family.name(), count);
    }
    eprintln!("differential {name} (seed {seed:#x}):\n{tally}");
}

#[test]
fn random_cnf_families_agree_with_minisat_and_cadical() {
    compare_families(
        "diff-random",
        0x2026_1129,
        &[
            (Family::Random3Sat, 150, true),
            (Family::MixedLengths, 150, true),
            (Family::Random5Sat, 40, true),
            (Family::Random7Sat, 40, true),
        ],
    );
}

#[test]
fn structured_cnf_families_agree_with_minisat_and_cadical() {
    compare_families(
        "diff-structured",
        0x2026_1129,
        &[
            (Family::Pigeonhole, 40, true),
            (Family::Parity, 80, true),
            (Family::Xor, 60, true),
            (Family::Tseitin, 40, true),
        ],
    );
}

#[test]
fn random_puzzles_agree_across_encodings_and_solvers() {
    compare_families(
        "diff-puzzles",
        0x2026_1129,
        &[
            (Family::Sudoku4, 45, true),
            (Family::Sudoku9, 45, false),
            (Family::Sudoku16, 15, false),
            (Family::Hanidoku, 24, false),
        ],
    );
}

#[test]
fn random_streams_agree_across_engines_schemes_and_peers() {
    let tools = tools("diff-streams");
    let mut rng = SplitMix64(0x2026_1201);
    let mut count = Count::default();
    let families = [
        Family::Random3Sat,
        Family::MixedLengths,
        Family::Parity,
        Family::Random5Sat,
    ];
    for (number, family) in families.into_iter().enumerate() {
        let Instance::Cnf(base) = family.generate(&mut rng, Scale::Small, number) else {
            unreachable!("{} yields formulas", family.name());
        };
        // 36 cubes: two chunks, so --jobs 2 really splits the stream.
        let batch = Batch::random(&mut rng, base, 36);
        if let Err(message) = tools.check_batch(&batch, &Config::all(number), &mut count) {
            panic!(
                "{} batch {number}: {message}\n{}",
                family.name(),
                batch.to_icnf()
            );
        }
    }
    assert_eq!(count.formulas, 4 * 36);
    assert!(count.sat > 0 && count.unsat > 0, "{count:?}");
}
