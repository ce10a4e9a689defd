//! Command-line parsing shared by every binary: one-line usage errors, and man pages and
//! shell completions generated from each binary's clap definition (so they can never
//! disagree with `--help`).
//!
//! A usage error is one line on stderr, `PROGRAM: what is wrong (see --help)`, and exit
//! 2, like every other error of these filters; clap's own multi-line report with a usage
//! block would be the only exception to "one clear line per failure".
//!
//! Every binary parses its command line through [`parse_args`], which answers two
//! packaging requests before the normal parse:
//!
//! * `PROGRAM --generate-man` writes the roff man page to stdout;
//! * `PROGRAM --generate-completions SHELL` writes the completion script for `bash`,
//!   `zsh`, `fish`, `elvish` or `powershell` to stdout.
//!
//! They are read from the raw arguments rather than declared as clap options, so they
//! work even where the command line has required arguments or subcommands, and stay out
//! of `--help` (they are for `make install`, not for users; the README lists them).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process;

use clap::{CommandFactory, Parser};
use clap_complete::Shell;

/// The flag that asks for the man page.
pub const GENERATE_MAN: &str = "--generate-man";
/// The flag that asks for a shell's completion script; the shell name follows it.
pub const GENERATE_COMPLETIONS: &str = "--generate-completions";

/// What the raw arguments ask for.
#[derive(Debug, PartialEq, Eq)]
enum Request {
    /// A normal run: parse with clap.
    Run,
    /// The man page.
    Man,
    /// The completion script of this shell.
    Completions(Shell),
    /// `--generate-completions` with a missing or unknown shell name.
    UnknownShell(String),
}

fn request(args: &[OsString]) -> Request {
    match args {
        [_, flag] if flag == GENERATE_MAN => Request::Man,
        [_, flag, rest @ ..] if flag == GENERATE_COMPLETIONS => {
            let name = match rest {
                [name] => name.to_string_lossy().into_owned(),
                _ => String::new(),
            };
            match name.parse::<Shell>() {
                Ok(shell) => Request::Completions(shell),
                Err(_) => Request::UnknownShell(name),
            }
        }
        _ => Request::Run,
    }
}

/// Parses the command line as `A`, unless it is a packaging request, which is answered
/// on stdout and ends the process (exit 0, or 2 for an unknown shell). `--help` and
/// `--version` print and exit 0; a usage error prints one line and exits 2.
pub fn parse_args<A: Parser>() -> A {
    let args: Vec<OsString> = std::env::args_os().collect();
    match request(&args) {
        Request::Run => match A::try_parse_from(&args) {
            Ok(parsed) => parsed,
            Err(error) if !error.use_stderr() => {
                // --help and --version: clap prints them to stdout, as users expect.
                finish(error.print())
            }
            Err(error) => {
                let program = A::command().get_name().to_string();
                eprintln!("{program}: {}", one_line(&error.to_string()));
                process::exit(2)
            }
        },
        Request::Man => finish(write_man::<A>(&mut io::stdout().lock())),
        Request::Completions(shell) => {
            finish(write_completions::<A>(shell, &mut io::stdout().lock()))
        }
        Request::UnknownShell(name) => {
            let program = A::command().get_name().to_string();
            eprintln!(
                "{program}: {GENERATE_COMPLETIONS} needs a shell: bash, zsh, fish, elvish or \
                 powershell (found \"{name}\")"
            );
            process::exit(2)
        }
    }
}

/// The message part of clap's report (the lines before its blank line or usage block,
/// which may list missing arguments one per line) joined into one line, without the
/// `error: ` prefix, plus a pointer to the help that the dropped usage block gave.
fn one_line(report: &str) -> String {
    let message: Vec<&str> = report
        .lines()
        .take_while(|line| !line.trim().is_empty() && !line.starts_with("Usage:"))
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("{message} (see --help)")
}

fn finish(result: io::Result<()>) -> ! {
    match result {
        Ok(()) => process::exit(0),
        // A closed pipe (`| head`) is the reader's choice, not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => process::exit(0),
        Err(error) => {
            eprintln!("cannot write output: {error}");
            process::exit(1)
        }
    }
}

/// Writes the man page of `A` (roff, section 1).
pub fn write_man<A: CommandFactory>(out: &mut dyn Write) -> io::Result<()> {
    clap_mangen::Man::new(A::command()).render(out)?;
    out.flush()
}

/// Writes `shell`'s completion script for `A`.
pub fn write_completions<A: CommandFactory>(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut command = A::command();
    let name = command.get_name().to_string();
    clap_complete::generate(shell, &mut command, name, out);
    out.flush()
}

/// `--technique NAME` of `sudokugen puzzles`: a technique the rater's path can take (the
/// technique table's rows with rungs; not the templates, which SE does not have).
pub fn parse_rated_technique(text: &str) -> Result<crate::human::Technique, String> {
    let technique: crate::human::Technique = text.parse()?;
    if !technique.is_rated() {
        return Err(format!(
            "{} is not on the rating's path (docs/techniques.md), so no puzzle can be \
             chosen by it",
            technique.slug()
        ));
    }
    Ok(technique)
}

/// `--rating A-B`: a range of Sudoku Explainer ratings, e.g. `3.0-4.5`.
pub fn parse_rating_range(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("expected a rating range such as 3.0-4.5, not `{text}`");
    let (low, high) = text.split_once('-').ok_or_else(bad)?;
    let low: f64 = low.trim().parse().map_err(|_| bad())?;
    let high: f64 = high.trim().parse().map_err(|_| bad())?;
    if !(low.is_finite() && high.is_finite() && low <= high) {
        return Err(bad());
    }
    Ok((low, high))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in command line with a required argument, like the real binaries'.
    #[derive(Parser, Debug)]
    #[command(name = "demo", about = "Demonstrates packaging output")]
    struct Demo {
        /// The input.
        input: String,
        /// How many.
        #[arg(long)]
        count: Option<u32>,
    }

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn requests_are_recognised_only_alone() {
        assert_eq!(request(&os(&["demo", "--generate-man"])), Request::Man);
        assert_eq!(
            request(&os(&["demo", "--generate-completions", "zsh"])),
            Request::Completions(Shell::Zsh)
        );
        assert_eq!(
            request(&os(&["demo", "--generate-completions", "tcsh"])),
            Request::UnknownShell("tcsh".to_string())
        );
        assert_eq!(
            request(&os(&["demo", "--generate-completions"])),
            Request::UnknownShell(String::new())
        );
        // Anything else, even containing the flag, is a normal run for clap to judge.
        assert_eq!(request(&os(&["demo", "x", "--generate-man"])), Request::Run);
        assert_eq!(request(&os(&["demo"])), Request::Run);
    }

    #[test]
    fn usage_errors_become_one_line() {
        let error = Demo::try_parse_from(["demo", "in", "--count", "lots"]).unwrap_err();
        let line = one_line(&error.to_string());
        assert!(!line.contains('\n'));
        assert!(
            line.starts_with("invalid value 'lots' for '--count <COUNT>'"),
            "{line}"
        );
        assert!(line.ends_with("(see --help)"));
        let error = Demo::try_parse_from(["demo"]).unwrap_err();
        let line = one_line(&error.to_string());
        assert!(line.contains("<INPUT>"), "{line}");
    }

    #[test]
    fn the_man_page_documents_the_options() {
        let mut page = Vec::new();
        write_man::<Demo>(&mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.starts_with(".ie"), "roff expected: {}", &page[..40]);
        assert!(page.contains(".TH demo 1"), "{page}");
        assert!(page.contains("Demonstrates packaging output"));
        assert!(page.contains("count"));
    }

    #[test]
    fn completion_scripts_name_the_program_and_its_options() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let mut script = Vec::new();
            write_completions::<Demo>(shell, &mut script).unwrap();
            let script = String::from_utf8(script).unwrap();
            assert!(script.contains("demo"), "{shell}");
            assert!(script.contains("count"), "{shell}");
        }
    }
}
