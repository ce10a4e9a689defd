//! The Sudoku encodings over any [`Layout`] (plus the run clauses of its lines,
//! see [`super::hanidoku`]), in the clause order of the [module table](crate::encode);
//! the header comments that describe the result come from the `header` module.

use super::clauses::{add_exactly_one, add_pairwise_at_most_one, ClauseSink};
use super::header::header_comments;
use super::{
    compact, honeycomb, symmetry, EncodeError, EncodeOptions, Encoding, EncodingKind, LineEncoding,
    VarMap,
};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::lit::Lit;

/// Encodes `grid` (its non-zero cells are the givens) under `layout` with the extended
/// encoding; see the [module table](crate::encode) for the parts and their order. Lines of
/// the layout (Hanidoku) add their run clauses after the houses, before the givens.
///
/// ```
/// use sudosat::encode::encode_sudoku;
/// use sudosat::{grid::Grid, layout::Layout};
/// let encoding = encode_sudoku(&Grid::empty(9).unwrap(), &Layout::square(9).unwrap()).unwrap();
/// assert_eq!((encoding.cnf.num_vars(), encoding.cnf.num_clauses()), (729, 11_988));
/// assert_eq!(encoding.comments[1], "layout square 9");
/// ```
pub fn encode_sudoku(grid: &Grid, layout: &Layout) -> Result<Encoding, EncodeError> {
    let options = EncodeOptions {
        kind: EncodingKind::Extended,
        lines: LineEncoding::Runs,
        break_symmetry: false,
    };
    encode_with(grid, layout, &options)
}

/// Encodes `grid` under `layout` with the encoding and symmetry breaking of `options`.
/// Every encoding uses the numbering of [`VarMap`] over all cells × digits variables.
///
/// ```
/// use sudosat::encode::{encode_with, EncodeOptions, EncodingKind};
/// use sudosat::{grid::Grid, layout::Layout};
/// let (grid, layout) = (Grid::empty(9).unwrap(), Layout::square(9).unwrap());
/// let counts: Vec<usize> = EncodingKind::ALL
///     .iter()
///     .map(|&kind| {
///         let options = EncodeOptions { kind, ..EncodeOptions::default() };
///         encode_with(&grid, &layout, &options).unwrap().cnf.num_clauses()
///     })
///     .collect();
/// assert_eq!(counts, [8_829, 11_745, 11_988, 11_988]);
/// ```
pub fn encode_with(
    grid: &Grid,
    layout: &Layout,
    options: &EncodeOptions,
) -> Result<Encoding, EncodeError> {
    let size = layout.size();
    if grid.size() != size || grid.cells().len() != layout.num_cells() {
        return Err(EncodeError::SizeMismatch {
            grid_size: grid.size(),
            layout: layout.name().to_string(),
        });
    }
    let kind = options.kind;
    let unsupported = |reason: &str| EncodeError::Unsupported {
        what: if options.break_symmetry && !layout.lines().is_empty() {
            "--break-symmetry".to_string()
        } else {
            format!("encoding {kind}")
        },
        layout: layout.name().to_string(),
        reason: reason.to_string(),
    };
    if options.break_symmetry && !layout.lines().is_empty() {
        return Err(unsupported(
            "its run lines are not symmetric under renaming digits",
        ));
    }
    if kind == EncodingKind::Minimal && !every_cell_in_a_full_house(layout) {
        return Err(unsupported(
            "without cell at-most-one clauses a cell outside every full house could hold \
             several digits (use efficient, extended or compact)",
        ));
    }
    let map = VarMap::for_layout(layout);
    let fixed = (kind == EncodingKind::Compact).then(|| compact::propagate(grid, layout));
    let digits = 1..=size as u8;
    let mut sink = ClauseSink::new(map.num_vars(), fixed.as_ref());
    let mut clause: Vec<Lit> = Vec::with_capacity(size);

    for cell in 0..layout.num_cells() {
        clause.clear();
        clause.extend(digits.clone().map(|d| map.cell_var(cell, d).positive()));
        if kind.cell_at_most_one() {
            add_exactly_one(&mut sink, &clause);
        } else {
            sink.add(&clause);
        }
    }
    for house in layout.houses() {
        for digit in digits.clone() {
            clause.clear();
            clause.extend(
                house
                    .cells
                    .iter()
                    .map(|&cell| map.cell_var(cell, digit).positive()),
            );
            // Only a full house must contain every digit; a shorter one (a later layout's
            // extra region) only forbids repeats.
            if house.cells.len() == size && kind.house_at_least_one() {
                add_exactly_one(&mut sink, &clause);
            } else {
                add_pairwise_at_most_one(&mut sink, &clause);
            }
        }
    }
    for line in layout.lines() {
        honeycomb::add_line_clauses(&mut sink, &map, line, size, options.lines);
    }
    for (cell, &digit) in grid.cells().iter().enumerate() {
        if digit != 0 {
            sink.add(&[map.cell_var(cell, digit).positive()]);
        }
    }
    let mut comments = header_comments(grid, layout, &map, kind, options.lines);
    // Extra lines go right after the `encoding` line.
    let mut at = comments
        .iter()
        .position(|comment| comment.starts_with("encoding "))
        .map_or(comments.len(), |index| index + 1);
    if options.break_symmetry {
        let (clauses, description) = symmetry::precedence_clauses(grid, layout, &map);
        for clause in &clauses {
            sink.add(clause);
        }
        comments.insert(at, description);
        at += 1;
    }
    let mut cnf = sink.cnf;
    if cnf.num_vars() > map.num_vars() {
        comments.insert(
            at,
            format!(
                "auxiliary variables {}..{} (--lines {}): per run line in layout order, \
                 'digit d appears on the line' for each digit d outside the mandatory range, \
                 ascending{}; not part of the solution (p show lists the cell variables)",
                map.num_vars() + 1,
                cnf.num_vars(),
                options.lines,
                if options.lines == LineEncoding::Starts {
                    ", then 'the run starts at a' for each possible start a, ascending"
                } else {
                    ""
                }
            ),
        );
        at += 1;
    }
    if let Some(fixed) = &fixed {
        let units = fixed.units(&map);
        comments.insert(
            at,
            format!(
                "compact: the extended encoding after propagating the givens (naked and \
                 hidden singles); satisfied clauses dropped, false literals removed; the last \
                 {} clauses are units giving the {} fixed variables their values, {} stay open",
                units.len(),
                units.len(),
                map.num_vars() - units.len()
            ),
        );
        for unit in units {
            cnf.add_clause(&[unit]);
        }
    }
    Ok(Encoding { cnf, comments })
}

/// True when every cell lies in a house of `size` cells, so that the house at-most-one
/// clauses and the cell at-least-one clause leave exactly one digit per cell (n cells, each
/// with a digit, no digit twice: pigeonhole).
fn every_cell_in_a_full_house(layout: &Layout) -> bool {
    layout.lines().is_empty()
        && (0..layout.num_cells()).all(|cell| {
            layout
                .houses_of(cell)
                .any(|house| house.cells.len() == layout.size())
        })
}

#[cfg(test)]
mod tests;
