//! DRAT proofs of the CDCL solver, checked by two checkers that share no code with it:
//! the `dratify` crate and our own forward RUP checker (`sudosat::testkit::drat`). Text and binary
//! proofs of the same run must decode to the same steps. Mutated proofs must be
//! rejected, so the checkers are shown able to fail.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use sudosat::dimacs::{read_dimacs, ReadOptions};
use sudosat::solver::cdcl::{ProofFormat, Solver};
use sudosat::solver::{Outcome, Stats};
use sudosat::testkit::drat::{self, dratify_check, Step};
use sudosat::testkit::families::{self, random_clause, Formula};
use sudosat::Lit;

use sudosat::model::Status;
use sudosat::testkit::peers::Peer;

use crate::util::{shared_path, SplitMix64};

/// A proof sink the test can read back.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A sink whose disk is always full.
struct Full;

impl Write for Full {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("no space left on device"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::other("no space left on device"))
    }
}

/// When the proof is requested: before the clauses are added (the CLI's best order),
/// or after, as with `Solver::new`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Order {
    ProofFirst,
    ClausesFirst,
}

struct Run {
    outcome: Outcome,
    proof: Vec<u8>,
    stats: Stats,
}

/// Adds the DIMACS clauses of `formula` to `solver`.
fn add_clauses(solver: &mut Solver, formula: &[Vec<i64>]) {
    for clause in formula {
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&n| Lit::from_dimacs(n).unwrap())
            .collect();
        solver.add_clause(&lits);
    }
}

fn run(formula: &[Vec<i64>], format: ProofFormat, order: Order) -> Run {
    let num_vars = formula
        .iter()
        .flatten()
        .map(|n| n.unsigned_abs() as usize)
        .max()
        .unwrap_or(0);
    let sink = Sink::default();
    let mut solver = Solver::with_vars(num_vars);
    if order == Order::ProofFirst {
        solver.set_proof(Box::new(sink.clone()), format);
    }
    add_clauses(&mut solver, formula);
    if order == Order::ClausesFirst {
        solver.set_proof(Box::new(sink.clone()), format);
    }
    let outcome = solver.solve();
    assert!(solver.proof_error().is_none(), "{:?}", solver.proof_error());
    let proof = sink.0.lock().unwrap().clone();
    Run {
        outcome,
        proof,
        stats: solver.stats().clone(),
    }
}

/// Solves `formula` with a text and a binary proof; asserts the answer is UNSAT, both
/// proofs hold the same steps, both checkers accept them and every deletion matched a
/// clause. Returns the steps and the solver's counters.
fn assert_refuted(name: &str, formula: &[Vec<i64>], order: Order) -> (Vec<Step>, Stats) {
    let text = run(formula, ProofFormat::Text, order);
    assert_eq!(text.outcome, Outcome::Unsat, "{name}");
    let binary = run(formula, ProofFormat::Binary, order);
    assert_eq!(binary.outcome, Outcome::Unsat, "{name}");
    let steps = drat::parse_text(&text.proof).unwrap_or_else(|e| panic!("{name}: {e}"));
    let decoded = drat::parse_binary(&binary.proof).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(steps, decoded, "{name}: text and binary proofs differ");
    assert_eq!(steps.last(), Some(&(false, vec![])), "{name}: no final 0");
    if let Err(e) = drat::check(formula, &steps) {
        panic!("{name} ({order:?}): our checker rejects the proof: {e}");
    }
    let result = dratify_check(formula, &steps);
    assert!(result.ok, "{name} ({order:?}): dratify: {}", result.reason);
    assert_eq!(result.ignored_deletions, 0, "{name}: unmatched deletions");
    (steps, text.stats)
}

/// PHP(n+1, n): n + 1 pigeons, n holes; variable p·n + h + 1 = pigeon p in hole h.
fn pigeonhole(n: usize) -> Vec<Vec<i64>> {
    families::pigeonhole(n + 1, n).clauses
}

/// `num_clauses` random clauses of 3 distinct variables out of `1..=num_vars`.
fn random_3sat(rng: &mut SplitMix64, num_vars: usize, num_clauses: usize) -> Vec<Vec<i64>> {
    (0..num_clauses)
        .map(|_| random_clause(rng, num_vars, 3))
        .collect()
}

#[test]
fn pigeonhole_proofs_are_accepted() {
    // n = 7 is the reduction test below.
    for n in 2..=6 {
        let formula = pigeonhole(n);
        assert_refuted(&format!("php({}, {n})", n + 1), &formula, Order::ProofFirst);
    }
    // The order Solver::new imposes: clauses first, proof second.
    assert_refuted("php(5, 4) late", &pigeonhole(4), Order::ClausesFirst);
}

#[test]
fn random_unsat_3sat_proofs_are_accepted() {
    let mut rng = SplitMix64(0x5eed_d4a7);
    let (mut unsat, mut sat) = (0, 0);
    while unsat < 300 {
        let num_vars = 5 + rng.index(56);
        // Ratio 4.26 to 5.0, in hundredths.
        let ratio = 426 + rng.index(75);
        let num_clauses = (num_vars * ratio).div_ceil(100);
        let formula = random_3sat(&mut rng, num_vars, num_clauses);
        let name = format!("random #{unsat} ({num_vars} vars, {num_clauses} clauses)");
        match run(&formula, ProofFormat::Text, Order::ProofFirst).outcome {
            Outcome::Sat(model) => {
                let checked = Formula {
                    vars: num_vars,
                    clauses: formula.clone(),
                };
                assert!(checked.satisfied_by(&model), "{name}: bad model");
                sat += 1;
            }
            Outcome::Unsat => {
                let order = if unsat % 5 == 0 {
                    Order::ClausesFirst
                } else {
                    Order::ProofFirst
                };
                assert_refuted(&name, &formula, order);
                unsat += 1;
            }
            Outcome::Unknown => panic!("{name}: unknown without a limit"),
        }
    }
    println!("random 3-SAT: {unsat} UNSAT proofs checked, {sat} SAT models checked");
}

fn read_cnf(path: &Path) -> Vec<Vec<i64>> {
    let file = File::open(path).unwrap();
    let dimacs = read_dimacs(BufReader::new(file), &ReadOptions::default()).unwrap();
    dimacs
        .cnf
        .clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

#[test]
fn unsat_sudoku_proofs_are_accepted() {
    let Some(dir) = shared_path("bench/cnf") else {
        return;
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            (name.starts_with("sudoku_9x9_")
                && (name.ends_with("_uniq.cnf") || name.ends_with("_wrong.cnf")))
                || name == "sudoku_16x16_b55_s1_wrong.cnf"
        })
        .collect();
    names.sort();
    assert!(names.len() >= 3, "too few sudoku CNFs in {}", dir.display());
    for (i, name) in names.iter().enumerate() {
        let formula = read_cnf(&dir.join(name));
        let order = if i % 2 == 0 {
            Order::ProofFirst
        } else {
            Order::ClausesFirst
        };
        let (steps, stats) = assert_refuted(name, &formula, order);
        println!(
            "{name}: {} steps, {} conflicts",
            steps.len(),
            stats.conflicts
        );
    }
}

#[test]
fn edge_cases_give_the_expected_proofs() {
    // An empty input clause: the proof is the empty clause alone.
    let formula = vec![vec![1, 2], vec![], vec![-1]];
    let text = run(&formula, ProofFormat::Text, Order::ProofFirst);
    assert_eq!(text.outcome, Outcome::Unsat);
    assert_eq!(text.proof, b"0\n");
    assert_refuted("empty clause", &formula, Order::ProofFirst);
    assert_refuted("empty clause late", &formula, Order::ClausesFirst);
    // Conflicting units, found in add_clause.
    let formula = vec![vec![1], vec![-1]];
    let binary = run(&formula, ProofFormat::Binary, Order::ProofFirst);
    assert_eq!(binary.proof, [0x61, 0x00]);
    assert_refuted("x and -x", &formula, Order::ProofFirst);
    assert_refuted("x and -x late", &formula, Order::ClausesFirst);
    // A unit chain through clauses shortened in add_clause (with duplicate literals),
    // refuted in add_clause: each shortened clause must be logged to reach 0.
    let formula = vec![vec![1], vec![-1, -1, 2], vec![-2, 3, -1], vec![-3, -2]];
    let text = run(&formula, ProofFormat::Text, Order::ProofFirst);
    assert_eq!(
        String::from_utf8(text.proof).unwrap(),
        "2 0\nd -1 -1 2 0\n3 0\nd -2 3 -1 0\n0\n"
    );
    assert_refuted("shortened chain", &formula, Order::ProofFirst);
    assert_refuted("shortened chain late", &formula, Order::ClausesFirst);
    // Shortened to binary clauses, refuted by search; then a level-0 conflict.
    let formula = vec![
        vec![-5],
        vec![1, 2, 5],
        vec![1, -2, 5],
        vec![-1, 2, 5],
        vec![-1, -2],
        vec![1, -1, 3],
    ];
    assert_refuted("x or -x and search", &formula, Order::ProofFirst);
    assert_refuted("x or -x and search late", &formula, Order::ClausesFirst);
    // Satisfiable: the proof ends without the empty clause.
    let formula = vec![vec![1, -1], vec![1, 2], vec![-1, -2]];
    let text = run(&formula, ProofFormat::Text, Order::ProofFirst);
    assert!(matches!(text.outcome, Outcome::Sat(_)));
    let steps = drat::parse_text(&text.proof).unwrap();
    assert!(!steps.contains(&(false, vec![])));
}

#[test]
fn proof_errors_are_reported_not_panicked() {
    let formula = pigeonhole(5);
    let mut solver = Solver::with_vars(30);
    solver.set_proof(Box::new(Full), ProofFormat::Text);
    add_clauses(&mut solver, &formula);
    assert_eq!(solver.solve(), Outcome::Unsat);
    let error = solver.proof_error().expect("the write error is kept");
    assert_eq!(error.to_string(), "no space left on device");

    // A proof requested after learning cannot be valid; the solver says so.
    let mut solver = Solver::with_vars(30);
    add_clauses(&mut solver, &formula);
    solver.set_conflict_limit(Some(10));
    assert_eq!(solver.solve(), Outcome::Unknown);
    solver.set_proof(Box::new(Sink::default()), ProofFormat::Text);
    assert!(solver.proof_error().is_some());
}

#[test]
fn mutated_proofs_are_rejected() {
    let formula = pigeonhole(5);
    let (steps, _) = assert_refuted("php(6, 5)", &formula, Order::ProofFirst);

    // Without its final 0 the proof refutes nothing.
    let truncated = &steps[..steps.len() - 1];
    assert!(drat::check(&formula, truncated).is_err());
    assert!(!dratify_check(&formula, truncated).ok);

    // The first lemma cut to one literal: no unit is RUP in PHP(n + 1, n) for n >= 3,
    // so both checkers must reject that very step.
    let first = steps.iter().position(|(d, c)| !d && c.len() >= 2).unwrap();
    let mut cut = steps.clone();
    cut[first].1.truncate(1);
    let ours = drat::check(&formula, &cut).unwrap_err();
    assert!(ours.starts_with(&format!("step {}:", first + 1)), "{ours}");
    let theirs = dratify_check(&formula, &cut);
    assert!(!theirs.ok);
    assert_eq!(theirs.failed_step, first as i64 + 1);

    // A binary proof cut inside a step does not decode.
    let binary = run(&formula, ProofFormat::Binary, Order::ProofFirst).proof;
    assert!(drat::parse_binary(&binary[..binary.len() - 1]).is_err());
    assert!(drat::parse_text(b"1 2 0\n-1 2\n").is_err());

    // Random literal drops over many proofs: the two checkers must agree on whether the
    // mutated step is RUP, and some mutations must be caught. Only the prefix up to the
    // mutated step is checked: later deletions of the lemma would no longer match, and
    // the checkers differ by design there (dratify keeps root facts across deletions).
    let mut rng = SplitMix64(7);
    let mut rejected = 0;
    for trial in 0..60 {
        let formula = random_3sat(&mut rng, 20 + trial % 20, 5 * (20 + trial % 20));
        let text = run(&formula, ProofFormat::Text, Order::ProofFirst);
        if text.outcome != Outcome::Unsat {
            continue;
        }
        let mut steps = drat::parse_text(&text.proof).unwrap();
        let lemmas: Vec<usize> = (0..steps.len())
            .filter(|&i| !steps[i].0 && steps[i].1.len() >= 2)
            .collect();
        if lemmas.is_empty() {
            continue;
        }
        let victim = lemmas[rng.index(lemmas.len())];
        let drop = rng.index(steps[victim].1.len());
        steps[victim].1.remove(drop);
        let prefix = &steps[..=victim];
        let ours = drat::check(&formula, prefix).unwrap_err();
        let ours_rejects = ours.starts_with(&format!("step {}:", victim + 1));
        let theirs = dratify_check(&formula, prefix);
        let theirs_rejects = theirs.failed_step == victim as i64 + 1;
        assert_eq!(
            ours_rejects, theirs_rejects,
            "trial {trial}: {ours}; {}",
            theirs.reason
        );
        rejected += usize::from(ours_rejects);
    }
    assert!(rejected > 0, "no mutation was caught");
}

#[test]
fn deletions_from_reduction_are_logged_and_checked() {
    // PHP(8, 7) takes about twice the 2000 conflicts of the first reduction.
    let formula = pigeonhole(7);
    let (steps, stats) = assert_refuted("php(8, 7)", &formula, Order::ProofFirst);
    assert!(stats.reductions > 0, "no reduction happened");
    let deletions = steps.iter().filter(|(d, _)| *d).count() as u64;
    assert!(
        deletions >= stats.deleted_clauses,
        "{deletions} deletions logged, {} clauses deleted by reduction",
        stats.deleted_clauses
    );
    assert!(stats.deleted_clauses > 0);
}

/// Our binary decoder must read CaDiCaL's binary proofs as its text ones: this anchors
/// the text-equals-binary check above to a third-party encoder. Skipped without cadical
/// (failed under `CI=true`).
#[test]
fn the_binary_decoder_reads_cadical_proofs() {
    let Some(cadical) = Peer::CaDiCaL.find() else {
        return;
    };
    let php = families::pigeonhole(7, 6);
    let formula = &php.clauses;
    let dir = crate::util::scratch("cadical-proof");
    let cnf = dir.join("php.cnf");
    std::fs::write(&cnf, php.to_dimacs()).unwrap();
    let mut decoded = Vec::new();
    for binary in [true, false] {
        let proof = dir.join(if binary { "php.bdrat" } else { "php.drat" });
        cadical
            .prove(&cnf, &proof, binary)
            .unwrap()
            .expect(Status::Unsat);
        let bytes = std::fs::read(&proof).unwrap();
        decoded.push(if binary {
            drat::parse_binary(&bytes).unwrap()
        } else {
            drat::parse_text(&bytes).unwrap()
        });
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // CaDiCaL's search is deterministic, so both runs log the same steps.
    assert_eq!(decoded[0], decoded[1]);
    assert!(decoded[0].contains(&(false, vec![])));
    drat::check(formula, &decoded[0]).unwrap();
}

/// The same proofs, written by the `satsolve` binary with `--proof` and `--binary-proof`.
#[test]
fn satsolve_writes_checkable_proofs() {
    use crate::util::{run as run_binary, scratch};
    let dir = scratch("satsolve-proof");
    let mut php = families::pigeonhole(8, 7);
    // A chain of equivalences over 20 fresh variables: nothing for the refutation, but
    // every inner link is a variable the preprocessing removes.
    let first = php.vars as i64 + 1;
    for var in first..first + 19 {
        php.clauses.push(vec![-var, var + 1]);
        php.clauses.push(vec![var, -(var + 1)]);
    }
    php.vars += 20;
    let (formula, text) = (&php.clauses, php.to_dimacs());
    let formats = [
        (
            None,
            drat::parse_text as fn(&[u8]) -> Result<Vec<Step>, String>,
        ),
        (Some("--binary-proof"), drat::parse_binary),
    ];
    // By default the proof opens with the resolvents of the eliminated variables.
    for ((flag, parse), no_elim) in formats
        .into_iter()
        .flat_map(|f| [(f, None), (f, Some("--no-elim"))])
    {
        let path = dir.join("php.drat");
        let mut args = vec!["--proof", path.to_str().unwrap(), "--stats"];
        args.extend(flag);
        args.extend(no_elim);
        let result = run_binary("satsolve", &args, text.as_bytes());
        result.expect_code(20);
        // The chain's inner variables go by substitution (congruence closure) or by
        // elimination.
        let counter = |name: &str| {
            result
                .stderr
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.trim().parse::<u64>().ok())
                .unwrap_or_else(|| panic!("--stats reports {name}"))
        };
        let eliminated = counter("c eliminated variables") + counter("c substituted vars");
        assert_eq!(eliminated > 0, no_elim.is_none(), "{args:?}");
        let steps = parse(&std::fs::read(&path).unwrap()).unwrap();
        drat::check(formula, &steps).unwrap();
        let verdict = dratify_check(formula, &steps);
        assert!(
            verdict.ok,
            "dratify rejects the {flag:?} proof: {verdict:?}"
        );
    }
    // Proofs refute the formula as given; enumeration adds clauses, so the two exclude
    // each other, and a proof that cannot be written fails the run.
    let refused = dir.join("refused.drat");
    run_binary(
        "satsolve",
        &["--proof", refused.to_str().unwrap(), "--models", "2"],
        text.as_bytes(),
    )
    .expect_code(2);
    assert!(!refused.exists(), "a refused run left a proof file");
    run_binary("satsolve", &["--proof", "/dev/full"], text.as_bytes())
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("cannot write the proof");
}

/// Regression: input clauses that repeat a literal (legal DIMACS) must not make a correct
/// proof look wrong to the checkers.
#[test]
fn proofs_of_formulas_with_repeated_literals_are_accepted() {
    let formula = vec![vec![1, 1, 2], vec![-1, 2, 2], vec![1, -2], vec![-1, -2, -2]];
    assert_refuted("repeated literals", &formula, Order::ProofFirst);
    let mut rng = SplitMix64(0xd0b1e);
    for round in 0..40 {
        let mut formula = random_3sat(&mut rng, 12, 60);
        for clause in formula.iter_mut().step_by(3) {
            let first = clause[0];
            clause.push(first);
        }
        if let Outcome::Unsat = run(&formula, ProofFormat::Text, Order::ProofFirst).outcome {
            assert_refuted(&format!("round {round}"), &formula, Order::ProofFirst);
        }
    }
}
