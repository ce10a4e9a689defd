//! Reading a file of answers to a batch, where a puzzle without a solution has a marker
//! line (`unsolvable`, `unknown`) in place of its grid, so grids and puzzles stay paired,
//! and where several grids of one puzzle sit under a `puzzle K: ...` heading
//! (`model2grid` on `satsolve --models N`; the caller reads the heading's words).

use std::io::BufRead;

use super::{Puzzle, PuzzleError, PuzzleReader};

/// The record a batch writes for a puzzle that got no grid, in place of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// The solver proved that the puzzle has no solution (`unsolvable`).
    Unsolvable,
    /// The solver gave up (a limit or an interrupt): `unknown`.
    Unknown,
}

impl Marker {
    /// The marker line, as written and read.
    pub fn as_str(self) -> &'static str {
        match self {
            Marker::Unsolvable => "unsolvable",
            Marker::Unknown => "unknown",
        }
    }

    /// The marker a (trimmed) line is, if it is one.
    pub fn parse(text: &str) -> Option<Marker> {
        match text {
            "unsolvable" => Some(Marker::Unsolvable),
            "unknown" => Some(Marker::Unknown),
            _ => None,
        }
    }
}

/// One entry of a batch's output: a grid, or the marker of a puzzle without one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A grid, numbered like a puzzle.
    Grid(Puzzle),
    /// A marker line.
    Marker {
        /// Which marker.
        marker: Marker,
        /// 1-based position among the records (grids and markers alike).
        number: usize,
        /// 1-based line of the marker.
        line: usize,
    },
    /// A line starting `puzzle `, which heads the grids of one puzzle; it is no record
    /// in the numbering.
    Heading {
        /// The line, trimmed.
        text: String,
        /// 1-based line of the heading.
        line: usize,
    },
}

/// [`PuzzleReader`] that also accepts marker lines; made by [`PuzzleReader::records`].
///
/// ```
/// use sudosat::grid::{Marker, ParseOptions, PuzzleReader, Record};
/// let text = "1234341221434321\nunsolvable\n4321123434122143\n";
/// let reader = PuzzleReader::new(text.as_bytes(), &ParseOptions::default()).unwrap();
/// let records: Vec<Record> = reader.records().collect::<Result<_, _>>().unwrap();
/// assert!(matches!(records[1], Record::Marker { marker: Marker::Unsolvable, number: 2, line: 2 }));
/// assert!(matches!(&records[2], Record::Grid(puzzle) if puzzle.number == 3));
/// ```
pub struct Records<R> {
    reader: PuzzleReader<R>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// The records of the input: puzzles (or grids) as this reader reads them, and marker
    /// lines, which count in the numbering as a grid does.
    pub fn records(self) -> Records<R> {
        Records { reader: self }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, PuzzleError>;

    fn next(&mut self) -> Option<Self::Item> {
        let reader = &mut self.reader;
        if reader.done {
            return None;
        }
        // Peek at the next content line: a marker is a record of its own; anything else
        // goes back to the reader, which reads its puzzle as usual.
        match reader.next_content() {
            Err(error) => {
                reader.done = true;
                Some(Err(error))
            }
            Ok(None) => {
                reader.done = true;
                None
            }
            Ok(Some((line, text))) if text.starts_with("puzzle ") => {
                Some(Ok(Record::Heading { text, line }))
            }
            Ok(Some((line, text))) => match Marker::parse(&text) {
                Some(marker) => {
                    reader.puzzles += 1;
                    reader.seen_content = true;
                    Some(Ok(Record::Marker {
                        marker,
                        number: reader.puzzles,
                        line,
                    }))
                }
                None => {
                    reader.pending = Some((line, text));
                    reader.next().map(|result| result.map(Record::Grid))
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::ParseOptions;

    fn records(text: &str) -> Vec<Result<Record, PuzzleError>> {
        PuzzleReader::new(text.as_bytes(), &ParseOptions::default())
            .unwrap()
            .records()
            .collect()
    }

    #[test]
    fn markers_between_block_grids_keep_the_numbering() {
        let grid = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
        let text = format!("unknown\n\n{grid}\nunsolvable\n\n{grid}");
        let read: Vec<Record> = records(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(read.len(), 4);
        assert!(matches!(
            read[0],
            Record::Marker {
                marker: Marker::Unknown,
                number: 1,
                line: 1
            }
        ));
        assert!(matches!(&read[1], Record::Grid(p) if p.number == 2 && p.line == 3));
        assert!(matches!(
            read[2],
            Record::Marker {
                marker: Marker::Unsolvable,
                number: 3,
                line: 8
            }
        ));
        assert!(matches!(&read[3], Record::Grid(p) if p.number == 4 && p.grid.get(3, 3) == 1));
    }

    #[test]
    fn a_bad_grid_after_a_marker_is_named_by_its_record_number() {
        let read = records("unsolvable\n12341\n");
        assert!(read[0].is_ok());
        let error = read[1].as_ref().unwrap_err().to_string();
        assert!(error.contains("puzzle 2"), "{error}");
        // Without records(), a marker is just a bad puzzle line, as before.
        let plain: Vec<_> = PuzzleReader::new(&b"unsolvable\n"[..], &ParseOptions::default())
            .unwrap()
            .collect();
        assert!(plain[0].is_err());
    }

    #[test]
    fn headings_are_records_outside_the_numbering() {
        let text = "puzzle 1: unique (1 grid)\n1234341221434321\n\
                    puzzle 2: none (0 grids)\npuzzle 3: several (2 grids)\n\
                    1234341221434321\n1324241331424231\n";
        let read: Vec<Record> = records(text).into_iter().map(Result::unwrap).collect();
        let heading = |index: usize| match &read[index] {
            Record::Heading { text, line } => (text.clone(), *line),
            other => panic!("record {index} is {other:?}"),
        };
        assert_eq!(heading(0), ("puzzle 1: unique (1 grid)".to_string(), 1));
        assert!(matches!(&read[1], Record::Grid(p) if p.number == 1 && p.line == 2));
        assert_eq!(heading(2).1, 3);
        assert_eq!(heading(3).1, 4);
        assert!(matches!(&read[5], Record::Grid(p) if p.number == 3 && p.line == 6));
    }

    #[test]
    fn marker_words_round_trip() {
        for marker in [Marker::Unsolvable, Marker::Unknown] {
            assert_eq!(Marker::parse(marker.as_str()), Some(marker));
        }
        assert_eq!(Marker::parse("Unsolvable"), None);
    }
}
