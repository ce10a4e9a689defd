//! Wings: XY-Wing, XYZ-Wing and W-Wing.
//!
//! - **XY-Wing**: a pivot with candidates {x, y} sees a pincer {x, z} and a pincer
//!   {y, z}. Whatever the pivot holds, one pincer is z, so cells seeing both pincers
//!   lose z.
//! - **XYZ-Wing**: the pivot {x, y, z} itself may be z, so only cells seeing all three
//!   lose it.
//! - **W-Wing**: two cells {x, y} that do not see each other, and a strong link on x
//!   whose ends see one cell each: one of the two cells is y (were both x, the strong
//!   link would have no x), so cells seeing both lose y.

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

/// XY-Wings (`xyz` false) or XYZ-Wings (`xyz` true).
pub fn xy_wing(v: &View, out: &mut Found, xyz: bool) {
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
                        step.difficulty = 7.0;
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
