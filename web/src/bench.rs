//! The browser's side of `make bench-web`: the tutor's hints timed inside the page's
//! worker, on the walk `examples/hint_bench.rs` times natively (from the givens to the
//! solution, one `Tutor::next` per step, each step applied), so the two compare call for
//! call.

use serde::Serialize;
use sudosat::grid::parse_puzzles_for;
use sudosat::human::{Board, Next, Tutor};
use sudosat::layout::Layout;
use sudosat::play::{empty_board_cnf, solutions, Solutions};

use crate::milliseconds;

/// The hints of a set, timed.
#[derive(Debug, Serialize)]
pub struct HintTimes {
    /// Puzzles walked (unique ones; others are skipped).
    pub puzzles: usize,
    /// Puzzles skipped for not having one solution.
    pub skipped: usize,
    /// Milliseconds of each `Tutor::next` call, in order.
    pub ms: Vec<f64>,
    /// Steps to the solution, per puzzle walked (to compare with the native walk).
    pub steps: Vec<usize>,
    /// Steps the tutor dropped for disagreeing with the solution (must be 0).
    pub wrong: usize,
}

/// Walks the tutor over the first `limit` puzzles of `text` (0: all) on `layout`.
pub fn hints(text: &str, layout: &Layout, limit: usize) -> Result<HintTimes, String> {
    let puzzles = parse_puzzles_for(text, layout, false).map_err(|e| e.to_string())?;
    let limit = if limit == 0 { puzzles.len() } else { limit };
    let cnf = empty_board_cnf(layout).map_err(|e| e.to_string())?;
    let mut times = HintTimes {
        puzzles: 0,
        skipped: 0,
        ms: Vec::new(),
        steps: Vec::new(),
        wrong: 0,
    };
    for puzzle in puzzles.iter().take(limit) {
        let Ok(Solutions::Unique(solution)) = solutions(layout, &puzzle.grid, &cnf) else {
            times.skipped += 1;
            continue;
        };
        let mut tutor = Tutor::new(layout, &solution);
        let mut board = Board::new(layout, puzzle.grid.cells());
        let mut steps = 0;
        loop {
            let start = milliseconds();
            let next = tutor.next(&board);
            times.ms.push(milliseconds() - start);
            match next {
                Next::Step(step) => {
                    board.apply(layout, &step);
                    steps += 1;
                }
                Next::Solved => {
                    times.ms.pop();
                    break;
                }
                Next::Mistake(mistake) => {
                    return Err(format!("a mistake on the tutor's own path: {mistake:?}"))
                }
            }
        }
        times.steps.push(steps);
        times.wrong += tutor.wrong_steps().len();
        times.puzzles += 1;
    }
    Ok(times)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_times_every_step_to_the_solution() {
        let text = include_str!("../../testdata/puzzles/9x9_17clue_first5.txt");
        let layout = Layout::square(9).unwrap();
        let times = hints(text, &layout, 2).unwrap();
        assert_eq!((times.puzzles, times.skipped, times.wrong), (2, 0, 0));
        // At least one step per empty cell: 64 empty cells in each 17-clue puzzle.
        assert!(times.ms.len() >= 128, "{}", times.ms.len());
        assert_eq!(times.steps.iter().sum::<usize>(), times.ms.len());
    }
}
