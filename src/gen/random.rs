//! Random solved grids of any layout, reproducible from a seed.
//!
//! A grid is drawn in two steps. A randomised solver search: a few random cells get random
//! digits as assumptions and the CDCL (holding the empty grid's clauses, keeping what it
//! learns from one grid to the next) completes them; if the assumptions contradict, fewer
//! are tried. Then a random symmetry of the layout (the `symmetry` module) is applied, which
//! spreads the solver's preferences over the whole symmetry class. The only randomness is
//! SplitMix64 from the seed and the solver is deterministic, so a seed fixes the output.
//!
//! Hanidoku is the exception: all of its 86,256 grids are known (`hanidoku_table`), so a
//! grid is one drawn uniformly from them, where the solver's draws were far from uniform
//! (2,001,000 of them did not give 20,000 distinct grids).

use std::collections::HashSet;

use super::hanidoku_table::GridTable;
use super::symmetry::{shuffled, Symmetries};
use super::{empty_grid_cnf, GenError};
use crate::encode::decode_model;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Lit;
use crate::rng::SplitMix64;
use crate::solver::cdcl::Solver;
use crate::solver::Outcome;
use crate::VarMap;

/// Conflicts allowed per randomised solve before other random cells are tried.
const RANDOM_CONFLICTS: u64 = 100;

/// A source of random solved grids for one layout; its solver is shared with the puzzle
/// generator, which asks it uniqueness questions about the same layout.
pub struct RandomGrids {
    layout: Layout,
    map: VarMap,
    solver: Solver,
    rng: SplitMix64,
    symmetries: Symmetries,
    /// How many random cells to fix; lowered when the assumptions keep failing.
    seeds: usize,
    /// The table of all the layout's grids, when there is one (Hanidoku): grids are
    /// drawn from it.
    table: Option<GridTable>,
}

impl RandomGrids {
    /// A generator for `layout` starting from `seed`.
    pub fn new(layout: &Layout, seed: u64) -> Result<RandomGrids, GenError> {
        let cnf = empty_grid_cnf(layout)?;
        Ok(RandomGrids {
            layout: layout.clone(),
            map: VarMap::for_layout(layout),
            solver: Solver::new(&cnf),
            rng: SplitMix64(seed),
            symmetries: Symmetries::new(layout),
            seeds: layout.size().min(layout.num_cells() / 4).max(1),
            table: GridTable::for_layout(layout),
        })
    }

    /// The layout the grids are for.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The solver over the empty grid's clauses, for questions under assumptions.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// Starts the solver afresh (learnt clauses dropped), keeping the random state.
    pub fn reset_solver(&mut self) -> Result<(), GenError> {
        self.solver = Solver::new(&empty_grid_cnf(&self.layout)?);
        Ok(())
    }

    /// The random source, shared so that one seed drives everything.
    pub fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }

    /// The next random solved grid.
    pub fn next_grid(&mut self) -> Result<Grid, GenError> {
        if let Some(table) = self.table {
            let index = self.rng.index(table.count());
            return Ok(table.grid(&self.layout, index));
        }
        let cells = self.layout.num_cells();
        let n = self.layout.size();
        let mut failures = 0;
        loop {
            let order = shuffled(cells, &mut self.rng);
            let assumptions: Vec<Lit> = order[..self.seeds.min(cells)]
                .iter()
                .map(|&cell| {
                    let digit = self.rng.index(n) as u8 + 1;
                    self.map.cell_var(cell, digit).positive()
                })
                .collect();
            // Random assumptions that contradict can be hard to refute (Hanidoku): a small
            // conflict budget gives up on them quickly; without assumptions, no limit.
            let limit = (!assumptions.is_empty()).then_some(RANDOM_CONFLICTS);
            self.solver.set_conflict_limit(limit);
            // Assumptions, not a cube: the learnt clauses then hold for every later
            // draw and pay (300 Hanidoku grids 0.60 s against 0.85 s as cubes).
            let outcome = self.solver.solve_with_assumptions(&assumptions);
            self.solver.set_conflict_limit(None);
            match outcome {
                Outcome::Sat(model) => {
                    let grid = decode_model(&model, &self.layout)
                        .map_err(|e| GenError::Unsupported(e.to_string()))?;
                    return Ok(self
                        .symmetries
                        .apply_random(&self.layout, &grid, &mut self.rng));
                }
                _ if assumptions.is_empty() => {
                    return Err(GenError::Exhausted {
                        layout: self.layout.name().to_string(),
                        found: 0,
                    })
                }
                _ => {
                    failures += 1;
                    if failures % 8 == 0 {
                        self.seeds -= 1;
                    }
                }
            }
        }
    }

    /// `count` distinct random grids (a repeat is drawn again, up to `count·100 + 1000`
    /// draws in all, after which the layout is taken to have no more).
    pub fn distinct(&mut self, count: u64) -> Result<Vec<Grid>, GenError> {
        if count == 0 {
            return Err(GenError::ZeroCount);
        }
        if let Some(table) = self.table {
            table.check_count(&self.layout, count)?;
        }
        let mut seen = HashSet::new();
        let mut grids = Vec::new();
        let budget = count.saturating_mul(100).saturating_add(1000);
        let mut draws = 0u64;
        while (grids.len() as u64) < count {
            if draws == budget {
                return Err(GenError::Budget {
                    what: format!("set of {count} distinct random grids"),
                    attempts: draws,
                });
            }
            draws += 1;
            let grid = self.next_grid()?;
            if seen.insert(grid.clone()) {
                grids.push(grid);
            }
        }
        Ok(grids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_grid;

    #[test]
    fn random_grids_are_valid_varied_and_reproducible() {
        for layout in [
            Layout::square(9).unwrap(),
            Layout::x_sudoku(9).unwrap(),
            Layout::hanidoku(),
            Layout::square(16).unwrap(),
        ] {
            let draw = |seed| {
                RandomGrids::new(&layout, seed)
                    .unwrap()
                    .distinct(6)
                    .unwrap()
            };
            let grids = draw(11);
            for grid in &grids {
                assert!(
                    check_grid(grid, &layout, None, false).is_empty(),
                    "{}",
                    layout.name()
                );
            }
            assert_eq!(grids, draw(11), "same seed, {}", layout.name());
            assert_ne!(grids, draw(12), "other seed, {}", layout.name());
        }
    }
}
