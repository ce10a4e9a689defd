//! `sudoku2cnf`: encode a Sudoku puzzle as DIMACS CNF.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use sudosat::cli::{self, Failure, Source};
use sudosat::dimacs::write_dimacs;
use sudosat::encode::{encode_sudoku, encoding_stats};
use sudosat::grid::{ParseOptions, Puzzle, PuzzleReader};
use sudosat::layout::Layout;

const AFTER_HELP: &str = "\
INPUT:
  Line format: one puzzle per line, one symbol per cell, row by row: 1-9 then A-Z
  (A = 10) for sizes up to 35x35, '.' or '0' for a blank. Block format: n lines of n
  whitespace-separated numbers ('0' or '.' blank), puzzles separated by blank lines; the
  only format for sizes above 35x35. Lines starting with '#' are comments. The format and
  the size (4, 9, 16, 25, 36, 49, 64) are detected from the text; --size forces the size.

OUTPUT:
  DIMACS CNF on stdout. Variable var(r, c, v) = (r*n + c)*n + v, r and c 0-based, v in
  1..n. Clauses: each cell holds at least and at most one value; each value appears at
  least and at most once per row, column and box; one unit clause per given. Comment lines
  at the top name the tool, layout, size, encoding and puzzle, and 'c p show' lines list
  the variables that make up a solution.

EXIT CODES:
  0  success
  1  the output could not be written
  2  invalid puzzle, unreadable input or bad usage";

/// Encode a Sudoku puzzle (n²×n², n up to 64) as a DIMACS CNF formula.
#[derive(Parser)]
#[command(name = "sudoku2cnf", version, after_help = AFTER_HELP)]
struct Args {
    /// Puzzle file; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The side of the grid (4, 9, 16, ...), instead of detecting it.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Encode puzzle number K (1-based) of a file holding several.
    #[arg(long, value_name = "K", conflicts_with = "split")]
    index: Option<usize>,
    /// Write one DIR/NNNNNN.cnf per puzzle instead of one formula on stdout.
    #[arg(long, value_name = "DIR")]
    split: Option<PathBuf>,
    /// Print variables, clauses and the clause-length histogram on stderr.
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    cli::run("sudoku2cnf", || encode(Args::parse()))
}

fn encode(args: Args) -> Result<u8, Failure> {
    let source = Source::from_arg(args.input.as_deref());
    let input = cli::open(&source).map_err(|error| Failure::input(2, &source, error))?;
    let options = ParseOptions {
        size: args.size,
        allow_conflicts: false,
    };
    let mut puzzles =
        PuzzleReader::new(input, &options).map_err(|error| Failure::input(2, &source, error))?;
    let mut next = || -> Result<Option<Puzzle>, Failure> {
        puzzles
            .next()
            .transpose()
            .map_err(|error| Failure::input(2, &source, error))
    };
    if let Some(dir) = &args.split {
        // Read and validate every puzzle before writing any file.
        let mut all = Vec::new();
        while let Some(puzzle) = next()? {
            all.push(puzzle);
        }
        if all.is_empty() {
            return Err(Failure::input(2, &source, "no puzzle found"));
        }
        return write_split(dir, &all, args.stats);
    }
    let wanted = args.index.unwrap_or(1);
    if wanted == 0 {
        return Err(Failure::new(2, "--index counts from 1"));
    }
    let mut chosen = None;
    let mut count = 0;
    while let Some(puzzle) = next()? {
        count += 1;
        if count == wanted {
            chosen = Some(puzzle);
            if args.index.is_some() {
                break;
            }
        } else if args.index.is_none() {
            return Err(Failure::input(
                2,
                &source,
                "holds several puzzles: choose one with --index K or write them all with --split DIR",
            ));
        }
    }
    let puzzle = chosen.ok_or_else(|| match count {
        0 => Failure::input(2, &source, "no puzzle found"),
        _ => Failure::input(
            2,
            &source,
            format!("--index {wanted} is past the last puzzle ({count})"),
        ),
    })?;
    let bytes = encode_puzzle(&puzzle, args.stats)?;
    let mut out = cli::stdout();
    out.write_all(&bytes)?;
    out.flush()?;
    Ok(0)
}

/// The whole DIMACS text of one puzzle, built in memory so that a failure never leaves half
/// a formula on stdout.
fn encode_puzzle(puzzle: &Puzzle, stats: bool) -> Result<Vec<u8>, Failure> {
    let layout = Layout::square(puzzle.grid.size()).map_err(|error| Failure::new(2, error))?;
    let encoding = encode_sudoku(&puzzle.grid, &layout).map_err(|error| Failure::new(2, error))?;
    if stats {
        eprint!("{}", encoding_stats(&encoding.cnf));
    }
    let mut bytes = Vec::new();
    write_dimacs(&mut bytes, &encoding.cnf, &encoding.comments)?;
    Ok(bytes)
}

fn write_split(dir: &Path, puzzles: &[Puzzle], stats: bool) -> Result<u8, Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|error| Failure::new(1, format!("cannot create {}: {error}", dir.display())))?;
    for puzzle in puzzles {
        let path = dir.join(format!("{:06}.cnf", puzzle.number));
        let bytes = encode_puzzle(puzzle, stats)?;
        std::fs::write(&path, bytes).map_err(|error| {
            Failure::new(1, format!("cannot write {}: {error}", path.display()))
        })?;
    }
    Ok(0)
}
