//! [`EncodingKind`] and [`EncodeOptions`]: which clauses `encode_with` writes.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

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

/// What to encode besides the puzzle itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The clause set.
    pub kind: EncodingKind,
    /// Add value-precedence clauses over the digits no given uses (see
    /// [`crate::encode`]'s "Symmetry breaking"): satisfiability is kept, solution counts
    /// are not.
    pub break_symmetry: bool,
}
