//! Aligned Pair Exclusion, as Sukaku Explainer finds it (its `AlignedPairExclusion`,
//! 6.2, tried after the VWXYZ-Wing and before its chains).
//!
//! Two cells A and B, each with two candidates or more, both see two or more bivalue
//! cells (the "excluders"). Whatever A and B hold, no excluder may be left empty: a
//! pair of values (a, b) equal to an excluder's two digits would take both from it. Nor
//! may a = b when A and B share a house. A candidate of A (or B) that belongs to no
//! remaining pair is false. SE only looks at cells none of whose peers holds a single
//! candidate, and takes the first pair of cells that removes something, in reading order.

use super::step::{capitalize, digits_text, Effect, Step};
use super::technique::Technique;
use super::view::{digits, Found, View};

/// SE's value of an Aligned Pair Exclusion.
const VALUE: f64 = 6.2;

/// The Aligned Pair Exclusions of the board (see the module docs).
pub fn aligned_pair_exclusion(v: &View, out: &mut Found) {
    // The base cells, each with its bivalue peers.
    let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
    for cell in 0..v.topo.cells {
        if v.board.digit(cell) != 0 || v.cands(cell).count_ones() < 2 {
            continue;
        }
        let mut excluders = Vec::new();
        let mut single_beside = false;
        for &peer in &v.topo.peers[cell] {
            if v.board.digit(peer) != 0 {
                continue;
            }
            match v.cands(peer).count_ones() {
                1 => single_beside = true,
                2 => excluders.push(peer),
                _ => {}
            }
        }
        if !single_beside && !excluders.is_empty() {
            bases.push((cell, excluders));
        }
    }
    for (i, (a, a_excluders)) in bases.iter().enumerate() {
        for (b, b_excluders) in &bases[i + 1..] {
            let (a, b) = (*a, *b);
            let common: Vec<usize> = a_excluders
                .iter()
                .copied()
                .filter(|x| b_excluders.contains(x))
                .collect();
            if common.len() < 2 {
                continue;
            }
            let share = v.topo.sees(a, b);
            let (mut allowed_a, mut allowed_b) = (0u64, 0u64);
            for da in digits(v.cands(a)) {
                for db in digits(v.cands(b)) {
                    if da == db && share {
                        continue;
                    }
                    let pair = (1u64 << (da - 1)) | (1u64 << (db - 1));
                    if common.iter().any(|&x| v.cands(x) & !pair == 0) {
                        continue;
                    }
                    allowed_a |= 1 << (da - 1);
                    allowed_b |= 1 << (db - 1);
                }
            }
            let mut targets: Vec<(usize, u8)> =
                digits(v.cands(a) & !allowed_a).map(|d| (a, d)).collect();
            targets.extend(digits(v.cands(b) & !allowed_b).map(|d| (b, d)));
            if targets.is_empty() {
                continue;
            }
            let mut step = Step::new(Technique::AlignedPairExclusion, Effect::Eliminate(targets));
            let mut cells = vec![a, b];
            cells.extend(&common);
            cells.sort_unstable();
            step.cells = cells;
            step.digits = v.cands(a) | v.cands(b);
            step.length = 2 + common.len();
            step.difficulty = VALUE;
            step.place = format!("{} and {}", v.cell(a), v.cell(b));
            let removed = |cell: usize, allowed: u64| {
                let gone = v.cands(cell) & !allowed;
                (gone != 0).then(|| format!("{} cannot hold {}", v.cell(cell), digits_text(gone)))
            };
            let verdict: Vec<String> = [removed(a, allowed_a), removed(b, allowed_b)]
                .into_iter()
                .flatten()
                .collect();
            step.text = capitalize(&format!(
                "{} and {} both see the bivalue cells {}: no pair of values the two take may \
                 hold both digits of one of them{}. No pair left gives these values, so {}.",
                v.cell(a),
                v.cell(b),
                v.cells_text(&common),
                if share {
                    ", nor the same digit twice, as they share a house"
                } else {
                    ""
                },
                verdict.join(" and ")
            ));
            if out.push(step) {
                return;
            }
        }
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

    /// r1c1 {1, 2, 3} and r2c4 {1, 2} both see the bivalue cells r1c5 {1, 3} (row 1, box
    /// 2) and r2c2 {2, 3} (box 1, row 2). Were r1c1 3, r1c5 would be 1 and r2c2 2, and
    /// r2c4 would have neither; so r1c1 loses 3, at SE's 6.2. Every other cell holds all
    /// nine digits.
    #[test]
    fn an_aligned_pair_removes_a_value_that_empties_an_excluder() {
        let step = steps_with(0b110)
            .into_iter()
            .find(|s| s.effect == Effect::Eliminate(vec![(0, 3)]))
            .expect("r1c1 loses 3");
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        assert_eq!(step.difficulty, 6.2);
        assert!(step.text.contains("r1c5 and r2c2"), "{}", step.text);
    }

    /// The same cells with r2c2 holding 2, 3 and 4: one excluder only, no exclusion.
    #[test]
    fn one_excluder_is_not_enough() {
        assert!(steps_with(0b1110).iter().all(|s| !s.cells.contains(&0)));
    }

    /// The steps on the board of the tests above, r2c2 holding `r2c2`.
    fn steps_with(r2c2: u64) -> Vec<Step> {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let mut candidates = vec![0x1FF; 81];
        candidates[0] = 0b111;
        candidates[12] = 0b011;
        candidates[4] = 0b101;
        candidates[10] = r2c2;
        let board = Board::from_parts(9, vec![0; 81], candidates);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let mut found = Found::new(Collect::All);
        aligned_pair_exclusion(&v, &mut found);
        found.steps
    }
}
