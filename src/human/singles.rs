//! Singles: Full House (the last empty cell of a house), Hidden Single (the only cell of a
//! house or line that can take a digit it needs) and Naked Single (a cell with one
//! candidate left).
//!
//! On Sudoku Explainer's scale a full house is 1.0, a hidden single 1.2 in a box and 1.5
//! in a row or column (lines and extra houses count as rows), a naked single 2.3.

use super::lines;
use super::step::{capitalize, Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{Found, View};
use crate::layout::HouseKind;

/// Full houses: a full house with one empty cell gets its missing digit.
pub fn full_house(v: &View, out: &mut Found) {
    for (r, region) in v.topo.regions.iter().enumerate() {
        if region.rule != Rule::Full {
            continue;
        }
        let mut empty = region.cells.iter().filter(|&&c| v.board.digit(c) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let missing = v.need[r];
        if missing.count_ones() != 1 || v.cands(cell) & missing == 0 {
            continue;
        }
        let digit = missing.trailing_zeros() as u8 + 1;
        let mut step = Step::new(Technique::FullHouse, Effect::Place { cell, digit });
        step.place = format!("in {}", v.region(r));
        step.cells = vec![cell];
        step.groups = vec![region.group];
        step.digits = missing;
        step.text = format!(
            "{} is the last empty cell of {}, so it gets the missing {digit}.",
            v.cell(cell),
            v.region(r)
        );
        if out.push(step) {
            return;
        }
    }
}

/// Hidden singles: a digit a house or line still needs has one cell left there.
pub fn hidden_single(v: &View, out: &mut Found) {
    // Boxes (and jigsaw regions) first, as Sudoku Explainer rates them lower.
    let mut order: Vec<usize> = (0..v.topo.regions.len()).collect();
    order.sort_by_key(|&r| !matches!(v.topo.regions[r].kind, HouseKind::Box | HouseKind::Region));
    for r in order {
        let region = &v.topo.regions[r];
        for digit in super::view::digits(v.need[r]) {
            let positions = v.positions(r, digit);
            if positions.count_ones() != 1 {
                continue;
            }
            let cell = region.cells[positions.trailing_zeros() as usize];
            let empty = region
                .cells
                .iter()
                .filter(|&&c| v.board.digit(c) == 0)
                .count();
            let technique = if region.rule == Rule::Full && empty == 1 {
                Technique::FullHouse
            } else {
                Technique::HiddenSingle
            };
            let mut step = Step::new(technique, Effect::Place { cell, digit });
            step.place = format!("in {}", v.region(r));
            step.cells = vec![cell];
            step.groups = vec![region.group];
            step.digits = 1 << (digit - 1);
            step.difficulty = match (technique, region.kind) {
                (Technique::FullHouse, _) => 1.0,
                (_, HouseKind::Box | HouseKind::Region) => 1.2,
                _ => 1.5,
            };
            let why = if region.rule == Rule::Run {
                format!(" {}", lines::why_required(v, r, digit))
            } else {
                String::new()
            };
            step.text = format!(
                "{} must hold {digit}{why}, and {} is its only cell that can take it.",
                capitalize(&v.region(r)),
                v.cell(cell)
            );
            if out.push(step) {
                return;
            }
        }
    }
}

/// Naked singles: an empty cell with one candidate.
pub fn naked_single(v: &View, out: &mut Found) {
    for cell in 0..v.topo.cells {
        let cands = v.cands(cell);
        if v.board.digit(cell) != 0 || cands.count_ones() != 1 {
            continue;
        }
        let digit = cands.trailing_zeros() as u8 + 1;
        let mut step = Step::new(Technique::NakedSingle, Effect::Place { cell, digit });
        step.place = format!("at {}", v.cell(cell));
        step.cells = vec![cell];
        step.groups = v.topo.cell_regions[cell]
            .iter()
            .map(|&r| v.topo.regions[r].group)
            .collect();
        step.digits = cands;
        step.text = format!(
            "{digit} is the only candidate left in {}: every other digit is already in \
             one of its houses or lines, or was eliminated.",
            v.cell(cell)
        );
        if out.push(step) {
            return;
        }
    }
}
