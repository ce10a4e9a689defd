//! N distinct solved grids: by construction for square Sudoku, by enumeration otherwise.
//!
//! # The construction (square Sudoku, n = k²)
//!
//! Grid `(P, s)`: cell (r, c) holds `P[(s(r) + c) mod n]`, where `P` is a permutation of
//! the digits (the first row) and `s` a *shift pattern*: row `r = b·k + i` (band `b`, row
//! `i` of the band) gets shift `s(r) = x[b] + k·π_b[i]`, with `x` a permutation of `0..k`
//! (`x[0] = 0`) and each `π_b` a permutation of `0..k` (`π_0[0] = 0`), so `s(0) = 0`.
//!
//! **Valid.** Rows are rotations of `P`. The shifts are distinct (`s mod k = x[b]` names
//! the band, `s div k = π_b[i]` the row in it), so `s` is a bijection of `0..n` and every
//! column holds every digit. The box of band `b` and stack `t` holds
//! `P[x[b] + k·((π_b[i] + t) mod k) + c']` for `i, c' in 0..k`: all n residues, each once.
//!
//! **Distinct.** Row 0 of grid `(P, s)` is `P` itself (`s(0) = 0`), and row r is `P`
//! rotated by `s(r)`, which a permutation determines uniquely; so the grid determines
//! `(P, s)`, and different pairs give different grids. The pattern index is a mixed-radix
//! number over `x`, `π_0`, `π_1..π_(k−1)` (each permutation by its factorial-base rank),
//! a bijection onto the patterns, so patterns of different indices differ.
//!
//! **Counts.** `(k−1)!·(k−1)!·(k!)^(k−1) = (k!)^(k+1)/k²` patterns: 144 for 9x9, 2 for
//! 4x4, 497,664 for 16x16. Times `n!` first rows: 52,254,720 grids for 9x9, and
//! `(n−1)!·144` = 5,806,080 with the top-left digit fixed (`--first D`). A unit test
//! checks on 4x4 and 9x9 that these are *all* valid grids whose rows are rotations of the
//! first (the shift patterns above are the only valid ones), and that they are distinct.
//!
//! # Other layouts
//!
//! X-Sudoku and layout files have no such construction: [`enumerate`] asks the CDCL for
//! a model of the empty grid, blocks it (one clause: not all these cell digits) and asks
//! again, so the grids are distinct because each was excluded once found. Hanidoku's
//! grids are all known: they come from the table (`hanidoku_table`).
//!
//! # Order and speed
//!
//! Grids come pattern by pattern in index order, and within a pattern by first row in
//! lexicographic order (the `--first` digit staying in front): 9! = 362,880 grids per
//! 9x9 pattern, so `-c 1000000` spans patterns 0, 1 and 2. The text of one-byte cells
//! (block up to 9x9, line up to 35x35) is made by `grid_text`, which patches the previous
//! grid's text and writes 1 MiB buffers from a helper thread; wider cells go through
//! [`super::push_grid`].

use super::hanidoku_table::GridTable;
use super::GenError;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solver::cdcl::Solver;
use crate::solver::Outcome;
use crate::VarMap;

/// The distinct-grid construction for an n×n Sudoku (see the module docs).
#[derive(Clone, Debug)]
pub struct Construction {
    k: usize,
    n: usize,
    /// The top-left digit when fixed (`--first`).
    first: Option<u8>,
}

/// `m!` as `u128`, `None` on overflow.
fn factorial(m: usize) -> Option<u128> {
    (1..=m as u128).try_fold(1u128, |acc, i| acc.checked_mul(i))
}

/// The permutation of `items` with factorial-base rank `rank` (0 = the given order).
fn nth_permutation(mut items: Vec<usize>, mut rank: u128) -> Vec<usize> {
    let mut out = Vec::with_capacity(items.len());
    while !items.is_empty() {
        let rest = factorial(items.len() - 1).unwrap_or(u128::MAX);
        let index = (rank / rest) as usize;
        rank %= rest;
        out.push(items.remove(index.min(items.len() - 1)));
    }
    out
}

/// Steps `items` to the next permutation in lexicographic order and returns the index of
/// the first entry that changed (entries before it are untouched); `None` after the last.
#[inline]
pub(super) fn next_permutation(items: &mut [u8]) -> Option<usize> {
    let i = items.windows(2).rposition(|w| w[0] < w[1])?;
    let j = items.iter().rposition(|&v| v > items[i]).unwrap_or(i + 1);
    items.swap(i, j);
    items[i + 1..].reverse();
    Some(i)
}

impl Construction {
    /// The construction for `layout`, which must be a classic square Sudoku; `first`
    /// fixes the top-left digit.
    pub fn new(layout: &Layout, first: Option<u32>) -> Result<Construction, GenError> {
        let Some(k) = Construction::box_side(layout) else {
            return Err(GenError::Unsupported(format!(
                "{} is no k²×k² Sudoku with boxes",
                layout.name()
            )));
        };
        let n = layout.size();
        let first = match first {
            None => None,
            Some(digit) if (1..=n as u32).contains(&digit) => Some(digit as u8),
            Some(digit) => {
                return Err(GenError::BadFirst {
                    digit,
                    layout: layout.name().to_string(),
                    size: n,
                })
            }
        };
        Ok(Construction { k, n, first })
    }

    /// The box side k when `layout` is a classic k²×k² Sudoku (rows, columns and boxes,
    /// nothing more: an X-Sudoku diagonal would break the construction).
    pub fn box_side(layout: &Layout) -> Option<usize> {
        layout.box_size().filter(|&k| {
            k * k == layout.size() && layout.is_square() && layout.houses().len() == 3 * k * k
        })
    }

    /// The number of shift patterns, `(k!)^(k+1) / k²`.
    pub fn patterns(&self) -> Option<u128> {
        let fk = factorial(self.k)?;
        let fk1 = factorial(self.k - 1)?;
        (1..self.k).try_fold(fk1.checked_mul(fk1)?, |acc, _| acc.checked_mul(fk))
    }

    /// How many distinct grids the construction makes; `None` when above `u128::MAX`.
    pub fn capacity(&self) -> Option<u128> {
        let rows = factorial(self.n - usize::from(self.first.is_some()))?;
        rows.checked_mul(self.patterns()?)
    }

    /// Checks that `count` grids can be made distinct.
    pub fn check_count(&self, count: u64, layout: &Layout) -> Result<(), GenError> {
        if count == 0 {
            return Err(GenError::ZeroCount);
        }
        match self.capacity() {
            Some(available) if available < u128::from(count) => Err(GenError::TooMany {
                layout: layout.name().to_string(),
                available,
                requested: count,
                hint: if self.first.is_some() {
                    " (drop --first for more)"
                } else {
                    ""
                },
            }),
            _ => Ok(()),
        }
    }

    /// The shifts `s(0..n)` of pattern number `index` (`< patterns()`).
    pub fn pattern(&self, index: u128) -> Vec<usize> {
        let k = self.k;
        let mut rest = index;
        let fk1 = factorial(k - 1).unwrap_or(1);
        let fk = factorial(k).unwrap_or(1);
        let mut take = |radix: u128| {
            let digit = rest % radix;
            rest /= radix;
            digit
        };
        let mut x = vec![0];
        x.extend(nth_permutation((1..k).collect(), take(fk1)));
        let mut pis = Vec::with_capacity(k);
        let mut pi0 = vec![0];
        pi0.extend(nth_permutation((1..k).collect(), take(fk1)));
        pis.push(pi0);
        for _ in 1..k {
            pis.push(nth_permutation((0..k).collect(), take(fk)));
        }
        (0..self.n)
            .map(|r| x[r / k] + k * pis[r / k][r % k])
            .collect()
    }

    /// The grid side n.
    pub(super) fn size(&self) -> usize {
        self.n
    }

    /// How many leading entries of the first row stay fixed (1 with `--first`).
    pub(super) fn fixed_prefix(&self) -> usize {
        usize::from(self.first.is_some())
    }

    /// The first row of a pattern's first grid: digits ascending, `first` moved to the
    /// front.
    pub(super) fn first_row(&self) -> Vec<u8> {
        let mut row: Vec<u8> = (1..=self.n as u8).collect();
        if let Some(d) = self.first {
            row.retain(|&v| v != d);
            row.insert(0, d);
        }
        row
    }

    /// The grid of first row `row` and shifts `shifts`.
    pub fn grid(&self, row: &[u8], shifts: &[usize]) -> Grid {
        let n = self.n;
        let cells = (0..n * n)
            .map(|cell| row[(shifts[cell / n] + cell % n) % n])
            .collect();
        Grid::from_cells(n, cells).expect("a permutation of 1..=n per row")
    }

    /// The first `count` grids in output order, as values (for tests and small counts).
    pub fn grids(&self, count: usize) -> Vec<Grid> {
        let mut out = Vec::with_capacity(count);
        self.for_each(count as u64, |row, shifts| {
            out.push(self.grid(row, shifts));
        });
        out
    }

    /// Calls `emit(P, s)` for the first `count` grids: patterns in index order, first rows
    /// in lexicographic order within a pattern (the fixed first digit staying in front).
    pub(super) fn for_each(&self, count: u64, mut emit: impl FnMut(&[u8], &[usize])) {
        let start = usize::from(self.first.is_some());
        let mut made = 0u64;
        let mut pattern = 0u128;
        while made < count {
            let shifts = self.pattern(pattern);
            let mut row = self.first_row();
            loop {
                emit(&row, &shifts);
                made += 1;
                if made == count || next_permutation(&mut row[start..]).is_none() {
                    break;
                }
            }
            pattern += 1;
        }
    }
}

/// Up to `count` distinct solved grids of `layout` by solver enumeration: each model is
/// blocked before the next solve, so no grid repeats. Fewer exist: [`GenError::Exhausted`].
/// Hanidoku's come from the table of all of them (`hanidoku_table`), in its sorted
/// order: the CDCL's blocking clauses slow it to tens of grids a second long before the
/// 86,256th.
pub fn enumerate(layout: &Layout, count: u64) -> Result<Vec<Grid>, GenError> {
    if count == 0 {
        return Err(GenError::ZeroCount);
    }
    if let Some(table) = GridTable::for_layout(layout) {
        table.check_count(layout, count)?;
        return Ok((0..count as usize)
            .map(|index| table.grid(layout, index))
            .collect());
    }
    let cnf = super::empty_grid_cnf(layout)?;
    let map = VarMap::for_layout(layout);
    let mut solver = Solver::new(&cnf);
    let mut grids = Vec::new();
    while (grids.len() as u64) < count {
        match solver.solve() {
            Outcome::Sat(model) => {
                let grid = crate::encode::decode_model(&model, layout)
                    .map_err(|e| GenError::Unsupported(e.to_string()))?;
                let block: Vec<_> = grid
                    .cells()
                    .iter()
                    .enumerate()
                    .map(|(cell, &d)| map.cell_var(cell, d).negative())
                    .collect();
                solver.add_clause(&block);
                grids.push(grid);
            }
            _ => {
                return Err(GenError::Exhausted {
                    layout: layout.name().to_string(),
                    found: grids.len() as u64,
                })
            }
        }
    }
    Ok(grids)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::super::{push_grid, OutputFormat};
    use super::*;
    use crate::check::check_grid;
    use std::collections::HashSet;

    fn construction(n: usize, first: Option<u32>) -> (Construction, Layout) {
        let layout = Layout::square(n).unwrap();
        (Construction::new(&layout, first).unwrap(), layout)
    }

    #[test]
    fn counts_match_the_formula() {
        assert_eq!(construction(4, None).0.patterns(), Some(2));
        assert_eq!(construction(9, None).0.patterns(), Some(144));
        assert_eq!(construction(16, None).0.patterns(), Some(497_664));
        assert_eq!(construction(9, None).0.capacity(), Some(52_254_720));
        assert_eq!(construction(9, Some(5)).0.capacity(), Some(5_806_080));
        assert_eq!(construction(4, None).0.capacity(), Some(48));
    }

    /// Every valid grid whose rows are rotations of its first row, by brute force over
    /// the shift sequences with s(0) = 0 (P = identity): the construction must make all of
    /// them, which is what the count argument claims.
    fn rotation_patterns(n: usize) -> HashSet<Vec<usize>> {
        let layout = Layout::square(n).unwrap();
        let row: Vec<u8> = (1..=n as u8).collect();
        let mut found = HashSet::new();
        let mut rest: Vec<u8> = (1..n as u8).collect();
        loop {
            let mut shifts = vec![0usize];
            shifts.extend(rest.iter().map(|&v| usize::from(v)));
            let (c, _) = construction(n, None);
            if check_grid(&c.grid(&row, &shifts), &layout, None, false).is_empty() {
                found.insert(shifts);
            }
            if next_permutation(&mut rest).is_none() {
                break;
            }
        }
        found
    }

    #[test]
    fn the_patterns_are_exactly_the_valid_rotation_grids() {
        for n in [4, 9] {
            let (c, _) = construction(n, None);
            let made: HashSet<Vec<usize>> =
                (0..c.patterns().unwrap()).map(|i| c.pattern(i)).collect();
            assert_eq!(
                made.len() as u128,
                c.patterns().unwrap(),
                "distinct, n = {n}"
            );
            assert_eq!(made, rotation_patterns(n), "n = {n}");
        }
    }

    #[test]
    fn all_4x4_grids_are_valid_and_distinct() {
        let (c, layout) = construction(4, None);
        let grids = c.grids(48);
        assert!(grids
            .iter()
            .all(|g| check_grid(g, &layout, None, false).is_empty()));
        assert_eq!(grids.iter().collect::<HashSet<_>>().len(), 48);
        assert!(c.check_count(48, &layout).is_ok());
        assert!(matches!(
            c.check_count(49, &layout),
            Err(GenError::TooMany { available: 48, .. })
        ));
    }

    #[test]
    fn a_sample_of_9x9_and_16x16_grids_is_valid_distinct_and_respects_first() {
        for (n, first) in [(9, None), (9, Some(7)), (16, Some(16))] {
            let (c, layout) = construction(n, first);
            // 2,000 grids all share the first shift pattern (a pattern holds 8! or more
            // first rows here), so grids of several other patterns are sampled directly.
            let mut grids = c.grids(2000);
            let row: Vec<u8> = c.first_row();
            for index in [1u128, 2, 77, 143] {
                grids.push(c.grid(&row, &c.pattern(index)));
            }
            for g in &grids {
                assert!(check_grid(g, &layout, None, false).is_empty());
                if let Some(d) = first {
                    assert_eq!(g.cells()[0], d as u8);
                }
            }
            assert_eq!(grids.iter().collect::<HashSet<_>>().len(), grids.len());
        }
    }

    #[test]
    fn the_fast_writer_matches_the_slow_formatter() {
        // Counts that cross patterns (4x4: 24 first rows each, 6 with --first; 9x9 with
        // --first: 8! = 40,320) and buffers (6,432 block grids of 9x9 per MiB).
        for (n, first, format, count) in [
            (9, None, OutputFormat::Block, 20_000),
            (9, Some(4), OutputFormat::Line, 40_400),
            (16, None, OutputFormat::Block, 50),
            (16, Some(3), OutputFormat::Line, 50),
            (4, None, OutputFormat::Block, 48),
            (4, Some(2), OutputFormat::Line, 12),
        ] {
            let (c, layout) = construction(n, first);
            let mut fast = Vec::new();
            c.write(count, format, &layout, &mut fast).unwrap();
            let mut slow = Vec::new();
            for g in c.grids(count as usize) {
                push_grid(&mut slow, &g, &layout, format).unwrap();
            }
            assert!(fast == slow, "n = {n}, first = {first:?}, {format}");
        }
    }

    /// A writer that fails after `budget` bytes, as a closed pipe does.
    struct Failing {
        budget: usize,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.budget == 0 {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.budget);
            self.budget -= n;
            Ok(n)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failing_output_stops_the_writer_with_its_error() {
        let (c, layout) = construction(9, None);
        for budget in [0, 100, 3 << 20] {
            let result = c.write(
                1_000_000,
                OutputFormat::Block,
                &layout,
                &mut Failing { budget },
            );
            assert!(matches!(result, Err(GenError::Io(_))), "budget {budget}");
        }
    }

    #[test]
    fn bad_first_and_zero_are_refused() {
        let layout = Layout::square(9).unwrap();
        assert!(matches!(
            Construction::new(&layout, Some(10)),
            Err(GenError::BadFirst { .. })
        ));
        let (c, _) = construction(9, None);
        assert!(matches!(
            c.check_count(0, &layout),
            Err(GenError::ZeroCount)
        ));
    }

    #[test]
    fn enumeration_gives_distinct_valid_grids_and_stops_when_exhausted() {
        let layout = Layout::hanidoku();
        let grids = enumerate(&layout, 20).unwrap();
        assert!(grids
            .iter()
            .all(|g| check_grid(g, &layout, None, false).is_empty()));
        assert_eq!(grids.iter().collect::<HashSet<_>>().len(), 20);
        assert!(matches!(
            enumerate(&layout, 86_257),
            Err(GenError::Exhausted { found: 86_256, .. })
        ));
        // 4x4 Sudoku has exactly 288 solved grids.
        let square = Layout::square(4).unwrap();
        assert_eq!(enumerate(&square, 288).unwrap().len(), 288);
        assert!(matches!(
            enumerate(&square, 289),
            Err(GenError::Exhausted { found: 288, .. })
        ));
    }
}
