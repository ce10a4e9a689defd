//! Locked Candidates, for any two houses that intersect, and beyond houses.
//!
//! When every cell of house A that can take a digit A needs lies in house B, the digit is
//! in A ∩ B, so no other cell of B can hold it. HoDoKu calls it Type 1 (Pointing) when A
//! is a box (or a jigsaw region, an extra house) and B a line, Type 2 (Claiming) when A
//! is a row, column or diagonal. On boards where those cells share no house (the
//! honeycomb, whose lines meet in one cell) the same argument removes the digit from
//! every cell that sees all of them.

use super::step::capitalize;
use super::step::{Effect, Step};
use super::technique::Technique;
use super::view::{digits, Found, View};

/// Locked candidates of both types.
pub fn locked_candidates(v: &View, out: &mut Found) {
    for (a, region) in v.topo.regions.iter().enumerate() {
        for digit in digits(v.need[a]) {
            let positions = v.positions(a, digit);
            if positions.count_ones() < 2 {
                continue;
            }
            let cells = v.cells_for(a, digit);
            let technique = if region.is_line_like() {
                Technique::LockedCandidatesClaiming
            } else {
                Technique::LockedCandidatesPointing
            };
            let mut by_house = false;
            for &b in &v.topo.cell_regions[cells[0]] {
                if b == a || !cells.iter().all(|c| v.topo.cell_regions[*c].contains(&b)) {
                    continue;
                }
                let targets: Vec<(usize, u8)> = v.topo.regions[b]
                    .cells
                    .iter()
                    .filter(|c| !region.cells.contains(c) && v.board.has(**c, digit))
                    .map(|&c| (c, digit))
                    .collect();
                by_house = true;
                if targets.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique, Effect::Eliminate(targets));
                step.place = format!("on {digit} in {}", v.region(a));
                step.cells = cells.clone();
                step.groups = vec![region.group, v.topo.regions[b].group];
                step.digits = 1 << (digit - 1);
                step.text = format!(
                    "{} must hold {digit}, and all its cells that can take it ({}) lie in {}; \
                     so {digit} is in their intersection and no other cell of {} can hold it.",
                    capitalize(&v.region(a)),
                    v.cells_text(&cells),
                    v.region(b),
                    v.region(b)
                );
                if out.push(step) {
                    return;
                }
            }
            if by_house {
                continue;
            }
            // No house holds them all: remove the digit from the cells that see them all.
            let targets: Vec<(usize, u8)> = v.topo.peers[cells[0]]
                .iter()
                .filter(|&&c| {
                    v.board.has(c, digit)
                        && !region.cells.contains(&c)
                        && v.topo.sees_all(c, &cells)
                })
                .map(|&c| (c, digit))
                .collect();
            if targets.is_empty() {
                continue;
            }
            let seers: Vec<usize> = targets.iter().map(|&(c, _)| c).collect();
            let mut step = Step::new(technique, Effect::Eliminate(targets));
            step.place = format!("on {digit} in {}", v.region(a));
            step.cells = cells.clone();
            step.groups = vec![region.group];
            step.digits = 1 << (digit - 1);
            step.text = format!(
                "{} must hold {digit}, in one of {}; {} sees all of them, so it cannot hold {digit}.",
                capitalize(&v.region(a)),
                v.cells_text(&cells),
                v.cells_text(&seers)
            );
            if out.push(step) {
                return;
            }
        }
    }
}
