//! The techniques by name. What each one is (HoDoKu's name and library code, its value
//! on Sudoku Explainer's scale, its finder, its places in the tutor's and the rater's
//! order) is its row of the technique table (`table`); this file holds the names alone,
//! so that the finders can name their techniques without importing the table that
//! imports them.

use std::fmt;
use std::str::FromStr;

/// A named solving technique. The variants stand in the tutor's order, the order of
/// the technique table (`table::TABLE`), which holds each one's name, slug, code, value
/// and finder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)] // each variant is its HoDoKu name, see `name`
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    RunTrim,
    LockedCandidatesPointing,
    LockedCandidatesClaiming,
    LockedPair,
    LockedTriple,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    GroupedTurbotFish,
    XYWing,
    XYZWing,
    WWing,
    UniquenessTest1,
    UniquenessTest2,
    UniquenessTest3,
    UniquenessTest4,
    UniqueLoop,
    NakedQuadruple,
    Jellyfish,
    HiddenQuadruple,
    WXYZWing,
    VWXYZWing,
    UVWXYZWing,
    AlignedPairExclusion,
    FinnedXWing,
    SashimiXWing,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    BugPlusOne,
    BugType2,
    BugType3,
    BugType4,
    RemotePair,
    XChain,
    ThreeStrongLinks,
    XYChain,
    ContinuousNiceLoop,
    DiscontinuousNiceLoop,
    Aic,
    BidirectionalCycle,
    ForcingChain,
    Nishio,
    CellForcingChain,
    RegionForcingChain,
    ForcingChainContradiction,
    TemplateSet,
    TemplateDelete,
    NestedForcingChain,
    NestedForcingChainPlus,
    Search,
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Technique {
    type Err = String;

    /// A slug (`x-wing`), a name (`X-Wing`, any case) or a HoDoKu code (`0300`).
    fn from_str(text: &str) -> Result<Technique, String> {
        let wanted = text.trim().to_ascii_lowercase();
        Technique::ALL
            .into_iter()
            .find(|t| {
                t.slug() == wanted
                    || t.name().to_ascii_lowercase() == wanted
                    || t.code() == Some(wanted.as_str())
            })
            .ok_or_else(|| {
                let slugs: Vec<&str> = Technique::ALL.iter().map(|t| t.slug()).collect();
                format!(
                    "unknown technique `{text}` (expected one of: {})",
                    slugs.join(", ")
                )
            })
    }
}
