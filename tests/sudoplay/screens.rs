//! The screens of `docs/sudoplay.md`, captured by the same tmux harness: the test fails
//! when a screen no longer matches the game (the clock masked), and
//! `SUDOPLAY_UPDATE_DOCS=1` rewrites them.

use std::time::Duration;

use super::{util, Tmux};

/// The screens shown in `docs/sudoplay.md`: name, arguments, keys typed, and what the
/// screen shows once the keys have been handled.
const SCREENS: [(&str, &[&str], &[&str], &str); 5] = [
    (
        "9x9",
        &["testdata/puzzles/9x9_ai_escargot.txt"],
        &["p", "2", "5", "6", "8", "p", "t", "t"],
        "apply)",
    ),
    (
        "16x16",
        &["testdata/puzzles/16x16_unique.txt"],
        &["5", "l", "p", "4", "7", "p", "t", "t", "t"],
        "Hint applied:",
    ),
    (
        "jigsaw",
        &[
            "--layout",
            "testdata/layouts/jigsaw9.layout",
            "testdata/layouts/jigsaw9.txt",
        ],
        &["t", "t", "t", "t", "t", "t", "7", "c"],
        "Compare with the solution?",
    ),
    (
        "hanidoku",
        &["--layout", "hanidoku", "testdata/layouts/hanidoku.txt"],
        &["5", "l", "p", "4", "7", "p", "t"],
        "hints 1",
    ),
    (
        "flower",
        &[
            "--layout",
            "testdata/layouts/flower.layout",
            "testdata/layouts/flower.txt",
        ],
        &["n", "a", "6"],
        "moves 1",
    ),
];

/// The screen with the clock masked, for comparison.
fn masked(screen: &str) -> String {
    let mut text = String::new();
    for line in screen.lines() {
        let line = line.trim_end();
        match line.find("time ") {
            Some(at) if line[at + 5..].len() >= 5 => {
                text.push_str(&line[..at + 5]);
                text.push_str("--:--");
                text.push_str(&line[at + 10..]);
            }
            _ => text.push_str(line),
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_screenshots_in_the_docs_are_what_the_game_shows() {
    let doc_path = util::root().join("docs/sudoplay.md");
    let mut doc = std::fs::read_to_string(&doc_path).unwrap();
    let update = std::env::var_os("SUDOPLAY_UPDATE_DOCS").is_some();
    for (name, args, keys, shown) in SCREENS {
        let Some(tmux) = Tmux::start(args, "NO_COLOR=1", &util::root()) else {
            return;
        };
        tmux.wait_for("time ");
        tmux.keys(keys);
        // Every board here is unique: its rating comes into the title.
        tmux.wait_for_all(&[shown, " · ER "]);
        // Let the last key's redraw land before reading the screen.
        std::thread::sleep(Duration::from_millis(300));
        let screen: String = tmux
            .screen()
            .lines()
            .map(|line| format!("{}\n", line.trim_end()))
            .collect();
        tmux.keys(&["C-c"]);
        tmux.expect_exit(130);
        let marker = format!("<!-- sudoplay screen: {name} -->\n```text\n");
        let start = doc
            .find(&marker)
            .unwrap_or_else(|| panic!("docs/sudoplay.md lacks {marker:?}"))
            + marker.len();
        let end = start + doc[start..].find("```").unwrap();
        if update {
            doc.replace_range(start..end, &screen);
        } else {
            assert_eq!(
                masked(&doc[start..end]),
                masked(&screen),
                "docs/sudoplay.md's {name} screen is stale \
                 (SUDOPLAY_UPDATE_DOCS=1 cargo test sudoplay rewrites it)"
            );
        }
    }
    if update {
        std::fs::write(&doc_path, doc).unwrap();
    }
}
