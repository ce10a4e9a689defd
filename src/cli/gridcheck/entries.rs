//! Reading a grid file into entries: grids, out-of-range grids (a violation of that grid,
//! not an error of the whole input), the markers of unsolved puzzles, and `puzzle K:`
//! headings.

use std::io::BufRead;

use crate::cli::{Failure, Source};
use crate::grid::{Grid, Marker, ParseOptions, PuzzleError, PuzzleReader, Record};
use crate::layout::Layout;

/// One entry of a grid file: a grid, or a grid whose value is out of range (a violation
/// of that grid, reported like the others, not an error of the whole input).
pub(super) enum Entry {
    /// A grid.
    Grid(Grid),
    /// A grid with a value out of range, and why.
    OutOfRange(String),
    /// The marker a batch writes for a puzzle its solver did not solve.
    Marker(Marker),
    /// A `puzzle K:` line over the grids of puzzle K.
    Heading {
        /// The heading's text.
        text: String,
        /// Its line in the file.
        line: usize,
    },
}

/// The grids of `input` (read from `source`), in any puzzle format (of `layout`, if
/// given), with the marker lines of a batch when `markers` is set.
pub(super) fn entries<'a, R: BufRead + 'a>(
    input: R,
    source: &'a Source,
    size: Option<usize>,
    layout: Option<&Layout>,
    markers: bool,
) -> Result<impl Iterator<Item = Result<Entry, Failure>> + 'a, Failure> {
    let options = ParseOptions {
        size,
        allow_conflicts: true,
    };
    let reader = match layout {
        Some(layout) => PuzzleReader::for_layout(input, layout, true),
        None => {
            PuzzleReader::new(input, &options).map_err(|error| Failure::input(source, error))?
        }
    };
    let records = reader.records().map(move |record| match record {
        Ok(Record::Marker { marker, .. }) if markers => Ok(Entry::Marker(marker)),
        Ok(Record::Marker { marker, line, .. }) => Err(Failure::input(
            source,
            format!(
                "line {line}: `{}` where a puzzle was expected",
                marker.as_str()
            ),
        )),
        Ok(Record::Heading { text, line }) if markers => Ok(Entry::Heading { text, line }),
        Ok(Record::Heading { line, .. }) => Err(Failure::input(
            source,
            format!("line {line}: a `puzzle` heading where a puzzle was expected"),
        )),
        Ok(Record::Grid(puzzle)) => Ok(Entry::Grid(puzzle.grid)),
        Err(PuzzleError::OutOfRange {
            line,
            row,
            col,
            value,
            size,
            ..
        }) => Ok(Entry::OutOfRange(format!(
            "row {row} column {col}: value {value} is out of range 1..{size} (line {line})"
        ))),
        Err(error) => Err(Failure::input(source, error)),
    });
    Ok(records)
}
