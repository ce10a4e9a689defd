//! Tests of honeycomb layout files: the boards they build, and one test per error.

use super::*;
use crate::layout::parse_layout_file;
use proptest::prelude::*;

/// A hexagon of side 2 (rows of 2, 3, 2 cells) split into two regions, plus `rest`.
fn small(rest: &str) -> String {
    format!(
        "name small\ndigits 4\nhoneycomb 3\n . .\n. . .\n . .\nregions\n a a\na a b\n b b\n{rest}"
    )
}

#[test]
fn a_small_board_has_its_regions_lines_and_neighbour_pairs_in_order() {
    let layout = parse_layout_file(
        &small("rows distinct\nrising run\nneighbours differ\n"),
        "f",
    )
    .unwrap();
    assert_eq!(
        (layout.name(), layout.num_cells(), layout.size()),
        ("small", 7, 4)
    );
    let kinds: Vec<(HouseKind, usize)> = layout
        .houses()
        .iter()
        .map(|h| (h.kind, h.cells.len()))
        .collect();
    assert_eq!(
        kinds[..5],
        [
            (HouseKind::Region, 4),
            (HouseKind::Region, 3),
            (HouseKind::Row, 2),
            (HouseKind::Row, 3),
            (HouseKind::Row, 2),
        ]
    );
    assert_eq!(layout.houses().len(), 5 + 12);
    assert!(layout.houses()[5..]
        .iter()
        .all(|h| h.kind == HouseKind::Neighbours));
    assert_eq!(layout.houses()[5].to_string(), "neighbour pair 1");
    let rising: Vec<&[usize]> = layout.lines().iter().map(|l| l.cells.as_slice()).collect();
    assert_eq!(rising, [&[0, 2][..], &[1, 3, 5], &[4, 6]]);
    assert_eq!(layout.position(4), (1, 2));
    assert!(!layout.is_square());
}

#[test]
fn indentation_is_relative_and_odd_boards_are_fine() {
    // The same board indented by four more columns, and a board whose first row starts
    // on an odd column of the lattice.
    let shifted = "digits 3\nhoneycomb 2\n     . .\n    . . .\n";
    let layout = parse_layout_file(shifted, "f").unwrap();
    let Geometry::Hex { half_columns, .. } = layout.geometry() else {
        panic!("not a honeycomb");
    };
    assert_eq!(half_columns, &[1, 3, 0, 2, 4]);
    let odd = "digits 3\nhoneycomb 2\n. .\n . .\n";
    assert_eq!(parse_layout_file(odd, "f").unwrap().num_cells(), 4);
}

#[test]
fn errors_name_the_file_line_and_what_was_expected() {
    let cases = [
        ("honeycomb 1\n.\n", "f: no `digits K` line (the cells of a honeycomb board hold 1..K)"),
        ("digits 3\nrows run\n", "f line 1: `digits` is for honeycomb boards, but the file draws none (expected a `honeycomb R` map)"),
        ("digits 3\nregions\n", "f line 2: `regions` comes before the `honeycomb R` map whose shape it follows"),
        ("digits 0\n", "f line 1: bad `digits` value `0` (expected `digits K`, K in 1..=64)"),
        ("digits 3\ndigits 4\n", "f line 2: `digits` is given twice"),
        ("digits 3\nhoneycomb x\n", "f line 2: bad `honeycomb` value `x` (expected `honeycomb R`, R > 0 the number of map rows that follow)"),
        ("digits 3\nrows runs\n", "f line 2: bad `rows` value `runs` (expected `distinct` or `run`)"),
        ("digits 3\nlines run\nrising distinct\n", "f line 3: `rising` is given twice"),
        ("digits 3\nneighbours same\n", "f line 2: bad `neighbours` value `same` (expected `neighbours differ`)"),
        ("digits 3\ncolumns run\n", "f line 2: unknown keyword `columns run` (expected name, digits, honeycomb, regions, extra, rows, rising, falling, lines or neighbours)"),
        ("digits 3\nsize 3\n", "f line 2: `size` is for square boards; a honeycomb board gives `digits K` and draws its cells in a `honeycomb R` map"),
        ("digits 3\nhoneycomb 3\n . .\n. . .\n", "f line 2: the honeycomb map needs 3 rows but the file ends after 2"),
        // A row count far past the file (cargo fuzz's layout target: this allocated the
        // count up front and panicked on capacity overflow).
        ("digits 3\nhoneycomb 3215483575348960369\n . .\n", "f line 2: the honeycomb map needs 3215483575348960369 rows but the file ends after 1"),
        ("digits 3\nhoneycomb 2\n . .\n.\t. .\n", "f line 4: a tab in a map row (use spaces: the columns draw the honeycomb)"),
        ("digits 3\nhoneycomb 2\n . .\nrows run\n", "f line 4: `rows` is not a map symbol (a map row is single symbols separated by spaces; does `honeycomb R` count the rows right?)"),
        ("digits 3\nhoneycomb 3\n . .\n. . .\n. .\n", "f line 5 column 1: `.` is off the honeycomb (cells of a row sit two columns apart, and each row is shifted by one column against the next)"),
        ("digits 3\nhoneycomb 2\n . .\n. . .\nregions\n a a\na a b b\n", "f line 7 column 7: the region map marks `b` where the honeycomb has no cell"),
        ("digits 3\nhoneycomb 2\n . .\n. . .\nextra\n a a\na   b\n", "f line 7: row 2 of the extra map has no symbol for cell 2 of the honeycomb's row (expected a label, or `.` for none)"),
        ("digits 3\nhoneycomb 2\n . .\n. . .\nregions\n a a\na a b\n", "f line 5: region `a` has 4 cells but the digits are 1..3: no digit set can meet `each digit at most once`"),
        ("digits 2\nhoneycomb 2\n . .\n. . .\nrows run\n", "f line 5: row 2 has 3 cells but the digits are 1..2: no digit set can meet `run`"),
        ("digits 2\nhoneycomb 2\n . .\n. . .\nlines distinct\n", "f line 5: row 2 has 3 cells but the digits are 1..2: no digit set can meet `distinct`"),
        ("digits 1\nhoneycomb 1\n. .\nneighbours differ\n", "f line 4: `neighbours differ` needs at least 2 digits, the board has 1"),
    ];
    for (text, expected) in cases {
        match parse_layout_file(text, "f") {
            Err(error) => assert_eq!(error.to_string(), expected, "{text:?}"),
            Ok(_) => panic!("{text:?} parsed"),
        }
    }
}

#[test]
fn a_square_map_row_spelling_a_keyword_stays_a_square_file() {
    // Four region labels r, o, w, s: a square map row, not the honeycomb keyword `rows`.
    let text = "size 4\nregions\nrows\nrows\nrows\nrows\n";
    let layout = parse_layout_file(text, "f").unwrap();
    assert!(layout.is_square());
    assert_eq!(layout.houses()[8].cells, [0, 4, 8, 12]);
}

proptest! {
    /// Any text built from honeycomb keywords and map-like rows is a layout or an error,
    /// never a panic.
    #[test]
    fn no_honeycomb_text_panics(lines in proptest::collection::vec(
        prop_oneof![
            Just("digits 3".to_string()),
            Just("honeycomb 2".to_string()),
            Just("regions".to_string()),
            Just("extra".to_string()),
            Just("lines run".to_string()),
            Just("rows distinct".to_string()),
            Just("neighbours differ".to_string()),
            "[ .ab]{0,7}",
            "digits [0-9]{1,2}",
            "honeycomb [0-9]{1,2}",
        ],
        0..12,
    )) {
        let text = lines.join("\n");
        let _ = parse_layout_file(&text, "fuzz");
    }
}
