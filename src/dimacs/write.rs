//! DIMACS CNF writer.
//!
//! Output is the strict subset of the format: comments first, one `c <text>` line each (an
//! empty comment is a bare `c`; a comment containing newlines becomes several `c` lines),
//! then exactly `p cnf <variables> <clauses>` with the formula's own counts, then one
//! clause per line ending in ` 0` (the empty clause is `0` alone). The strict reader reads
//! this back unchanged, which the round-trip property test checks.
//!
//! Integers are formatted by hand into one reused byte buffer that is flushed every
//! 64 KiB: a 36x36 Sudoku has 3.3 M clauses, and `write!` per literal would
//! spend most of its time in formatting machinery.

use std::io::{self, Write};

use crate::cnf::Cnf;
use crate::lit::Lit;

/// Buffered bytes that trigger a write to the underlying writer.
const FLUSH_AT: usize = 64 * 1024;

/// Writes `cnf` as DIMACS to `out`, preceded by `comments` as `c` lines.
///
/// Comments should be printable text: a control character in one (other than a newline,
/// which starts a new `c` line, and a tab) makes the output unreadable by our own reader.
///
/// ```
/// use sudosat::{dimacs::write_dimacs, Cnf, Lit};
/// let mut cnf = Cnf::new(3);
/// let lit = |n| Lit::from_dimacs(n).unwrap();
/// cnf.add_clause(&[lit(1), lit(-3)]);
/// cnf.add_clause(&[]);
/// let mut out = Vec::new();
/// write_dimacs(&mut out, &cnf, &["hi".to_string(), String::new()]).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "c hi\nc\np cnf 3 2\n1 -3 0\n0\n");
/// ```
pub fn write_dimacs<W: Write>(out: &mut W, cnf: &Cnf, comments: &[String]) -> io::Result<()> {
    let mut header = b"p cnf ".to_vec();
    push_decimal(&mut header, cnf.num_vars() as u64);
    header.push(b' ');
    push_decimal(&mut header, cnf.num_clauses() as u64);
    header.push(b'\n');
    write_formula(out, cnf, comments, &header)
}

/// Writes the start of an incremental CNF: `comments` as `c` lines, `p inccnf`, then the
/// clauses of `cnf`; the caller appends the `a <literals> 0` cube lines.
///
/// ```
/// use sudosat::{dimacs::write::write_icnf_base, Cnf, Lit};
/// let mut cnf = Cnf::new(2);
/// cnf.add_clause(&[Lit::from_dimacs(1).unwrap(), Lit::from_dimacs(-2).unwrap()]);
/// let mut out = Vec::new();
/// write_icnf_base(&mut out, &cnf, &["batch".to_string()]).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "c batch\np inccnf\n1 -2 0\n");
/// ```
pub fn write_icnf_base<W: Write>(out: &mut W, cnf: &Cnf, comments: &[String]) -> io::Result<()> {
    write_formula(out, cnf, comments, b"p inccnf\n")
}

/// Comments, then the `header` line as given, then one clause per line.
fn write_formula<W: Write>(
    out: &mut W,
    cnf: &Cnf,
    comments: &[String],
    header: &[u8],
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(FLUSH_AT + 1024);
    for comment in comments {
        for line in comment.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            buf.push(b'c');
            if !line.is_empty() {
                buf.push(b' ');
                buf.extend_from_slice(line.as_bytes());
            }
            buf.push(b'\n');
        }
    }
    buf.extend_from_slice(header);
    for clause in cnf.clauses() {
        for &lit in clause {
            push_lit(&mut buf, lit);
            buf.push(b' ');
        }
        buf.extend_from_slice(b"0\n");
        if buf.len() >= FLUSH_AT {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

/// Appends `lit` in signed DIMACS form; shared with the answer writers and cube lines.
#[inline]
pub(crate) fn push_lit(buf: &mut Vec<u8>, lit: Lit) {
    if lit.is_negative() {
        buf.push(b'-');
    }
    push_decimal(buf, u64::from(lit.var().to_dimacs()));
}

/// Appends `n` in decimal.
#[inline]
pub(crate) fn push_decimal(buf: &mut Vec<u8>, mut n: u64) {
    // u64::MAX has 20 digits.
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(cnf: &Cnf, comments: &[&str]) -> String {
        let comments: Vec<String> = comments.iter().map(|c| c.to_string()).collect();
        let mut out = Vec::new();
        write_dimacs(&mut out, cnf, &comments).unwrap();
        String::from_utf8(out).unwrap()
    }

    use crate::lit::testing::lit;

    #[test]
    fn decimal_formatting_covers_every_digit_count() {
        for n in [0u64, 7, 10, 99, 100, 12345, 1073741823, u64::MAX] {
            let mut buf = Vec::new();
            push_decimal(&mut buf, n);
            assert_eq!(String::from_utf8(buf).unwrap(), n.to_string());
        }
    }

    #[test]
    fn header_counts_declared_but_unused_variables() {
        let mut cnf = Cnf::new(5);
        cnf.add_clause(&[lit(1)]);
        assert_eq!(written(&cnf, &[]), "p cnf 5 1\n1 0\n");
    }

    #[test]
    fn empty_formula_is_a_header_alone() {
        assert_eq!(written(&Cnf::new(0), &[]), "p cnf 0 0\n");
    }

    #[test]
    fn largest_variable_and_empty_clause() {
        let mut cnf = Cnf::new(0);
        cnf.add_clause(&[lit(-1073741823), lit(2)]);
        cnf.add_clause(&[]);
        assert_eq!(
            written(&cnf, &[]),
            "p cnf 1073741823 2\n-1073741823 2 0\n0\n"
        );
    }

    #[test]
    fn multi_line_comments_become_several_c_lines() {
        let text = written(&Cnf::new(1), &["a\r\nb", "", " indented"]);
        assert_eq!(text, "c a\nc b\nc\nc  indented\np cnf 1 0\n");
    }

    #[test]
    fn output_beyond_the_flush_threshold_is_complete() {
        let mut cnf = Cnf::new(0);
        for n in 1..=30_000 {
            cnf.add_clause(&[lit(n), lit(-(n + 1))]);
        }
        let text = written(&cnf, &[]);
        assert!(text.len() > 2 * FLUSH_AT);
        assert_eq!(text.lines().count(), 30_001);
        assert_eq!(text.lines().last(), Some("30000 -30001 0"));
    }
}
