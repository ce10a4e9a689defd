//! `gridcheck` on a file whose grids sit under `puzzle K: VERDICT (M grids)` headings:
//! what `model2grid` writes for `satsolve --models N` on a stream of puzzles (the uniqueness check).
//!
//! The heading pairs its grids with puzzle K (of `--puzzle`), so every grid is still
//! held to the rules and to its puzzle's givens, and the grids of one puzzle must differ
//! from each other. Then each puzzle gets a verdict: the heading's (`unique`, `several`,
//! `none`, `unknown`), or `invalid` when one of its grids is. `several` is checked here
//! (two different valid grids keeping the givens); `unique` and `none` are the solver's
//! word, which only another search could check. A heading whose count disagrees with the
//! grids under it is an input error (exit 2): the file was cut or edited.

use std::io::Write;

use super::entries::Entry;
use super::tally::{plural, Counts};
use crate::cli::{Failure, Source};
use crate::grid::Grid;
use crate::model::group::{PuzzleLine, Verdict};

/// The puzzle whose grids are being read.
struct Group {
    heading: PuzzleLine,
    /// The heading's line.
    line: usize,
    /// The puzzle from `--puzzle`.
    puzzle: Option<Grid>,
    /// Grids read under the heading.
    seen: usize,
    /// The grids kept for the check that they differ, with their numbers in the file.
    grids: Vec<(usize, Grid)>,
    /// Some grid broke a rule or changed a given.
    invalid: bool,
}

/// The grids of the puzzle being read, and the verdicts of the puzzles before it.
#[derive(Default)]
pub(super) struct Groups {
    current: Option<Group>,
    /// Puzzles whose grids are all read.
    pub(super) closed: usize,
    pub(super) verdicts: Verdicts,
}

/// What a grid is paired with: its puzzle's number and givens.
pub(super) struct Pairing {
    pub(super) puzzle: usize,
    pub(super) givens: Option<Grid>,
}

impl Groups {
    /// Starts the puzzle `heading` (read at `line`), paired with `puzzle`.
    pub(super) fn open(&mut self, heading: PuzzleLine, line: usize, puzzle: Option<Grid>) {
        self.current = Some(Group {
            heading,
            line,
            puzzle,
            seen: 0,
            grids: Vec::new(),
            invalid: false,
        });
    }

    /// Takes `entry` (a grid, or a grid out of range) into the current puzzle.
    pub(super) fn grid(&mut self, entry: &Entry, source: &Source) -> Result<Pairing, Failure> {
        let Some(group) = &mut self.current else {
            return Err(Failure::input(source, "a grid before any `puzzle` heading"));
        };
        let heading = group.heading;
        if let Entry::Marker(marker) = entry {
            return Err(Failure::input(
                source,
                format!(
                    "`{}` under the heading of puzzle {}: a puzzle without a grid says so in \
                     its heading",
                    marker.as_str(),
                    heading.puzzle
                ),
            ));
        }
        if group.seen == heading.grids {
            return Err(Failure::input(
                source,
                format!(
                    "puzzle {} (line {}) announces {} but more follow",
                    heading.puzzle,
                    group.line,
                    plural(heading.grids, "grid")
                ),
            ));
        }
        group.seen += 1;
        Ok(Pairing {
            puzzle: heading.puzzle,
            givens: group.puzzle.clone(),
        })
    }

    /// Marks the current puzzle invalid (a grid that could not be checked).
    pub(super) fn invalid(&mut self) {
        if let Some(group) = &mut self.current {
            group.invalid = true;
        }
    }

    /// Keeps grid `number`, `invalid` or not, for the current puzzle; returns the number
    /// of an earlier grid of that puzzle equal to it.
    pub(super) fn keep(&mut self, grid: Grid, number: usize, invalid: bool) -> Option<usize> {
        let group = self.current.as_mut()?;
        let earlier = group
            .grids
            .iter()
            .find(|(_, other)| *other == grid)
            .map(|&(number, _)| number);
        group.invalid |= invalid || earlier.is_some();
        group.grids.push((number, grid));
        earlier
    }

    /// Ends the current puzzle, if any: its grids must be as many as its heading says.
    /// Writes its verdict to `out` with `--unique` (not a unique one when `quiet`), and
    /// without it counts a puzzle with no grid as `counts` counts a marker.
    pub(super) fn close(
        &mut self,
        counts: &mut Counts,
        input: &Source,
        unique: bool,
        quiet: bool,
        out: &mut dyn Write,
    ) -> Result<(), Failure> {
        let Some(group) = self.current.take() else {
            return Ok(());
        };
        let heading = group.heading;
        if group.seen < heading.grids {
            return Err(Failure::input(
                input,
                format!(
                    "puzzle {} (line {}) announces {} but {} follow",
                    heading.puzzle,
                    group.line,
                    plural(heading.grids, "grid"),
                    group.seen
                ),
            ));
        }
        self.closed += 1;
        let verdict = match group.invalid {
            true => None,
            false => Some(heading.verdict()),
        };
        self.verdicts.count(verdict);
        if unique {
            if !(quiet && verdict == Some(Verdict::Unique)) {
                let word = verdict.map_or("invalid", Verdict::as_str);
                writeln!(out, "puzzle {}: {word}", heading.puzzle)?;
            }
        } else if heading.grids == 0 {
            counts.checked += 1;
            counts.invalid += 1;
            counts.unsolved += 1;
            eprintln!(
                "gridcheck: puzzle {} has no grid: the heading is `{heading}`",
                heading.puzzle
            );
        }
        Ok(())
    }
}

/// How many puzzles got each verdict.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Verdicts {
    pub(super) unique: usize,
    several: usize,
    none: usize,
    unknown: usize,
    /// Puzzles with an invalid grid.
    invalid: usize,
}

impl Verdicts {
    fn count(&mut self, verdict: Option<Verdict>) {
        let count = match verdict {
            Some(Verdict::Unique) => &mut self.unique,
            Some(Verdict::Several) => &mut self.several,
            Some(Verdict::None) => &mut self.none,
            Some(Verdict::Unknown) => &mut self.unknown,
            None => &mut self.invalid,
        };
        *count += 1;
    }

    /// The closing line on stderr: `gridcheck: 5 puzzles: 3 unique, 1 several, 1 none`
    /// (unknown and invalid only when there are some); empty when `quiet` and every
    /// puzzle is unique.
    pub(super) fn summary(&self, quiet: bool) -> String {
        let total = self.unique + self.several + self.none + self.unknown + self.invalid;
        if quiet && self.unique == total {
            return String::new();
        }
        let mut parts = vec![
            format!("{} unique", self.unique),
            format!("{} several", self.several),
            format!("{} none", self.none),
        ];
        for (count, word) in [(self.unknown, "unknown"), (self.invalid, "invalid")] {
            if count > 0 {
                parts.push(format!("{count} {word}"));
            }
        }
        format!(
            "gridcheck: {}: {}\n",
            plural(total, "puzzle"),
            parts.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_every_verdict() {
        let mut verdicts = Verdicts::default();
        for verdict in [
            Some(Verdict::Unique),
            Some(Verdict::Unique),
            Some(Verdict::Several),
        ] {
            verdicts.count(verdict);
        }
        assert_eq!(
            verdicts.summary(false),
            "gridcheck: 3 puzzles: 2 unique, 1 several, 0 none\n"
        );
        verdicts.count(None);
        verdicts.count(Some(Verdict::Unknown));
        assert_eq!(
            verdicts.summary(true),
            "gridcheck: 5 puzzles: 2 unique, 1 several, 0 none, 1 unknown, 1 invalid\n"
        );
        let mut unique = Verdicts::default();
        unique.count(Some(Verdict::Unique));
        assert_eq!(unique.summary(true), "");
        assert_eq!(
            unique.summary(false),
            "gridcheck: 1 puzzle: 1 unique, 0 several, 0 none\n"
        );
    }
}
