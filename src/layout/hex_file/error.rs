//! [`HoneycombFileError`]: what can be wrong with a honeycomb layout file, each variant
//! naming the file, the line (and column, for a misplaced symbol) and what was expected.

use thiserror::Error;

/// A honeycomb layout file that does not describe a board. `line` and `column` are 1-based.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HoneycombFileError {
    /// No `digits K` line.
    #[error("{file}: no `digits K` line (the cells of a honeycomb board hold 1..K)")]
    MissingDigits {
        /// The file name.
        file: String,
    },
    /// Honeycomb keywords but no `honeycomb R` map.
    #[error(
        "{file} line {line}: `{keyword}` is for honeycomb boards, but the file draws none \
         (expected a `honeycomb R` map)"
    )]
    NoHoneycomb {
        /// The file name.
        file: String,
        /// The first line with a honeycomb keyword.
        line: usize,
        /// That keyword.
        keyword: String,
    },
    /// A `regions` or `extra` map before the honeycomb it follows.
    #[error(
        "{file} line {line}: `{keyword}` comes before the `honeycomb R` map whose shape it follows"
    )]
    MapBeforeHoneycomb {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// `regions` or `extra`.
        keyword: String,
    },
    /// A keyword with a value that is not what it takes.
    #[error("{file} line {line}: bad `{keyword}` value `{text}` (expected {expected})")]
    BadValue {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The keyword.
        keyword: String,
        /// The text after it.
        text: String,
        /// What it takes.
        expected: &'static str,
    },
    /// A keyword that may appear only once, repeated.
    #[error("{file} line {line}: `{keyword}` is given twice")]
    Repeated {
        /// The file name.
        file: String,
        /// The second occurrence.
        line: usize,
        /// The keyword (for line rules, the direction).
        keyword: String,
    },
    /// A line that is no keyword.
    #[error(
        "{file} line {line}: unknown keyword `{text}` (expected name, digits, honeycomb, \
         regions, extra, rows, rising, falling, lines or neighbours)"
    )]
    UnknownKeyword {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// A square-board keyword in a honeycomb file.
    #[error(
        "{file} line {line}: `{keyword}` is for square boards; a honeycomb board gives \
         `digits K` and draws its cells in a `honeycomb R` map"
    )]
    SquareOnly {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// `size` or `diagonals`.
        keyword: String,
    },
    /// A map cut short by the end of the file.
    #[error("{file} line {line}: the {map} map needs {rows} rows but the file ends after {found}")]
    ShortMap {
        /// The file name.
        file: String,
        /// The map's keyword line.
        line: usize,
        /// `honeycomb`, `region` or `extra`.
        map: &'static str,
        /// Rows needed.
        rows: usize,
        /// Rows found.
        found: usize,
    },
    /// A map row with a tab.
    #[error("{file} line {line}: a tab in a map row (use spaces: the columns draw the honeycomb)")]
    Tab {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
    },
    /// A map row with a token longer than one character.
    #[error(
        "{file} line {line}: `{token}` is not a map symbol (a map row is single symbols \
         separated by spaces; does `honeycomb R` count the rows right?)"
    )]
    MapToken {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The token.
        token: String,
    },
    /// A symbol that does not sit on the honeycomb's lattice.
    #[error(
        "{file} line {line} column {column}: `{symbol}` is off the honeycomb (cells of a row \
         sit two columns apart, and each row is shifted by one column against the next)"
    )]
    OffLattice {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The symbol's column in the line.
        column: usize,
        /// The symbol.
        symbol: char,
    },
    /// A region or extra map symbol where the honeycomb has no cell.
    #[error("{file} line {line} column {column}: the {map} map marks `{symbol}` where the honeycomb has no cell")]
    NoCell {
        /// The file name.
        file: String,
        /// The line.
        line: usize,
        /// The symbol's column in the line.
        column: usize,
        /// `region` or `extra`.
        map: &'static str,
        /// The symbol.
        symbol: char,
    },
    /// A region or extra map that leaves a cell unmarked.
    #[error(
        "{file} line {line}: row {row} of the {map} map has no symbol for cell {position} of \
         the honeycomb's row (expected a label, or `.` for none)"
    )]
    Unmarked {
        /// The file name.
        file: String,
        /// The map row's line.
        line: usize,
        /// `region` or `extra`.
        map: &'static str,
        /// 1-based map row.
        row: usize,
        /// 1-based cell within the honeycomb's row.
        position: usize,
    },
    /// A group with more cells than digits.
    #[error(
        "{file} line {line}: {group} has {found} cells but the digits are 1..{digits}: no \
         digit set can meet `{rule}`"
    )]
    TooBig {
        /// The file name.
        file: String,
        /// The line of the map or rule.
        line: usize,
        /// The group, e.g. "region `a`" or "row 5".
        group: String,
        /// Its cell count.
        found: usize,
        /// The digit count K.
        digits: usize,
        /// The rule it cannot meet.
        rule: &'static str,
    },
    /// `neighbours differ` on a board with one digit and touching cells.
    #[error(
        "{file} line {line}: `neighbours differ` needs at least 2 digits, the board has {digits}"
    )]
    OneDigit {
        /// The file name.
        file: String,
        /// The `neighbours` line.
        line: usize,
        /// The digit count.
        digits: usize,
    },
}
