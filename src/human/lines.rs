//! The honeycomb's run rules in words. A line of L cells over the digits 1..D holds a
//! run of L consecutive digits (`crate::layout::runs` has the arithmetic):
//!
//! 1. every run of L cells holds the digits D+1-L to L, so the line needs them: hidden
//!    singles on those digits (the reason is given by [`why_required`]);
//! 2. a placed digit trims the runs the line can still hold (a 7 on a line of 4 cells
//!    leaves 4-7 to 7-9 and rules out 1, 2 and 3): **Run Trim** eliminations;
//! 3. a digit no cell of the line can take cuts the runs the same way (a gap, or a
//!    missing end): more eliminations, and more digits every remaining run holds, which
//!    the line then needs (hidden singles, locked candidates, hidden subsets);
//! 4. the line's empty cells must take the run's missing digits one each: a run they
//!    cannot fill that way is ruled out too.

use super::step::{digits_text, Effect, Step};
use super::technique::Technique;
use super::topology::Rule;
use super::view::{digits, Found, View};
use crate::layout::runs::{mandatory_digits, matching_runs, runs_union, segments};

/// Why run line `r` must hold `digit` (which the view says it needs), as a clause
/// starting with a parenthesis-free phrase: "since every run of 7 cells over 1..9 holds
/// 3 to 7".
pub fn why_required(v: &View, r: usize, digit: u8) -> String {
    let region = &v.topo.regions[r];
    let len = region.cells.len();
    let size = v.topo.size;
    let mandatory = mandatory_digits(len, size);
    if mandatory >> (digit - 1) & 1 == 1 {
        let low = mandatory.trailing_zeros() + 1;
        let high = 64 - mandatory.leading_zeros();
        return format!("(every run of {len} cells over 1..{size} holds {low} to {high})");
    }
    let Some(facts) = v.lines[r] else {
        return String::new();
    };
    format!(
        "(with {}, its run is {}, and each of them holds {digit})",
        constraints_text(v, r),
        runs_text(facts.starts, len)
    )
}

/// What limits the runs of line `r`: its placed digits and the digits none of its empty
/// cells can take.
fn constraints_text(v: &View, r: usize) -> String {
    let region = &v.topo.regions[r];
    let size = v.topo.size;
    let available = region.cells.iter().fold(0, |mask, &c| mask | v.cands(c)) | v.placed[r];
    let missing = crate::layout::runs::all_digits(size) & !available;
    let mut parts = Vec::new();
    if v.placed[r] != 0 {
        parts.push(format!("{} placed", digits_text(v.placed[r])));
    }
    if missing != 0 {
        let stretches: Vec<String> = segments(available, size)
            .iter()
            .map(|&(low, high)| format!("{low}-{high}"))
            .collect();
        parts.push(format!(
            "no cell able to take {} (the digits it can hold lie in {})",
            digits_text(missing),
            stretches.join(", ")
        ));
    }
    parts.join(" and ")
}

/// The runs of a start mask in words: "3-8 or 4-9".
fn runs_text(starts: u64, len: usize) -> String {
    let runs: Vec<String> = digits(starts)
        .map(|start| format!("{}-{}", start, start as usize + len - 1))
        .collect();
    if runs.len() <= 1 {
        runs.concat()
    } else {
        format!(
            "{} or {}",
            runs[..runs.len() - 1].join(", "),
            runs[runs.len() - 1]
        )
    }
}

/// Run Trim: digits outside every run a line can still hold are removed from its cells.
pub fn run_trim(v: &View, out: &mut Found) {
    let size = v.topo.size;
    for (r, region) in v.topo.regions.iter().enumerate() {
        if region.rule != Rule::Run {
            continue;
        }
        let Some(facts) = v.lines[r] else { continue };
        let len = region.cells.len();
        let empty: Vec<usize> = region
            .cells
            .iter()
            .copied()
            .filter(|&c| v.board.digit(c) == 0)
            .collect();
        if empty.is_empty() || facts.is_empty() {
            continue;
        }
        let masks: Vec<u64> = empty.iter().map(|&c| v.cands(c)).collect();
        let matched = matching_runs(size, &masks, v.placed[r]);
        let by_matching = matched != facts.starts;
        let starts = if matched == 0 { facts.starts } else { matched };
        let possible = runs_union(starts, len);
        let mut eliminations = Vec::new();
        for (&cell, &mask) in empty.iter().zip(&masks) {
            for digit in digits(mask & !possible) {
                eliminations.push((cell, digit));
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        let removed = eliminations
            .iter()
            .fold(0u64, |m, &(_, d)| m | 1 << (d - 1));
        let mut step = Step::new(Technique::RunTrim, Effect::Eliminate(eliminations));
        step.place = format!("on {}", v.region(r));
        step.cells = region.cells.clone();
        step.groups = vec![region.group];
        step.digits = removed;
        let mut why = constraints_text(v, r);
        if why.is_empty() {
            why = format!("{len} cells over 1..{size}");
        }
        let matching = if by_matching {
            format!(
                "; of those, only {} can be filled by its empty cells one digit each",
                runs_text(starts, len)
            )
        } else {
            String::new()
        };
        step.text = format!(
            "{} has {len} cells; with {why}, its run is {}{matching}. So it cannot hold {}.",
            super::step::capitalize(&v.region(r)),
            runs_text(facts.starts, len),
            digits_text(removed)
        );
        if out.push(step) {
            return;
        }
    }
}
