//! Hints and ratings on a puzzle file, timed: the measuring side of `make bench-hints`
//! (scripts/bench-hints.py reads its output).
//!
//!     hint_bench [--layout NAME|FILE] [--rate] PUZZLES
//!
//! For each puzzle (proven unique first; others are reported and skipped) the tutor
//! gives steps from the givens to the solution, each `Tutor::next` call timed. One line
//! per step: `step<TAB>PUZZLE<TAB>TECHNIQUE<TAB>MICROSECONDS`, then one line per puzzle:
//! `puzzle<TAB>PUZZLE<TAB>STEPS<TAB>WRONG` (WRONG: steps the tutor dropped for
//! disagreeing with the solution, which must be 0). With `--rate` the SE-style rating is
//! timed as well: `rating<TAB>PUZZLE<TAB>ER<TAB>MICROSECONDS`.

use std::io::Write;
use std::time::Instant;

use sudosat::grid::PuzzleReader;
use sudosat::human::rating::rate_with;
use sudosat::human::{Board, Next, Tutor};
use sudosat::layout::Layout;
use sudosat::play::{empty_board_cnf, solutions, Solutions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut layout_spec = "sudoku".to_string();
    let mut rate = false;
    let mut file = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--layout" => {
                i += 1;
                layout_spec = args.get(i).cloned().unwrap_or_default();
            }
            "--rate" => rate = true,
            other => file = Some(other.to_string()),
        }
        i += 1;
    }
    let Some(file) = file else {
        eprintln!("hint_bench: give a puzzle file");
        std::process::exit(2);
    };
    let layout = Layout::resolve(&layout_spec, None).unwrap_or_else(|e| {
        eprintln!("hint_bench: {e}");
        std::process::exit(2);
    });
    let text = std::fs::read(&file).unwrap_or_else(|e| {
        eprintln!("hint_bench: {file}: {e}");
        std::process::exit(2);
    });
    let cnf = empty_board_cnf(&layout).expect("the layout encodes");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (k, puzzle) in PuzzleReader::for_layout(&text[..], &layout, false).enumerate() {
        let puzzle = match puzzle {
            Ok(p) => p.grid,
            Err(e) => {
                eprintln!("hint_bench: {file}: {e}");
                std::process::exit(2);
            }
        };
        let Ok(Solutions::Unique(solution)) = solutions(&layout, &puzzle, &cnf) else {
            writeln!(out, "skip\t{k}\tnot unique").unwrap();
            continue;
        };
        let mut tutor = Tutor::new(&layout, &solution);
        let mut board = Board::new(&layout, puzzle.cells());
        let mut steps = 0;
        loop {
            let start = Instant::now();
            let next = tutor.next(&board);
            let micros = start.elapsed().as_micros();
            match next {
                Next::Step(step) => {
                    writeln!(out, "step\t{k}\t{}\t{micros}", step.technique.slug()).unwrap();
                    board.apply(&layout, &step);
                    steps += 1;
                }
                Next::Solved => break,
                Next::Mistake(m) => panic!("puzzle {k}: a mistake on the tutor's own path: {m:?}"),
            }
        }
        writeln!(out, "puzzle\t{k}\t{steps}\t{}", tutor.wrong_steps().len()).unwrap();
        if rate {
            let start = Instant::now();
            let rating = rate_with(&layout, tutor.topology(), puzzle.cells(), solution.cells());
            let micros = start.elapsed().as_micros();
            writeln!(out, "rating\t{k}\t{:.1}\t{micros}", rating.er).unwrap();
        }
        out.flush().unwrap();
    }
}
