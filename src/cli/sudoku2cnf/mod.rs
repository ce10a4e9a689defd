//! The body of `sudoku2cnf`: read puzzles, encode one as DIMACS CNF (the only one, or
//! `--index K`), a file of several as one incremental CNF stream (`batch.rs`), or each
//! into a file of its own (`--split DIR`). The binary only parses flags into
//! [`Sudoku2cnfOptions`].

use std::io::Write;
use std::path::{Path, PathBuf};

use super::atomic::AtomicFile;
use super::{Failure, Source};
use crate::dimacs::write_dimacs;
use crate::encode::{encode_with, encoding_stats, EncodeOptions, EncodingKind, LineEncoding};
use crate::grid::{ParseOptions, Puzzle, PuzzleReader};
use crate::layout::LayoutChoice;

mod batch;

/// The `--help` text after the options: input and output formats, layouts, encodings,
/// the batch stream, symmetry breaking and exit codes.
pub const AFTER_HELP: &str = "\
INPUT:
  Line format: one puzzle per line, one symbol per cell, row by row: 1-9 then A-Z
  (A = 10) for sizes up to 35x35, '.' or '0' for a blank. Block format: n lines of n
  whitespace-separated numbers ('0' or '.' blank), puzzles separated by blank lines; the
  only format for sizes above 35x35. Lines starting with '#' are comments. The format and
  the size (4, 9, 16, 25, 36, 49, 64) are detected from the text; --size forces the size.
  With --layout hanidoku: 61 symbols on a line (optionally after the course prefix HQV1G),
  or 9 lines of 5, 6, 7, 8, 9, 8, 7, 6, 5 symbols.

LAYOUTS:
  sudoku (default; size detected or --size), x-sudoku (both main diagonals are houses;
  size detected or --size, like sudoku),
  hanidoku (the 61-cell honeycomb, digits 1..9, 27 consecutive-run lines), or the path of a
  layout file (jigsaw regions, diagonals, extra houses: see testdata/layouts/README.md).

OUTPUT:
  DIMACS CNF on stdout for one puzzle (several: see SEVERAL PUZZLES). Variable var(r, c, v) = (r*n + c)*n + v, r and c 0-based, v in
  1..n, in every encoding. Clauses of the extended encoding: each cell holds at least and
  at most one value; each value appears at least and at most once per row, column and box
  (and diagonal or extra house); one unit clause per given. The default, compact, is that
  formula simplified by propagating the givens (see ENCODINGS). Hanidoku: var(cell, v) =
  cell*9 + v, cells in reading order, then the auxiliary variables of --lines (see LINE
  ENCODINGS). Comment lines at the top name the tool,
  layout (a layout file is embedded), size, encoding and puzzle, and 'c p show' lines list
  the variables that make up a solution.

ENCODINGS (--encoding; clauses for an empty 9x9):
  minimal    cell at-least-one, per house and digit at-most-one          8,829
  efficient  minimal + cell at-most-one                                 11,745
  extended   efficient + per house and digit at-least-one               11,988
  compact    (default, the fastest in scripts/encodings.py: docs/encoding.md)
             extended after propagating the givens (naked and hidden singles; on run lines
             also the runs still possible and the digits they all hold): satisfied
             clauses dropped, false literals removed, and the fixed variables written as
             unit clauses at the end, so the header still counts n^3 variables and every
             model decodes the same way (a 17-clue 9x9: about 1,200 clauses).
  Hanidoku: minimal is refused (its lines are shorter than 9 cells, so cells need their
  at-most-one clauses); efficient and extended are the same formula; the run-line clauses
  of --lines come on top.

LINE ENCODINGS (--lines; run lines of Hanidoku and honeycomb layout files; clauses of
the empty honeycomb, extended):
  runs       per line: distinct digits, each mandatory digit (10-m..m for m cells)
             appears, 'i or j appears' for low i and high j at most m apart; no
             auxiliary variables                                  549 vars   7,468
  span       distinct digits, and no two cells hold digits m or more apart (binaries)
             (slow on hard puzzles: no 'digit appears' clause)    549 vars  10,597
  runs-span  runs + span                                          549 vars  10,840
  presence   (default, the fastest in scripts/hanidoku-encodings.py: docs/encoding.md)
             one variable p(line, d) = 'd appears on the line' per non-mandatory digit,
             defined by its cells; span and low/high as binaries over p; distinct
             digits and mandatory digits as in runs              669 vars   8,428
  order      presence + ladders p(d-1) -> p(d) below the mandatory digits, p(d+1) ->
             p(d) above: the order encoding of the run's start   669 vars   8,500
  starts     presence + one variable per possible start of the run, exactly one
             true: the direct encoding of the run's start        753 vars   8,932
  Every one accepts exactly the runs. Auxiliary variables come after the cell variables;
  'c p show' lists the cell variables only, so satsolve --true-only and model2grid see
  the grid; a full model (MiniSat's) needs model2grid --cnf or --layout.

SEVERAL PUZZLES (the batch stream):
  A file of several puzzles of one layout becomes one incremental CNF (Wieringa's iCNF):
  the header comments, 'p inccnf', the EMPTY grid's clauses for --encoding once, then one
  line 'a <givens> 0' per puzzle in input order (positive cell-value literals). satsolve
  answers every 'a' line with its own s/v block. The stream is written as the puzzles are
  read (flat memory for a million puzzles). A puzzle that cannot be read (bad symbol,
  wrong length, repeated givens, another size) ends the stream with exit 2 and a message
  naming its number and line; the 'a' lines before it are already written. A well-formed
  puzzle without a solution is no error (satsolve answers it s UNSATISFIABLE).
  --break-symmetry is refused there. --presolve writes each cube as those propagated
  facts (fixed cells, removed candidates) instead of the givens alone: the same models.
  --stream writes the stream for a file of one puzzle
  too (plain DIMACS otherwise), so that pipelines built for streams take any file.
  --index K picks one puzzle (plain DIMACS); --split DIR writes one plain DIMACS file per
  puzzle, for solvers that do not read iCNF.

SYMMETRY BREAKING:
  --break-symmetry adds value-precedence clauses over the digits no given uses (on the
  open cells of the fullest house; an empty grid gets its first row fixed to 1..n). The
  formula stays satisfiable exactly when the puzzle is, but it CHANGES SOLUTION COUNTS:
  use it when any one solution will do, never to count solutions or check uniqueness.
  Refused on Hanidoku (its runs are not symmetric under renaming digits).

EXIT CODES:
  0  success
  1  the output could not be written
  2  invalid puzzle, unreadable input or bad usage";

/// Everything `sudoku2cnf` was asked to do, independent of how the flags were spelled.
#[derive(Clone, Debug, Default)]
pub struct Sudoku2cnfOptions {
    /// The puzzles (a file or stdin; gzip detected).
    pub input: Source,
    /// `--size`: the side of the grid instead of detecting it.
    pub size: Option<usize>,
    /// `--layout`: a built-in name or a layout file.
    pub layout: Option<String>,
    /// `--index K`: encode puzzle K (1-based) of several.
    pub index: Option<usize>,
    /// `--split DIR`: one CNF file per puzzle.
    pub split: Option<PathBuf>,
    /// Clause statistics on stderr.
    pub stats: bool,
    /// `--encoding`: the clause set.
    pub encoding: EncodingKind,
    /// `--lines`: the clauses of run lines (Hanidoku).
    pub lines: LineEncoding,
    /// `--break-symmetry`: value-precedence clauses (changes solution counts).
    pub break_symmetry: bool,
    /// Write the incremental CNF stream even for a file of one puzzle (`--stream`).
    pub stream: bool,
    /// `--presolve`: each cube of a stream holds the givens' consequences by the single
    /// and run rules (fixed cells, removed candidates), not the givens alone.
    pub presolve: bool,
}

/// Runs `sudoku2cnf`; returns the exit code (0) or the failure to report.
pub fn run(options: &Sudoku2cnfOptions) -> Result<u8, Failure> {
    let source = &options.input;
    let input = super::open(source).map_err(|error| Failure::input(source, error))?;
    let parse_options = ParseOptions {
        size: options.size,
        allow_conflicts: false,
    };
    let encode_options = EncodeOptions {
        kind: options.encoding,
        lines: options.lines,
        break_symmetry: options.break_symmetry,
    };
    // `sudoku` keeps the reader's size detection (or --size), and so does `x-sudoku`
    // without --size (each puzzle is encoded with the diagonals of its size); any other
    // layout fixes what the reader accepts.
    let choice = match options.layout.as_deref().filter(|&spec| spec != "sudoku") {
        Some(spec) => LayoutChoice::from_args(Some(spec), options.size).map_err(Failure::usage)?,
        None => LayoutChoice::Square,
    };
    let mut puzzles = match choice.fixed() {
        Some(layout) => PuzzleReader::for_layout(input, layout, false),
        None => PuzzleReader::new(input, &parse_options)
            .map_err(|error| Failure::input(source, error))?,
    };
    let mut next = || -> Result<Option<Puzzle>, Failure> {
        puzzles
            .next()
            .transpose()
            .map_err(|error| Failure::input(source, error))
    };
    if let Some(dir) = &options.split {
        // Read and validate every puzzle before writing any file.
        let mut all = Vec::new();
        while let Some(puzzle) = next()? {
            all.push(puzzle);
        }
        if all.is_empty() {
            return Err(Failure::input(source, "no puzzle found"));
        }
        return write_split(dir, &all, &choice, &encode_options, options.stats);
    }
    if options.index.is_none() {
        let Some(first) = next()? else {
            return Err(Failure::input(source, "no puzzle found"));
        };
        let Some(second) = next()? else {
            if options.stream {
                // The same shape as for many puzzles, so that a pipeline built for a
                // stream (satsolve --models, gridcheck --unique) takes a file of one.
                let layout = choice.for_size(first.grid.size()).map_err(Failure::usage)?;
                let puzzles = std::iter::once(Ok(first));
                return batch::write_stream(
                    source,
                    &layout,
                    &encode_options,
                    options.stats,
                    options.presolve,
                    puzzles,
                );
            }
            return print(&encode_puzzle(
                &first,
                &choice,
                &encode_options,
                options.stats,
            )?);
        };
        let layout = choice.for_size(first.grid.size()).map_err(Failure::usage)?;
        let rest = std::iter::from_fn(|| next().transpose());
        let puzzles = [Ok(first), Ok(second)].into_iter().chain(rest);
        return batch::write_stream(
            source,
            &layout,
            &encode_options,
            options.stats,
            options.presolve,
            puzzles,
        );
    }
    let wanted = options.index.unwrap_or(1);
    if wanted == 0 {
        return Err(Failure::usage("--index counts from 1"));
    }
    let mut chosen = None;
    let mut count = 0;
    while let Some(puzzle) = next()? {
        count += 1;
        if count == wanted {
            chosen = Some(puzzle);
            break;
        }
    }
    let puzzle = chosen.ok_or_else(|| match count {
        0 => Failure::input(source, "no puzzle found"),
        _ => Failure::input(
            source,
            format!("--index {wanted} is past the last puzzle ({count})"),
        ),
    })?;
    print(&encode_puzzle(
        &puzzle,
        &choice,
        &encode_options,
        options.stats,
    )?)
}

/// Writes one formula to stdout; returns the exit code.
fn print(bytes: &[u8]) -> Result<u8, Failure> {
    let mut out = super::stdout();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(0)
}

/// The whole DIMACS text of one puzzle, built in memory so that a failure never leaves half
/// a formula on stdout. A layout not fixed by the flags takes the puzzle's detected size.
fn encode_puzzle(
    puzzle: &Puzzle,
    choice: &LayoutChoice,
    options: &EncodeOptions,
    stats: bool,
) -> Result<Vec<u8>, Failure> {
    let sized;
    let layout = match choice.fixed() {
        Some(layout) => layout,
        None => {
            sized = choice
                .for_size(puzzle.grid.size())
                .map_err(Failure::usage)?;
            &sized
        }
    };
    let encoding = encode_with(&puzzle.grid, layout, options).map_err(Failure::usage)?;
    if stats {
        eprint!("{}", encoding_stats(&encoding.cnf));
    }
    let mut bytes = Vec::new();
    write_dimacs(&mut bytes, &encoding.cnf, &encoding.comments)?;
    Ok(bytes)
}

/// `--split DIR`: one CNF file per puzzle, `DIR/NNNNNN.cnf` by puzzle number.
fn write_split(
    dir: &Path,
    puzzles: &[Puzzle],
    choice: &LayoutChoice,
    options: &EncodeOptions,
    stats: bool,
) -> Result<u8, Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|error| Failure::error(format!("cannot create {}: {error}", dir.display())))?;
    for puzzle in puzzles {
        let path = dir.join(format!("{:06}.cnf", puzzle.number));
        let bytes = encode_puzzle(puzzle, choice, options, stats)?;
        // Each file appears whole or not at all: a run that fails on a disk that fills up
        // must not leave a truncated CNF for a solver loop to pick up.
        let cannot_write = |error| Failure::write(&path, error);
        let mut file = AtomicFile::create(&path).map_err(cannot_write)?;
        file.write_all(&bytes).map_err(cannot_write)?;
        file.commit().map_err(cannot_write)?;
    }
    Ok(0)
}
