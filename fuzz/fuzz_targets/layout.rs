//! The layout-file reader on arbitrary text. A layout that parses must be a board the
//! encoder can use: as many cells as its geometry draws, houses within the grid, no repeated cell in a house, no house larger
//! than the digit count, and the same layout when its own source is parsed again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudosat::layout::{parse_layout_file, Geometry};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(layout) = parse_layout_file(text, "fuzz.layout") else {
        return;
    };
    let cells = layout.num_cells();
    match layout.geometry() {
        Geometry::Square { side, .. } => {
            assert_eq!(*side, layout.size());
            assert_eq!(cells, side * side);
        }
        // A honeycomb has as many cells as its map draws, whatever its digit count.
        Geometry::Hex {
            row_lengths,
            half_columns,
        } => {
            assert_eq!(cells, row_lengths.iter().sum::<usize>());
            assert_eq!(cells, half_columns.len());
        }
    }
    for house in layout.houses() {
        assert!(house.cells.len() <= layout.size(), "{house} too large");
        let mut seen = vec![false; cells];
        for &cell in &house.cells {
            assert!(cell < cells, "{house} leaves the grid");
            assert!(!seen[cell], "{house} repeats a cell");
            seen[cell] = true;
        }
    }
    let source = layout.source().expect("a parsed file keeps its text");
    let again = parse_layout_file(source, "again.layout").expect("its own text parses");
    assert_eq!(again.houses(), layout.houses());
});
