//! The tutor on whole puzzles of every shipped board: each step agrees with the unique
//! solution (the tutor records any that does not), the path ends at the solution, and the
//! simple puzzles need nothing beyond singles.

use super::*;
use crate::grid::{parse_puzzles_for, Grid};
use crate::play::{empty_board_cnf, solutions, Solutions};

/// The puzzles of a test data file for `layout`.
pub(crate) fn puzzles(path: &str, layout: &Layout) -> Vec<Grid> {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&full).unwrap();
    parse_puzzles_for(&text, layout, false)
        .unwrap()
        .into_iter()
        .map(|p| p.grid)
        .collect()
}

/// The unique solution of `puzzle`, proven by the CDCL.
pub(crate) fn solution(layout: &Layout, puzzle: &Grid) -> Grid {
    let cnf = empty_board_cnf(layout).unwrap();
    match solutions(layout, puzzle, &cnf).unwrap() {
        Solutions::Unique(grid) => grid,
        other => panic!("not unique: {other:?}"),
    }
}

/// Solves `puzzle` step by step; returns the techniques used. Panics on a wrong step or
/// a path that does not end at the solution.
pub(crate) fn solve_checked(layout: &Layout, puzzle: &Grid) -> Vec<Technique> {
    let answer = solution(layout, puzzle);
    let mut tutor = Tutor::new(layout, &answer);
    let mut board = Board::new(layout, puzzle.cells());
    let mut used = Vec::new();
    loop {
        match tutor.next(&board) {
            Next::Solved => break,
            Next::Mistake(m) => panic!("mistake on a board built from the steps: {m:?}"),
            Next::Step(step) => {
                assert!(step.agrees_with(answer.cells()), "{step:?}");
                assert!(!step.text.is_empty() && !step.place.is_empty(), "{step:?}");
                board.apply(layout, &step);
                used.push(step.technique);
            }
        }
        assert!(used.len() <= 64 * 64 * 64, "the path does not end");
    }
    assert_eq!(board.digits(), answer.cells());
    assert!(tutor.wrong_steps().is_empty(), "{:?}", tutor.wrong_steps());
    used
}

#[test]
fn an_easy_puzzle_needs_only_singles() {
    let layout = Layout::square(9).unwrap();
    let grid = parse_puzzles_for(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        &layout,
        false,
    )
    .unwrap()[0]
        .grid
        .clone();
    let used = solve_checked(&layout, &grid);
    assert_eq!(used.len(), 81 - grid.givens());
    assert!(used.iter().all(|t| matches!(
        t,
        Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
    )));
}

#[test]
fn every_shipped_board_is_solved_without_a_wrong_step() {
    for (layout, file) in [
        ("sudoku", "testdata/puzzles/9x9_ai_escargot.txt"),
        (
            "testdata/layouts/jigsaw9.layout",
            "testdata/layouts/jigsaw9.txt",
        ),
        (
            "testdata/layouts/windoku9.layout",
            "testdata/layouts/windoku9.txt",
        ),
        ("x-sudoku", "testdata/layouts/x-sudoku9.txt"),
        ("hanidoku", "testdata/layouts/hanidoku.txt"),
        (
            "testdata/layouts/flower.layout",
            "testdata/layouts/flower.txt",
        ),
        (
            "testdata/layouts/pinwheel.layout",
            "testdata/layouts/pinwheel.txt",
        ),
    ] {
        let spec = if layout.starts_with("testdata") {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(layout)
                .to_string_lossy()
                .into_owned()
        } else {
            layout.to_string()
        };
        // The hard Hanidoku walks take nested forcing chains (seconds each in a release
        // build): release builds only (`make test`).
        if cfg!(debug_assertions) && file.contains("hanidoku") {
            continue;
        }
        let layout = Layout::resolve(&spec, None).unwrap();
        for puzzle in puzzles(file, &layout) {
            solve_checked(&layout, &puzzle);
        }
    }
}

#[test]
fn a_16x16_puzzle_is_solved_without_a_wrong_step() {
    let layout = Layout::square(16).unwrap();
    for puzzle in puzzles("testdata/puzzles/16x16_unique.txt", &layout) {
        solve_checked(&layout, &puzzle);
    }
}

#[test]
fn mistakes_come_before_steps() {
    let layout = Layout::square(4).unwrap();
    let answer = Grid::from_cells(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    let mut tutor = Tutor::new(&layout, &answer);
    let mut digits = vec![0u8; 16];
    digits[0] = 2;
    assert_eq!(
        tutor.next(&Board::new(&layout, &digits)),
        Next::Mistake(Mistake::WrongDigit {
            cell: 0,
            digit: 2,
            correct: 1
        })
    );
    let marks = vec![0b0010; 16];
    assert_eq!(
        tutor.next(&Board::with_marks(&layout, &[0; 16], &marks)),
        Next::Mistake(Mistake::MissingCandidate { cell: 0, digit: 1 })
    );
    assert_eq!(
        tutor.next(&Board::new(&layout, answer.cells())),
        Next::Solved
    );
}

#[test]
fn technique_names_slugs_and_codes_parse_back() {
    for technique in Technique::ALL {
        assert_eq!(technique.slug().parse::<Technique>(), Ok(technique));
        assert_eq!(technique.name().parse::<Technique>(), Ok(technique));
    }
    assert_eq!("0300".parse::<Technique>(), Ok(Technique::XWing));
    assert_eq!(
        Technique::from_code("0402"),
        Some(Technique::EmptyRectangle)
    );
    assert!("no-such".parse::<Technique>().is_err());
}

/// `docs/techniques.md` shows the technique table as the code has it: the lines between
/// its `table:begin` and `table:end` markers are `table::markdown()`.
#[test]
fn the_docs_list_the_technique_table() {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/techniques.md"),
    )
    .unwrap();
    let begin = "<!-- table:begin (written from src/human/table.rs; a test compares) -->\n";
    let start = docs.find(begin).expect("the table:begin marker") + begin.len();
    let end = docs[start..]
        .find("<!-- table:end -->")
        .expect("the table:end marker");
    let shown = &docs[start..start + end];
    let table = crate::human::table::markdown();
    if shown != table {
        panic!("docs/techniques.md lists another table; write this one:\n{table}");
    }
}

/// Pass and fail counts per library code, and the failures in words.
pub(crate) type ReglibRun = (Vec<(String, usize, usize)>, Vec<String>);

/// Runs every case of HoDoKu's regression library (read from the shared folder) whose
/// technique we implement; returns (code, passed, failed) per code and the failures.
pub(crate) fn run_reglib() -> Option<ReglibRun> {
    let path = crate::testkit::external::shared_path("puzzles/hodoku/reglib-1.3.txt")?;
    let text = std::fs::read_to_string(path).unwrap();
    let layout = Layout::square(9).unwrap();
    let topo = Topology::new(&layout);
    let mut table: Vec<(String, usize, usize)> = Vec::new();
    let mut failures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(case) = reglib::parse_case(line, i + 1, &layout).unwrap() else {
            continue;
        };
        let verdict = reglib::check_case(&case, &layout, &topo);
        if verdict == reglib::Verdict::Unsupported {
            continue;
        }
        let code = case.full_code();
        let entry = match table.iter_mut().find(|(c, _, _)| *c == code) {
            Some(entry) => entry,
            None => {
                table.push((code.clone(), 0, 0));
                table.last_mut().unwrap()
            }
        };
        if verdict.passed() {
            entry.1 += 1;
            if verdict != reglib::Verdict::Pass {
                eprintln!("line {} ({code}): {verdict}", case.line);
            }
        } else {
            entry.2 += 1;
            failures.push(format!("line {} ({code}): {verdict}", case.line));
        }
    }
    Some((table, failures))
}

#[test]
fn the_regression_library_passes_for_every_implemented_technique() {
    let Some((table, failures)) = run_reglib() else {
        return;
    };
    for (code, pass, fail) in &table {
        eprintln!("{code}: {pass} passed, {fail} failed");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{failures:#?}",
        failures.len()
    );
    assert!(table.iter().any(|(c, p, _)| c == "0002" && *p > 30));
}

#[test]
#[ignore]
fn debug_case() {
    let line = std::env::var("CASE").unwrap();
    let layout = Layout::square(9).unwrap();
    let case = reglib::parse_case(&line, 1, &layout).unwrap().unwrap();
    for r in 0..9 {
        let row: Vec<String> = (0..9)
            .map(|c| {
                let cell = r * 9 + c;
                match case.board.digit(cell) {
                    0 => format!("{:>9}", step::digits_compact(case.board.candidates(cell))),
                    d => format!("{:>9}", format!("[{d}]")),
                }
            })
            .collect();
        eprintln!("{}", row.join(" "));
    }
    let topo = Topology::new(&layout);
    let technique = Technique::from_code(&case.code).unwrap();
    for step in all_steps(&layout, &topo, &case.board, technique, Options::default()) {
        eprintln!(
            "{} | {} | {} | len {}",
            reglib::candidate_field(&step),
            step.effects_text(&layout),
            step.text,
            step.length
        );
    }
    eprintln!("{}", reglib::check_case(&case, &layout, &topo));
}

/// Development aid: `PUZZLES=file LAYOUT=sudoku COUNT=n cargo test --release --lib
/// human::tests::survey -- --ignored --nocapture` prints the techniques used and the
/// time per puzzle.
#[test]
#[ignore]
fn survey() {
    let file = std::env::var("PUZZLES").unwrap();
    let spec = std::env::var("LAYOUT").unwrap_or_else(|_| "sudoku".into());
    let count: usize = std::env::var("COUNT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(50);
    let layout = Layout::resolve(&spec, None).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let puzzles = crate::grid::PuzzleReader::for_layout(std::io::Cursor::new(text), &layout, false)
        .filter_map(Result::ok)
        .take(count)
        .map(|p| p.grid)
        .collect::<Vec<_>>();
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    let mut slowest = (0.0, 0);
    let start = std::time::Instant::now();
    let examples = std::env::var("EXAMPLES").is_ok();
    let mut shown: Vec<Technique> = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let t = std::time::Instant::now();
        for technique in solve_checked(&layout, puzzle) {
            *counts.entry(technique.name().to_string()).or_default() += 1;
        }
        if examples {
            // The first step of each technique, with the board it applies to.
            let answer = solution(&layout, puzzle);
            let mut tutor = Tutor::new(&layout, &answer);
            let mut board = Board::new(&layout, puzzle.cells());
            let mut k = 0;
            while let Next::Step(step) = tutor.next(&board) {
                if !shown.contains(&step.technique) {
                    shown.push(step.technique);
                    let digits: String = board
                        .digits()
                        .iter()
                        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
                        .collect();
                    eprintln!(
                        "EXAMPLE\t{}\t{i}\t{k}\t{}\t{}\t{}\t{}",
                        step.technique.slug(),
                        puzzle,
                        digits,
                        step.effects_text(&layout),
                        step.text
                    );
                }
                board.apply(&layout, &step);
                k += 1;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        if secs > slowest.0 {
            slowest = (secs, i);
        }
    }
    for (name, n) in &counts {
        eprintln!("{n:>7} {name}");
    }
    eprintln!(
        "{} puzzles in {:.2} s, slowest #{} {:.3} s",
        puzzles.len(),
        start.elapsed().as_secs_f64(),
        slowest.1,
        slowest.0
    );
}

/// The puzzles of a shared set, every `step`-th from the first, at most `count`.
fn shared_sample(relative: &str, layout: &Layout, step: usize, count: usize) -> Option<Vec<Grid>> {
    let path = crate::testkit::external::shared_path(relative)?;
    let text = std::fs::read_to_string(path).unwrap();
    // The shared files carry comment and count lines; take lines that parse as puzzles.
    let puzzles: Vec<Grid> = text
        .lines()
        .filter_map(|line| parse_puzzles_for(line.trim(), layout, false).ok())
        .filter_map(|mut p| (p.len() == 1).then(|| p.remove(0).grid))
        .step_by(step)
        .take(count)
        .collect();
    Some(puzzles)
}

/// Nothing wrong, ever: every step of every puzzle of a fixed sample of each shared set
/// agrees with the unique solution (`solve_checked` asserts it, and that the tutor found
/// no wrong step to drop). `make bench-hints` runs the whole sets.
fn nothing_wrong(relative: &str, layout: &Layout, step: usize, count: usize) {
    let Some(puzzles) = shared_sample(relative, layout, step, count) else {
        return;
    };
    assert!(!puzzles.is_empty(), "{relative}: no puzzles read");
    for puzzle in &puzzles {
        solve_checked(layout, puzzle);
    }
}

#[test]
fn nothing_wrong_on_17_clue_puzzles() {
    nothing_wrong(
        "puzzles/puzzles2_17_clue",
        &Layout::square(9).unwrap(),
        491,
        100,
    );
}

#[test]
fn nothing_wrong_on_top95() {
    nothing_wrong(
        "puzzles/norvig_top95.txt",
        &Layout::square(9).unwrap(),
        1,
        95,
    );
}

#[test]
fn nothing_wrong_on_top1465() {
    nothing_wrong(
        "puzzles/puzzles3_magictour_top1465",
        &Layout::square(9).unwrap(),
        29,
        50,
    );
}

/// Release builds only (`make test`): the walks take nested forcing chains, a minute in a
/// release build, far too long in a debug one, where it shows as ignored, not passed.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release builds only: nested chains, minutes in debug"
)]
fn nothing_wrong_on_hard_hanidoku() {
    nothing_wrong(
        "puzzles/hanidoku/1050_hard_hanidoku.txt",
        &Layout::hanidoku(),
        105,
        10,
    );
}
