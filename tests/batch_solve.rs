//! The batch stream (docs/streams.md), producer side: `sudoku2cnf FILE | satsolve` on files of
//! puzzles. Every block is decoded and checked here (one digit per cell, rows, columns,
//! boxes, givens) without the library, answers are compared with MiniSat run per puzzle
//! on `sudoku2cnf --split` files, and random cubes over random formulas are compared with
//! a brute-force oracle.

use std::path::Path;

use sudosat::model::Status;
use sudosat::testkit::brute::is_satisfiable_under;
use sudosat::testkit::families::{random_lits, Formula};
use sudosat::testkit::peers::Peer;
use sudosat::testkit::square;

use crate::util::{data_lines, run, scratch, split, testdata, SplitMix64};

/// Square puzzles of a line-format file: `.`/`0` blank, `1-9`, then `A` = 10.
fn square_puzzles(path: &Path) -> Vec<Vec<u8>> {
    data_lines(path)
        .iter()
        .map(|line| square::givens(line).unwrap_or_else(|| panic!("a bad symbol in {line}")))
        .collect()
}

/// One answer block: its `s` word and the positive literals of its `v` lines.
#[derive(Debug)]
struct Block {
    status: String,
    true_vars: Vec<usize>,
}

/// Splits a stream of answers into blocks; a block starts at an `s` line.
fn blocks(text: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    for line in text.lines() {
        if let Some(status) = line.strip_prefix("s ") {
            blocks.push(Block {
                status: status.to_string(),
                true_vars: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix('v') {
            let block = blocks.last_mut().expect("v line before any s line");
            for token in rest.split_whitespace() {
                let number: i64 = token.parse().unwrap();
                if number > 0 {
                    block.true_vars.push(number as usize);
                }
            }
        } else {
            assert!(line.starts_with('c'), "unexpected line {line:?}");
        }
    }
    blocks
}

/// The iCNF stream `sudoku2cnf encode` writes for the file `puzzles`.
fn stream_cnf(puzzles: &Path, encode: &[&str]) -> Vec<u8> {
    let mut args = encode.to_vec();
    args.push(puzzles.to_str().unwrap());
    let cnf = run("sudoku2cnf", &args, b"");
    cnf.expect_code(0);
    assert!(cnf.stdout_text().contains("\np inccnf\n"));
    cnf.stdout
}

/// The stream of `puzzles` through `satsolve flags`; returns the blocks and exit code.
fn solve_stream(puzzles: &Path, encode: &[&str], flags: &[&str]) -> (Vec<Block>, i32) {
    let solved = run("satsolve", flags, &stream_cnf(puzzles, encode));
    (blocks(&solved.stdout_text()), solved.code)
}

/// Checks a square batch: one block per puzzle, `unsat` (1-based) the only UNSAT ones,
/// every other block a valid solution. Returns the grids (None for UNSAT).
fn check_square_batch(
    file: &str,
    n: usize,
    unsat: &[usize],
    flags: &[&str],
) -> Vec<Option<Vec<u8>>> {
    let path = testdata(file);
    let puzzles = square_puzzles(&path);
    let (blocks, code) = solve_stream(&path, &[], flags);
    assert_eq!(blocks.len(), puzzles.len(), "{file} {flags:?}");
    assert_eq!(
        code,
        if unsat.is_empty() { 10 } else { 20 },
        "{file} {flags:?}"
    );
    let mut grids = Vec::new();
    for (k, (block, puzzle)) in blocks.iter().zip(&puzzles).enumerate() {
        if unsat.contains(&(k + 1)) {
            assert_eq!(block.status, "UNSATISFIABLE", "{file} block {}", k + 1);
            assert!(block.true_vars.is_empty());
            grids.push(None);
            continue;
        }
        assert_eq!(
            block.status,
            "SATISFIABLE",
            "{file} block {} {flags:?}",
            k + 1
        );
        if flags.contains(&"--true-only") {
            assert_eq!(
                block.true_vars.len(),
                n * n,
                "true-only lists exactly the cells"
            );
        }
        match square::solution_of(n, puzzle, &block.true_vars) {
            Ok(grid) => grids.push(Some(grid)),
            Err(error) => panic!("{file} block {} {flags:?}: {error}", k + 1),
        }
    }
    grids
}

#[test]
fn nine_by_nine_batch_with_an_unsolvable_puzzle_in_the_middle() {
    // Without --jobs a stream runs on every core; --jobs 1 on one thread.
    let flag_sets: [&[&str]; 8] = [
        &[],
        &["--jobs", "1"],
        &["--true-only"],
        &["--true-only", "--jobs", "1"],
        &["--true-only", "--jobs", "2"],
        &["--true-only", "--engine", "splr"],
        &["--true-only", "--assumptions"],
        &["--assumptions", "--jobs", "2"],
    ];
    let mut answers = Vec::new();
    for flags in flag_sets {
        answers.push(check_square_batch(
            "puzzles/batch/batch_9x9.txt",
            9,
            &[26],
            flags,
        ));
    }
    // The puzzles have one solution each: every run finds the same grids.
    assert!(answers.windows(2).all(|pair| pair[0] == pair[1]));
}

#[test]
fn stream_bytes_do_not_depend_on_the_jobs() {
    // A stream runs on every core unless --jobs says otherwise, and the answers
    // are the same bytes (these puzzles have one solution each, or none).
    let cnf = stream_cnf(&testdata("puzzles/batch/batch_9x9.txt"), &[]);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for listing in [&[][..], &["--true-only"]] {
        let serial = run(
            "satsolve",
            &[listing, &["--jobs", "1", "--stats"]].concat(),
            &cnf,
        );
        serial
            .expect_code(20)
            .expect_stderr_contains(&format!("c {:<20} 1\n", "jobs"));
        for jobs in [&[][..], &["--jobs", "2"], &["--jobs", "3"]] {
            let flags = [listing, jobs, &["--stats"]].concat();
            let parallel = run("satsolve", &flags, &cnf);
            assert!(parallel.stdout == serial.stdout, "{flags:?}");
            let expected = jobs.get(1).map_or(cores, |n| n.parse().unwrap());
            parallel.expect_stderr_contains(&format!("c {:<20} {expected}\n", "jobs"));
        }
    }
    // A single formula is one search on one thread, whatever --jobs says.
    let one = run(
        "sudoku2cnf",
        &[
            "--index",
            "3",
            testdata("puzzles/batch/batch_9x9.txt").to_str().unwrap(),
        ],
        b"",
    );
    let plain = run("satsolve", &[], &one.stdout);
    let jobs = run("satsolve", &["--jobs", "4"], &one.stdout);
    assert_eq!((plain.code, plain.stdout), (jobs.code, jobs.stdout));
}

#[test]
fn four_by_four_batch_on_every_engine() {
    for engine in ["cdcl", "dpll", "splr"] {
        for jobs in ["1", "2"] {
            let flags = ["--true-only", "--engine", engine, "--jobs", jobs];
            check_square_batch("puzzles/batch/batch_4x4.txt", 4, &[11], &flags);
            let flags = ["--assumptions", "--engine", engine, "--jobs", jobs];
            check_square_batch("puzzles/batch/batch_4x4.txt", 4, &[11], &flags);
        }
    }
}

#[test]
fn dpll_answers_a_nine_by_nine_stream() {
    // The 17-clue part of the batch only: DPLL is the baseline, slow on the hard ones.
    let dir = scratch("batch-dpll");
    let text = std::fs::read_to_string(testdata("puzzles/batch/batch_9x9.txt")).unwrap();
    let easy: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(8)
        .collect();
    let path = dir.join("easy.txt");
    std::fs::write(&path, easy.join("\n")).unwrap();
    let puzzles = square_puzzles(&path);
    let (blocks, code) = solve_stream(&path, &[], &["--engine", "dpll"]);
    assert_eq!((blocks.len(), code), (8, 10));
    for (block, puzzle) in blocks.iter().zip(&puzzles) {
        square::solution_of(9, puzzle, &block.true_vars).unwrap();
    }
}

#[test]
fn sixteen_by_sixteen_batch() {
    check_square_batch("puzzles/batch/batch_16x16.txt", 16, &[], &["--true-only"]);
    check_square_batch("puzzles/batch/batch_16x16.txt", 16, &[], &["--jobs", "2"]);
}

/// MiniSat's answer for each `--split` file: `None` for UNSAT, else its true variables.
fn minisat_answers(puzzles: &Path, encode: &[&str], name: &str) -> Option<Vec<Option<Vec<usize>>>> {
    let minisat = Peer::MiniSat.find()?;
    let dir = scratch(name);
    let answers = split(puzzles, &dir.join("cnf"), encode)
        .iter()
        .map(|cnf| {
            let answer = minisat.solve(cnf).unwrap();
            match answer.status() {
                Status::Sat => Some(answer.true_vars()),
                Status::Unsat => None,
                Status::Unknown => panic!("`{}` gave up without a limit", answer.command),
            }
        })
        .collect();
    Some(answers)
}

#[test]
fn stream_answers_match_minisat_per_puzzle() {
    let path = testdata("puzzles/batch/batch_9x9.txt");
    let Some(theirs) = minisat_answers(&path, &[], "batch-minisat-9x9") else {
        return;
    };
    let puzzles = square_puzzles(&path);
    let ours = check_square_batch("puzzles/batch/batch_9x9.txt", 9, &[26], &["--true-only"]);
    assert_eq!(theirs.len(), ours.len());
    for (k, (their, our)) in theirs.iter().zip(&ours).enumerate() {
        let their_grid = their
            .as_ref()
            .map(|vars| square::solution_of(9, &puzzles[k], vars).unwrap());
        assert_eq!(&their_grid, our, "puzzle {}", k + 1);
    }
}

#[test]
fn hanidoku_batch_matches_minisat() {
    let path = testdata("puzzles/batch/batch_hanidoku.txt");
    let encode = ["--layout", "hanidoku"];
    let (blocks, code) = solve_stream(&path, &encode, &["--true-only", "--jobs", "2"]);
    assert_eq!((blocks.len(), code), (16, 10));
    // 61 cells, one digit each, the givens kept (the course's 'HQV1G' prefix, then 61
    // symbols, 0 blank).
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| l.starts_with("HQV1G")).collect();
    for (block, puzzle) in blocks.iter().zip(&puzzles) {
        assert_eq!(block.true_vars.len(), 61);
        let mut cells = [0u8; 61];
        for &var in &block.true_vars {
            let cell = (var - 1) / 9;
            assert_eq!(cells[cell], 0, "cell {cell} holds two digits");
            cells[cell] = ((var - 1) % 9 + 1) as u8;
        }
        for (cell, given) in puzzle[5..].bytes().enumerate() {
            assert!(
                given == b'0' || given - b'0' == cells[cell],
                "given of cell {cell}"
            );
        }
    }
    let Some(theirs) = minisat_answers(&path, &encode, "batch-minisat-hanidoku") else {
        return;
    };
    // The course's puzzles have one solution: MiniSat's must be ours.
    for (k, (their, ours)) in theirs.iter().zip(&blocks).enumerate() {
        let mut their = their.clone().expect("MiniSat says SAT");
        their.retain(|&var| var <= 549);
        assert_eq!(their, ours.true_vars, "puzzle {}", k + 1);
    }
}

#[test]
fn column_decisions_on_and_off_give_the_same_hanidoku_solutions() {
    // `decide_columns=0` branches in the exact-cover columns from the first cube,
    // `decide_columns=1000000` never: another search, the same unique solutions.
    let path = testdata("puzzles/batch/batch_hanidoku.txt");
    let encode = ["--layout", "hanidoku"];
    let mut answers = Vec::new();
    for (setting, columns_used) in [
        ("decide_columns=0", true),
        ("decide_columns=1000000", false),
    ] {
        let flags = ["--true-only", "--jobs", "1", "--stats", "--set", setting];
        let solved = run("satsolve", &flags, &stream_cnf(&path, &encode));
        let blocks = blocks(&solved.stdout_text());
        assert_eq!((blocks.len(), solved.code), (16, 10), "{setting}");
        let column_decisions = solved.stat("column decisions");
        assert_eq!(
            column_decisions > 0,
            columns_used,
            "{setting}: {column_decisions}"
        );
        answers.push(blocks.into_iter().map(|b| b.true_vars).collect::<Vec<_>>());
    }
    assert_eq!(answers[0], answers[1]);
}

#[test]
fn presolved_hanidoku_cubes_give_the_same_answers() {
    // `--presolve` writes each cube as the givens' consequences: more literals, the same
    // unique solutions, and the givens among them.
    let path = testdata("puzzles/batch/batch_hanidoku.txt");
    let (plain, code) = solve_stream(&path, &["--layout", "hanidoku"], &["--true-only"]);
    assert_eq!((plain.len(), code), (16, 10));
    let presolved = ["--layout", "hanidoku", "--presolve"];
    let (blocks, code) = solve_stream(&path, &presolved, &["--true-only"]);
    assert_eq!(code, 10);
    let plain_vars: Vec<&Vec<usize>> = plain.iter().map(|b| &b.true_vars).collect();
    let presolved_vars: Vec<&Vec<usize>> = blocks.iter().map(|b| &b.true_vars).collect();
    assert_eq!(plain_vars, presolved_vars);
    let text = String::from_utf8(stream_cnf(&path, &presolved)).unwrap();
    let plain_text = String::from_utf8(stream_cnf(&path, &["--layout", "hanidoku"])).unwrap();
    let cubes = |text: &str| -> Vec<Vec<i64>> {
        text.lines()
            .filter(|line| line.starts_with("a "))
            .map(|line| {
                line[2..]
                    .split_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect()
            })
            .collect()
    };
    for (big, small) in cubes(&text).iter().zip(cubes(&plain_text)) {
        assert!(small.iter().all(|lit| big.contains(lit)));
        assert!(big.len() > 4 * small.len());
    }
}

#[test]
fn base_is_the_empty_grid_whatever_the_first_puzzle() {
    let text = std::fs::read_to_string(testdata("puzzles/batch/batch_9x9.txt")).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let base = |first: &str, second: &str, encoding: &str| {
        let input = format!("{first}\n{second}\n");
        let out = run("sudoku2cnf", &["--encoding", encoding], input.as_bytes());
        out.expect_code(0);
        let text = out.stdout_text();
        let cut = text.find("\na ").expect("a cube line");
        text[..cut].to_string()
    };
    for encoding in ["compact", "extended", "minimal"] {
        let one = base(puzzles[0], puzzles[1], encoding);
        let other = base(puzzles[30], puzzles[2], encoding);
        assert_eq!(
            one, other,
            "{encoding}: the first puzzle leaked into the base"
        );
        assert!(!one.lines().any(|l| l.starts_with("c puzzle")));
        // No unit clause: givens only ever appear as cubes.
        let units = one
            .lines()
            .filter(|l| !l.starts_with(['c', 'p']) && l.split(' ').count() == 2);
        assert_eq!(units.count(), 0, "{encoding}");
    }
}

#[test]
fn a_bad_puzzle_ends_the_stream_naming_its_line() {
    let text = std::fs::read_to_string(testdata("puzzles/batch/batch_9x9.txt")).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let input = format!(
        "{}\n{}\n{}x\n{}\n",
        puzzles[0],
        puzzles[1],
        &puzzles[2][..80],
        puzzles[3]
    );
    let out = run("sudoku2cnf", &[], input.as_bytes());
    out.expect_code(2).expect_stderr_contains("line 3");
    assert_eq!(
        out.stdout_text()
            .lines()
            .filter(|l| l.starts_with("a "))
            .count(),
        2
    );
    // Another size than the first puzzle's.
    let mixed = format!("{}\n{}\n1.3.............\n", puzzles[0], puzzles[1]);
    run("sudoku2cnf", &[], mixed.as_bytes())
        .expect_code(2)
        .expect_stderr_contains("puzzle 3 (line 3) is 4x4");
    run("sudoku2cnf", &["--break-symmetry"], mixed.as_bytes())
        .expect_code(2)
        .expect_stderr_contains("--break-symmetry");
}

#[test]
fn stream_refusals_and_limits() {
    let cnf = stream_cnf(&testdata("puzzles/batch/batch_9x9.txt"), &[]);
    let proof = scratch("batch-refusals").join("refused.drat");
    for flags in [
        &["--proof", proof.to_str().unwrap()][..],
        &["--format", "res"],
        &["--print-cnf"],
    ] {
        run("satsolve", flags, &cnf)
            .expect_code(2)
            .expect_no_stdout()
            .expect_stderr_contains("incremental CNF");
    }
    assert!(!proof.exists(), "a refused run left a proof file");
    // --models, once refused on streams, answers every cube: one group per puzzle.
    let models = run("satsolve", &["--models", "2", "--true-only"], &cnf);
    models.expect_code(20);
    let text = models.stdout_text();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("c cube ")).count(),
        50
    );
    assert!(text.contains("c cube 26 models 0 exact\ns UNSATISFIABLE\n"));
    // One conflict per block: some hard puzzles give up, but every cube keeps its block.
    let limited = run("satsolve", &["--conflicts", "1", "--true-only"], &cnf);
    let answers = blocks(&limited.stdout_text());
    assert_eq!(answers.len(), 50);
    assert_eq!(answers[25].status, "UNSATISFIABLE");
    assert_eq!(limited.code, 20);
    assert!(answers.iter().any(|block| block.status == "UNKNOWN"));
}

#[test]
fn gzip_stream_reads_like_plain() {
    use flate2::{write::GzEncoder, Compression};
    use std::io::Write;
    let cnf = stream_cnf(&testdata("puzzles/batch/batch_4x4.txt"), &[]);
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(&cnf).unwrap();
    let packed = encoder.finish().unwrap();
    let plain = run("satsolve", &[], &cnf);
    let unpacked = run("satsolve", &[], &packed);
    assert_eq!((plain.code, unpacked.code), (20, 20));
    assert_eq!(plain.stdout, unpacked.stdout);
}

/// Whether some assignment of `vars` variables satisfies `clauses` with `cube` true.
fn brute_force(vars: usize, clauses: &[Vec<i64>], cube: &[i64]) -> bool {
    let clauses = clauses.to_vec();
    is_satisfiable_under(&Formula { vars, clauses }, cube)
}

#[test]
fn random_cubes_agree_with_a_fresh_solve_of_formula_and_units() {
    let mut rng = SplitMix64(0x1c9f);
    for round in 0..12 {
        let vars = 6 + rng.index(5);
        // Literals drawn with replacement: repeats and tautologies reach the stream reader.
        let random_clause = |rng: &mut SplitMix64| random_lits(rng, vars, 3);
        let mut clauses: Vec<Vec<i64>> = (0..vars * 3).map(|_| random_clause(&mut rng)).collect();
        let mut text = String::from("p inccnf\n");
        for clause in &clauses {
            text.push_str(&format!("{} 0\n", join(clause)));
        }
        let mut expected = Vec::new();
        let mut cubes = Vec::new();
        for _ in 0..20 {
            // Now and then a clause between cubes: it holds from here on.
            if rng.below(4) == 0 {
                let clause = random_clause(&mut rng);
                text.push_str(&format!("{} 0\n", join(&clause)));
                clauses.push(clause);
            }
            let len = rng.index(4);
            let cube = random_lits(&mut rng, vars, len);
            text.push_str(&format!("a {} 0\n", join(&cube)).replace("a  0", "a 0"));
            expected.push(brute_force(vars, &clauses, &cube));
            cubes.push((cube, clauses.clone()));
        }
        for (engine, strategy) in [
            ("cdcl", ""),
            ("dpll", ""),
            ("splr", ""),
            ("cdcl", "--assumptions"),
            ("dpll", "--assumptions"),
        ] {
            let mut flags = vec!["--engine", engine];
            if !strategy.is_empty() {
                flags.push(strategy);
            }
            let out = run("satsolve", &flags, text.as_bytes());
            let answers = blocks(&out.stdout_text());
            assert_eq!(answers.len(), 20, "round {round} {engine}");
            for (k, (block, (cube, clauses))) in answers.iter().zip(&cubes).enumerate() {
                assert_eq!(
                    block.status == "SATISFIABLE",
                    expected[k],
                    "round {round} {engine} cube {k}"
                );
                if expected[k] {
                    let is_true = |lit: i64| {
                        block.true_vars.contains(&(lit.unsigned_abs() as usize)) == (lit > 0)
                    };
                    assert!(cube.iter().all(|&lit| is_true(lit)));
                    assert!(clauses.iter().all(|c| c.iter().any(|&lit| is_true(lit))));
                }
            }
            let code = if expected.iter().all(|&sat| sat) {
                10
            } else {
                20
            };
            assert_eq!(out.code, code, "round {round} {engine}");
        }
    }
}

fn join(lits: &[i64]) -> String {
    lits.iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn true_only_on_a_plain_cnf_lists_the_81_true_cells() {
    let path = testdata("puzzles/9x9_ai_escargot.txt");
    let cnf = run("sudoku2cnf", &[path.to_str().unwrap()], b"");
    assert!(cnf.stdout_text().contains("\np cnf "));
    let solved = run("satsolve", &["--true-only"], &cnf.stdout);
    solved.expect_code(10);
    let answers = blocks(&solved.stdout_text());
    assert_eq!(answers.len(), 1);
    assert_eq!(answers[0].true_vars.len(), 81);
    let puzzle = &square_puzzles(&path)[0];
    square::solution_of(9, puzzle, &answers[0].true_vars).unwrap();
    run("satsolve", &["--true-only", "--format", "res"], &cnf.stdout)
        .expect_code(2)
        .expect_stderr_contains("--true-only");
}
