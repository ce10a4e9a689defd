//! The technique table: one row per technique with everything the ladder, the rater,
//! the command line and the docs know of it, as HoDoKu's step configuration and
//! CaDiCaL's options table hold theirs. [`Technique::ALL`] (the tutor's order), the
//! rater's order (`rating`), the docs' list (`docs/techniques.md`, compared by a test)
//! and `--technique` all read it. Adding a technique touches its finder's file, one row
//! here, its name in the `Technique` enum (`technique.rs`, in the same place) and the
//! regenerated line of `docs/techniques.md` (the test prints it).
//!
//! The columns: the technique; HoDoKu's name (ours where HoDoKu lacks it); the slug of
//! the command line; HoDoKu's library code; the base value on Sudoku Explainer's scale
//! (what raises it is in `rating`); whether it is sound only on a puzzle with one
//! solution; the finder; and the rungs of the rater's order where it is tried, each with
//! which of its steps count there; and whether the tutor hints it or only the rater takes
//! it. The rows stand in the tutor's order.
//!
//! **Where the tutor's order differs from SE's, and why.** The tutor hints what a player
//! is taught first; the rater follows Sukaku Explainer's producers (its `Solver`), whose
//! order was set by the values its authors gave:
//! - Naked Single comes right after the Hidden Single for the tutor (the second thing
//!   everyone learns); SE tries it after direct pointing and direct hidden pairs, which it
//!   values lower (1.7-2.0 against 2.3).
//! - Locked Pair and Triple come before the naked subsets: they are a naked subset that
//!   also sits in a box-line intersection, so the fuller step is hinted first; SE has no
//!   such technique and finds them as naked subsets.
//! - The tutor has no "direct" rungs: a direct pointing is a pointing, and the hint says
//!   what it leaves.
//! - W-Wing, Empty Rectangle, the finned and sashimi fish, Remote Pair, XY-Chain, AIC and
//!   the nice loops are HoDoKu's names for patterns SE finds as its chains and cycles; the
//!   tutor shows them by their own names at HoDoKu's places (W-Wing among the wings, the
//!   finned fish after the big wings); the rater takes them in the rung of SE's chains
//!   (28), each valued as SE's chain of its length.
//! - The uniqueness tests and Unique Loops come before the quads in both, but BUG+1 comes
//!   after the finned fish for the tutor (a player checks every cell is bivalue last; the
//!   chains of that class are as easy to follow), before the VWXYZ-Wing for SE (5.6).
//! - The templates come after every chain and before the nested chains: SE has no
//!   templates; they always move a board the single-digit chains cannot, and a player
//!   follows "every way to place 7" more easily than a chain inside a chain.
//! - The finned and sashimi Swordfish and Jellyfish are off the rating path too: SE's
//!   forcing X-chains stand for a finned X-Wing, not for them (measured on the bank).
//! - The UVWXYZ-Wing is off the rating path: the build of Sukaku Explainer that rated the
//!   sample and the bank has no such producer (read in its `Solver`).

use super::aligned;
use super::bug;
use super::fish;
use super::fish::Fins;
use super::forcing;
use super::intersections;
use super::lines;
use super::loops;
use super::nested;
use super::patterns;
use super::se_chains;
use super::singles;
use super::step::Chainer;
use super::strong_links;
use super::subsets::{self, Lock};
use super::technique::Technique;
use super::templates;
use super::unique_loops;
use super::uniqueness;
use super::view::{Found, View};
use super::wings::{self, WingPivot};
use super::xchains;
use super::xchains::ChainCells;

/// A technique's search: pushes the steps it finds on the view into the collector.
pub type Finder = fn(&View, &mut Found);

/// What a technique's steps assume of the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Premise {
    /// Sound on any board.
    AnySolution,
    /// Sound only on a puzzle proven to have one solution (the uniqueness techniques).
    UniqueSolution,
}

/// How a technique searches.
#[derive(Clone, Copy)]
pub enum Search {
    /// By its finder.
    Finder(Finder),
    /// By the solution: the cell with fewest candidates gets its digit (`search`).
    Solution,
}

/// Who uses a technique: the tutor and the rater, or the rater alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// The tutor hints it (and the rater takes it at its rungs, if it has any).
    Hinted,
    /// Only the rater takes it: Sukaku Explainer's own reading of a pattern the tutor
    /// already hints under HoDoKu's names, so a player is shown each pattern once, or a
    /// technique of SE's path the tutor does not teach (Aligned Pair Exclusion).
    RaterOnly,
}

/// Which steps of a technique count at one rung of the rater's order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Take {
    /// Every step.
    All,
    /// Only steps whose removals leave a hidden single (SE's "direct" techniques), at the
    /// value given.
    Direct(f64),
    /// Only steps rated below this value: Sukaku Explainer tries its single-digit chains
    /// by their number of strong links, each size at its own place among the other
    /// techniques (see `xchains::strong_link_value`).
    Below(f64),
    /// Only forcing chains of this SE engine (`Step::chainer`).
    Chainer(Chainer),
}

/// One place of a technique in the rater's order: rungs are tried in increasing order,
/// and within a rung the easiest step of its techniques wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rung {
    /// The rung (the rater's order, 1 first).
    pub at: u8,
    /// Which steps count there.
    pub take: Take,
}

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Row {
    /// The technique (its place in [`TABLE`] is its place in the tutor's order).
    pub technique: Technique,
    /// HoDoKu's name ("Locked Candidates Type 1 (Pointing)"); ours for the honeycomb's
    /// run rule, the forcing chains by kind, the nested chains, Nishio and search.
    pub name: &'static str,
    /// The short name used on the command line (`--technique x-wing`).
    pub slug: &'static str,
    /// HoDoKu's library code (`0300` for X-Wing), when HoDoKu has the technique.
    pub code: Option<&'static str>,
    /// The base value on Sudoku Explainer's scale (the plain variant; `rating` says what
    /// raises it: a longer chain, a wider cell).
    pub value: f64,
    /// What its steps assume.
    pub premise: Premise,
    /// How it searches.
    pub search: Search,
    /// Its rungs in the rater's order; none when the rater does not take it.
    pub rungs: &'static [Rung],
    /// Whether the tutor hints it.
    pub used: Use,
}

impl Row {
    /// The row, for the rater alone (see [`Use::RaterOnly`]).
    const fn rater_only(self) -> Row {
        Row {
            used: Use::RaterOnly,
            ..self
        }
    }
}

/// A rung taking every step.
const fn all(at: u8) -> Rung {
    Rung {
        at,
        take: Take::All,
    }
}

/// A rung taking only steps below `limit`.
const fn below(at: u8, limit: f64) -> Rung {
    Rung {
        at,
        take: Take::Below(limit),
    }
}

/// A rung taking only direct steps, valued `value`.
const fn direct(at: u8, value: f64) -> Rung {
    Rung {
        at,
        take: Take::Direct(value),
    }
}

/// A rung taking only the forcing chains of `chainer`.
const fn engine(at: u8, chainer: Chainer) -> Rung {
    Rung {
        at,
        take: Take::Chainer(chainer),
    }
}

use Premise::{AnySolution as ANY, UniqueSolution as UNIQUE};

/// A row (keeps the table one line a column).
#[allow(clippy::too_many_arguments)]
const fn row(
    technique: Technique,
    name: &'static str,
    slug: &'static str,
    code: Option<&'static str>,
    value: f64,
    premise: Premise,
    finder: Finder,
    rungs: &'static [Rung],
) -> Row {
    Row {
        technique,
        name,
        slug,
        code,
        value,
        premise,
        search: Search::Finder(finder),
        rungs,
        used: Use::Hinted,
    }
}

use Technique as T;

/// Every technique, in the tutor's order (simplest first).
///
/// Rungs of the rater (Sukaku Explainer's producers, `Solver` of its 1.7 builds): 1
/// singles, 2 direct pointing/claiming, 3 direct hidden pair, 4 naked single, 5 direct
/// hidden triple, 6 run trim (honeycomb, as a pointing), 7 pointing/claiming, 8 naked
/// pair, 9 X-Wing, 10 hidden pair, 11 naked triple, 12 swordfish, 13 hidden triple, 14
/// turbot fish (2 strong links), 15 XY-Wing, 16 XYZ-Wing, 17 unique rectangles and loops,
/// 18 naked quad, 19 jellyfish, 20 hidden quad, 21 three strong links, 22 WXYZ-Wing, 23
/// BUG, 24 VWXYZ-Wing, 25 Aligned Pair Exclusion, 28 chains and cycles (26-27 held chains
/// of 4-6 strong links: the build of Sukaku Explainer that rated the bank has no such
/// rule), 29 Nishio,
/// 30 static multiple chains, 31 dynamic chains, 32 dynamic chains (+), 33-34 nested
/// chains, 35 search.
#[rustfmt::skip]
pub const TABLE: [Row; 62] = [
    row(T::FullHouse, "Full House", "full-house", Some("0000"), 1.0, ANY, singles::full_house, &[all(1)]),
    row(T::HiddenSingle, "Hidden Single", "hidden-single", Some("0002"), 1.2, ANY, singles::hidden_single, &[all(1)]),
    row(T::NakedSingle, "Naked Single", "naked-single", Some("0003"), 2.3, ANY, singles::naked_single, &[all(4)]),
    row(T::RunTrim, "Run Trim", "run-trim", None, 2.5, ANY, lines::run_trim, &[all(6)]),
    row(T::LockedCandidatesPointing, "Locked Candidates Type 1 (Pointing)", "pointing", Some("0100"), 2.6, ANY, intersections::locked_candidates, &[direct(2, 1.7), all(7)]),
    row(T::LockedCandidatesClaiming, "Locked Candidates Type 2 (Claiming)", "claiming", Some("0101"), 2.8, ANY, intersections::locked_candidates, &[direct(2, 1.9), all(7)]),
    row(T::LockedPair, "Locked Pair", "locked-pair", Some("0110"), 3.0, ANY, |v, o| subsets::naked(v, o, 2, Lock::Intersection), &[all(8)]),
    row(T::LockedTriple, "Locked Triple", "locked-triple", Some("0111"), 3.6, ANY, |v, o| subsets::naked(v, o, 3, Lock::Intersection), &[all(11)]),
    row(T::NakedPair, "Naked Pair", "naked-pair", Some("0200"), 3.0, ANY, |v, o| subsets::naked(v, o, 2, Lock::House), &[all(8)]),
    row(T::XWing, "X-Wing", "x-wing", Some("0300"), 3.2, ANY, |v, o| fish::fish(v, o, 2, Fins::None), &[all(9)]),
    row(T::HiddenPair, "Hidden Pair", "hidden-pair", Some("0210"), 3.4, ANY, |v, o| subsets::hidden(v, o, 2), &[direct(3, 2.0), all(10)]),
    row(T::NakedTriple, "Naked Triple", "naked-triple", Some("0201"), 3.6, ANY, |v, o| subsets::naked(v, o, 3, Lock::House), &[all(11)]),
    row(T::Swordfish, "Swordfish", "swordfish", Some("0301"), 3.8, ANY, |v, o| fish::fish(v, o, 3, Fins::None), &[all(12)]),
    row(T::HiddenTriple, "Hidden Triple", "hidden-triple", Some("0211"), 4.0, ANY, |v, o| subsets::hidden(v, o, 3), &[direct(5, 2.5), all(13)]),
    // Sukaku Explainer's turbot fish (see `xchains::strong_link_value`).
    row(T::Skyscraper, "Skyscraper", "skyscraper", Some("0400"), 4.0, ANY, |v, o| patterns::two_links(v, o, T::Skyscraper), &[below(14, 4.5)]),
    row(T::TwoStringKite, "2-String Kite", "2-string-kite", Some("0401"), 4.1, ANY, |v, o| patterns::two_links(v, o, T::TwoStringKite), &[below(14, 4.5)]),
    row(T::TurbotFish, "Turbot Fish", "turbot-fish", Some("0403"), 4.2, ANY, |v, o| patterns::two_links(v, o, T::TurbotFish), &[below(14, 4.5)]),
    row(T::EmptyRectangle, "Empty Rectangle", "empty-rectangle", Some("0402"), 4.2, ANY, |v, o| patterns::empty_rectangle(v, o, v.options.two_cell_empty_rectangles), &[below(14, 4.5)]),
    // Sukaku Explainer's turbot fish with a grouped link (a line with its places in two
    // boxes, a box with them on two of its lines), 4.3 (`strong_links`).
    row(T::GroupedTurbotFish, "Grouped Turbot Fish", "grouped-turbot-fish", None, 4.3, ANY, strong_links::grouped_two_links, &[below(14, 4.5)]).rater_only(),
    row(T::XYWing, "XY-Wing", "xy-wing", Some("0800"), 4.2, ANY, |v, o| wings::xy_wing(v, o, WingPivot::TwoDigits), &[all(15)]),
    row(T::XYZWing, "XYZ-Wing", "xyz-wing", Some("0801"), 4.4, ANY, |v, o| wings::xy_wing(v, o, WingPivot::ThreeDigits), &[all(16)]),
    // SE has no W-Wing: it finds one as a forcing chain of 8 candidates (7.1).
    row(T::WWing, "W-Wing", "w-wing", Some("0803"), 7.0, ANY, wings::w_wing, &[all(28)]),
    row(T::UniquenessTest1, "Uniqueness Test 1", "uniqueness-1", Some("0600"), 4.5, UNIQUE, |v, o| uniqueness::unique_rectangle(v, o, T::UniquenessTest1), &[all(17)]),
    row(T::UniquenessTest2, "Uniqueness Test 2", "uniqueness-2", Some("0601"), 4.6, UNIQUE, |v, o| uniqueness::unique_rectangle(v, o, T::UniquenessTest2), &[all(17)]),
    row(T::UniquenessTest3, "Uniqueness Test 3", "uniqueness-3", Some("0602"), 4.6, UNIQUE, |v, o| uniqueness::unique_rectangle(v, o, T::UniquenessTest3), &[all(17)]),
    row(T::UniquenessTest4, "Uniqueness Test 4", "uniqueness-4", Some("0603"), 4.6, UNIQUE, |v, o| uniqueness::unique_rectangle(v, o, T::UniquenessTest4), &[all(17)]),
    // SE's loops of 6 cells; longer loops and naked subsets add (`uniqueness`).
    row(T::UniqueLoop, "Unique Loop", "unique-loop", None, 4.6, UNIQUE, unique_loops::unique_loop, &[all(17)]),
    row(T::NakedQuadruple, "Naked Quadruple", "naked-quadruple", Some("0202"), 5.0, ANY, |v, o| subsets::naked(v, o, 4, Lock::House), &[all(18)]),
    row(T::Jellyfish, "Jellyfish", "jellyfish", Some("0302"), 5.2, ANY, |v, o| fish::fish(v, o, 4, Fins::None), &[all(19)]),
    row(T::HiddenQuadruple, "Hidden Quadruple", "hidden-quadruple", Some("0212"), 5.4, ANY, |v, o| subsets::hidden(v, o, 4), &[all(20)]),
    // Sukaku Explainer's big wings (the lowest value of each; `wings::big_wing_value`).
    row(T::WXYZWing, "WXYZ-Wing", "wxyz-wing", None, 5.5, ANY, |v, o| wings::big_wing(v, o, 3), &[all(22)]),
    row(T::VWXYZWing, "VWXYZ-Wing", "vwxyz-wing", None, 6.2, ANY, |v, o| wings::big_wing(v, o, 4), &[all(24)]),
    row(T::UVWXYZWing, "UVWXYZ-Wing", "uvwxyz-wing", None, 6.6, ANY, |v, o| wings::big_wing(v, o, 5), &[]),
    // Sukaku Explainer's Aligned Pair Exclusion, after its VWXYZ-Wing (`aligned`).
    row(T::AlignedPairExclusion, "Aligned Pair Exclusion", "aligned-pair-exclusion", None, 6.2, ANY, aligned::aligned_pair_exclusion, &[all(25)]).rater_only(),
    // SE has no finned fish: it finds a finned X-Wing's removals as a forcing X-chain
    // (6.6) of its length. A finned Swordfish or Jellyfish stood in for chains SE does
    // not take there (the bank rates those puzzles 7.1-7.2 or by a 5.7 step), so they
    // are off the rating path (docs/experiments.md, "Finned Swordfish and Jellyfish off
    // the rating path").
    row(T::FinnedXWing, "Finned X-Wing", "finned-x-wing", Some("0310"), 6.6, ANY, |v, o| fish::fish(v, o, 2, Fins::Allowed), &[all(28)]),
    row(T::SashimiXWing, "Sashimi X-Wing", "sashimi-x-wing", Some("0320"), 6.6, ANY, |v, o| fish::fish(v, o, 2, Fins::Allowed), &[all(28)]),
    row(T::FinnedSwordfish, "Finned Swordfish", "finned-swordfish", Some("0311"), 6.6, ANY, |v, o| fish::fish(v, o, 3, Fins::Allowed), &[]),
    row(T::SashimiSwordfish, "Sashimi Swordfish", "sashimi-swordfish", Some("0321"), 6.6, ANY, |v, o| fish::fish(v, o, 3, Fins::Allowed), &[]),
    row(T::FinnedJellyfish, "Finned Jellyfish", "finned-jellyfish", Some("0312"), 6.6, ANY, |v, o| fish::fish(v, o, 4, Fins::Allowed), &[]),
    row(T::SashimiJellyfish, "Sashimi Jellyfish", "sashimi-jellyfish", Some("0322"), 6.6, ANY, |v, o| fish::fish(v, o, 4, Fins::Allowed), &[]),
    row(T::BugPlusOne, "Bivalue Universal Grave + 1", "bug-plus-1", Some("0610"), 5.6, UNIQUE, bug::bug, &[all(23)]),
    // SE's other BUG types (its `BivalueUniversalGrave` producer, `bug`).
    row(T::BugType2, "BUG Type 2", "bug-type-2", None, 5.7, UNIQUE, bug::bug, &[all(23)]),
    row(T::BugType3, "BUG Type 3", "bug-type-3", None, 5.8, UNIQUE, bug::bug, &[all(23)]),
    row(T::BugType4, "BUG Type 4", "bug-type-4", None, 5.7, UNIQUE, bug::bug, &[all(23)]),
    row(T::RemotePair, "Remote Pair", "remote-pair", Some("0703"), 7.0, ANY, |v, o| xchains::xy_chain(v, o, ChainCells::RemotePair), &[all(28)]),
    // Two strong links at SE's turbot fish (`xchains::strong_link_value`); three are
    // `ThreeStrongLinks`; longer ones are SE's forcing X-chains (6.6 and up): the build
    // of Sukaku Explainer that rated the bank has no rule for 4 to 6 strong links (no
    // puzzle of the bank or the sample is rated 5.8 to 6.1).
    row(T::XChain, "X-Chain", "x-chain", Some("0701"), 6.6, ANY, xchains::x_chain, &[below(14, 4.5)]),
    // Sukaku Explainer's chains of three strong links, its Empty Rectangles among them
    // (`strong_links`); HoDoKu's X-Chain finds the plain ones for the tutor.
    row(T::ThreeStrongLinks, "Three Strong Links", "three-strong-links", None, 5.4, ANY, strong_links::three_strong_links, &[all(21)]).rater_only(),
    row(T::XYChain, "XY-Chain", "xy-chain", Some("0702"), 7.0, ANY, |v, o| xchains::xy_chain(v, o, ChainCells::Bivalue), &[all(28)]),
    row(T::ContinuousNiceLoop, "Continuous Nice Loop", "continuous-nice-loop", Some("0706"), 6.5, ANY, |v, o| loops::nice_loops(v, o, T::ContinuousNiceLoop), &[all(28)]),
    row(T::DiscontinuousNiceLoop, "Discontinuous Nice Loop", "discontinuous-nice-loop", Some("0707"), 7.0, ANY, |v, o| loops::nice_loops(v, o, T::DiscontinuousNiceLoop), &[all(28)]),
    row(T::Aic, "AIC", "aic", Some("0708"), 7.0, ANY, |v, o| loops::nice_loops(v, o, T::Aic), &[all(28)]),
    // Sudoku Explainer's own chains (its "Forcing Chains & Cycles" producer), the rater's
    // rung for every single chain: HoDoKu's chains above find the same eliminations, but
    // not always SE's shortest reading, so the rater takes these; the tutor does not
    // hint them (it hints the same patterns by HoDoKu's names above).
    row(T::BidirectionalCycle, "Bidirectional Cycle", "bidirectional-cycle", None, 6.5, ANY, se_chains::forcing_chains_and_cycles, &[all(28)]).rater_only(),
    row(T::ForcingChain, "Forcing Chain", "forcing-chain", None, 6.6, ANY, se_chains::forcing_chains_and_cycles, &[all(28)]).rater_only(),
    row(T::Nishio, "Nishio", "nishio", None, 7.5, ANY, forcing::nishio, &[all(29)]),
    row(T::CellForcingChain, "Cell Forcing Chain", "cell-forcing-chain", Some("1302"), 8.0, ANY, |v, o| forcing::verity(v, o, forcing::Start::Cell), &[engine(30, Chainer::Static), engine(31, Chainer::Dynamic)]),
    row(T::RegionForcingChain, "Region Forcing Chain", "region-forcing-chain", Some("1302"), 8.0, ANY, |v, o| forcing::verity(v, o, forcing::Start::Region), &[engine(30, Chainer::Static), engine(31, Chainer::Dynamic)]),
    // SE's dynamic chainer weighs its contradictions against its cell and region chains
    // in one pool (rung 31): a short contradiction wins over a longer cell chain (lines
    // 10 and 68 of the sample, 8.9 and 9.1, were 9.0 and 9.2 with the cell chains first).
    row(T::ForcingChainContradiction, "Forcing Chain Contradiction", "forcing-chain-contradiction", Some("1301"), 8.5, ANY, forcing::contradiction, &[engine(31, Chainer::Dynamic), all(32)]),
    // SE has no templates (see the module docs for their place).
    row(T::TemplateSet, "Template Set", "template-set", Some("1201"), 10.5, ANY, templates::templates, &[]),
    row(T::TemplateDelete, "Template Delete", "template-delete", Some("1202"), 10.5, ANY, templates::templates, &[]),
    // SE's nested levels: chains inside the chain (`nested`).
    row(T::NestedForcingChain, "Nested Forcing Chain", "nested-forcing-chain", None, 9.5, ANY, |v, o| nested::nested(v, o, 1), &[all(33)]),
    row(T::NestedForcingChainPlus, "Nested Forcing Chain (+)", "nested-forcing-chain-plus", None, 10.0, ANY, |v, o| nested::nested(v, o, 2), &[all(34)]),
    Row {
        technique: T::Search,
        name: "Search",
        slug: "search",
        code: None,
        value: 12.0,
        premise: ANY,
        search: Search::Solution,
        rungs: &[all(35)],
        used: Use::Hinted,
    },
];

// The enum lists the techniques in the table's order, so a technique's row is
// `TABLE[t as usize]`.
const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(
            TABLE[i].technique as usize == i,
            "Technique and TABLE disagree"
        );
        i += 1;
    }
};

impl Technique {
    /// Every technique, in the tutor's order (simplest first).
    pub const ALL: [Technique; TABLE.len()] = {
        let mut all = [Technique::Search; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].technique;
            i += 1;
        }
        all
    };

    /// Its row of the table.
    pub const fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// HoDoKu's name ("Locked Candidates Type 1 (Pointing)"); our own for the
    /// honeycomb's run rule, the forcing chains by kind, Nishio and search.
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The short name used on the command line (`--technique x-wing`).
    pub const fn slug(self) -> &'static str {
        self.row().slug
    }

    /// HoDoKu's library code (`0300` for X-Wing), when HoDoKu has the technique.
    pub const fn code(self) -> Option<&'static str> {
        self.row().code
    }

    /// The technique of a HoDoKu library code, if we have it (`1302` is the cell
    /// forcing chain, the first of the two rows that share it).
    pub fn from_code(code: &str) -> Option<Technique> {
        TABLE
            .iter()
            .find(|r| r.code == Some(code))
            .map(|r| r.technique)
    }

    /// The base value on Sudoku Explainer's scale (the value of the plain variant; see
    /// `rating` for what raises it: a single in a row rather than a box, a longer
    /// chain).
    pub const fn base_difficulty(self) -> f64 {
        self.row().value
    }

    /// True for the uniqueness techniques, sound only on puzzles proven to have one
    /// solution.
    pub const fn needs_uniqueness(self) -> bool {
        matches!(self.row().premise, Premise::UniqueSolution)
    }

    /// True when the rater's path can take it (`sudokugen puzzles --technique` selects
    /// by that path).
    pub const fn is_rated(self) -> bool {
        !self.row().rungs.is_empty()
    }
}

/// The rater's order: per rung, its techniques (in table order), each with which of its
/// steps count there. Built once from the table.
pub fn rater_order() -> &'static [Vec<(Technique, Take)>] {
    static ORDER: std::sync::OnceLock<Vec<Vec<(Technique, Take)>>> = std::sync::OnceLock::new();
    ORDER.get_or_init(|| {
        let mut rungs: Vec<(u8, Vec<(Technique, Take)>)> = Vec::new();
        for row in &TABLE {
            for rung in row.rungs {
                match rungs.iter_mut().find(|(at, _)| *at == rung.at) {
                    Some((_, techniques)) => techniques.push((row.technique, rung.take)),
                    None => rungs.push((rung.at, vec![(row.technique, rung.take)])),
                }
            }
        }
        rungs.sort_by_key(|(at, _)| *at);
        rungs
            .into_iter()
            .map(|(_, techniques)| techniques)
            .collect()
    })
}

/// The table as the Markdown of `docs/techniques.md` ("The table"): one line a
/// technique, in the tutor's order, with its rungs in the rater's order.
pub fn markdown() -> String {
    let mut out = String::from(
        "| # | technique | slug | HoDoKu | SE value | one solution | rater's rungs | tutor |\n\
         |---:|---|---|---|---:|---|---|---|\n",
    );
    for (i, row) in TABLE.iter().enumerate() {
        let rungs: Vec<String> = row
            .rungs
            .iter()
            .map(|r| match r.take {
                Take::All => format!("{}", r.at),
                Take::Direct(value) => format!("{} (direct, {value:.1})", r.at),
                Take::Below(limit) => format!("{} (below {limit:.1})", r.at),
                Take::Chainer(Chainer::Static) => format!("{} (static)", r.at),
                Take::Chainer(Chainer::Dynamic) => format!("{} (dynamic)", r.at),
                Take::Chainer(c) => format!("{} ({c:?})", r.at),
            })
            .collect();
        out.push_str(&format!(
            "| {} | {} | `{}` | {} | {:.1} | {} | {} | {} |\n",
            i + 1,
            row.name,
            row.slug,
            row.code.unwrap_or("-"),
            row.value,
            match row.premise {
                Premise::AnySolution => "",
                Premise::UniqueSolution => "needed",
            },
            if rungs.is_empty() {
                "off the path".to_string()
            } else {
                rungs.join(", ")
            },
            match row.used {
                Use::Hinted => "hinted",
                Use::RaterOnly => "rater only",
            },
        ));
    }
    out
}
