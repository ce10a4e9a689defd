//! Wings: XY-Wing, XYZ-Wing, W-Wing, and Sukaku Explainer's big wings (WXYZ-, VWXYZ-,
//! UVWXYZ-Wing).
//!
//! - **XY-Wing**: a pivot with candidates {x, y} sees a pincer {x, z} and a pincer
//!   {y, z}. Whatever the pivot holds, one pincer is z, so cells seeing both pincers
//!   lose z.
//! - **XYZ-Wing**: the pivot {x, y, z} itself may be z, so only cells seeing all three
//!   lose it.
//! - **W-Wing**: two cells {x, y} that do not see each other, and a strong link on x
//!   whose ends see one cell each: one of the two cells is y (were both x, the strong
//!   link would have no x), so cells seeing both lose y.
//! - **WXYZ-, VWXYZ-, UVWXYZ-Wing** (Sukaku Explainer's names; HoDoKu finds them as
//!   ALS-XZ): see [`big_wing`].

use super::chains::length_penalty;
use super::patterns::strong_links;
use super::step::{capitalize, digits_text, Effect, Step};
use super::technique::Technique;
use super::view::{digits, Found, View};

fn victims(v: &View, digit: u8, seen: &[usize]) -> Vec<(usize, u8)> {
    v.topo.peers[seen[0]]
        .iter()
        .filter(|&&c| !seen.contains(&c) && v.board.has(c, digit) && v.topo.sees_all(c, seen))
        .map(|&c| (c, digit))
        .collect()
}

/// The pivot of a three-cell wing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WingPivot {
    /// A bivalue pivot: the XY-Wing.
    TwoDigits,
    /// A pivot holding all three digits: the XYZ-Wing.
    ThreeDigits,
}

/// XY-Wings or XYZ-Wings, by the pivot.
pub fn xy_wing(v: &View, out: &mut Found, pivot_kind: WingPivot) {
    let xyz = pivot_kind == WingPivot::ThreeDigits;
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..v.topo.cells {
        let p = v.cands(pivot);
        if v.board.digit(pivot) != 0 || p.count_ones() != pivot_size {
            continue;
        }
        let wings: Vec<usize> = v.topo.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| {
                let m = v.cands(c);
                v.board.digit(c) == 0
                    && m.count_ones() == 2
                    && (m & p).count_ones() == 1 + xyz as u32
            })
            .collect();
        for (i, &w1) in wings.iter().enumerate() {
            for &w2 in &wings[i + 1..] {
                let (m1, m2) = (v.cands(w1), v.cands(w2));
                let z = m1 & m2;
                if m1 == m2 || z.count_ones() != 1 {
                    continue;
                }
                let (x, y) = (m1 & !z, m2 & !z);
                let fits = if xyz {
                    z & p != 0 && (x | y | z) == p
                } else {
                    z & p == 0 && x | y == p
                };
                if !fits {
                    continue;
                }
                let digit = z.trailing_zeros() as u8 + 1;
                let seen: Vec<usize> = if xyz {
                    vec![w1, w2, pivot]
                } else {
                    vec![w1, w2]
                };
                let targets = victims(v, digit, &seen);
                if targets.is_empty() {
                    continue;
                }
                let technique = if xyz {
                    Technique::XYZWing
                } else {
                    Technique::XYWing
                };
                let mut step = Step::new(technique, Effect::Eliminate(targets));
                step.place = format!("with pivot {}", v.cell(pivot));
                let mut cells = vec![pivot, w1, w2];
                cells.sort_unstable();
                step.cells = cells;
                step.digits = p | m1 | m2;
                step.text = if xyz {
                    format!(
                        "{} holds {}, {} holds {} and {} holds {}, and the pivot sees both: \
                         one of the three is {digit}, so cells seeing all three cannot be.",
                        v.cell(pivot),
                        digits_text(p),
                        v.cell(w1),
                        digits_text(m1),
                        v.cell(w2),
                        digits_text(m2)
                    )
                } else {
                    format!(
                        "{} is {} or {}; if the first, {} is {digit}, if the second, {} is: \
                         cells seeing both {} and {} cannot hold {digit}.",
                        v.cell(pivot),
                        digits_text(m1 & p),
                        digits_text(m2 & p),
                        v.cell(w1),
                        v.cell(w2),
                        v.cell(w1),
                        v.cell(w2)
                    )
                };
                if out.push(step) {
                    return;
                }
            }
        }
    }
}

/// W-Wings.
pub fn w_wing(v: &View, out: &mut Found) {
    let pairs: Vec<usize> = (0..v.topo.cells)
        .filter(|&c| v.board.digit(c) == 0 && v.cands(c).count_ones() == 2)
        .collect();
    for (i, &c1) in pairs.iter().enumerate() {
        for &c2 in &pairs[i + 1..] {
            let mask = v.cands(c1);
            if v.cands(c2) != mask || v.topo.sees(c1, c2) {
                continue;
            }
            for x in digits(mask) {
                let y = (mask & !(1u64 << (x - 1))).trailing_zeros() as u8 + 1;
                for link in strong_links(v, x) {
                    for (e1, e2) in [(link.a, link.b), (link.b, link.a)] {
                        if [e1, e2].iter().any(|e| *e == c1 || *e == c2)
                            || !v.topo.sees(e1, c1)
                            || !v.topo.sees(e2, c2)
                        {
                            continue;
                        }
                        let targets = victims(v, y, &[c1, c2]);
                        if targets.is_empty() {
                            continue;
                        }
                        let mut step = Step::new(Technique::WWing, Effect::Eliminate(targets));
                        step.place = format!("on {} and {}", v.cell(c1), v.cell(c2));
                        let mut cells = vec![c1, c2, e1, e2];
                        cells.sort_unstable();
                        step.cells = cells;
                        step.groups = vec![v.topo.regions[link.region].group];
                        step.digits = mask;
                        step.length = 5;
                        // SE's forcing chain of its 6 candidates, the removed one
                        // counted at both ends (as `loops` counts an AIC's).
                        step.difficulty = 7.0 + length_penalty(8);
                        step.text = capitalize(&format!(
                            "{} and {} both hold {x} or {y}. {x} is in {} or {} ({}), which see \
                             {} and {}: they cannot both be {x}, so one of them is {y}, and \
                             cells seeing both lose {y}.",
                            v.cell(c1),
                            v.cell(c2),
                            v.cell(e1),
                            v.cell(e2),
                            v.region(link.region),
                            v.cell(c1),
                            v.cell(c2)
                        ));
                        if out.push(step) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Sukaku Explainer's value of a big wing whose almost locked set has `cells` cells, the
/// largest holding `widest` candidates: WXYZ-Wing 5.5-5.6, VWXYZ-Wing 6.2-6.4 (a set
/// of middle-sized cells rates a little higher than one of bivalue or full cells),
/// UVWXYZ-Wing 6.6 (the values of its `WXYZWingHint`, `VWXYZWingHint` and
/// `UVWXYZWingHint`, read to learn the scale).
pub fn big_wing_value(cells: usize, widest: u32) -> f64 {
    let middle = |digits: i32| {
        let mid = (digits + 2) / 2;
        0.1 * f64::from((digits - mid) - (mid - widest as i32).abs())
    };
    match cells {
        3 => 5.5 + middle(4),
        4 => 6.2 + middle(5),
        _ => 6.6,
    }
}

/// The technique of a big wing of `cells` cells besides its bivalue cell.
fn big_wing_technique(cells: usize) -> Technique {
    match cells {
        3 => Technique::WXYZWing,
        4 => Technique::VWXYZWing,
        _ => Technique::UVWXYZWing,
    }
}

/// The almost locked sets of `size` cells in region `r`: that many empty cells holding
/// `size + 1` digits between them, each as (cells, their digits), cells ascending.
fn almost_locked_sets(v: &View, r: usize, size: usize) -> Vec<(Vec<usize>, u64)> {
    let empty: Vec<usize> = v.topo.regions[r]
        .cells
        .iter()
        .copied()
        .filter(|&c| v.board.digit(c) == 0 && v.cands(c).count_ones() >= 2)
        .collect();
    let mut found = Vec::new();
    let mut pick = Vec::with_capacity(size);
    grow(v, &empty, 0, 0, size, &mut pick, &mut found);
    found
}

/// Extends `pick` (whose digits are `mask`) with cells of `empty` from `from` on, keeping
/// the union within `size + 1` digits (it only grows, so a wider one is cut at once).
fn grow(
    v: &View,
    empty: &[usize],
    from: usize,
    mask: u64,
    size: usize,
    pick: &mut Vec<usize>,
    found: &mut Vec<(Vec<usize>, u64)>,
) {
    if pick.len() == size {
        if mask.count_ones() as usize == size + 1 {
            found.push((pick.clone(), mask));
        }
        return;
    }
    for i in from..empty.len() {
        let union = mask | v.cands(empty[i]);
        if union.count_ones() as usize > size + 1 {
            continue;
        }
        pick.push(empty[i]);
        grow(v, empty, i + 1, union, size, pick, found);
        pick.pop();
    }
}

/// Big wings (Sukaku Explainer's WXYZ-, VWXYZ- and UVWXYZ-Wing): an almost locked set
/// of `size` cells (3, 4 or 5) of one house, holding `size + 1` digits, and a bivalue
/// cell {x, z} outside it whose digits both occur in the set. When every x of the set
/// sees the bivalue cell, x cannot be in both: if the bivalue cell is x, the set loses
/// x and its cells lock the other digits, z among them; so z is in the bivalue cell or
/// in the set, and cells seeing the bivalue cell and every z of the set lose z. This is
/// HoDoKu's ALS-XZ with one set a single cell.
///
/// When z is restricted too (the wing is "doubly linked"), the bivalue cell takes one of
/// x and z and the set the other, so the set's other digits are locked in it as well:
/// cells seeing every place of one of them in the set lose it, and cells seeing every x
/// (every z) of the set and the bivalue cell lose x (z). SE's wing producers make that
/// one step, and give their steps easiest first, then most removals first, then by their
/// name's suffix in reverse (a doubly linked wing first); the steps come in that order.
pub fn big_wing(v: &View, out: &mut Found, size: usize) {
    let technique = big_wing_technique(size);
    let pairs: Vec<usize> = (0..v.topo.cells)
        .filter(|&c| v.board.digit(c) == 0 && v.cands(c).count_ones() == 2)
        .collect();
    let mut seen_sets: Vec<Vec<usize>> = Vec::new();
    // Each step with SE's suffix: doubly linked or not, widest cell, the set's candidates.
    let mut steps: Vec<(Step, String)> = Vec::new();
    for r in 0..v.topo.regions.len() {
        for (set, mask) in almost_locked_sets(v, r, size) {
            // A set inside two houses (a line within a box) is found once.
            if seen_sets.contains(&set) {
                continue;
            }
            seen_sets.push(set.clone());
            let widest = set.iter().map(|&c| v.cands(c).count_ones()).max();
            let value = big_wing_value(size, widest.unwrap_or(2));
            let candidates: u32 = set.iter().map(|&c| v.cands(c).count_ones()).sum();
            let holding = |d: u8| -> Vec<usize> {
                set.iter().copied().filter(|&c| v.board.has(c, d)).collect()
            };
            // Cells outside the set and `but` holding `d` and seeing every cell of `seen`
            // (not empty): peers of its first cell, in ascending order as all cells are.
            let losing = |d: u8, seen: &[usize], but: usize| -> Vec<(usize, u8)> {
                v.topo.peers[seen[0]]
                    .iter()
                    .copied()
                    .filter(|&c| c != but && !set.contains(&c) && v.board.has(c, d))
                    .filter(|&c| v.topo.sees_all(c, seen))
                    .map(|c| (c, d))
                    .collect()
            };
            for &yz in &pairs {
                let pair = v.cands(yz);
                if pair & mask != pair || set.contains(&yz) {
                    continue;
                }
                let restricted: Vec<u8> = digits(pair)
                    .filter(|&d| holding(d).iter().all(|&c| v.topo.sees(c, yz)))
                    .collect();
                let doubly = restricted.len() == 2;
                for &x in restricted.iter().take(if doubly { 1 } else { 2 }) {
                    let z = (pair & !(1u64 << (x - 1))).trailing_zeros() as u8 + 1;
                    let with_yz = |d: u8| {
                        let mut seen = holding(d);
                        seen.push(yz);
                        losing(d, &seen, yz)
                    };
                    let mut targets = with_yz(z);
                    if doubly {
                        targets.extend(with_yz(x));
                        for w in digits(mask & !pair) {
                            targets.extend(losing(w, &holding(w), yz));
                        }
                        targets.sort_unstable();
                    }
                    if targets.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(technique, Effect::Eliminate(targets));
                    step.place = format!("on {z} with {}", v.cell(yz));
                    let mut cells = set.clone();
                    cells.push(yz);
                    cells.sort_unstable();
                    step.cells = cells;
                    step.groups = vec![v.topo.regions[r].group];
                    step.digits = mask;
                    step.length = size + 1;
                    step.difficulty = value;
                    let (set_text, yz_text) = (v.cells_text(&set), v.cell(yz));
                    let opening = format!(
                        "{set_text} hold {} between them, one digit more than cells, and \
                         {yz_text} holds {x} or {z}.",
                        digits_text(mask)
                    );
                    step.text = capitalize(&if doubly {
                        format!(
                            "{opening} Every {x} and every {z} of the {size} cells sees \
                             {yz_text}: it takes one of them and the cells the other, with all \
                             their other digits locked. So cells seeing all places of a digit \
                             in the cells (and {yz_text} too, for {x} and {z}) lose it."
                        )
                    } else {
                        format!(
                            "{opening} Every {x} of the {size} cells sees {yz_text}: were it \
                             {x}, they would lose {x} and lock their other digits, {z} among \
                             them. So {z} is in {yz_text} or in those cells, and cells seeing \
                             all of its places lose it."
                        )
                    });
                    let suffix = format!(
                        "{}{}{candidates}",
                        if doubly { 2 } else { 1 },
                        widest.unwrap_or(2)
                    );
                    steps.push((step, suffix));
                }
            }
        }
    }
    // SE's order (a stable sort keeps ours among full ties).
    steps.sort_by(|(a, sa), (b, sb)| {
        a.difficulty
            .total_cmp(&b.difficulty)
            .then(b.removals().cmp(&a.removals()))
            .then(sb.cmp(sa))
    });
    for (step, _) in steps {
        if out.push(step) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::{Collect, Premise};
    use crate::layout::Layout;

    /// A board of `side`² cells, all empty with every candidate but those listed.
    fn marked(side: usize, cells: &[(usize, u64)]) -> Board {
        let all = (1u64 << side) - 1;
        let mut marks = vec![all; side * side];
        for &(cell, mask) in cells {
            marks[cell] = mask;
        }
        Board::from_parts(side, vec![0; side * side], marks)
    }

    /// Digits as a mask.
    fn mask(digits: &[u8]) -> u64 {
        digits.iter().fold(0, |m, d| m | 1 << (d - 1))
    }

    /// The big wing of three cells in row 1 holding 1-4 (r1c1 {1, 2}, r1c2 {2, 3}, r1c3
    /// {1, 3, 4}) and the bivalue cell r5c3 {1, 4}: the 4 of the row cells is only in r1c3,
    /// which sees r5c3; so 1 is in r5c3 or in r1c1 / r1c3, and the cells of column 3 in
    /// box 1 lose it (the 1 of r1c1 does not see r5c3: singly linked). On 9x9 and on
    /// 16x16 (the same cells).
    #[test]
    fn a_wxyz_wing_removes_z_from_cells_seeing_all_of_it() {
        for side in [9usize, 16] {
            let layout = Layout::square(side).unwrap();
            let topo = Topology::new(&layout);
            let at = |r: usize, c: usize| (r - 1) * side + c - 1;
            let board = marked(
                side,
                &[
                    (at(1, 1), mask(&[1, 2])),
                    (at(1, 2), mask(&[2, 3])),
                    (at(1, 3), mask(&[1, 3, 4])),
                    (at(5, 3), mask(&[1, 4])),
                ],
            );
            let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
            let mut found = Found::new(Collect::All);
            big_wing(&v, &mut found, 3);
            let cells = vec![at(1, 1), at(1, 2), at(1, 3), at(5, 3)];
            let wings: Vec<&Step> = found.steps.iter().filter(|s| s.cells == cells).collect();
            assert_eq!(wings.len(), 1, "{wings:?}");
            let step = wings[0];
            assert_eq!(step.technique, Technique::WXYZWing);
            // The widest cell holds 3 of the 4 digits: the middle value.
            assert!((step.difficulty - 5.6).abs() < 1e-9, "{}", step.difficulty);
            let box_side = (side as f64).sqrt() as usize;
            let expected: Vec<(usize, u8)> = (2..=box_side).map(|r| (at(r, 3), 1)).collect();
            assert_eq!(step.effect, Effect::Eliminate(expected));
            // Four cells are not a set of three.
            let mut four = Found::new(Collect::All);
            big_wing(&v, &mut four, 4);
            assert!(four
                .steps
                .iter()
                .all(|s| s.technique == Technique::VWXYZWing));
        }
    }

    /// The wings of three cells on an empty 9x9 board whose row 1 starts r1c1 {1, 2},
    /// r1c2 {2, 3}, r1c3 {1, 3, 4}, with {1, 4} in cell `pair` (0-based).
    fn three_cell_wings(pair: usize) -> Found {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let board = marked(
            9,
            &[
                (0, mask(&[1, 2])),
                (1, mask(&[2, 3])),
                (2, mask(&[1, 3, 4])),
                (pair, mask(&[1, 4])),
            ],
        );
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let mut found = Found::new(Collect::All);
        big_wing(&v, &mut found, 3);
        found
    }

    /// Both digits of r3c3 {1, 4} restricted (every 1 and every 4 of the set r1c1 {1, 2},
    /// r1c2 {2, 3}, r1c3 {1, 3, 4} sees it): Sukaku Explainer's doubly linked wing, one
    /// step. r3c3 takes 1 or 4 and the set the other, so 2 and 3 are locked in the set
    /// too: row 1 and box 1 lose 1 where it sees r1c1, r1c3 and r3c3, 4 where it sees
    /// r1c3 and r3c3 (column 3 and box 1), 2 in row 1 and box 1 (r1c1, r1c2), 3 likewise.
    #[test]
    fn a_doubly_linked_wing_locks_the_sets_other_digits() {
        let found = three_cell_wings(20);
        let wings: Vec<&Step> = found
            .steps
            .iter()
            .filter(|s| s.cells == vec![0, 1, 2, 20])
            .collect();
        assert_eq!(wings.len(), 1, "{wings:?}");
        let Effect::Eliminate(list) = &wings[0].effect else {
            panic!()
        };
        // 2 leaves row 1 beyond the set (r1c4) and box 1 (r2c1); 3 too; 1 leaves r2c2
        // (box 1); 4 leaves r9c3 (column 3); none leaves a cell outside their reach.
        for target in [(3, 2), (9, 2), (3, 3), (9, 3), (10, 1), (74, 4), (11, 4)] {
            assert!(list.contains(&target), "{target:?} in {list:?}");
        }
        assert!(!list.contains(&(3, 1)) && !list.contains(&(40, 2)));
        assert!((wings[0].difficulty - 5.6).abs() < 1e-9);
        // It removes more than either singly linked reading, so it comes first.
        assert!(found.steps[0].cells == vec![0, 1, 2, 20]);
    }

    /// No wing when an x of the set does not see the bivalue cell: the same set with
    /// {1, 4} in r5c5, which sees none of it.
    #[test]
    fn an_unrestricted_x_makes_no_wing() {
        let found = three_cell_wings(40);
        assert!(
            found.steps.iter().all(|s| !s.cells.contains(&40)),
            "{:?}",
            found.steps
        );
    }

    /// Sukaku Explainer's values by set size and widest cell.
    #[test]
    fn big_wing_values_follow_the_scale() {
        assert_eq!(big_wing_value(3, 2), 5.5);
        assert!((big_wing_value(3, 3) - 5.6).abs() < 1e-9);
        assert_eq!(big_wing_value(3, 4), 5.5);
        assert!((big_wing_value(4, 2) - 6.3).abs() < 1e-9);
        assert!((big_wing_value(4, 3) - 6.4).abs() < 1e-9);
        assert!((big_wing_value(4, 5) - 6.2).abs() < 1e-9);
        assert_eq!(big_wing_value(5, 3), 6.6);
    }
}
