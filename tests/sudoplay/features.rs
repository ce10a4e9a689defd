//! What players ask for, played in tmux: the key table on every screen that lists keys,
//! the flower drawn as its map says, the selected digit highlighted, auto candidates,
//! the clock that pauses, the puzzle of the day, a puzzle typed in, and statistics.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use sudosat::cli::sudoplay::keys;
use sudosat::grid::{parse_puzzles_for, to_pretty};
use sudosat::layout::Layout;

use super::{scratch, testdata, util, Tmux, BINARY};

const ESCARGOT: &str = "puzzles/9x9_ai_escargot.txt";

/// The lines of the screen that hold the board (below the title, above the status).
fn board_lines(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with("time "))
        .map(|line| line.chars().take(56).collect::<String>())
        .collect()
}

#[test]
fn the_help_screen_key_line_and_help_text_come_from_the_key_table() {
    let dir = scratch("keys");
    let layout = Layout::square(9).unwrap();
    let Some(tmux) = Tmux::start(&[&testdata(ESCARGOT)], "", &dir) else {
        return;
    };
    let key_line = keys::key_line(&layout, 80);
    let screen = tmux.wait_for_all(&["time 00:", key_line.trim_end()]);
    assert_eq!(
        screen.lines().last().unwrap().trim_end(),
        key_line,
        "{screen}"
    );
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("keys (any key closes; the clock waits)");
    for (label, what) in keys::help_rows(&layout) {
        let first_words: String = what.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert!(
            screen.contains(&format!("│{label:<16} {first_words}")),
            "{label}: {first_words}\n{screen}"
        );
    }
    // Any key closes the list and does nothing else.
    tmux.keys(&["5"]);
    let screen = tmux.wait_for_all(&["time 00:", "moves 0"]);
    assert!(!screen.contains("keys (any key closes"), "{screen}");
    tmux.keys(&["C-c"]);
    tmux.expect_exit(130);

    let help = util::run_program(Path::new(BINARY), &["--help"], b"");
    help.expect_code(0);
    let text = String::from_utf8_lossy(&help.stdout);
    for row in keys::TABLE {
        assert!(
            text.contains(&format!("  {:<18}", row.label())),
            "{}\n{text}",
            row.label()
        );
    }
}

#[test]
fn the_flower_is_drawn_as_its_map_says() {
    let dir = scratch("flower");
    let layout_file = testdata("layouts/flower.layout");
    let puzzle = testdata("layouts/flower.txt");
    let Some(tmux) = Tmux::start(&["--layout", &layout_file, &puzzle], "NO_COLOR=1", &dir) else {
        return;
    };
    let screen = tmux.wait_for("flower · flower.txt #1");
    // model2grid's picture (`grid::to_pretty`) draws cell `/d\` at twice its
    // half-column; the game draws `| d |` there, so each digit (or blank) sits one
    // column further right, one screen row per board row plus the edges between.
    let layout = Layout::resolve(&layout_file, None).unwrap();
    let text = std::fs::read_to_string(&puzzle).unwrap();
    let givens = &parse_puzzles_for(&text, &layout, false).unwrap()[0].grid;
    let pretty = to_pretty(givens, &layout);
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let mut cells = 0;
    for (row, picture) in pretty.lines().enumerate() {
        let picture: Vec<char> = picture.chars().collect();
        for at in 1..picture.len().saturating_sub(1) {
            if picture[at - 1] != '/' || picture[at + 1] != '\\' {
                continue;
            }
            cells += 1;
            let shown = lines[2 + 2 * row][at + 1];
            let expected = if picture[at] == '.' { ' ' } else { picture[at] };
            assert_eq!(shown, expected, "row {} column {at}:\n{screen}", row + 1);
            assert_eq!(lines[2 + 2 * row][at - 1], '|', "{screen}");
            assert_eq!(lines[2 + 2 * row][at + 3], '|', "{screen}");
        }
    }
    assert_eq!(cells, 49);
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
}

#[test]
fn the_selected_digit_is_highlighted_everywhere_without_colour() {
    let dir = scratch("highlight");
    let Some(tmux) = Tmux::start(&[&testdata(ESCARGOT)], "NO_COLOR=1", &dir) else {
        return;
    };
    tmux.wait_for("time 00:");
    // r1c2 is selected and empty, nothing typed yet: nothing is bracketed. On r1c1 the
    // three given 1s are; a 7 placed in r2c1 brackets it and the three given 7s.
    let screen = tmux.screen();
    assert!(!screen.contains('['), "{screen}");
    tmux.keys(&["h", "k"]);
    let screen = tmux.wait_for_all(&["r1c1 · box 1", "┃ [1] │"]);
    assert_eq!(
        screen.matches("[1]").count(),
        3,
        "the givens of 1:\n{screen}"
    );
    tmux.keys(&["j", "7"]);
    let screen = tmux.wait_for("moves 1");
    assert_eq!(
        screen.matches("[7]").count(),
        4,
        "three givens and r2c1:\n{screen}"
    );
    assert!(!screen.contains("[1]"), "{screen}");
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
}

#[test]
fn auto_candidates_keep_the_players_marks_on_top_and_flag_wrong_ones() {
    let dir = scratch("auto");
    let Some(tmux) = Tmux::start(&[&testdata(ESCARGOT)], "NO_COLOR=1", &dir) else {
        return;
    };
    tmux.wait_for("time 00:");
    tmux.keys(&["a"]);
    // r1c2 may hold 2 5 6 8 by its peers; r1c3 2 4 6 8.
    tmux.wait_for_all(&["[auto]", "┃  1  │2568 │2468 ┃", "candidates 2 5 6 8"]);
    // The player's marks 2 5 in r1c2 stay on top; the solution has 6 there: flagged.
    tmux.keys(&["p", "2", "5", "p"]);
    tmux.wait_for_all(&["marks 2 5", "┃  1  │ 25! │2468 ┃"]);
    // A 6 in r1c3 (wrong, but legal; the selected digit, so bracketed).
    tmux.keys(&["l", "6"]);
    tmux.wait_for_all(&["moves 3", "┃  1  │ 25! │ [6] ┃"]);
    // Take it back, pencil 6 in r1c2 (no longer flagged), and place the 6 again: it
    // takes the mark 6 out of r1c2, and one undo brings both back.
    tmux.keys(&["z", "h", "p", "6", "p"]);
    tmux.wait_for_all(&["moves 4", "┃  1  │ 256 │2468 ┃"]);
    tmux.keys(&["l", "6"]);
    // The mark 6 went.
    tmux.wait_for_all(&["moves 5", "┃  1  │ 25! │ [6] ┃"]);
    tmux.keys(&["z"]);
    // It came back.
    tmux.wait_for_all(&["undone", "┃  1  │ 256 │2468 ┃"]);
    tmux.keys(&["a"]);
    tmux.wait_for_all(&["auto candidates off", "┃  1  │ 256 │     ┃"]);
    tmux.keys(&["q", "y"]);
    tmux.expect_exit(0);
}

/// The clock of the status line, in seconds.
fn clock(screen: &str) -> u64 {
    let at = screen.find("time ").expect("a status line") + 5;
    let text = &screen[at..at + 5];
    let (m, s) = text.split_once(':').unwrap();
    m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
}

#[test]
fn the_clock_pauses_with_space_and_while_the_help_is_open_and_saves_keep_it() {
    let dir = scratch("pause");
    let Some(tmux) = Tmux::start(&[&testdata(ESCARGOT)], "", &dir) else {
        return;
    };
    tmux.wait_for("time 00:01");
    tmux.keys(&["Space"]);
    let paused = tmux.wait_for_all(&["paused", "time ", "Space resumes"]);
    assert!(
        !paused.contains("┃  1  │"),
        "the board is hidden:\n{paused}"
    );
    std::thread::sleep(Duration::from_millis(2500));
    let still = tmux.wait_for_all(&["paused", "time "]);
    assert_eq!(clock(&still), clock(&paused), "{still}");
    tmux.keys(&["Space"]);
    // The list of keys covers the status line: compare the clock before and after.
    let before = clock(&tmux.wait_for_all(&["resumed", "time "]));
    tmux.keys(&["?"]);
    tmux.wait_for("keys (any key closes");
    std::thread::sleep(Duration::from_millis(2500));
    tmux.keys(&["Escape"]);
    let after = tmux.wait_for("time 00:");
    assert!(
        clock(&after) <= before + 1,
        "{before} s before, then:\n{after}"
    );
    tmux.keys(&["s", "Enter"]);
    tmux.wait_for("saved to");
    let saved = std::fs::read_to_string(dir.join("sudoplay-save.txt")).unwrap();
    let time: u64 = saved
        .lines()
        .find_map(|line| line.strip_prefix("time "))
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..8).contains(&time), "{saved}");
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
    let Some(tmux) = Tmux::start(&["--resume", "sudoplay-save.txt"], "", &dir) else {
        return;
    };
    let screen = tmux.wait_for_all(&["resumed from sudoplay-save.txt", "time "]);
    assert!(clock(&screen) >= time, "{screen}");
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
}

#[test]
fn the_daily_puzzle_is_the_dates_and_the_same_for_everyone() {
    let dir = scratch("daily");
    let mut boards = Vec::new();
    for args in [
        &["--daily", "--date", "2024-05-01"][..],
        &["--seed", "20240501"],
        &["--daily", "--date", "2024-05-02"],
    ] {
        let Some(tmux) = Tmux::start(args, "", &dir) else {
            return;
        };
        let screen = tmux.wait_for("time 00:");
        if args[0] == "--daily" {
            assert!(
                screen.contains(&format!("9x9 sudoku · daily {}", args[2])),
                "{screen}"
            );
        }
        boards.push(board_lines(&screen));
        tmux.keys(&["q"]);
        tmux.expect_exit(0);
    }
    assert_eq!(boards[0], boards[1], "--daily is --seed YYYYMMDD");
    assert_ne!(boards[0], boards[2], "another day, another puzzle");
    let run = util::run_program(Path::new(BINARY), &["--daily", "--date", "2024-02-30"], b"");
    run.expect_code(2);
    run.expect_stderr_contains("2024-02-30 is not a day of the calendar");
}

#[test]
fn a_puzzle_typed_in_plays_and_bad_ones_say_why() {
    let dir = scratch("typed");
    let rows =
        "1....7.9./.3..2...8/..96..5../..53..9../.1..8...2/6....4.../3......1./.4......7/..7...3..";
    let Some(tmux) = Tmux::start(&["--puzzle", rows], "", &dir) else {
        return;
    };
    // AI Escargot: its rating and level on Sudoku Explainer's scale in the title.
    tmux.wait_for_all(&[
        "9x9 sudoku · typed in · ER 1",
        " beyond",
        "┃  1  │     │     ┃",
    ]);
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
    drop(tmux);
    // Several solutions: playable, without hints or statistics, and said so.
    let Some(tmux) = Tmux::start(&["--puzzle", &format!("1{}", ".".repeat(80))], "", &dir) else {
        return;
    };
    tmux.wait_for("typed in · not unique");
    tmux.keys(&["t"]);
    tmux.wait_for("no hints: this");
    tmux.keys(&["q"]);
    tmux.expect_exit(0);
    drop(tmux);
    // No solution (row 1 needs a 9 that column 9 already has): exit 1, one line.
    let none = format!("12345678.........9{}", ".".repeat(63));
    let bad = "12x4";
    for (puzzle, code, message) in [
        (
            none.as_str(),
            1,
            "sudoplay: the puzzle of --puzzle has no solution",
        ),
        (bad, 2, "sudoplay: --puzzle: "),
    ] {
        let Some(tmux) = Tmux::start(&["--puzzle", puzzle], "", &dir) else {
            return;
        };
        let screen = tmux.wait_for("sudoplay exited");
        assert!(
            screen.contains(&format!("sudoplay exited {code}")),
            "{screen}"
        );
        let said: Vec<&str> = screen
            .lines()
            .filter(|l| l.starts_with("sudoplay:"))
            .collect();
        assert_eq!(said.len(), 1, "{screen}");
        assert!(said[0].starts_with(message), "{screen}");
    }
}

#[test]
fn a_solved_game_goes_into_the_statistics() {
    let dir = scratch("stats");
    let puzzle = testdata("puzzles/4x4_line.txt");
    let Some(tmux) = Tmux::start(&[&puzzle], "", &dir) else {
        return;
    };
    tmux.wait_for("4x4_line.txt #1");
    // 12.. / ..1. / 2..3 / .3.1 with the solution 1234 / 3412 / 2143 / 4321, from
    // r1c3 (the first blank, selected).
    for (keys, digit) in [
        (&[][..], "3"),
        (&["l"], "4"),
        (&["j"], "2"),
        (&["h", "h"], "4"),
        (&["h"], "3"),
        (&["j", "l"], "1"),
        (&["l"], "4"),
        (&["j"], "2"),
        (&["h", "h"], "4"),
    ] {
        tmux.keys(keys);
        tmux.keys(&[digit]);
    }
    tmux.wait_for("Solved in ");
    let path = tmux.data_home.join("sudosat/stats.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let games: Vec<&str> = text.lines().filter(|l| l.contains('\t')).collect();
    assert_eq!(games.len(), 1, "{text}");
    assert!(games[0].contains("\t4x4 sudoku\teasy\t"), "{text}");
    assert!(
        games[0].ends_with("\t0\t0"),
        "no hints, no mistakes: {text}"
    );
    tmux.keys(&["S"]);
    tmux.wait_for_all(&["statistics (any key closes)", "4x4 sudoku"]);
    tmux.keys(&["Escape", "q"]);
    tmux.expect_exit(0);
    let output = Command::new(BINARY)
        .arg("--stats")
        .env("XDG_DATA_HOME", &tmux.data_home)
        .output()
        .unwrap();
    assert!(output.status.success());
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.starts_with("board"), "{table}");
    assert!(table.contains("4x4 sudoku  easy"), "{table}");
}

/// `--difficulty` takes the levels of Sudoku Explainer's scale and `--rating` a range
/// of it; the title shows the puzzle's rating and level; the SAT words are refused.
#[test]
fn generated_puzzles_have_the_level_and_rating_asked_for() {
    let dir = scratch("difficulty");
    for (args, level) in [
        (&["--difficulty", "expert", "--seed", "7"][..], " expert"),
        (&["--rating", "2.6-3.9", "--seed", "7"], " hard"),
    ] {
        let Some(tmux) = Tmux::start(args, "", &dir) else {
            return;
        };
        let screen = tmux.wait_for_all(&["generated, seed 7 · ER ", level]);
        let at = screen.find("· ER ").unwrap() + "· ER ".len();
        let er: f64 = screen[at..at + 3].parse().unwrap();
        let (low, high) = if level == " expert" {
            (4.0, 5.9)
        } else {
            (2.6, 3.9)
        };
        assert!((low..=high).contains(&er), "{er}:\n{screen}");
        tmux.keys(&["q"]);
        tmux.expect_exit(0);
    }
    let run = Command::new(BINARY)
        .args(["--difficulty", "probing"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("unknown level `probing`"), "{stderr}");
}
