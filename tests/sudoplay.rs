//! `sudoplay` played in a real terminal: tmux runs the binary in an 80x24 window,
//! `send-keys` types, `capture-pane -p` reads the screen. Under `CI=true` a missing tmux
//! fails the tests (as a missing peer solver does); elsewhere they are skipped with a note.
//!
//! Every game runs with `XDG_DATA_HOME` in its scratch directory, so the statistics it
//! writes land there and never in the user's own data directory.
//!
//! Also: hints pressed to the end on hard puzzles, each end checked against a solution
//! found by another engine (splr); the screenshots of `docs/sudoplay.md`, which must match
//! what the game shows (`SUDOPLAY_UPDATE_DOCS=1` rewrites them); and the features
//! players ask for (`features`: the key table, the honeycomb's drawing, highlights, auto
//! candidates, the pausing clock, `--daily`, `--puzzle`, statistics).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sudosat::encode::{decode_model, encode_sudoku};
use sudosat::grid::{parse_puzzles_for, Grid};
use sudosat::layout::Layout;
use sudosat::play::{cell_name, prepare, Coach, Unmarked};
use sudosat::solver::{new_engine, EngineKind, Limits, Outcome};

use super::util;

mod features;
mod hints;
mod screens;

const BINARY: &str = env!("CARGO_BIN_EXE_sudoplay");

/// How long a screen may take to show what a test waits for (debug builds solve and
/// generate slowly; the machine may be shared).
const PATIENCE: Duration = Duration::from_secs(60);

/// tmux on PATH; `None` (skip) unless `CI=true`, where its absence fails.
fn tmux_binary() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("tmux"))
            .find(|candidate| candidate.is_file())
    });
    if found.is_none() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("tmux is not installed, and CI=true forbids skipping the sudoplay tests");
        }
        eprintln!("note: tmux not found on PATH; skipping the sudoplay terminal tests");
    }
    found
}

/// One tmux server (its own socket) running one sudoplay, killed on drop.
struct Tmux {
    tmux: PathBuf,
    socket: String,
    /// The game's `XDG_DATA_HOME`: its statistics are `sudosat/stats.tsv` in there.
    data_home: PathBuf,
}

impl Tmux {
    /// Starts `sudoplay ARGS` in an 80x24 window, in `dir`, with `env` set and
    /// `XDG_DATA_HOME` in a scratch directory of its own ([`Tmux::data_home`]); after it
    /// exits the shell prints its exit code and the terminal's mode (`stty -a`).
    fn start(args: &[&str], env: &str, dir: &Path) -> Option<Tmux> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let tmux = tmux_binary()?;
        let socket = format!(
            "sudoplay-test-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        );
        let data_home = scratch(&format!("xdg-{socket}"));
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let command = format!(
            "cd '{}' && XDG_DATA_HOME='{}' {env} '{BINARY}' {}; echo \"sudoplay exited $?\"; stty -a | tr '\\n' ' '; echo; sleep 600",
            dir.display(),
            data_home.display(),
            quoted.join(" "),
        );
        let session = Tmux {
            tmux,
            socket,
            data_home,
        };
        session.run(&[
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "play",
            &command,
        ]);
        Some(session)
    }

    fn run(&self, args: &[&str]) -> String {
        let output = Command::new(&self.tmux)
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("run tmux");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Sends keys by tmux name (`Enter`, `C-c`, `Up`) or as single characters.
    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "play", key]);
            // One key at a time, each drawn before the next, as a person types.
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Types `text` literally.
    fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "play", "-l", text]);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    /// Waits until the screen shows `text`; the screen then.
    fn wait_for(&self, text: &str) -> String {
        self.wait_for_all(&[text])
    }

    /// Waits until one screen shows every one of `texts` (a test reads only what it
    /// waited for: a screen drawn in parts may show one before the other); that screen.
    fn wait_for_all(&self, texts: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if texts.iter().all(|text| screen.contains(text)) {
                return screen;
            }
            if start.elapsed() > PATIENCE {
                panic!("the screen never showed all of {texts:?}; it shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits for the game to end with `code`, and checks the terminal is back in its
    /// cooked mode (the game ran it raw).
    fn expect_exit(&self, code: i32) {
        let screen = self.wait_for("sudoplay exited");
        assert!(
            screen.contains(&format!("sudoplay exited {code}")),
            "expected exit {code}:\n{screen}"
        );
        let screen = self.wait_for(" icanon");
        assert!(
            !screen.contains("-icanon") && !screen.contains("-echo "),
            "the terminal was not restored:\n{screen}"
        );
        assert!(
            !screen.contains("time 00:"),
            "still on the game's screen:\n{screen}"
        );
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new(&self.tmux)
            .args(["-L", &self.socket, "kill-server"])
            .stderr(Stdio::null())
            .status();
    }
}

fn testdata(path: &str) -> String {
    util::testdata(path).display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    util::scratch(&format!("sudoplay-{name}"))
}

/// The digit an applied hint put where: `Hint applied: r8c3=1 (...)` gives ("r8c3", 1).
fn hinted(screen: &str) -> (String, u8) {
    let message = hints::hint_message(screen).expect("a hint message");
    let start = message.find("Hint applied: ").expect("an applied hint") + 14;
    let effect = message[start..].split(' ').next().unwrap();
    let (cell, digit) = effect.split_once('=').expect("a placement");
    (cell.to_string(), digit.parse().unwrap())
}

fn solution_digit(layout: &Layout, solution: &Grid, name: &str) -> u8 {
    let cell = (0..layout.num_cells())
        .find(|&c| cell_name(layout, c) == name)
        .unwrap();
    solution.cells()[cell]
}

const ESCARGOT_SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

#[test]
fn refuses_to_draw_into_a_pipe() {
    let run = util::run_program(Path::new(BINARY), &[], b"");
    run.expect_code(2).expect_no_stdout();
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    run.expect_stderr_contains("must be a terminal");
}

#[test]
fn bad_arguments_are_usage_errors() {
    let run = util::run_program(
        Path::new(BINARY),
        &[&testdata("puzzles/9x9_ai_escargot.txt"), "--seed", "3"],
        b"",
    );
    run.expect_code(2);
}

#[test]
fn place_undo_hint_check_and_quit_with_the_terminal_restored() {
    let dir = scratch("basic");
    let puzzle = testdata("puzzles/9x9_ai_escargot.txt");
    let Some(tmux) = Tmux::start(&[&puzzle], "", &dir) else {
        return;
    };
    tmux.wait_for("time 00:");
    let screen = tmux.wait_for("9x9_ai_escargot.txt #1");
    assert!(
        screen.contains("┃  1  │     │     ┃     │     │  7  ┃"),
        "{screen}"
    );
    assert!(screen.contains("r1c2 · box 1"), "{screen}");
    // r1c2 is selected (the first blank): place 8, a wrong digit that breaks no rule.
    tmux.keys(&["8"]);
    let screen = tmux.wait_for("moves 1");
    assert!(screen.contains("┃  1  │  8  │"), "{screen}");
    assert!(screen.contains("mistakes 1"), "{screen}");
    tmux.keys(&["c"]);
    let screen = tmux.wait_for("Compare with the solution? (y/n)");
    assert!(screen.contains("No rule is broken."), "{screen}");
    tmux.keys(&["y"]);
    tmux.wait_for("1 digit differs from");
    // The message wraps in the panel; the cell it names is on the next line.
    tmux.wait_for("solution: r1c2");
    tmux.keys(&["z"]);
    let screen = tmux.wait_for("undone");
    assert!(screen.contains("┃  1  │     │"), "{screen}");
    // A given cannot change: r1c1.
    tmux.keys(&["h", "5"]);
    tmux.wait_for("r1c1 is a given");
    tmux.keys(&["t", "t", "t"]);
    let screen = tmux.wait_for("Hint applied: ");
    let (cell, digit) = hinted(&screen);
    let layout = Layout::square(9).unwrap();
    let solution = parse_puzzles_for(ESCARGOT_SOLUTION, &layout, false).unwrap()[0]
        .grid
        .clone();
    assert_eq!(digit, solution_digit(&layout, &solution, &cell), "{screen}");
    assert!(
        hints::hint_message(&screen).is_some_and(|m| m.contains("(Hidden Single in box 7)")),
        "the first hint of AI Escargot is a single:\n{screen}"
    );
    tmux.keys(&["?"]);
    tmux.wait_for("keys (any key closes");
    tmux.keys(&["Escape"]);
    tmux.keys(&["q"]);
    tmux.wait_for("Quit without saving? (y/n)");
    tmux.keys(&["y"]);
    tmux.expect_exit(0);
}

#[test]
fn a_saved_game_resumes_with_its_digits_marks_and_counters() {
    let dir = scratch("save");
    let puzzle = testdata("layouts/jigsaw9.txt");
    let layout_file = testdata("layouts/jigsaw9.layout");
    let Some(tmux) = Tmux::start(&["--layout", &layout_file, &puzzle], "", &dir) else {
        return;
    };
    tmux.wait_for("jigsaw 9x9 · jigsaw9.txt #1");
    // r1c1 is blank: pencil 3 and 5 there, then a hint, applied.
    tmux.keys(&["p", "3", "5", "p", "l", "t", "t", "t"]);
    let screen = tmux.wait_for("Hint applied: ");
    let (hint_cell, hint_digit) = hinted(&screen);
    tmux.keys(&["s"]);
    tmux.wait_for("Save to: sudoplay-save.txt");
    tmux.keys(&["C-u"]);
    tmux.type_text("game.txt");
    tmux.keys(&["Enter"]);
    tmux.wait_for("saved to game.txt");
    tmux.keys(&["x", "Enter"]);
    tmux.wait_for("board written to");
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
    let saved = std::fs::read_to_string(dir.join("game.txt")).unwrap();
    assert!(saved.contains("\nmark r1c1 3 5\n"), "{saved}");
    assert!(
        saved.contains("\nmoves 3\n") && saved.contains("\nhints 1\n"),
        "{saved}"
    );
    // The export is a board gridcheck reads (blanks allowed, no rule broken).
    let gridcheck = util::run(
        "gridcheck",
        &[
            "--partial",
            "--layout",
            &layout_file,
            &dir.join("sudoplay-board.txt").display().to_string(),
        ],
        b"",
    );
    gridcheck.expect_code(0);
    drop(tmux);

    let Some(tmux) = Tmux::start(&["--resume", "game.txt"], "", &dir) else {
        return;
    };
    let screen = tmux.wait_for("resumed from game.txt");
    assert!(screen.contains("moves 3  mistakes 0  hints 1"), "{screen}");
    assert!(
        screen.contains("┃ 35  │"),
        "r1c1's marks are back:\n{screen}"
    );
    assert!(screen.contains("marks 3 5"), "{screen}");
    let layout = sudosat::layout::Layout::resolve(&layout_file, None).unwrap();
    let solution = parse_puzzles_for(
        include_str!("../testdata/layouts/jigsaw9.solution.txt"),
        &layout,
        false,
    )
    .unwrap()[0]
        .grid
        .clone();
    assert_eq!(hint_digit, solution_digit(&layout, &solution, &hint_cell));
    tmux.keys(&["C-c"]);
    tmux.expect_exit(130);
}

#[test]
fn a_small_board_is_solved_by_typing_and_says_so() {
    let dir = scratch("solve");
    let puzzle = testdata("puzzles/4x4_line.txt");
    let Some(tmux) = Tmux::start(&[&puzzle, "--index", "2"], "NO_COLOR=1", &dir) else {
        return;
    };
    tmux.wait_for("4x4_line.txt #2");
    let layout = Layout::square(4).unwrap();
    let text = std::fs::read_to_string(util::testdata("puzzles/4x4_line.solution.txt")).unwrap();
    let solution = &sudosat::grid::parse_puzzles(&text, &Default::default()).unwrap()[1].grid;
    let givens = &sudosat::grid::parse_puzzles(
        &std::fs::read_to_string(&puzzle).unwrap(),
        &Default::default(),
    )
    .unwrap()[1]
        .grid;
    // Go to r1c1, then row by row: type each blank's digit, step right.
    tmux.keys(&["k", "k", "k", "k", "h", "h", "h", "h"]);
    for row in 0..4 {
        for col in 0..4 {
            let cell = layout.cell(row, col);
            if givens.cells()[cell] == 0 {
                tmux.keys(&[&solution.cells()[cell].to_string()]);
            }
            tmux.keys(&["l"]);
        }
        tmux.keys(&["j", "h", "h", "h"]);
    }
    let screen = tmux.wait_for("Solved in ");
    assert!(screen.contains("solved"), "{screen}");
    assert!(screen.contains("mistakes 0"), "{screen}");
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
}

#[test]
fn the_honeycomb_moves_six_ways_and_hints() {
    let dir = scratch("hex");
    let puzzle = testdata("layouts/hanidoku.txt");
    let Some(tmux) = Tmux::start(&["--layout", "hanidoku", &puzzle], "", &dir) else {
        return;
    };
    let screen = tmux.wait_for("hanidoku · hanidoku.txt #1");
    assert!(
        screen.contains(" / \\ / \\ / \\ / \\ / \\ / \\ / \\ / \\ / \\"),
        "{screen}"
    );
    assert!(
        screen.contains("r1c1 · row 1, rising line 1, falling line"),
        "{screen}"
    );
    // r1c1 → down-right r2c2 → down-left r3c2 → right r3c3 → up-right r2c3 → up-left r1c2
    // (rows 1 to 3 have 5, 6, 7 cells, each row half a cell further out).
    for (key, name) in [
        ("n", "r2c2"),
        ("b", "r3c2"),
        ("l", "r3c3"),
        ("u", "r2c3"),
        ("y", "r1c2"),
    ] {
        tmux.keys(&[key]);
        tmux.wait_for(&format!("{name} · row"));
    }
    // The first steps trim runs; a placement comes later.
    tmux.keys(&["t", "t", "t"]);
    let screen = tmux.wait_for("Hint applied: ");
    assert!(screen.contains("<>9"), "a run trim:\n{screen}");
    tmux.keys(&["H"]);
    tmux.wait_for("propagation leaves");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
}

#[test]
fn boards_above_nine_digits_take_two_keys_and_too_large_ones_say_what_they_need() {
    let dir = scratch("sixteen");
    let Some(tmux) = Tmux::start(&["--size", "16", "--seed", "3"], "", &dir) else {
        return;
    };
    let before = tmux.wait_for("16x16 sudoku · generated, seed 3");
    let sixteens = |screen: &str| screen.lines().nth(2).unwrap().matches("16").count();
    tmux.keys(&["1", "6"]);
    let screen = tmux.wait_for("moves 1");
    assert_eq!(sixteens(&screen), sixteens(&before) + 1, "{screen}");
    tmux.keys(&["1", "Enter"]);
    tmux.wait_for("moves 2");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
    drop(tmux);
    let puzzle = testdata("puzzles/25x25_b58_s1.txt");
    let Some(tmux) = Tmux::start(&[&puzzle], "", &dir) else {
        return;
    };
    tmux.wait_for("This 25x25 board needs a terminal of at least 104x34; this one is 80x24.");
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
    let run = util::run_program(
        Path::new(BINARY),
        &[&testdata("puzzles/36x36_b60_s1.txt")],
        b"",
    );
    run.expect_code(2);
}

/// A reference solution from splr, an engine that shares no code with our CDCL.
fn reference(givens: &Grid, layout: &Layout) -> Grid {
    let cnf = encode_sudoku(givens, layout).unwrap().cnf;
    match new_engine(EngineKind::Splr, &cnf, &Limits::default()).solve() {
        Outcome::Sat(model) => decode_model(&model, layout).unwrap(),
        other => panic!("{other:?}"),
    }
}

/// Up to `count` puzzles of a shared file, if this checkout sits next to `shared/`.
fn shared_puzzles(relative: &str, layout: &Layout, count: usize) -> Option<Vec<Grid>> {
    let path = util::root()
        .ancestors()
        .map(|dir| dir.join("shared/puzzles").join(relative))
        .find(|path| path.is_file());
    let Some(path) = path else {
        eprintln!("note: shared/puzzles/{relative} not found; skipping it");
        return None;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles = parse_puzzles_for(&text, layout, false).unwrap();
    Some(puzzles.into_iter().take(count).map(|p| p.grid).collect())
}

/// The game's hints (the coach over the technique ladder) pressed to the end on hard
/// puzzles of both board kinds: every step agrees with the solution (the tutor records
/// any that does not), and the end is the grid another engine (splr) finds.
#[test]
fn hints_solve_hard_puzzles_and_every_step_is_right() {
    let square = Layout::square(9).unwrap();
    let honeycomb = Layout::hanidoku();
    let sets = [
        ("norvig_top95.txt", &square, 40),
        ("puzzles3_magictour_top1465", &square, 40),
        ("hanidoku/1050_hard_hanidoku.txt", &honeycomb, 20),
    ];
    for (file, layout, count) in sets {
        let Some(puzzles) = shared_puzzles(file, layout, count) else {
            continue;
        };
        assert_eq!(puzzles.len(), count, "{file}");
        let started = Instant::now();
        let mut steps = 0;
        for (number, givens) in puzzles.iter().enumerate() {
            let solution = reference(givens, layout);
            let mut game = prepare(layout, givens).unwrap().game;
            let mut coach = Coach::new(&game).expect("a unique puzzle");
            // Each step places a digit or removes a candidate, three presses a step.
            let most = 3 * layout.num_cells() * layout.size();
            let mut presses = 0;
            while let Some(lesson) = coach.press(&mut game, Unmarked::AllDigits) {
                steps += usize::from(lesson.level == 3);
                presses += 1;
                assert!(presses <= most, "{file} puzzle {}: no end", number + 1);
            }
            assert!(
                coach.wrong_steps().is_empty(),
                "{file} puzzle {}: {:?}",
                number + 1,
                coach.wrong_steps()
            );
            assert!(game.is_solved(), "{file} puzzle {}", number + 1);
            assert_eq!(game.grid(), solution, "{file} puzzle {}", number + 1);
        }
        eprintln!(
            "{file}: {count} puzzles, {steps} steps, {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
}
