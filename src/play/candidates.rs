//! Auto candidates: the digits each empty cell can still take by the board's direct
//! rules, as the pencil marks of HoDoKu's and SudokuWiki's "show candidates" views.
//!
//! A digit is a candidate of an empty cell unless a peer holds it (a cell that shares a
//! house or a line), or, on a run line (Hanidoku), it lies outside every run that the
//! line's placed digits still allow: a line of `L` cells over digits `1..=n` holds `L`
//! consecutive digits, so with placed digits from `lo` to `hi` only `hi-L+1 ..= lo+L-1`
//! remain (`layout::runs` does the arithmetic). Nothing subtler (no pairs, no chains) is
//! applied: these are the marks a careful player would write before any technique, which
//! is what the view promises.
//!
//! Against the unique solution, a set of the player's own marks that leaves out the
//! cell's digit has removed a true candidate: [`marks_without_solution`] finds those.

use crate::grid::Grid;
use crate::human::Board;
use crate::layout::runs::{all_digits, line_digits};
use crate::layout::Layout;

/// For each cell, its candidates as a bit set (bit d-1 for digit d); 0 for a filled cell.
/// `digits` holds the board (0 blank). The digits no peer holds ([`Board::new`], the
/// tutor's starting candidates), narrowed on each run line to its possible runs.
pub fn auto_candidates(layout: &Layout, digits: &[u8]) -> Vec<u64> {
    let all = all_digits(layout.size());
    let mut candidates = Board::new(layout, digits).all_candidates().to_vec();
    for line in layout.lines() {
        let placed = placed_bits(&line.cells, digits);
        let allowed = line_digits(line.cells.len(), layout.size(), placed, all).possible;
        for &cell in &line.cells {
            candidates[cell] &= allowed;
        }
    }
    candidates
}

/// The digits of `cells` that hold one, as a bit set.
fn placed_bits(cells: &[usize], digits: &[u8]) -> u64 {
    cells
        .iter()
        .map(|&cell| digits[cell])
        .filter(|&digit| digit != 0)
        .fold(0, |bits, digit| bits | 1 << (digit - 1))
}

/// The empty cells (`digits` 0) whose pencil marks (`marks`, one bit set per cell) are
/// not empty and leave out the solution's digit.
pub fn marks_without_solution(digits: &[u8], marks: &[u64], solution: &Grid) -> Vec<usize> {
    (0..digits.len())
        .filter(|&cell| {
            let answer = solution.cells()[cell];
            digits[cell] == 0 && marks[cell] != 0 && marks[cell] & (1 << (answer - 1)) == 0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_and_runs_remove_candidates() {
        let layout = Layout::square(4).unwrap();
        let mut digits = vec![0u8; 16];
        digits[0] = 1; // r1c1
        digits[5] = 2; // r2c2, same box
        digits[15] = 3; // r4c4
        let candidates = auto_candidates(&layout, &digits);
        assert_eq!(candidates[0], 0, "filled");
        assert_eq!(
            candidates[1], 0b1100,
            "r1c2: not 1 (row), not 2 (box, column)"
        );
        assert_eq!(candidates[3], 0b1010, "r1c4: not 1 (row), not 3 (column)");
        // Hanidoku's first row has 5 cells: with a 1 in it, the run is 1-5.
        let layout = Layout::hanidoku();
        let mut digits = vec![0u8; 61];
        digits[0] = 1;
        let candidates = auto_candidates(&layout, &digits);
        assert_eq!(candidates[1], 0b1_1110, "r1c2: 2 to 5");
        // The falling line through r1c1 has 9 cells, every digit: r2c2 on it loses only
        // the 1.
        assert_eq!(candidates[6], 0b1_1111_1110, "r2c2");
    }
}
