//! Statistics of solved games: a small text file of one line per solved game, and the
//! summary players ask for (games, best and median time, hints) per board and level.
//!
//! ```text
//! # sudoplay statistics: one solved game a line; tab-separated date (UTC), board,
//! # level, seconds, hints, mistakes
//! sudoplay-stats 2
//! 2024-05-01→9x9 sudoku→diabolical→312→2→0
//! ```
//!
//! (`→` standing for a tab.)
//!
//! The level is the puzzle's on Sudoku Explainer's scale. Files of version 1 named the
//! SAT levels `easy`, `medium` and `hard`; they are read as `propagation (old scale)`,
//! `probing (old scale)` and `search (old scale)` and written back as version 2 with the
//! next game.
//!
//! Every game is kept rather than running totals, so the median stays exact and a line
//! that goes wrong (an edit by hand) costs one game, not the table. Where the file lives
//! and how it is written (atomically, in the user's data directory) is the front end's
//! business; this module only reads, writes and sums the text.

use std::collections::BTreeMap;
use std::fmt::Write;

use thiserror::Error;

/// The first line every statistics file has after its comments.
const VERSION: &str = "sudoplay-stats 2";

/// The first line of the files written before version 2, whose levels were the SAT
/// levels under the words `easy`, `medium` and `hard` (now Sudoku Explainer's words).
const VERSION_1: &str = "sudoplay-stats 1";

/// The levels as the statistics order them: Sudoku Explainer's (`human::rating::
/// SeLevel`), then the SAT levels of games recorded by version 1.
pub const LEVELS: [&str; 10] = [
    "easy",
    "medium",
    "hard",
    "expert",
    "diabolical",
    "extreme",
    "beyond",
    "propagation (old scale)",
    "probing (old scale)",
    "search (old scale)",
];

/// A version 1 level, in the words of version 2: the SAT level it meant.
fn migrated_level(old: &str) -> String {
    match old {
        "easy" => LEVELS[7].to_string(),
        "medium" => LEVELS[8].to_string(),
        "hard" => LEVELS[9].to_string(),
        other => other.to_string(),
    }
}

/// One solved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The day it was solved, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The board, as the title names it (`9x9 sudoku`, `hanidoku`, `jigsaw 9x9`).
    pub board: String,
    /// The puzzle's level on Sudoku Explainer's scale, `easy` ... `beyond` (see
    /// [`LEVELS`]).
    pub level: String,
    /// Time played, in seconds.
    pub seconds: u64,
    /// Hints taken.
    pub hints: u64,
    /// Mistakes made.
    pub mistakes: u64,
}

/// A statistics file that cannot be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{file} line {line}: {message}")]
pub struct StatsError {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// What was expected and what was found.
    pub message: String,
}

/// The games of one board and level, summed up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The board.
    pub board: String,
    /// The level.
    pub level: String,
    /// Games solved.
    pub games: usize,
    /// The fastest time, in seconds.
    pub best: u64,
    /// The median time, in seconds (the mean of the middle two, rounded down, for an even
    /// count).
    pub median: u64,
    /// Hints taken over all these games.
    pub hints: u64,
}

/// The file's line for `record` (with its newline).
pub fn record_line(record: &GameRecord) -> String {
    let clean = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\n",
        clean(&record.date),
        clean(&record.board),
        clean(&record.level),
        record.seconds,
        record.hints,
        record.mistakes
    )
}

/// The whole file for `records`.
pub fn stats_text(records: &[GameRecord]) -> String {
    let mut text = format!(
        "# sudoplay statistics: one solved game a line; tab-separated date (UTC), board,\n\
         # level, seconds, hints, mistakes\n{VERSION}\n"
    );
    for record in records {
        text.push_str(&record_line(record));
    }
    text
}

/// Reads a statistics file; `file` names it in errors. An empty text has no games.
pub fn parse_stats(text: &str, file: &str) -> Result<Vec<GameRecord>, StatsError> {
    let bad = |line: usize, message: String| StatsError {
        file: file.to_string(),
        line,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty());
    let old = match lines.next() {
        None => return Ok(Vec::new()),
        Some((_, first)) if first.trim() == VERSION => false,
        Some((_, first)) if first.trim() == VERSION_1 => true,
        Some((n, first)) => return Err(bad(n, format!("expected `{VERSION}`, found `{first}`"))),
    };
    let mut records = Vec::new();
    for (n, line) in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let [date, board, level, seconds, hints, mistakes] = fields[..] else {
            return Err(bad(
                n,
                format!(
                    "expected 6 tab-separated fields (date, board, level, seconds, hints, \
                     mistakes), found {}",
                    fields.len()
                ),
            ));
        };
        let number = |name: &str, value: &str| {
            value.trim().parse::<u64>().map_err(|_| {
                bad(
                    n,
                    format!("expected a whole number of {name}, found `{value}`"),
                )
            })
        };
        records.push(GameRecord {
            date: date.to_string(),
            board: board.to_string(),
            level: if old {
                migrated_level(level)
            } else {
                level.to_string()
            },
            seconds: number("seconds", seconds)?,
            hints: number("hints", hints)?,
            mistakes: number("mistakes", mistakes)?,
        });
    }
    Ok(records)
}

/// Where a level sorts: the known levels in order, then the others by name.
fn level_rank(level: &str) -> (usize, String) {
    let rank = LEVELS
        .iter()
        .position(|known| *known == level)
        .unwrap_or(LEVELS.len());
    (rank, level.to_string())
}

/// The games summed up per board and level, boards by name, levels easiest first.
pub fn summarize(records: &[GameRecord]) -> Vec<Summary> {
    let mut groups: BTreeMap<(String, (usize, String)), Vec<&GameRecord>> = BTreeMap::new();
    for record in records {
        groups
            .entry((record.board.clone(), level_rank(&record.level)))
            .or_default()
            .push(record);
    }
    groups
        .into_iter()
        .map(|((board, (_, level)), games)| {
            let mut times: Vec<u64> = games.iter().map(|g| g.seconds).collect();
            times.sort_unstable();
            let middle = times.len() / 2;
            let median = if times.len() % 2 == 1 {
                times[middle]
            } else {
                (times[middle - 1] + times[middle]) / 2
            };
            Summary {
                board,
                level,
                games: games.len(),
                best: times[0],
                median,
                hints: games.iter().map(|g| g.hints).sum(),
            }
        })
        .collect()
}

/// The summary as an aligned table with a header line (the header alone for no games).
pub fn summary_table(summaries: &[Summary]) -> String {
    let header = ["board", "level", "games", "best", "median", "hints"];
    let rows: Vec<[String; 6]> = summaries
        .iter()
        .map(|s| {
            [
                s.board.clone(),
                s.level.clone(),
                s.games.to_string(),
                clock_text(s.best),
                clock_text(s.median),
                s.hints.to_string(),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: [&str; 6]| {
        let mut out = String::new();
        for (column, (cell, width)) in cells.iter().zip(widths).enumerate() {
            // Words to the left, numbers to the right.
            let _ = match column {
                0 | 1 => write!(out, "{cell:<width$}  "),
                _ => write!(out, "{cell:>width$}  "),
            };
        }
        text.push_str(out.trim_end());
        text.push('\n');
    };
    line(header);
    for row in &rows {
        line([&row[0], &row[1], &row[2], &row[3], &row[4], &row[5]]);
    }
    text
}

/// Seconds as `mm:ss`, or `h:mm:ss` from an hour on.
pub fn clock_text(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 1 file's levels were SAT levels: read as such, and written back as
    /// version 2, beside the games of the new scale.
    #[test]
    fn version_1_files_keep_their_games_under_the_old_scale() {
        let old = "# comment\nsudoplay-stats 1\n2024-05-01\t9x9 sudoku\teasy\t100\t0\t0\n\
                   2024-05-02\t9x9 sudoku\thard\t300\t1\t0\n";
        let records = parse_stats(old, "old").unwrap();
        let levels: Vec<&str> = records.iter().map(|r| r.level.as_str()).collect();
        assert_eq!(levels, ["propagation (old scale)", "search (old scale)"]);
        let mut all = records.clone();
        all.push(game("9x9 sudoku", "easy", 90, 0));
        let text = stats_text(&all);
        assert!(text.contains("sudoplay-stats 2\n"), "{text}");
        let again = parse_stats(&text, "new").unwrap();
        assert_eq!(again, all, "written back unchanged");
        let order: Vec<String> = summarize(&again).into_iter().map(|s| s.level).collect();
        assert_eq!(
            order,
            ["easy", "propagation (old scale)", "search (old scale)"],
            "the new scale first"
        );
    }

    fn game(board: &str, level: &str, seconds: u64, hints: u64) -> GameRecord {
        GameRecord {
            date: "2024-05-01".into(),
            board: board.into(),
            level: level.into(),
            seconds,
            hints,
            mistakes: 0,
        }
    }

    #[test]
    fn records_read_back_and_sum_up_per_board_and_level() {
        let records = vec![
            game("9x9 sudoku", "hard", 900, 3),
            game("9x9 sudoku", "easy", 300, 0),
            game("9x9 sudoku", "easy", 100, 1),
            game("9x9 sudoku", "easy", 200, 0),
            game("9x9 sudoku", "hard", 500, 0),
            game("hanidoku", "medium", 4000, 2),
        ];
        let text = stats_text(&records);
        assert_eq!(parse_stats(&text, "stats").unwrap(), records);
        let summaries = summarize(&records);
        let rows: Vec<_> = summaries
            .iter()
            .map(|s| {
                (
                    s.board.as_str(),
                    s.level.as_str(),
                    s.games,
                    s.best,
                    s.median,
                    s.hints,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("9x9 sudoku", "easy", 3, 100, 200, 1),
                ("9x9 sudoku", "hard", 2, 500, 700, 3),
                ("hanidoku", "medium", 1, 4000, 4000, 2),
            ]
        );
        let table = summary_table(&summaries);
        assert_eq!(
            table.lines().next(),
            Some("board       level   games     best   median  hints")
        );
        assert!(
            table.contains("\nhanidoku    medium      1  1:06:40  1:06:40      2\n"),
            "{table}"
        );
        assert_eq!(parse_stats("", "stats"), Ok(Vec::new()));
    }

    #[test]
    fn a_broken_line_says_where() {
        let text = format!("{VERSION}\n2024-05-01\t9x9 sudoku\teasy\tlong\t0\t0\n");
        let error = parse_stats(&text, "stats.tsv").unwrap_err();
        assert_eq!(
            error.to_string(),
            "stats.tsv line 2: expected a whole number of seconds, found `long`"
        );
        let error = parse_stats("nonsense\n", "stats.tsv").unwrap_err();
        assert!(error
            .to_string()
            .starts_with("stats.tsv line 1: expected `sudoplay-stats 2`"));
        let error = parse_stats(&format!("{VERSION}\na\tb\n"), "s").unwrap_err();
        assert!(error.message.contains("found 2"), "{error}");
    }
}
