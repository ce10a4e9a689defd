//! A file of puzzles as one incremental CNF: the layout's clauses once, then each puzzle's
//! givens as a cube of assumptions (`sudoku2cnf` on a file of several puzzles).
//!
//! The base is the encoding of the EMPTY grid, never of the first puzzle: `compact`
//! propagates givens and `--break-symmetry` looks at them, so encoding any real puzzle
//! would leak its deductions into every later one. With the empty grid, base ∧ givens of P
//! is the extended encoding of P, which is what every per-puzzle encoding is equivalent to.

use super::{encode_with, EncodeError, EncodeOptions, Encoding, VarMap};
use crate::dimacs::write::push_lit;
use crate::grid::Grid;
use crate::layout::Layout;

/// The base formula of a batch over `layout`: the empty grid's clauses for `options.kind`,
/// and header comments that describe a stream rather than one puzzle. Symmetry breaking is
/// refused: it picks its clauses from one puzzle's givens.
pub fn encode_batch_base(
    layout: &Layout,
    options: &EncodeOptions,
) -> Result<Encoding, EncodeError> {
    if options.break_symmetry {
        return Err(EncodeError::Unsupported {
            what: "--break-symmetry".to_string(),
            layout: layout.name().to_string(),
            reason: "a file of several puzzles shares one formula, and symmetry breaking \
                     depends on each puzzle's givens (use --index K or --split DIR)"
                .to_string(),
        });
    }
    let mut encoding = encode_with(&Grid::empty_for(layout), layout, options)?;
    // The empty grid's `puzzle` lines and `compact` note describe no puzzle of the stream.
    encoding
        .comments
        .retain(|comment| !comment.starts_with("puzzle") && !comment.starts_with("compact:"));
    let at = encoding
        .comments
        .iter()
        .position(|comment| comment.starts_with("encoding "))
        .map_or(encoding.comments.len(), |index| index + 1);
    encoding.comments.insert(
        at,
        "batch: incremental CNF (p inccnf); the clauses are the empty grid's, and each \
         puzzle is one line 'a <givens> 0', in input order, its givens as assumptions"
            .to_string(),
    );
    Ok(encoding)
}

/// Appends the cube line of `grid` (`a`, one positive literal per given in reading order,
/// `0`) to `buf`. The grid must fit `map`.
#[inline]
pub fn push_cube(buf: &mut Vec<u8>, grid: &Grid, map: &VarMap) {
    buf.extend_from_slice(b"a ");
    for (cell, &digit) in grid.cells().iter().enumerate() {
        if digit != 0 {
            push_lit(buf, map.cell_var(cell, digit).positive());
            buf.push(b' ');
        }
    }
    buf.extend_from_slice(b"0\n");
}

/// Appends the cube line of `grid` after the presolve (see `compact`): every cell
/// variable the givens decide by the single and run rules, true for a fixed cell and false
/// for a removed candidate, cells in reading order and digits ascending. The cube has the
/// models of [`push_cube`]'s, and gives the solver the run reasoning as facts.
pub fn push_presolved_cube(buf: &mut Vec<u8>, grid: &Grid, layout: &Layout, map: &VarMap) {
    buf.extend_from_slice(b"a ");
    for lit in super::compact::propagate(grid, layout).units(map) {
        push_lit(buf, lit);
        buf.push(b' ');
    }
    buf.extend_from_slice(b"0\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::EncodingKind;
    use crate::grid::{parse_puzzles, ParseOptions};
    use crate::lit::Lit;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn options(kind: EncodingKind) -> EncodeOptions {
        EncodeOptions {
            kind,
            break_symmetry: false,
            ..EncodeOptions::default()
        }
    }

    fn clause_sets(cnf: &crate::Cnf) -> Vec<Vec<Lit>> {
        let mut clauses: Vec<Vec<Lit>> = cnf
            .clauses()
            .map(|clause| {
                let mut clause = clause.to_vec();
                clause.sort_unstable();
                clause
            })
            .collect();
        clauses.sort_unstable();
        clauses
    }

    #[test]
    fn base_holds_no_givens_for_any_encoding() {
        let layout = Layout::square(9).unwrap();
        for kind in [
            EncodingKind::Minimal,
            EncodingKind::Efficient,
            EncodingKind::Extended,
            EncodingKind::Compact,
        ] {
            let base = encode_batch_base(&layout, &options(kind)).unwrap();
            assert!(base.cnf.clauses().all(|clause| clause.len() > 1), "{kind}");
            let empty = encode_with(&Grid::empty_for(&layout), &layout, &options(kind)).unwrap();
            assert_eq!(base.cnf, empty.cnf, "{kind}");
            assert!(base.comments.iter().all(|c| !c.starts_with("puzzle")));
            assert!(base.comments.iter().any(|c| c.starts_with("p show 1 2 3")));
        }
    }

    #[test]
    fn base_plus_cube_is_the_extended_encoding_of_the_puzzle() {
        let layout = Layout::square(9).unwrap();
        let puzzle = &parse_puzzles(PUZZLE, &ParseOptions::default()).unwrap()[0];
        let base = encode_batch_base(&layout, &options(EncodingKind::Extended)).unwrap();
        let mut line = Vec::new();
        push_cube(&mut line, &puzzle.grid, &VarMap::for_layout(&layout));
        let text = String::from_utf8(line).unwrap();
        assert!(text.starts_with("a 4 ") && text.ends_with(" 0\n"), "{text}");
        let mut combined = base.cnf.clone();
        for token in text[2..].split_whitespace() {
            let number: i64 = token.parse().unwrap();
            if number != 0 {
                combined.add_clause(&[Lit::from_dimacs(number).unwrap()]);
            }
        }
        let direct = encode_with(&puzzle.grid, &layout, &options(EncodingKind::Extended)).unwrap();
        assert_eq!(clause_sets(&combined), clause_sets(&direct.cnf));
    }

    #[test]
    fn a_presolved_cube_keeps_the_givens_and_the_solution() {
        // The first course puzzle: its presolved cube holds its givens, fixes at least as
        // much, and the base with the cube still has the puzzle's solution as its only model.
        let layout = Layout::hanidoku();
        let text = include_str!("../../testdata/layouts/hanidoku.txt");
        let puzzle = &crate::grid::parse_puzzles_for(text, &layout, false).unwrap()[0];
        let solutions = include_str!("../../testdata/layouts/hanidoku.solution.txt");
        let solution = &crate::grid::parse_puzzles_for(solutions, &layout, false).unwrap()[0];
        let map = VarMap::for_layout(&layout);
        let (mut plain, mut presolved) = (Vec::new(), Vec::new());
        push_cube(&mut plain, &puzzle.grid, &map);
        push_presolved_cube(&mut presolved, &puzzle.grid, &layout, &map);
        let (givens, cube) = (cube_lits(&plain), cube_lits(&presolved));
        assert!(givens.iter().all(|lit| cube.contains(lit)));
        assert!(cube.len() > 10 * givens.len(), "{} literals", cube.len());
        let base = encode_batch_base(&layout, &EncodeOptions::default()).unwrap();
        let mut solver = crate::solver::cdcl::Solver::new(&base.cnf);
        let crate::solver::Outcome::Sat(model) = solver.solve_cube(&cube) else {
            panic!("the presolved cube lost the solution");
        };
        let grid = crate::encode::decode_model(&model, &layout).unwrap();
        assert_eq!(grid.cells(), solution.grid.cells());
    }

    /// The presolved cube's literals of each puzzle, against its unique solution: every
    /// literal must be true in it (a removed candidate never the solution's digit, a
    /// fixed cell always it).
    fn assert_presolve_keeps_solution(puzzles: &[crate::grid::Puzzle], layout: &Layout) {
        let map = VarMap::for_layout(layout);
        let base = encode_batch_base(layout, &EncodeOptions::default()).unwrap();
        let mut solver = crate::solver::cdcl::Solver::new(&base.cnf);
        for (index, puzzle) in puzzles.iter().enumerate() {
            let mut plain = Vec::new();
            push_cube(&mut plain, &puzzle.grid, &map);
            let givens = cube_lits(&plain);
            let crate::solver::Outcome::Sat(model) = solver.solve_cube(&givens) else {
                panic!("puzzle {index} has no solution");
            };
            let solution = crate::encode::decode_model(&model, layout).unwrap();
            let mut line = Vec::new();
            push_presolved_cube(&mut line, &puzzle.grid, layout, &map);
            let cube = cube_lits(&line);
            assert!(cube.len() >= givens.len(), "puzzle {index}");
            for lit in cube {
                let index_in_grid = lit.var().index() / layout.size();
                let digit = (lit.var().index() % layout.size() + 1) as u8;
                let holds = solution.cells()[index_in_grid] == digit;
                assert_eq!(holds, lit.is_positive(), "puzzle {index}: {lit:?}");
            }
        }
    }

    fn cube_lits(line: &[u8]) -> Vec<Lit> {
        let text = std::str::from_utf8(line).unwrap();
        text[2..]
            .split_whitespace()
            .map(|token| token.parse::<i64>().unwrap())
            .filter(|&number| number != 0)
            .map(|number| Lit::from_dimacs(number).unwrap())
            .collect()
    }

    #[test]
    fn presolved_units_hold_in_the_solution_of_shipped_and_hard_puzzles() {
        // The run-rule presolve never removes the solution's digit and never fixes a cell
        // to another: on the shipped honeycomb puzzles and the first 40 of the hard set.
        let layout = Layout::hanidoku();
        let text = include_str!("../../testdata/layouts/hanidoku.txt");
        let shipped = crate::grid::parse_puzzles_for(text, &layout, false).unwrap();
        assert_presolve_keeps_solution(&shipped, &layout);
        let Some(path) =
            crate::testkit::external::shared_path("puzzles/hanidoku/1050_hard_hanidoku.txt")
        else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        let first: String = text
            .lines()
            .take(40)
            .map(|line| format!("{line}\n"))
            .collect();
        let hard = crate::grid::parse_puzzles_for(&first, &layout, false).unwrap();
        assert_eq!(hard.len(), 40);
        assert_presolve_keeps_solution(&hard, &layout);
    }

    #[test]
    fn symmetry_breaking_is_refused() {
        let layout = Layout::square(4).unwrap();
        let options = EncodeOptions {
            kind: EncodingKind::Compact,
            break_symmetry: true,
            ..EncodeOptions::default()
        };
        let error = encode_batch_base(&layout, &options)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("--break-symmetry does not work"),
            "{error}"
        );
    }
}
