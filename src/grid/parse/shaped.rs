//! Reading puzzles of non-square layouts (the Hanidoku honeycomb): the whole puzzle on one
//! line, optionally after the course prefix `HQV1G`, or one line per row.

use std::io::BufRead;

use super::{symbol_value, PuzzleError, PuzzleReader, RawLine};
use crate::grid::{Grid, Puzzle};
use crate::layout::Layout;

impl<R: BufRead> PuzzleReader<R> {
    /// Reads one puzzle of a non-square layout starting with `first`: the whole puzzle on
    /// one line (after an optional `HQV1G`), or one line per row.
    pub(super) fn read_shaped(
        &mut self,
        layout: &Layout,
        number: usize,
        line: usize,
        first: &str,
    ) -> Result<Puzzle, PuzzleError> {
        let symbols = |text: &str| -> Vec<char> {
            let text = text.strip_prefix("HQV1G").unwrap_or(text);
            text.chars().filter(|c| !c.is_whitespace()).collect()
        };
        let row_lengths = layout.row_lengths();
        let mut cells: Vec<(usize, char)> = symbols(first).into_iter().map(|c| (line, c)).collect();
        if cells.len() != layout.num_cells() && Some(&cells.len()) == row_lengths.first() {
            for (row, &expected) in row_lengths.iter().enumerate().skip(1) {
                let (row_line, text) = match self.read_line()? {
                    Some(RawLine::Content(text)) => (self.line_no, text),
                    _ => (self.line_no, String::new()),
                };
                let row_symbols = symbols(&text);
                if row_symbols.len() != expected {
                    return Err(PuzzleError::LayoutRowLength {
                        puzzle: number,
                        line: row_line,
                        layout: layout.name().to_string(),
                        row: row + 1,
                        expected,
                        found: row_symbols.len(),
                    });
                }
                cells.extend(row_symbols.into_iter().map(|c| (row_line, c)));
            }
        }
        if cells.len() != layout.num_cells() {
            return Err(PuzzleError::LayoutCellCount {
                puzzle: number,
                line,
                layout: layout.name().to_string(),
                expected: layout.num_cells(),
                found: cells.len(),
            });
        }
        let size = layout.size();
        let mut values = Vec::with_capacity(cells.len());
        for (cell, (cell_line, symbol)) in cells.into_iter().enumerate() {
            let (row, col) = layout.position(cell);
            let (row, col) = (row + 1, col + 1);
            values.push(symbol_value(symbol, size, number, cell_line, (row, col))?);
        }
        self.finish(
            number,
            line,
            Grid {
                size,
                cells: values,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::check::check_grid;
    use crate::grid::parse_puzzles_for;
    use crate::layout::Layout;
    use proptest::prelude::*;

    proptest! {
        /// Any text gives puzzles or errors for the honeycomb, never a panic, and every
        /// grid read can be checked.
        #[test]
        fn no_text_panics(text in "(HQV1G)?[0-9.x \r\n]{0,130}") {
            let layout = Layout::hanidoku();
            let reader = crate::grid::PuzzleReader::for_layout(text.as_bytes(), &layout, true);
            for puzzle in reader.flatten() {
                let _ = check_grid(&puzzle.grid, &layout, None, true);
            }
            let _ = parse_puzzles_for(&text, &layout, false);
        }
    }

    fn error(text: &str) -> String {
        match parse_puzzles_for(text, &Layout::hanidoku(), false) {
            Err(error) => error.to_string(),
            Ok(puzzles) => panic!("{text:?} parsed: {puzzles:?}"),
        }
    }

    #[test]
    fn honeycomb_errors_name_puzzle_line_row_and_cell() {
        assert_eq!(
            error("12345\n123456\n1234\n"),
            "puzzle 1 (line 3): row 3 of hanidoku has 7 cells but 4 were found"
        );
        let mut line = "0".repeat(61);
        line.replace_range(5..6, "*");
        assert_eq!(
            error(&line),
            "puzzle 1 (line 1), row 2 column 1: unknown symbol '*'"
        );
        // Two 3s in rising line 1 (cells 0 and 5): a conflict between givens.
        let mut line = "0".repeat(61);
        line.replace_range(0..1, "3");
        line.replace_range(5..6, "3");
        assert_eq!(
            error(&format!("# c\nHQV1G{line}\r\n")),
            "puzzle 1 (line 2): row 1 column 1 and row 2 column 1 both hold 3 (rising line 1)"
        );
    }

    #[test]
    fn block_and_line_forms_give_the_same_grid() {
        let layout = Layout::hanidoku();
        let block =
            "26345\n574263\n4365127\n65812734\n342789516\n27394865\n5876934\n638457\n45623\n";
        let line: String = block.split_whitespace().collect();
        let from_block = parse_puzzles_for(block, &layout, false).unwrap();
        let from_line = parse_puzzles_for(&line, &layout, false).unwrap();
        assert_eq!(from_block[0].grid, from_line[0].grid);
        assert_eq!(from_block[0].grid.givens(), 61);
    }
}
