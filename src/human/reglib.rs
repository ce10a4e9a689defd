//! HoDoKu's regression library format, and the check of a case against our techniques.
//!
//! A case is one line `:CODE[-VARIANT]:CANDIDATES:GIVENS:DELETED:ELIMINATIONS:PLACEMENTS:EXTRA`
//! (the library's header explains it): build the 9x9 board from the givens (`+` marks a
//! placed digit that is not a given; both are digits here), take the candidates the
//! digits allow, delete the listed ones; then every step of the technique whose
//! candidate field equals CANDIDATES must have exactly the listed eliminations or
//! placements, at least one must exist, and for chains one of them must have the
//! length EXTRA. A fail case (`-x`) passes when no such step exists. This is how HoDoKu's
//! own tester judges a case, except that it also compares the order of its output.
//!
//! The library itself is GPL and is read at run time from the shared folder, never
//! copied into this repository.

use std::fmt;

use thiserror::Error;

use super::board::Board;
use super::ladder::all_steps;
use super::step::{digits_compact, Effect, Step};
use super::technique::Technique;
use super::topology::Topology;
use super::view::Options;
use crate::layout::Layout;

/// A line that is not a library case.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}: {what}")]
pub struct CaseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

/// One test case.
#[derive(Clone, Debug)]
pub struct Case {
    /// 1-based line number in the library.
    pub line: usize,
    /// The technique code, e.g. `0707`.
    pub code: String,
    /// The variant after the dash (`-2`), if any.
    pub variant: Option<u32>,
    /// True for a fail case (`-x`): no such step may be found.
    pub fail: bool,
    /// The candidate field.
    pub candidates: String,
    /// The board the case starts from.
    pub board: Board,
    /// Expected eliminations, sorted.
    pub eliminations: Vec<(usize, u8)>,
    /// Expected placements, sorted.
    pub placements: Vec<(usize, u8)>,
    /// The extra field (chain length), if any.
    pub extra: Option<usize>,
}

impl Case {
    /// The code with its variant, as the library writes it (`0707-2`, `0606-x`).
    pub fn full_code(&self) -> String {
        match (self.fail, self.variant) {
            (true, _) => format!("{}-x", self.code),
            (false, Some(v)) => format!("{}-{v}", self.code),
            (false, None) => self.code.clone(),
        }
    }
}

/// Parses one library line; `Ok(None)` for comments and blank lines.
pub fn parse_case(text: &str, line: usize, layout: &Layout) -> Result<Option<Case>, CaseError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let bad = |what: String| CaseError { line, what };
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() < 7 || !fields[0].is_empty() {
        return Err(bad(format!(
            "expected `:CODE:CANDIDATES:GIVENS:DELETED:ELIMINATIONS:PLACEMENTS:EXTRA`, found `{}`",
            shorten(text)
        )));
    }
    let (code, variant, fail) = match fields[1].split_once('-') {
        None => (fields[1], None, false),
        Some((code, "x")) => (code, None, true),
        Some((code, v)) => match v.parse::<u32>() {
            Ok(v) => (code, Some(v), false),
            Err(_) => return Err(bad(format!("bad variant `{v}` in `{}`", fields[1]))),
        },
    };
    if code.len() < 4 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(format!("bad technique code `{}`", fields[1])));
    }
    let givens: String = fields[3].chars().filter(|&c| c != '+').collect();
    if givens.chars().count() != 81 {
        return Err(bad(format!(
            "the givens have {} cells, not 81",
            givens.chars().count()
        )));
    }
    let mut digits = Vec::with_capacity(81);
    for ch in givens.chars() {
        digits.push(match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            other => {
                return Err(bad(format!(
                    "`{other}` is not a digit or `.` in the givens"
                )))
            }
        });
    }
    let deleted =
        candidates_list(fields[4]).map_err(|w| bad(format!("deleted candidates: {w}")))?;
    let mut eliminations =
        candidates_list(fields[5]).map_err(|w| bad(format!("eliminations: {w}")))?;
    let mut placements = candidates_list(fields[6]).map_err(|w| bad(format!("placements: {w}")))?;
    eliminations.sort_unstable();
    placements.sort_unstable();
    let extra = match fields.get(7).map(|f| f.trim()) {
        None | Some("") => None,
        Some(f) => Some(
            f.parse::<usize>()
                .map_err(|_| bad(format!("bad extra field `{f}`")))?,
        ),
    };
    let mut board = Board::new(layout, &digits);
    for (cell, digit) in deleted {
        board.eliminate(cell, digit);
    }
    Ok(Some(Case {
        line,
        code: code.to_string(),
        variant,
        fail,
        candidates: fields[2].trim().to_string(),
        board,
        eliminations,
        placements,
        extra,
    }))
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 40 {
        format!("{}...", text.chars().take(40).collect::<String>())
    } else {
        text.to_string()
    }
}

/// `"436 257"` as (cell, digit) pairs: digit, row, column, each 1..9.
fn candidates_list(field: &str) -> Result<Vec<(usize, u8)>, String> {
    field
        .split_whitespace()
        .map(|item| {
            let b = item.as_bytes();
            if b.len() != 3 || !b.iter().all(|c| (b'1'..=b'9').contains(c)) {
                return Err(format!("`{item}` is not DIGIT ROW COLUMN"));
            }
            let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            Ok((r * 9 + c, d))
        })
        .collect()
}

/// The verdict on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// As expected, by HoDoKu's own rule: every step with the case's candidates has
    /// exactly the expected effect.
    Pass,
    /// The expected step is found (with its length), but so is another step with the
    /// same candidates that HoDoKu does not report (a different loop through the same
    /// digits); every step agrees with the case's solution.
    PassWithOthers(String),
    /// Not as expected, and why.
    Fail(String),
    /// We have no such technique.
    Unsupported,
}

impl Verdict {
    /// True for the two passing verdicts.
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass | Verdict::PassWithOthers(_))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Pass => f.write_str("pass"),
            Verdict::PassWithOthers(why) => write!(f, "pass (with another step: {why})"),
            Verdict::Fail(why) => write!(f, "FAIL: {why}"),
            Verdict::Unsupported => f.write_str("unsupported"),
        }
    }
}

/// HoDoKu's candidate field of a step.
pub fn candidate_field(step: &Step) -> String {
    digits_compact(step.digits)
}

fn effect_text(eliminations: &[(usize, u8)], placements: &[(usize, u8)]) -> String {
    let list = |items: &[(usize, u8)]| {
        items
            .iter()
            .map(|&(cell, d)| format!("{d}{}{}", cell / 9 + 1, cell % 9 + 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "eliminations [{}] placements [{}]",
        list(eliminations),
        list(placements)
    )
}

/// Checks `case` (see the module docs).
pub fn check_case(case: &Case, layout: &Layout, topo: &Topology) -> Verdict {
    let Some(technique) = Technique::from_code(&case.code) else {
        return Verdict::Unsupported;
    };
    let options = Options {
        two_cell_empty_rectangles: case.code == "0402" && case.variant == Some(1),
        ..Options::default()
    };
    let steps = all_steps(layout, topo, &case.board, technique, options);
    // Every step must agree with the case's solution: a wrong one is a bug whatever else.
    let solution = super::search::solutions(topo, &case.board, 2)
        .filter(|found| found.len() == 1)
        .map(|mut found| found.remove(0));
    if let Some(solution) = &solution {
        if let Some(wrong) = steps.iter().find(|s| !s.agrees_with(solution)) {
            return Verdict::Fail(format!(
                "a step disagrees with the solution: {} ({})",
                wrong.effects_text(layout),
                wrong.text
            ));
        }
    }
    let matching: Vec<&Step> = steps
        .iter()
        .filter(|s| candidate_field(s) == case.candidates)
        .collect();
    if case.fail {
        return match matching.first() {
            None => Verdict::Pass,
            Some(step) => Verdict::Fail(format!("found a step in a fail case: {}", step.text)),
        };
    }
    if technique == Technique::TemplateSet && !matching.is_empty() {
        // HoDoKu sets every cell all templates use in one step; ours place one each.
        let mut places: Vec<(usize, u8)> = matching
            .iter()
            .filter_map(|s| match s.effect {
                Effect::Place { cell, digit } => Some((cell, digit)),
                Effect::Eliminate(_) => None,
            })
            .collect();
        places.sort_unstable();
        return if places == case.placements {
            Verdict::Pass
        } else {
            Verdict::Fail(format!(
                "expected {}, found {}",
                effect_text(&case.eliminations, &case.placements),
                effect_text(&[], &places)
            ))
        };
    }
    if matching.is_empty() {
        let others: Vec<String> = steps.iter().take(3).map(candidate_field).collect();
        return Verdict::Fail(format!(
            "no step for candidates {} (steps for: {})",
            case.candidates,
            others.join(", ")
        ));
    }
    let effect_of = |step: &Step| match &step.effect {
        Effect::Eliminate(list) => (list.clone(), Vec::new()),
        Effect::Place { cell, digit } => (Vec::new(), vec![(*cell, *digit)]),
    };
    let expected = |step: &&&Step| {
        let (elims, places) = effect_of(step);
        elims == case.eliminations
            && places == case.placements
            && case.extra.map_or(true, |length| step.length == length)
    };
    let Some(_) = matching.iter().find(expected) else {
        let step = matching[0];
        let (elims, places) = effect_of(step);
        let lengths: Vec<usize> = matching.iter().map(|s| s.length).collect();
        return Verdict::Fail(format!(
            "expected {}{}, found {} ({}; lengths {lengths:?})",
            effect_text(&case.eliminations, &case.placements),
            case.extra
                .map(|l| format!(" of length {l}"))
                .unwrap_or_default(),
            effect_text(&elims, &places),
            step.text
        ));
    };
    let other = matching.iter().find(|s| {
        let (elims, places) = effect_of(s);
        elims != case.eliminations || places != case.placements
    });
    match (other, &solution) {
        (None, _) => Verdict::Pass,
        (Some(step), Some(_)) => {
            let (elims, places) = effect_of(step);
            Verdict::PassWithOthers(effect_text(&elims, &places))
        }
        (Some(step), None) => Verdict::Fail(format!(
            "another step with the same candidates, and no solution to check it: {}",
            step.text
        )),
    }
}
