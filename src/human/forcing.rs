//! Forcing chains and Nishio: what follows from assuming a candidate, by singles
//! (`propagation`).
//!
//! - **Nishio**: place a digit and follow only that digit; if some house is left with no
//!   place for it, the digit cannot go there.
//! - **Forcing Chain Contradiction**: place a candidate (or remove it) and follow every
//!   single; a contradiction removes it (or places it). HoDoKu's name; the propagation
//!   refutations the game used to show are these.
//! - **Cell Forcing Chain**: every candidate of a cell, placed in turn, leads to the same
//!   fact: the fact holds. **Region Forcing Chain**: the same over every place of a digit
//!   a house needs. They are "static" (Sudoku Explainer's multiple chains, 8.0 and up)
//!   when plain alternating implications suffice, "dynamic" (8.5 and up) when the
//!   singles of the changed board are needed.

use super::chains::{length_penalty, state, Graph, Links, Table};
use super::limits::LIMITS;
use super::propagation::{Contradiction, Propagation};
use super::quick;
use super::step::{capitalize, Chainer, Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{digits, Branch, Found, View};

/// Every (cell, digit) candidate of the board.
fn candidates(v: &View) -> Vec<(usize, u8)> {
    (0..v.topo.cells)
        .filter(|&c| v.board.digit(c) == 0)
        .flat_map(|c| digits(v.cands(c)).map(move |d| (c, d)))
        .collect()
}

fn push_sorted(mut steps: Vec<Step>, out: &mut Found) {
    steps.sort_by_key(|s| s.length);
    for step in steps {
        if out.push(step) {
            return;
        }
    }
}

/// Nishio: a placement that leaves its own digit no place somewhere.
pub fn nishio(v: &View, out: &mut Found) {
    let names = |c: usize| v.cell(c);
    let mut steps = Vec::new();
    for (cell, digit) in candidates(v) {
        let mut prop = Propagation::new(v.topo, v.board, Some(digit), &names);
        if let Err(contra) = prop.assume(cell, digit, true) {
            let cone = prop.cone(&contra.facts);
            let mut step = Step::new(Technique::Nishio, Effect::Eliminate(vec![(cell, digit)]));
            step.place = format!("on {digit} at {}", v.cell(cell));
            step.cells = cells_of(&prop, &cone);
            step.digits = 1 << (digit - 1);
            step.length = cone.len();
            step.difficulty = 7.5 + length_penalty(cone.len() + 1);
            step.text = format!(
                "If {} were {digit}: {}; then {}. So {} is not {digit}.",
                v.cell(cell),
                prop.story(&cone),
                contra.what,
                v.cell(cell)
            );
            steps.push(step);
        }
    }
    push_sorted(steps, out);
}

fn cells_of(prop: &Propagation, cone: &[u32]) -> Vec<usize> {
    let mut cells: Vec<usize> = cone.iter().map(|&f| prop.facts[f as usize].cell).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Forcing Chain Contradiction: assuming a candidate placed (or removed) breaks a rule
/// by singles; failing that, with locked candidates and pairs applied along the way
/// (SE's "dynamic plus", 9.0 and up).
pub fn contradiction(v: &View, out: &mut Found) {
    let names = |c: usize| v.cell(c);
    let cache = dynamic_branches(v);
    // The quick test looks only at what an assumption changes: sound as a filter only
    // on a board where singles and run trims have nothing left to do (the ladder's
    // boards at this rung; not every board of the regression library).
    let settled = {
        let mut board = v.board.clone();
        quick::propagate(v.topo, &mut board) && board == *v.board
    };
    for plus in [false, true] {
        let mut steps = Vec::new();
        for (cell, digit) in candidates(v) {
            for on in [true, false] {
                let node = cell * v.topo.size + digit as usize - 1;
                if !plus
                    && on
                    && cache[node]
                        .as_ref()
                        .is_some_and(|b| b.contradiction.is_none())
                {
                    continue; // placing it is consistent, as far as singles go
                }
                if !plus && settled {
                    // A test without reasons first; the argument only for a contradiction.
                    let mut board = v.board.clone();
                    if quick::assume_and_propagate(v.topo, &mut board, cell, digit, on) {
                        continue;
                    }
                }
                let mut prop = Propagation::new(v.topo, v.board, None, &names);
                prop.plus = plus;
                let Err(contra) = prop.assume(cell, digit, on) else {
                    continue;
                };
                let mut step = contradiction_step(v, &prop, &contra, cell, digit, on);
                if plus {
                    step.chainer = Chainer::Plus;
                    step.difficulty += 0.5;
                    step.text = format!("(with locked candidates and pairs) {}", step.text);
                }
                steps.push(step);
            }
        }
        if !steps.is_empty() {
            push_sorted(steps, out);
            return;
        }
    }
}

/// What placing each candidate leads to by singles, cached on the view.
pub fn dynamic_branches<'v>(v: &'v View) -> &'v Vec<Option<Branch>> {
    v.branches.get_or_init(|| {
        let names = |c: usize| v.cell(c);
        let mut out = vec![None; v.topo.cells * v.topo.size];
        for (cell, digit) in candidates(v) {
            let mut prop = Propagation::new(v.topo, v.board, None, &names);
            let contradiction = match prop.assume(cell, digit, true) {
                Err(contra) => Some(prop.cone(&contra.facts).len()),
                Ok(()) => None,
            };
            let facts = prop.facts.iter().map(|f| (f.cell, f.digit, f.on)).collect();
            out[cell * v.topo.size + digit as usize - 1] = Some(Branch {
                facts,
                contradiction,
            });
        }
        out
    })
}

fn contradiction_step(
    v: &View,
    prop: &Propagation,
    contra: &Contradiction,
    cell: usize,
    digit: u8,
    on: bool,
) -> Step {
    let cone = prop.cone(&contra.facts);
    let effect = Effect::conclusion(cell, digit, !on);
    let mut step = Step::new(Technique::ForcingChainContradiction, effect);
    step.place = format!("from {}", v.cell(cell));
    step.cells = cells_of(prop, &cone);
    step.digits = 1 << (digit - 1);
    step.length = cone.len();
    step.difficulty = 8.5 + length_penalty(cone.len() + 1);
    step.chainer = Chainer::Dynamic;
    let (assumed, conclusion) = assumption_and_conclusion(v, cell, digit, on);
    step.text = format!(
        "If {assumed}: {}; then {}. So {conclusion}.",
        prop.story(&cone),
        contra.what
    );
    step
}

/// A conclusion common to all branches: (cell, digit, on).
type Conclusion = (usize, u8, bool);

/// The facts every branch reaches (outside `exclude` cells), with the summed position of
/// the fact in each branch as a cost.
/// The two halves of a contradiction's sentence: what is assumed ("r4c7 were 6") and
/// what follows from its failure ("r4c7 is not 6"), for a placement (`on`) or a removal.
pub(super) fn assumption_and_conclusion(
    v: &View,
    cell: usize,
    digit: u8,
    on: bool,
) -> (String, String) {
    let name = v.cell(cell);
    if on {
        (
            format!("{name} were {digit}"),
            format!("{name} is not {digit}"),
        )
    } else {
        (
            format!("{name} were not {digit}"),
            format!("{name} is {digit}"),
        )
    }
}

fn common(branches: &[Vec<Conclusion>], exclude: &[usize]) -> Vec<(Conclusion, usize)> {
    let Some(first) = branches.first() else {
        return Vec::new();
    };
    first
        .iter()
        .filter(|c| !exclude.contains(&c.0))
        .filter_map(|c| {
            let mut cost = 0;
            for branch in branches {
                cost += branch.iter().position(|x| x == c)?;
            }
            Some((*c, cost))
        })
        .collect()
}

/// True when the conclusion changes the board (a placement of an empty cell, or the
/// removal of a candidate present).
fn news(v: &View, (cell, digit, on): Conclusion) -> bool {
    v.board.digit(cell) == 0 && v.board.has(cell, digit) && (!on || v.cands(cell).count_ones() > 1)
}

/// The branches of `alternatives` (cells and digits placed in turn): static when
/// `dynamic` is false (alternating implications on the board as it stands), dynamic
/// otherwise, where a branch that breaks a rule is `None` (that alternative is false, so
/// only the others count).
fn branches(
    v: &View,
    graph: &Graph,
    table: &mut Table,
    alternatives: &[(usize, u8)],
    dynamic: bool,
) -> Vec<Option<Vec<Conclusion>>> {
    let mut out = Vec::new();
    for &(cell, digit) in alternatives {
        if dynamic {
            match dynamic_branches(v)[cell * v.topo.size + digit as usize - 1].as_ref() {
                Some(Branch {
                    facts,
                    contradiction: None,
                }) => out.push(Some(facts.clone())),
                _ => out.push(None),
            }
        } else {
            table.run(
                graph,
                state(graph.id((cell, digit)), true),
                Links::All,
                LIMITS.forcing_links,
            );
            out.push(Some(
                table
                    .order
                    .iter()
                    .map(|&s| {
                        let (c, d) = graph.node(s as usize / 2);
                        (c, d, s % 2 == 1)
                    })
                    .collect(),
            ));
        }
    }
    out
}

/// The candidates behind the contradiction that placing `alt` runs into (by singles):
/// what a branch that breaks a rule adds to a dynamic forcing chain's length. Sudoku
/// Explainer counts that chain, as it counts the chain of a Dynamic Contradiction; one
/// candidate for it made such a chain on a bivalue cell as cheap as 8.5 (puzzles 10 and
/// 68 of the Sukaku Explainer sample, 8.9 and 9.1).
///
/// Read from the view's cache of branches, which found it with the same propagation:
/// working it out again at each forcing chain made rating a third slower.
fn contradiction_length(v: &View, (cell, digit): (usize, u8)) -> usize {
    dynamic_branches(v)[cell * v.topo.size + digit as usize - 1]
        .as_ref()
        .and_then(|branch| branch.contradiction)
        .unwrap_or(1)
}

/// The story of one branch leading to a conclusion.
fn branch_story(
    v: &View,
    graph: &Graph,
    table: &mut Table,
    (cell, digit): (usize, u8),
    target: Conclusion,
    dynamic: bool,
) -> (String, usize) {
    if dynamic {
        let names = |c: usize| v.cell(c);
        let mut prop = Propagation::new(v.topo, v.board, None, &names);
        let _ = prop.assume(cell, digit, true);
        let Some(f) = prop.fact_of(target.0, target.1, target.2) else {
            return (String::new(), 0);
        };
        let cone = prop.cone(&[f]);
        (prop.story(&cone), cone.len())
    } else {
        table.run(
            graph,
            state(graph.id((cell, digit)), true),
            Links::All,
            LIMITS.forcing_links,
        );
        let path = table.path(state(graph.id((target.0, target.1)), target.2));
        (super::chains::notation(v, graph, &path), path.len())
    }
}

/// Alternatives of a forcing chain: their name in words, the (cell, digit) placements,
/// the cells whose facts do not count as conclusions, and whether Sudoku Explainer's
/// static chainer starts from them (`Options::se_static_starts`).
type Group = (String, Vec<(usize, u8)>, Vec<usize>, bool);

/// Where a cell or region forcing chain starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// From each candidate of one cell.
    Cell,
    /// From each place of one digit in a region.
    Region,
}

/// Cell or region forcing chains, by `start`; static ones first.
pub fn verity(v: &View, out: &mut Found, start: Start) {
    let region = start == Start::Region;
    let graph = Graph::new(v);
    let mut table = Table::new(&graph);
    // The groups of alternatives: a cell's candidates, or a digit's places in a region.
    let mut groups: Vec<Group> = Vec::new();
    if region {
        for (r, reg) in v.topo.regions.iter().enumerate() {
            if reg.rule == Rule::Partial {
                continue;
            }
            for digit in digits(v.need[r]) {
                let places = v.cells_for(r, digit);
                if places.len() >= 2 {
                    let se_start = v.cands(places[0]).count_ones() >= 3;
                    let alts = places.iter().map(|&c| (c, digit)).collect();
                    groups.push((
                        format!("the places of {digit} in {}", v.region(r)),
                        alts,
                        reg.cells.clone(),
                        se_start,
                    ));
                }
            }
        }
    } else {
        for cell in 0..v.topo.cells {
            if v.board.digit(cell) == 0 && v.cands(cell).count_ones() >= 2 {
                let alts = digits(v.cands(cell)).map(|d| (cell, d)).collect();
                groups.push((
                    format!("the candidates of {}", v.cell(cell)),
                    alts,
                    vec![cell],
                    v.cands(cell).count_ones() >= 3,
                ));
            }
        }
    }
    let technique = if region {
        Technique::RegionForcingChain
    } else {
        Technique::CellForcingChain
    };
    for dynamic in [false, true] {
        let mut steps = Vec::new();
        for (what, alts, own, se_start) in &groups {
            if !dynamic && v.options.se_static_starts && !se_start {
                continue;
            }
            let branches = branches(v, &graph, &mut table, alts, dynamic);
            let live: Vec<Vec<Conclusion>> = branches.iter().flatten().cloned().collect();
            if live.is_empty() {
                continue;
            }
            let exclude: Vec<usize> = if region { Vec::new() } else { own.clone() };
            let mut found = common(&live, &exclude);
            found.retain(|&(c, _)| {
                news(v, c) && !(region && alts.iter().any(|a| (a.0, a.1, true) == c))
            });
            let Some(&(target, _)) = found.iter().min_by_key(|(_, cost)| *cost) else {
                continue;
            };
            let (cell, digit, on) = target;
            let effect = Effect::conclusion(cell, digit, on);
            let mut step = Step::new(technique, effect);
            let mut stories = Vec::new();
            let mut total = 0;
            for (&alt, branch) in alts.iter().zip(&branches) {
                if branch.is_none() {
                    stories.push(format!(
                        "if {}={}: that breaks a rule",
                        v.cell(alt.0),
                        alt.1
                    ));
                    total += contradiction_length(v, alt);
                    continue;
                }
                let (story, len) = branch_story(v, &graph, &mut table, alt, target, dynamic);
                stories.push(format!("if {}={}: {story}", v.cell(alt.0), alt.1));
                total += len;
            }
            step.place = format!("on {what}");
            step.digits = 1 << (digit - 1);
            step.length = total;
            step.difficulty = if dynamic { 8.5 } else { 8.0 } + length_penalty(total);
            step.chainer = if dynamic {
                Chainer::Dynamic
            } else {
                Chainer::Static
            };
            let mut cells: Vec<usize> = alts.iter().map(|a| a.0).collect();
            cells.push(cell);
            cells.sort_unstable();
            cells.dedup();
            step.cells = cells;
            let conclusion = if on {
                format!("{} is {digit}", v.cell(cell))
            } else {
                format!("{} is not {digit}", v.cell(cell))
            };
            step.text = capitalize(&format!(
                "{}one of {what} holds, and each leads to the same fact ({}). So {conclusion}.",
                if dynamic { "(dynamic) " } else { "" },
                stories.join("; ")
            ));
            steps.push(step);
        }
        if dynamic && region {
            steps.extend(run_forcing(v));
        }
        if !steps.is_empty() {
            push_sorted(steps, out);
            return;
        }
    }
}

/// Region forcing chains over the runs a honeycomb line can still hold: each run, held
/// in turn (the digits outside it removed from the line's cells), leads by singles to
/// the same fact, or breaks a rule.
fn run_forcing(v: &View) -> Vec<Step> {
    use crate::layout::runs::run_mask;
    let names = |c: usize| v.cell(c);
    let mut steps = Vec::new();
    for (r, region) in v.topo.regions.iter().enumerate() {
        let Some(facts) = v.lines[r] else { continue };
        if facts.starts.count_ones() < 2 {
            continue;
        }
        let len = region.cells.len();
        let runs: Vec<u64> = digits(facts.starts)
            .map(|s| run_mask(s as usize, len))
            .collect();
        let mut branches: Vec<Option<(Vec<Conclusion>, Propagation)>> = Vec::new();
        for &run in &runs {
            let assumed: Vec<(usize, u8, bool)> = region
                .cells
                .iter()
                .filter(|&&c| v.board.digit(c) == 0)
                .flat_map(|&c| digits(v.cands(c) & !run).map(move |d| (c, d, false)))
                .collect();
            let mut prop = Propagation::new(v.topo, v.board, None, &names);
            match prop.assume_many(&assumed) {
                Ok(()) => {
                    let list = prop.facts.iter().map(|f| (f.cell, f.digit, f.on)).collect();
                    branches.push(Some((list, prop)));
                }
                Err(_) => branches.push(None),
            }
        }
        let live: Vec<Vec<Conclusion>> =
            branches.iter().flatten().map(|(l, _)| l.clone()).collect();
        if live.is_empty() {
            continue;
        }
        let mut found = common(&live, &[]);
        found.retain(|&(c, _)| news(v, c));
        let Some(&(target, _)) = found.iter().min_by_key(|(_, cost)| *cost) else {
            continue;
        };
        let (cell, digit, on) = target;
        let effect = Effect::conclusion(cell, digit, on);
        let mut step = Step::new(Technique::RegionForcingChain, effect);
        let mut stories = Vec::new();
        let mut total = 0;
        for (&run, branch) in runs.iter().zip(&branches) {
            let low = run.trailing_zeros() + 1;
            let high = 64 - run.leading_zeros();
            match branch {
                None => {
                    stories.push(format!("if its run is {low}-{high}: that breaks a rule"));
                    total += 1;
                }
                Some((_, prop)) => {
                    let f = prop.fact_of(cell, digit, on).expect("a common fact");
                    let cone = prop.cone(&[f]);
                    total += cone.len();
                    stories.push(format!("if its run is {low}-{high}: {}", prop.story(&cone)));
                }
            }
        }
        step.place = format!("on the runs of {}", v.region(r));
        step.digits = 1 << (digit - 1);
        step.length = total;
        step.difficulty = 8.5 + length_penalty(total);
        step.chainer = Chainer::Dynamic;
        let mut cells = region.cells.clone();
        cells.push(cell);
        cells.sort_unstable();
        cells.dedup();
        step.cells = cells;
        step.groups = vec![region.group];
        let conclusion = if on {
            format!("{} is {digit}", v.cell(cell))
        } else {
            format!("{} is not {digit}", v.cell(cell))
        };
        step.text = capitalize(&format!(
            "{} holds one of the runs {}; each leads to the same fact ({}). So {conclusion}.",
            v.region(r),
            runs.iter()
                .map(|run| format!("{}-{}", run.trailing_zeros() + 1, 64 - run.leading_zeros()))
                .collect::<Vec<_>>()
                .join(", "),
            stories.join("; ")
        ));
        steps.push(step);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::board::Board;
    use crate::human::topology::Topology;
    use crate::human::{Collect, Premise};
    use crate::layout::Layout;

    /// Puzzle 68 of the Sukaku Explainer sample after 7 steps of our path: placing 1 in
    /// r6c4 breaks a rule, placing 2 removes 2 from r3c4. Counted as one candidate, the
    /// broken branch made this dynamic chain 8.5 and the puzzle 8.5 (SE 9.1); counted as
    /// the chain to its contradiction, as SE counts it, the chain is longer and dearer.
    #[test]
    fn a_branch_that_breaks_a_rule_counts_its_chain() {
        let digits =
            "..64.153.3..5.9..1....3....2.5...7.3.3.745.2.67...3.58.6.9.7.8.....5......23.49..";
        let marks = "789 289 0 0 278 0 0 0 279 0 248 478 0 2678 0 2468 467 0 145789 124589 14789 \
                     268 0 268 2468 4679 24679 0 49 0 168 1689 68 0 149 0 189 0 189 0 0 0 16 0 \
                     69 0 0 149 12 129 0 14 0 0 145 0 134 0 12 0 1234 0 245 14789 1489 134789 \
                     1268 0 268 12346 1467 2467 1578 158 0 0 168 0 0 167 567";
        let digits: Vec<u8> = digits
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let marks: Vec<u64> = marks
            .split_whitespace()
            .map(|m| {
                m.bytes()
                    .filter(|&b| b != b'0')
                    .fold(0, |acc, b| acc | 1 << (b - b'1'))
            })
            .collect();
        let layout = Layout::square(9).unwrap();
        let topo = Topology::new(&layout);
        let board = Board::from_parts(9, digits, marks);
        let v = View::new(&layout, &topo, &board, Premise::UniqueSolution);
        let mut out = Found::new(Collect::All);
        verity(&v, &mut out, Start::Cell);
        let r3c4 = 2 * 9 + 3;
        let step = out
            .steps
            .iter()
            .find(|s| s.effect == Effect::Eliminate(vec![(r3c4, 2)]))
            .expect("the dynamic chain on r6c4");
        assert!(step.text.contains("breaks a rule"), "{}", step.text);
        assert!(step.length > 2, "{} ({})", step.text, step.length);
        assert!(step.difficulty > 8.55, "{}", step.difficulty);
    }
}
