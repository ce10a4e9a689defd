//! Result files that appear whole or not at all.
//!
//! A tool that dies half-way (a full disk, Ctrl-C, a bad input found late) must not leave
//! a truncated `--output`, `--proof` or split file that a Makefile would take for a
//! finished result. [`AtomicFile`] writes to a temporary name in the target's directory
//! (same file system, so the final `rename` is atomic on POSIX) and renames it only on
//! [`AtomicFile::commit`]; dropped without a commit, it removes the temporary file.
//!
//! Only regular files (or names not yet taken) are written that way. A target that is a
//! device, a FIFO or a symbolic link (`/dev/stdout`, `/dev/null`, `/dev/full`, a named
//! pipe a script reads from) is written in place: renaming over it would replace the
//! device or the link with a plain file, and a reader of the pipe would never see data.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written under a temporary name, renamed to its real name on commit.
#[derive(Debug)]
pub struct AtomicFile {
    rename: PendingRename,
    writer: BufWriter<File>,
}

/// The rename that publishes a temporary file, for writers that live elsewhere (a DRAT
/// proof is written by the solver that owns its writer): commit it once the writer has
/// flushed; dropped uncommitted, it removes the temporary file.
#[derive(Debug)]
pub struct PendingRename {
    target: PathBuf,
    /// `None` once committed.
    temporary: Option<PathBuf>,
}

impl PendingRename {
    /// The name the file gets on commit.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the temporary file to the target, replacing any old one. The writer must
    /// have flushed everything it buffered.
    pub fn commit(mut self) -> io::Result<()> {
        let Some(temporary) = self.temporary.take() else {
            return Ok(());
        };
        let result = fs::rename(&temporary, &self.target);
        if result.is_err() {
            // Best effort: the error being reported matters more than this one.
            let _ = fs::remove_file(&temporary);
        }
        result
    }
}

impl Drop for PendingRename {
    fn drop(&mut self) {
        if let Some(temporary) = self.temporary.take() {
            // Not committed: the partial result must not survive.
            let _ = fs::remove_file(temporary);
        }
    }
}

impl AtomicFile {
    /// Creates the temporary file beside `target`. Fails as creating `target` would:
    /// a missing directory or no permission to write there.
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let (file, temporary) = if is_special(target) {
            (File::create(target)?, None)
        } else {
            let temporary = temporary_name(target);
            (File::create(&temporary)?, Some(temporary))
        };
        Ok(AtomicFile {
            rename: PendingRename {
                target: target.to_path_buf(),
                temporary,
            },
            writer: BufWriter::with_capacity(1 << 16, file),
        })
    }

    /// The name the file will have once committed.
    pub fn target(&self) -> &Path {
        self.rename.target()
    }

    /// The buffered writer and the rename that publishes what it wrote, for a writer
    /// that must be handed to someone else.
    pub fn into_parts(self) -> (BufWriter<File>, PendingRename) {
        (self.writer, self.rename)
    }

    /// Flushes (syncing nothing: a crash of the machine is out of scope, a crash of the
    /// tool is not) and renames the temporary file to the target, replacing any old one.
    pub fn commit(self) -> io::Result<()> {
        let AtomicFile { mut writer, rename } = self;
        // On a failed flush `rename` is dropped, which removes the temporary file.
        writer.flush()?;
        drop(writer);
        rename.commit()
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Whether `target` exists as something other than a regular file (a device, a FIFO, a
/// directory, or a symbolic link to anything), which must be written in place.
fn is_special(target: &Path) -> bool {
    match fs::symlink_metadata(target) {
        Ok(metadata) => !metadata.file_type().is_file(),
        Err(_) => false,
    }
}

/// `dir/.name.tmp-PID`: hidden, in the target's directory, unique per process.
fn temporary_name(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    let hidden = format!(".{name}.tmp-{}", std::process::id());
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(hidden),
        _ => PathBuf::from(hidden),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_dir(name: &str) -> PathBuf {
        crate::testkit::fixtures::scratch(&format!("atomic-{name}"))
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_committed_file_appears_under_its_name_and_nothing_else_remains() {
        let dir = scratch_dir("commit");
        let target = dir.join("answer.res");
        let mut file = AtomicFile::create(&target).unwrap();
        file.write_all(b"s 1\n").unwrap();
        assert_eq!(entries(&dir).len(), 1);
        assert!(!target.exists(), "visible before commit");
        file.commit().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "s 1\n");
        assert_eq!(entries(&dir), vec!["answer.res".to_string()]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_dropped_file_leaves_nothing_and_an_old_result_untouched() {
        let dir = scratch_dir("drop");
        let target = dir.join("proof.drat");
        fs::write(&target, "old\n").unwrap();
        {
            let mut file = AtomicFile::create(&target).unwrap();
            file.write_all(b"half a proof").unwrap();
        }
        assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
        assert_eq!(entries(&dir), vec!["proof.drat".to_string()]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_writer_handed_elsewhere_is_published_by_its_pending_rename() {
        let dir = scratch_dir("parts");
        let target = dir.join("p.drat");
        let (mut writer, rename) = AtomicFile::create(&target).unwrap().into_parts();
        writer.write_all(b"1 2 0\n0\n").unwrap();
        writer.flush().unwrap();
        assert!(!target.exists());
        rename.commit().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "1 2 0\n0\n");
        drop(writer);
        assert_eq!(entries(&dir), vec!["p.drat".to_string()]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn devices_and_links_are_written_in_place_never_replaced() {
        // /dev/null stays a device: a rename over it would turn it into a plain file.
        let mut null = AtomicFile::create(Path::new("/dev/null")).unwrap();
        null.write_all(b"discarded").unwrap();
        null.commit().unwrap();
        assert!(!fs::symlink_metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_file());

        let dir = scratch_dir("link");
        let real = dir.join("real.res");
        let link = dir.join("link.res");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let mut file = AtomicFile::create(&link).unwrap();
        file.write_all(b"s 1\n").unwrap();
        file.commit().unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "s 1\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_fails_at_creation() {
        let error = AtomicFile::create(Path::new("/nonexistent-sudosat-dir/out.res")).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
