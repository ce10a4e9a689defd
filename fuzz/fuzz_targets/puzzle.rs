//! The puzzle reader on arbitrary text, for every layout: size detection, a forced size,
//! X-Sudoku, the Hanidoku honeycomb and a jigsaw layout file (the first byte chooses).
//! Every puzzle read must format (block form, and line form where it exists) and read
//! back to the same grid.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudosat::grid::format::to_block_for;
use sudosat::grid::{to_line, ParseOptions, Puzzle, PuzzleReader};
use sudosat::layout::{parse_layout_file, Layout};

const JIGSAW: &str = include_str!("../../testdata/layouts/jigsaw9.layout");

fn read(text: &[u8], layout: Option<&Layout>, size: Option<usize>, conflicts: bool) -> Vec<Puzzle> {
    // Only the successes matter here; an error mid-file still lets later puzzles be read.
    let collect =
        |results: Vec<Result<Puzzle, _>>| results.into_iter().filter_map(Result::ok).collect();
    match layout {
        Some(layout) => collect(PuzzleReader::for_layout(text, layout, conflicts).collect()),
        None => {
            let options = ParseOptions {
                size,
                allow_conflicts: conflicts,
            };
            match PuzzleReader::new(text, &options) {
                Ok(reader) => collect(reader.collect()),
                Err(_) => Vec::new(),
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let conflicts = mode & 0x80 != 0;
    let layout = match mode & 0x7 {
        0 | 1 => None,
        2 => Some(Layout::x_sudoku(9).expect("9 is a size")),
        3 => Some(Layout::hanidoku()),
        4 => Some(parse_layout_file(JIGSAW, "jigsaw9.layout").expect("shipped layout")),
        5 => Some(Layout::square(4).expect("4 is a size")),
        _ => Some(Layout::square(16).expect("16 is a size")),
    };
    let size = if mode & 0x7 == 1 { Some(9) } else { None };
    // Cap the work per input: the reader streams, this target keeps every grid.
    for puzzle in read(text, layout.as_ref(), size, conflicts).iter().take(64) {
        let grid = &puzzle.grid;
        let board = match &layout {
            Some(layout) => layout.clone(),
            None => Layout::square(grid.size()).expect("a parsed size is a size"),
        };
        let block = to_block_for(grid, &board);
        let again = read(block.as_bytes(), Some(&board), None, true);
        assert_eq!(
            again.len(),
            1,
            "block form of one grid read as {} grids:\n{block}",
            again.len()
        );
        assert_eq!(
            &again[0].grid, grid,
            "block form read back differently:\n{block}"
        );
        if board.is_square() {
            if let Some(line) = to_line(grid) {
                let again = read(line.as_bytes(), Some(&board), None, true);
                assert_eq!(
                    again.len(),
                    1,
                    "line form read as {} grids: {line}",
                    again.len()
                );
                assert_eq!(
                    &again[0].grid, grid,
                    "line form read back differently: {line}"
                );
            }
        }
    }
});
