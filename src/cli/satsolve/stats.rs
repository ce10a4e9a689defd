//! The closing lines of `satsolve --stats`, the same for one formula and for a stream:
//! where the time went and the peak memory, in the engines' `c name value` form.

use std::io::{self, Write};
use std::time::Duration;

use crate::solver::write_stat;

/// Where the run's time went.
pub(super) struct Times {
    /// Reading the formula (the base, for a stream).
    pub(super) parse: Duration,
    /// Solving (every block, for a stream).
    pub(super) solve: Duration,
    /// The whole run so far.
    pub(super) total: Duration,
}

/// Writes the times and the peak memory (where the system tells it).
pub(super) fn write_times(out: &mut dyn Write, times: &Times) -> io::Result<()> {
    let seconds = |time: Duration| format!("{:.3} s", time.as_secs_f64());
    write_stat(out, "parse time", seconds(times.parse))?;
    write_stat(out, "solve time", seconds(times.solve))?;
    write_stat(out, "total time", seconds(times.total))?;
    if let Some(megabytes) = crate::cli::peak_memory_mb() {
        write_stat(out, "peak memory", format_args!("{megabytes:.1} MB"))?;
    }
    Ok(())
}
