//! Where the statistics live and how they are written: `stats.tsv` in the user's data
//! directory, `$XDG_DATA_HOME/sudosat` or `~/.local/share/sudosat` (the XDG base
//! directory specification, through the `etcetera` crate), rewritten whole through
//! `cli::atomic` on every solved game, so a crash or a full disk leaves the old file, not
//! half of a new one. Two games finished at the same instant in two terminals could lose
//! one record (the last rename wins); the file is never torn.

use std::io::Write;
use std::path::{Path, PathBuf};

use etcetera::BaseStrategy;

use crate::cli::atomic::AtomicFile;
use crate::play::stats::{parse_stats, stats_text, summarize, summary_table};
use crate::play::GameRecord;

/// The statistics file's name in the data directory.
const FILE: &str = "stats.tsv";

/// The statistics file: `$XDG_DATA_HOME/sudosat/stats.tsv`, or under
/// `~/.local/share` when that variable is unset; an error when there is no home.
pub fn stats_path() -> Result<PathBuf, String> {
    let strategy = etcetera::choose_base_strategy()
        .map_err(|e| format!("no data directory for the statistics: {e}"))?;
    Ok(strategy.data_dir().join("sudosat").join(FILE))
}

/// Every game recorded in `path` (none when the file does not exist yet).
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => parse_stats(&text, &path.display().to_string()).map_err(|e| e.to_string()),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(error) => Err(format!("cannot read {}: {error}", path.display())),
    }
}

/// The statistics table of `path`.
pub fn table(path: &Path) -> Result<String, String> {
    Ok(summary_table(&summarize(&read_records(path)?)))
}

/// Adds `record` to `path` (creating its directory), atomically. Returns a line for
/// the player when the game set a best time among two or more.
pub fn append(path: &Path, record: &GameRecord) -> Result<String, String> {
    let mut records = read_records(path)?;
    records.push(record.clone());
    let write = || -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut file = AtomicFile::create(path)?;
        file.write_all(stats_text(&records).as_bytes())?;
        file.commit()
    };
    write().map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let best = summarize(&records)
        .into_iter()
        .find(|s| s.board == record.board && s.level == record.level)
        .filter(|s| s.games > 1 && s.best == record.seconds);
    Ok(best.map_or(String::new(), |s| {
        format!(
            "A best time for {} ({}) over {} games!",
            s.board, s.level, s.games
        )
    }))
}
