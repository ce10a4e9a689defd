//! Unique Loops: the deadly pattern of a unique rectangle, stretched to 6 or more cells
//! (Sudoku Explainer's "Unique Loop", types 1 to 4 as for rectangles). Sound only on a
//! puzzle proven to have one solution.
//!
//! Cells c0, c1, ..., c(n-1), each holding the two digits a and b, such that every house
//! or line that holds any of them holds exactly two, one at an even and one at an odd
//! position. If all of them held only a and b, a on the even positions and b on the odd
//! ones, then swapping the two would leave every house and line with the same digits, so
//! the puzzle would have a second solution. A unique puzzle never lets all of them
//! reduce to a and b, and the cells with extra candidates (the "roof") pay for it as in
//! `uniqueness`. The argument needs only that each region's rule depends on which digits
//! it holds, which is true of full houses, partial houses and the honeycomb's run lines,
//! so loops are looked for on every board; four-cell rectangles on square boards stay
//! with the Uniqueness Tests (HoDoKu's names and library codes).
//!
//! The search is SE's (`UniqueLoops`): from each cell with exactly two candidates, a
//! depth-first walk through peers holding both of its digits, at most two roof cells
//! unless they share a single extra digit. A region may take at most two cells of the
//! walk, of different parity, so a walk that would break that stops early.

use std::collections::BTreeSet;

use super::limits::LIMITS;
use super::technique::Technique;
use super::uniqueness::deadly_pattern;
use super::view::{Found, View};

/// The unique loops of the board (types 1-4), shortest first within a starting cell.
pub fn unique_loop(v: &View, out: &mut Found) {
    let min_cells = if v.topo.square.is_some() { 6 } else { 4 };
    let mut walk = Walk {
        v,
        ab: 0,
        path: Vec::with_capacity(LIMITS.unique_loop_cells),
        count: vec![0; v.topo.regions.len()],
        parity: vec![0; v.topo.regions.len()],
        roof_digits: 0,
        roof_cells: 0,
        nodes: 0,
        min_cells,
        loops: BTreeSet::new(),
    };
    for start in 0..v.topo.cells {
        if v.board.digit(start) != 0 || v.cands(start).count_ones() != 2 {
            continue;
        }
        walk.ab = v.cands(start);
        walk.nodes = 0;
        walk.enter(start);
        let stop = walk.extend(out);
        walk.leave(start);
        if stop {
            return;
        }
    }
}

/// The state of the depth-first walk from one starting cell.
struct Walk<'v, 'a> {
    v: &'v View<'a>,
    /// The loop's two digits.
    ab: u64,
    /// The cells so far, the starting cell first.
    path: Vec<usize>,
    /// How many cells of the path each region holds.
    count: Vec<u8>,
    /// The position's parity of the path cell in each region that holds one.
    parity: Vec<u8>,
    /// The extra candidates of the roof cells so far.
    roof_digits: u64,
    /// How many roof cells the path has.
    roof_cells: usize,
    nodes: usize,
    min_cells: usize,
    /// The loops already reported, as sorted cell lists (each is found from every
    /// starting cell on it, both ways round).
    loops: BTreeSet<Vec<usize>>,
}

impl Walk<'_, '_> {
    /// True when `cell` may join the path at the next position: every region it is in
    /// holds no path cell yet, or one of the other parity.
    fn fits(&self, cell: usize) -> bool {
        let parity = (self.path.len() % 2) as u8;
        self.v.topo.cell_regions[cell]
            .iter()
            .all(|&r| self.count[r] == 0 || self.count[r] == 1 && self.parity[r] != parity)
    }

    fn enter(&mut self, cell: usize) {
        let parity = (self.path.len() % 2) as u8;
        for &r in &self.v.topo.cell_regions[cell] {
            self.count[r] += 1;
            self.parity[r] = parity;
        }
        if self.v.cands(cell) & !self.ab != 0 {
            self.roof_cells += 1;
        }
        self.path.push(cell);
    }

    fn leave(&mut self, cell: usize) {
        self.path.pop();
        if self.v.cands(cell) & !self.ab != 0 {
            self.roof_cells -= 1;
        }
        let parity = (self.path.len() % 2) as u8 ^ 1;
        for &r in &self.v.topo.cell_regions[cell] {
            self.count[r] -= 1;
            // The region's remaining path cell, if any, has the other parity.
            self.parity[r] = parity;
        }
    }

    /// True when the path closes into a deadly pattern: it has an even number of cells,
    /// at least `min_cells`, and every region it meets holds exactly two of them.
    fn closes(&self) -> bool {
        let n = self.path.len();
        n >= self.min_cells
            && n % 2 == 0
            && self.path.iter().all(|&c| {
                self.v.topo.cell_regions[c]
                    .iter()
                    .all(|&r| self.count[r] == 2)
            })
    }

    /// Extends the path from its last cell; true to stop.
    fn extend(&mut self, out: &mut Found) -> bool {
        self.nodes += 1;
        if self.nodes > LIMITS.unique_loop_nodes {
            return false;
        }
        let v = self.v;
        let last = *self.path.last().expect("the walk starts from a cell");
        let first = self.path[0];
        if self.path.len() > 2 && v.topo.sees(last, first) && self.closes() {
            let mut sorted = self.path.clone();
            sorted.sort_unstable();
            if self.loops.insert(sorted)
                && deadly_pattern(v, out, Technique::UniqueLoop, &self.path, self.ab)
            {
                return true;
            }
        }
        if self.path.len() == LIMITS.unique_loop_cells {
            return false;
        }
        for &next in &v.topo.peers[last] {
            let cands = v.cands(next);
            if v.board.digit(next) != 0
                || cands & self.ab != self.ab
                || self.path.contains(&next)
                || !self.fits(next)
            {
                continue;
            }
            // At most two roof cells, unless every roof cell has the same single extra
            // digit (type 2).
            let extra = cands & !self.ab;
            let saved = self.roof_digits;
            if extra != 0 {
                let digits = self.roof_digits | extra;
                if self.roof_cells >= 2 && digits.count_ones() != 1 {
                    continue;
                }
                self.roof_digits = digits;
            }
            self.enter(next);
            let stop = self.extend(out);
            self.leave(next);
            self.roof_digits = saved;
            if stop {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::step::Effect;
    use crate::human::topology::Topology;
    use crate::human::{Collect, Premise};
    use crate::layout::Layout;

    /// A 9x9 board of pencil marks: the listed cells as given (1-based row, column,
    /// digits), every other cell 3 to 9, so that only the listed cells hold 1 or 2 and
    /// the walk sees nothing else.
    fn board(cells: &[(usize, usize, &[u8])]) -> Board {
        let mut marks = vec![0b1_1111_1100u64; 81];
        for &(r, c, digits) in cells {
            marks[(r - 1) * 9 + c - 1] = digits.iter().fold(0, |m, d| m | 1 << (d - 1));
        }
        Board::from_parts(9, vec![0; 81], marks)
    }

    fn loops(board: &Board) -> Vec<crate::human::step::Step> {
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let v = View::new(&layout, &topo, board, Premise::UniqueSolution);
        let mut found = Found::new(Collect::All);
        unique_loop(&v, &mut found);
        found.steps
    }

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    /// The loop r7c6-r7c7-r2c7-r2c9-r9c9-r9c6 on 1 and 2 meets rows 2, 7 and 9, columns
    /// 6, 7 and 9 and boxes 3, 8 and 9 twice each: with r2c9's 3 it is type 1.
    #[test]
    fn a_six_cell_loop_with_one_roof_cell_loses_both_digits_there() {
        let steps = loops(&board(&[
            (7, 6, &[1, 2]),
            (7, 7, &[1, 2]),
            (2, 7, &[1, 2]),
            (2, 9, &[1, 2, 3]),
            (9, 9, &[1, 2]),
            (9, 6, &[1, 2]),
        ]));
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert_eq!(
            step.effect,
            Effect::Eliminate(vec![(at(2, 9), 1), (at(2, 9), 2)])
        );
        assert_eq!(step.length, 6);
        assert!((step.difficulty - 4.6).abs() < 1e-9, "{}", step.difficulty);
        assert!(
            step.headline().starts_with("Unique Loop type 1"),
            "{}",
            step.headline()
        );
    }

    /// Sudoku Explainer's sample puzzle 59 after its Uniqueness Test 4: the same loop on
    /// 1 and 5 (here 1 and 2), roof r2c9 and r9c9 in column 9, where 2 has no other
    /// place: one of them is 2, so neither is 1 (type 4, 4.7).
    #[test]
    fn a_digit_locked_in_the_roof_s_column_removes_the_other_from_the_roof() {
        // The loop with r4c9 holding `r4c9` (the only other cell of column 9 with 1 or 2).
        let steps = |r4c9: &[u8]| {
            loops(&board(&[
                (7, 6, &[1, 2]),
                (7, 7, &[1, 2]),
                (2, 7, &[1, 2]),
                (2, 9, &[1, 2, 3, 8]),
                (9, 9, &[1, 2, 6]),
                (9, 6, &[1, 2]),
                (4, 9, r4c9),
            ]))
        };
        let type_4 = |s: &&crate::human::step::Step| s.headline().starts_with("Unique Loop type 4");
        // 1 elsewhere in column 9, so only 2 is locked there.
        let found = steps(&[1, 7, 9]);
        let step = found.iter().find(type_4).expect("type 4");
        assert_eq!(
            step.effect,
            Effect::Eliminate(vec![(at(2, 9), 1), (at(9, 9), 1)])
        );
        assert!((step.difficulty - 4.7).abs() < 1e-9, "{}", step.difficulty);
        // With a second place for 2 in column 9 there is no type 4.
        assert!(!steps(&[1, 2, 7, 9]).iter().any(|s| type_4(&s)));
    }

    /// Six cells on 1 and 2 whose rows and columns pair up but whose boxes do not (box 1
    /// holds r1c1 alone): swapping the digits would change box 1, so no loop.
    #[test]
    fn cells_that_meet_a_box_once_make_no_loop() {
        let steps = loops(&board(&[
            (1, 1, &[1, 2]),
            (1, 4, &[1, 2]),
            (4, 4, &[1, 2]),
            (4, 7, &[1, 2]),
            (7, 7, &[1, 2]),
            (7, 1, &[1, 2, 3]),
        ]));
        assert!(steps.is_empty(), "{steps:?}");
    }

    /// Loops longer than six cells add Sudoku Explainer's length value: the 8-cell loop
    /// r1c1-r1c2-r4c2-r4c4-r2c4-r2c5-r5c5-r5c1 (no rectangle inside it), type 1, is 4.7.
    #[test]
    fn an_eight_cell_loop_is_rated_higher() {
        let steps = loops(&board(&[
            (1, 1, &[1, 2]),
            (1, 2, &[1, 2]),
            (4, 2, &[1, 2]),
            (4, 4, &[1, 2]),
            (2, 4, &[1, 2]),
            (2, 5, &[1, 2]),
            (5, 5, &[1, 2]),
            (5, 1, &[1, 2, 3]),
        ]));
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps[0].effect,
            Effect::Eliminate(vec![(at(5, 1), 1), (at(5, 1), 2)])
        );
        assert_eq!(steps[0].length, 8);
        assert!(
            (steps[0].difficulty - 4.7).abs() < 1e-9,
            "{}",
            steps[0].difficulty
        );
    }
}
