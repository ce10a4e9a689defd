//! Running the binaries under test and checking what they print.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

// The repository root, `testdata/` paths and per-test scratch folders.
pub use sudosat::testkit::fixtures::{data_lines, root, scratch, testdata};

/// Splits the puzzle file `puzzles` into one CNF per puzzle in the folder `out` with
/// this build's `sudoku2cnf` (`options` such as `--layout hanidoku` first); the CNF
/// files in puzzle order.
pub fn split(puzzles: &Path, out: &Path, options: &[&str]) -> Vec<PathBuf> {
    sudosat::testkit::fixtures::split(&binary("sudoku2cnf"), options, puzzles, out)
}

/// The path of a binary of this crate.
pub fn binary(name: &str) -> PathBuf {
    let path = match name {
        "sudoku2cnf" => env!("CARGO_BIN_EXE_sudoku2cnf"),
        "satsolve" => env!("CARGO_BIN_EXE_satsolve"),
        "model2grid" => env!("CARGO_BIN_EXE_model2grid"),
        "gridcheck" => env!("CARGO_BIN_EXE_gridcheck"),
        "sudokugen" => env!("CARGO_BIN_EXE_sudokugen"),
        "cactusplot" => env!("CARGO_BIN_EXE_cactusplot"),
        other => panic!("no binary named {other}"),
    };
    PathBuf::from(path)
}

/// What a finished command printed and returned.
pub struct Run {
    /// The command line, for failure messages.
    pub command: String,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error as text.
    pub stderr: String,
    /// The exit code (-1 if killed by a signal).
    pub code: i32,
}

impl Run {
    /// What `output` (of the command line `command`) printed and returned.
    pub fn from_output(command: String, output: Output) -> Run {
        Run {
            command,
            stdout: output.stdout,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code().unwrap_or(-1),
        }
    }

    /// Standard output as text.
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Fails the test unless the exit code is `code`, printing everything.
    pub fn expect_code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code,
            code,
            "`{}` exited {} (expected {code})\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.command,
            self.code,
            truncate(&self.stdout_text()),
            self.stderr
        );
        self
    }

    /// Fails the test unless stderr contains `fragment`.
    pub fn expect_stderr_contains(&self, fragment: &str) -> &Run {
        assert!(
            self.stderr.contains(fragment),
            "`{}`: stderr lacks {fragment:?}\n--- stderr ---\n{}",
            self.command,
            self.stderr
        );
        self
    }

    /// The value of the `c NAME VALUE` statistics line `name` on stderr (`satsolve
    /// --stats`); fails the test when there is none.
    pub fn stat(&self, name: &str) -> u64 {
        self.stderr
            .lines()
            .find_map(|line| {
                let rest = line.strip_prefix("c ")?.strip_prefix(name)?;
                rest.trim().parse().ok()
            })
            .unwrap_or_else(|| panic!("`{}`: no `c {name}` line:\n{}", self.command, self.stderr))
    }

    /// Fails the test unless stdout is empty (errors must never leave half an output).
    pub fn expect_no_stdout(&self) -> &Run {
        assert!(
            self.stdout.is_empty(),
            "`{}` wrote to stdout:\n{}",
            self.command,
            truncate(&self.stdout_text())
        );
        self
    }
}

fn truncate(text: &str) -> String {
    if text.len() > 2000 {
        format!("{}... ({} bytes)", &text[..2000], text.len())
    } else {
        text.to_string()
    }
}

/// Runs `program` (a path or a name on PATH) with `args`, feeding `stdin`.
pub fn run_program(program: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let command = format!("{} {}", program.display(), args.join(" "));
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot start `{command}`: {error}"));
    let mut input = child.stdin.take().expect("piped stdin");
    let bytes = stdin.to_vec();
    // Feed stdin from a thread so a program that writes before reading all input cannot
    // deadlock against us; a program that exits early may close its end, which is fine.
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let output = child.wait_with_output().expect("wait for child");
    let _ = feeder.join();
    Run::from_output(command, output)
}

/// Runs one of this crate's binaries.
pub fn run(name: &str, args: &[&str], stdin: &[u8]) -> Run {
    run_program(&binary(name), args, stdin)
}

// `../shared`: absent, `None` with a note, unless `CI=true`, where the test must not
// silently skip and so fails. Peer solvers are found the same way, by
// `sudosat::testkit::peers::Peer::find`.
pub use sudosat::testkit::external::shared_path;

/// The library's deterministic generator, for random test formulas.
pub use sudosat::rng::SplitMix64;
