//! [`Board`]: what a player sees, digits and candidates, on any layout.

use super::step::{Effect, Step};
use super::topology::Topology;
use crate::layout::runs::all_digits;
use crate::layout::Layout;

/// Digits placed (0 for an empty cell) and the candidates of each empty cell, bit `d-1`
/// for digit `d` (0 for a filled cell).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    digits: Vec<u8>,
    candidates: Vec<u64>,
}

impl Board {
    /// The board with `digits` (givens and placed digits, 0 for empty, in the layout's
    /// reading order) and every candidate that no digit in the cell's houses and lines
    /// excludes: the candidates a player marks first. (The game's auto candidates,
    /// `play::candidates::auto_candidates`, start here and add the run arithmetic of
    /// honeycomb lines.)
    ///
    /// ```
    /// use sudosat::{human::Board, layout::Layout};
    /// let layout = Layout::square(4).unwrap();
    /// let board = Board::new(&layout, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// assert_eq!(board.candidates(1), 0b1110);
    /// assert_eq!(board.candidates(5), 0b1110); // same box
    /// assert_eq!(board.candidates(10), 0b1111);
    /// ```
    pub fn new(layout: &Layout, digits: &[u8]) -> Board {
        Board::with_marks(layout, digits, &[])
    }

    /// The board with `digits` and the player's pencil marks `marks` (bit `d-1` for
    /// digit `d`; a cell with no mark, or a missing entry, counts as all candidates),
    /// each intersected with what the digits in the cell's houses and lines allow.
    pub fn with_marks(layout: &Layout, digits: &[u8], marks: &[u64]) -> Board {
        let size = layout.size();
        let all = all_digits(size);
        let mut candidates: Vec<u64> = (0..digits.len())
            .map(
                |cell| match (digits[cell], marks.get(cell).copied().unwrap_or(0)) {
                    (0, 0) => all,
                    (0, mark) => mark & all,
                    _ => 0,
                },
            )
            .collect();
        for group in layout.groups() {
            let used = group
                .cells
                .iter()
                .filter(|&&c| digits[c] != 0)
                .fold(0u64, |mask, &c| mask | 1 << (digits[c] - 1));
            for &cell in &group.cells {
                candidates[cell] &= !used;
            }
        }
        Board {
            size,
            digits: digits.to_vec(),
            candidates,
        }
    }

    /// A board from its raw parts (digits and candidate masks, used as they are).
    pub fn from_parts(size: usize, digits: Vec<u8>, candidates: Vec<u64>) -> Board {
        debug_assert_eq!(digits.len(), candidates.len());
        Board {
            size,
            digits,
            candidates,
        }
    }

    /// Number of digits.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The digits, 0 for empty.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit in `cell` (0 when empty).
    pub fn digit(&self, cell: usize) -> u8 {
        self.digits[cell]
    }

    /// The candidates of `cell` (0 for a filled cell).
    pub fn candidates(&self, cell: usize) -> u64 {
        self.candidates[cell]
    }

    /// All candidate masks.
    pub fn all_candidates(&self) -> &[u64] {
        &self.candidates
    }

    /// True when `cell` is empty and `digit` is one of its candidates.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] >> (digit - 1) & 1 == 1
    }

    /// Number of empty cells.
    pub fn empty_cells(&self) -> usize {
        self.digits.iter().filter(|&&d| d == 0).count()
    }

    /// True when every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.digits.iter().all(|&d| d != 0)
    }

    /// Places `digit` in `cell` and removes it from the candidates of the cell's peers.
    pub(crate) fn place(&mut self, topology: &Topology, cell: usize, digit: u8) {
        self.digits[cell] = digit;
        self.candidates[cell] = 0;
        let bit = !(1u64 << (digit - 1));
        for &peer in &topology.peers[cell] {
            self.candidates[peer] &= bit;
        }
    }

    /// Removes candidate `digit` from `cell`.
    pub(crate) fn eliminate(&mut self, cell: usize, digit: u8) {
        self.candidates[cell] &= !(1u64 << (digit - 1));
    }

    /// Applies a step: its digit placed (and cleared from the peers' candidates), or its
    /// candidates removed.
    pub fn apply(&mut self, layout: &Layout, step: &Step) {
        match &step.effect {
            Effect::Place { cell, digit } => {
                self.digits[*cell] = *digit;
                self.candidates[*cell] = 0;
                let bit = !(1u64 << (digit - 1));
                for group in layout.groups() {
                    if group.cells.contains(cell) {
                        for &peer in &group.cells {
                            self.candidates[peer] &= bit;
                        }
                    }
                }
            }
            Effect::Eliminate(list) => {
                for &(cell, digit) in list {
                    self.eliminate(cell, digit);
                }
            }
        }
    }

    /// [`Board::apply`] with a topology already built.
    pub(crate) fn apply_with(&mut self, topology: &Topology, step: &Step) {
        match &step.effect {
            Effect::Place { cell, digit } => self.place(topology, *cell, *digit),
            Effect::Eliminate(list) => {
                for &(cell, digit) in list {
                    self.eliminate(cell, digit);
                }
            }
        }
    }
}
