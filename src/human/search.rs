//! Search, the last rung: when no technique applies, the cell with the fewest
//! candidates gets the solution's digit, and the step says how many guesses a
//! depth-first search with singles needed to rule out its other candidates.

use super::board::Board;
use super::limits::LIMITS;
use super::quick;
use super::step::{digits_text, Effect, Step};
use super::technique::Technique;
use super::topology::Topology;
use super::view::{digits, Found, View};

/// Guesses to show that `board` has no solution, by depth-first search on the cell
/// with fewest candidates; `None` when `budget` guesses do not settle it (or a solution
/// turns up, which a caller refuting a wrong candidate never sees).
pub fn refute(topo: &Topology, board: &Board, budget: &mut u64) -> Option<u64> {
    let mut board = board.clone();
    if !quick::propagate(topo, &mut board) {
        return Some(0);
    }
    let cell = (0..topo.cells)
        .filter(|&c| board.digit(c) == 0)
        .min_by_key(|&c| board.candidates(c).count_ones())?;
    let mut total = 0;
    for digit in digits(board.candidates(cell)) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut next = board.clone();
        next.place(topo, cell, digit);
        total += 1 + refute(topo, &next, budget)?;
    }
    Some(total)
}

/// The search step: the solution's digit in the cell with fewest candidates.
pub fn search(v: &View, solution: &[u8], out: &mut Found) {
    let Some(cell) = (0..v.topo.cells)
        .filter(|&c| v.board.digit(c) == 0)
        .min_by_key(|&c| (v.cands(c).count_ones(), c))
    else {
        return;
    };
    let digit = solution[cell];
    let others = v.cands(cell) & !(1u64 << (digit - 1));
    let mut budget = LIMITS.search_guesses;
    let mut guesses = Some(0u64);
    for other in digits(others) {
        let mut board = v.board.clone();
        board.place(v.topo, cell, other);
        guesses = match (guesses, refute(v.topo, &board, &mut budget)) {
            (Some(a), Some(b)) => Some(a + b + 1),
            _ => None,
        };
    }
    let mut step = Step::new(Technique::Search, Effect::Place { cell, digit });
    step.place = format!("at {}", v.cell(cell));
    step.cells = vec![cell];
    step.digits = 1 << (digit - 1);
    let count = match guesses {
        Some(n) => format!("{n} guesses"),
        None => format!("more than {} guesses", LIMITS.search_guesses),
    };
    step.text = format!(
        "No technique of the ladder applies. Trying {} in {} leads to a contradiction \
         every time (a search over {count} with singles), so it holds {digit}.",
        digits_text(others),
        v.cell(cell)
    );
    out.push(step);
}

/// The solutions of `board` by depth-first search with singles, at most `limit` of them
/// (within `LIMITS.search_guesses` guesses per call level; `None` when the budget ran out).
pub fn solutions(topo: &Topology, board: &Board, limit: usize) -> Option<Vec<Vec<u8>>> {
    fn go(
        topo: &Topology,
        board: &Board,
        limit: usize,
        budget: &mut u64,
        out: &mut Vec<Vec<u8>>,
    ) -> bool {
        let mut board = board.clone();
        if !quick::propagate(topo, &mut board) {
            return true;
        }
        let Some(cell) = (0..topo.cells)
            .filter(|&c| board.digit(c) == 0)
            .min_by_key(|&c| board.candidates(c).count_ones())
        else {
            out.push(board.digits().to_vec());
            return true;
        };
        for digit in digits(board.candidates(cell)) {
            if out.len() >= limit {
                return true;
            }
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let mut next = board.clone();
            next.place(topo, cell, digit);
            if !go(topo, &next, limit, budget, out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    let mut budget = LIMITS.search_guesses * 10;
    go(topo, board, limit, &mut budget, &mut out).then_some(out)
}
