//! The body of `model2grid`: read a stream of solver answers block by block, decode each
//! model into a grid of the layout (given, from a CNF header, or detected from the first
//! model), check it against the puzzle when one is known, and write one record per block.
//! The binary only parses flags into [`Model2GridOptions`].
//!
//! A grouped stream (`satsolve --models N` on a stream of puzzles: `c cube K models M
//! END` lines, [`crate::model::group`]) gives, per puzzle, the line
//! `puzzle K: VERDICT (M grids...)` and then the puzzle's M grids, so that `gridcheck`
//! can pair every grid with its puzzle and report which puzzles are unique.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use super::{Failure, Source};
use crate::encode::{read_cnf_header, LineEncoding};
use crate::grid::format::{to_block_for, to_line, to_pretty};
use crate::grid::{to_svg, Grid, Marker, PuzzleReader};
use crate::layout::{Layout, LayoutChoice};
use crate::lit::Lit;
use crate::model::group::{ModelsLine, PuzzleLine};
use crate::model::{detect_layout, max_var, AnswerStream, GridDecoder, Status};

/// The `--help` text after the options: input forms, output formats, streams and exit
/// codes.
pub const AFTER_HELP: &str = "\
INPUT:
  A solver's answer in any common form: SAT competition output ('s' and 'v' lines, wrapped
  or not), MiniSat's result file ('SAT' then the literals), the course's .res ('s 1'),
  or bare literal lines. The model may list every variable or only the true ones
  (satsolve --true-only).
  A stream of answers (satsolve on a batch, or per-puzzle answers concatenated) is read
  block by block, a block starting at each status line, and gives one record per block,
  in order.
  The layout comes from --layout (sudoku, x-sudoku, hanidoku or a layout file) and --size
  (sudoku and x-sudoku without --size take the size from the model), from the header
  comments of the CNF given with --cnf (which name the layout, or embed
  the layout file), or from the model: a full model's largest variable is n*n*n for an
  n x n grid (549 for hanidoku; 669 or 753 with the auxiliary variables of sudoku2cnf
  --lines presence, order or starts, the default); a true-only model has one positive literal per cell, the
  largest in the last cell's range (721..729 for 9x9). A model whose variables are those
  of another grid size is refused.

OUTPUT:
  --format auto (the default) writes the line format for grids up to 35x35 (one line per
  grid) and the block format above, so the pipeline works at every size. --format block
  is the course format: n lines of space-separated numbers, a blank line between grids.
  Hanidoku: --format line prints the 61 digits on one line, block one row of the
  honeycomb per line, pretty draws the honeycomb with rows offset by half a cell.
  --format svg writes a standalone SVG picture (square grids with thick box or region
  borders and shaded diagonals / extra houses; Hanidoku as a honeycomb). Givens are bold
  black and solved digits blue when the puzzle is known: from --puzzle FILE (one puzzle,
  in any format sudoku2cnf reads, for the same layout), or else from the 'c puzzle' lines
  of the CNF given with --cnf. Otherwise every digit is drawn alike.
  --puzzle is checked against the grid in every format: each given must keep its value.

STREAMS:
  In a stream of two or more blocks, an UNSATISFIABLE block gives the record line
  'unsolvable' and an UNKNOWN block the line 'unknown' (in the block formats followed by
  the blank separator line like any record), so grids stay paired with their puzzles;
  stderr names the block, and the exit code is 1 after all records are written. A lone
  answer without a solution writes nothing, unless --batch says that the input is a
  batch (of one puzzle). --format svg takes one answer; --puzzle
  holds one puzzle, whose givens every block must keep (satsolve --models N writes
  several models of one puzzle); to pair a batch with its puzzles use gridcheck --puzzle.
  A block cut short (a model without its final 0) is an error naming the block and line;
  a lone full model that stops before the layout's last variable is reported as too short.

SEVERAL MODELS PER PUZZLE:
  satsolve --models N on a stream heads each puzzle's blocks with 'c cube K models M
  END'. Each puzzle then gives the line 'puzzle K: VERDICT (M grids)' (VERDICT unique,
  several, none or unknown; ', more may exist' when the limit N stopped the search,
  ', the search gave up' after a limit or Ctrl-C), followed by its M grids (none for
  none, and no marker line). In the block formats a blank line goes before each
  'puzzle' line and between grids. gridcheck --puzzle FILE pairs the grids of puzzle K
  with the K-th puzzle of FILE, and gridcheck --unique reports the verdicts. A group
  short of its blocks, or a block past them, is an error naming the line.

EXIT CODES:
  0  every block was decoded and written (several grids of a puzzle included)
  1  some block (in a grouped stream, puzzle) had no solution (UNSATISFIABLE or
     UNKNOWN), an unreadable or truncated answer, a model that does not give every cell
     exactly one value, or a grid that changes a given of --puzzle
  2  bad command-line usage, or a --puzzle file that is unreadable or not one puzzle of
     the layout";

/// How each grid is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GridFormat {
    /// `Line` for grids up to 35x35, `Block` above (the line format has no symbol past 35).
    #[default]
    Auto,
    /// One line, one symbol per cell.
    Line,
    /// The course's block format: one row per line.
    Block,
    /// Rows with box or region borders, for people.
    Pretty,
    /// A standalone SVG picture.
    Svg,
}

/// Everything `model2grid` was asked to do, independent of how the flags were spelled.
#[derive(Clone, Debug, Default)]
pub struct Model2GridOptions {
    /// The answers (a file or stdin; gzip detected).
    pub input: Source,
    /// `--size`: the side of the grid.
    pub size: Option<usize>,
    /// `--layout`: a built-in name or a layout file.
    pub layout: Option<String>,
    /// `--cnf`: the formula whose header names the layout (and the puzzle).
    pub cnf: Option<PathBuf>,
    /// `--puzzle`: the one puzzle every grid must keep the givens of (`-`: stdin).
    pub puzzle: Option<PathBuf>,
    /// How grids are written.
    pub format: GridFormat,
    /// Read a lone answer as a batch of one: its marker is written too.
    pub batch: bool,
}

/// Runs `model2grid` on stdout; returns the exit code (0 or 1) or the failure to report.
pub fn run(options: &Model2GridOptions) -> Result<u8, Failure> {
    let input =
        super::open(&options.input).map_err(|error| Failure::error_in(&options.input, error))?;
    run_on(options, input, super::stdout())
}

/// [`run`] on a given input and output, so that whole streams can be tested in-process.
fn run_on<R: BufRead, W: Write>(
    options: &Model2GridOptions,
    input: R,
    out: W,
) -> Result<u8, Failure> {
    let source = options.input.clone();
    let puzzle_source = super::second_input(
        &source,
        options.puzzle.as_deref(),
        "the answer and the puzzle",
    )?;
    let mut header_puzzle = None;
    let choice = match (options.layout.as_deref(), options.size, &options.cnf) {
        (None, None, Some(path)) => {
            let (layout, puzzle) = layout_from_cnf(&Source::File(path.clone()))?;
            header_puzzle = puzzle;
            LayoutChoice::Fixed(layout)
        }
        (spec, size, _) => LayoutChoice::from_args(spec, size).map_err(Failure::usage)?,
    };
    let mut run = Run {
        format: options.format,
        batch: options.batch,
        source,
        puzzle_source,
        choice,
        header_puzzle,
        givens: None,
        decoder: None,
        writer: RecordWriter {
            out,
            format: options.format,
            written: 0,
            after_heading: false,
        },
        held: None,
        failed: 0,
        puzzles: 0,
    };
    let mut stream = AnswerStream::new(input);
    let result = run.all_blocks(&mut stream);
    // The records written before an error stay: they are the answers of the blocks before.
    run.writer.out.flush()?;
    result?;
    if let Some(status) = run.held {
        return Err(Failure::error(format!(
            "no solution: the solver answered {}",
            status.as_str()
        )));
    }
    if run.failed > 0 {
        let (count, what) = match run.puzzles {
            0 => (stream.blocks(), "blocks"),
            puzzles => (puzzles, "puzzles"),
        };
        eprintln!(
            "model2grid: {} of {count} {what} had no solution",
            run.failed
        );
        return Ok(1);
    }
    Ok(0)
}

/// Writes the records of a stream: grids in the chosen format, and marker lines. Block
/// formats put a blank line between records (the course's file of solved grids).
struct RecordWriter<W: Write> {
    out: W,
    format: GridFormat,
    written: usize,
    /// The last thing written is a `puzzle K:` line: its first grid follows without a
    /// blank line.
    after_heading: bool,
}

impl<W: Write> RecordWriter<W> {
    /// `format` with `auto` resolved for `size` (`None`: not known yet).
    fn resolved(&self, size: Option<usize>) -> GridFormat {
        match (self.format, size) {
            (GridFormat::Auto, Some(size)) if size > 35 => GridFormat::Block,
            (GridFormat::Auto, _) => GridFormat::Line,
            (other, _) => other,
        }
    }

    fn start_record(&mut self, format: GridFormat) -> Result<(), Failure> {
        let heading = std::mem::take(&mut self.after_heading);
        if self.written > 0 && !heading && matches!(format, GridFormat::Block | GridFormat::Pretty)
        {
            self.out.write_all(b"\n")?;
        }
        self.written += 1;
        Ok(())
    }

    /// The `puzzle K:` line over a puzzle's grids (none in a picture, which is one grid).
    fn heading(&mut self, line: &PuzzleLine, size: Option<usize>) -> Result<(), Failure> {
        let format = self.resolved(size);
        if format == GridFormat::Svg {
            return Ok(());
        }
        self.start_record(format)?;
        writeln!(self.out, "{line}")?;
        self.after_heading = true;
        Ok(())
    }

    fn marker(&mut self, marker: Marker, size: Option<usize>) -> Result<(), Failure> {
        let format = self.resolved(size);
        self.start_record(format)?;
        self.out.write_all(marker.as_str().as_bytes())?;
        self.out.write_all(b"\n")?;
        Ok(())
    }

    fn grid(&mut self, grid: &Grid, layout: &Layout, givens: Option<&Grid>) -> Result<(), Failure> {
        let size = layout.size();
        let format = self.resolved(Some(size));
        let text = match format {
            GridFormat::Auto | GridFormat::Line => to_line(grid).ok_or_else(|| {
                Failure::error(format!("a {size}x{size} grid has no line format (symbols end at 35); use --format block"),
                )
            })?,
            GridFormat::Block => to_block_for(grid, layout),
            GridFormat::Pretty => to_pretty(grid, layout),
            GridFormat::Svg => to_svg(grid, layout, givens),
        };
        self.start_record(format)?;
        self.out.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// What a decoding run keeps from block to block.
struct Run<W: Write> {
    format: GridFormat,
    batch: bool,
    source: Source,
    puzzle_source: Option<Source>,
    /// The layout from the flags or the CNF header, or the family whose size the first
    /// model decides.
    choice: LayoutChoice,
    header_puzzle: Option<Grid>,
    /// The puzzle of --puzzle (or the header's, for pictures), read at the first SAT
    /// block: every grid must keep its givens (several blocks are then several models of
    /// that one puzzle, as `satsolve --models` writes them).
    givens: Option<Grid>,
    /// Set at the first SAT block; every later block is decoded with its layout.
    decoder: Option<GridDecoder>,
    writer: RecordWriter<W>,
    /// Block 1's status when it had no model: a lone answer writes no record (as before
    /// streams), so its marker waits until a second block shows this is a stream.
    held: Option<Status>,
    /// Blocks (or, in a grouped stream, puzzles) without a grid.
    failed: usize,
    /// The puzzles of a grouped stream (`c cube` lines) read so far.
    puzzles: usize,
}

impl<W: Write> Run<W> {
    fn all_blocks<R: BufRead>(&mut self, stream: &mut AnswerStream<R>) -> Result<(), Failure> {
        while let Some(block) = stream
            .next_block()
            .map_err(|error| Failure::error_in(&self.source, error))?
        {
            if block.number == 2 {
                self.second_block()?;
            }
            if let Some((group, 0)) = block.group {
                self.group(&group, block.status)?;
            }
            match (block.group, block.status) {
                (_, Status::Sat) => self.grid(block.number, block.line, block.literals)?,
                // A puzzle without a model: its `puzzle K:` line says so.
                (Some(_), _) => self.failed += 1,
                (None, status) if block.number == 1 && !self.batch => self.held = Some(status),
                (None, status) => self.marker(block.number, status)?,
            }
        }
        Ok(())
    }

    /// The input is a stream: write block 1's held marker, refuse what draws one answer.
    fn second_block(&mut self) -> Result<(), Failure> {
        if self.format == GridFormat::Svg {
            return Err(Failure::error(
                "the answer holds several blocks but --format svg draws one grid",
            ));
        }
        if let Some(status) = self.held.take() {
            self.marker(1, status)?;
        }
        Ok(())
    }

    /// Writes the `puzzle K:` line of the group `group`, whose first block has `status`.
    fn group(&mut self, group: &ModelsLine, status: Status) -> Result<(), Failure> {
        if status != Status::Sat {
            eprintln!(
                "model2grid: puzzle {}: no solution, the solver answered {}",
                group.cube,
                status.as_str()
            );
        }
        self.puzzles += 1;
        let line = PuzzleLine {
            puzzle: group.cube,
            grids: group.models,
            end: group.end,
        };
        let size = self.size();
        self.writer.heading(&line, size)
    }

    /// The grid size, once known.
    fn size(&self) -> Option<usize> {
        self.decoder
            .as_ref()
            .map(|decoder| decoder.layout().size())
            .or(self.choice.fixed().map(Layout::size))
    }

    fn marker(&mut self, number: usize, status: Status) -> Result<(), Failure> {
        let marker = if status == Status::Unsat {
            Marker::Unsolvable
        } else {
            Marker::Unknown
        };
        eprintln!(
            "model2grid: block {number}: no solution, the solver answered {}; wrote `{}`",
            status.as_str(),
            marker.as_str()
        );
        self.failed += 1;
        let size = self.size();
        self.writer.marker(marker, size)
    }

    /// Decodes, checks and writes the grid of SAT block `number`, whose status is at `line`.
    fn grid(&mut self, number: usize, line: usize, literals: &[Lit]) -> Result<(), Failure> {
        // Messages about block 1 read as they did before streams; later ones say where
        // the block starts, to find it in a long stream.
        let prefix = |error: &dyn std::fmt::Display| {
            if number == 1 {
                error.to_string()
            } else {
                format!("block {number}: {error} (from line {line})")
            }
        };
        let first = self.decoder.is_none();
        if first {
            let layout = match &self.choice {
                LayoutChoice::Fixed(layout) => layout.clone(),
                choice => layout_from_model(literals, choice)?,
            };
            check_model_size(literals, &layout)?;
            self.decoder = Some(GridDecoder::new(&layout));
        }
        let Some(decoder) = self.decoder.as_mut() else {
            return Ok(());
        };
        let grid = decoder
            .decode(literals)
            .map_err(|error| Failure::error(prefix(&error)))?;
        // Borrowed, not cloned: a layout owns its house lists, too dear to copy per block.
        let layout = decoder.layout();
        if first {
            self.givens = match &self.puzzle_source {
                Some(source) => Some(read_one_puzzle(source, layout)?),
                // The header's puzzle is only drawn, so only read for pictures: the text
                // formats keep decoding exactly as before.
                None if self.format == GridFormat::Svg => self.header_puzzle.take(),
                None => None,
            };
        }
        if let Some(puzzle) = &self.givens {
            check_givens_kept(&grid, puzzle, layout, self.puzzle_source.as_ref())
                .map_err(|failure| Failure::new(failure.code, prefix(&failure.message)))?;
        }
        self.writer.grid(&grid, layout, self.givens.as_ref())
    }
}

/// Refuses a model whose variables are those of another built-in layout than `layout`.
fn check_model_size(literals: &[Lit], layout: &Layout) -> Result<(), Failure> {
    let num_vars = layout.num_cells() * layout.size();
    // The layout's own count with a line encoding's auxiliary variables is no mismatch,
    // even where it happens to be another layout's count.
    let largest = max_var(literals);
    if LineEncoding::ALL
        .iter()
        .any(|lines| largest == num_vars + lines.auxiliary_vars(layout) && largest > num_vars)
    {
        return Ok(());
    }
    let Some(other) = detect_layout(literals) else {
        return Ok(());
    };
    if other.num_cells() * other.size() == num_vars {
        return Ok(());
    }
    Err(other_layout(literals, &other, &describe(layout)))
}

/// The failure for a model whose variables are those of `other`, not of the layout
/// described by `expected`.
fn other_layout(literals: &[Lit], other: &Layout, expected: &str) -> Failure {
    Failure::error(format!(
        "the model's variables (the largest is {}) are those of a {} but the layout is {expected}",
        max_var(literals),
        describe(other),
    ))
}

/// The layout named (or embedded) in the comment lines above the `p` line of a CNF, and
/// the puzzle its `c puzzle` lines give, if any.
fn layout_from_cnf(source: &Source) -> Result<(Layout, Option<Grid>), Failure> {
    let input = super::open(source).map_err(|error| Failure::error_in(source, error))?;
    let header = read_cnf_header(input).map_err(|error| Failure::error_in(source, error))?;
    Ok((header.layout, header.puzzle))
}

/// The single puzzle of `source`, read for `layout`. A file of several puzzles is refused
/// rather than guessed from: the model belongs to one of them.
fn read_one_puzzle(source: &Source, layout: &Layout) -> Result<Grid, Failure> {
    let input = super::open(source).map_err(|error| Failure::input(source, error))?;
    let mut puzzles = PuzzleReader::for_layout(input, layout, true);
    let first = puzzles
        .next()
        .transpose()
        .map_err(|error| Failure::input(source, error))?
        .ok_or_else(|| Failure::input(source, "no puzzle found"))?;
    if puzzles.next().is_some() {
        return Err(Failure::input(
            source,
            "holds several puzzles; model2grid draws one grid: give a file with only its \
             puzzle (or --cnf FILE, whose header names the puzzle)",
        ));
    }
    Ok(first.grid)
}

/// Refuses a grid that changes a given: the puzzle is not the one this model solves, and
/// drawing it as given would show digits that were never there.
fn check_givens_kept(
    grid: &Grid,
    puzzle: &Grid,
    layout: &Layout,
    puzzle_source: Option<&Source>,
) -> Result<(), Failure> {
    let changed = grid
        .cells()
        .iter()
        .zip(puzzle.cells())
        .position(|(&value, &given)| given != 0 && value != given);
    let Some(cell) = changed else {
        return Ok(());
    };
    let (row, col) = layout.position(cell);
    let origin = match puzzle_source {
        Some(source) => format!("the puzzle of {source}"),
        None => "the puzzle in the CNF header".to_string(),
    };
    Err(Failure::error(format!(
        "row {} column {}: the grid has {} where {origin} gives {}: the model does not \
             solve that puzzle",
        row + 1,
        col + 1,
        grid.cells()[cell],
        puzzle.cells()[cell]
    )))
}

/// "9x9 grid" for square layouts, the layout's name otherwise.
fn describe(layout: &Layout) -> String {
    if layout.is_square() {
        format!("{0}x{0} grid", layout.size())
    } else {
        layout.name().to_string()
    }
}

/// The layout of a model read without --size or --cnf, for the family `choice` (square or
/// X-Sudoku) at the size the model shows (the rule is in `crate::model::decode`).
fn layout_from_model(literals: &[Lit], choice: &LayoutChoice) -> Result<Layout, Failure> {
    let detected = detect_layout(literals).ok_or_else(|| {
        // A full model lists false variables too: one that ends short of any size was
        // most likely cut, which --size alone would not mend.
        let cut = if literals.iter().any(|lit| lit.is_negative()) {
            " (a full model ending there may be a truncated answer)"
        } else {
            ""
        };
        Failure::error(format!(
            "cannot tell the grid size: the model's largest variable is {}{cut}, which is \
                 no n^3 for n in 1, 4, 9, ..., 64 (nor 549, 669 or 753 for hanidoku), and the model is not \
                 one true literal per cell; give --size N, --layout NAME or --cnf FILE",
            max_var(literals)
        ))
    })?;
    match choice {
        LayoutChoice::XSudoku if !detected.is_square() => {
            Err(other_layout(literals, &detected, "x-sudoku"))
        }
        LayoutChoice::XSudoku => LayoutChoice::XSudoku
            .for_size(detected.size())
            .map_err(Failure::error),
        _ => Ok(detected),
    }
}

#[cfg(test)]
mod tests;
