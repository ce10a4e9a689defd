//! What `gridcheck` counts while it checks, and the closing line it writes from the
//! counts: shared by the plain path and the grids under puzzle headings (`groups`).

/// Grids checked, how many were invalid, and how many puzzles had none.
#[derive(Debug, Default)]
pub(super) struct Counts {
    pub(super) checked: usize,
    pub(super) invalid: usize,
    pub(super) unsolved: usize,
}

/// The closing line on stderr (empty when `quiet` and every grid is valid).
pub(super) fn summary(counts: &Counts, quiet: bool) -> String {
    let Counts {
        checked,
        invalid,
        unsolved,
    } = *counts;
    if invalid > 0 {
        let markers = match unsolved {
            0 => String::new(),
            count => format!(" ({} without a solution)", plural(count, "puzzle")),
        };
        format!(
            "gridcheck: {invalid} of {} invalid{markers}\n",
            plural(checked, "grid")
        )
    } else if quiet {
        String::new()
    } else {
        format!("gridcheck: {} valid\n", plural(checked, "grid"))
    }
}

/// `1 grid`, `2 grids`.
pub(super) fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}
