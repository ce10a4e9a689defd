use super::*;
use crate::testkit::diffcheck::tests::{script, tools};
use crate::testkit::fixtures::scratch;

/// (1 or 2), then the cubes -1 (SAT: only -1 2) and -1 -2 (UNSAT).
fn small_batch() -> Batch {
    Batch {
        base: Formula {
            vars: 2,
            clauses: vec![vec![1, 2]],
        },
        items: vec![
            Item::Cube(vec![-1]),
            Item::Clause(vec![2, 1]),
            Item::Cube(vec![-1, -2]),
        ],
    }
}

const HONEST: &str = "case \"$*\" in
  *--models*) printf 'c cube 1 models 1 exact\\ns SATISFIABLE\\nv -1 2 0\\nc cube 2 models 0 exact\\ns UNSATISFIABLE\\n'; exit 20;;
esac
printf 's SATISFIABLE\\nv -1 2 0\\ns UNSATISFIABLE\\n'; exit 20";

#[test]
fn a_batch_writes_an_icnf_stream_and_one_formula_per_cube() {
    let batch = small_batch();
    assert_eq!(
        batch.to_icnf(),
        "p inccnf\n1 2 0\na -1 0\n2 1 0\na -1 -2 0\n"
    );
    let formulas = batch.cube_formulas();
    assert_eq!(formulas.len(), 2);
    assert_eq!(formulas[0].clauses, vec![vec![1, 2], vec![-1]]);
    assert_eq!(
        formulas[1].clauses,
        vec![vec![1, 2], vec![2, 1], vec![-1], vec![-2]]
    );
}

#[test]
fn random_batches_are_reproducible_and_keep_to_the_base_variables() {
    let base = Formula {
        vars: 12,
        clauses: vec![vec![1, -5]],
    };
    let one = Batch::random(&mut SplitMix64(3), base.clone(), 200);
    assert_eq!(one, Batch::random(&mut SplitMix64(3), base, 200));
    assert_eq!(one.cube_formulas().len(), 200);
    let lits = one.items.iter().flat_map(|item| match item {
        Item::Clause(lits) | Item::Cube(lits) => lits.iter(),
    });
    assert!(lits
        .clone()
        .all(|&lit| lit != 0 && lit.unsigned_abs() <= 12));
    assert!(one.items.iter().any(|item| matches!(item, Item::Clause(_))));
    assert!(one.items.contains(&Item::Cube(Vec::new())));
}

#[test]
fn stream_output_splits_into_one_answer_per_cube() {
    let plain = parse_stream(
        "s SATISFIABLE\nv -1 2 0\ns UNSATISFIABLE\ns UNKNOWN\n",
        false,
    );
    let plain = plain.unwrap();
    assert_eq!(plain.len(), 3);
    assert_eq!(plain[0].models, vec![vec![-1, 2]]);
    assert_eq!(plain[1].verdict, Verdict::Unsat);
    let models = "c cube 1 models 2 limit\ns SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\nc cube 2 models 0 exact\ns UNSATISFIABLE\n";
    let models = parse_stream(models, true).unwrap();
    assert_eq!(models[0].models.len(), 2);
    assert!(!models[0].exact && models[1].exact);
    // A count that disagrees with its blocks, numbering out of order, a block before
    // any cube line: all refused.
    assert!(parse_stream("c cube 1 models 2 limit\ns SATISFIABLE\nv 1 0\n", true).is_err());
    assert!(parse_stream("c cube 2 models 0 exact\ns UNSATISFIABLE\n", true).is_err());
    assert!(parse_stream(
        "s UNSATISFIABLE\nc cube 1 models 0 exact\ns UNSATISFIABLE\n",
        true
    )
    .is_err());
    assert!(parse_stream("c cube 1 models 0 limit\ns UNSATISFIABLE\n", true).is_err());
}

#[test]
fn the_exit_code_owed_follows_the_blocks() {
    use Verdict::*;
    assert_eq!(stream_exit_code([Sat, Sat]), 10);
    assert_eq!(stream_exit_code([Sat, Unknown]), 0);
    assert_eq!(stream_exit_code([Unknown, Unsat, Sat]), 20);
}

#[test]
fn an_honest_stream_passes_and_counts_each_cube_as_a_formula() {
    let dir = scratch("stream-honest");
    let satsolve = script(&dir, "satsolve", HONEST);
    let mut count = Count::default();
    let configs = Config::all(0);
    tools(&dir, satsolve, None)
        .check_batch(&small_batch(), &configs, &mut count)
        .unwrap();
    assert_eq!(
        (count.instances, count.formulas, count.sat, count.unsat),
        (1, 2, 1, 1)
    );
    assert_eq!(count.solver_runs, configs.len());
    assert_eq!(count.answers, 2 * configs.len());
}

#[test]
fn a_wrong_cube_answer_in_one_scheme_is_caught() {
    let dir = scratch("stream-liar");
    let lie = "case \"$*\" in *--models*|*--assumptions*) ;; *) printf 's UNSATISFIABLE\\ns UNSATISFIABLE\\n'; exit 20;; esac\n";
    let satsolve = script(&dir, "satsolve", &format!("{lie}{HONEST}"));
    let error = tools(&dir, satsolve, None)
        .check_batch(&small_batch(), &Config::all(0), &mut Count::default())
        .unwrap_err();
    assert!(
        error.starts_with("cube 1:") && error.contains("--assumptions"),
        "{error}"
    );
}

#[test]
fn a_wrong_model_a_lost_block_or_a_wrong_exit_code_is_caught() {
    let cases = [
        (
            "printf 's SATISFIABLE\\nv 1 -2 0\\ns UNSATISFIABLE\\n'; exit 20",
            "falsifies",
        ),
        (
            "printf 's UNSATISFIABLE\\n'; exit 20",
            "1 answers for 2 cubes",
        ),
        (
            "printf 's SATISFIABLE\\nv -1 2 0\\ns UNSATISFIABLE\\n'; exit 10",
            "exit code 10",
        ),
    ];
    for (index, (body, expected)) in cases.into_iter().enumerate() {
        let dir = scratch(&format!("stream-bad-{index}"));
        let satsolve = script(&dir, "satsolve", body);
        let error = tools(&dir, satsolve, None)
            .check_batch(&small_batch(), &Config::all(0), &mut Count::default())
            .unwrap_err();
        assert!(error.contains(expected), "{error}");
    }
}

#[test]
fn a_false_claim_of_a_unique_model_is_caught_by_a_peer() {
    let dir = scratch("stream-unique");
    // The empty cube over (1 or 2) has three models; the stand-in satsolve claims that
    // -1 2 is the only one, the stand-in MiniSat finds 1 -2 with it blocked.
    let batch = Batch {
        base: Formula {
            vars: 2,
            clauses: vec![vec![1, 2]],
        },
        items: vec![Item::Cube(Vec::new())],
    };
    let satsolve = script(
        &dir,
        "satsolve",
        "case \"$*\" in *--models*) printf 'c cube 1 models 1 exact\\ns SATISFIABLE\\nv -1 2 0\\n'; exit 10;; esac\nprintf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10",
    );
    let minisat = script(
        &dir,
        "minisat",
        "printf 'SAT\\n1 -2 0\\n' > \"$4\"; exit 10",
    );
    let error = tools(&dir, satsolve, Some(minisat))
        .check_batch(&batch, &Config::all(0), &mut Count::default())
        .unwrap_err();
    assert!(
        error.contains("exactly one model, minisat finds another"),
        "{error}"
    );
}
