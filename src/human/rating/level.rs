//! The levels of Sudoku Explainer's scale in words: the one difficulty vocabulary of
//! every tool here (`sudokugen rate`, `sudoplay --difficulty`, the game's title and its
//! statistics). "Rating" means this scale everywhere; the SAT solver's view of a
//! puzzle is its SAT level (`gen::sat_level`).

use std::fmt;
use std::str::FromStr;

/// A level: a range of ER values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeLevel {
    /// ER up to 1.5: hidden singles.
    Easy,
    /// 1.6 to 2.5: naked singles, direct pointing and hidden pairs.
    Medium,
    /// 2.6 to 3.9: locked candidates, pairs, X-Wing, triples.
    Hard,
    /// 4.0 to 5.9: wings, unique rectangles, quads, short chains, BUG.
    Expert,
    /// 6.0 to 7.4: chains and cycles.
    Diabolical,
    /// 7.5 to 8.9: Nishio, multiple and dynamic forcing chains.
    Extreme,
    /// 9.0 and above: dynamic chains (+) and nested chains.
    Beyond,
}

impl SeLevel {
    /// Every level, easiest first.
    pub const ALL: [SeLevel; 7] = [
        SeLevel::Easy,
        SeLevel::Medium,
        SeLevel::Hard,
        SeLevel::Expert,
        SeLevel::Diabolical,
        SeLevel::Extreme,
        SeLevel::Beyond,
    ];

    /// Its word: `easy` ... `beyond`.
    pub const fn name(self) -> &'static str {
        match self {
            SeLevel::Easy => "easy",
            SeLevel::Medium => "medium",
            SeLevel::Hard => "hard",
            SeLevel::Expert => "expert",
            SeLevel::Diabolical => "diabolical",
            SeLevel::Extreme => "extreme",
            SeLevel::Beyond => "beyond",
        }
    }

    /// The ER values of the level, both ends included (ER has one decimal).
    pub const fn range(self) -> (f64, f64) {
        match self {
            SeLevel::Easy => (0.0, 1.5),
            SeLevel::Medium => (1.6, 2.5),
            SeLevel::Hard => (2.6, 3.9),
            SeLevel::Expert => (4.0, 5.9),
            SeLevel::Diabolical => (6.0, 7.4),
            SeLevel::Extreme => (7.5, 8.9),
            SeLevel::Beyond => (9.0, 20.0),
        }
    }

    /// The level of an ER value.
    ///
    /// ```
    /// use sudosat::human::rating::SeLevel;
    /// assert_eq!(SeLevel::of(1.2), SeLevel::Easy);
    /// assert_eq!(SeLevel::of(7.2), SeLevel::Diabolical);
    /// ```
    pub fn of(er: f64) -> SeLevel {
        SeLevel::ALL
            .into_iter()
            .find(|level| er < level.range().1 + 0.05)
            .unwrap_or(SeLevel::Beyond)
    }
}

impl fmt::Display for SeLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for SeLevel {
    type Err = String;

    /// A level's word, any case.
    fn from_str(text: &str) -> Result<SeLevel, String> {
        let wanted = text.trim().to_ascii_lowercase();
        SeLevel::ALL
            .into_iter()
            .find(|level| level.name() == wanted)
            .ok_or_else(|| {
                let names: Vec<&str> = SeLevel::ALL.iter().map(|l| l.name()).collect();
                format!(
                    "unknown level `{text}` (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges tile the scale: each ER value of one decimal has one level, the one
    /// whose range holds it, and the words parse back.
    #[test]
    fn the_levels_tile_the_scale_and_parse_back() {
        for tenths in 10..=200 {
            let er = tenths as f64 / 10.0;
            let level = SeLevel::of(er);
            let (low, high) = level.range();
            assert!(low - 1e-9 <= er && er <= high + 1e-9, "{er} in {level}");
        }
        for level in SeLevel::ALL {
            assert_eq!(level.name().parse::<SeLevel>(), Ok(level));
        }
        assert!("propagation".parse::<SeLevel>().is_err());
    }
}
