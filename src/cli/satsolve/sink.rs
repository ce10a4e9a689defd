//! Where `satsolve`'s answers go, for a stream and for one formula alike: stdout, and the
//! `--output` file if there is one. The bottom of `satsolve`: it knows bytes, not
//! formulas.
//!
//! On a pipe or file the answers go out in [`FLUSH_AT`]-byte writes (one syscall per
//! puzzle would cost more than solving an easy one); on a terminal, block by block. The
//! `--output` copy is written under a temporary name and renamed only when the whole run
//! succeeds, so a failed run leaves no half-written answer file.

use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use crate::cli::atomic::AtomicFile;
use crate::cli::{Failure, FLUSH_AT};

/// Stdout and the `--output` file.
pub(super) struct BlockSink {
    stdout: BufWriter<std::io::StdoutLock<'static>>,
    /// The `--output` copy, published only when the whole run succeeds.
    file: Option<AtomicFile>,
    /// Stdout is a terminal: flush every block.
    interactive: bool,
}

impl BlockSink {
    /// A sink to stdout, and to a temporary file renamed to `output` at
    /// [`BlockSink::finish`].
    pub(super) fn new(output: Option<&PathBuf>) -> Result<BlockSink, Failure> {
        let file = match output {
            Some(path) => {
                Some(AtomicFile::create(path).map_err(|error| Failure::write(path, error))?)
            }
            None => None,
        };
        Ok(BlockSink {
            stdout: crate::cli::stdout(),
            file,
            interactive: std::io::stdout().is_terminal(),
        })
    }

    /// Writes `buf` and empties it when it is due: at [`FLUSH_AT`] bytes, or at once on
    /// a terminal.
    pub(super) fn offer(&mut self, buf: &mut Vec<u8>) -> Result<(), Failure> {
        if self.interactive || buf.len() >= FLUSH_AT {
            self.write(buf)?;
            buf.clear();
            if self.interactive {
                self.stdout.flush()?;
            }
        }
        Ok(())
    }

    /// Writes `bytes` to stdout (buffered) and to the `--output` file.
    pub(super) fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.stdout.write_all(bytes)?;
        if let Some(file) = &mut self.file {
            file.write_all(bytes)
                .map_err(|error| Failure::write(file.target(), error))?;
        }
        Ok(())
    }

    /// Pushes what stdout buffered (the `--output` file waits for [`BlockSink::finish`]).
    pub(super) fn flush(&mut self) -> Result<(), Failure> {
        self.stdout.flush()?;
        Ok(())
    }

    /// Ends a successful run: flushes stdout and publishes the `--output` file under its
    /// name. A sink dropped without this leaves no output file behind.
    pub(super) fn finish(mut self) -> Result<(), Failure> {
        self.stdout.flush()?;
        if let Some(file) = self.file.take() {
            let target = file.target().to_path_buf();
            file.commit()
                .map_err(|error| Failure::write(&target, error))?;
        }
        Ok(())
    }
}
