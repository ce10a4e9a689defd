//! The ladder: which finder answers for each technique, and the order they are tried in
//! (simplest first), each step checked against the unique solution before it is
//! returned.

use super::board::Board;
use super::step::Step;
use super::technique::Technique;
use super::topology::Topology;
use super::view::{Found, Options, View};
use super::{
    fish, forcing, intersections, lines, loops, nested, patterns, search, singles, subsets,
    templates, unique_loops, uniqueness, wings, xchains,
};
use crate::layout::Layout;

/// A technique's search: pushes the steps it finds on the view into the collector.
pub type Finder = fn(&View, &mut Found);

/// The finder answering for `technique` (several techniques may share one, which
/// reports each step under its own name); `None` for search, which needs the solution,
/// and for techniques not implemented.
pub fn finder(technique: Technique) -> Option<Finder> {
    Some(match technique {
        Technique::FullHouse => singles::full_house,
        Technique::HiddenSingle => singles::hidden_single,
        Technique::NakedSingle => singles::naked_single,
        Technique::RunTrim => lines::run_trim,
        Technique::LockedCandidatesPointing | Technique::LockedCandidatesClaiming => {
            intersections::locked_candidates
        }
        Technique::LockedPair => |v, o| subsets::naked(v, o, 2, true),
        Technique::LockedTriple => |v, o| subsets::naked(v, o, 3, true),
        Technique::NakedPair => |v, o| subsets::naked(v, o, 2, false),
        Technique::NakedTriple => |v, o| subsets::naked(v, o, 3, false),
        Technique::NakedQuadruple => |v, o| subsets::naked(v, o, 4, false),
        Technique::HiddenPair => |v, o| subsets::hidden(v, o, 2),
        Technique::HiddenTriple => |v, o| subsets::hidden(v, o, 3),
        Technique::HiddenQuadruple => |v, o| subsets::hidden(v, o, 4),
        Technique::XWing => |v, o| fish::fish(v, o, 2, false),
        Technique::Swordfish => |v, o| fish::fish(v, o, 3, false),
        Technique::Jellyfish => |v, o| fish::fish(v, o, 4, false),
        Technique::FinnedXWing | Technique::SashimiXWing => |v, o| fish::fish(v, o, 2, true),
        Technique::FinnedSwordfish | Technique::SashimiSwordfish => {
            |v, o| fish::fish(v, o, 3, true)
        }
        Technique::FinnedJellyfish | Technique::SashimiJellyfish => {
            |v, o| fish::fish(v, o, 4, true)
        }
        Technique::Skyscraper => |v, o| patterns::two_links(v, o, Technique::Skyscraper),
        Technique::TwoStringKite => |v, o| patterns::two_links(v, o, Technique::TwoStringKite),
        Technique::TurbotFish => |v, o| patterns::two_links(v, o, Technique::TurbotFish),
        Technique::EmptyRectangle => {
            |v, o| patterns::empty_rectangle(v, o, v.options.two_cell_empty_rectangles)
        }
        Technique::XYWing => |v, o| wings::xy_wing(v, o, false),
        Technique::XYZWing => |v, o| wings::xy_wing(v, o, true),
        Technique::WWing => wings::w_wing,
        Technique::WXYZWing => |v, o| wings::big_wing(v, o, 3),
        Technique::VWXYZWing => |v, o| wings::big_wing(v, o, 4),
        Technique::UVWXYZWing => |v, o| wings::big_wing(v, o, 5),
        Technique::UniquenessTest1 => {
            |v, o| uniqueness::unique_rectangle(v, o, Technique::UniquenessTest1)
        }
        Technique::UniquenessTest2 => {
            |v, o| uniqueness::unique_rectangle(v, o, Technique::UniquenessTest2)
        }
        Technique::UniquenessTest3 => {
            |v, o| uniqueness::unique_rectangle(v, o, Technique::UniquenessTest3)
        }
        Technique::UniquenessTest4 => {
            |v, o| uniqueness::unique_rectangle(v, o, Technique::UniquenessTest4)
        }
        Technique::UniqueLoop => unique_loops::unique_loop,
        Technique::BugPlusOne => uniqueness::bug_plus_one,
        Technique::XChain => xchains::x_chain,
        Technique::XYChain => |v, o| xchains::xy_chain(v, o, false),
        Technique::RemotePair => |v, o| xchains::xy_chain(v, o, true),
        Technique::ContinuousNiceLoop => {
            |v, o| loops::nice_loops(v, o, Technique::ContinuousNiceLoop)
        }
        Technique::DiscontinuousNiceLoop => {
            |v, o| loops::nice_loops(v, o, Technique::DiscontinuousNiceLoop)
        }
        Technique::Aic => |v, o| loops::nice_loops(v, o, Technique::Aic),
        Technique::Nishio => forcing::nishio,
        Technique::CellForcingChain => |v, o| forcing::verity(v, o, false),
        Technique::RegionForcingChain => |v, o| forcing::verity(v, o, true),
        Technique::ForcingChainContradiction => forcing::contradiction,
        Technique::NestedForcingChain => |v, o| nested::nested(v, o, 1),
        Technique::NestedForcingChainPlus => |v, o| nested::nested(v, o, 2),
        Technique::TemplateSet | Technique::TemplateDelete => templates::templates,
        _ => return None,
    })
}

/// True when `technique` can be searched for.
pub fn has_finder(technique: Technique) -> bool {
    technique == Technique::Search || finder(technique).is_some()
}

/// Runs the search of `technique` on `v`, pushing what it finds into `out`; false when
/// the technique has no finder, or does not apply to this board (uniqueness techniques
/// without a proven unique solution, search without the solution).
pub fn find(technique: Technique, v: &View, out: &mut Found) -> bool {
    if technique.needs_uniqueness() && !v.unique {
        return false;
    }
    if technique == Technique::Search {
        return match v.solution {
            Some(solution) => {
                search::search(v, solution, out);
                true
            }
            None => false,
        };
    }
    match finder(technique) {
        Some(f) => {
            f(v, out);
            true
        }
        None => false,
    }
}

/// Every step of `technique` on `board` (the regression library's question), the
/// uniqueness techniques included (the library's puzzles are unique).
pub fn all_steps(
    layout: &Layout,
    topo: &Topology,
    board: &Board,
    technique: Technique,
    options: Options,
) -> Vec<Step> {
    let mut view = View::new(layout, topo, board, true);
    view.options = options;
    let mut found = Found::new(true).only(technique);
    find(technique, &view, &mut found);
    found.steps
}
