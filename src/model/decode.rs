//! From a block's literals to a grid: which layout a model belongs to, and a decoder that
//! reuses its buffers from one block of a stream to the next.
//!
//! **Size detection.** A full model lists every variable, so its largest variable is the
//! layout's last one: n³ for an n×n square (n = 1, 4, 9, ..., 64), 549 for the Hanidoku
//! honeycomb, or 549 plus the auxiliary variables of a line encoding that has them (669
//! for `--lines presence`, the default, and `order`, 753 for `starts`). A true-only model (`satsolve --true-only`) lists one variable per
//! cell, so it has as many literals as the layout has cells, all positive, and its largest
//! is the variable of the last cell, which lies in `(cells − 1)·n + 1 ..= cells·n`
//! (721..=729 on a 9x9). The variable ranges of the last cells of the built-in layouts
//! do not overlap, so the rule never hesitates between two sizes. Anything else (say three
//! literals up to 63) names no size: give `--size`, `--layout` or `--cnf`.

use thiserror::Error;

use crate::encode::{decode_model, DecodeError, LineEncoding, VarMap};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Lit;

/// Why a model gives no grid.
#[derive(Debug, Error)]
pub enum GridDecodeError {
    /// A cell with no true digit variable, or several.
    #[error(transparent)]
    Cell(#[from] DecodeError),
    /// A full model (it lists false variables too) that stops before the layout's last
    /// cell variable: the answer was cut short, which a cell without a digit would hide.
    #[error(
        "the model is too short ({found} variables, the layout needs {needed}): the answer \
         looks truncated"
    )]
    TooShort {
        /// The largest variable the model lists.
        found: usize,
        /// The layout's cell variables.
        needed: usize,
    },
    /// A cell variable listed with both signs.
    #[error("variable {var} is listed both true and false")]
    Contradictory {
        /// The DIMACS variable number.
        var: u32,
    },
}

/// The built-in layouts a model may be detected as, smallest first.
fn candidates() -> impl Iterator<Item = Layout> {
    (1..=8usize)
        .filter_map(|k| Layout::square(k * k).ok())
        .chain(std::iter::once(Layout::hanidoku()))
}

/// The built-in layout whose formulas have exactly `var_count` variables: the square of
/// side n (n³ variables, n in 1, 4, ..., 64) or the honeycomb (61 × 9 = 549, plus the
/// auxiliary variables of a line encoding: 669 with `presence`, 753 with `starts`).
pub fn layout_with_vars(var_count: usize) -> Option<Layout> {
    candidates().find(|layout| {
        let cells = layout.num_cells() * layout.size();
        LineEncoding::ALL
            .iter()
            .any(|lines| cells + lines.auxiliary_vars(layout) == var_count)
    })
}

/// The largest variable number (DIMACS) among `literals`, or 0.
pub fn max_var(literals: &[Lit]) -> usize {
    literals
        .iter()
        .map(|lit| lit.var().index() + 1)
        .max()
        .unwrap_or(0)
}

/// The built-in layout a model belongs to, by the rule of the module docs.
///
/// ```
/// use sudosat::lit::Lit;
/// use sudosat::model::detect_layout;
/// // A true-only 4x4 model: 16 positive literals, the last cell's in 61..=64.
/// let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let lits: Vec<Lit> = cells.iter().enumerate()
///     .map(|(cell, &v)| Lit::from_dimacs((cell * 4 + v) as i64).unwrap()).collect();
/// assert_eq!(detect_layout(&lits).map(|l| l.size()), Some(4));
/// assert!(detect_layout(&lits[..3]).is_none());
/// ```
pub fn detect_layout(literals: &[Lit]) -> Option<Layout> {
    let largest = max_var(literals);
    if let Some(layout) = layout_with_vars(largest) {
        return Some(layout);
    }
    if literals.iter().any(|lit| lit.is_negative()) {
        return None;
    }
    candidates().find(|layout| {
        let (cells, size) = (layout.num_cells(), layout.size());
        literals.len() == cells && largest > (cells - 1) * size && largest <= cells * size
    })
}

/// What a model says of one cell variable, in [`GridDecoder`]'s buffer.
const UNLISTED: u8 = 0;
/// The variable is listed true.
const LISTED_TRUE: u8 = 1;
/// The variable is listed false.
const LISTED_FALSE: u8 = 2;

/// Decodes the models of one layout into grids, reusing one buffer for all of them.
pub struct GridDecoder {
    layout: Layout,
    map: VarMap,
    /// Per cell variable: [`UNLISTED`], [`LISTED_TRUE`] or [`LISTED_FALSE`].
    state: Vec<u8>,
}

impl GridDecoder {
    /// A decoder for models of `layout`.
    pub fn new(layout: &Layout) -> GridDecoder {
        let map = VarMap::for_layout(layout);
        GridDecoder {
            layout: layout.clone(),
            map,
            state: vec![UNLISTED; map.num_vars()],
        }
    }

    /// The layout decoded.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The grid of a model given as its literals (full or true-only: unlisted variables
    /// are false). Variables beyond the layout's cell variables are ignored.
    ///
    /// ```
    /// use sudosat::{layout::Layout, lit::Lit, model::GridDecoder};
    /// let mut decoder = GridDecoder::new(&Layout::square(1).unwrap());
    /// let grid = decoder.decode(&[Lit::from_dimacs(1).unwrap()]).unwrap();
    /// assert_eq!(grid.cells(), [1]);
    /// assert!(decoder.decode(&[]).is_err());
    /// ```
    pub fn decode(&mut self, literals: &[Lit]) -> Result<Grid, GridDecodeError> {
        self.state.fill(UNLISTED);
        for &lit in literals {
            let index = lit.var().index();
            let Some(slot) = self.state.get_mut(index) else {
                continue;
            };
            let value = if lit.is_positive() {
                LISTED_TRUE
            } else {
                LISTED_FALSE
            };
            if *slot != UNLISTED && *slot != value {
                return Err(GridDecodeError::Contradictory {
                    var: lit.var().to_dimacs(),
                });
            }
            *slot = value;
        }
        let size = self.map.size();
        let mut cells = Vec::with_capacity(self.layout.num_cells());
        for digits in self.state.chunks_exact(size) {
            let mut found = 0;
            for (digit, &value) in digits.iter().enumerate() {
                if value == LISTED_TRUE {
                    if found != 0 {
                        return Err(self.slow_error());
                    }
                    found = digit + 1;
                }
            }
            if found == 0 {
                return Err(self.slow_error());
            }
            cells.push(found as u8);
        }
        Grid::for_layout(&self.layout, cells).map_err(|_| self.slow_error())
    }

    /// The encoder module's own verdict on the model, for its exact wording: only met on
    /// bad models, so its allocations do not matter. A full model that ends before the
    /// last cell variable is reported as truncated rather than by its first empty cell.
    fn slow_error(&self) -> GridDecodeError {
        let assignment: Vec<bool> = self
            .state
            .iter()
            .map(|&value| value == LISTED_TRUE)
            .collect();
        let lists_false = self.state.contains(&LISTED_FALSE);
        let found = self
            .state
            .iter()
            .rposition(|&value| value != UNLISTED)
            .map_or(0, |last| last + 1);
        match decode_model(&assignment, &self.layout) {
            Err(DecodeError::NoDigit { .. }) if lists_false && found < self.state.len() => {
                GridDecodeError::TooShort {
                    found,
                    needed: self.state.len(),
                }
            }
            Err(error) => GridDecodeError::Cell(error),
            Ok(_) => GridDecodeError::Cell(DecodeError::NotAGrid(self.layout.name().to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(numbers: &[i64]) -> Vec<Lit> {
        numbers
            .iter()
            .map(|&n| Lit::from_dimacs(n).unwrap())
            .collect()
    }

    /// The true-only literals of a solved 9x9 given row by row.
    fn true_only(cells: &[u8], size: usize) -> Vec<Lit> {
        let numbers: Vec<i64> = cells
            .iter()
            .enumerate()
            .map(|(cell, &v)| (cell * size + usize::from(v)) as i64)
            .collect();
        lits(&numbers)
    }

    const SOLVED_9X9: &str =
        "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

    fn solved() -> Vec<u8> {
        SOLVED_9X9.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn full_and_true_only_models_detect_the_same_size() {
        let cells = solved();
        let positives = true_only(&cells, 9);
        assert_eq!(detect_layout(&positives).map(|l| l.size()), Some(9));
        let full: Vec<Lit> = (1..=729)
            .map(|var| {
                let holds = positives.iter().any(|l| l.to_dimacs() == var);
                Lit::from_dimacs(if holds { var } else { -var }).unwrap()
            })
            .collect();
        assert_eq!(detect_layout(&full).map(|l| l.size()), Some(9));
        let mut decoder = GridDecoder::new(&Layout::square(9).unwrap());
        assert_eq!(decoder.decode(&full).unwrap().cells(), cells);
        assert_eq!(decoder.decode(&positives).unwrap().cells(), cells);
    }

    #[test]
    fn the_last_cell_ranges_of_the_layouts_do_not_overlap() {
        let mut ranges: Vec<(usize, usize)> = candidates()
            .map(|l| ((l.num_cells() - 1) * l.size() + 1, l.num_cells() * l.size()))
            .collect();
        ranges.sort();
        for pair in ranges.windows(2) {
            assert!(pair[0].1 < pair[1].0, "{pair:?}");
        }
        // Hanidoku's count with auxiliary variables names no other layout either.
        assert_eq!(layout_with_vars(669).map(|l| l.num_cells()), Some(61));
        assert_eq!(layout_with_vars(753).map(|l| l.num_cells()), Some(61));
        assert_eq!(layout_with_vars(549).map(|l| l.num_cells()), Some(61));
        assert!(layout_with_vars(670).is_none());
    }

    #[test]
    fn partial_or_odd_models_name_no_size() {
        assert!(detect_layout(&lits(&[1, 2, 63])).is_none());
        // 81 positives but the last one outside 721..=729: not a 9x9 true-only model.
        let mut positives = true_only(&solved(), 9);
        positives[80] = Lit::from_dimacs(700).unwrap();
        assert!(detect_layout(&positives).is_none());
        assert!(detect_layout(&[]).is_none());
    }

    #[test]
    fn bad_cells_keep_the_encoder_wording() {
        let mut decoder = GridDecoder::new(&Layout::square(4).unwrap());
        let two = decoder.decode(&lits(&[1, 2])).unwrap_err().to_string();
        assert_eq!(two, "row 1 column 1: digits 1 and 2 are all true");
        // Cell 1 all false in a model that reaches the last variable: not a cut answer.
        let none = decoder
            .decode(&lits(&[-1, -2, -3, -4, 64]))
            .unwrap_err()
            .to_string();
        assert_eq!(none, "row 1 column 1: no digit is true");
        let both = decoder.decode(&lits(&[3, -3])).unwrap_err().to_string();
        assert_eq!(both, "variable 3 is listed both true and false");
    }

    #[test]
    fn a_full_model_cut_short_is_called_truncated() {
        let mut decoder = GridDecoder::new(&Layout::square(4).unwrap());
        // Cell 1 holds 1, then the model stops at variable 6 of 64.
        let cut = decoder.decode(&lits(&[1, -2, -3, -4, -5, 6])).unwrap_err();
        assert_eq!(
            cut.to_string(),
            "the model is too short (6 variables, the layout needs 64): the answer looks truncated"
        );
        // A true-only model lists no false variable: its empty cell is named as before.
        let sparse = decoder.decode(&lits(&[1, 6])).unwrap_err().to_string();
        assert_eq!(sparse, "row 1 column 3: no digit is true");
    }

    #[test]
    fn variables_beyond_the_grid_are_ignored() {
        let mut decoder = GridDecoder::new(&Layout::square(1).unwrap());
        let grid = decoder.decode(&lits(&[1, 5, -7])).unwrap();
        assert_eq!(grid.cells(), [1]);
    }
}
