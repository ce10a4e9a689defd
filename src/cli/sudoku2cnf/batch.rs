//! `sudoku2cnf` on a file of several puzzles: one incremental CNF stream (the batch
//! contract of docs/streams.md). The base is written first, then each puzzle's cube line as soon
//! as the puzzle is read, so a file of a million puzzles streams in flat memory.
//!
//! A puzzle that cannot be read (a bad symbol, a wrong length, repeated givens, another
//! size than the first) ends the stream: the cube lines before it are already written (a
//! consumer answers those), the error names the puzzle and its line, and the exit code is
//! 2. A well-formed puzzle without a solution is no error: its cube simply has no model.

use std::io::{IsTerminal, Write};

use crate::cli::{Failure, Source, FLUSH_AT};
use crate::dimacs::write::write_icnf_base;
use crate::encode::{
    encode_batch_base, encoding_stats, push_cube, push_presolved_cube, EncodeOptions, VarMap,
};
use crate::grid::Puzzle;
use crate::layout::Layout;

/// Writes the stream for `puzzles` (all of `layout`; one with `--stream`) to stdout; returns the
/// exit code. `stats` prints the base's clause statistics on stderr; `presolve` writes
/// each cube as the givens' consequences by the single and run rules.
pub(super) fn write_stream(
    source: &Source,
    layout: &Layout,
    options: &EncodeOptions,
    stats: bool,
    presolve: bool,
    puzzles: impl Iterator<Item = Result<Puzzle, Failure>>,
) -> Result<u8, Failure> {
    let base = encode_batch_base(layout, options).map_err(Failure::usage)?;
    if stats {
        eprint!("{}", encoding_stats(&base.cnf));
    }
    let mut out = crate::cli::stdout();
    write_icnf_base(&mut out, &base.cnf, &base.comments)?;
    // A person watching a terminal sees each cube at once; a pipe gets 64 KiB writes.
    let interactive = std::io::stdout().is_terminal();
    let map = VarMap::for_layout(layout);
    let mut buf = Vec::with_capacity(FLUSH_AT + 4096);
    for puzzle in puzzles {
        let puzzle = match puzzle {
            Ok(puzzle) => puzzle,
            Err(failure) => {
                out.write_all(&buf)?;
                out.flush()?;
                return Err(failure);
            }
        };
        if puzzle.grid.size() != layout.size() || puzzle.grid.cells().len() != layout.num_cells() {
            out.write_all(&buf)?;
            out.flush()?;
            let n = puzzle.grid.size();
            return Err(Failure::input(
                source,
                format!(
                    "puzzle {} (line {}) is {n}x{n}, but the stream's layout is {}: one \
                     stream holds puzzles of one layout",
                    puzzle.number,
                    puzzle.line,
                    layout.name()
                ),
            ));
        }
        if presolve {
            push_presolved_cube(&mut buf, &puzzle.grid, layout, &map);
        } else {
            push_cube(&mut buf, &puzzle.grid, &map);
        }
        if interactive || buf.len() >= FLUSH_AT {
            out.write_all(&buf)?;
            buf.clear();
            if interactive {
                out.flush()?;
            }
        }
    }
    out.write_all(&buf)?;
    out.flush()?;
    Ok(0)
}
