//! The binaries' bodies, and what every binary shares: opening an input (a file, `-` for
//! stdin; gzip, xz, bzip2 or lzma detected by magic bytes rather than the file name), a buffered stdout,
//! and one place that prints an error and picks the exit code ([`Failure`], [`run`]).
//!
//! Every binary has the same shape: `bin/NAME.rs` parses its flags with clap into the
//! plain options struct of the module of the same name here, and makes one call,
//! `cli::run("NAME", || cli::NAME::run(&options))`. The modules: [`satsolve`],
//! [`sudoku2cnf`], [`model2grid`], [`gridcheck`], [`sudokugen`], [`cactusplot`]; beside
//! them [`args`] (one-line usage errors, man pages, completions), [`answer`] (answer
//! blocks as bytes), [`progress`] and [`atomic`] (result files renamed into place).
//! Everything here sits above the library's other modules and nothing below imports it.
//!
//! A closed pipe downstream (`satsolve x.cnf | head`) is not an error for a Unix filter: it
//! ends the program quietly with the success code, as ripgrep does.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub mod answer;
pub mod args;
pub mod atomic;
pub mod cactusplot;
pub mod decompress;
pub mod gridcheck;
pub mod model2grid;
pub mod progress;
pub mod satsolve;
pub mod sudoku2cnf;
pub mod sudokugen;
pub mod sudoplay;

/// Read buffer size: large enough that the 52 MB benchmark CNFs stream without overhead.
const BUFFER_SIZE: usize = 1 << 16;

/// Output gathered before a write by the streaming filters (`sudoku2cnf` and `satsolve`
/// on a batch) on a pipe or file: one syscall per 64 KiB, not per puzzle, which would
/// cost more than solving an easy one.
pub(crate) const FLUSH_AT: usize = 64 * 1024;

/// Where an input comes from, for error messages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-` or no file argument).
    #[default]
    Stdin,
    /// A named file.
    File(PathBuf),
}

impl Source {
    /// `None` and `-` mean stdin; anything else is a file path.
    pub fn from_arg(arg: Option<&Path>) -> Source {
        match arg {
            None => Source::Stdin,
            Some(path) if path == Path::new("-") => Source::Stdin,
            Some(path) => Source::File(path.to_path_buf()),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("<stdin>"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The source of a second input such as `--puzzle FILE` (`-` for stdin), refused when the
/// main input already reads stdin, since one stream cannot feed both; `clash` says what
/// the two inputs are, for the message.
pub fn second_input(
    main: &Source,
    path: Option<&Path>,
    clash: &str,
) -> Result<Option<Source>, Failure> {
    let second = path.map(|path| Source::from_arg(Some(path)));
    if second == Some(Source::Stdin) && *main == Source::Stdin {
        return Err(Failure::usage(format!(
            "{clash} cannot both come from standard input"
        )));
    }
    Ok(second)
}

/// Opens `source` for buffered reading, decompressing it on the fly when its first bytes
/// are those of gzip, xz, bzip2 or `.lzma` (see `decompress`).
pub fn open(source: &Source) -> io::Result<Box<dyn BufRead>> {
    let raw: Box<dyn Read> = match source {
        Source::Stdin => Box::new(io::stdin()),
        Source::File(path) => Box::new(File::open(path)?),
    };
    decompress::decompressed(raw)
}

/// Reads all of `source` (decompressed) as text. Invalid UTF-8 is an `InvalidData` error.
pub fn read_to_string(source: &Source) -> io::Result<String> {
    let mut text = String::new();
    open(source)?.read_to_string(&mut text)?;
    Ok(text)
}

/// A buffered, locked stdout for data.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(BUFFER_SIZE, io::stdout().lock())
}

/// An error that ends a program: the message for stderr and the exit code.
///
/// Exit codes are part of each binary's contract (its `--help` lists them), so they are
/// chosen by name, not spelled as numbers at each error site. Two codes carry an error
/// in every binary:
///
/// | constructor | exit | message | for |
/// |---|---|---|---|
/// | [`Failure::usage`] | 2 | as given | a command line that cannot be carried out as given: a bad value, a layout that does not exist, flags that do not go together |
/// | [`Failure::input`] | 2 | `SOURCE: error` | an input the program cannot use, where that is the caller's mistake like a bad flag (sudoku2cnf, gridcheck, sudokugen rate, cactusplot, model2grid `--puzzle`) |
/// | [`Failure::invalid`] | 2 | as given | the same, when the message already says where (a puzzle number, a CSV line) |
/// | [`Failure::error`] | 1 | as given | the run failed: a result the program could not produce (no solution to decode, a generator target not reached, a solver thread that died) |
/// | [`Failure::error_in`] | 1 | `SOURCE: error` | the run failed on what an input holds: satsolve's formula, model2grid's answers (for them a bad input is a failed run, as their 10/20/0 and 0 are results) |
/// | [`Failure::write`] | 1 | `cannot write PATH: error` | an output file that could not be created or written |
/// | [`Failure::output`] | 1, or 0 quietly | `cannot write output: error` | stdout failed; a closed pipe (`\| head`) is a success |
///
/// [`Failure::new`] remains for a code decided elsewhere (a library error's own code, or
/// another failure's code kept while its message is reworded).
#[derive(Debug)]
pub struct Failure {
    /// The text printed after the program name.
    pub message: String,
    /// The process exit code.
    pub code: u8,
}

impl Failure {
    /// A failure with a code decided by the caller (see the table above for the named ones).
    pub fn new(code: u8, message: impl fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            code,
        }
    }

    /// Bad usage (exit 2).
    pub fn usage(message: impl fmt::Display) -> Failure {
        Failure::new(2, message)
    }

    /// An input that cannot be used (exit 2), its message naming where.
    pub fn invalid(message: impl fmt::Display) -> Failure {
        Failure::new(2, message)
    }

    /// An input that cannot be used (exit 2), named by its source.
    pub fn input(source: &Source, error: impl fmt::Display) -> Failure {
        Failure::invalid(format!("{source}: {error}"))
    }

    /// A failed run (exit 1).
    pub fn error(message: impl fmt::Display) -> Failure {
        Failure::new(1, message)
    }

    /// A run failed by what `source` holds (exit 1), named by its source.
    pub fn error_in(source: &Source, error: impl fmt::Display) -> Failure {
        Failure::error(format!("{source}: {error}"))
    }

    /// A failure to create or write the file at `path` (exit 1).
    pub fn write(path: &Path, error: impl fmt::Display) -> Failure {
        Failure::error(format!("cannot write {}: {error}", path.display()))
    }

    /// A failure to write output; a broken pipe becomes a quiet success.
    pub fn output(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure {
                message: String::new(),
                code: 0,
            }
        } else {
            Failure::error(format!("cannot write output: {error}"))
        }
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::output(error)
    }
}

/// Runs a binary's body: prints a failure as `program: message` on stderr and turns the
/// result into the process exit code.
pub fn run(program: &str, body: impl FnOnce() -> Result<u8, Failure>) -> ExitCode {
    match body() {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            if !failure.message.is_empty() {
                let mut stderr = io::stderr().lock();
                // Nothing sensible is left to do if stderr itself is gone.
                let _ = writeln!(stderr, "{program}: {}", failure.message);
            }
            ExitCode::from(failure.code)
        }
    }
}

/// Peak resident memory of this process in megabytes, from `/proc/self/status` (Linux);
/// `None` where that file does not exist.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::GzEncoder;
    use flate2::Compression;

    fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sudosat-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn gzip_is_detected_by_content_not_name() {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
        encoder.write_all(b"p cnf 1 1\n1 0\n").unwrap();
        let path = temp_file("packed.cnf", &encoder.finish().unwrap());
        let text = read_to_string(&Source::File(path)).unwrap();
        assert_eq!(text, "p cnf 1 1\n1 0\n");
    }

    #[test]
    fn broken_gzip_says_gzip() {
        let path = temp_file("broken.cnf.gz", &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff]);
        let error = read_to_string(&Source::File(path)).unwrap_err();
        assert!(
            error.to_string().starts_with("invalid gzip data"),
            "{error}"
        );
    }

    #[test]
    fn plain_files_pass_through() {
        let path = temp_file("plain.cnf", b"p cnf 0 0\n");
        assert_eq!(read_to_string(&Source::File(path)).unwrap(), "p cnf 0 0\n");
    }

    #[test]
    fn dash_means_stdin_and_names_show_in_messages() {
        assert_eq!(Source::from_arg(Some(Path::new("-"))), Source::Stdin);
        assert_eq!(Source::from_arg(None).to_string(), "<stdin>");
        let failure = Failure::input(&Source::File("x.txt".into()), "no such file");
        assert_eq!(failure.message, "x.txt: no such file");
        assert_eq!(failure.code, 2);
        let failure = Failure::error_in(&Source::Stdin, "not DIMACS");
        assert_eq!(
            (failure.code, failure.message.as_str()),
            (1, "<stdin>: not DIMACS")
        );
    }

    #[test]
    fn broken_pipe_is_a_quiet_success() {
        let failure = Failure::output(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!((failure.code, failure.message.as_str()), (0, ""));
        assert_eq!(Failure::output(io::Error::other("disk full")).code, 1);
    }
}
