//! The two lines that tell which puzzle a model belongs to when a stream carries several
//! models per puzzle (`satsolve --models N` on an iCNF stream, the uniqueness check):
//!
//! - [`ModelsLine`], `c cube K models M END`, which `satsolve` writes before the answer
//!   blocks of cube K: M `s SATISFIABLE` blocks, or when M is 0 one `s UNSATISFIABLE`
//!   (END `exact`) or `s UNKNOWN` (END `unknown`) block. END says what is known beyond
//!   the M models: `exact` (the search proved there is no other), `limit` (N models were
//!   found; more may exist) or `unknown` (the search gave up).
//! - [`PuzzleLine`], `puzzle K: VERDICT (M grids[, more may exist|, the search gave up])`,
//!   which `model2grid` writes before puzzle K's grids, and `gridcheck` reads to pair the
//!   grids with their puzzle and to report [`Verdict`]s.
//!
//! Why a `c` comment ahead of the blocks rather than a status block after them: `c`
//! lines are comments to every reader of the SAT competition format, so each block is
//! still an ordinary answer, while a terminating `s UNSATISFIABLE` would read as an
//! answer of its own to any tool that does not know the convention, and could not mark
//! the end of a cube whose enumeration stopped at the limit. The count M, known before
//! the blocks are written (a cube's answers are assembled before they go out), lets a
//! reader check that no block is missing.

use std::fmt;

use crate::solver::enumerate::EnumerationEnd;

/// What a stream knows about one puzzle's solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Exactly one solution.
    Unique,
    /// Two or more solutions (as many as were found are listed).
    Several,
    /// No solution.
    None,
    /// Not decided: the search gave up, or stopped at one model (`--models 1`).
    Unknown,
}

impl Verdict {
    /// The verdict for `models` models found, the search having ended with `end`.
    pub fn of(models: usize, end: EnumerationEnd) -> Verdict {
        match (models, end) {
            (0, EnumerationEnd::Exhausted) => Verdict::None,
            (1, EnumerationEnd::Exhausted) => Verdict::Unique,
            (2.., _) => Verdict::Several,
            _ => Verdict::Unknown,
        }
    }

    /// The word written and read: `unique`, `several`, `none` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Several => "several",
            Verdict::None => "none",
            Verdict::Unknown => "unknown",
        }
    }

    fn parse(word: &str) -> Option<Verdict> {
        [
            Verdict::Unique,
            Verdict::Several,
            Verdict::None,
            Verdict::Unknown,
        ]
        .into_iter()
        .find(|verdict| verdict.as_str() == word)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The word of an [`EnumerationEnd`] in a [`ModelsLine`].
fn end_word(end: EnumerationEnd) -> &'static str {
    match end {
        EnumerationEnd::Exhausted => "exact",
        EnumerationEnd::LimitReached => "limit",
        EnumerationEnd::Unknown => "unknown",
    }
}

/// `c cube K models M END`: the line ahead of cube K's answer blocks.
///
/// ```
/// use sudosat::model::group::ModelsLine;
/// use sudosat::solver::enumerate::EnumerationEnd;
/// let line = ModelsLine { cube: 3, models: 2, end: EnumerationEnd::LimitReached };
/// assert_eq!(line.to_string(), "c cube 3 models 2 limit");
/// assert_eq!(ModelsLine::parse("c cube 3 models 2 limit"), Some(Ok(line)));
/// assert_eq!(ModelsLine::parse("c cubes are fine"), None);
/// assert!(ModelsLine::parse("c cube 3 models 0 limit").unwrap().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelsLine {
    /// The cube's 1-based position in the stream.
    pub cube: usize,
    /// How many `s SATISFIABLE` blocks follow.
    pub models: usize,
    /// Why the search for more ended.
    pub end: EnumerationEnd,
}

impl ModelsLine {
    /// The verdict on the cube's puzzle.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.models, self.end)
    }

    /// Reads `line` (without its line ending): `None` if it is no `c cube` line at all,
    /// an error naming what is wrong if it is one but malformed.
    pub fn parse(line: &str) -> Option<Result<ModelsLine, String>> {
        let rest = line.trim().strip_prefix("c cube ")?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [cube, "models", models, end] => {
                let end = match *end {
                    "exact" => Some(EnumerationEnd::Exhausted),
                    "limit" => Some(EnumerationEnd::LimitReached),
                    "unknown" => Some(EnumerationEnd::Unknown),
                    _ => None,
                };
                match (cube.parse::<usize>(), models.parse::<usize>(), end) {
                    (Ok(cube @ 1..), Ok(models), Some(end)) => {
                        Some(ModelsLine { cube, models, end })
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let expected = "expected `c cube K models M exact|limit|unknown`, K from 1";
        Some(match parsed {
            None => Err(format!("{expected}, found \"{}\"", line.trim())),
            Some(ModelsLine {
                models: 0,
                end: EnumerationEnd::LimitReached,
                ..
            }) => Err("`models 0 limit`: a limit is reached only by a model".to_string()),
            Some(parsed) => Ok(parsed),
        })
    }
}

impl fmt::Display for ModelsLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "c cube {} models {} {}",
            self.cube,
            self.models,
            end_word(self.end)
        )
    }
}

/// `puzzle K: VERDICT (M grids...)`: the line ahead of puzzle K's grids in what
/// `model2grid` writes for a stream with several models per puzzle.
///
/// ```
/// use sudosat::model::group::{PuzzleLine, Verdict};
/// use sudosat::solver::enumerate::EnumerationEnd;
/// let line = PuzzleLine { puzzle: 2, grids: 2, end: EnumerationEnd::LimitReached };
/// assert_eq!(line.to_string(), "puzzle 2: several (2 grids, more may exist)");
/// assert_eq!(line.verdict(), Verdict::Several);
/// assert_eq!(PuzzleLine::parse(&line.to_string()), Ok(line));
/// let unique = PuzzleLine { puzzle: 1, grids: 1, end: EnumerationEnd::Exhausted };
/// assert_eq!(unique.to_string(), "puzzle 1: unique (1 grid)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleLine {
    /// The puzzle's 1-based position.
    pub puzzle: usize,
    /// How many grids follow.
    pub grids: usize,
    /// Why the search for more ended.
    pub end: EnumerationEnd,
}

impl PuzzleLine {
    /// The verdict, which the line spells out.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.grids, self.end)
    }

    /// Reads a line that starts with `puzzle `; the error says what was expected.
    pub fn parse(line: &str) -> Result<PuzzleLine, String> {
        let line = line.trim();
        let bad = || {
            format!(
                "expected `puzzle K: VERDICT (M grids)` (VERDICT unique, several, none or \
                 unknown), found \"{}\"",
                crate::text::excerpt(line.as_bytes())
            )
        };
        let rest = line.strip_prefix("puzzle ").ok_or_else(bad)?;
        let (puzzle, rest) = rest.split_once(": ").ok_or_else(bad)?;
        let (word, rest) = rest.split_once(" (").ok_or_else(bad)?;
        let inner = rest.strip_suffix(')').ok_or_else(bad)?;
        let (count, note) = match inner.split_once(", ") {
            Some((count, note)) => (count, Some(note)),
            None => (inner, None),
        };
        let (grids, unit) = count.split_once(' ').ok_or_else(bad)?;
        let puzzle: usize = puzzle.parse().ok().filter(|&k| k > 0).ok_or_else(bad)?;
        let grids: usize = grids.parse().map_err(|_| bad())?;
        if unit != if grids == 1 { "grid" } else { "grids" } {
            return Err(bad());
        }
        let end = match note {
            None => EnumerationEnd::Exhausted,
            Some("more may exist") => EnumerationEnd::LimitReached,
            Some("the search gave up") => EnumerationEnd::Unknown,
            Some(_) => return Err(bad()),
        };
        let parsed = PuzzleLine { puzzle, grids, end };
        // The verdict word is implied by the rest; one that disagrees is no line we wrote.
        match Verdict::parse(word) {
            Some(verdict) if verdict == parsed.verdict() && parsed.to_string() == line => {
                Ok(parsed)
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PuzzleLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.grids == 1 { "grid" } else { "grids" };
        let note = match self.end {
            EnumerationEnd::Exhausted => "",
            EnumerationEnd::LimitReached => ", more may exist",
            EnumerationEnd::Unknown => ", the search gave up",
        };
        write!(
            f,
            "puzzle {}: {} ({} {unit}{note})",
            self.puzzle,
            self.verdict(),
            self.grids
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_the_count_and_the_end() {
        use EnumerationEnd::*;
        let cases = [
            (0, Exhausted, Verdict::None),
            (1, Exhausted, Verdict::Unique),
            (2, Exhausted, Verdict::Several),
            (2, LimitReached, Verdict::Several),
            (3, Unknown, Verdict::Several),
            (1, LimitReached, Verdict::Unknown),
            (1, Unknown, Verdict::Unknown),
            (0, Unknown, Verdict::Unknown),
        ];
        for (models, end, verdict) in cases {
            assert_eq!(Verdict::of(models, end), verdict, "{models} {end:?}");
        }
    }

    #[test]
    fn lines_round_trip_and_malformed_ones_are_refused() {
        for end in [
            EnumerationEnd::Exhausted,
            EnumerationEnd::LimitReached,
            EnumerationEnd::Unknown,
        ] {
            for count in [0, 1, 2, 7] {
                let models = ModelsLine {
                    cube: 12,
                    models: count,
                    end,
                };
                let expected = if count == 0 && end == EnumerationEnd::LimitReached {
                    None
                } else {
                    Some(models)
                };
                assert_eq!(
                    ModelsLine::parse(&models.to_string()).and_then(Result::ok),
                    expected
                );
                let puzzle = PuzzleLine {
                    puzzle: 12,
                    grids: count,
                    end,
                };
                assert_eq!(PuzzleLine::parse(&puzzle.to_string()), Ok(puzzle));
            }
        }
        for bad in [
            "c cube 0 models 1 exact",
            "c cube 1 models one exact",
            "c cube 1 models 1",
            "c cube 1 models 1 maybe",
        ] {
            assert!(ModelsLine::parse(bad).unwrap().is_err(), "{bad}");
        }
        for bad in [
            "puzzle 1: several (1 grid)",
            "puzzle 1: unique (1 grids)",
            "puzzle 0: none (0 grids)",
            "puzzle 1 unique (1 grid)",
            "puzzle 1: unique (1 grid, perhaps)",
        ] {
            assert!(PuzzleLine::parse(bad).is_err(), "{bad}");
        }
    }
}
