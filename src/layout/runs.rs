//! The arithmetic of a consecutive-run line (Hanidoku, `run` rules of honeycomb files): a
//! line of `len` cells over digits `1..=size` holds `len` distinct digits forming a run
//! `start..start+len-1`. Which runs a line can still hold, and so which digits it must
//! hold and which it cannot, follows from the digits placed on it and the digits its
//! empty cells can still take.
//!
//! Digit sets are masks with bit `d-1` for digit `d` (as pencil marks are kept), so a
//! line of up to 64 digits fits a `u64`; a set of runs is a mask with bit `start-1` for
//! the run beginning at `start`. Everything here is pure and cheap (a few word
//! operations per run), for the human hints (`crate::human`) and for any presolve that
//! wants the same facts:
//!
//! - [`mandatory_digits`]: with no digit known, every run of `len` cells over `1..=size`
//!   holds `size+1-len ..= len` (both ends of the range of starts cover them);
//! - [`possible_runs`]: the runs that contain every placed digit and use only digits the
//!   line can still hold, so a placed digit trims the runs (a 7 on a line of 4 cells
//!   leaves the runs from 4..7 to 7..10), and a digit no cell can take cuts the range of
//!   digits in two (a *gap*) or shortens it (a *missing end*);
//! - [`LineDigits`]: from the possible runs, the digits the line must hold (in every
//!   run) and may hold (in some run);
//! - [`matching_runs`]: the stronger test that the empty cells can take a run's missing
//!   digits one each (a perfect matching, Hall's theorem), which also sees that two cells
//!   that can only hold 5 cannot both be on the line;
//! - [`segments`]: the maximal stretches of digits a line can hold, to explain a gap.

/// The mask of the single digit `digit` (1-based).
///
/// ```
/// assert_eq!(sudosat::layout::runs::digit_bit(3), 0b100);
/// ```
pub const fn digit_bit(digit: usize) -> u64 {
    1u64 << (digit - 1)
}

/// The digits `1..=size` as a mask.
pub const fn all_digits(size: usize) -> u64 {
    if size >= 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    }
}

/// The digits `start..start+len-1` as a mask (`start` 1-based, `start + len - 1 ≤ 64`).
///
/// ```
/// use sudosat::layout::runs::run_mask;
/// assert_eq!(run_mask(3, 4), 0b11_1100);
/// ```
pub const fn run_mask(start: usize, len: usize) -> u64 {
    if len == 0 {
        0
    } else {
        all_digits(len) << (start - 1)
    }
}

/// Every run a line of `len` cells can hold over `1..=size`, as a mask of starts (bit
/// `a-1` for the run from `a`); empty when `len` is 0 or above `size`.
///
/// ```
/// use sudosat::layout::runs::all_runs;
/// assert_eq!(all_runs(7, 9), 0b111); // 1..7, 2..8, 3..9
/// ```
pub const fn all_runs(len: usize, size: usize) -> u64 {
    if len == 0 || len > size {
        0
    } else {
        all_digits(size - len + 1)
    }
}

/// The digits every run of `len` cells over `1..=size` holds: `size+1-len ..= len`
/// (empty when `2·len ≤ size`).
///
/// ```
/// use sudosat::layout::runs::{mandatory_digits, run_mask};
/// assert_eq!(mandatory_digits(7, 9), run_mask(3, 5)); // 3..=7
/// assert_eq!(mandatory_digits(5, 9), run_mask(5, 1)); // only the 5
/// assert_eq!(mandatory_digits(4, 9), 0);
/// ```
pub const fn mandatory_digits(len: usize, size: usize) -> u64 {
    runs_intersection(all_runs(len, size), len)
}

/// The digits in at least one of the runs `starts` of length `len`.
pub const fn runs_union(starts: u64, len: usize) -> u64 {
    let mut union = 0;
    let mut rest = starts;
    while rest != 0 {
        let start = rest.trailing_zeros() as usize + 1;
        union |= run_mask(start, len);
        rest &= rest - 1;
    }
    union
}

/// The digits in every one of the runs `starts` of length `len` (0 for no run).
pub const fn runs_intersection(starts: u64, len: usize) -> u64 {
    if starts == 0 {
        return 0;
    }
    // Runs are intervals: the common part runs from the last start to the first end.
    let first = starts.trailing_zeros() as usize + 1;
    let last = 64 - starts.leading_zeros() as usize;
    let end = first + len - 1;
    if last > end {
        0
    } else {
        run_mask(last, end + 1 - last)
    }
}

/// The runs of `len` cells over `1..=size` that hold every digit of `placed` and only
/// digits of `available | placed`: the runs a line can still hold when `placed` are its
/// placed digits and `available` the digits its empty cells can still take.
///
/// ```
/// use sudosat::layout::runs::{digit_bit, possible_runs, all_digits};
/// // A 7 on a line of 4 cells: runs 4..7, 5..8, 6..9.
/// assert_eq!(possible_runs(4, 9, digit_bit(7), all_digits(9)), 0b111 << 3);
/// // No cell can take 4 (a gap): a line of 5 cells keeps only 5..9.
/// let without_4 = all_digits(9) & !digit_bit(4);
/// assert_eq!(possible_runs(5, 9, 0, without_4), 1 << 4);
/// ```
pub fn possible_runs(len: usize, size: usize, placed: u64, available: u64) -> u64 {
    let usable = available | placed;
    let mut starts = 0;
    let mut rest = all_runs(len, size);
    while rest != 0 {
        let start = rest.trailing_zeros() as usize + 1;
        let run = run_mask(start, len);
        if run & placed == placed && run & !usable == 0 {
            starts |= digit_bit(start);
        }
        rest &= rest - 1;
    }
    starts
}

/// What the possible runs of a line say about its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineDigits {
    /// The runs still possible, bit `a-1` for the run from `a`.
    pub starts: u64,
    /// Digits in some possible run: the only digits the line may hold.
    pub possible: u64,
    /// Digits in every possible run: digits the line must hold.
    pub required: u64,
}

impl LineDigits {
    /// The facts for the runs `starts` of length `len`.
    pub const fn from_runs(starts: u64, len: usize) -> LineDigits {
        LineDigits {
            starts,
            possible: runs_union(starts, len),
            required: runs_intersection(starts, len),
        }
    }

    /// True when no run is left: the line's digits contradict each other.
    pub const fn is_empty(&self) -> bool {
        self.starts == 0
    }
}

/// [`possible_runs`] and what they imply, in one call.
///
/// ```
/// use sudosat::layout::runs::{digit_bit, line_digits, run_mask, all_digits};
/// // Line of 6 cells, a 3 placed: runs 1..6, 2..7, 3..8; it must hold 3..=6.
/// let facts = line_digits(6, 9, digit_bit(3), all_digits(9));
/// assert_eq!(facts.required, run_mask(3, 4));
/// assert_eq!(facts.possible, run_mask(1, 8));
/// ```
pub fn line_digits(len: usize, size: usize, placed: u64, available: u64) -> LineDigits {
    LineDigits::from_runs(possible_runs(len, size, placed, available), len)
}

/// The runs of a line over `1..=size` (as many cells as `placed` has digits plus
/// `empty.len()`) that are possible with the placed digits `placed` and for which the
/// empty cells, whose candidates are `empty`, can take the run's missing digits one
/// each. Stronger than [`possible_runs`] with the union of `empty` as `available`: a
/// digit that two cells need, or a cell whose candidates are all outside the run, rules
/// the run out.
///
/// ```
/// use sudosat::layout::runs::{digit_bit, matching_runs};
/// // Three empty cells that can only take 5, 5 and 5 or 6, with nothing placed:
/// // no run of three holds two 5s.
/// let five = digit_bit(5);
/// assert_eq!(matching_runs(9, &[five, five, five | digit_bit(6)], 0), 0);
/// // 4 placed, empty cells {3,5} and {5,6}: only the run 4..6 (cells 5, 6), and 3..5.
/// let three = digit_bit(3);
/// let runs = matching_runs(9, &[three | five, five | digit_bit(6)], digit_bit(4));
/// assert_eq!(runs, digit_bit(3) | digit_bit(4));
/// ```
pub fn matching_runs(size: usize, empty: &[u64], placed: u64) -> u64 {
    let len = empty.len() + placed.count_ones() as usize;
    let available = empty.iter().fold(0, |mask, &cell| mask | cell);
    let mut starts = possible_runs(len, size, placed, available);
    let mut rest = starts;
    while rest != 0 {
        let start = rest.trailing_zeros() as usize + 1;
        let missing = run_mask(start, len) & !placed;
        if !perfect_matching(empty, missing) {
            starts &= !digit_bit(start);
        }
        rest &= rest - 1;
    }
    starts
}

/// [`matching_runs`], and per empty cell (`support`, as long as `empty`) the digits it
/// takes in some filling of the line: some possible run whose missing digits the empty
/// cells take one each with that digit in that cell. The line's own rule to the end
/// (arc consistency): it also removes what a naked or hidden subset inside the line
/// does. An edge outside one perfect matching lies in another exactly when it closes an
/// alternating cycle (Berge), found here by the reachability between the line's cells.
pub fn line_support(size: usize, empty: &[u64], placed: u64, support: &mut [u64]) -> u64 {
    let n = empty.len();
    let len = n + placed.count_ones() as usize;
    let available = empty.iter().fold(0, |mask, &cell| mask | cell);
    let mut starts = possible_runs(len, size, placed, available);
    support[..n].fill(0);
    let mut rest = starts;
    while rest != 0 {
        let start = rest.trailing_zeros() as usize + 1;
        rest &= rest - 1;
        let missing = run_mask(start, len) & !placed;
        let Some(owner) = matching(empty, missing) else {
            starts &= !digit_bit(start);
            continue;
        };
        let mut mate = [0u64; 64];
        for (bit, &cell) in owner.iter().enumerate() {
            if cell != NO_CELL {
                mate[cell as usize] = 1 << bit;
            }
        }
        // reach[c]: the cells an alternating path from cell c reaches (c gives up its
        // digit for another of its candidates, whose holder gives up its own, ...).
        let mut reach = [0u64; 64];
        for c in 0..n {
            let mut other = empty[c] & missing & !mate[c];
            while other != 0 {
                let bit = other.trailing_zeros() as usize;
                other &= other - 1;
                reach[c] |= 1 << owner[bit];
            }
        }
        for k in 0..n {
            for c in 0..n {
                if reach[c] >> k & 1 == 1 {
                    reach[c] |= reach[k];
                }
            }
        }
        for c in 0..n {
            support[c] |= mate[c];
            let mut other = empty[c] & missing & !mate[c];
            while other != 0 {
                let bit = other.trailing_zeros() as usize;
                other &= other - 1;
                if reach[owner[bit] as usize] >> c & 1 == 1 {
                    support[c] |= 1 << bit;
                }
            }
        }
    }
    starts
}

/// True when each cell (candidate masks `cells`) can take its own digit of `digits`,
/// every digit used once; `digits` has as many digits as there are cells.
fn perfect_matching(cells: &[u64], digits: u64) -> bool {
    matching(cells, digits).is_some()
}

/// A perfect matching of `cells` to `digits` (see [`perfect_matching`]): per digit bit,
/// the cell taking it (`NO_CELL` outside `digits`). Augmenting paths (Kuhn's
/// algorithm): at most 64 cells, so plain recursion is fine.
fn matching(cells: &[u64], digits: u64) -> Option<[u8; 64]> {
    if digits.count_ones() as usize != cells.len() {
        return None;
    }
    // Quick answers first: a cell with no digit of the run, or a digit no cell takes.
    let mut union = 0;
    for &cell in cells {
        if cell & digits == 0 {
            return None;
        }
        union |= cell;
    }
    if union & digits != digits {
        return None;
    }
    // Greedy: each cell takes its lowest free digit; the cells left without one are
    // then matched by augmenting paths from that start (on run lines the greedy start
    // leaves one or two cells, so this is most of the saving over a cold start).
    // owner[d] = the cell holding digit d+1, or NO_CELL.
    let mut owner = [NO_CELL; 64];
    let mut free = digits;
    let mut left = 0u64;
    for (cell, &mask) in cells.iter().enumerate() {
        let take = mask & free;
        if take == 0 {
            left |= 1 << cell;
        } else {
            let bit = take.trailing_zeros() as usize;
            free &= !(1 << bit);
            owner[bit] = cell as u8;
        }
    }
    while left != 0 {
        let cell = left.trailing_zeros() as usize;
        left &= left - 1;
        let mut seen = 0u64;
        if !augment(cell, cells, digits, &mut owner, &mut seen) {
            return None;
        }
    }
    Some(owner)
}

/// No cell owns the digit (a line has at most 64 cells).
const NO_CELL: u8 = u8::MAX;

fn augment(cell: usize, cells: &[u64], digits: u64, owner: &mut [u8; 64], seen: &mut u64) -> bool {
    let mut choice = cells[cell] & digits & !*seen;
    while choice != 0 {
        let bit = choice.trailing_zeros() as usize;
        choice &= choice - 1;
        *seen |= 1 << bit;
        if owner[bit] == NO_CELL || augment(owner[bit] as usize, cells, digits, owner, seen) {
            owner[bit] = cell as u8;
            return true;
        }
    }
    false
}

/// The maximal stretches `(low, high)` of consecutive digits of `1..=size` in
/// `available`, lowest first: where a run can lie. A digit outside `available` is a gap
/// between two stretches, or a missing end of the range.
///
/// ```
/// use sudosat::layout::runs::{all_digits, digit_bit, segments};
/// let mask = all_digits(9) & !digit_bit(4) & !digit_bit(9);
/// assert_eq!(segments(mask, 9), vec![(1, 3), (5, 8)]);
/// ```
pub fn segments(available: u64, size: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut digit = 1;
    while digit <= size {
        if available & digit_bit(digit) == 0 {
            digit += 1;
            continue;
        }
        let low = digit;
        while digit < size && available & digit_bit(digit + 1) != 0 {
            digit += 1;
        }
        out.push((low, digit));
        digit += 1;
    }
    out
}

#[cfg(test)]
mod tests;
