//! Uniqueness: Unique Rectangles types 1 to 4 (HoDoKu's "Uniqueness Test") and BUG+1.
//! Sound only on a puzzle proven to have one solution, which the tutor's callers
//! guarantee.
//!
//! Four empty cells A B / C D at the corners of a rectangle, holding only a and b
//! between them in some solution, could swap a and b and give a second solution as
//! long as every house or line that holds any of them holds exactly two, one of each
//! diagonal (a row and a box on the classic board; on other layouts the same test on
//! every house and line). So the puzzle's solution never has all four in {a, b}:
//!
//! - **type 1**: three corners hold only a and b; the fourth loses them;
//! - **type 2**: two corners sharing a house hold one extra candidate c: one of them
//!   is c, so cells seeing both lose c;
//! - **type 3**: their extras act as one cell in a naked subset of a shared house;
//! - **type 4**: a or b has no other place in a house the two share: that digit is in
//!   one of them, the other digit in neither.
//!
//! **BUG+1**: when every empty cell but one has two candidates and, without one
//! candidate of the third cell, each digit would have exactly two places in every house,
//! that board would have no solution or several; so the third cell holds that candidate.

use super::step::{capitalize, digits_text, Effect, Step};
use super::subsets::combinations;
use super::technique::Technique;
use super::topology::Rule;
use super::view::{digits, Found, View};

/// The four corners `[A, B, C, D]` (A B on one line, C D on the other; A D and B C
/// diagonal) form a rectangle whose digits could swap: every region meeting them meets
/// exactly one corner of each diagonal.
fn swappable(v: &View, corners: &[usize; 4]) -> bool {
    let mut seen: Vec<usize> = Vec::new();
    for &cell in corners {
        for &r in &v.topo.cell_regions[cell] {
            if seen.contains(&r) {
                continue;
            }
            seen.push(r);
            let inside: Vec<usize> = (0..4)
                .filter(|&i| v.topo.regions[r].cells.contains(&corners[i]))
                .collect();
            // Exactly two corners, one from each diagonal {A, D} and {B, C}.
            let diagonal = |i: usize| i == 0 || i == 3;
            if inside.len() != 2 || diagonal(inside[0]) == diagonal(inside[1]) {
                return false;
            }
        }
    }
    true
}

/// Unique rectangles of `wanted` type (1-4).
pub fn unique_rectangle(v: &View, out: &mut Found, wanted: Technique) {
    let Some(square) = &v.topo.square else { return };
    let side = square.side;
    for r1 in 0..side {
        for r2 in r1 + 1..side {
            for c1 in 0..side {
                for c2 in c1 + 1..side {
                    let corners = [
                        r1 * side + c1,
                        r1 * side + c2,
                        r2 * side + c1,
                        r2 * side + c2,
                    ];
                    if corners.iter().any(|&c| v.board.digit(c) != 0) {
                        continue;
                    }
                    let common = corners.iter().fold(u64::MAX, |m, &c| m & v.cands(c));
                    if common == 0 || !swappable(v, &corners) {
                        continue;
                    }
                    let union = corners.iter().fold(0, |m, &c| m | v.cands(c));
                    // Two digits every corner may hold one of (missing candidates allowed).
                    let pair_digits: Vec<u8> = digits(union).collect();
                    let mut stop = false;
                    combinations(&pair_digits, 2, &mut |pair| {
                        let ab = (1u64 << (pair[0] - 1)) | (1u64 << (pair[1] - 1));
                        if corners.iter().any(|&c| v.cands(c) & ab == 0) || common & ab == 0 {
                            return false;
                        }
                        if v.options.rectangles_hold_both
                            && corners.iter().any(|&c| v.cands(c) & ab != ab)
                        {
                            return false;
                        }
                        stop = deadly_pattern(v, out, wanted, &corners, ab);
                        stop
                    });
                    if stop {
                        return;
                    }
                }
            }
        }
    }
}

/// The Uniqueness Test of each type.
const RECTANGLE_TESTS: [Technique; 4] = [
    Technique::UniquenessTest1,
    Technique::UniquenessTest2,
    Technique::UniquenessTest3,
    Technique::UniquenessTest4,
];

/// Sudoku Explainer's extra value for a unique loop's length (`UniqueLoopHint`): 0.1 for
/// 6 cells, 0.2 for 8, 0.5 from 10.
fn loop_length_value(cells: usize) -> f64 {
    match cells {
        0..=4 => 0.0,
        5..=6 => 0.1,
        7..=9 => 0.2,
        _ => 0.5,
    }
}

/// The steps of a deadly pattern: `cells` (a rectangle's corners, or a unique loop in
/// loop order), each holding both digits of `ab`, every region meeting them meeting
/// exactly two, one of each parity, so that a and b could swap between them. `wanted` is
/// one Uniqueness Test (its type only) or [`Technique::UniqueLoop`] (every type). True
/// to stop.
pub(super) fn deadly_pattern(
    v: &View,
    out: &mut Found,
    wanted: Technique,
    cells: &[usize],
    ab: u64,
) -> bool {
    let is_loop = wanted == Technique::UniqueLoop;
    let roof: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| v.cands(c) & !ab != 0)
        .collect();
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    // The words are written only for a step: most patterns make none, and writing them
    // for each was a tenth of the rater's time on the bank (docs/experiments.md).
    let intro = || {
        let names = v.cells_text(&sorted);
        if is_loop {
            format!(
                "{names} form a loop: every house it passes through holds two of its cells, \
                 so if all {} held only {} those digits could swap in a second solution",
                cells.len(),
                digits_text(ab)
            )
        } else {
            format!(
                "{names} form a rectangle that could swap {} in a second solution if all \
                 four held only those digits",
                digits_text(ab)
            )
        }
    };
    // A step of type `kind` (1-4) whose own value adds `extra` (a loop's naked subset).
    let make = |kind: usize, extra: f64, targets: Vec<(usize, u8)>, text: String| {
        let technique = if is_loop {
            Technique::UniqueLoop
        } else {
            RECTANGLE_TESTS[kind - 1]
        };
        let mut step = Step::new(technique, Effect::Eliminate(targets));
        if is_loop {
            // Our rectangles' offsets (types 2 and 4 at 4.6), plus SE's for the length.
            let offset = if kind == 2 || kind == 4 { 0.1 } else { extra };
            step.difficulty = 4.5 + loop_length_value(cells.len()) + offset;
            step.length = cells.len();
            step.place = format!("type {kind} on {}", digits_text(ab));
        } else {
            step.place = format!("on {}", digits_text(ab));
        }
        step.cells = sorted.clone();
        step.digits = ab;
        step.text = capitalize(&text);
        step
    };
    let wants = |kind: usize| is_loop || wanted == RECTANGLE_TESTS[kind - 1];
    if wants(1) && roof.len() == 1 {
        let d = roof[0];
        let targets: Vec<(usize, u8)> = digits(v.cands(d) & ab).map(|x| (d, x)).collect();
        let text = format!(
            "{}; {} of them do, so {} cannot hold {}.",
            intro(),
            if is_loop { "all but one" } else { "three" },
            v.cell(d),
            digits_text(ab)
        );
        return out.push(make(1, 0.0, targets, text));
    }
    let extra = roof.iter().fold(0, |m, &c| m | v.cands(c)) & !ab;
    // Type 2: the roof cells share one extra digit; on a rectangle, two roof cells.
    if wants(2) && extra.count_ones() == 1 && (roof.len() == 2 || is_loop && roof.len() > 2) {
        let c = extra.trailing_zeros() as u8 + 1;
        let targets: Vec<(usize, u8)> = v.topo.peers[roof[0]]
            .iter()
            .filter(|&&x| !roof.contains(&x) && v.board.has(x, c) && v.topo.sees_all(x, &roof))
            .map(|&x| (x, c))
            .collect();
        let text = if roof.len() == 2 {
            format!(
                "{}; so {} or {} holds {c}, and cells seeing both cannot.",
                intro(),
                v.cell(roof[0]),
                v.cell(roof[1])
            )
        } else {
            format!(
                "{}; so one of {} holds {c}, and cells seeing all of them cannot.",
                intro(),
                v.cells_text(&roof)
            )
        };
        if out.push(make(2, 0.0, targets, text)) {
            return true;
        }
    }
    if roof.len() != 2 || !v.topo.sees(roof[0], roof[1]) {
        return false;
    }
    if wants(3) && (!is_loop || extra.count_ones() >= 2) {
        for h in v.topo.common_regions(roof[0], roof[1]).collect::<Vec<_>>() {
            let others: Vec<usize> = v.topo.regions[h]
                .cells
                .iter()
                .copied()
                .filter(|&c| v.board.digit(c) == 0 && !roof.contains(&c))
                .collect();
            for k in 1..others.len() {
                let mut stop = false;
                combinations(&others, k, &mut |subset| {
                    let union = subset.iter().fold(extra, |m, &c| m | v.cands(c));
                    if union.count_ones() as usize != k + 1 || union & ab != 0 {
                        return false;
                    }
                    // Every house holding the roof and the subset loses the digits.
                    let mut pattern = subset.to_vec();
                    pattern.extend_from_slice(&roof);
                    let houses: Vec<usize> = v.topo.cell_regions[roof[0]]
                        .iter()
                        .copied()
                        .filter(|&g| pattern.iter().all(|c| v.topo.cell_regions[*c].contains(&g)))
                        .collect();
                    let mut targets: Vec<(usize, u8)> = Vec::new();
                    for &g in &houses {
                        for &c in &v.topo.regions[g].cells {
                            if v.board.digit(c) == 0 && !pattern.contains(&c) {
                                targets.extend(digits(v.cands(c) & union).map(|d| (c, d)));
                            }
                        }
                    }
                    let text = format!(
                        "{}; so {} or {} holds one of {}, and with {} they form a naked \
                         subset of {} in {}: its other cells lose those digits.",
                        intro(),
                        v.cell(roof[0]),
                        v.cell(roof[1]),
                        digits_text(extra),
                        v.cells_text(subset),
                        digits_text(union),
                        v.region(h)
                    );
                    // SE's unique loop with a naked set: 0.1 for each digit past the first.
                    let value = (union.count_ones() as f64 - 1.0) * 0.1;
                    stop = out.push(make(3, value, targets, text));
                    stop
                });
                if stop {
                    return true;
                }
            }
        }
    }
    if wants(4) {
        for h in v.topo.common_regions(roof[0], roof[1]).collect::<Vec<_>>() {
            for x in digits(ab & v.need[h]) {
                let places = v.cells_for(h, x);
                if places.len() != 2 || !places.iter().all(|c| roof.contains(c)) {
                    continue;
                }
                let y = (ab & !(1u64 << (x - 1))).trailing_zeros() as u8 + 1;
                let targets: Vec<(usize, u8)> = roof
                    .iter()
                    .filter(|&&c| v.board.has(c, y))
                    .map(|&c| (c, y))
                    .collect();
                let text = format!(
                    "{}; {x} has no other place in {} than {} and {}, so one of them \
                     is {x}, and neither can be {y}.",
                    intro(),
                    v.region(h),
                    v.cell(roof[0]),
                    v.cell(roof[1])
                );
                if out.push(make(4, 0.0, targets, text)) {
                    return true;
                }
            }
        }
    }
    false
}

/// BUG+1 (boards whose regions are all full houses).
pub fn bug_plus_one(v: &View, out: &mut Found) {
    if v.topo.regions.iter().any(|r| r.rule != Rule::Full) {
        return;
    }
    let mut third = None;
    for cell in 0..v.topo.cells {
        if v.board.digit(cell) != 0 {
            continue;
        }
        match v.cands(cell).count_ones() {
            2 => {}
            3 if third.is_none() => third = Some(cell),
            _ => return,
        }
    }
    let Some(cell) = third else { return };
    for digit in digits(v.cands(cell)) {
        // Without `digit` in `cell`, every digit has 0 or 2 places in every house.
        let bug = v.topo.regions.iter().enumerate().all(|(r, region)| {
            (1..=v.topo.size as u8).all(|d| {
                let mut count = v.positions(r, d).count_ones();
                if d == digit && region.cells.contains(&cell) {
                    count -= 1;
                }
                count == 0 || count == 2
            })
        });
        if !bug {
            continue;
        }
        // HoDoKu states it as the other candidates' removal; the same as placing `digit`.
        let others: Vec<(usize, u8)> = digits(v.cands(cell) & !(1u64 << (digit - 1)))
            .map(|d| (cell, d))
            .collect();
        let mut step = Step::new(Technique::BugPlusOne, Effect::Eliminate(others));
        step.place = format!("at {}", v.cell(cell));
        step.cells = vec![cell];
        step.digits = 0;
        step.text = format!(
            "Every empty cell but {} has two candidates. Without its {digit}, each digit \
             would have exactly two places in every house: a pattern with no solution or \
             several. The puzzle has one, so {} holds {digit}, and loses its other candidates.",
            v.cell(cell),
            v.cell(cell)
        );
        out.push(step);
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::view::Collect;
    use crate::human::Premise;
    use crate::layout::Layout;

    /// The Uniqueness Test 1 steps on an empty 9x9 board whose rectangle r1c1, r1c4,
    /// r2c1, r2c4 holds only 1 and 2 but for r2c4, which holds `roof`; with the rater's
    /// reading when `rater` is set.
    fn type1_on(roof: u64, rater: bool) -> Vec<Step> {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let mut candidates = vec![0x1FF; 81];
        for cell in [0, 3, 9] {
            candidates[cell] = 0b11;
        }
        candidates[12] = roof;
        let board = Board::from_parts(9, vec![0; 81], candidates);
        let mut v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        v.options.rectangles_hold_both = rater;
        let mut found = Found::new(Collect::All).only(Technique::UniquenessTest1);
        unique_rectangle(&v, &mut found, Technique::UniquenessTest1);
        found.steps
    }

    /// A corner holding 1, 2 and 3: the fourth corner r2c4 loses 1 and 2 in both
    /// readings, at 4.5.
    #[test]
    fn a_rectangle_whose_corners_hold_both_digits_is_a_type_1() {
        for rater in [false, true] {
            let steps = type1_on(0b111, rater);
            assert_eq!(steps.len(), 1, "rater: {rater}");
            assert_eq!(steps[0].effect, Effect::Eliminate(vec![(12, 1), (12, 2)]));
            assert_eq!(steps[0].difficulty, 4.5);
        }
    }

    /// A corner holding 1 and 3 only (it lost its 2): the deadly pattern still stands for
    /// the tutor (r2c4 loses 1), but Sudoku Explainer walks its rectangles through cells
    /// holding both digits and finds none, so the rater takes none.
    #[test]
    fn a_corner_that_lost_a_digit_is_no_rectangle_for_the_rater() {
        let tutor = type1_on(0b101, false);
        assert_eq!(tutor.len(), 1);
        assert_eq!(tutor[0].effect, Effect::Eliminate(vec![(12, 1)]));
        assert!(type1_on(0b101, true).is_empty());
    }
}
