//! The differential check shared by `tests/differential.rs` (small, in CI) and
//! `examples/fuzz_diff.rs` (large, for hours): one instance goes to every `satsolve`
//! engine and to the peers ([`super::peers`]: MiniSat and CaDiCaL); puzzles first through
//! every `sudoku2cnf` encoding.
//!
//! Nothing here trusts a solver: every model is checked against the clauses read back
//! from the formula file, the cdcl engine runs with a proof and as users run it (without
//! one, which turns on the XOR matrices), every UNSAT of its proof run comes with a DRAT
//! proof checked by dratify (and by our own forward checker [`super::drat`] when short), and every
//! definite answer must agree with every other one, across solvers and across encodings.
//! A solver that gives up (timeout) is counted, not trusted. The binaries are run from
//! the paths in [`Tools`], so the same code drives the test build's binaries and the
//! release binaries the fuzzer is pointed at.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::drat;
use super::peers::{self, PeerSolver};
use crate::model::Answer;
use crate::rng::SplitMix64;
use crate::testkit::families::{Family, Formula, Instance, Scale};

/// What a solver answered, once its model or proof has been checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Satisfiable, with a model that satisfies every clause.
    Sat,
    /// Unsatisfiable.
    Unsat,
    /// Gave up within the time limit.
    Unknown,
}

/// The programs to compare and where to put their files.
pub struct Tools {
    /// Our solver.
    pub satsolve: PathBuf,
    /// Our encoder, for puzzles.
    pub sudoku2cnf: PathBuf,
    /// The peer solvers to compare with (those installed).
    pub peers: Vec<PeerSolver>,
    /// A directory for formula, answer and proof files (overwritten per instance).
    pub scratch: PathBuf,
    /// Seconds each solver may take before its run counts as unknown.
    pub timeout: u64,
    /// A conflict limit for the DPLL engine on puzzle formulas: without learning it
    /// takes seconds to minutes on some encodings of an empty Hanidoku or 16x16 board,
    /// which the learning solvers answer in milliseconds. None: only `timeout`.
    pub dpll_puzzle_conflicts: Option<u64>,
    /// Proofs of at most this many steps go through our own checker as well as dratify
    /// ([`OWN_CHECKER_STEPS`] in the tests; fewer where throughput matters).
    pub own_checker_steps: usize,
}

/// Counts of one family's runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Instances generated and compared.
    pub instances: usize,
    /// Formulas given to the solvers (one per encoding for a puzzle).
    pub formulas: usize,
    /// Instances every solver found satisfiable.
    pub sat: usize,
    /// Instances found unsatisfiable.
    pub unsat: usize,
    /// Instances on which every solver gave up.
    pub unknown: usize,
    /// Solver runs whose answer was checked.
    pub solver_runs: usize,
    /// Models checked clause by clause.
    pub models: usize,
    /// DRAT proofs checked.
    pub proofs: usize,
    /// Definite or unknown answers compared: one per solver run on a formula, one per
    /// cube and run on a stream (a stream run answers many cubes).
    pub answers: usize,
    /// Answers that were unknown: a solver (or a stream's cube) that hit its limit.
    pub gave_up: usize,
    /// Disagreements, bad models and rejected proofs: the run stops at the first, so a
    /// finished tally shows 0 and a failed one 1 in the failing family.
    pub disagreements: usize,
    /// Wall-clock milliseconds spent on the family (generation, solvers, checks).
    pub millis: u64,
}

impl Count {
    /// Adds `other` into `self`, field by field.
    pub fn add(&mut self, other: &Count) {
        self.instances += other.instances;
        self.formulas += other.formulas;
        self.sat += other.sat;
        self.unsat += other.unsat;
        self.unknown += other.unknown;
        self.solver_runs += other.solver_runs;
        self.models += other.models;
        self.proofs += other.proofs;
        self.answers += other.answers;
        self.gave_up += other.gave_up;
        self.disagreements += other.disagreements;
        self.millis += other.millis;
    }
}

/// Counts per family, printed as a Markdown table.
#[derive(Clone, Debug, Default)]
pub struct Tally(pub BTreeMap<&'static str, Count>);

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "| family | instances | formulas | SAT | UNSAT | unknown | solver runs | answers | gave up | models checked | proofs checked | disagreements | seconds |"
        )?;
        writeln!(f, "|---|---|---|---|---|---|---|---|---|---|---|---|---|")?;
        let mut total = Count::default();
        let row = |f: &mut fmt::Formatter<'_>, name: &str, c: &Count| {
            write!(
                f,
                "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
                c.instances,
                c.formulas,
                c.sat,
                c.unsat,
                c.unknown,
                c.solver_runs,
                c.answers,
                c.gave_up,
                c.models,
                c.proofs,
                c.disagreements,
                c.millis as f64 / 1000.0
            )
        };
        for (name, c) in &self.0 {
            row(f, name, c)?;
            writeln!(f)?;
            total.add(c);
        }
        row(f, "total", &total)
    }
}

impl Tally {
    /// The sum over every family.
    pub fn total(&self) -> Count {
        let mut total = Count::default();
        for count in self.0.values() {
            total.add(count);
        }
        total
    }
}

/// The clauses of DIMACS text (as `sudoku2cnf` writes it: a header, `c` lines, one clause
/// per line).
pub fn parse_dimacs(text: &str) -> Result<Formula, String> {
    let mut vars = None;
    let mut clauses = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace().peekable();
        match words.peek() {
            None | Some(&"c") => continue,
            Some(&"p") => {
                let number = words.nth(2).and_then(|w| w.parse().ok());
                vars = Some(number.ok_or_else(|| format!("bad header {line:?}"))?);
            }
            Some(_) => {
                let mut clause: Vec<i64> = Vec::new();
                for word in words {
                    let lit: i64 = word.parse().map_err(|_| format!("bad literal {word:?}"))?;
                    if lit == 0 {
                        break;
                    }
                    clause.push(lit);
                }
                clauses.push(clause);
            }
        }
    }
    let vars = vars.ok_or("no p cnf header")?;
    Ok(Formula { vars, clauses })
}

/// Checks a model (the literals a solver printed) against every clause: each clause needs
/// a literal the solver printed as true; an unprinted variable satisfies nothing.
pub fn check_model(formula: &Formula, literals: &[i64]) -> Result<(), String> {
    let mut value: Vec<Option<bool>> = vec![None; formula.vars];
    for &lit in literals {
        let slot = value
            .get_mut(lit.unsigned_abs() as usize - 1)
            .ok_or_else(|| format!("model literal {lit} beyond {} variables", formula.vars))?;
        if slot.is_some_and(|v| v != (lit > 0)) {
            return Err(format!("model gives variable {} both values", lit.abs()));
        }
        *slot = Some(lit > 0);
    }
    for (index, clause) in formula.clauses.iter().enumerate() {
        let satisfied = clause
            .iter()
            .any(|&lit| value[lit.unsigned_abs() as usize - 1] == Some(lit > 0));
        if !satisfied {
            return Err(format!("model falsifies clause {} {clause:?}", index + 1));
        }
    }
    Ok(())
}

/// Proofs up to this many steps also go through our own checker, which is exact but
/// slow (a plain occurrence-list propagation per step); every proof goes through dratify.
pub const OWN_CHECKER_STEPS: usize = 2_000;

/// Checks a text DRAT proof of `formula`: dratify (RUP only: our solver never needs RAT)
/// always, and [`drat::check`], which shares no code with dratify, on proofs of at most
/// `own_steps` steps too.
pub fn check_proof(formula: &Formula, proof: &[u8], own_steps: usize) -> Result<(), String> {
    let steps = drat::parse_text(proof)?;
    if steps.len() <= own_steps {
        drat::check(&formula.clauses, &steps).map_err(|e| format!("proof rejected: {e}"))?;
    }
    let result = drat::dratify_check(&formula.clauses, &steps);
    if !result.ok {
        return Err(format!("dratify rejects the proof: {}", result.reason));
    }
    Ok(())
}

/// The literals of a satisfiable answer `text` (competition output, or its `v` lines
/// alone), read by the library's reader; Err when the text is no satisfiable answer.
pub(super) fn model_literals(text: &str) -> Result<Vec<i64>, String> {
    match peers::read(text.as_bytes())? {
        Answer::Sat(model) => Ok(peers::literals(&model)),
        _ => Err("no satisfiable answer".to_string()),
    }
}

/// Runs a program, returning (exit code, stdout); -1 when killed by a signal.
pub(super) fn run(
    program: &Path,
    args: &[&str],
    stdin: Option<&Path>,
) -> Result<(i32, String), String> {
    let input = match stdin {
        Some(path) => Stdio::from(
            std::fs::File::open(path).map_err(|e| format!("open {}: {e}", path.display()))?,
        ),
        None => Stdio::null(),
    };
    let output = Command::new(program)
        .args(args)
        .stdin(input)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    Ok((
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

impl Tools {
    /// Compares every solver on `instance`, adding to `count`; `dpll` adds that engine.
    /// Err names the disagreement or the bad model or proof.
    pub fn check(
        &self,
        instance: &Instance,
        dpll: bool,
        count: &mut Count,
    ) -> Result<Verdict, String> {
        count.instances += 1;
        let verdict = match instance {
            Instance::Cnf(formula) => self.check_formula(formula, dpll, count)?,
            Instance::Puzzle { text, layout } => self.check_puzzle(text, layout, dpll, count)?,
        };
        match verdict {
            Verdict::Sat => count.sat += 1,
            Verdict::Unsat => count.unsat += 1,
            Verdict::Unknown => count.unknown += 1,
        }
        Ok(verdict)
    }

    /// Every encoding of the puzzle, each compared across solvers; all must agree.
    fn check_puzzle(
        &self,
        text: &str,
        layout: &str,
        dpll: bool,
        count: &mut Count,
    ) -> Result<Verdict, String> {
        let puzzle = self.scratch.join("puzzle.txt");
        std::fs::write(&puzzle, text).map_err(|e| e.to_string())?;
        // The honeycomb refuses the minimal encoding (its lines are shorter than 9 cells).
        let encodings: &[&str] = if layout == "hanidoku" {
            &["efficient", "extended", "compact"]
        } else {
            &["minimal", "efficient", "extended", "compact"]
        };
        let mut answers = Vec::new();
        for encoding in encodings {
            let args = ["--layout", layout, "--encoding", encoding];
            let (code, cnf) = run(&self.sudoku2cnf, &args, Some(&puzzle))?;
            if code != 0 {
                return Err(format!("sudoku2cnf --encoding {encoding} exited {code}"));
            }
            let formula = parse_dimacs(&cnf)?;
            let verdict = self
                .check_formula_with(&formula, dpll, self.dpll_puzzle_conflicts, count)
                .map_err(|e| format!("encoding {encoding}: {e}"))?;
            answers.push((*encoding, verdict));
        }
        agree(&answers).map_err(|e| format!("encodings disagree: {e}"))
    }

    /// One formula through every solver.
    pub fn check_formula(
        &self,
        formula: &Formula,
        dpll: bool,
        count: &mut Count,
    ) -> Result<Verdict, String> {
        self.check_formula_with(formula, dpll, None, count)
    }

    /// [`Tools::check_formula`], the DPLL engine limited to `dpll_conflicts` if given.
    fn check_formula_with(
        &self,
        formula: &Formula,
        dpll: bool,
        dpll_conflicts: Option<u64>,
        count: &mut Count,
    ) -> Result<Verdict, String> {
        count.formulas += 1;
        let conflicts = dpll_conflicts.map(|n| n.to_string());
        let cnf = self.scratch.join("formula.cnf");
        std::fs::write(&cnf, formula.to_dimacs()).map_err(|e| e.to_string())?;
        let cnf_arg = cnf.to_str().ok_or("scratch path is not UTF-8")?;
        let proof = self.scratch.join("formula.drat");
        let proof_arg = proof.to_str().ok_or("scratch path is not UTF-8")?;
        let timeout = self.timeout.to_string();
        let mut answers = Vec::new();

        // The cdcl engine twice: with a proof, and as users run it, without one, which
        // turns on what cannot log DRAT (the XOR matrices).
        let mut engines = vec!["cdcl", "cdcl-plain", "splr"];
        if dpll {
            engines.push("dpll");
        }
        for label in engines {
            let engine = label.trim_end_matches("-plain");
            let mut args = vec!["--engine", engine, "--timeout", &timeout, cnf_arg];
            if let (Some(limit), "dpll") = (&conflicts, engine) {
                args.extend(["--conflicts", limit]);
            }
            if label == "cdcl" {
                args.extend(["--proof", proof_arg]);
                // A stale proof of the previous formula must not pass for this one.
                let _ = std::fs::remove_file(&proof);
            }
            let (code, out) = run(&self.satsolve, &args, None)?;
            let verdict = match code {
                10 => {
                    model_literals(&out)
                        .and_then(|literals| check_model(formula, &literals))
                        .map_err(|e| format!("satsolve --engine {label}: {e}"))?;
                    count.models += 1;
                    Verdict::Sat
                }
                20 => {
                    if label == "cdcl" {
                        let bytes = std::fs::read(&proof).map_err(|e| e.to_string())?;
                        check_proof(formula, &bytes, self.own_checker_steps)?;
                        count.proofs += 1;
                    }
                    Verdict::Unsat
                }
                0 if out.contains("s UNKNOWN") => Verdict::Unknown,
                other => return Err(format!("satsolve --engine {label} exited {other}")),
            };
            count.solver_runs += 1;
            count.answers += 1;
            count.gave_up += usize::from(verdict == Verdict::Unknown);
            answers.push((label, verdict));
        }

        answers.extend(self.peers(formula, &cnf, count)?);
        agree(&answers)
    }

    /// The peers' verdicts on `formula`, already written to `cnf`, their models checked
    /// against the clauses; each peer gives up after the timeout.
    pub fn peers(
        &self,
        formula: &Formula,
        cnf: &Path,
        count: &mut Count,
    ) -> Result<Vec<(&'static str, Verdict)>, String> {
        let mut answers = Vec::new();
        for peer in &self.peers {
            let name = peer.peer.name();
            let answer = peer.solve_within(cnf, self.timeout)?;
            let verdict = match &answer.answer {
                Answer::Sat(model) => {
                    check_model(formula, &peers::literals(model))
                        .map_err(|e| format!("{name}: {e}"))?;
                    count.models += 1;
                    Verdict::Sat
                }
                Answer::Unsat => Verdict::Unsat,
                Answer::Unknown => Verdict::Unknown,
            };
            count.solver_runs += 1;
            count.answers += 1;
            count.gave_up += usize::from(verdict == Verdict::Unknown);
            answers.push((name, verdict));
        }
        Ok(answers)
    }
}

/// The common definite answer of `answers` (Unknown if none is definite), or which ones differ.
pub fn agree(answers: &[(&str, Verdict)]) -> Result<Verdict, String> {
    let definite: Vec<&(&str, Verdict)> = answers
        .iter()
        .filter(|(_, verdict)| *verdict != Verdict::Unknown)
        .collect();
    match definite.first() {
        None => Ok(Verdict::Unknown),
        Some((_, first)) if definite.iter().all(|(_, v)| v == first) => Ok(*first),
        Some(_) => Err(format!("{answers:?}")),
    }
}

/// Generates and checks instances of `family` until `more` says stop, tallying them.
/// The generator is seeded per family from `seed`, so adding a family changes no other.
pub fn run_family(
    tools: &Tools,
    family: Family,
    scale: Scale,
    seed: u64,
    dpll: bool,
    mut more: impl FnMut(usize) -> bool,
    count: &mut Count,
) -> Result<(), (Instance, String)> {
    let mut rng = SplitMix64(seed ^ (family as u64).wrapping_mul(0x9E37_79B9));
    let mut round = 0;
    while more(round) {
        let instance = family.generate(&mut rng, scale, round);
        if let Err(message) = tools.check(&instance, dpll, count) {
            return Err((
                instance,
                format!("{} round {round}: {message}", family.name()),
            ));
        }
        round += 1;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests;
