//! The techniques by name: HoDoKu's names and library codes (the codes of HoDoKu's
//! regression library, `reglib-1.3.txt`), and the base value of each on Sudoku
//! Explainer's difficulty scale (SE 1.2.1's rules, and Sukaku Explainer's for the
//! techniques that fork adds below the forcing chains; chains add a length penalty, see
//! `rating`).

use std::fmt;
use std::str::FromStr;

/// A named solving technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)] // each variant is its HoDoKu name, see `name`
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    LockedCandidatesPointing,
    LockedCandidatesClaiming,
    LockedPair,
    LockedTriple,
    NakedPair,
    NakedTriple,
    NakedQuadruple,
    HiddenPair,
    HiddenTriple,
    HiddenQuadruple,
    XWing,
    Swordfish,
    Jellyfish,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    SashimiXWing,
    SashimiSwordfish,
    SashimiJellyfish,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    XYWing,
    XYZWing,
    WWing,
    WXYZWing,
    VWXYZWing,
    UVWXYZWing,
    UniquenessTest1,
    UniquenessTest2,
    UniquenessTest3,
    UniquenessTest4,
    UniqueLoop,
    BugPlusOne,
    XChain,
    XYChain,
    RemotePair,
    ContinuousNiceLoop,
    DiscontinuousNiceLoop,
    Aic,
    RunTrim,
    ForcingChainContradiction,
    CellForcingChain,
    RegionForcingChain,
    Nishio,
    NestedForcingChain,
    NestedForcingChainPlus,
    TemplateSet,
    TemplateDelete,
    Search,
}

impl Technique {
    /// Every technique, in ladder order (simplest first).
    pub const ALL: [Technique; 54] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::RunTrim,
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::WWing,
        Technique::UniquenessTest1,
        Technique::UniquenessTest2,
        Technique::UniquenessTest3,
        Technique::UniquenessTest4,
        Technique::UniqueLoop,
        Technique::NakedQuadruple,
        Technique::Jellyfish,
        Technique::HiddenQuadruple,
        Technique::WXYZWing,
        Technique::VWXYZWing,
        Technique::UVWXYZWing,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::BugPlusOne,
        Technique::RemotePair,
        Technique::XChain,
        Technique::XYChain,
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::Nishio,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::ForcingChainContradiction,
        Technique::TemplateSet,
        Technique::TemplateDelete,
        Technique::NestedForcingChain,
        Technique::NestedForcingChainPlus,
        Technique::Search,
    ];

    /// HoDoKu's name ("Locked Candidates Type 1 (Pointing)"); our own for the
    /// honeycomb's run rule, the forcing chains by kind, Nishio and search.
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::LockedCandidatesPointing => "Locked Candidates Type 1 (Pointing)",
            Technique::LockedCandidatesClaiming => "Locked Candidates Type 2 (Claiming)",
            Technique::LockedPair => "Locked Pair",
            Technique::LockedTriple => "Locked Triple",
            Technique::NakedPair => "Naked Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::NakedQuadruple => "Naked Quadruple",
            Technique::HiddenPair => "Hidden Pair",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::HiddenQuadruple => "Hidden Quadruple",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::SashimiXWing => "Sashimi X-Wing",
            Technique::SashimiSwordfish => "Sashimi Swordfish",
            Technique::SashimiJellyfish => "Sashimi Jellyfish",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::WXYZWing => "WXYZ-Wing",
            Technique::VWXYZWing => "VWXYZ-Wing",
            Technique::UVWXYZWing => "UVWXYZ-Wing",
            Technique::UniquenessTest1 => "Uniqueness Test 1",
            Technique::UniquenessTest2 => "Uniqueness Test 2",
            Technique::UniquenessTest3 => "Uniqueness Test 3",
            Technique::UniquenessTest4 => "Uniqueness Test 4",
            Technique::UniqueLoop => "Unique Loop",
            Technique::BugPlusOne => "Bivalue Universal Grave + 1",
            Technique::XChain => "X-Chain",
            Technique::XYChain => "XY-Chain",
            Technique::RemotePair => "Remote Pair",
            Technique::ContinuousNiceLoop => "Continuous Nice Loop",
            Technique::DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Technique::Aic => "AIC",
            Technique::RunTrim => "Run Trim",
            Technique::ForcingChainContradiction => "Forcing Chain Contradiction",
            Technique::CellForcingChain => "Cell Forcing Chain",
            Technique::RegionForcingChain => "Region Forcing Chain",
            Technique::Nishio => "Nishio",
            Technique::NestedForcingChain => "Nested Forcing Chain",
            Technique::NestedForcingChainPlus => "Nested Forcing Chain (+)",
            Technique::TemplateSet => "Template Set",
            Technique::TemplateDelete => "Template Delete",
            Technique::Search => "Search",
        }
    }

    /// The short name used on the command line (`--technique x-wing`).
    pub const fn slug(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingle => "hidden-single",
            Technique::NakedSingle => "naked-single",
            Technique::LockedCandidatesPointing => "pointing",
            Technique::LockedCandidatesClaiming => "claiming",
            Technique::LockedPair => "locked-pair",
            Technique::LockedTriple => "locked-triple",
            Technique::NakedPair => "naked-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::NakedQuadruple => "naked-quadruple",
            Technique::HiddenPair => "hidden-pair",
            Technique::HiddenTriple => "hidden-triple",
            Technique::HiddenQuadruple => "hidden-quadruple",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::FinnedJellyfish => "finned-jellyfish",
            Technique::SashimiXWing => "sashimi-x-wing",
            Technique::SashimiSwordfish => "sashimi-swordfish",
            Technique::SashimiJellyfish => "sashimi-jellyfish",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string-kite",
            Technique::TurbotFish => "turbot-fish",
            Technique::EmptyRectangle => "empty-rectangle",
            Technique::XYWing => "xy-wing",
            Technique::XYZWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::WXYZWing => "wxyz-wing",
            Technique::VWXYZWing => "vwxyz-wing",
            Technique::UVWXYZWing => "uvwxyz-wing",
            Technique::UniquenessTest1 => "uniqueness-1",
            Technique::UniquenessTest2 => "uniqueness-2",
            Technique::UniquenessTest3 => "uniqueness-3",
            Technique::UniquenessTest4 => "uniqueness-4",
            Technique::UniqueLoop => "unique-loop",
            Technique::BugPlusOne => "bug-plus-1",
            Technique::XChain => "x-chain",
            Technique::XYChain => "xy-chain",
            Technique::RemotePair => "remote-pair",
            Technique::ContinuousNiceLoop => "continuous-nice-loop",
            Technique::DiscontinuousNiceLoop => "discontinuous-nice-loop",
            Technique::Aic => "aic",
            Technique::RunTrim => "run-trim",
            Technique::ForcingChainContradiction => "forcing-chain-contradiction",
            Technique::CellForcingChain => "cell-forcing-chain",
            Technique::RegionForcingChain => "region-forcing-chain",
            Technique::Nishio => "nishio",
            Technique::NestedForcingChain => "nested-forcing-chain",
            Technique::NestedForcingChainPlus => "nested-forcing-chain-plus",
            Technique::TemplateSet => "template-set",
            Technique::TemplateDelete => "template-delete",
            Technique::Search => "search",
        }
    }

    /// HoDoKu's library code (`0300` for X-Wing), when HoDoKu has the technique.
    pub const fn code(self) -> Option<&'static str> {
        Some(match self {
            Technique::FullHouse => "0000",
            Technique::HiddenSingle => "0002",
            Technique::NakedSingle => "0003",
            Technique::LockedCandidatesPointing => "0100",
            Technique::LockedCandidatesClaiming => "0101",
            Technique::LockedPair => "0110",
            Technique::LockedTriple => "0111",
            Technique::NakedPair => "0200",
            Technique::NakedTriple => "0201",
            Technique::NakedQuadruple => "0202",
            Technique::HiddenPair => "0210",
            Technique::HiddenTriple => "0211",
            Technique::HiddenQuadruple => "0212",
            Technique::XWing => "0300",
            Technique::Swordfish => "0301",
            Technique::Jellyfish => "0302",
            Technique::FinnedXWing => "0310",
            Technique::FinnedSwordfish => "0311",
            Technique::FinnedJellyfish => "0312",
            Technique::SashimiXWing => "0320",
            Technique::SashimiSwordfish => "0321",
            Technique::SashimiJellyfish => "0322",
            Technique::Skyscraper => "0400",
            Technique::TwoStringKite => "0401",
            Technique::EmptyRectangle => "0402",
            Technique::TurbotFish => "0403",
            Technique::UniquenessTest1 => "0600",
            Technique::UniquenessTest2 => "0601",
            Technique::UniquenessTest3 => "0602",
            Technique::UniquenessTest4 => "0603",
            Technique::BugPlusOne => "0610",
            Technique::XChain => "0701",
            Technique::XYChain => "0702",
            Technique::RemotePair => "0703",
            Technique::ContinuousNiceLoop => "0706",
            Technique::DiscontinuousNiceLoop => "0707",
            Technique::Aic => "0708",
            Technique::XYWing => "0800",
            Technique::XYZWing => "0801",
            Technique::WWing => "0803",
            Technique::ForcingChainContradiction => "1301",
            Technique::CellForcingChain | Technique::RegionForcingChain => "1302",
            Technique::TemplateSet => "1201",
            Technique::TemplateDelete => "1202",
            Technique::RunTrim
            | Technique::WXYZWing
            | Technique::VWXYZWing
            | Technique::UVWXYZWing
            | Technique::UniqueLoop
            | Technique::Nishio
            | Technique::NestedForcingChain
            | Technique::NestedForcingChainPlus
            | Technique::Search => return None,
        })
    }

    /// The technique of a HoDoKu library code, if we have it.
    pub fn from_code(code: &str) -> Option<Technique> {
        Technique::ALL
            .into_iter()
            .find(|t| t.code() == Some(code) && *t != Technique::RegionForcingChain)
    }

    /// The base value on Sudoku Explainer's scale (the value of the plain variant; see
    /// `rating::difficulty` for what raises it: a single in a row rather than a box, a
    /// longer chain).
    pub const fn base_difficulty(self) -> f64 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.2,
            Technique::NakedSingle => 2.3,
            Technique::RunTrim => 2.5,
            Technique::LockedCandidatesPointing => 2.6,
            Technique::LockedCandidatesClaiming => 2.8,
            Technique::LockedPair | Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::LockedTriple | Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            // Sukaku Explainer's turbot fish (see `xchains::strong_link_value`).
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::TurbotFish | Technique::EmptyRectangle => 4.2,
            Technique::XYWing => 4.2,
            Technique::XYZWing => 4.4,
            Technique::UniquenessTest1 => 4.5,
            Technique::UniquenessTest2 | Technique::UniquenessTest4 => 4.6,
            Technique::UniquenessTest3 => 4.6,
            // SE's loops of 6 cells; longer loops and naked subsets add (see
            // `uniqueness::deadly_pattern`).
            Technique::UniqueLoop => 4.6,
            Technique::NakedQuadruple => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuadruple => 5.4,
            Technique::BugPlusOne => 5.6,
            // Sukaku Explainer's big wings (the lowest of each; see `wings::big_wing_value`).
            Technique::WXYZWing => 5.5,
            Technique::VWXYZWing => 6.2,
            Technique::UVWXYZWing => 6.6,
            // SE has no finned fish or W-Wing: it finds them as forcing X-chains (6.6)
            // or forcing chains (7.0) of their length. (X-Chain: 6.6 only beyond 8
            // strong links, see `xchains::strong_link_value`.)
            Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::FinnedSwordfish
            | Technique::SashimiSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiJellyfish
            | Technique::XChain => 6.6,
            Technique::RemotePair
            | Technique::XYChain
            | Technique::WWing
            | Technique::Aic
            | Technique::DiscontinuousNiceLoop => 7.0,
            Technique::ContinuousNiceLoop => 6.5,
            Technique::Nishio => 7.5,
            Technique::CellForcingChain | Technique::RegionForcingChain => 8.0,
            Technique::ForcingChainContradiction => 8.5,
            // SE's nested levels: chains inside the chain (see `nested`).
            Technique::NestedForcingChain => 9.5,
            Technique::NestedForcingChainPlus => 10.0,
            // SE has no templates; the tutor tries them after every chain, so they rank
            // above the nested chains.
            Technique::TemplateSet | Technique::TemplateDelete => 10.5,
            Technique::Search => 12.0,
        }
    }

    /// True for the uniqueness techniques, sound only on puzzles proven to have one
    /// solution.
    pub const fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniquenessTest1
                | Technique::UniquenessTest2
                | Technique::UniquenessTest3
                | Technique::UniquenessTest4
                | Technique::UniqueLoop
                | Technique::BugPlusOne
        )
    }
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
