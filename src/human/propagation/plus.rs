//! The "plus" of SE's dynamic-plus forcing chains: locked candidates and naked and hidden
//! pairs applied inside a propagation once its singles settle (Sudoku Explainer's
//! `ChainingHint` with `isDynamic` and the "plus" level adds these few direct techniques).

use super::{Contradiction, Propagation, Why};
use crate::human::topology::Rule;
use crate::human::view::digits;

impl Propagation<'_> {
    /// Locked candidates and naked and hidden pairs on the board as it stands; true when
    /// one removed something (its consequences then run).
    pub(super) fn advanced(&mut self) -> Result<bool, Contradiction> {
        let topo = self.topo;
        let before = self.facts.len();
        for (a, region) in topo.regions.iter().enumerate() {
            if region.rule != Rule::Full {
                continue;
            }
            let placed = region
                .cells
                .iter()
                .filter(|&&c| self.board.digit(c) != 0)
                .fold(0u64, |m, &c| m | 1 << (self.board.digit(c) - 1));
            let need = crate::layout::runs::all_digits(topo.size) & !placed;
            for d in digits(need) {
                let bit = 1u64 << (d - 1);
                let places: Vec<usize> = region
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| self.board.digit(c) == 0 && self.board.candidates(c) & bit != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for &b in &topo.cell_regions[places[0]] {
                    if b == a || !places.iter().all(|c| topo.cell_regions[*c].contains(&b)) {
                        continue;
                    }
                    let targets: Vec<usize> = topo.regions[b]
                        .cells
                        .iter()
                        .copied()
                        .filter(|c| !region.cells.contains(c))
                        .filter(|&c| {
                            self.board.digit(c) == 0 && self.board.candidates(c) & bit != 0
                        })
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    let parents: Vec<u32> = region
                        .cells
                        .iter()
                        .filter_map(|&c| self.fact_of(c, d, false))
                        .collect();
                    for c in targets {
                        self.add(c, d, false, Why::Locked(a), &parents)?;
                    }
                }
            }
            // Naked pairs: two cells holding the same two candidates.
            let empty: Vec<usize> = region
                .cells
                .iter()
                .copied()
                .filter(|&c| self.board.digit(c) == 0)
                .collect();
            for (i, &x) in empty.iter().enumerate() {
                let mask = self.board.candidates(x);
                if mask.count_ones() != 2 {
                    continue;
                }
                for &y in &empty[i + 1..] {
                    if self.board.candidates(y) != mask {
                        continue;
                    }
                    let parents: Vec<u32> = [x, y]
                        .iter()
                        .flat_map(|&c| (1..=topo.size as u8).map(move |d| (c, d)))
                        .filter_map(|(c, d)| self.fact_of(c, d, false))
                        .collect();
                    for &c in &empty {
                        if c != x && c != y {
                            for d in digits(self.board.candidates(c) & mask) {
                                self.add(c, d, false, Why::Pair(a), &parents)?;
                            }
                        }
                    }
                }
            }
            // Hidden pairs: two needed digits with the same two places.
            let need_now: Vec<(u8, u64)> = digits(need)
                .map(|d| {
                    let bit = 1u64 << (d - 1);
                    let places = region.cells.iter().enumerate().fold(0u64, |m, (i, &c)| {
                        if self.board.digit(c) == 0 && self.board.candidates(c) & bit != 0 {
                            m | 1 << i
                        } else {
                            m
                        }
                    });
                    (d, places)
                })
                .filter(|&(_, p)| p.count_ones() == 2)
                .collect();
            for (i, &(d1, p1)) in need_now.iter().enumerate() {
                for &(d2, p2) in &need_now[i + 1..] {
                    if p1 != p2 {
                        continue;
                    }
                    let keep = (1u64 << (d1 - 1)) | (1u64 << (d2 - 1));
                    let parents: Vec<u32> = region
                        .cells
                        .iter()
                        .flat_map(|&c| [(c, d1), (c, d2)])
                        .filter_map(|(c, d)| self.fact_of(c, d, false))
                        .collect();
                    let mut rest = p1;
                    while rest != 0 {
                        let c = region.cells[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                        for d in digits(self.board.candidates(c) & !keep) {
                            self.add(c, d, false, Why::Pair(a), &parents)?;
                        }
                    }
                }
            }
        }
        Ok(self.facts.len() > before)
    }
}
