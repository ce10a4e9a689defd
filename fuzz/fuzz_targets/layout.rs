//! The layout-file reader on arbitrary text. A layout that parses must be a board the
//! encoder can use: houses within the grid, no repeated cell in a house, no house larger
//! than the digit count, and the same layout when its own source is parsed again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudosat::layout::parse_layout_file;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(layout) = parse_layout_file(text, "fuzz.layout") else {
        return;
    };
    let cells = layout.num_cells();
    assert_eq!(cells, layout.size() * layout.size());
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
