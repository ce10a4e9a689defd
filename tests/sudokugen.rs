//! `sudokugen`: grids valid by `gridcheck` and distinct, `--first`, count validation and
//! exit codes; puzzles unique by oracles other than the generator's own code path
//! (`sudoku2cnf | satsolve --models 2`, and MiniSat with a blocking clause).

use std::collections::HashSet;

use sudosat::testkit::peers::Peer;

use crate::util::{run, run_program, scratch};

fn sudokugen(args: &[&str]) -> crate::util::Run {
    run_program(&binary_path(), args, b"")
}

fn binary_path() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_BIN_EXE_sudokugen"))
}

/// Grids of block output: blocks separated by blank lines.
fn blocks(text: &str) -> Vec<String> {
    text.split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn course_spelling_writes_distinct_valid_block_grids() {
    let out = sudokugen(&["-c", "2000"]);
    out.expect_code(0);
    let text = out.stdout_text();
    let grids = blocks(&text);
    assert_eq!(grids.len(), 2000);
    assert!(grids.iter().all(|g| g.lines().count() == 9));
    assert_eq!(grids.iter().collect::<HashSet<_>>().len(), 2000);
    assert_eq!(
        text.len(),
        2000 * 163,
        "9 rows of 18 bytes and a blank line each"
    );
    run("gridcheck", &["-q"], text.as_bytes()).expect_code(0);
}

/// True when the 9x9 block text `grid` (9 rows of 9 space-separated digits) has every
/// digit once in each row, column and box: a check sharing no code with the library.
fn valid_9x9_block(grid: &[u8]) -> bool {
    let digit = |r: usize, c: usize| grid[r * 18 + 2 * c];
    let all = |cells: &mut dyn Iterator<Item = u8>| {
        let mut seen = 0u16;
        for d in cells {
            if !(b'1'..=b'9').contains(&d) {
                return false;
            }
            seen |= 1 << (d - b'0');
        }
        seen == 0x3fe
    };
    (0..9).all(|i| {
        all(&mut (0..9).map(|c| digit(i, c)))
            && all(&mut (0..9).map(|r| digit(r, i)))
            && all(&mut (0..9).map(|j| digit(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3)))
    })
}

#[test]
fn four_hundred_thousand_grids_cross_patterns_and_buffers_distinct_and_valid() {
    // 9! = 362,880 grids per shift pattern, 6,432 grids per 1 MiB buffer: this count
    // crosses a pattern and about 60 buffers of the threaded writer.
    let count = 400_000;
    let out = sudokugen(&["-c", &count.to_string()]);
    out.expect_code(0);
    assert_eq!(out.stdout.len(), count * 163);
    let grids: Vec<&[u8]> = out.stdout.chunks_exact(163).collect();
    assert!(grids.iter().all(|g| g[161..] == *b"\n\n"));
    assert!(grids.iter().all(|g| valid_9x9_block(g)));
    assert_eq!(grids.iter().collect::<HashSet<_>>().len(), count);
}

#[test]
fn line_format_first_digit_and_other_sizes() {
    let out = sudokugen(&["grids", "500", "--first", "7", "--format", "line"]);
    out.expect_code(0);
    let text = out.stdout_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 500);
    assert!(lines.iter().all(|l| l.len() == 81 && l.starts_with('7')));
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 500);
    run("gridcheck", &["-q"], text.as_bytes()).expect_code(0);

    for (args, layout) in [
        (vec!["grids", "30", "--size", "16"], vec!["--size", "16"]),
        (
            vec!["grids", "48", "--size", "4", "--format", "line"],
            vec!["--size", "4"],
        ),
        (
            vec!["grids", "20", "--layout", "hanidoku", "--format", "line"],
            vec!["--layout", "hanidoku"],
        ),
        (
            vec!["grids", "20", "--layout", "x-sudoku"],
            vec!["--layout", "x-sudoku"],
        ),
        (
            vec![
                "grids", "20", "--random", "--seed", "3", "--layout", "hanidoku",
            ],
            vec!["--layout", "hanidoku"],
        ),
        (
            vec!["grids", "20", "--random", "--seed", "3", "--size", "16"],
            vec!["--size", "16"],
        ),
    ] {
        let out = sudokugen(&args);
        out.expect_code(0);
        let text = out.stdout_text();
        let mut check = vec!["-q"];
        check.extend(&layout);
        run("gridcheck", &check, text.as_bytes()).expect_code(0);
        let units: Vec<String> = if args.contains(&"line") {
            text.lines().map(str::to_string).collect()
        } else {
            blocks(&text)
        };
        let want: usize = args[1].parse().unwrap();
        assert_eq!(units.len(), want, "{args:?}");
        assert_eq!(units.iter().collect::<HashSet<_>>().len(), want, "{args:?}");
    }
}

#[test]
fn random_grids_reproduce_from_the_seed() {
    let a = sudokugen(&[
        "grids", "5", "--random", "--seed", "42", "--layout", "x-sudoku",
    ]);
    let b = sudokugen(&[
        "grids", "5", "--random", "--seed", "42", "--layout", "x-sudoku",
    ]);
    let c = sudokugen(&[
        "grids", "5", "--random", "--seed", "43", "--layout", "x-sudoku",
    ]);
    a.expect_code(0);
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn counts_are_validated_with_exit_2() {
    for (args, fragment) in [
        (vec!["-c", "0"], "positive integer"),
        (vec!["-c", "-5"], "-5"),
        (vec!["-c", "ten"], "positive integer, not `ten`"),
        (vec!["grids", "49", "--size", "4"], "only 48 distinct grids"),
        (
            vec!["grids", "5806081", "--first", "1"],
            "only 5806080 distinct grids",
        ),
        (vec!["grids", "52254721"], "only 52254720"),
        (vec!["grids", "3", "--first", "10"], "--first 10"),
        (vec!["grids", "3", "--layout", "nowhere"], "unknown layout"),
        (vec!["puzzles", "0"], "positive integer"),
        (vec!["puzzles", "1", "--clues", "82"], "--clues 82"),
        (vec!["rate", "/no/such/file"], "/no/such/file"),
        (vec!["rate", "--sat", "/no/such/file"], "/no/such/file"),
        (vec!["reglib", "/no/such/file"], "/no/such/file"),
    ] {
        let out = sudokugen(&args);
        out.expect_code(2).expect_no_stdout();
        if !fragment.is_empty() {
            out.expect_stderr_contains(fragment);
        }
    }
    // A clue count that cannot be reached in the budget is a failure, not a usage error.
    sudokugen(&["puzzles", "1", "--clues", "14", "--attempts", "3"])
        .expect_code(1)
        .expect_stderr_contains("after 3 attempts");
}

/// Checks that every puzzle (one per line) has exactly one solution with two oracles:
/// `sudoku2cnf | satsolve --models 2`, and MiniSat solving, then solving again with the
/// solution's cell literals blocked.
fn assert_unique(text: &str, layout_args: &[&str]) {
    let minisat = Peer::MiniSat.find();
    for (i, line) in text.lines().enumerate() {
        let mut args = layout_args.to_vec();
        args.extend(["--encoding", "extended"]);
        let cnf = run("sudoku2cnf", &args, line.as_bytes());
        cnf.expect_code(0);
        let models = run("satsolve", &["--models", "2"], &cnf.stdout);
        models.expect_code(10);
        assert!(
            models.stderr.contains("models 1 (no other model exists)"),
            "puzzle {i} {line}: {}",
            models.stderr
        );
        let Some(minisat) = &minisat else { continue };
        let cells = text_cells(line, layout_args);
        let n = if layout_args.contains(&"hanidoku") {
            9
        } else {
            (cells as f64).sqrt() as usize
        };
        let solution = minisat
            .unique_solution(&cnf.stdout_text(), cells * n)
            .unwrap_or_else(|error| panic!("puzzle {i} {line}: {error}"));
        assert_eq!(solution.len(), cells, "one true digit per cell");
    }
}

fn text_cells(line: &str, layout_args: &[&str]) -> usize {
    if layout_args.contains(&"hanidoku") {
        61
    } else {
        line.len()
    }
}

/// The DIMACS text with its `p cnf` clause count raised by one.
#[test]
fn minimal_9x9_puzzles_are_unique_and_reproducible() {
    let out = sudokugen(&["puzzles", "6", "--minimal", "--seed", "5"]);
    out.expect_code(0);
    let text = out.stdout_text();
    assert_eq!(text.lines().count(), 6);
    assert!(text.lines().all(|l| l.len() == 81 && l.contains('.')));
    assert_unique(&text, &[]);
    assert_eq!(
        sudokugen(&["puzzles", "6", "--seed", "5"]).stdout,
        out.stdout
    );
    run("gridcheck", &["--partial", "-q"], &out.stdout).expect_code(0);
}

#[test]
fn puzzles_of_other_layouts_and_clue_counts_are_unique() {
    let cases: [(&[&str], &[&str], &str); 4] = [
        (
            &["puzzles", "3", "--layout", "hanidoku", "--seed", "2"],
            &["--layout", "hanidoku"],
            "gen-hani",
        ),
        (
            &["puzzles", "3", "--layout", "x-sudoku", "--seed", "2"],
            &["--layout", "x-sudoku"],
            "gen-x",
        ),
        (
            &["puzzles", "2", "--size", "16", "--seed", "2"],
            &["--size", "16"],
            "gen-16",
        ),
        (
            &["puzzles", "3", "--clues", "28", "--seed", "2"],
            &[],
            "gen-28",
        ),
    ];
    for (args, layout, name) in cases {
        let out = sudokugen(args);
        out.expect_code(0);
        let text = out.stdout_text();
        assert_eq!(text.lines().count(), args[1].parse::<usize>().unwrap());
        if name == "gen-28" {
            assert!(text
                .lines()
                .all(|l| l.chars().filter(|&c| c != '.').count() == 28));
        }
        assert_unique(&text, layout);
    }
}

#[test]
fn block_format_puzzles_feed_sudoku2cnf() {
    let out = sudokugen(&["puzzles", "2", "--seed", "8", "--format", "block"]);
    out.expect_code(0);
    let text = out.stdout_text();
    assert_eq!(blocks(&text).len(), 2);
    run("sudoku2cnf", &["--index", "2"], text.as_bytes()).expect_code(0);
}

#[test]
fn sat_levels_order_known_puzzles_and_generation_hits_levels() {
    let easy =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    // No puzzles on stdin: nothing to rate, and no error.
    let out = sudokugen(&["rate", "--sat"]);
    out.expect_code(0);
    assert!(out.stdout.is_empty());
    let rated = run_program(&binary_path(), &["rate", "--sat"], easy.as_bytes());
    rated.expect_code(0);
    assert_eq!(rated.stdout_text(), "propagation 0\n");
    for level in ["propagation", "probing"] {
        let out = sudokugen(&["puzzles", "2", "--sat-level", level, "--seed", "4"]);
        out.expect_code(0);
        let rated = run_program(&binary_path(), &["rate", "--sat"], &out.stdout);
        rated.expect_code(0);
        assert!(
            rated.stdout_text().lines().all(|l| l.starts_with(level)),
            "{level}: {}",
            rated.stdout_text()
        );
    }
    let summary = run_program(
        &binary_path(),
        &["rate", "--sat", "--summary"],
        easy.as_bytes(),
    );
    assert!(summary.stdout_text().starts_with("propagation         1"));
}

#[test]
fn se_rating_steps_and_not_unique() {
    let easy =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    let rated = run_program(&binary_path(), &["rate"], easy.as_bytes());
    rated.expect_code(0);
    assert_eq!(
        rated.stdout_text(),
        "1.2/1.2/1.2 easy (hardest: Hidden Single)\n"
    );
    // The path: one step a line, tab-separated, each effect in the puzzle's cell names.
    let steps = run_program(&binary_path(), &["rate", "--steps"], easy.as_bytes());
    steps.expect_code(0);
    let text = steps.stdout_text();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("puzzle 1: 1.2/1.2/1.2 easy (hardest: Hidden Single)")
    );
    let rest: Vec<&str> = lines.collect();
    assert_eq!(
        rest.len(),
        easy.trim().bytes().filter(|&b| b == b'.').count()
    );
    for line in &rest {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(
            fields[0].starts_with('r') && fields[0].contains('='),
            "{line}"
        );
        assert!(!fields[2].is_empty());
    }
    // Two solutions: rated "not unique", no path, exit 1; the next puzzle still rated.
    let two = ".................................................................................\n";
    let both = format!("{two}{easy}");
    let out = run_program(&binary_path(), &["rate", "--steps"], both.as_bytes());
    out.expect_code(1);
    let text = out.stdout_text();
    assert!(
        text.starts_with("puzzle 1: not unique\npuzzle 2: 1.2/1.2/1.2 easy"),
        "{text}"
    );
    // A hard one: AI Escargot needs more than singles and is rated as such.
    let escargot =
        std::fs::read_to_string(crate::util::testdata("puzzles/9x9_ai_escargot.txt")).unwrap();
    let out = run_program(&binary_path(), &["rate"], escargot.as_bytes());
    out.expect_code(0);
    let er: f64 = out
        .stdout_text()
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(er >= 6.5, "{}", out.stdout_text());
}

/// The differential test of the rating: `sudokugen rate` on the 80 puzzles of the
/// Sukaku Explainer sample (testdata/ratings) gives each puzzle's published ER.
#[test]
fn ratings_equal_sukaku_explainers_on_its_sample() {
    let sample =
        std::fs::read_to_string(crate::util::testdata("ratings/sukaku_explainer_sample.txt"))
            .unwrap();
    let (puzzles, published): (Vec<&str>, Vec<&str>) = sample
        .lines()
        .map(|line| line.split_once(' ').unwrap())
        .unzip();
    assert_eq!(puzzles.len(), 80);
    let input = puzzles.join("\n") + "\n";
    let out = run_program(&binary_path(), &["rate"], input.as_bytes());
    out.expect_code(0);
    let text = out.stdout_text();
    let ours: Vec<&str> = text
        .lines()
        .map(|line| line.split('/').next().unwrap())
        .collect();
    let differ: Vec<String> = (0..80)
        .filter(|&i| ours.get(i) != Some(&published[i]))
        .map(|i| format!("line {}: {:?} for {}", i + 1, ours.get(i), published[i]))
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
}

#[test]
fn puzzles_by_rating_range_and_technique() {
    let out = sudokugen(&["puzzles", "2", "--rating", "2.6-4.0", "--seed", "3"]);
    out.expect_code(0);
    let rated = run_program(&binary_path(), &["rate"], &out.stdout);
    rated.expect_code(0);
    for line in rated.stdout_text().lines() {
        let er: f64 = line.split('/').next().unwrap().parse().unwrap();
        assert!((2.6..=4.0).contains(&er), "{line}");
    }
    let out = sudokugen(&[
        "puzzles",
        "1",
        "--technique",
        "x-wing",
        "--seed",
        "5",
        "--attempts",
        "3000",
    ]);
    out.expect_code(0);
    let steps = run_program(&binary_path(), &["rate", "--steps"], &out.stdout);
    assert!(
        steps.stdout_text().contains("\tX-Wing\t"),
        "{}",
        steps.stdout_text()
    );
    for (args, fragment) in [
        (vec!["puzzles", "1", "--rating", "4-3"], "rating range"),
        (vec!["puzzles", "1", "--rating", "x"], "rating range"),
        (
            vec!["puzzles", "1", "--technique", "no-such"],
            "unknown technique",
        ),
        (
            vec!["puzzles", "1", "--technique", "template-delete"],
            "not on the rating's path",
        ),
    ] {
        sudokugen(&args)
            .expect_code(2)
            .expect_no_stdout()
            .expect_stderr_contains(fragment);
    }
}

#[test]
fn the_regression_library_command_reads_the_library_and_refuses_bad_lines() {
    let dir = scratch("sudokugen-reglib");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# a comment\n:0300:5:not a grid:::\n").unwrap();
    let out = sudokugen(&["reglib", bad.to_str().unwrap()]);
    out.expect_code(2)
        .expect_no_stdout()
        .expect_stderr_contains("line 2");
    let Some(library) = sudosat::testkit::external::shared_path("puzzles/hodoku/reglib-1.3.txt")
    else {
        return;
    };
    let out = sudokugen(&["reglib", library.to_str().unwrap(), "--technique", "x-wing"]);
    out.expect_code(0);
    assert_eq!(out.stdout_text(), "0300\t11\t0\tX-Wing\n");
}
