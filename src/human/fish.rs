//! Fish on square boards: X-Wing, Swordfish and Jellyfish, plain, finned and sashimi.
//!
//! n base lines (rows, or columns) whose places for a digit all lie in n cover lines
//! (columns, or rows): each base line holds the digit once, in a different cover line,
//! so the cover lines hold it in the base lines only, and lose it elsewhere. A **finned**
//! fish has extra places (fins) outside the covers: either a fin holds the digit, or the
//! fish is there; so a cell in a cover line that sees every fin loses the digit. The fish
//! is **sashimi** when a base line has only one place left once the fins are taken away
//! (the plain fish would not exist). Fins must all see the eliminated cell, which on a
//! 9x9 board means one box (HoDoKu's rule); on a jigsaw board one region.

use super::limits::LIMITS;
use super::step::{capitalize, digits_text, Effect, Step};
use super::subsets::combinations;
use super::technique::Technique;
use super::view::{bits, Found, View};
use crate::grid::format::and_list;

fn technique(n: usize, finned: bool, sashimi: bool) -> Technique {
    match (n, finned, sashimi) {
        (2, false, _) => Technique::XWing,
        (3, false, _) => Technique::Swordfish,
        (_, false, _) => Technique::Jellyfish,
        (2, true, false) => Technique::FinnedXWing,
        (3, true, false) => Technique::FinnedSwordfish,
        (_, true, false) => Technique::FinnedJellyfish,
        (2, true, true) => Technique::SashimiXWing,
        (3, true, true) => Technique::SashimiSwordfish,
        (_, true, true) => Technique::SashimiJellyfish,
    }
}

/// Whether a fish may have fins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fins {
    /// Plain fish only.
    None,
    /// Finned and sashimi fish only.
    Allowed,
}

/// Fish of size `n`, plain or (`Fins::Allowed`) finned and sashimi.
pub fn fish(v: &View, out: &mut Found, n: usize, fins: Fins) {
    let finned = fins == Fins::Allowed;
    let Some(square) = &v.topo.square else { return };
    let side = square.side;
    for digit in 1..=v.topo.size as u8 {
        for by_rows in [true, false] {
            let bases = if by_rows { &square.rows } else { &square.cols };
            // For each base line, the cover lines where the digit can go.
            let places: Vec<u64> = (0..side)
                .map(|i| {
                    let mut mask = 0u64;
                    for (j, &cell) in v.topo.regions[bases[i]].cells.iter().enumerate() {
                        if v.board.has(cell, digit) {
                            // Cells of a row are in column order, of a column in row order.
                            mask |= 1 << j;
                        }
                    }
                    mask
                })
                .collect();
            let limit = if finned {
                n as u32 + LIMITS.fins
            } else {
                n as u32
            };
            let usable: Vec<usize> = (0..side)
                .filter(|&i| (2..=limit).contains(&places[i].count_ones()))
                .collect();
            let stop = combinations(&usable, n, &mut |base| {
                let union = base.iter().fold(0, |m, &i| m | places[i]);
                let width = union.count_ones() as usize;
                if !finned {
                    if width != n {
                        return false;
                    }
                    return report(v, out, digit, by_rows, base, union, 0, &places);
                }
                if width <= n || width > n + LIMITS.fins as usize {
                    return false;
                }
                // The fins share one block: for each block, the covers must take every
                // place outside it, and may take some of its places; the rest are fins.
                let at = |i: usize, j: usize| if by_rows { i * side + j } else { j * side + i };
                let mut blocks: Vec<usize> = Vec::new();
                for &i in base {
                    for j in bits(places[i]) {
                        let b = square.block_of[at(i, j)];
                        if !blocks.contains(&b) {
                            blocks.push(b);
                        }
                    }
                }
                for b in blocks {
                    let inside = |i: usize| {
                        bits(places[i])
                            .filter(|&j| square.block_of[at(i, j)] == b)
                            .fold(0u64, |m, j| m | 1 << j)
                    };
                    let outside = base.iter().fold(0u64, |m, &i| m | (places[i] & !inside(i)));
                    let extra = n.checked_sub(outside.count_ones() as usize);
                    let Some(extra) = extra else { continue };
                    let choices: Vec<usize> =
                        bits(base.iter().fold(0u64, |m, &i| m | inside(i)) & !outside).collect();
                    let stop = combinations(&choices, extra, &mut |chosen| {
                        let cover = chosen.iter().fold(outside, |m, &j| m | 1 << j);
                        let fin_lines = union & !cover;
                        if fin_lines == 0 || base.iter().any(|&i| places[i] & cover == 0) {
                            return false;
                        }
                        report(v, out, digit, by_rows, base, cover, fin_lines, &places)
                    });
                    if stop {
                        return true;
                    }
                }
                false
            });
            if stop {
                return;
            }
        }
    }
}

/// Builds and pushes the step of the fish with base lines `base` and cover lines
/// `cover_mask` (fins in the columns `fin_lines` of the base lines); true to stop.
#[allow(clippy::too_many_arguments)]
fn report(
    v: &View,
    out: &mut Found,
    digit: u8,
    by_rows: bool,
    base: &[usize],
    cover_mask: u64,
    fin_lines: u64,
    places: &[u64],
) -> bool {
    let square = v.topo.square.as_ref().expect("fish need a square board");
    let side = square.side;
    let at = |base_line: usize, cover_line: usize| {
        if by_rows {
            base_line * side + cover_line
        } else {
            cover_line * side + base_line
        }
    };
    let fins: Vec<usize> = base
        .iter()
        .flat_map(|&i| bits(places[i] & fin_lines).map(move |j| at(i, j)))
        .collect();
    let mut targets = Vec::new();
    for j in bits(cover_mask) {
        for i in 0..side {
            let cell = at(i, j);
            if base.contains(&i) || !v.board.has(cell, digit) {
                continue;
            }
            if fins.iter().all(|&f| v.topo.sees(cell, f)) {
                targets.push((cell, digit));
            }
        }
    }
    if targets.is_empty() {
        return false;
    }
    let finned = !fins.is_empty();
    let sashimi = finned
        && base
            .iter()
            .any(|&i| (places[i] & cover_mask).count_ones() == 1);
    let n = base.len();
    let technique = technique(n, finned, sashimi);
    let (base_kind, cover_kind) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let numbers = |lines: Vec<usize>| -> String {
        and_list(
            &lines
                .iter()
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>(),
        )
    };
    let base_names = numbers(base.to_vec());
    let cover_names = numbers(bits(cover_mask).collect());
    let mut step = Step::new(technique, Effect::Eliminate(targets));
    step.place = format!("on {digit} in {base_kind} {base_names}");
    step.cells = base
        .iter()
        .flat_map(|&i| bits(places[i]).map(move |j| at(i, j)))
        .collect();
    step.cells.sort_unstable();
    let line_group = |kind_rows: bool, i: usize| {
        let index = if kind_rows {
            square.rows[i]
        } else {
            square.cols[i]
        };
        v.topo.regions[index].group
    };
    step.groups = base.iter().map(|&i| line_group(by_rows, i)).collect();
    step.groups
        .extend(bits(cover_mask).map(|j| line_group(!by_rows, j)));
    step.digits = 1 << (digit - 1);
    let body = format!(
        "In {base_kind} {base_names}, {digit} can only go in {cover_kind} {cover_names}{}",
        if finned {
            format!(" or in the fins {}", v.cells_text(&fins))
        } else {
            String::new()
        }
    );
    step.text = if finned {
        format!(
            "{body}. If no fin holds {digit}, the {} places it once in each of those {cover_kind}; \
             either way the cells of the {cover_kind} that see every fin cannot hold {}.",
            technique.name().split(' ').next_back().unwrap_or("fish"),
            digits_text(step.digits)
        )
    } else {
        format!(
            "{body}, so each of those {cover_kind} has its {digit} in {base_kind} {base_names}, \
             and nowhere else."
        )
    };
    step.text = capitalize(&step.text);
    out.push(step)
}
