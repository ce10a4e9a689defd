//! An independent DRUP checker and DRAT decoders for the proof tests, the differential
//! check and `examples/drat_check.rs`.
//!
//! Nothing here uses the solver's code: clauses are `Vec<i64>` in DIMACS form, proofs are
//! parsed from their bytes, and unit propagation is a plain occurrence-list loop, so a
//! mistake in the solver's proof logging cannot be mirrored by a shared helper. The
//! checker is forward and strict: every added clause must follow by reverse unit
//! propagation (RUP) from the clauses present at that point (no RAT: our solver never
//! needs it, so accepting it could only hide a bug), every deletion must name a present
//! clause, and the proof must add the empty clause. [`dratify_check`] is the adapter to the
//! dratify crate, the second checker every proof test also asks.
//!
//! The decoders are strict too (every step ends in 0, nothing follows it, no comment
//! lines): they read our own solver's proofs, where anything else is a bug. Each comes in
//! a form that maps literals as it reads ([`parse_text_with`]), so that `drat_check` can
//! hold a proof of hundreds of megabytes in dratify's 32-bit literals directly.

use std::collections::HashMap;

mod watched;
pub use watched::check_watched;

/// One proof step: `true` for a deletion, and the clause in DIMACS literals.
pub type Step = (bool, Vec<i64>);

/// Parses a text DRAT proof. Every step must end in `0`.
pub fn parse_text(bytes: &[u8]) -> Result<Vec<Step>, String> {
    parse_text_with(bytes, |lit| lit)
}

/// Parses a text DRAT proof, each DIMACS literal (never 0) turned into an `L` by `map`.
pub fn parse_text_with<L>(
    bytes: &[u8],
    mut map: impl FnMut(i64) -> L,
) -> Result<Vec<(bool, Vec<L>)>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let mut steps = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace().peekable();
        if words.peek().is_none() {
            continue;
        }
        let deletion = words.peek() == Some(&"d");
        if deletion {
            words.next();
        }
        let mut clause = Vec::new();
        let mut ended = false;
        for word in words {
            if ended {
                return Err(format!("line {}: text after the final 0", number + 1));
            }
            let lit: i64 = word
                .parse()
                .map_err(|_| format!("line {}: bad literal {word:?}", number + 1))?;
            if lit == 0 {
                ended = true;
            } else {
                clause.push(map(lit));
            }
        }
        if !ended {
            return Err(format!("line {}: clause not ended by 0", number + 1));
        }
        steps.push((deletion, clause));
    }
    Ok(steps)
}

/// Decodes a binary DRAT proof: `a`/`d`, varints `2v`/`2v+1`, a 0 byte per step.
pub fn parse_binary(bytes: &[u8]) -> Result<Vec<Step>, String> {
    parse_binary_with(bytes, |lit| lit)
}

/// Decodes a binary DRAT proof, each DIMACS literal turned into an `L` by `map`.
pub fn parse_binary_with<L>(
    bytes: &[u8],
    mut map: impl FnMut(i64) -> L,
) -> Result<Vec<(bool, Vec<L>)>, String> {
    let mut steps = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let deletion = match bytes[pos] {
            b'a' => false,
            b'd' => true,
            other => return Err(format!("byte {pos}: step kind {other:#04x}")),
        };
        pos += 1;
        let mut clause = Vec::new();
        loop {
            let mut value: u64 = 0;
            let mut shift = 0;
            loop {
                let byte = *bytes
                    .get(pos)
                    .ok_or_else(|| format!("byte {pos}: proof ends inside a step"))?;
                pos += 1;
                if shift > 56 {
                    return Err(format!("byte {pos}: varint too long"));
                }
                value |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            if value == 0 {
                break;
            }
            if value < 2 {
                return Err(format!("byte {pos}: literal code 1"));
            }
            let var = (value / 2) as i64;
            clause.push(map(if value % 2 == 1 { -var } else { var }));
        }
        steps.push((deletion, clause));
    }
    Ok(steps)
}

/// Whether `bytes` look like a binary proof: binary DRAT starts with an `a` or `d` byte
/// followed by a varint; text starts with a digit, `-`, `d` and a blank, or is empty.
pub fn is_binary(bytes: &[u8]) -> bool {
    match bytes {
        [b'a', ..] => true,
        [b'd', next, ..] => !matches!(next, b' ' | b'\t'),
        _ => bytes.iter().take(64).any(|&b| b == 0 || b >= 0x80),
    }
}

/// Parses a text or binary proof, whichever [`is_binary`] says it is, mapping literals
/// by `map`.
pub fn parse_with<L>(
    bytes: &[u8],
    map: impl FnMut(i64) -> L,
) -> Result<Vec<(bool, Vec<L>)>, String> {
    if is_binary(bytes) {
        parse_binary_with(bytes, map)
    } else {
        parse_text_with(bytes, map)
    }
}

/// A forward DRUP checker over DIMACS clauses.
struct Checker {
    clauses: Vec<Vec<i64>>,
    alive: Vec<bool>,
    /// Clauses by their sorted literals, for deletions.
    by_key: HashMap<Vec<i64>, Vec<usize>>,
    /// For each literal code, the clauses containing it.
    occurs: Vec<Vec<usize>>,
    /// 0 unassigned, 1 true, -1 false; per variable.
    value: Vec<i8>,
    trail: Vec<i64>,
}

fn code(lit: i64) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

impl RupStore for Checker {
    fn add(&mut self, clause: &[i64]) {
        Checker::add(self, clause)
    }

    fn delete(&mut self, clause: &[i64]) -> Result<(), String> {
        Checker::delete(self, clause)
    }

    fn is_rup(&mut self, clause: &[i64]) -> bool {
        Checker::is_rup(self, clause)
    }
}

impl Checker {
    fn new() -> Checker {
        Checker {
            clauses: Vec::new(),
            alive: Vec::new(),
            by_key: HashMap::new(),
            occurs: Vec::new(),
            value: Vec::new(),
            trail: Vec::new(),
        }
    }

    fn key(clause: &[i64]) -> Vec<i64> {
        let mut key = clause.to_vec();
        key.sort_unstable();
        key.dedup();
        key
    }

    fn add(&mut self, clause: &[i64]) {
        let key = Checker::key(clause);
        let index = self.clauses.len();
        for &lit in &key {
            let var = lit.unsigned_abs() as usize;
            if var >= self.value.len() {
                self.value.resize(var + 1, 0);
                self.occurs.resize(2 * var + 2, Vec::new());
            }
            self.occurs[code(lit)].push(index);
        }
        self.by_key.entry(key.clone()).or_default().push(index);
        self.clauses.push(key);
        self.alive.push(true);
    }

    fn delete(&mut self, clause: &[i64]) -> Result<(), String> {
        let key = Checker::key(clause);
        let index = self
            .by_key
            .get_mut(&key)
            .and_then(Vec::pop)
            .ok_or_else(|| format!("deletion of absent clause {clause:?}"))?;
        self.alive[index] = false;
        Ok(())
    }

    fn val(&self, lit: i64) -> i8 {
        let v = self
            .value
            .get(lit.unsigned_abs() as usize)
            .copied()
            .unwrap_or(0);
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    /// Makes `lit` true; false if it already was false (a conflict).
    fn assign(&mut self, lit: i64) -> bool {
        match self.val(lit) {
            1 => true,
            -1 => false,
            _ => {
                let var = lit.unsigned_abs() as usize;
                if var >= self.value.len() {
                    self.value.resize(var + 1, 0);
                    self.occurs.resize(2 * var + 2, Vec::new());
                }
                self.value[var] = if lit > 0 { 1 } else { -1 };
                self.trail.push(lit);
                true
            }
        }
    }

    /// True if assuming every literal of `clause` false and propagating gives a conflict.
    /// Propagation starts from scratch each time: slow, but nothing can go stale.
    fn is_rup(&mut self, clause: &[i64]) -> bool {
        let conflict = self.refutes(clause);
        for lit in self.trail.drain(..) {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        conflict
    }

    fn refutes(&mut self, clause: &[i64]) -> bool {
        for &lit in clause {
            if !self.assign(-lit) {
                return true;
            }
        }
        // Every live clause of size 0 or 1 starts the propagation.
        for index in 0..self.clauses.len() {
            if self.alive[index] && self.clauses[index].len() <= 1 {
                match self.clauses[index].first() {
                    None => return true,
                    Some(&lit) => {
                        if !self.assign(lit) {
                            return true;
                        }
                    }
                }
            }
        }
        let mut head = 0;
        while head < self.trail.len() {
            let falsified = -self.trail[head];
            head += 1;
            let count = self.occurs.get(code(falsified)).map_or(0, Vec::len);
            for k in 0..count {
                let index = self.occurs[code(falsified)][k];
                if !self.alive[index] {
                    continue;
                }
                let mut free = None;
                let mut free_count = 0;
                let mut satisfied = false;
                for &lit in &self.clauses[index] {
                    match self.val(lit) {
                        1 => {
                            satisfied = true;
                            break;
                        }
                        0 => {
                            free = Some(lit);
                            free_count += 1;
                        }
                        _ => {}
                    }
                }
                if satisfied || free_count > 1 {
                    continue;
                }
                match free {
                    None => return true,
                    Some(lit) => {
                        // Cannot fail: `lit` is unassigned.
                        self.assign(lit);
                    }
                }
            }
        }
        false
    }
}

/// Checks `steps` against `formula`: Ok with the number of deletions applied, or the
/// 1-based failing step and why. Steps after the first empty clause are ignored.
pub fn check(formula: &[Vec<i64>], steps: &[Step]) -> Result<usize, String> {
    replay(Checker::new(), formula, steps)
}

/// The clause store of a forward RUP checker: the plain one here and the watched one
/// (`watched`) answer the same questions, so one [`replay`] drives both.
trait RupStore {
    /// Adds a clause of the formula or a checked lemma.
    fn add(&mut self, clause: &[i64]);
    /// Deletes a stored clause; an error if none matches.
    fn delete(&mut self, clause: &[i64]) -> Result<(), String>;
    /// Whether unit propagation refutes the clause's negation.
    fn is_rup(&mut self, clause: &[i64]) -> bool;
}

/// Loads `formula` into `checker` and replays `steps` on it: Ok with the number of
/// deletions applied, or the 1-based failing step and why. Steps after the first empty
/// clause are ignored.
fn replay(
    mut checker: impl RupStore,
    formula: &[Vec<i64>],
    steps: &[Step],
) -> Result<usize, String> {
    for clause in formula {
        checker.add(clause);
    }
    let mut deletions = 0;
    for (number, (deletion, clause)) in steps.iter().enumerate() {
        let at = |why: String| format!("step {}: {why}", number + 1);
        if *deletion {
            checker.delete(clause).map_err(at)?;
            deletions += 1;
            continue;
        }
        if !checker.is_rup(clause) {
            return Err(at(format!("clause {clause:?} is not RUP")));
        }
        if clause.is_empty() {
            return Ok(deletions);
        }
        checker.add(clause);
    }
    Err("the proof never adds the empty clause".to_string())
}

/// dratify's literal: variable v (1-based) is 2(v-1), its negation 2(v-1)+1.
pub fn dratify_lit(n: i64) -> dratify::Lit {
    (2 * (n.unsigned_abs() - 1) + u64::from(n < 0)) as dratify::Lit
}

/// Checks `steps` against `formula` with the dratify crate, RUP only (our solver never
/// needs RAT): the second, independent checker of the proof tests.
pub fn dratify_check(formula: &[Vec<i64>], steps: &[Step]) -> dratify::CheckResult {
    let num_vars = formula
        .iter()
        .chain(steps.iter().map(|(_, c)| c))
        .flatten()
        .map(|n| n.unsigned_abs())
        .max()
        .unwrap_or(0) as u32;
    // Clauses are sets: dratify counts literal occurrences, so a repeated literal would
    // hide a unit from it. The formula may legally repeat literals; proofs never do.
    let clauses: Vec<Vec<dratify::Lit>> = formula
        .iter()
        .map(|c| {
            let mut lits: Vec<dratify::Lit> = c.iter().map(|&n| dratify_lit(n)).collect();
            lits.sort_unstable();
            lits.dedup();
            lits
        })
        .collect();
    let steps: Vec<(bool, Vec<dratify::Lit>)> = steps
        .iter()
        .map(|(d, c)| (*d, c.iter().map(|&n| dratify_lit(n)).collect()))
        .collect();
    dratify::Checker::new(num_vars, &clauses, false, true).check(&steps)
}
