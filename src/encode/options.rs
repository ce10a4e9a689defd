//! [`EncodingKind`] and [`EncodeOptions`]: which clauses `encode_with` writes.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::presence::{presence_vars, start_vars};
use crate::layout::Layout;

/// One of the Sudoku encodings of the [module table](crate::encode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EncodingKind {
    /// Cell at-least-one; per house and digit, pairwise at-most-one (8,829 clauses, 9x9).
    Minimal,
    /// Minimal plus cell at-most-one (11,745).
    Efficient,
    /// Efficient plus per full house and digit at-least-one (11,988).
    Extended,
    /// Extended after propagating the givens: satisfied clauses dropped, false literals
    /// removed, the fixed variables kept as unit clauses at the end. The default, chosen by
    /// `scripts/encodings.py` (docs/encoding.md).
    #[default]
    Compact,
}

impl EncodingKind {
    /// Every encoding, in the order of the module table.
    pub const ALL: [EncodingKind; 4] = [
        EncodingKind::Minimal,
        EncodingKind::Efficient,
        EncodingKind::Extended,
        EncodingKind::Compact,
    ];

    /// The name used by `--encoding` and in the CNF header.
    pub const fn name(self) -> &'static str {
        match self {
            EncodingKind::Minimal => "minimal",
            EncodingKind::Efficient => "efficient",
            EncodingKind::Extended => "extended",
            EncodingKind::Compact => "compact",
        }
    }

    /// Whether every cell gets its pairwise at-most-one clauses.
    pub(super) fn cell_at_most_one(self) -> bool {
        self != EncodingKind::Minimal
    }

    /// Whether every full house gets its per-digit at-least-one clauses.
    pub(super) fn house_at_least_one(self) -> bool {
        matches!(self, EncodingKind::Extended | EncodingKind::Compact)
    }
}

impl fmt::Display for EncodingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no encoding.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown encoding `{0}` (known: minimal, efficient, extended, compact)")]
pub struct UnknownEncoding(pub String);

impl FromStr for EncodingKind {
    type Err = UnknownEncoding;

    /// ```
    /// use sudosat::encode::EncodingKind;
    /// assert_eq!("compact".parse(), Ok(EncodingKind::Compact));
    /// assert!("natural".parse::<EncodingKind>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<EncodingKind, UnknownEncoding> {
        EncodingKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownEncoding(text.to_string()))
    }
}

/// How the run lines of a layout (Hanidoku) are encoded: `sudoku2cnf --lines NAME`. Every
/// variant is exact on its own (it accepts exactly the runs, with the cell clauses); see
/// the [module table](crate::encode) and the module docs named there for the arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineEncoding {
    /// Distinct digits, mandatory digits, "low or high digit appears" pairs (the `hanidoku`
    /// module); no auxiliary variables. Lines of at most half the digits get `span`.
    Runs,
    /// Distinct digits and "no two digits m or more apart" binaries (the `honeycomb`
    /// module); no auxiliary variables.
    Span,
    /// `runs` and `span` together.
    RunsSpan,
    /// Auxiliary "digit appears on the line" variables, with the span and low/high
    /// constraints as binaries over them (the `presence` module). The default, chosen by
    /// `scripts/hanidoku-encodings.py` (docs/encoding.md).
    #[default]
    Presence,
    /// `presence` plus the ladders `p(d−1) → p(d)` below the mandatory digits and
    /// `p(d+1) → p(d)` above them: on a long line its `p` variables are then the order
    /// encoding of the run's start (the `presence` module).
    Order,
    /// `presence` plus one variable per possible run start, exactly one true: the direct
    /// encoding of the run's start (the `presence` module).
    Starts,
}

impl LineEncoding {
    /// Every line encoding, in the order of the module table.
    pub const ALL: [LineEncoding; 6] = [
        LineEncoding::Runs,
        LineEncoding::Span,
        LineEncoding::RunsSpan,
        LineEncoding::Presence,
        LineEncoding::Order,
        LineEncoding::Starts,
    ];

    /// How many auxiliary variables this encoding adds to `layout`'s cell variables (none
    /// on a layout without run lines): the header's variable count is the cells × digits
    /// plus this.
    ///
    /// ```
    /// use sudosat::{encode::LineEncoding, layout::Layout};
    /// assert_eq!(LineEncoding::Presence.auxiliary_vars(&Layout::hanidoku()), 120);
    /// assert_eq!(LineEncoding::Runs.auxiliary_vars(&Layout::hanidoku()), 0);
    /// ```
    pub fn auxiliary_vars(self, layout: &Layout) -> usize {
        match self {
            LineEncoding::Presence | LineEncoding::Order => layout
                .lines()
                .iter()
                .map(|line| presence_vars(line.cells.len(), layout.size()))
                .sum(),
            LineEncoding::Starts => layout
                .lines()
                .iter()
                .map(|line| {
                    let m = line.cells.len();
                    presence_vars(m, layout.size()) + start_vars(m, layout.size())
                })
                .sum(),
            LineEncoding::Runs | LineEncoding::Span | LineEncoding::RunsSpan => 0,
        }
    }

    /// The name used by `--lines` and in the CNF header.
    pub const fn name(self) -> &'static str {
        match self {
            LineEncoding::Runs => "runs",
            LineEncoding::Span => "span",
            LineEncoding::RunsSpan => "runs-span",
            LineEncoding::Presence => "presence",
            LineEncoding::Order => "order",
            LineEncoding::Starts => "starts",
        }
    }
}

impl fmt::Display for LineEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no line encoding.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown line encoding `{0}` (known: {known})", known = line_names())]
pub struct UnknownLineEncoding(pub String);

fn line_names() -> String {
    let names: Vec<&str> = LineEncoding::ALL.iter().map(|lines| lines.name()).collect();
    names.join(", ")
}

impl FromStr for LineEncoding {
    type Err = UnknownLineEncoding;

    /// ```
    /// use sudosat::encode::LineEncoding;
    /// assert_eq!("span".parse(), Ok(LineEncoding::Span));
    /// assert!("natural".parse::<LineEncoding>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<LineEncoding, UnknownLineEncoding> {
        LineEncoding::ALL
            .into_iter()
            .find(|lines| lines.name() == text)
            .ok_or_else(|| UnknownLineEncoding(text.to_string()))
    }
}

/// What to encode besides the puzzle itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The clause set.
    pub kind: EncodingKind,
    /// The clauses of run lines (ignored on layouts without them).
    pub lines: LineEncoding,
    /// Add value-precedence clauses over the digits no given uses (see
    /// [`crate::encode`]'s "Symmetry breaking"): satisfiability is kept, solution counts
    /// are not.
    pub break_symmetry: bool,
}
