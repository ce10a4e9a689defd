//! Tests of the header comments: what they say, and that they read back.

use std::path::Path;

use super::*;
use crate::encode::{encode_sudoku, Encoding};
use crate::grid::{parse_puzzles, ParseOptions};

/// The first puzzle of `testdata/puzzles/<name>.txt`.
fn fixture(name: &str) -> Grid {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("testdata/puzzles/{name}.txt"));
    let text = std::fs::read_to_string(path).unwrap();
    parse_puzzles(&text, &ParseOptions::default())
        .unwrap()
        .remove(0)
        .grid
}

fn encode(grid: &Grid) -> Encoding {
    let layout = Layout::square(grid.size()).unwrap();
    encode_sudoku(grid, &layout).unwrap()
}

#[test]
fn comments_describe_the_encoding() {
    let mut grid = Grid::empty(4).unwrap();
    grid.set(0, 1, 3);
    let comments = encode(&grid).comments;
    assert_eq!(
        comments,
        [
            format!("sudoku2cnf {}", env!("CARGO_PKG_VERSION")),
            "layout square 4".to_string(),
            "size 4".to_string(),
            "encoding extended: var(r,c,v) = (r*4+c)*4+v, r and c 0-based, v 1..4".to_string(),
            "puzzle .3..............".to_string(),
            format!(
                "p show {} 0",
                (1..=64)
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        ]
    );
}

#[test]
fn show_lines_wrap_and_cover_every_variable_once() {
    for size in [16, 36] {
        let comments = encode(&Grid::empty(size).unwrap()).comments;
        let mut shown = Vec::new();
        for line in comments.iter().filter(|c| c.starts_with("p show")) {
            assert!(line.len() <= 4000, "{} chars", line.len());
            let body = line
                .strip_prefix("p show ")
                .unwrap()
                .strip_suffix(" 0")
                .unwrap();
            shown.extend(body.split(' ').map(|v| v.parse::<usize>().unwrap()));
        }
        assert_eq!(shown, (1..=size * size * size).collect::<Vec<_>>());
    }
}

#[test]
fn header_comments_round_trip_for_line_and_row_puzzles() {
    for name in ["9x9_ai_escargot", "36x36_b60_s1"] {
        let puzzle = fixture(name);
        let comments = encode(&puzzle).comments;
        let header = read_header_comments(&comments).unwrap();
        assert_eq!(header.layout, Layout::square(puzzle.size()).unwrap());
        assert_eq!(header.puzzle.as_ref(), Some(&puzzle), "{name}");
    }
    let rows = encode(&fixture("36x36_b60_s1")).comments;
    assert_eq!(
        rows.iter().filter(|c| c.starts_with("puzzle-row ")).count(),
        36
    );
}

#[test]
fn header_comments_without_puzzle_or_with_problems() {
    let lines = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let header = read_header_comments(&lines(&["  size 16 ", "other"])).unwrap();
    assert_eq!((header.layout.size(), header.puzzle), (16, None));
    let message = |lines: Vec<String>| read_header_comments(&lines).unwrap_err().to_string();
    assert_eq!(
        message(lines(&["sudoku 9x9"])),
        "the CNF comments name no layout (expected `c layout square N` or `c size N`)"
    );
    assert_eq!(
        message(lines(&["layout square 9", "size 16"])),
        "the CNF comments disagree: layout square 9 but size 16"
    );
    assert_eq!(
        message(lines(&["layout honeycomb"])),
        "unknown layout `honeycomb` in the CNF comments (known: square N, x-sudoku N, \
         hanidoku, file NAME)"
    );
    assert_eq!(
        message(lines(&["size nine"])),
        "bad number in CNF comment `size nine`"
    );
    assert!(message(lines(&["size 10"])).starts_with("in the CNF comments: size 10 is not"));
    assert_eq!(
        message(lines(&["size 4", "puzzle ..."])),
        "the puzzle in the CNF comments: puzzle 1 (line 1): expected 16 cells for 4x4 but found 3"
    );
}

#[test]
fn every_layout_kind_comes_back_from_the_header() {
    let file_text = "# windoku\nname windoku\nsize 4\nextra\n.a..\n.a..\n..b.\n..b.\n";
    let layouts = [
        Layout::x_sudoku(9).unwrap(),
        Layout::hanidoku(),
        crate::layout::parse_layout_file(file_text, "w.layout").unwrap(),
    ];
    for layout in layouts {
        let mut grid = Grid::empty_for(&layout);
        grid.set_cell(3, 2);
        let encoding = encode_sudoku(&grid, &layout).unwrap();
        let header = read_header_comments(&encoding.comments).unwrap();
        assert_eq!(header.layout.houses(), layout.houses(), "{}", layout.name());
        assert_eq!(header.layout.lines(), layout.lines(), "{}", layout.name());
        assert_eq!(header.layout.name(), layout.name());
        assert_eq!(header.puzzle, Some(grid));
    }
}
