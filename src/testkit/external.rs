//! Test material from outside the repository: the shared folder (benchmark CNFs, puzzle
//! collections, course files) and peer solvers (MiniSat, CaDiCaL) on `PATH`.
//!
//! The shared folder sits next to the checkout, so tests read `../shared/...`; from a
//! worktree it is further up, so the lookup walks up from the crate root to the first
//! folder holding `shared/<relative>`. The variable `SUDOSAT_SHARED`, when set, names the
//! shared folder instead and no walk happens (a CI job that keeps it elsewhere, or a
//! check that a missing folder fails: `SUDOSAT_SHARED=/nonexistent CI=true make test`).
//!
//! Without the material a developer's test skips its part with a note on stderr; under
//! `CI=true` it fails instead, so that a CI run cannot pass by silently testing less.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The environment variable naming the shared folder, overriding the walk up.
pub const SHARED_VAR: &str = "SUDOSAT_SHARED";

/// Whether the tests run under `CI=true`, where nothing may be skipped.
pub fn in_ci() -> bool {
    std::env::var("CI").as_deref() == Ok("true")
}

/// `found`, or when it is `None`: a panic naming `what` if `ci`, else a note on stderr
/// that the test skips `what`.
pub fn unless_ci<T>(found: Option<T>, ci: bool, what: &str) -> Option<T> {
    if found.is_none() {
        if ci {
            panic!("{what} is missing, and CI=true forbids skipping");
        }
        eprintln!("note: {what} is missing; skipping the part of this test that needs it");
    }
    found
}

/// `<shared>/<relative>` if it exists, where `<shared>` is `root` when given, else the
/// first `shared` folder above `start` (or in it) that holds `relative`.
pub fn find_shared(relative: &str, root: Option<&Path>, start: &Path) -> Option<PathBuf> {
    match root {
        Some(root) => Some(root.join(relative)).filter(|path| path.exists()),
        None => start
            .ancestors()
            .map(|dir| dir.join("shared").join(relative))
            .find(|path| path.exists()),
    }
}

/// `../shared/<relative>` (a file or folder) for this checkout, honouring
/// [`SHARED_VAR`]; `None` with a note when absent, a panic under `CI=true`.
pub fn shared_path(relative: &str) -> Option<PathBuf> {
    let root = std::env::var_os(SHARED_VAR).filter(|value| !value.is_empty());
    let found = find_shared(
        relative,
        root.as_deref().map(Path::new),
        Path::new(env!("CARGO_MANIFEST_DIR")),
    );
    let place = match &root {
        Some(root) => format!("{SHARED_VAR}={}", Path::new(root).display()),
        None => "the folders above the crate".to_string(),
    };
    unless_ci(
        found,
        in_ci(),
        &format!("shared/{relative} (looked in {place})"),
    )
}

/// The program `name` in a folder of `path` (a `PATH`-like list), if there is one.
pub fn find_in(name: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    path.and_then(|paths| {
        std::env::split_paths(paths)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// The program `name` on `PATH`, if installed.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    find_in(name, std::env::var_os("PATH").as_deref())
}

/// The peer solver `name` on `PATH`; `None` with a note when absent, a panic under
/// `CI=true`.
pub fn peer_solver(name: &str) -> Option<PathBuf> {
    unless_ci(
        find_on_path(name),
        in_ci(),
        &format!("peer solver `{name}` on PATH"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_override_replaces_the_walk_and_must_hold_the_file() {
        let crate_root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let nowhere = Path::new("/nonexistent/sudosat-shared");
        assert_eq!(find_shared("bench/cnf", Some(nowhere), crate_root), None);
        // The override is used as it is: `src` exists in the crate, `lib.rs` in it.
        assert_eq!(
            find_shared("lib.rs", Some(&crate_root.join("src")), nowhere),
            Some(crate_root.join("src/lib.rs"))
        );
    }

    #[test]
    fn the_walk_finds_the_nearest_shared_folder_holding_the_path() {
        let dir = std::env::temp_dir().join(format!("sudosat-shared-{}", std::process::id()));
        let deep = dir.join("a/b/checkout");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::create_dir_all(dir.join("shared/bench/cnf")).unwrap();
        std::fs::create_dir_all(dir.join("a/shared/puzzles")).unwrap();
        assert_eq!(
            find_shared("bench/cnf", None, &deep),
            Some(dir.join("shared/bench/cnf"))
        );
        assert_eq!(
            find_shared("puzzles", None, &deep),
            Some(dir.join("a/shared/puzzles"))
        );
        // The walk goes on above `dir` (a real `shared` folder may sit in the temp
        // directory's parents), so the missing path must be one no folder holds.
        let absent = format!("absent-{}", std::process::id());
        assert_eq!(find_shared(&absent, None, &deep), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_material_is_a_note_outside_ci() {
        assert_eq!(unless_ci(None::<PathBuf>, false, "shared/x"), None);
        assert_eq!(unless_ci(Some(3), true, "shared/x"), Some(3));
    }

    #[test]
    #[should_panic(expected = "CI=true forbids skipping")]
    fn missing_material_fails_under_ci() {
        let found = find_shared("bench/cnf", Some(Path::new("/nonexistent")), Path::new("/"));
        unless_ci(found, true, "shared/bench/cnf");
    }

    #[test]
    fn programs_are_found_in_the_given_path_only() {
        let bin = std::env::join_paths(["/nonexistent", "/bin", "/usr/bin"]).unwrap();
        assert!(find_in("sh", Some(&bin)).is_some());
        assert_eq!(find_in("sh", Some(OsStr::new("/nonexistent"))), None);
        assert_eq!(find_in("sh", None), None);
    }
}
