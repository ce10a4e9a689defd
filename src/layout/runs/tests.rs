//! The run arithmetic against brute force: every digit set of every line length over up
//! to 9 digits, and the matching test against enumerating assignments.

use super::*;

/// All runs of `len` over `1..=size` as digit masks, by definition.
fn runs_by_definition(len: usize, size: usize) -> Vec<(usize, u64)> {
    (1..=size)
        .filter(|&start| start + len - 1 <= size)
        .map(|start| (start, (start..start + len).fold(0, |m, d| m | digit_bit(d))))
        .collect()
}

#[test]
fn mandatory_digits_match_the_intersection_of_all_runs() {
    for size in 1..=12 {
        for len in 1..=size {
            let common = runs_by_definition(len, size)
                .iter()
                .fold(all_digits(size), |m, &(_, run)| m & run);
            assert_eq!(mandatory_digits(len, size), common, "len {len} size {size}");
            let low = size + 1 - len;
            let range: u64 = (low..=len).fold(0, |m, d| m | digit_bit(d));
            assert_eq!(common, range);
        }
    }
    assert_eq!(mandatory_digits(0, 9), 0);
    assert_eq!(mandatory_digits(10, 9), 0);
    assert_eq!(all_runs(64, 64), 1);
    assert_eq!(run_mask(1, 64), u64::MAX);
}

#[test]
fn possible_runs_and_line_digits_match_brute_force_on_every_digit_set() {
    let size = 9;
    for len in 1..=size {
        for placed in 0u64..1 << size {
            if placed.count_ones() as usize > len {
                continue;
            }
            // A handful of availability masks per placed set keeps this quick.
            for available in [all_digits(size), 0x1ef, 0x0fe, 0x17f, 0x1b6, placed] {
                let expected: Vec<(usize, u64)> = runs_by_definition(len, size)
                    .into_iter()
                    .filter(|&(_, run)| run & placed == placed && run & !(available | placed) == 0)
                    .collect();
                let starts = expected.iter().fold(0, |m, &(s, _)| m | digit_bit(s));
                assert_eq!(possible_runs(len, size, placed, available), starts);
                let facts = line_digits(len, size, placed, available);
                let union = expected.iter().fold(0, |m, &(_, r)| m | r);
                let common = if expected.is_empty() {
                    0
                } else {
                    expected.iter().fold(u64::MAX, |m, &(_, r)| m & r)
                };
                assert_eq!((facts.possible, facts.required), (union, common));
                assert_eq!(facts.is_empty(), expected.is_empty());
            }
        }
    }
}

/// True when the cells can take `digits` one each, by trying every assignment.
fn matching_by_search(cells: &[u64], digits: u64) -> bool {
    fn go(cells: &[u64], left: u64) -> bool {
        match cells.split_first() {
            None => left == 0,
            Some((&first, rest)) => {
                let mut choice = first & left;
                while choice != 0 {
                    let bit = choice & choice.wrapping_neg();
                    if go(rest, left & !bit) {
                        return true;
                    }
                    choice &= choice - 1;
                }
                false
            }
        }
    }
    digits.count_ones() as usize == cells.len() && go(cells, digits)
}

#[test]
fn matching_runs_agree_with_trying_every_assignment() {
    // A small deterministic generator: candidate masks over 1..=6 for 3 and 4 cells.
    let size = 6;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..3000 {
        let cells = 2 + (next() % 3) as usize;
        let empty: Vec<u64> = (0..cells).map(|_| next() & all_digits(size)).collect();
        let placed = next() & all_digits(size) & !empty.iter().fold(0, |m, &c| m | c);
        let placed = if placed.count_ones() > 2 {
            placed & placed.wrapping_neg()
        } else {
            placed
        };
        let len = cells + placed.count_ones() as usize;
        let expected = runs_by_definition(len, size)
            .into_iter()
            .filter(|&(_, run)| run & placed == placed && matching_by_search(&empty, run & !placed))
            .fold(0, |m, (s, _)| m | digit_bit(s));
        assert_eq!(
            matching_runs(size, &empty, placed),
            expected,
            "{empty:?} {placed:#b}"
        );
    }
}

/// Per cell, the digits it takes in some assignment of `digits` one each, by trying
/// every assignment.
fn support_by_search(cells: &[u64], digits: u64, out: &mut [u64]) {
    fn go(cells: &[u64], at: usize, left: u64, taken: &mut Vec<u64>, out: &mut [u64]) {
        if at == cells.len() {
            if left == 0 {
                for (o, &t) in out.iter_mut().zip(taken.iter()) {
                    *o |= t;
                }
            }
            return;
        }
        let mut choice = cells[at] & left;
        while choice != 0 {
            let bit = choice & choice.wrapping_neg();
            taken.push(bit);
            go(cells, at + 1, left & !bit, taken, out);
            taken.pop();
            choice &= choice - 1;
        }
    }
    if digits.count_ones() as usize == cells.len() {
        go(cells, 0, digits, &mut Vec::new(), out);
    }
}

#[test]
fn line_support_keeps_exactly_the_digits_of_some_filling() {
    // Candidate masks over 1..=7 for 2 to 6 cells, some digits placed: the support of
    // every cell is the union over possible runs of what some assignment gives it.
    let size = 7;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut trimmed = 0;
    for _ in 0..4000 {
        let cells = 2 + (next() % 5) as usize;
        // Dense masks (two draws or-ed), so most lines keep a run.
        let empty: Vec<u64> = (0..cells)
            .map(|_| (next() | next()) & all_digits(size))
            .collect();
        let placed = next() & next() & all_digits(size) & !empty.iter().fold(0, |m, &c| m | c);
        let len = cells + placed.count_ones() as usize;
        if len > size {
            continue;
        }
        let mut expected = vec![0u64; cells];
        let mut starts = 0;
        for (start, run) in runs_by_definition(len, size) {
            if run & placed == placed && matching_by_search(&empty, run & !placed) {
                starts |= digit_bit(start);
                support_by_search(&empty, run & !placed, &mut expected);
            }
        }
        let mut support = vec![u64::MAX; cells];
        assert_eq!(line_support(size, &empty, placed, &mut support), starts);
        assert_eq!(support, expected, "{empty:?} {placed:#b}");
        assert_eq!(starts, matching_runs(size, &empty, placed));
        let possible = runs_union(starts, len);
        trimmed += empty
            .iter()
            .zip(&support)
            .filter(|&(&c, &s)| c & possible & !s != 0)
            .count();
    }
    // The test sees cells whose digits lie in a possible run yet in no filling.
    assert!(trimmed > 100, "{trimmed}");
}

#[test]
fn line_support_sees_a_pair_inside_the_line() {
    // The example of docs/techniques.md (run rule 6): a 5-cell line with 4 and 5 placed,
    // empty cells {3,6}, {3,6}, {2,3,6,7}. Runs 2-6 and 3-7 both fill, and every digit
    // left lies in one of them; the pair takes 3 and 6 in every filling.
    let mask = |ds: &[usize]| ds.iter().fold(0, |m, &d| m | digit_bit(d));
    let empty = [mask(&[3, 6]), mask(&[3, 6]), mask(&[2, 3, 6, 7])];
    let placed = mask(&[4, 5]);
    let mut support = [0u64; 3];
    let starts = line_support(9, &empty, placed, &mut support);
    assert_eq!(starts, mask(&[2, 3]));
    assert_eq!(empty[2] & !runs_union(starts, 5), 0);
    assert_eq!(support, [mask(&[3, 6]), mask(&[3, 6]), mask(&[2, 7])]);
}

#[test]
fn segments_split_at_gaps_and_missing_ends() {
    assert_eq!(segments(all_digits(9), 9), vec![(1, 9)]);
    assert_eq!(segments(0, 9), vec![]);
    assert_eq!(
        segments(digit_bit(1) | digit_bit(9), 9),
        vec![(1, 1), (9, 9)]
    );
    assert_eq!(segments(u64::MAX, 64), vec![(1, 64)]);
    // A line of 6 cells with digits 1..3 and 5..9 available: only 5..9 is long enough
    // for... nothing (5 digits), so no run; with 4 available again, four runs.
    assert_eq!(possible_runs(6, 9, 0, all_digits(9) & !digit_bit(4)), 0);
    assert_eq!(possible_runs(6, 9, 0, all_digits(9)), 0b1111);
}
