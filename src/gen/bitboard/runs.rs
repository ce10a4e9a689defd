//! Run lines in the bitset solver: a line of `len < n` cells holds `len` distinct digits
//! forming a run `s..s+len-1` (Hanidoku's lines, `run` rules of honeycomb files).
//!
//! The rules are the ones a person uses on such a line (`layout::runs` writes them down
//! for the hints): a run is still possible when it holds every digit placed on the line,
//! each of its digits has a cell that can take it, and each empty cell can take one of
//! its digits. A cell keeps only digits of some possible run; a digit of every possible
//! run (a *required* digit) with one cell left is placed there. Both remove only
//! candidates no solution has, so the search stays exact; and a line whose cells are all
//! placed passes only when its digits fill one run, since distinct digits inside a
//! window of `len` digits are that window.

use super::PLACED;
use crate::layout::runs::runs_intersection;

/// One pass over the `dirty` run lines (`cells[start[l]..start[l + 1]]` is line l, bit
/// `l % 64` of `dirty`, and `cell_lines[c]` the bits of c's lines) of `state`,
/// over digits `0..n`: cells trimmed to the digits of their line's possible runs, and a
/// required digit with one open cell set there (the cell queued, as a single). `None` on
/// a contradiction (no possible run, a cell left with no digit, a cell two required
/// digits need), else whether anything changed; the lines of changed cells are left
/// in `dirty` for the next pass. Each line's required digits go to
/// `required_out[l]`.
pub(super) fn trim_lines(
    start: &[u32],
    cells: &[u16],
    (cell_lines, dirty): (&[u64], &mut u64),
    required_out: &mut [u32],
    n: usize,
    state: &mut [u32],
    queue: &mut Vec<u16>,
) -> Option<bool> {
    let mut progress = false;
    let todo = std::mem::take(dirty);
    for (line, (bounds, required_out)) in start.windows(2).zip(required_out).enumerate() {
        if todo & (1 << (line % 64)) == 0 {
            continue;
        }
        let line = &cells[bounds[0] as usize..bounds[1] as usize];
        let len = line.len();
        // Runs as shifts: bit s stands for digits s..s+len-1 (bits s..s+len-1 of a word).
        let mut runs = (1u32 << (n - len + 1)) - 1;
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &cell in line {
            let word = state[usize::from(cell)];
            if word & PLACED != 0 {
                placed |= word;
            } else {
                twice |= once & word;
                once |= word;
                runs &= any_in_run(word, len);
            }
        }
        placed &= !PLACED;
        runs &= every_in_run(once | placed, len);
        if placed != 0 {
            let (low, high) = (placed.trailing_zeros(), 31 - placed.leading_zeros());
            runs &= any_in_run(1 << low, len) & any_in_run(1 << high, len);
        }
        if runs == 0 {
            return None;
        }
        let allowed = spread_up(runs, len);
        // Shift s is the run starting at digit s+1: the encoding of `layout::runs`.
        let required = runs_intersection(u64::from(runs), len) as u32;
        *required_out = required;
        let hidden = required & once & !twice & !placed;
        if hidden == 0 && once & !allowed == 0 {
            continue;
        }
        for &cell in line {
            let word = state[usize::from(cell)];
            if word & PLACED != 0 {
                continue;
            }
            let single = word & hidden;
            let trimmed = if single != 0 {
                if single & (single - 1) != 0 {
                    return None;
                }
                single
            } else {
                word & allowed
            };
            if trimmed != word {
                if trimmed == 0 {
                    return None;
                }
                state[usize::from(cell)] = trimmed;
                *dirty |= cell_lines[usize::from(cell)];
                if trimmed & (trimmed - 1) == 0 {
                    queue.push(cell);
                }
                progress = true;
            }
        }
    }
    Some(progress)
}

/// The runs of `len` digits (as shifts, bit s for bits `s..s+len`) holding a digit of
/// `word`: bit s is set when some bit of `word` lies in `s..s+len`.
#[inline(always)]
fn any_in_run(word: u32, len: usize) -> u32 {
    fold_shifts(word, len, |acc, k| acc | acc >> k)
}

/// The runs of `len` digits (as shifts) lying inside `word`: bit s is set when bits
/// `s..s+len` of `word` are all set.
#[inline(always)]
fn every_in_run(word: u32, len: usize) -> u32 {
    fold_shifts(word, len, |acc, k| acc & acc >> k)
}

/// The digits of the runs `runs` (as shifts) of `len` digits: their union.
#[inline(always)]
fn spread_up(runs: u32, len: usize) -> u32 {
    fold_shifts(runs, len, |acc, k| acc | acc << k)
}

/// `word` combined with its shifts by 1..len through `step(acc, k)` (which folds in the
/// shift by k), by doubling: after each step `covered` shifts are in, and a last step
/// with overlap covers the rest (len−covered ≤ covered), so it takes log₂ len steps.
#[inline(always)]
fn fold_shifts(word: u32, len: usize, step: impl Fn(u32, usize) -> u32) -> u32 {
    let (mut acc, mut covered) = (word, 1);
    while covered * 2 <= len {
        acc = step(acc, covered);
        covered *= 2;
    }
    if covered < len {
        acc = step(acc, len - covered);
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line of `words.len()` cells over 9 digits.
    fn trim(words: &mut [u32]) -> Option<bool> {
        let cells: Vec<u16> = (0..words.len() as u16).collect();
        let start = [0, words.len() as u32];
        let mut queue = Vec::new();
        let cell_lines = vec![1; words.len()];
        let mut dirty = 1;
        trim_lines(
            &start,
            &cells,
            (&cell_lines, &mut dirty),
            &mut [0],
            9,
            words,
            &mut queue,
        )
    }

    const ALL: u32 = 0x1ff;

    fn bit(digit: u32) -> u32 {
        1 << (digit - 1)
    }

    #[test]
    fn a_placed_digit_trims_the_runs() {
        // A 7 on a line of 4 cells leaves the runs 4..7, 5..8 and 6..9: digits 4..9.
        let mut words = [bit(7) | PLACED, ALL, ALL, ALL];
        assert_eq!(trim(&mut words), Some(true));
        assert_eq!(words[1], 0b1_1111_1000);
    }

    #[test]
    fn a_required_digit_with_one_cell_is_placed() {
        // Five cells: 5 is in every run; only the last cell can take it.
        let no_five = ALL & !bit(5);
        let mut words = [no_five, no_five, no_five, no_five, ALL];
        assert_eq!(trim(&mut words), Some(true));
        assert_eq!(words[4], bit(5));
    }

    #[test]
    fn a_missing_digit_cuts_the_range() {
        // No cell can take 4: a line of 5 keeps only 5..9, so 1..3 go.
        let no_four = ALL & !bit(4);
        let mut words = [no_four; 5];
        assert_eq!(trim(&mut words), Some(true));
        assert!(words.iter().all(|&w| w == 0b1_1111_0000));
    }

    #[test]
    fn contradictions() {
        // 1 and 9 placed on a line of 5: no run holds both.
        let mut words = [bit(1) | PLACED, bit(9) | PLACED, ALL, ALL, ALL];
        assert_eq!(trim(&mut words), None);
        // A cell that can only hold 1 on a line whose 9 is placed (runs 5..9 only).
        let mut words = [bit(9) | PLACED, bit(1) | bit(2), ALL, ALL, ALL];
        assert_eq!(trim(&mut words), None);
        // A line of 8 with its 1 placed holds 1..8; 5 and 6 both have only cell 6.
        let only_here = bit(5) | bit(6);
        let rest = ALL & !only_here;
        let mut words = [
            rest,
            rest,
            rest,
            rest,
            rest,
            rest,
            only_here,
            bit(1) | PLACED,
        ];
        assert_eq!(trim(&mut words), None);
    }

    #[test]
    fn run_masks_match_a_window_by_window_count() {
        for len in 1..=9usize {
            for word in 0..(1u32 << 9) {
                let (mut any, mut every, mut up) = (0, 0, 0);
                for s in 0..=(9 - len) {
                    let window = ((1u32 << len) - 1) << s;
                    any |= u32::from(word & window != 0) << s;
                    every |= u32::from(word & window == window) << s;
                    if word >> s & 1 != 0 {
                        up |= window;
                    }
                }
                let shifts = (1u32 << (9 - len + 1)) - 1;
                assert_eq!(any_in_run(word, len) & shifts, any, "{word:b} {len}");
                assert_eq!(every_in_run(word, len) & shifts, every, "{word:b} {len}");
                assert_eq!(spread_up(word & shifts, len), up, "{word:b} {len}");
            }
        }
    }

    #[test]
    fn a_full_line_passes_only_as_a_run() {
        let run: Vec<u32> = (3..=7).map(|d| bit(d) | PLACED).collect();
        assert_eq!(trim(&mut run.clone()), Some(false));
        let gap: Vec<u32> = [1, 2, 3, 4, 6].iter().map(|&d| bit(d) | PLACED).collect();
        assert_eq!(trim(&mut gap.clone()), None);
    }
}
