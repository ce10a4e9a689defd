//! `satsolve --set` and `--list-options`, run as a binary: the listing is the options
//! table, a bad setting is one line and exit 2, and a setting reaches the solver of a
//! single formula and of every block of a stream.

use sudosat::solver::cdcl::options::OPTIONS;

use crate::util::{root, run, scratch, testdata, Run};

/// The counter `name` of a `--stats` run (its `c <name>  <count>` line).
fn stat(run: &Run, name: &str) -> u64 {
    run.stderr
        .lines()
        .find_map(|line| line.strip_prefix(&format!("c {name} ")))
        .and_then(|count| count.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} count in:\n{}", run.stderr))
}

/// The `c conflicts` count of a `--stats` run.
fn conflicts(run: &Run) -> u64 {
    stat(run, "conflicts")
}

#[test]
fn list_options_prints_every_option_of_the_table() {
    let listed = run("satsolve", &["--list-options"], b"");
    listed.expect_code(0);
    assert!(listed.stderr.is_empty(), "{}", listed.stderr);
    let text = listed.stdout_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), OPTIONS.len(), "{text}");
    for (line, info) in lines.iter().zip(OPTIONS) {
        let assignment = format!("{}={}", info.name, info.range.default_text());
        assert_eq!(line.split_whitespace().next(), Some(assignment.as_str()));
        assert!(line.contains(&info.range.bounds_text()), "{line}");
    }
    // The help names both flags (and so does the man page, made from the same parser).
    let help = run("satsolve", &["--help"], b"").stdout_text();
    assert!(help.contains("--set <NAME=VALUE>") && help.contains("--list-options"));
    assert!(help.contains("TUNING"), "{help}");
}

#[test]
fn the_docs_show_the_listing_as_it_is() {
    let docs = std::fs::read_to_string(root().join("docs/satsolve.md")).unwrap();
    let tuning = &docs[docs.find("## Tuning").expect("a Tuning section")..];
    // The listing is the section's last fenced block.
    let block = tuning.rsplit("```").nth(1).expect("a fenced block");
    let listed = run("satsolve", &["--list-options"], b"").stdout_text();
    assert_eq!(
        block.trim_start_matches('\n'),
        listed,
        "docs/satsolve.md's listing is stale: paste `satsolve --list-options` there"
    );
}

#[test]
fn a_bad_setting_is_one_line_naming_the_option_and_exit_2() {
    let input = testdata("cnf/php_4_3.cnf");
    let input = input.to_str().unwrap();
    for (args, expected) in [
        (
            vec!["--set", "restart_lubyunit=100"],
            "satsolve: --set restart_lubyunit=100: unknown option \"restart_lubyunit\" (see --list-options)",
        ),
        (
            vec!["--set", "restart_luby_unit=fast"],
            "satsolve: --set restart_luby_unit=fast: option restart_luby_unit expects an integer, found \"fast\" (see --list-options)",
        ),
        (
            vec!["--set", "vsids_decay=2"],
            "satsolve: --set vsids_decay=2: option vsids_decay expects a number in [0.5, 1], found 2 (see --list-options)",
        ),
        (
            vec!["--set", "vsids_decay"],
            "satsolve: --set vsids_decay: expected NAME=VALUE, found \"vsids_decay\" (see --list-options)",
        ),
        (
            // A good setting first does not hide a bad one after it.
            vec!["--set", "vsids_decay=0.9", "--set", "restart_luby_unit=0"],
            "satsolve: --set restart_luby_unit=0: option restart_luby_unit expects an integer in [1, 1000000000000000], found 0 (see --list-options)",
        ),
        (
            vec!["--engine", "dpll", "--set", "vsids_decay=0.9"],
            "satsolve: --set tunes the cdcl engine only (found --engine dpll)",
        ),
        (
            vec!["--engine", "splr", "--set", "vsids_decay=0.9"],
            "satsolve: --set tunes the cdcl engine only (found --engine splr)",
        ),
    ] {
        let mut args = args;
        args.push(input);
        let refused = run("satsolve", &args, b"");
        refused.expect_code(2).expect_no_stdout();
        assert_eq!(refused.stderr, format!("{expected}\n"), "{args:?}");
    }
}

#[test]
fn a_setting_changes_the_search_of_a_formula_not_its_answer() {
    // UNSAT (testdata/cnf/sudoku/expected.tsv), 104 conflicts with the defaults, all in
    // the first focused stint, which decides by the move-to-front queue.
    let input = testdata("cnf/sudoku/sudoku_9x9_ai_escargot_uniq.cnf");
    let input = input.to_str().unwrap();
    let plain = run("satsolve", &["--stats", input], b"");
    plain.expect_code(20);
    assert_eq!(plain.stdout_text(), "s UNSATISFIABLE\n");
    // Setting the defaults changes nothing.
    let defaults = run(
        "satsolve",
        &[
            "--stats",
            "--set",
            "vsids_decay=0.95",
            "--set",
            "restart_luby_unit=50",
            input,
        ],
        b"",
    );
    defaults.expect_code(20);
    assert_eq!(conflicts(&defaults), conflicts(&plain));
    let tuned = run(
        "satsolve",
        &["--stats", "--set", "focused_vmtf=0", input],
        b"",
    );
    tuned.expect_code(20);
    assert_eq!(tuned.stdout_text(), "s UNSATISFIABLE\n");
    assert_ne!(
        conflicts(&tuned),
        conflicts(&plain),
        "EVSIDS in the focused stints must change the search"
    );
    // Their own decay reaches them; the queue and EVSIDS in turns start with the queue,
    // so a formula refuted in the first focused stint is searched as by default.
    let faster = run(
        "satsolve",
        &[
            "--stats",
            "--set",
            "focused_vmtf=0",
            "--set",
            "focused_vsids_decay=0.75",
            input,
        ],
        b"",
    );
    faster.expect_code(20);
    assert_ne!(conflicts(&faster), conflicts(&tuned));
    let turns = run(
        "satsolve",
        &["--stats", "--set", "focused_vmtf=2", input],
        b"",
    );
    turns.expect_code(20);
    assert_eq!(conflicts(&turns), conflicts(&plain));
}

#[test]
fn a_setting_reaches_every_block_of_a_stream() {
    // Five hard 9x9 puzzles, each with one solution, as one incremental CNF.
    let mut puzzles = Vec::new();
    for name in [
        "9x9_ai_escargot",
        "9x9_golden_nugget",
        "9x9_inkala_2012",
        "9x9_bruteforce_worst",
        "9x9_gsf_q2",
    ] {
        let path = testdata(&format!("puzzles/{name}.txt"));
        puzzles.extend(std::fs::read(path).unwrap());
    }
    let encoded = run("sudoku2cnf", &[], &puzzles);
    encoded.expect_code(0);
    let path = scratch("satsolve-options").join("hard.icnf");
    std::fs::write(&path, &encoded.stdout).unwrap();
    let path = path.to_str().unwrap();

    let plain = run("satsolve", &["--stats", "--jobs", "1", path], b"");
    plain.expect_code(10);
    let tuned = run(
        "satsolve",
        &["--stats", "--jobs", "1", "--set", "vsids_decay=0.8", path],
        b"",
    );
    tuned.expect_code(10);
    // One solution each: the same models, found by another search.
    assert_eq!(tuned.stdout, plain.stdout);
    assert_eq!(plain.stdout_text().matches("s SATISFIABLE").count(), 5);
    assert_ne!(conflicts(&tuned), conflicts(&plain));
    // The worker threads get the options too: five cubes make one chunk (of up to 32),
    // so one worker solves them all as the serial run did, tuned alike.
    let threads = run(
        "satsolve",
        &["--stats", "--jobs", "2", "--set", "vsids_decay=0.8", path],
        b"",
    );
    threads.expect_code(10);
    assert_eq!(threads.stdout, plain.stdout);
    assert_eq!(conflicts(&threads), conflicts(&tuned));
}

/// Refutes pigeonhole 7 into 6 with `settings` (each a `NAME=VALUE` for `--set`) and a
/// DRAT proof that both checkers must accept; then the same formula with the defaults.
/// Returns the two `--stats` runs: (with the settings, with the defaults).
fn refute_php_7_6_with_proof(name: &str, settings: &[&str]) -> (Run, Run) {
    let formula = sudosat::testkit::families::pigeonhole(7, 6);
    let dir = scratch(name);
    let (cnf, proof) = (dir.join("php_7_6.cnf"), dir.join("php_7_6.drat"));
    std::fs::write(&cnf, formula.to_dimacs()).unwrap();
    let mut args = vec!["--stats"];
    for setting in settings {
        args.extend(["--set", setting]);
    }
    args.extend(["--proof", proof.to_str().unwrap(), cnf.to_str().unwrap()]);
    let solved = run("satsolve", &args, b"");
    solved.expect_code(20);
    let bytes = std::fs::read(&proof).unwrap();
    sudosat::testkit::diffcheck::check_proof(&formula, &bytes, usize::MAX).unwrap();
    let plain = run("satsolve", &["--stats", cnf.to_str().unwrap()], b"");
    (solved, plain)
}

#[test]
fn vivification_by_set_shortens_clauses_and_its_proof_is_accepted() {
    // Reductions every few dozen conflicts and no budget limit, so rounds run.
    let settings = [
        "vivify=1",
        "vivify_effort=1000",
        "reduce_first=50",
        "reduce_increment=10",
    ];
    let (solved, plain) = refute_php_7_6_with_proof("vivify-proof", &settings);
    assert!(stat(&solved, "vivified clauses") > 0, "{}", solved.stderr);
    // Off by default: the same run without the setting vivifies nothing.
    assert_eq!(stat(&plain, "vivified clauses"), 0, "{}", plain.stderr);
}

#[test]
fn chronological_backtracking_by_set_keeps_levels_and_its_proof_is_accepted() {
    // With no level limit every backjump over two or more levels goes one level down;
    // trail reuse keeps levels on pigeonhole's short backjumps too.
    for (name, settings) in [
        ("chrono-proof", &["chrono=1", "chrono_levels=0"][..]),
        ("chrono-reuse-proof", &["chrono=2"][..]),
    ] {
        let (solved, plain) = refute_php_7_6_with_proof(name, settings);
        assert!(stat(&solved, "chrono backtracks") > 0, "{}", solved.stderr);
        // Off by default: the same run without the setting never backtracks so.
        assert_eq!(stat(&plain, "chrono backtracks"), 0, "{}", plain.stderr);
        assert_eq!(stat(&plain, "missed implications"), 0, "{}", plain.stderr);
    }
}

#[test]
fn shrinking_by_set_shortens_clauses_and_its_proof_is_accepted() {
    // Pigeonhole's learnt clauses often hold several literals of one level.
    let (solved, plain) = refute_php_7_6_with_proof("shrink-proof", &["shrink=1"]);
    assert!(stat(&solved, "shrunk literals") > 0, "{}", solved.stderr);
    // Off by default: the same run without the setting shrinks nothing.
    assert_eq!(stat(&plain, "shrunk literals"), 0, "{}", plain.stderr);
}

#[test]
fn eager_subsumption_by_set_deletes_subsumed_clauses_and_its_proof_is_accepted() {
    // Reductions every few dozen conflicts, so the subsumed clauses are deleted (and
    // the deletions logged) within the run.
    let settings = [
        "reduce_eager_subsume=20",
        "reduce_first=50",
        "reduce_increment=10",
    ];
    let (solved, plain) = refute_php_7_6_with_proof("eager-subsume-proof", &settings);
    assert!(stat(&solved, "eager subsumed") > 0, "{}", solved.stderr);
    // Off by default: the same formula with the defaults deletes none this way.
    assert_eq!(stat(&plain, "eager subsumed"), 0, "{}", plain.stderr);
}

#[test]
fn a_target_kept_across_restarts_has_an_accepted_proof() {
    let settings = ["target_restart_reset=0", "mode_first_conflicts=100"];
    let (solved, _) = refute_php_7_6_with_proof("target-keep-proof", &settings);
    assert!(conflicts(&solved) > 0, "{}", solved.stderr);
}

/// Conflicts of satsolve on php 9-8 (whose rephasing walks all end one clause short of
/// a model: every pigeon but one placed) with `settings`, after a first focused stint of
/// 100 conflicts, so most conflicts fall in stable stints; the answer must be UNSAT.
fn php_9_8_conflicts(name: &str, settings: &[&str]) -> u64 {
    let mut all = vec!["mode_first_conflicts=100"];
    all.extend(settings);
    conflicts(&refute_php_9_8(name, &[], &all))
}

/// Refutes php 9-8 with `--stats`, `flags` and each of `settings` as a `--set`.
fn refute_php_9_8(name: &str, flags: &[&str], settings: &[&str]) -> Run {
    let cnf = scratch(name).join("php_9_8.cnf");
    let formula = sudosat::testkit::families::pigeonhole(9, 8);
    std::fs::write(&cnf, formula.to_dimacs()).unwrap();
    let mut args = vec!["--stats"];
    args.extend(flags);
    for setting in settings {
        args.extend(["--set", setting]);
    }
    args.push(cnf.to_str().unwrap());
    let solved = run("satsolve", &args, b"");
    solved.expect_code(20);
    solved
}

#[test]
fn the_target_survives_restarts_while_the_walks_end_one_clause_short() {
    // The default (2) keeps the target across restarts on php 9-8 as 0 does.
    let searches = ["0", "1", "2"].map(|value| {
        let reset = format!("target_restart_reset={value}");
        php_9_8_conflicts(&format!("target-reset-{value}"), &[reset.as_str()])
    });
    assert_ne!(searches[0], searches[1], "kept and reset: {searches:?}");
    assert_eq!(searches[2], searches[0], "near miss and kept: {searches:?}");
}

#[test]
fn focused_stints_after_near_miss_walks_are_another_search() {
    let default = php_9_8_conflicts("near-miss-share-default", &[]);
    let focused = php_9_8_conflicts("near-miss-share-0", &["mode_near_miss_stable_share=0"]);
    assert_ne!(focused, default);
}

#[test]
fn a_due_clause_weighting_walk_does_not_wait_for_a_restart() {
    // No restart ever comes (Luby runs of 10^8 conflicts), yet the walk runs when due,
    // at 1,000, 2,000 and 4,000 conflicts, and the formula is refuted as before.
    let settings = ["restart_luby_unit=100000000", "walk_weighted_first=1000"];
    let solved = refute_php_9_8("weighted-due", &["--restarts", "luby"], &settings);
    assert_eq!(stat(&solved, "restarts"), 0);
    assert_eq!(stat(&solved, "weighted walks"), 3);
}
