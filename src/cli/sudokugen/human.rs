//! `sudokugen rate` (the Sudoku Explainer-style rating and its path) and `sudokugen
//! reglib` (HoDoKu's regression library against our techniques); the work is in
//! [`crate::human`].

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use super::Board;
use crate::cli::{Failure, Source};
use crate::grid::PuzzleReader;
use crate::human::rating::rate_with;
use crate::human::reglib::{check_case, parse_case, Verdict};
use crate::human::{Technique, Topology};
use crate::layout::Layout;
use crate::play::{empty_board_cnf, solutions, Solutions};

/// The levels in words, easiest first, for `--summary`.
const LEVELS: [&str; 7] = [
    "easy",
    "medium",
    "hard",
    "expert",
    "diabolical",
    "extreme",
    "beyond",
];

/// `sudokugen rate [INPUT]`: per puzzle `ER/EP/ED LEVEL (hardest: TECHNIQUE)`, or
/// `not unique` / `no solution`; with `steps` a `puzzle K:` line and then the path, one
/// step a line `EFFECTS<TAB>TECHNIQUE<TAB>WHY`; with `summary` the count and mean ER per
/// level. Exit 1 when a puzzle has no solution or several.
pub fn rate_se(
    input: Option<&Path>,
    board: &Board,
    summary: bool,
    steps: bool,
) -> Result<u8, Failure> {
    let source = Source::from_arg(input);
    let layout = board.layout()?;
    let reader = super::super::open(&source).map_err(|e| Failure::input(&source, e))?;
    let cnf = empty_board_cnf(&layout).map_err(Failure::error)?;
    let topo = Topology::new(&layout);
    let mut out = super::super::stdout();
    let mut per_level: BTreeMap<usize, (u64, f64)> = BTreeMap::new();
    let mut bad = 0u64;
    for (k, puzzle) in PuzzleReader::for_layout(reader, &layout, false).enumerate() {
        let puzzle = puzzle.map_err(|e| Failure::input(&source, e))?;
        let found = solutions(&layout, &puzzle.grid, &cnf).map_err(Failure::error)?;
        let (line, path) = match found {
            Solutions::None => {
                bad += 1;
                ("no solution".to_string(), Vec::new())
            }
            Solutions::Several(..) => {
                bad += 1;
                ("not unique".to_string(), Vec::new())
            }
            Solutions::Unique(solution) => {
                let rating = rate_with(&layout, &topo, puzzle.grid.cells(), solution.cells());
                let index = LEVELS
                    .iter()
                    .position(|&l| l == rating.level())
                    .unwrap_or(0);
                let entry = per_level.entry(index).or_default();
                entry.0 += 1;
                entry.1 += rating.er;
                let line = format!(
                    "{} {} (hardest: {})",
                    rating.text(),
                    rating.level(),
                    rating.hardest
                );
                (line, rating.steps)
            }
        };
        if summary {
            continue;
        }
        if steps {
            writeln!(out, "puzzle {}: {line}", k + 1)?;
            for step in &path {
                writeln!(
                    out,
                    "{}\t{}\t{}",
                    step.effects_text(&layout),
                    step.technique,
                    step.text.replace(['\t', '\n'], " ")
                )?;
            }
        } else {
            writeln!(out, "{line}")?;
        }
    }
    if summary {
        for (index, name) in LEVELS.iter().enumerate() {
            let (count, sum) = per_level.get(&index).copied().unwrap_or_default();
            let mean = if count > 0 { sum / count as f64 } else { 0.0 };
            writeln!(out, "{name:<12} {count:>8} mean ER {mean:.1}")?;
        }
        if bad > 0 {
            writeln!(out, "{:<12} {bad:>8}", "not unique or no solution")?;
        }
    }
    out.flush()?;
    Ok(if bad > 0 { 1 } else { 0 })
}

/// `sudokugen reglib FILE [--technique T]`: every case of the library whose technique we
/// have; prints per code `CODE<TAB>PASSED<TAB>FAILED<TAB>NAME`, then one line per
/// failing case. Exit 1 when a case fails, 2 for an unreadable line.
pub fn reglib(input: &Path, only: Option<&str>) -> Result<u8, Failure> {
    let source = Source::File(input.to_path_buf());
    let text = super::super::read_to_string(&source).map_err(|e| Failure::input(&source, e))?;
    let only = match only {
        Some(name) => Some(name.parse::<Technique>().map_err(Failure::usage)?),
        None => None,
    };
    let layout = Layout::square(9).map_err(Failure::error)?;
    let topo = Topology::new(&layout);
    let mut table: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let case = parse_case(line, i + 1, &layout).map_err(|e| Failure::input(&source, e))?;
        let Some(case) = case else { continue };
        let Some(technique) = Technique::from_code(&case.code) else {
            continue;
        };
        if only.is_some_and(|t| t.code() != technique.code()) {
            continue;
        }
        let verdict = check_case(&case, &layout, &topo);
        if verdict == Verdict::Unsupported {
            continue;
        }
        let entry = table.entry(case.full_code()).or_default();
        if verdict.passed() {
            entry.0 += 1;
        } else {
            entry.1 += 1;
            failures.push(format!(
                "line {} ({}): {verdict}",
                case.line,
                case.full_code()
            ));
        }
    }
    let mut out = super::super::stdout();
    for (code, (pass, fail)) in &table {
        let base = code.split('-').next().unwrap_or(code);
        let name = Technique::from_code(base).map_or("", |t| t.name());
        writeln!(out, "{code}\t{pass}\t{fail}\t{name}")?;
    }
    for failure in &failures {
        writeln!(out, "{failure}")?;
    }
    out.flush()?;
    Ok(if failures.is_empty() { 0 } else { 1 })
}
