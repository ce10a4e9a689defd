//! Templates (HoDoKu's Template Set and Template Delete; the "pattern overlay method" of
//! the Sudoku forums): the ways to place every copy of one digit on the whole board at
//! once. A template of digit `d` puts one `d` in each house or line that still needs
//! it, never two in one region, on cells that can take `d`. A cell every template uses
//! gets `d` (Template Set); a candidate `d` that no template can hold goes (Template
//! Delete).
//!
//! On the honeycomb a line needs only the digits every run it can hold contains, so a
//! template puts one `d` on each line that needs it and may put more on lines that do
//! not: a cell whose lines all do without `d` can take it when some template leaves
//! those lines free. As in HoDoKu, a template that takes a cell every template of
//! another digit uses is dropped, until no more drop. The templates are enumerated by
//! depth-first search, each time on the needing region with the fewest places left
//! (Knuth's exact-cover order); past `LIMITS.template_work` cells looked at for a digit,
//! that digit yields nothing (early on a 16x16 it has millions of templates).

use std::fmt::Write as _;

use super::limits::LIMITS;
use super::step::{Effect, Step};
use super::technique::Technique;
use super::view::{Collect, Found, View};

/// One way to place a digit: its cells, and the regions they occupy.
struct Template {
    /// Bit set over cells.
    cells: Vec<u64>,
    /// Bit set over regions: those holding a template cell, and those where the digit
    /// is placed already.
    regions: Vec<u64>,
    /// False once the template clashes with a cell another digit's templates all use.
    valid: bool,
}

/// The templates of one digit; `None` past the budget.
fn enumerate(v: &View, digit: u8) -> Option<Vec<Template>> {
    let topo = v.topo;
    let bit = 1u64 << (digit - 1);
    let mut blocked = vec![0u64; topo.regions.len().div_ceil(64)];
    let mut needing = Vec::new();
    for r in 0..topo.regions.len() {
        if v.placed[r] & bit != 0 {
            insert(&mut blocked, r);
        } else if v.need[r] & bit != 0 {
            needing.push(r);
        }
    }
    let mut e = Enumeration {
        view: v,
        digit,
        needing,
        blocked,
        chosen: Vec::new(),
        work: 0,
        found: Vec::new(),
    };
    e.search().then_some(e.found)
}

/// The enumeration's state for one digit.
struct Enumeration<'v, 'a> {
    view: &'v View<'a>,
    digit: u8,
    /// Regions that need the digit.
    needing: Vec<usize>,
    /// Regions holding the digit or a template cell so far.
    blocked: Vec<u64>,
    chosen: Vec<usize>,
    /// Cells looked at so far.
    work: usize,
    found: Vec<Template>,
}

fn has(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 == 1
}

fn insert(set: &mut [u64], i: usize) {
    set[i / 64] |= 1 << (i % 64);
}

fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

impl Enumeration<'_, '_> {
    /// The cells of region `r` that can take the digit without sharing a region with a
    /// cell already chosen.
    fn places(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        let topo = self.view.topo;
        topo.regions[r].cells.iter().copied().filter(move |&c| {
            self.view.board.digit(c) == 0
                && self.view.board.has(c, self.digit)
                && topo.cell_regions[c].iter().all(|&q| !has(&self.blocked, q))
        })
    }

    /// False when the node budget ran out.
    fn search(&mut self) -> bool {
        let mut best: Option<(usize, usize)> = None;
        for &r in &self.needing {
            if has(&self.blocked, r) {
                continue;
            }
            self.work += self.view.topo.regions[r].cells.len();
            if self.work > LIMITS.template_work {
                return false;
            }
            let count = self.places(r).count();
            if count == 0 {
                return true; // a region left without a place: no template here
            }
            if best.map_or(true, |(_, c)| count < c) {
                best = Some((r, count));
            }
        }
        let Some((region, _)) = best else {
            let mut cells = vec![0u64; self.view.topo.cells.div_ceil(64)];
            for &cell in &self.chosen {
                insert(&mut cells, cell);
            }
            self.found.push(Template {
                cells,
                regions: self.blocked.clone(),
                valid: true,
            });
            return true;
        };
        let places: Vec<usize> = self.places(region).collect();
        for cell in places {
            let saved = self.blocked.clone();
            for &q in &self.view.topo.cell_regions[cell] {
                insert(&mut self.blocked, q);
            }
            self.chosen.push(cell);
            let within = self.search();
            self.chosen.pop();
            self.blocked = saved;
            if !within {
                return false;
            }
        }
        true
    }
}

/// The cells every valid template of a digit uses (none when it has no valid template
/// or was not enumerated).
fn common(list: &Option<Vec<Template>>, words: usize) -> Vec<u64> {
    let mut all = vec![!0u64; words];
    let mut any = false;
    for t in list.iter().flatten().filter(|t| t.valid) {
        any = true;
        for (a, c) in all.iter_mut().zip(&t.cells) {
            *a &= c;
        }
    }
    if any {
        all
    } else {
        vec![0; words]
    }
}

/// True when some template of `valid` holds `cell` or can take it: a cell on no region
/// that needs the digit is free when the template occupies none of its regions.
fn can_hold(v: &View, valid: &[&Template], cell: usize) -> bool {
    valid.iter().any(|t| {
        has(&t.cells, cell)
            || v.topo.cell_regions[cell]
                .iter()
                .all(|&q| !has(&t.regions, q))
    })
}

/// Template Set and Template Delete: the board's steps, enumerated once per view for
/// both techniques (the ladder asks for each in turn).
pub fn templates(v: &View, out: &mut Found) {
    for step in v.templates.get_or_init(|| all_steps(v)) {
        if out.push(step.clone()) {
            return;
        }
    }
}

/// Every template step of the board, digit by digit. As HoDoKu does, a template that
/// takes a cell every template of another digit uses is dropped first, until no more
/// drop.
fn all_steps(v: &View) -> Vec<Step> {
    let mut out = Found::new(Collect::All);
    let topo = v.topo;
    let words = topo.cells.div_ceil(64);
    let mut all: Vec<Option<Vec<Template>>> =
        (1..=topo.size as u8).map(|d| enumerate(v, d)).collect();
    let mut forced: Vec<Vec<u64>> = all.iter().map(|l| common(l, words)).collect();
    loop {
        let mut changed = false;
        for (d, list) in all.iter_mut().enumerate() {
            for t in list.iter_mut().flatten().filter(|t| t.valid) {
                if (0..topo.size).any(|e| e != d && meets(&t.cells, &forced[e])) {
                    t.valid = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
        forced = all.iter().map(|l| common(l, words)).collect();
    }
    for (d, list) in all.iter().enumerate() {
        let Some(list) = list else { continue };
        let digit = d as u8 + 1;
        let valid: Vec<&Template> = list.iter().filter(|t| t.valid).collect();
        if valid.is_empty() {
            continue; // a contradiction; the board is wrong, which no step can teach
        }
        let cells: Vec<usize> = (0..topo.cells)
            .filter(|&c| v.board.digit(c) == 0 && v.board.has(c, digit))
            .collect();
        let ways = ways_text(v, digit, list, &forced);
        for &cell in &cells {
            if !has(&forced[d], cell) {
                continue;
            }
            let mut step = Step::new(Technique::TemplateSet, Effect::Place { cell, digit });
            step.place = format!("on {digit}");
            step.cells = vec![cell];
            step.digits = 1 << d;
            step.text = format!(
                "{ways}; every one of them puts a {digit} in {}, so it holds {digit}.",
                v.cell(cell)
            );
            out.push(step);
        }
        let other_forced = |cell: usize| (0..topo.size).any(|e| e != d && has(&forced[e], cell));
        let possible = |cell: usize| can_hold(v, &valid, cell) && !other_forced(cell);
        let gone: Vec<usize> = cells.iter().copied().filter(|&c| !possible(c)).collect();
        if gone.is_empty() {
            continue;
        }
        let optional = gone.iter().any(|&c| {
            topo.cell_regions[c]
                .iter()
                .all(|&q| v.need[q] >> d & 1 == 0)
        });
        let mut step = Step::new(
            Technique::TemplateDelete,
            Effect::Eliminate(gone.iter().map(|&c| (c, digit)).collect()),
        );
        step.place = format!("on {digit}");
        step.cells = gone.clone();
        step.digits = 1 << d;
        let room = if optional {
            " or leaves room for one there"
        } else {
            ""
        };
        step.text = format!(
            "{ways}; none of them puts a {digit} in {}{room}, so {digit} goes from {}.",
            v.cells_text(&gone),
            if gone.len() == 1 { "it" } else { "them" }
        );
        out.push(step);
    }
    out.steps
}

/// "There are 12 ways to place the 5s: one in each of the 9 houses that still need a 5,
/// never two in one house; 4 of them take a cell every way of placing another digit
/// uses (r2c3 for 7), which leaves 8".
fn ways_text(v: &View, digit: u8, list: &[Template], forced: &[Vec<u64>]) -> String {
    let d = digit as usize - 1;
    let needing = (0..v.topo.regions.len())
        .filter(|&r| v.need[r] >> d & 1 == 1)
        .count();
    let (kind, kinds) = if v.topo.square.is_some() {
        ("house", "houses")
    } else {
        ("line", "lines")
    };
    let count = list.len();
    let ways = if count == 1 {
        "is one way".to_string()
    } else {
        format!("are {count} ways")
    };
    let mut text = format!(
        "There {ways} to place the {digit}s: one in each of the {needing} {kinds} that \
         still need a {digit}, never two in one {kind}"
    );
    let dropped: Vec<&Template> = list.iter().filter(|t| !t.valid).collect();
    if !dropped.is_empty() {
        let mut clashes = Vec::new();
        for cell in 0..v.topo.cells {
            for (e, other) in forced.iter().enumerate() {
                if e != d && has(other, cell) && dropped.iter().any(|t| has(&t.cells, cell)) {
                    clashes.push(format!("{} for {}", v.cell(cell), e + 1));
                }
            }
        }
        let left = count - dropped.len();
        let _ = write!(
            text,
            "; {} of them take a cell that every way of placing another digit uses ({}), \
             which leaves {left}",
            dropped.len(),
            crate::grid::format::and_list(&clashes)
        );
    }
    text
}

#[cfg(test)]
mod tests;
