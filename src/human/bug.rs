//! Bivalue Universal Grave, types 1 to 4, the way Sudoku Explainer finds them (its
//! `BivalueUniversalGrave` producer, read in Sukaku Explainer's sources).
//!
//! A BUG is a board whose every empty cell has two candidates and every digit two places
//! in each house it lacks: such a board has no solution or several. So on a puzzle with
//! one solution, a board that is a BUG but for some "extra" candidates keeps at least one
//! of them. SE finds the extras house by house (boxes, then rows, then columns, each by
//! number, each digit in turn): a digit with neither 0 nor 2 places in a house is extra
//! in its one place that has 3 or more candidates (none: no BUG; several: another house
//! decides). With the extras removed, the board must be a BUG. Then:
//!
//! - **type 1**, one cell holds the extras: one of them is true, so the cell loses its
//!   other candidates (5.6, our BUG+1);
//! - **type 2**, one extra digit in several cells: one of them holds it, so the cells
//!   seeing all of them lose it (5.7);
//! - **type 4**, two cells in one house with one common non-extra digit: one of them
//!   holds its extra, so the other holds the common digit... each loses its other
//!   non-extra candidate (5.7);
//! - **type 3**, cells sharing a house whose extras, with k-1 other cells of that house,
//!   make a naked set of k digits: the house's other cells lose them (5.7 + 0.1 a digit
//!   beyond the first).
//!
//! SE tries type 1, else 2 then 4 (one extra digit), else 4 then 3; the rater takes the
//! first, as SE's accumulator does.

use super::step::{Effect, Step};
use super::subsets::combinations;
use super::technique::Technique;
use super::topology::Rule;
use super::view::{digits, Found, View};
use crate::layout::HouseKind;

/// The houses by SE's three kinds: boxes (or jigsaw regions), rows, columns; `None` on
/// boards with other houses or lines.
fn kinds(v: &View) -> Option<[Vec<usize>; 3]> {
    let mut by_kind: [Vec<usize>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for (r, region) in v.topo.regions.iter().enumerate() {
        if region.rule != Rule::Full {
            return None;
        }
        match region.kind {
            HouseKind::Box | HouseKind::Region => by_kind[0].push(r),
            HouseKind::Row => by_kind[1].push(r),
            HouseKind::Column => by_kind[2].push(r),
            _ => return None,
        }
    }
    Some(by_kind)
}

/// The region of `kind` holding `cell`.
fn region_of(v: &View, kinds: &[Vec<usize>; 3], kind: usize, cell: usize) -> usize {
    *kinds[kind]
        .iter()
        .find(|&&r| v.topo.regions[r].cells.contains(&cell))
        .expect("every cell is in one house of each kind")
}

/// BUG types 1 to 4 on boards of boxes, rows and columns; on other boards BUG+1 as
/// `uniqueness` finds it.
pub fn bug(v: &View, out: &mut Found) {
    let Some(kinds) = kinds(v) else {
        super::uniqueness::bug_plus_one(v, out);
        return;
    };
    let size = v.topo.size;
    let mut cands: Vec<u64> = (0..v.topo.cells).map(|c| v.cands(c)).collect();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut extra: Vec<u64> = vec![0; v.topo.cells];
    let mut all_extra = 0u64;
    let mut common: Option<Vec<usize>> = None;
    for kind in &kinds {
        for &r in kind {
            let region = &v.topo.regions[r];
            for digit in 1..=size as u8 {
                let places: Vec<usize> = region
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| v.board.digit(c) == 0 && v.board.has(c, digit))
                    .collect();
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let wide: Vec<usize> = places
                    .iter()
                    .copied()
                    .filter(|&c| v.cands(c).count_ones() >= 3)
                    .collect();
                if wide.is_empty() {
                    return; // a digit with 3+ places but no wide cell: no BUG
                }
                if wide.len() > 1 {
                    continue; // another house decides which is extra
                }
                let cell = wide[0];
                if !bug_cells.contains(&cell) {
                    bug_cells.push(cell);
                }
                extra[cell] |= 1 << (digit - 1);
                all_extra |= 1 << (digit - 1);
                cands[cell] &= !(1 << (digit - 1));
                let seen = &v.topo.peers[cell];
                let mut next: Vec<usize> = match common.take() {
                    None => seen.clone(),
                    Some(c) => c.into_iter().filter(|x| seen.contains(x)).collect(),
                };
                next.retain(|c| !bug_cells.contains(c));
                if bug_cells.len() > 1 && all_extra.count_ones() > 1 && next.is_empty() {
                    return; // none of types 1 to 3 (SE gives up here)
                }
                common = Some(next);
            }
        }
    }
    // Without the extras, a BUG: two candidates a cell, two places a digit and house.
    for (cell, &left) in cands.iter().enumerate() {
        if v.board.digit(cell) == 0 && left.count_ones() != 2 {
            return;
        }
    }
    for region in &v.topo.regions {
        for digit in 1..=size as u8 {
            let n = region
                .cells
                .iter()
                .filter(|&&c| v.board.digit(c) == 0 && cands[c] >> (digit - 1) & 1 == 1)
                .count();
            if n != 0 && n != 2 {
                return;
            }
        }
    }
    let common = common.unwrap_or_default();
    let technique_steps: Vec<Step> = if bug_cells.len() == 1 {
        type1(v, bug_cells[0], all_extra).into_iter().collect()
    } else if all_extra.count_ones() == 1 {
        let mut steps: Vec<Step> = type2(v, &bug_cells, all_extra, &common)
            .into_iter()
            .collect();
        if bug_cells.len() == 2 {
            steps.extend(type4(v, &kinds, &bug_cells, &extra, all_extra));
        }
        steps
    } else if !common.is_empty() {
        let mut steps = Vec::new();
        if bug_cells.len() == 2 {
            steps.extend(type4(v, &kinds, &bug_cells, &extra, all_extra));
        }
        steps.extend(type3(v, &kinds, &bug_cells, all_extra, &common));
        steps
    } else {
        Vec::new()
    };
    for step in technique_steps {
        if out.push(step) {
            return;
        }
    }
}

fn type1(v: &View, cell: usize, extras: u64) -> Option<Step> {
    let others: Vec<(usize, u8)> = digits(v.cands(cell) & !extras).map(|d| (cell, d)).collect();
    if others.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::BugPlusOne, Effect::Eliminate(others));
    step.place = format!("at {}", v.cell(cell));
    step.cells = vec![cell];
    step.text = format!(
        "Without {}'s extra candidates {}, every empty cell would hold two candidates and \
         every digit two places in each house: a pattern with no solution or several. The \
         puzzle has one, so {} holds one of them and loses its other candidates.",
        v.cell(cell),
        list(extras),
        v.cell(cell)
    );
    Some(step)
}

fn type2(v: &View, cells: &[usize], extra: u64, common: &[usize]) -> Option<Step> {
    let digit = extra.trailing_zeros() as u8 + 1;
    let victims: Vec<(usize, u8)> = common
        .iter()
        .copied()
        .filter(|&c| v.board.digit(c) == 0 && v.board.has(c, digit))
        .map(|c| (c, digit))
        .collect();
    if victims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::BugType2, Effect::Eliminate(victims));
    step.difficulty = 5.7;
    step.place = format!("on {digit}");
    step.cells = sorted(cells);
    step.digits = extra;
    step.text = format!(
        "Without the extra {digit} of {}, the board would be a bivalue universal grave (no \
         solution or several); so one of them holds {digit}, and cells seeing all of them \
         cannot.",
        v.cells_text(&sorted(cells))
    );
    Some(step)
}

fn type4(
    v: &View,
    kinds: &[Vec<usize>; 3],
    cells: &[usize],
    extra: &[u64],
    all_extra: u64,
) -> Option<Step> {
    let (c1, c2) = (cells[0], cells[1]);
    let shared = v.cands(c1) & v.cands(c2) & !all_extra;
    if shared.count_ones() != 1 {
        return None;
    }
    for kind in 0..3 {
        let r = region_of(v, kinds, kind, c1);
        if region_of(v, kinds, kind, c2) != r {
            continue;
        }
        let digit = shared.trailing_zeros() as u8 + 1;
        let mut victims = Vec::new();
        for &c in &[c1, c2] {
            for d in digits(v.cands(c) & !extra[c] & !shared) {
                victims.push((c, d));
            }
        }
        let mut step = Step::new(Technique::BugType4, Effect::Eliminate(victims));
        step.difficulty = 5.7;
        step.place = format!("in {}", v.region(r));
        step.cells = sorted(cells);
        step.groups = vec![v.topo.regions[r].group];
        step.digits = shared | all_extra;
        step.text = format!(
            "Without their extra candidates, {} and {} would make the board a bivalue \
             universal grave; so one of them keeps its extra, and as they share {} and \
             {digit}, {digit} is in one of them: each keeps only its extra and {digit}.",
            v.cell(c1),
            v.cell(c2),
            v.region(r)
        );
        return Some(step);
    }
    None
}

fn type3(
    v: &View,
    kinds: &[Vec<usize>; 3],
    cells: &[usize],
    all_extra: u64,
    common: &[usize],
) -> Vec<Step> {
    let mut steps = Vec::new();
    for kind in 0..3 {
        let r = region_of(v, kinds, kind, cells[0]);
        if cells.iter().any(|&c| region_of(v, kinds, kind, c) != r) {
            continue;
        }
        let region_cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| region_of(v, kinds, kind, c) == r)
            .collect();
        for degree in 2..=6usize {
            if region_cells.len() < degree {
                continue;
            }
            combinations(&region_cells, degree - 1, &mut |naked| {
                // A placed cell is no member of a naked set (SE asks each member for two
                // candidates or more); counted, it raised the set's degree for nothing.
                if naked.iter().any(|&c| v.cands(c).count_ones() < 2) {
                    return false;
                }
                let union = naked.iter().fold(0u64, |m, &c| m | v.cands(c));
                if union.count_ones() as usize != degree || all_extra & !union != 0 {
                    return false;
                }
                let victims: Vec<(usize, u8)> = region_cells
                    .iter()
                    .copied()
                    .filter(|c| !naked.contains(c) && !cells.contains(c))
                    .flat_map(|c| digits(v.cands(c) & union).map(move |d| (c, d)))
                    .collect();
                if victims.is_empty() {
                    return false;
                }
                let mut step = Step::new(Technique::BugType3, Effect::Eliminate(victims));
                step.difficulty = 5.7 + (degree as f64 - 1.0) * 0.1;
                step.place = format!("in {}", v.region(r));
                let mut all: Vec<usize> = cells.iter().chain(naked.iter()).copied().collect();
                all.sort_unstable();
                step.cells = all;
                step.groups = vec![v.topo.regions[r].group];
                step.digits = union;
                step.text = format!(
                    "Without their extra candidates {}, {} would make the board a bivalue \
                     universal grave; so one of them holds an extra, and with {} they make a \
                     naked set of {} in {}: the other cells there lose them.",
                    list(all_extra),
                    v.cells_text(&sorted(cells)),
                    v.cells_text(naked),
                    list(union),
                    v.region(r)
                );
                steps.push(step);
                false
            });
        }
    }
    steps
}

fn sorted(cells: &[usize]) -> Vec<usize> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

fn list(mask: u64) -> String {
    digits(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
