//! The lines around the formula: the `p cnf` header (and what taking it means for the
//! lines read before it), and `c` comment lines, among them `c p show` projections.

use super::super::bytes::{decimal, is_blank};
use super::super::{DimacsError, WarningKind};
use super::{Header, Parser};
use crate::cnf::Cnf;
use crate::lit::Var;
use crate::text::excerpt as quote;

impl Parser {
    /// A `c` line; `after_c` is the text after the `c`, already checked to be UTF-8.
    pub(super) fn comment(&mut self, after_c: &[u8]) {
        let after_c = after_c.strip_suffix(b"\r").unwrap_or(after_c);
        let text = after_c.strip_prefix(b" ").unwrap_or(after_c);
        let text = String::from_utf8_lossy(text).into_owned();
        self.show_line(&text);
        self.comments.push(text);
    }

    /// Collects `p show <variables> 0` (the comment text of a projection line).
    fn show_line(&mut self, text: &str) {
        let mut tokens = text.split_ascii_whitespace();
        if tokens.next() != Some("p") || tokens.next() != Some("show") {
            return;
        }
        let mut vars = Vec::new();
        let mut terminated = false;
        for token in tokens {
            if terminated {
                terminated = false;
                break;
            }
            match token.parse::<u32>().ok() {
                Some(0) => terminated = true,
                Some(number) => match Var::from_dimacs(number) {
                    Some(var) => vars.push(var),
                    None => break,
                },
                None => break,
            }
        }
        if !terminated {
            let found = quote(format!("c {text}").as_bytes());
            self.warn(self.line, WarningKind::BadShowLine { found });
            return;
        }
        let show = self.show.get_or_insert_with(Vec::new);
        show.extend(vars);
        show.sort_unstable();
        show.dedup();
    }

    /// A `p` line. `column` is where the `p` is.
    pub(super) fn header(&mut self, line: &[u8], column: usize) -> Result<(), DimacsError> {
        if let Some(first) = self.header {
            return Err(DimacsError::SecondHeader {
                line: self.line,
                column,
                first_line: first.line,
            });
        }
        let malformed = || DimacsError::MalformedHeader {
            line: self.line,
            column,
            found: quote(&line[column - 1..]),
        };
        let mut tokens = line
            .split(|&b| is_blank(b))
            .filter(|token| !token.is_empty())
            .map(|token| (token.as_ptr() as usize - line.as_ptr() as usize, token));
        let (Some((_, b"p")), Some((_, format))) = (tokens.next(), tokens.next()) else {
            return Err(malformed());
        };
        if format == b"inccnf" {
            return self.incremental_header(column, tokens.next().is_some());
        }
        let (b"cnf", Some((vars_at, vars)), Some((_, clauses)), None) =
            (format, tokens.next(), tokens.next(), tokens.next())
        else {
            return Err(malformed());
        };
        let (Some(vars_value), Some(clauses_value)) = (decimal(vars), decimal(clauses)) else {
            return Err(malformed());
        };
        if vars_value > u64::from(Var::MAX_DIMACS) {
            return Err(DimacsError::TooManyVariables {
                line: self.line,
                column: vars_at + 1,
                found: quote(vars),
            });
        }
        let clauses_value = usize::try_from(clauses_value).map_err(|_| malformed())?;
        let header = Header {
            vars: vars_value as usize,
            clauses: clauses_value,
            line: self.line,
        };
        self.adopt_header(header, vars_value);
        Ok(())
    }

    /// Takes `header` (declaring `declared_vars`, `u64::MAX` for no limit) as the file's.
    pub(super) fn adopt_header(&mut self, header: Header, declared_vars: u64) {
        self.header = Some(header);
        self.declared_vars = declared_vars;
        // Anything before the header was stray text after all (strict mode already
        // stopped at it).
        let stray = std::mem::take(&mut self.pre_header);
        if let Some((first_line, first)) = stray.first {
            let count = stray.count;
            self.warn(first_line, WarningKind::StrayLines { count, first });
        }
        self.cnf = Cnf::new(0);
        self.clause.clear();
    }
}
