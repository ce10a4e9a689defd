//! The text of the construction's grids, written at the speed of the disk.
//!
//! `sudokugen -c 1000000` writes 163 MB, and the kernel's copy of those bytes into the
//! page cache is the cost that cannot be avoided (`cat` pays it too). Whatever the
//! formatting costs comes on top, so it is made small and run beside the writes.
//!
//! **Patch, don't format.** Within one shift pattern `s`, grid `(P, s)` has `P[j]` at the
//! same n byte offsets for every `P` (the cells `(r, c)` with `(s(r) + c) mod n = j`).
//! The first rows `P` step in lexicographic order, and a step of `next_permutation`
//! changes only a suffix `P[i..]` (e ≈ 2.7 entries on average), so the next grid's
//! text is the previous one with `(n − i)·n` bytes patched: about 25 stores for a 9x9
//! grid, then one 163-byte copy into the output buffer. (The previous writer mapped
//! all 163 bytes of a template through a table per grid: 87 ms of CPU for the million
//! to /dev/null, against 36-39 ms now, `perf stat -r 20` on the loaded 2-core VM.)
//!
//! **Beside the writes.** A helper thread fills 1 MiB buffers while the calling thread
//! writes the previous one (one `write` system call each), so on two cores the text
//! costs little more than the kernel's copy. Two buffers circulate between the threads
//! through channels: nothing is allocated per grid or per buffer after the first two.
//! Two 1 MiB buffers fit the 2 MiB L2 cache of the machine measured, so the kernel
//! copies from cache.
//!
//! The bytes are exactly those of [`super::push_grid`] for the same grids in the same
//! order (a unit test compares them), so this module changes speed, never output.

use std::io::Write;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

use super::grids::{next_permutation, Construction};
use super::{push_grid, GenError, OutputFormat};
use crate::layout::Layout;

/// Bytes per output buffer (one `write` each).
pub(crate) const BUFFER: usize = 1 << 20;

/// The line-format symbol of a value (`.` blank, `1`-`9`, then `A`-`Z`), the alphabet of
/// [`crate::grid::to_line`]; the block format of grids up to 9x9 uses the same digits.
pub(crate) fn line_symbol(value: u8) -> u8 {
    match value {
        0 => b'.',
        1..=9 => b'0' + value,
        _ => b'A' + (value - 10),
    }
}

/// True when every cell of `format` is one byte for n×n grids, which the patching
/// writer needs (block format up to 9x9, line format up to 35x35).
pub(crate) fn one_byte_cells(n: usize, format: OutputFormat) -> bool {
    match format {
        OutputFormat::Block => n <= 9,
        OutputFormat::Line => n <= 35,
    }
}

/// Makes the text of consecutive grids of a [`Construction`] by patching the previous
/// grid's text (see the module docs).
pub(crate) struct GridText<'a> {
    construction: &'a Construction,
    format: OutputFormat,
    n: usize,
    /// Entries of `row` that never change (1 with `--first`).
    fixed: usize,
    /// Grids still to make.
    remaining: u64,
    /// The index of the current shift pattern.
    pattern: u128,
    /// The current first row `P`.
    row: Vec<u8>,
    /// The text of grid `(row, pattern)`.
    text: Vec<u8>,
    /// `offsets[j·n..(j+1)·n]`: where `P[j]` stands in `text`.
    offsets: Vec<u32>,
}

impl<'a> GridText<'a> {
    /// The text of the first `count` grids of `construction` in `format`, whose cells
    /// must be one byte each ([`one_byte_cells`]).
    pub(crate) fn new(
        construction: &'a Construction,
        format: OutputFormat,
        count: u64,
    ) -> GridText<'a> {
        let n = construction.size();
        debug_assert!(one_byte_cells(n, format));
        let mut text = GridText {
            construction,
            format,
            n,
            fixed: construction.fixed_prefix(),
            remaining: count,
            pattern: 0,
            row: Vec::new(),
            text: Vec::new(),
            offsets: Vec::with_capacity(n * n),
        };
        text.start_pattern();
        text
    }

    /// The bytes of one grid's text.
    pub(crate) fn grid_len(&self) -> usize {
        self.text.len()
    }

    /// Lays out pattern `self.pattern` with the first row of a fresh pattern.
    fn start_pattern(&mut self) {
        let n = self.n;
        let shifts = self.construction.pattern(self.pattern);
        self.row = self.construction.first_row();
        self.text.clear();
        let mut position = vec![0u32; n * n];
        for (r, &shift) in shifts.iter().enumerate() {
            for c in 0..n {
                if c > 0 && self.format == OutputFormat::Block {
                    self.text.push(b' ');
                }
                position[r * n + (shift + c) % n] = self.text.len() as u32;
                self.text.push(line_symbol(self.row[(shift + c) % n]));
            }
            if self.format == OutputFormat::Block || r + 1 == n {
                self.text.push(b'\n');
            }
        }
        if self.format == OutputFormat::Block {
            self.text.push(b'\n');
        }
        // position[r·n + j] is where row r holds P[j]; regroup by j.
        self.offsets.clear();
        for j in 0..n {
            self.offsets.extend((0..n).map(|r| position[r * n + j]));
        }
    }

    /// Steps to the next grid: the next first row of this pattern with its changed
    /// entries patched in, or the first grid of the next pattern.
    #[inline]
    fn advance(&mut self) {
        match next_permutation(&mut self.row[self.fixed..]) {
            Some(changed) => {
                let n = self.n;
                for j in self.fixed + changed..n {
                    let symbol = line_symbol(self.row[j]);
                    for &at in &self.offsets[j * n..(j + 1) * n] {
                        self.text[at as usize] = symbol;
                    }
                }
            }
            None => {
                self.pattern += 1;
                self.start_pattern();
            }
        }
    }

    /// Replaces `buf` with the next grids' text, as many whole grids as fit in
    /// [`BUFFER`] bytes (at least one); false when no grid was left to make.
    pub(crate) fn fill(&mut self, buf: &mut Vec<u8>) -> bool {
        if self.remaining == 0 {
            buf.clear();
            return false;
        }
        let len = self.grid_len();
        let grids = (BUFFER / len).max(1) as u64;
        let grids = grids.min(self.remaining) as usize;
        // Every byte is overwritten below: only a buffer's first fill zeroes it.
        buf.truncate(grids * len);
        buf.resize(grids * len, 0);
        // The 9x9 lengths get a copy of constant length, which the compiler inlines
        // (a call to memmove per grid was a quarter of the time).
        match len {
            163 => self.fill_slots::<163>(buf),
            82 => self.fill_slots::<82>(buf),
            _ => self.fill_slots::<0>(buf),
        }
        true
    }

    /// Copies the current grid into each `grid_len()`-byte slot of `buf`, stepping to
    /// the next grid after each but the last; `LEN` is that length, or 0 for unknown.
    fn fill_slots<const LEN: usize>(&mut self, buf: &mut [u8]) {
        let len = if LEN == 0 { self.text.len() } else { LEN };
        for slot in buf.chunks_exact_mut(len) {
            slot.copy_from_slice(&self.text[..len]);
            self.remaining -= 1;
            if self.remaining > 0 {
                self.advance();
            }
        }
    }
}

/// Writes the first `count` grids of `construction` in `format` (one-byte cells) to
/// `out`: a helper thread makes the text, this thread writes it (module docs).
pub(crate) fn write_patched(
    construction: &Construction,
    format: OutputFormat,
    count: u64,
    out: &mut dyn Write,
) -> Result<(), GenError> {
    let mut text = GridText::new(construction, format, count);
    // Full buffers go to the writer, empty ones come back; two in all.
    let (full_tx, full_rx) = sync_channel::<Vec<u8>>(2);
    let (empty_tx, empty_rx) = sync_channel::<Vec<u8>>(2);
    for _ in 0..2 {
        // Cannot fail: the receiver is alive and the channel has room for both.
        let _ = empty_tx.send(Vec::with_capacity(BUFFER));
    }
    std::thread::scope(|scope| {
        scope.spawn(move || produce(&mut text, &empty_rx, &full_tx));
        consume(full_rx, empty_tx, out)
    })?;
    out.flush()?;
    Ok(())
}

/// The helper thread: fills each empty buffer it gets and passes it on, until the grids
/// are made or the writer has hung up (a write failed).
fn produce(text: &mut GridText<'_>, empty: &Receiver<Vec<u8>>, full: &SyncSender<Vec<u8>>) {
    while let Ok(mut buf) = empty.recv() {
        if !text.fill(&mut buf) || full.send(buf).is_err() {
            return;
        }
    }
}

/// The calling thread: writes each full buffer and hands it back. Returning (on success
/// or error) drops both channel ends it owns, which stops a producer waiting on them.
fn consume(
    full: Receiver<Vec<u8>>,
    empty: SyncSender<Vec<u8>>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    while let Ok(buf) = full.recv() {
        out.write_all(&buf)?;
        // The producer may have finished and hung up: then the buffer is not needed.
        let _ = empty.send(buf);
    }
    Ok(())
}

// The writer lives here, not in `grids.rs`, so that data flows one way: the
// construction knows nothing of text, and this module builds on it.
impl Construction {
    /// Writes the first `count` grids to `out` in `format` (checked against the capacity
    /// first): one-byte cells by patching text (`grid_text`), wider ones through
    /// [`push_grid`] one grid at a time.
    pub fn write(
        &self,
        count: u64,
        format: OutputFormat,
        layout: &Layout,
        out: &mut dyn Write,
    ) -> Result<(), GenError> {
        self.check_count(count, layout)?;
        if format == OutputFormat::Line && self.size() > 35 {
            return Err(GenError::NoLineFormat { size: self.size() });
        }
        if one_byte_cells(self.size(), format) {
            return write_patched(self, format, count, out);
        }
        let mut buf: Vec<u8> = Vec::with_capacity(BUFFER + 64 * 1024);
        let mut result = Ok(());
        self.for_each(count, |row, shifts| {
            if result.is_err() {
                return;
            }
            result = push_grid(&mut buf, &self.grid(row, shifts), layout, format);
            if result.is_ok() && buf.len() >= BUFFER {
                result = out.write_all(&buf).map_err(GenError::from);
                buf.clear();
            }
        });
        result?;
        out.write_all(&buf)?;
        out.flush()?;
        Ok(())
    }
}
