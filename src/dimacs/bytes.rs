//! Byte-level helpers for the reader: chunked input, blank and binary detection, quoting
//! for messages, header numbers.
//!
//! Invariant: nothing here panics or allocates in proportion to anything but its input
//! (numbers are checked, quotes are capped by [`crate::text::excerpt`]).

use std::io::{self, BufRead};

/// Bytes gathered before parsing; big enough to amortise the per-chunk work.
pub(super) const CHUNK: usize = 256 * 1024;

/// Appends at least `CHUNK` more bytes to `buf` unless the input ends first; returns
/// whether it ended.
pub(super) fn fill<R: BufRead>(reader: &mut R, buf: &mut Vec<u8>) -> io::Result<bool> {
    let target = buf.len() + CHUNK;
    while buf.len() < target {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(true);
        }
        // Never more than asked for: an in-memory reader offers all its bytes at once,
        // and copying them whole would double the memory for nothing.
        let n = available.len().min(target - buf.len());
        buf.extend_from_slice(&available[..n]);
        reader.consume(n);
    }
    Ok(false)
}

/// Blank bytes inside a line (`\r` included, so CRLF needs no special case).
#[inline]
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// The first byte of `bytes` that is not text: invalid UTF-8 or a control character other
/// than blanks. Returns its offset and value.
pub(super) fn find_binary(bytes: &[u8]) -> Option<(usize, u8)> {
    let valid = match std::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(err) => err.valid_up_to(),
    };
    let control = bytes[..valid]
        .iter()
        .position(|&b| (b < 0x20 && !is_blank(b)) || b == 0x7f);
    match control {
        Some(pos) => Some((pos, bytes[pos])),
        None if valid < bytes.len() => Some((valid, bytes[valid])),
        None => None,
    }
}

/// An unsigned decimal number; `None` for anything else, including overflow of `u64`.
pub(super) fn decimal(token: &[u8]) -> Option<u64> {
    if token.is_empty() {
        return None;
    }
    token.iter().try_fold(0u64, |acc, &b| {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        acc.checked_mul(10)?.checked_add(u64::from(digit))
    })
}
