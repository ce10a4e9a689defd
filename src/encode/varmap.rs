//! [`VarMap`]: the one numbering of "cell holds digit v" variables.
//!
//! DIMACS variable `cell·n + v` for the 0-based cell index in reading order and digit `v`
//! in `1..=n`, so [`Var`] index `cell·n + v − 1`. On an n×n grid `cell = r·n + c`, giving
//! `(r·n + c)·n + v`: the numbering of the course and of the shared benchmark CNFs; on the
//! Hanidoku honeycomb `cell·9 + v`. The encoder and the decoder both go through this type,
//! so they cannot drift apart.

use crate::layout::Layout;
use crate::lit::Var;

/// Maps (row, column, digit) of an n×n grid to variables and back.
///
/// ```
/// use sudosat::encode::VarMap;
/// let map = VarMap::new(9);
/// assert_eq!(map.var(0, 0, 1).to_dimacs(), 1);
/// assert_eq!(map.var(8, 8, 9).to_dimacs(), 729);
/// assert_eq!(map.var(1, 2, 3).to_dimacs(), (1 * 9 + 2) * 9 + 3);
/// assert_eq!(map.decode(map.var(4, 7, 2)), Some((4, 7, 2)));
/// assert_eq!(map.num_vars(), 729);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarMap {
    size: usize,
    num_cells: usize,
}

impl VarMap {
    /// The numbering for an n×n grid with digits `1..=n`.
    pub fn new(size: usize) -> VarMap {
        VarMap {
            size,
            num_cells: size * size,
        }
    }

    /// The numbering for the cells and digits of `layout`.
    ///
    /// ```
    /// use sudosat::{encode::VarMap, layout::Layout};
    /// let map = VarMap::for_layout(&Layout::hanidoku());
    /// assert_eq!((map.num_vars(), map.cell_var(60, 9).to_dimacs()), (549, 549));
    /// ```
    pub fn for_layout(layout: &Layout) -> VarMap {
        VarMap {
            size: layout.size(),
            num_cells: layout.num_cells(),
        }
    }

    /// The grid size n.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cell variables, cells × n (n³ on a square grid); they are exactly the
    /// variables `0..num_vars()`.
    pub fn num_vars(&self) -> usize {
        self.num_cells * self.size
    }

    /// The variable "0-based (`row`, `col`) holds `digit`" (`digit` in `1..=n`).
    #[inline]
    pub fn var(&self, row: usize, col: usize, digit: u8) -> Var {
        debug_assert!(row < self.size && col < self.size);
        self.cell_var(row * self.size + col, digit)
    }

    /// The variable "cell index `cell` (= row·n + col) holds `digit`".
    #[inline]
    pub fn cell_var(&self, cell: usize, digit: u8) -> Var {
        debug_assert!(cell < self.num_cells);
        debug_assert!((1..=self.size).contains(&usize::from(digit)));
        Var::from_index(cell * self.size + usize::from(digit) - 1)
    }

    /// The (0-based row, 0-based column, digit) of a cell variable; `None` for variables
    /// at or beyond `num_vars()` (auxiliary variables of other encodings).
    #[inline]
    pub fn decode(&self, var: Var) -> Option<(usize, usize, u8)> {
        let index = var.index();
        if index >= self.num_vars() {
            return None;
        }
        let cell = index / self.size;
        let digit = u8::try_from(index % self.size + 1).ok()?;
        Some((cell / self.size, cell % self.size, digit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn var_and_decode_are_inverse(k in 1usize..=8, r in 0usize..64, c in 0usize..64, d in 1u8..=64) {
            let n = k * k;
            let (r, c, d) = (r % n, c % n, (usize::from(d - 1) % n + 1) as u8);
            let map = VarMap::new(n);
            let var = map.var(r, c, d);
            prop_assert!(var.index() < map.num_vars());
            prop_assert_eq!(var.to_dimacs() as usize, (r * n + c) * n + usize::from(d));
            prop_assert_eq!(map.decode(var), Some((r, c, d)));
        }

        #[test]
        fn decode_then_var_is_identity(k in 1usize..=8, index in 0usize..300_000) {
            let map = VarMap::new(k * k);
            let var = Var::from_index(index);
            match map.decode(var) {
                Some((r, c, d)) => prop_assert_eq!(map.var(r, c, d), var),
                None => prop_assert!(index >= map.num_vars()),
            }
        }
    }

    #[test]
    fn numbering_is_a_bijection_for_every_size() {
        for k in 1..=4 {
            let map = VarMap::new(k * k);
            let mut seen = vec![false; map.num_vars()];
            for r in 0..k * k {
                for c in 0..k * k {
                    for d in 1..=(k * k) as u8 {
                        let index = map.var(r, c, d).index();
                        assert!(!seen[index]);
                        seen[index] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
