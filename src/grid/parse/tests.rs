//! Tests of the puzzle reader: formats, detection, every error message, and the real
//! files under `testdata/puzzles` and (when present) the shared puzzle collection.

use std::path::{Path, PathBuf};

use super::*;
use crate::testkit::external::shared_path;

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

fn parse(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    parse_puzzles(text, &ParseOptions::default())
}

fn error(text: &str, options: &ParseOptions) -> String {
    match parse_puzzles(text, options) {
        Ok(puzzles) => panic!("expected an error, got {} puzzles", puzzles.len()),
        Err(error) => error.to_string(),
    }
}

fn default_error(text: &str) -> String {
    error(text, &ParseOptions::default())
}

fn crate_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

#[test]
fn line_format_detects_every_size() {
    for k in 1..=6 {
        let n = k * k;
        let mut text = String::new();
        for i in 0..n * n {
            // A latin-square pattern keeps rows and columns free of repeats.
            let value = if i % (n + 1) == 0 {
                (i / n + 1) % 36
            } else {
                0
            };
            text.push(if value == 0 {
                '.'
            } else {
                char::from_digit(value as u32, 36).unwrap()
            });
        }
        let puzzles = parse(&text).unwrap();
        assert_eq!(puzzles[0].grid.size(), n, "{n}");
    }
}

#[test]
fn symbols_blanks_and_lowercase_letters_are_read() {
    let mut text = String::from("0.9Ag");
    text.push_str(&".".repeat(256 - 5));
    let puzzles = parse(&text).unwrap();
    assert_eq!(&puzzles[0].grid.cells()[..5], &[0, 0, 9, 10, 16]);
}

#[test]
fn crlf_comments_blank_lines_and_missing_final_newline_are_fine() {
    let text = format!("# comment\r\n\r\n{ESCARGOT}\r\n#\n\n{ESCARGOT}");
    let puzzles = parse(&text).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!((puzzles[0].number, puzzles[0].line), (1, 3));
    assert_eq!((puzzles[1].number, puzzles[1].line), (2, 6));
    assert_eq!(puzzles[1].grid.get(0, 0), 1);
    assert_eq!(parse(&format!("{ESCARGOT}\n\n\n")).unwrap().len(), 1);
    assert_eq!(parse("").unwrap().len(), 0);
    assert_eq!(parse("# only\n\n").unwrap().len(), 0);
}

#[test]
fn a_leading_count_is_skipped_only_when_a_puzzle_follows() {
    let puzzles = parse(&format!("# x\n2\n{ESCARGOT}\n{ESCARGOT}\n")).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!((puzzles[0].number, puzzles[0].line), (1, 3));
    assert_eq!(
        default_error("95\n"),
        "puzzle 1 (line 1): 2 cells fit no grid size (a puzzle line has 16 cells for 4x4, \
         81 for 9x9, 256 for 16x16, 625 for 25x25 or 1296 for 36x36)"
    );
    // A later count-like line is a broken puzzle, not a count.
    assert_eq!(
        default_error(&format!("{ESCARGOT}\n95\n")),
        "puzzle 2 (line 2): expected 81 cells for 9x9 but found 2"
    );
    // A lone digit is a 1x1 puzzle unless a longer line follows.
    assert_eq!(parse("1\n1\n").unwrap().len(), 2);
    assert_eq!(parse(&format!("1\n{ESCARGOT}")).unwrap().len(), 1);
}

#[test]
fn block_format_with_padding_dots_and_several_puzzles() {
    let text = " 1  .  . 4\n\t. 4 0 0 \n0 0 4 .\n4 0 0 1\n\n\n# next\n1 2 0 0\n0 0 1 0\r\n2 0 0 3\n0 3 0 1";
    let puzzles = parse(text).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].grid.cells()[..4], [1, 0, 0, 4]);
    assert_eq!((puzzles[1].number, puzzles[1].line), (2, 8));
    assert_eq!(puzzles[1].grid.get(3, 3), 1);
}

#[test]
fn a_block_ends_after_n_rows_even_without_a_blank_line() {
    let text = "1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let puzzles = parse(text).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[1].grid.get(0, 3), 2);
}

#[test]
fn forced_size_is_checked() {
    let nine = ParseOptions {
        size: Some(9),
        allow_conflicts: false,
    };
    assert_eq!(parse_puzzles(ESCARGOT, &nine).unwrap().len(), 1);
    assert_eq!(
        error(&".".repeat(16), &nine),
        "puzzle 1 (line 1): size 9 was requested but the puzzle is 4x4"
    );
    assert_eq!(
        error(&".".repeat(80), &nine),
        "puzzle 1 (line 1): expected 81 cells for 9x9 but found 80"
    );
    assert_eq!(
        error("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", &nine),
        "puzzle 1 (line 1): size 9 was requested but the puzzle is 4x4"
    );
    let big = ParseOptions {
        size: Some(49),
        allow_conflicts: false,
    };
    let puzzles = parse_puzzles(&format!("Z{}", ".".repeat(49 * 49 - 1)), &big).unwrap();
    assert_eq!(puzzles[0].grid.get(0, 0), 35);
    let ten = ParseOptions {
        size: Some(10),
        allow_conflicts: false,
    };
    assert_eq!(
        error(ESCARGOT, &ten),
        "size 10 is not a square Sudoku size (the sizes are k*k for k in 1..=8: \
         1, 4, 9, 16, 25, 36, 49, 64)"
    );
    assert!(matches!(
        PuzzleReader::new(&b""[..], &ten),
        Err(PuzzleError::InvalidSize(_))
    ));
}

#[test]
fn cell_errors_name_puzzle_line_row_and_column() {
    let bad = format!("{}?{}", &ESCARGOT[..12], &ESCARGOT[13..]);
    assert_eq!(
        default_error(&bad),
        "puzzle 1 (line 1), row 2 column 4: unknown symbol '?'"
    );
    let mut sixteen = "H".to_string();
    sixteen.push_str(&".".repeat(255));
    assert_eq!(
        default_error(&format!("{ESCARGOT}\n\n{sixteen}")),
        "puzzle 2 (line 3), row 1 column 1: value 17 is out of range 1..16"
    );
    let mut four = "5".to_string();
    four.push_str(&".".repeat(15));
    assert_eq!(
        default_error(&four),
        "puzzle 1 (line 1), row 1 column 1: value 5 is out of range 1..4"
    );
    assert_eq!(
        default_error("1 0 0 0\n0 x1 0 0\n0 0 0 0\n0 0 0 0"),
        "puzzle 1 (line 2), row 2 column 2: unknown symbol 'x1'"
    );
    assert_eq!(
        default_error("1 0 0 0\n0 0 0 0\n0 0 0 12345678901234567890\n0 0 0 0"),
        "puzzle 1 (line 3), row 3 column 4: value 12345678901234567890 is out of range 1..4"
    );
}

#[test]
fn block_shape_errors() {
    assert_eq!(
        default_error("1 0 0 0\n0 0 0\n0 0 0 0\n0 0 0 0"),
        "puzzle 1 (line 2): row 2 has 3 numbers but a 4x4 row has 4"
    );
    assert_eq!(
        default_error("1 0 0 0\n0 0 0 0\n\n0 0 0 0\n0 0 0 0"),
        "puzzle 1 (line 1): expected 4 rows for 4x4 but found 2"
    );
    assert_eq!(
        default_error("1 2 3\n"),
        "puzzle 1 (line 1): a row of 3 numbers fits no Sudoku size \
         (rows have 4, 9, 16, 25, 36, 49 or 64 numbers)"
    );
}

#[test]
fn conflicting_givens_are_errors_unless_allowed() {
    let row = format!("3...3{}", ".".repeat(76));
    assert_eq!(
        default_error(&row),
        "puzzle 1 (line 1): row 1 column 1 and row 1 column 5 both hold 3 (row 1)"
    );
    let column = format!("2{}2{}", ".".repeat(35), ".".repeat(44));
    assert_eq!(
        default_error(&column),
        "puzzle 1 (line 1): row 1 column 1 and row 5 column 1 both hold 2 (column 1)"
    );
    let boxed = format!("{}8{}8{}", ".".repeat(3), ".".repeat(10), ".".repeat(66));
    assert_eq!(
        default_error(&boxed),
        "puzzle 1 (line 1): row 1 column 4 and row 2 column 6 both hold 8 (box 2)"
    );
    let allow = ParseOptions {
        size: None,
        allow_conflicts: true,
    };
    assert_eq!(parse_puzzles(&row, &allow).unwrap()[0].grid.givens(), 2);
}

#[test]
fn the_reader_continues_after_a_bad_puzzle() {
    let text = format!("{ESCARGOT}\n{}\n{ESCARGOT}\n", &ESCARGOT[1..]);
    let reader = PuzzleReader::new(text.as_bytes(), &ParseOptions::default()).unwrap();
    let results: Vec<_> = reader.map(|r| r.map(|p| p.number)).collect();
    assert_eq!(results.len(), 3);
    assert!(matches!(results[0], Ok(1)));
    assert!(results[1].is_err());
    assert!(matches!(results[2], Ok(3)));
}

#[test]
fn invalid_utf8_is_an_unknown_symbol_not_a_panic() {
    let mut bytes = ESCARGOT.as_bytes().to_vec();
    bytes[5] = 0xff;
    let reader = PuzzleReader::new(&bytes[..], &ParseOptions::default()).unwrap();
    let results: Vec<_> = reader.collect();
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "puzzle 1 (line 1), row 1 column 6: unknown symbol '\u{fffd}'"
    );
}

#[test]
fn io_errors_end_the_stream() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let reader = PuzzleReader::new(std::io::BufReader::new(Failing), &ParseOptions::default());
    let results: Vec<_> = reader.unwrap().collect();
    assert_eq!(results.len(), 1);
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 1: cannot read input: disk on fire"
    );
}

/// Each fixture with its solution file: the puzzles parse, the solutions parse, the counts
/// match, and every given appears in its solution. Validity of the solutions is checked in
/// `check.rs`'s fixture test.
#[test]
fn fixtures_parse_and_match_their_solutions() {
    let fixtures = [
        ("4x4_line", 3, 4),
        ("4x4_block", 2, 4),
        ("9x9_ai_escargot", 1, 9),
        ("9x9_17clue_first5", 5, 9),
        ("9x9_norvig_hardest", 11, 9),
        ("16x16_b55_s1", 1, 16),
        ("25x25_b68_s2", 1, 25),
        ("36x36_b60_s1", 1, 36),
    ];
    for (name, count, size) in fixtures {
        let dir = crate_path("testdata/puzzles");
        let puzzles = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let solutions = std::fs::read_to_string(dir.join(format!("{name}.solution.txt"))).unwrap();
        let puzzles = parse(&puzzles).unwrap();
        let solutions = parse(&solutions).unwrap();
        assert_eq!((puzzles.len(), solutions.len()), (count, count), "{name}");
        for (puzzle, solution) in puzzles.iter().zip(&solutions) {
            assert_eq!(puzzle.grid.size(), size, "{name}");
            assert!(solution.grid.is_complete(), "{name}");
            for (given, solved) in puzzle.grid.cells().iter().zip(solution.grid.cells()) {
                assert!(
                    *given == 0 || given == solved,
                    "{name} puzzle {}",
                    puzzle.number
                );
            }
        }
    }
}

#[test]
fn invalid_fixtures_fail_with_their_expected_messages() {
    let dir = crate_path("testdata/puzzles/invalid");
    let expected = std::fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let mut cases = 0;
    for line in expected.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let (file, fragment) = line.split_once('\t').unwrap();
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let message = default_error(&text);
        assert!(
            message.contains(fragment),
            "{file}: got {message:?}, want {fragment:?}"
        );
        cases += 1;
    }
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        cases + 1,
        files,
        "every invalid file has a line in expected.tsv"
    );
}

/// The shared collection lives outside the repository (`../shared/puzzles`); the test
/// skips with a note where it is absent, and fails under `CI=true`.
#[test]
fn every_shared_puzzle_file_parses_with_the_documented_count() {
    let Some(dir) = shared_path("puzzles") else {
        return;
    };
    let files = [
        ("puzzles2_17_clue", 49_158),
        ("puzzles3_magictour_top1465", 1_465),
        ("puzzles5_forum_hardest_1905_11+", 48_766),
        ("puzzles6_forum_hardest_1106", 375),
        ("puzzles7_serg_benchmark", 10_000),
        ("norvig_top95.txt", 95),
        ("norvig_hardest.txt", 11),
    ];
    for (name, count) in files {
        let file = std::fs::File::open(dir.join(name)).unwrap();
        let reader =
            PuzzleReader::new(std::io::BufReader::new(file), &ParseOptions::default()).unwrap();
        let mut parsed = 0;
        for puzzle in reader {
            let puzzle = puzzle.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(puzzle.grid.size(), 9, "{name}");
            parsed += 1;
        }
        assert_eq!(parsed, count, "{name}");
    }
}
