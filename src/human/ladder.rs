//! Running a technique: its finder from the technique table (`table`), with the
//! conditions under which it may run (the uniqueness techniques on puzzles proven unique,
//! search with the solution). The order the tutor tries them in is the table's.

use super::board::Board;
use super::search;
use super::step::Step;
use super::table::Search;
use super::technique::Technique;
use super::topology::Topology;
use super::view::{Collect, Found, Options, Premise, View};
use crate::layout::Layout;

/// Runs the search of `technique` on `v`, pushing what it finds into `out`; false when
/// the technique does not apply to this board (uniqueness techniques without a proven
/// unique solution, search without the solution).
pub fn find(technique: Technique, v: &View, out: &mut Found) -> bool {
    if technique.needs_uniqueness() && v.premise != Premise::UniqueSolution {
        return false;
    }
    match technique.row().search {
        Search::Finder(finder) => {
            finder(v, out);
            true
        }
        Search::Solution => match v.solution {
            Some(solution) => {
                search::search(v, solution, out);
                true
            }
            None => false,
        },
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
    let mut view = View::new(layout, topo, board, Premise::UniqueSolution);
    view.options = options;
    let mut found = Found::new(Collect::All).only(technique);
    find(technique, &view, &mut found);
    found.steps
}
