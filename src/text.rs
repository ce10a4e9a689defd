//! Quoting user input inside error messages.
//!
//! An error names what it found, but the input may be binary junk or a line of a million
//! characters, and a message must stay one readable line on a terminal: so quoted input
//! is capped and its control characters are escaped.

/// Longest excerpt of input quoted in a message, in characters.
pub const EXCERPT_MAX: usize = 60;

/// `bytes` as text for a message: invalid UTF-8 replaced, control characters escaped
/// (`\u{1b}`, `\t`), a trailing `\r` dropped, and at most [`EXCERPT_MAX`] characters
/// of output (escapes included) followed by `...` when longer.
///
/// ```
/// use sudosat::text::excerpt;
/// assert_eq!(excerpt(b"x\x1b[2J\r"), "x\\u{1b}[2J");
/// assert_eq!(excerpt(&[b'7'; 100]), format!("{}...", "7".repeat(60)));
/// ```
pub fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_end_matches('\r');
    let mut out = String::new();
    let mut shown = 0;
    for c in text.chars() {
        let escaped = c.is_control().then(|| c.escape_default().to_string());
        let width = escaped.as_ref().map_or(1, |e| e.chars().count());
        if shown + width > EXCERPT_MAX {
            out.push_str("...");
            break;
        }
        shown += width;
        match escaped {
            Some(escaped) => out.push_str(&escaped),
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_single_lines_without_control_characters() {
        let mut junk = vec![0u8, 7, b'\n', 0xff, 0xfe, 27];
        junk.extend(std::iter::repeat(b'a').take(1000));
        let shown = excerpt(&junk);
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        assert!(shown.ends_with("..."));
        assert!(shown.chars().count() <= EXCERPT_MAX + 3);
        assert_eq!(excerpt(b"12x"), "12x");
        assert_eq!(excerpt("é".as_bytes()), "é");
        assert_eq!(excerpt(b""), "");
    }
}
