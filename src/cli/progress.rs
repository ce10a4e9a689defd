//! The progress display of `satsolve` over a stream of blocks: a spinner with the count
//! and the rate (the total is unknown while the input streams), on stderr only.
//!
//! Automatic mode shows it when stderr is a terminal and the run has lasted over a second,
//! so short runs and pipelines that log stderr stay clean. `--progress` forces it: on a
//! terminal the same spinner from the start, elsewhere one plain `c progress` line per
//! second (a log file cannot redraw a line). `--no-progress` never shows it.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before the automatic display appears.
const AUTO_AFTER: Duration = Duration::from_secs(1);

/// When progress is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProgressMode {
    /// On a terminal, after a second.
    #[default]
    Auto,
    /// Always (`--progress`).
    Always,
    /// Never (`--no-progress`).
    Never,
}

/// The display; cheap to call once per block.
pub struct Progress {
    mode: ProgressMode,
    start: Instant,
    terminal: bool,
    bar: Option<ProgressBar>,
    count: u64,
    /// Plain-line mode: when the next line is due.
    next_line: Option<Instant>,
}

impl Progress {
    /// A display over blocks, starting its clock now.
    pub fn new(mode: ProgressMode) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let mut progress = Progress {
            mode,
            start: Instant::now(),
            terminal,
            bar: None,
            count: 0,
            next_line: None,
        };
        if mode == ProgressMode::Always {
            if terminal {
                progress.show();
            } else {
                progress.next_line = Some(progress.start + Duration::from_secs(1));
            }
        }
        progress
    }

    /// `blocks` more blocks are answered.
    #[inline]
    pub fn advance(&mut self, blocks: u64) {
        self.count += blocks;
        if let Some(bar) = &self.bar {
            bar.set_position(self.count);
            // indicatif's own rate prints four decimals; a whole number reads better.
            if self.count % 256 < blocks {
                let seconds = self.start.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!("{:.0} blocks/s", self.count as f64 / seconds));
            }
            return;
        }
        match self.mode {
            ProgressMode::Never => {}
            ProgressMode::Auto => {
                // Checking the clock every 64 blocks keeps this off the profile.
                if self.terminal && self.count % 64 == 0 && self.start.elapsed() > AUTO_AFTER {
                    self.show();
                }
            }
            ProgressMode::Always => {
                if let Some(due) = self.next_line {
                    let now = Instant::now();
                    if now >= due {
                        let seconds = now.duration_since(self.start).as_secs_f64();
                        let rate = self.count as f64 / seconds.max(1e-9);
                        let line =
                            format!("c progress {} blocks, {rate:.0} blocks/s\n", self.count);
                        // A closed stderr only loses the progress line.
                        let _ = std::io::stderr().write_all(line.as_bytes());
                        self.next_line = Some(due + Duration::from_secs(1));
                    }
                }
            }
        }
    }

    fn show(&mut self) {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(5));
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} {human_pos} blocks  {msg}  {elapsed}")
        {
            bar.set_style(style);
        }
        bar.set_position(self.count);
        bar.enable_steady_tick(Duration::from_millis(200));
        self.bar = Some(bar);
    }

    /// Removes the display (before the statistics are printed).
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
