//! The peers as they are installed (skipped without them, failed under `CI=true`), and
//! stand-in scripts that answer in known wrong ways, so that the reader is shown able to
//! refuse what a peer must not say.

use std::os::unix::fs::PermissionsExt;

use super::*;
use crate::testkit::families::{pigeonhole, Formula};
use crate::testkit::fixtures::scratch;

/// An executable `sh` script `name` in `dir` with `body`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// (1 or 2) and (not 1 or 2) and (not 2 or 3): satisfiable, 2 and 3 true in every model.
fn small() -> Formula {
    Formula {
        vars: 3,
        clauses: vec![vec![1, 2], vec![-1, 2], vec![-2, 3]],
    }
}

#[test]
fn installed_peers_answer_sat_with_a_model_and_unsat() {
    for peer in installed() {
        let sat = peer.solve_text(&small().to_dimacs()).unwrap();
        sat.expect(Status::Sat);
        assert_eq!(sat.code, 10);
        let model: Vec<bool> = sat.literals().iter().map(|&lit| lit > 0).collect();
        assert_eq!(
            model.len(),
            3,
            "{}: every variable listed",
            peer.peer.name()
        );
        assert!(small().satisfied_by(&model));
        let true_vars = sat.true_vars();
        assert!(true_vars.ends_with(&[2, 3]), "{true_vars:?}");
        let unsat = peer.solve_text(&pigeonhole(4, 3).to_dimacs()).unwrap();
        unsat.expect(Status::Unsat);
        assert_eq!((unsat.code, unsat.literals()), (20, vec![]));
    }
}

#[test]
fn installed_peers_give_up_at_their_limit() {
    // PHP(12, 11) takes either peer minutes of resolution; a second is far too little.
    let dir = scratch("peers-limit");
    let cnf = dir.join("php.cnf");
    std::fs::write(&cnf, pigeonhole(12, 11).to_dimacs()).unwrap();
    for peer in installed() {
        let answer = peer.solve_within(&cnf, 1).unwrap();
        answer.expect(Status::Unknown);
        assert_eq!(answer.code, 0);
    }
}

#[test]
fn the_unique_solution_check_blocks_the_first_solution() {
    // x1 or x2: three models on two cell variables, so blocking the first leaves one.
    let two = "p cnf 2 1\n1 2 0\n";
    // Exactly one of x1, x2, and x1: one cell solution, x3 free beyond the cells.
    let one = "p cnf 3 3\n1 2 0\n-1 -2 0\n1 0\n";
    for peer in installed() {
        assert!(peer.unique_solution(two, 2).is_err());
        let solution = peer.unique_solution(one, 2).unwrap();
        assert_eq!(solution.len(), 1, "{}", peer.peer.name());
    }
}

#[test]
fn cadical_writes_a_proof_and_minisat_is_refused() {
    let dir = scratch("peers-proof");
    let cnf = dir.join("php.cnf");
    std::fs::write(&cnf, pigeonhole(4, 3).to_dimacs()).unwrap();
    let proof = dir.join("php.drat");
    if let Some(cadical) = Peer::CaDiCaL.find() {
        cadical
            .prove(&cnf, &proof, false)
            .unwrap()
            .expect(Status::Unsat);
        assert!(std::fs::read(&proof).unwrap().ends_with(b"0\n"));
    }
    let minisat = Peer::MiniSat.at(PathBuf::from("/nonexistent/minisat"));
    assert!(minisat
        .prove(&cnf, &proof, false)
        .unwrap_err()
        .contains("no DRAT"));
}

#[test]
fn a_minisat_result_file_is_read_and_its_wrapping_of_arguments_kept() {
    let dir = scratch("peers-minisat-stand-in");
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, small().to_dimacs()).unwrap();
    // With a limit the arguments are -verb=0 -cpu-lim=N CNF RESULT.
    let stand_in = script(
        &dir,
        "minisat",
        "printf 'SAT\\n-1 2 3 0\\n' > \"$4\"\nexit 10",
    );
    let answer = Peer::MiniSat.at(stand_in).solve_within(&cnf, 5).unwrap();
    assert_eq!(answer.literals(), [-1, 2, 3]);
    assert_eq!(answer.text, b"SAT\n-1 2 3 0\n");
    assert!(answer.command.contains("-cpu-lim=5"), "{}", answer.command);
}

#[test]
fn an_exit_code_the_answer_contradicts_is_an_error() {
    let dir = scratch("peers-liars");
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, small().to_dimacs()).unwrap();
    let cases = [
        (
            "echo 's UNSATISFIABLE'\nexit 10",
            "exited 10 but answered UNSATISFIABLE",
        ),
        (
            "echo 's SATISFIABLE'\necho 'v 1 0'\nexit 20",
            "exited 20 but answered SATISFIABLE",
        ),
        (
            "echo 's SATISFIABLE'\necho 'v 1 0'\nexit 0",
            "exited 0 but answered SATISFIABLE",
        ),
        ("echo 'v 1 x 0'\nexit 10", "unreadable answer"),
        ("echo 'c parse error' >&2\nexit 3", "exited 3"),
        ("kill -9 $$", "exited -1"),
    ];
    for (body, expected) in cases {
        let liar = script(&dir, "cadical", body);
        let error = Peer::CaDiCaL.at(liar).solve(&cnf).unwrap_err();
        assert!(error.contains(expected), "{body}: {error}");
    }
    // Giving up is a verdict: exit 0 with no status, or with `s UNKNOWN`.
    for body in ["echo 'c UNKNOWN'\nexit 0", "echo 's UNKNOWN'\nexit 0"] {
        let quitter = script(&dir, "cadical", body);
        let answer = Peer::CaDiCaL.at(quitter).solve(&cnf).unwrap();
        answer.expect(Status::Unknown);
    }
}

#[test]
fn a_missing_program_is_an_error_naming_it() {
    let error = Peer::CaDiCaL
        .at(PathBuf::from("/nonexistent/cadical"))
        .solve_text("p cnf 1 1\n1 0\n")
        .unwrap_err();
    assert!(
        error.contains("cannot run `/nonexistent/cadical"),
        "{error}"
    );
}

#[test]
fn models_list_their_literals_in_variable_order() {
    let answer = read(b"s SATISFIABLE\nv -3 1 0\n").unwrap();
    let Answer::Sat(model) = answer else {
        panic!("SAT expected");
    };
    assert_eq!(literals(&model), [1, -3]);
    assert_eq!(true_vars(&model), [1]);
    assert!(read(b"s MAYBE\n").unwrap_err().contains("MAYBE"));
}
