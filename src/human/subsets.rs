//! Subsets: Naked and Hidden Pair, Triple and Quadruple, and the Locked Pair and Triple.
//!
//! - **Naked**: k empty cells of a house or line whose candidates together are k digits
//!   hold those k digits, so no other cell of it can. Sound in every region whose digits
//!   differ, short houses and run lines included.
//! - **Hidden**: k digits a region needs whose cells there are the same k cells: those
//!   cells hold those digits and nothing else.
//! - **Locked** (HoDoKu): a naked pair or triple whose cells share a box and a line; it
//!   clears its digits from both.

use super::step::capitalize;
use super::step::{digits_text, Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{bits, digits, Found, View};

/// The k-element subsets of `items`, in lexicographic order, passed to `visit` until it
/// returns true.
pub fn combinations<T: Copy>(items: &[T], k: usize, visit: &mut dyn FnMut(&[T]) -> bool) -> bool {
    fn go<T: Copy>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        visit: &mut dyn FnMut(&[T]) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return visit(chosen);
        }
        let left = k - chosen.len();
        for i in start..items.len() {
            if items.len() - i < left {
                break;
            }
            chosen.push(items[i]);
            if go(items, k, i + 1, chosen, visit) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    go(items, k, 0, &mut Vec::with_capacity(k), visit)
}

fn naked_technique(k: usize, locked: bool) -> Technique {
    match (k, locked) {
        (2, true) => Technique::LockedPair,
        (3, true) => Technique::LockedTriple,
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        _ => Technique::NakedQuadruple,
    }
}

/// Which naked subsets a search reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lock {
    /// Subsets locked in one house only (Naked Pair, Triple, Quadruple).
    House,
    /// Subsets of 2 or 3 cells that also sit in a box-line intersection and clear both
    /// houses (Locked Pair, Triple).
    Intersection,
}

/// Naked subsets of `k` cells, of the kind `lock` names.
pub fn naked(v: &View, out: &mut Found, k: usize, lock: Lock) {
    let locked = lock == Lock::Intersection;
    for (r, region) in v.topo.regions.iter().enumerate() {
        let cells: Vec<usize> = region
            .cells
            .iter()
            .copied()
            .filter(|&c| v.board.digit(c) == 0 && (1..=k as u32).contains(&v.cands(c).count_ones()))
            .collect();
        let empty = region
            .cells
            .iter()
            .filter(|&&c| v.board.digit(c) == 0)
            .count();
        if cells.len() < k || empty <= k {
            continue;
        }
        let stop = combinations(&cells, k, &mut |subset| {
            let union = subset.iter().fold(0, |m, &c| m | v.cands(c));
            if union.count_ones() as usize != k {
                return false;
            }
            // The houses holding the whole subset, and what each loses.
            let holders: Vec<usize> = v.topo.cell_regions[subset[0]]
                .iter()
                .copied()
                .filter(|&h| subset.iter().all(|c| v.topo.cell_regions[*c].contains(&h)))
                .collect();
            let losses = |h: usize| -> Vec<(usize, u8)> {
                v.topo.regions[h]
                    .cells
                    .iter()
                    .filter(|c| !subset.contains(c))
                    .flat_map(|&c| digits(v.cands(c) & union).map(move |d| (c, d)))
                    .collect()
            };
            // Locked (HoDoKu): in a box and a line, and clearing digits from both.
            let clearing: Vec<usize> = holders
                .iter()
                .copied()
                .filter(|&h| !losses(h).is_empty())
                .collect();
            let is_locked = k <= 3
                && clearing.iter().any(|&h| v.topo.regions[h].is_line_like())
                && clearing.iter().any(|&h| {
                    !v.topo.regions[h].is_line_like() && v.topo.regions[h].rule == Rule::Full
                });
            if is_locked != locked {
                return false;
            }
            // A locked subset is reported once, from its first house, clearing all of them.
            if is_locked && clearing[0] != r {
                return false;
            }
            let scope = if is_locked { clearing.clone() } else { vec![r] };
            let targets: Vec<(usize, u8)> = scope.iter().flat_map(|&h| losses(h)).collect();
            let technique = naked_technique(k, is_locked);
            let mut step = Step::new(technique, Effect::Eliminate(targets));
            let names: Vec<String> = scope.iter().map(|&h| v.region(h)).collect();
            step.place = format!("in {}", crate::grid::format::and_list(&names));
            step.cells = subset.to_vec();
            step.groups = scope.iter().map(|&h| v.topo.regions[h].group).collect();
            step.digits = union;
            step.text = format!(
                "{} can only hold {} between them, so these digits are theirs and leave \
                 the other cells of {}.",
                capitalize(&v.cells_text(subset)),
                digits_text(union),
                crate::grid::format::and_list(&names)
            );
            out.push(step)
        });
        if stop {
            return;
        }
    }
}

/// Hidden subsets of `k` digits.
pub fn hidden(v: &View, out: &mut Found, k: usize) {
    for (r, region) in v.topo.regions.iter().enumerate() {
        let empty = region
            .cells
            .iter()
            .filter(|&&c| v.board.digit(c) == 0)
            .count();
        if empty <= k {
            continue;
        }
        let candidates: Vec<u8> = digits(v.need[r])
            .filter(|&d| (1..=k as u32).contains(&v.positions(r, d).count_ones()))
            .collect();
        if candidates.len() < k {
            continue;
        }
        let stop = combinations(&candidates, k, &mut |subset| {
            let places = subset.iter().fold(0, |m, &d| m | v.positions(r, d));
            if places.count_ones() as usize != k {
                return false;
            }
            let mask = subset.iter().fold(0u64, |m, &d| m | 1 << (d - 1));
            let cells: Vec<usize> = bits(places).map(|i| region.cells[i]).collect();
            let targets: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&c| digits(v.cands(c) & !mask).map(move |d| (c, d)))
                .collect();
            let technique = match k {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuadruple,
            };
            let mut step = Step::new(technique, Effect::Eliminate(targets));
            step.place = format!("in {}", v.region(r));
            step.cells = cells.clone();
            step.groups = vec![region.group];
            step.digits = mask;
            step.text = format!(
                "{} needs {}, and only {} can take them: these cells hold those digits \
                 and nothing else.",
                capitalize(&v.region(r)),
                digits_text(mask),
                v.cells_text(&cells)
            );
            out.push(step)
        });
        if stop {
            return;
        }
    }
}
