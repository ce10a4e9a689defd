//! Compressed inputs, recognised by their first bytes rather than by the file name (a
//! `.cnf` that is really gzip still reads, and stdin has no name): gzip, xz, bzip2 and the
//! legacy `.lzma` format, the forms the SAT Competition and SATLIB mirrors ship.
//!
//! Magic bytes: gzip `1f 8b` (RFC 1952), xz `fd 37 7a 58 5a 00` (the .xz file format spec,
//! 2.1.1.1), bzip2 `BZh` and the block-size digit `1`-`9`. The legacy `.lzma` format (LZMA
//! "alone", as `xz --format=lzma` writes) has no magic: its 13-byte header is a properties
//! byte, a dictionary size and an uncompressed size. It is recognised by the checks that
//! liblzma's own `lzma_alone` decoder makes when it guesses the format
//! (`src/liblzma/common/alone_decoder.c`, picky mode): a properties byte below `9 * 5 * 5`
//! with `lc + lp <= 4`, a dictionary size `2^n`, `2^n + 2^(n-1)` or all ones, and an
//! uncompressed size unknown (all ones) or below 256 GiB. No text starts that way: four
//! text bytes set at least four bits, a dictionary size at most two.
//!
//! Decoders: `flate2` for gzip; `liblzma` (the xz project's C library: the system's, or built
//! from the source the crate ships) for xz and `.lzma`; `bzip2` (libbzip2, likewise)
//! for bzip2. liblzma was chosen over the pure-Rust `lzma-rs` by measurement
//! on the 52 MB 36x36 Sudoku CNF (docs/benchmarks-medium.md): 0.44-0.47 s of CPU against
//! 0.69-0.89 s, and it streams in 10 MB of memory where `lzma-rs` peaked at 103 MB (its xz
//! path accumulates the whole output). Pure-Rust `lzma-rust2` (0.63-0.70 s) and
//! bzip2 0.6 (libbz2-rs-sys) need a newer Rust than our 1.80. Concatenated members or
//! streams are all read, as `gzip -dc`, `xz -dc` and `bzip2 -dc` do.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use flate2::bufread::MultiGzDecoder;

/// Read buffer size: large enough that the 52 MB benchmark CNFs stream without overhead.
const BUFFER_SIZE: usize = 1 << 16;

/// Bytes looked at to recognise a format: the `.lzma` header is the longest.
const HEAD_LEN: usize = 13;

/// How an input is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Not compressed (or not in a form recognised here).
    Plain,
    /// gzip (`.gz`).
    Gzip,
    /// xz (`.xz`).
    Xz,
    /// bzip2 (`.bz2`).
    Bzip2,
    /// The legacy LZMA format (`.lzma`).
    Lzma,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Plain => "plain",
            Format::Gzip => "gzip",
            Format::Xz => "xz",
            Format::Bzip2 => "bzip2",
            Format::Lzma => "lzma",
        })
    }
}

/// The format whose magic bytes `head` starts with (`head` holds the first bytes of the
/// input, up to 13 of them; fewer only when the input is that short).
pub fn detect(head: &[u8]) -> Format {
    match head {
        [0x1f, 0x8b, ..] => Format::Gzip,
        [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Format::Xz,
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => Format::Bzip2,
        _ if is_lzma_alone_header(head) => Format::Lzma,
        _ => Format::Plain,
    }
}

/// Whether `head` is a header liblzma's `lzma_alone` decoder accepts (see the module doc).
fn is_lzma_alone_header(head: &[u8]) -> bool {
    let Some(header) = head.get(..HEAD_LEN) else {
        return false;
    };
    let properties = header[0];
    let (lc, rest) = (properties % 9, properties / 9);
    let lp = rest % 5;
    if properties >= 9 * 5 * 5 || lc + lp > 4 {
        return false;
    }
    let dictionary = u32::from_le_bytes([header[1], header[2], header[3], header[4]]);
    // 2^n or 2^n + 2^(n-1): clearing the top bit leaves nothing or the next bit down.
    let top = dictionary.checked_ilog2().map_or(0, |bit| 1u32 << bit);
    let rest = dictionary - top;
    let dictionary_ok =
        dictionary == u32::MAX || (dictionary != 0 && (rest == 0 || rest == top >> 1));
    let size = u64::from_le_bytes(header[5..HEAD_LEN].try_into().expect("8 bytes"));
    dictionary_ok && (size == u64::MAX || size < 1 << 38)
}

/// Reads the first bytes of `raw` (up to 13, fewer only at end of input) without losing
/// them: a pipe may deliver fewer bytes per read than the longest header needs.
fn read_head(raw: &mut dyn Read) -> io::Result<Vec<u8>> {
    let mut head = vec![0; HEAD_LEN];
    let mut filled = 0;
    while filled < HEAD_LEN {
        match raw.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(count) => filled += count,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    head.truncate(filled);
    Ok(head)
}

/// `raw` as a buffered reader of its decompressed bytes, the format recognised by the
/// magic bytes at its start; a plain input passes through unchanged.
pub fn decompressed(mut raw: Box<dyn Read>) -> io::Result<Box<dyn BufRead>> {
    let head = read_head(&mut raw)?;
    let format = detect(&head);
    let reader = BufReader::with_capacity(BUFFER_SIZE, io::Cursor::new(head).chain(raw));
    let decoder: Box<dyn Read> = match format {
        Format::Plain => return Ok(Box::new(reader)),
        Format::Gzip => Box::new(MultiGzDecoder::new(reader)),
        Format::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(reader)),
        Format::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
        Format::Lzma => {
            let stream = liblzma::stream::Stream::new_lzma_decoder(u64::MAX)
                .map_err(|error| io::Error::other(format!("lzma decoder: {error}")))?;
            Box::new(liblzma::bufread::XzDecoder::new_stream(reader, stream))
        }
    };
    let named = Named {
        format,
        inner: decoder,
    };
    Ok(Box::new(BufReader::with_capacity(BUFFER_SIZE, named)))
}

/// Names the format in decompression errors: "corrupt deflate stream" alone does not tell
/// a user that the file was taken for gzip because of its first bytes.
struct Named<R> {
    format: Format,
    inner: R,
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let format = self.format;
        self.inner.read(buffer).map_err(|error| {
            io::Error::new(error.kind(), format!("invalid {format} data: {error}"))
        })
    }
}

#[cfg(test)]
mod tests;
