//! Peer solvers, MiniSat and CaDiCaL, run on a DIMACS file, their answers read by the
//! library's own reader ([`crate::model::read_answer`]).
//!
//! Every test that swaps a peer into the pipeline, confirms an answer of ours by a peer,
//! or needs a peer's model goes through here, so that how each peer is called (MiniSat
//! writes its model to a result file, not to stdout; CaDiCaL prints competition output
//! and wraps its `v` lines), what its exit code means and how its answer is read exist
//! once. A peer is looked up on `PATH` by [`Peer::find`], which defers to
//! [`super::external::peer_solver`]: without the peer a test skips its part with a note,
//! except under `CI=true`, where the lookup fails the test.
//!
//! The exit code and the answer text must agree (10 with a satisfiable answer, 20 with
//! an unsatisfiable one); 0 means the peer gave up at its limit (MiniSat prints
//! `INDETERMINATE`, CaDiCaL `c UNKNOWN`). Any other exit, or a code the text
//! contradicts, is an error naming the command, never a verdict.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::external::{find_on_path, peer_solver};
use super::fixtures::with_clause;
use crate::model::{read_answer, Answer, Model, Status};

/// A peer solver the tests compare with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Peer {
    /// MiniSat 2.2 (Debian's `minisat`): the model goes to a result file.
    MiniSat,
    /// CaDiCaL (Debian's `cadical`): competition output on stdout.
    CaDiCaL,
}

impl Peer {
    /// Every peer, in the order the tests run them.
    pub const ALL: [Peer; 2] = [Peer::MiniSat, Peer::CaDiCaL];

    /// The program's name on `PATH`, also the peer's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Peer::MiniSat => "minisat",
            Peer::CaDiCaL => "cadical",
        }
    }

    /// The peer on `PATH`; `None` with a note when it is not installed, a panic under
    /// `CI=true`.
    pub fn find(self) -> Option<PeerSolver> {
        peer_solver(self.name()).map(|program| self.at(program))
    }

    /// The peer on `PATH`, or `None` without a note and whatever `CI` says: for tools
    /// (the long differential fuzzer) that decide themselves what a missing peer means.
    pub fn installed(self) -> Option<PeerSolver> {
        find_on_path(self.name()).map(|program| self.at(program))
    }

    /// The peer as the program at `program` (a stand-in script in the harness's own
    /// tests, or a build outside `PATH`).
    pub fn at(self, program: PathBuf) -> PeerSolver {
        PeerSolver {
            peer: self,
            program,
        }
    }
}

/// Every peer that [`Peer::find`] finds, in [`Peer::ALL`] order.
pub fn installed() -> Vec<PeerSolver> {
    Peer::ALL.into_iter().filter_map(Peer::find).collect()
}

/// A peer and the program that runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerSolver {
    /// Which peer, hence how it is called and read.
    pub peer: Peer,
    /// The program to run.
    pub program: PathBuf,
}

/// What a peer answered, read and checked against its exit code.
#[derive(Clone, Debug)]
pub struct PeerAnswer {
    /// The command line, for messages.
    pub command: String,
    /// The exit code (0 when it gave up, 10 SAT, 20 UNSAT).
    pub code: i32,
    /// The answer as the peer wrote it (MiniSat's result file, CaDiCaL's stdout): what a
    /// pipeline hands on to `model2grid`.
    pub text: Vec<u8>,
    /// The answer, read by the library's reader.
    pub answer: Answer,
}

/// A unique name in the temporary folder for a file of one peer run.
fn temporary(extension: &str) -> PathBuf {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "sudosat-peer-{}-{run}.{extension}",
        std::process::id()
    ))
}

/// A path as an argument; the tests' paths are UTF-8.
fn arg(path: &Path) -> Result<&str, String> {
    path.to_str()
        .ok_or_else(|| format!("{} is not UTF-8", path.display()))
}

impl PeerSolver {
    /// Solves the DIMACS file `cnf` without a limit.
    pub fn solve(&self, cnf: &Path) -> Result<PeerAnswer, String> {
        self.run(cnf, None, None)
    }

    /// Solves `cnf`, giving up after `seconds` (MiniSat's `-cpu-lim`, CaDiCaL's `-t`).
    pub fn solve_within(&self, cnf: &Path, seconds: u64) -> Result<PeerAnswer, String> {
        self.run(cnf, Some(seconds), None)
    }

    /// Solves `cnf` and writes a DRAT proof to `proof`, binary or text (CaDiCaL only:
    /// Debian's MiniSat writes no proofs).
    pub fn prove(&self, cnf: &Path, proof: &Path, binary: bool) -> Result<PeerAnswer, String> {
        self.run(cnf, None, Some((proof, binary)))
    }

    /// Solves DIMACS text, written to a temporary file first.
    pub fn solve_text(&self, dimacs: &str) -> Result<PeerAnswer, String> {
        let cnf = temporary("cnf");
        std::fs::write(&cnf, dimacs).map_err(|e| format!("write {}: {e}", cnf.display()))?;
        let answer = self.solve(&cnf);
        let _ = std::fs::remove_file(&cnf);
        answer
    }

    /// The one run behind the methods above.
    fn run(
        &self,
        cnf: &Path,
        seconds: Option<u64>,
        proof: Option<(&Path, bool)>,
    ) -> Result<PeerAnswer, String> {
        let mut args: Vec<String> = Vec::new();
        let mut result_file = None;
        match self.peer {
            Peer::MiniSat => {
                if proof.is_some() {
                    return Err("minisat writes no DRAT proof".to_string());
                }
                args.push("-verb=0".to_string());
                if let Some(seconds) = seconds {
                    args.push(format!("-cpu-lim={seconds}"));
                }
                let result = temporary("res");
                args.push(arg(cnf)?.to_string());
                args.push(arg(&result)?.to_string());
                result_file = Some(result);
            }
            Peer::CaDiCaL => {
                args.push("-q".to_string());
                if let Some(seconds) = seconds {
                    args.extend(["-t".to_string(), seconds.to_string()]);
                }
                if let Some((_, binary)) = proof {
                    args.push(format!("--binary={binary}"));
                }
                args.push(arg(cnf)?.to_string());
                if let Some((path, _)) = proof {
                    args.push(arg(path)?.to_string());
                }
            }
        }
        let command = format!("{} {}", self.program.display(), args.join(" "));
        let output = Command::new(&self.program)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .map_err(|error| format!("cannot run `{command}`: {error}"));
        let text = match &result_file {
            // MiniSat leaves no result file when it fails before solving.
            Some(path) => {
                let text = std::fs::read(path).unwrap_or_default();
                let _ = std::fs::remove_file(path);
                text
            }
            None => output
                .as_ref()
                .map(|o| o.stdout.clone())
                .unwrap_or_default(),
        };
        let output = output?;
        let code = output.status.code().unwrap_or(-1);
        let failed = |why: String| {
            let stderr = String::from_utf8_lossy(&output.stderr);
            format!(
                "`{command}` {why}\n--- answer ---\n{}\n--- stderr ---\n{stderr}",
                excerpt(&text)
            )
        };
        let answer = match (code, read_answer(&text[..])) {
            (10, Ok(answer @ Answer::Sat(_))) | (20, Ok(answer @ Answer::Unsat)) => answer,
            (0, Ok(Answer::Unknown) | Err(_)) => Answer::Unknown,
            (10 | 20 | 0, Ok(answer)) => {
                return Err(failed(format!(
                    "exited {code} but answered {}",
                    status_of(&answer).as_str()
                )))
            }
            (10 | 20, Err(error)) => {
                return Err(failed(format!(
                    "exited {code} with an unreadable answer: {error}"
                )))
            }
            (code, _) => return Err(failed(format!("exited {code}"))),
        };
        Ok(PeerAnswer {
            command,
            code,
            text,
            answer,
        })
    }

    /// Checks that the puzzle formula `dimacs` has exactly one solution on its first
    /// `cell_vars` variables (the cell-digit variables of `sudoku2cnf`): the peer finds
    /// one, then answers UNSAT once that solution's true cell literals are blocked.
    /// Returns the true cell variables of the solution.
    pub fn unique_solution(&self, dimacs: &str, cell_vars: usize) -> Result<Vec<usize>, String> {
        let first = self.solve_text(dimacs)?;
        if first.status() != Status::Sat {
            return Err(format!("`{}` found no solution", first.command));
        }
        let solution: Vec<usize> = first
            .true_vars()
            .into_iter()
            .filter(|&var| var <= cell_vars)
            .collect();
        let blocked: Vec<i64> = solution.iter().map(|&var| -(var as i64)).collect();
        let second = self.solve_text(&with_clause(dimacs, &blocked))?;
        match second.status() {
            Status::Unsat => Ok(solution),
            status => Err(format!(
                "`{}` answered {} with the first solution blocked",
                second.command,
                status.as_str()
            )),
        }
    }
}

/// The status of an answer.
fn status_of(answer: &Answer) -> Status {
    match answer {
        Answer::Sat(_) => Status::Sat,
        Answer::Unsat => Status::Unsat,
        Answer::Unknown => Status::Unknown,
    }
}

/// The start of a long text, for messages.
fn excerpt(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    match text.char_indices().nth(2000) {
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
        None => text.into_owned(),
    }
}

impl PeerAnswer {
    /// SAT, UNSAT or UNKNOWN.
    pub fn status(&self) -> Status {
        status_of(&self.answer)
    }

    /// Fails the test unless the peer answered `status`, showing the command and answer.
    pub fn expect(&self, status: Status) -> &PeerAnswer {
        assert_eq!(
            self.status(),
            status,
            "`{}` exited {}\n--- answer ---\n{}",
            self.command,
            self.code,
            excerpt(&self.text)
        );
        self
    }

    /// The model of a satisfiable answer.
    pub fn model(&self) -> Option<&Model> {
        match &self.answer {
            Answer::Sat(model) => Some(model),
            _ => None,
        }
    }

    /// The variables (DIMACS numbers, ascending) the model sets true; empty unless SAT.
    pub fn true_vars(&self) -> Vec<usize> {
        self.model().map(true_vars).unwrap_or_default()
    }

    /// The model's literals in DIMACS numbering, ascending by variable; empty unless SAT.
    pub fn literals(&self) -> Vec<i64> {
        self.model().map(literals).unwrap_or_default()
    }
}

/// The literals a model lists, in DIMACS numbering, ascending by variable (an unlisted
/// variable has none).
pub fn literals(model: &Model) -> Vec<i64> {
    (0..model.max_var())
        .filter_map(|index| {
            let var = index as i64 + 1;
            model
                .value(index)
                .map(|value| if value { var } else { -var })
        })
        .collect()
}

/// The variables a model sets true, DIMACS numbers ascending.
pub fn true_vars(model: &Model) -> Vec<usize> {
    (0..model.max_var())
        .filter(|&index| model.value(index) == Some(true))
        .map(|index| index + 1)
        .collect()
}

/// Reads one solver answer (any form [`read_answer`] knows) from text, the error as a
/// message.
pub fn read(text: &[u8]) -> Result<Answer, String> {
    read_answer(text).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests;
