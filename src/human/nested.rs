//! Nested Forcing Chains (Sudoku Explainer's name, 9.5 and up): a Forcing Chain
//! Contradiction whose propagation, once its singles, locked candidates and pairs settle,
//! also removes every candidate whose own placement breaks a rule by an inner
//! propagation (`propagation::nested`). SE's nested levels put chains inside the chain
//! in the same way; they are what solves the hardest puzzles without guessing.
//!
//! Level 1 runs the inner propagations by singles (rated 9.5 + length, SE's first
//! nested level), level 2 with locked candidates and pairs inside them too (10.0 +
//! length). The length counts every inner argument too, as SE's complexity of a nested
//! chain does, so long nested chains reach SE's 11+.
//! The finder stops at the first contradiction when only one step is asked for (the
//! tutor): cells with fewer candidates are tried first, where contradictions are near.
//! On the honeycomb each inner test is resumed from where it ended on the finder's board
//! (`first_ends`), and the rater too takes the first contradiction (see docs/techniques.md).

use super::board::Board;
use super::chains::length_penalty;
use super::forcing;
use super::limits::LIMITS;
use super::propagation::Propagation;
use super::quick;
use super::step::{Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{digits, Branch, Found, View};

/// Per node, the cells its placement touches by singles on the board (every cell for
/// one that breaks a rule): where the nested rounds start from.
fn first_touch(v: &View) -> Vec<u64> {
    let words = v.topo.words();
    let mut touch = vec![0u64; v.topo.cells * v.topo.size * words];
    for (node, branch) in forcing::dynamic_branches(v).iter().enumerate() {
        let set = &mut touch[node * words..(node + 1) * words];
        match branch {
            Some(Branch {
                facts,
                contradiction: None,
            }) => {
                for &(c, _, _) in facts {
                    set[c / 64] |= 1 << (c % 64);
                }
            }
            _ => set.iter_mut().for_each(|w| *w = u64::MAX),
        }
    }
    touch
}

/// Per node, where the inner test of placing it (singles and run trims, no reasons)
/// ends on the finder's board; `None` where it breaks a rule there (or the cell is
/// filled). Every outer propagation only narrows that board, so its nested rounds can
/// start each test from here (`quick::narrow_and_propagate`).
fn first_ends(v: &View, fill: bool) -> Vec<Option<Board>> {
    let mut ends = vec![None; v.topo.cells * v.topo.size];
    for cell in (0..v.topo.cells).filter(|&c| v.board.digit(c) == 0) {
        for digit in digits(v.cands(cell)) {
            let mut end = v.board.clone();
            if quick::place_and_propagate(v.topo, &mut end, cell, digit, fill) {
                ends[cell * v.topo.size + digit as usize - 1] = Some(end);
            }
        }
    }
    ends
}

/// The finder of [`Technique::NestedForcingChain`] (level 1) and
/// [`Technique::NestedForcingChainPlus`] (level 2).
///
/// On boards with run lines, where level 1 finds no contradiction it looks again with
/// line fills in every propagation, outer and inner ([`Propagation::fill`]): a run
/// line then also loses the digits of its runs that no filling of its cells allows.
/// That finds contradictions on 6 of the 7 boards where the tutor's walks of the hard
/// Hanidoku set's first 100 fell back to search (over 31 such walks, 32 search steps
/// became 22), but on every step it made those walks four times dearer: only as the
/// last resort before search (docs/experiments.md).
pub fn nested(v: &View, out: &mut Found, level: u8) {
    let runs = v.topo.regions.iter().any(|r| r.rule == Rule::Run);
    if !nested_pass(v, out, level, false) && runs && level == 1 {
        nested_pass(v, out, level, true);
    }
}

/// One search of [`nested`], with line fills (`fill`) or without; true when it found a
/// step.
fn nested_pass(v: &View, out: &mut Found, level: u8, fill: bool) -> bool {
    let names = |c: usize| v.cell(c);
    let mut order: Vec<(u32, usize, u8)> = (0..v.topo.cells)
        .filter(|&c| v.board.digit(c) == 0)
        .flat_map(|c| digits(v.cands(c)).map(move |d| (v.cands(c).count_ones(), c, d)))
        .collect();
    order.sort_unstable();
    // On boards with run lines (the honeycomb) an inner test matches runs on every line
    // it touches, and the touch sets cover the board: there each inner test starts from
    // where the same test ended on the finder's board (`first_ends`), looking again only
    // at what the outer propagation narrowed.
    let runs = v.topo.regions.iter().any(|r| r.rule == Rule::Run);
    // Level 2 has no cheap inner test (its inner propagations keep reasons): on the
    // honeycomb it costs seconds a step, and on the boards of the hard set where level 1
    // finds nothing it found nothing either. Off there.
    if runs && level >= 2 {
        return false;
    }
    let (touch, ends) = if runs {
        (Vec::new(), first_ends(v, fill))
    } else {
        (first_touch(v), Vec::new())
    };
    let mut steps = Vec::new();
    for &(_, cell, digit) in &order {
        for on in [true, false] {
            // With the solution known (the tutor, the rater), an assumption that agrees
            // with it cannot break a rule: only the others are worth a nested propagation.
            if v.solution.is_some_and(|s| (s[cell] == digit) == on) {
                continue;
            }
            // In a cell of two candidates, placing one is removing the other: the same
            // propagation. On the honeycomb, where each costs most, only the removal is
            // tried (which ends in a placement when it breaks).
            if runs && on && v.cands(cell).count_ones() == 2 {
                continue;
            }
            let mut prop = Propagation::new(v.topo, v.board, None, &names);
            prop.plus = true;
            prop.nested = level;
            prop.touch.clone_from(&touch);
            prop.ends.clone_from(&ends);
            prop.fill = fill;
            let Err(contra) = prop.assume(cell, digit, on) else {
                continue;
            };
            let cone = prop.cone(&contra.facts);
            let effect = Effect::conclusion(cell, digit, !on);
            let technique = if level >= 2 {
                Technique::NestedForcingChainPlus
            } else {
                Technique::NestedForcingChain
            };
            let mut step = Step::new(technique, effect);
            step.place = format!("from {}", v.cell(cell));
            let mut cells: Vec<usize> = cone.iter().map(|&f| prop.facts[f as usize].cell).collect();
            cells.sort_unstable();
            cells.dedup();
            step.cells = cells;
            step.digits = 1 << (digit - 1);
            step.length = prop.weight(&cone);
            step.difficulty = technique.base_difficulty() + length_penalty(step.length + 1);
            let (assumed, conclusion) = forcing::assumption_and_conclusion(v, cell, digit, on);
            step.text = format!(
                "If {assumed}: {}; then {}. So {conclusion}. (Each \"breaks a rule\" is a \
                 forcing chain of its own, inside this one.)",
                prop.story(&cone),
                contra.what
            );
            if !out.all {
                // The first contradiction is the answer: no shortest-over-all search.
                if out.push(step) {
                    return true;
                }
                continue;
            }
            steps.push(step);
        }
        if steps.len()
            >= if runs {
                LIMITS.nested_contradictions_runs
            } else {
                LIMITS.nested_contradictions
            }
        {
            break;
        }
    }
    let found = !steps.is_empty();
    steps.sort_by_key(|s| s.length);
    for step in steps {
        if out.push(step) {
            return true;
        }
    }
    found
}

#[cfg(test)]
mod tests;
