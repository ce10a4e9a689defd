//! Where a game comes from: a layout (a built-in name, a layout file shipped with the
//! page, or a layout file's text), a puzzle in any format the tools read, or a puzzle
//! made by the generator (by Sudoku Explainer level, or the puzzle of the day).
//!
//! The puzzle of the day is made exactly as `sudoplay --daily` makes it (minimal, seed
//! `YYYYMMDD` of the UTC date, the same request), so the page and the terminal game give
//! the same puzzle on the same day.

use sudosat::gen::puzzles::{Generator, Request, Target};
use sudosat::gen::GenError;
use sudosat::grid::{parse_puzzles, parse_puzzles_for, Grid, ParseOptions};
use sudosat::human::rating::SeLevel;
use sudosat::layout::{parse_layout_file, Layout, LayoutChoice};

/// The layout files the page ships (the repository's `testdata/layouts`), by name.
pub const LAYOUT_FILES: [(&str, &str); 4] = [
    (
        "jigsaw9",
        include_str!("../../testdata/layouts/jigsaw9.layout"),
    ),
    (
        "windoku9",
        include_str!("../../testdata/layouts/windoku9.layout"),
    ),
    (
        "flower",
        include_str!("../../testdata/layouts/flower.layout"),
    ),
    (
        "pinwheel",
        include_str!("../../testdata/layouts/pinwheel.layout"),
    ),
];

/// Every layout name the page opens, as `?layout=NAME` takes it.
pub const LAYOUT_NAMES: [&str; 7] = [
    "sudoku", "x-sudoku", "hanidoku", "jigsaw9", "windoku9", "flower", "pinwheel",
];

/// The largest square board played (as the terminal game: a 25x25 still fits a page).
pub const MAX_SIZE: usize = 25;

/// Conflicts per uniqueness check when generating on run-line boards (as `sudoplay`
/// and `sudokugen`).
const RUN_LINE_CHECK_CONFLICTS: u64 = 20;

/// Solved grids tried per puzzle before the generator gives up (as `sudoplay`).
const ATTEMPTS: u64 = 1000;

/// What `name` and `file` ask for: the layout file's text when there is one, else a
/// layout by name. `size` is the digit count of the square built-ins (`None`: from the
/// puzzle).
pub fn layout_choice(name: &str, file: &str, size: Option<usize>) -> Result<LayoutChoice, String> {
    if !file.trim().is_empty() {
        let layout = parse_layout_file(file, "the layout file").map_err(|e| e.to_string())?;
        return Ok(LayoutChoice::Fixed(layout));
    }
    let name = name.trim();
    if let Some((_, text)) = LAYOUT_FILES.iter().find(|(n, _)| *n == name) {
        let layout =
            parse_layout_file(text, &format!("{name}.layout")).map_err(|e| e.to_string())?;
        return Ok(LayoutChoice::Fixed(layout));
    }
    match name {
        "" | "sudoku" | "x-sudoku" | "hanidoku" => {
            let spec = if name.is_empty() { None } else { Some(name) };
            LayoutChoice::from_args(spec, size).map_err(|e| e.to_string())
        }
        other => Err(format!(
            "unknown layout `{other}`: use {} or a layout file",
            LAYOUT_NAMES.join(", ")
        )),
    }
}

/// The one layout `name` and `file` ask for (square built-ins: `size` digits, 9 when
/// `None`).
pub fn layout(name: &str, file: &str, size: Option<usize>) -> Result<Layout, String> {
    match layout_choice(name, file, size)? {
        LayoutChoice::Fixed(layout) => check_size(layout),
        choice => check_size(
            choice
                .for_size(size.unwrap_or(9))
                .map_err(|e| e.to_string())?,
        ),
    }
}

/// Square boards of 4x4 to 25x25; other boards as they come.
fn check_size(layout: Layout) -> Result<Layout, String> {
    let n = layout.size();
    if layout.is_square() && !(4..=MAX_SIZE).contains(&n) {
        return Err(format!(
            "the page plays square boards of 4x4 to {MAX_SIZE}x{MAX_SIZE}, not {n}x{n}"
        ));
    }
    Ok(layout)
}

/// The one puzzle of `text` (any format the tools read) on the board `name` and `file`
/// ask for; a square board's size comes from the puzzle. Text that is no puzzle as it
/// stands is read once more with its rows joined (rows typed on lines of their own, or
/// apart with `/` or `|`, as `sudoplay --puzzle` takes them); the first error is the one
/// reported.
pub fn puzzle(text: &str, name: &str, file: &str) -> Result<(Layout, Grid), String> {
    let choice = layout_choice(name, file, None)?;
    read_one(text, &choice).or_else(|error| {
        let joined: String = text
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'))
            .flat_map(str::chars)
            .filter(|c| !c.is_whitespace() && !matches!(c, '/' | '|'))
            .collect();
        if joined == text.trim() {
            return Err(error);
        }
        read_one(&joined, &choice).map_err(|_| error)
    })
}

fn read_one(text: &str, choice: &LayoutChoice) -> Result<(Layout, Grid), String> {
    let puzzles = match choice.fixed() {
        Some(layout) => parse_puzzles_for(text, layout, false),
        None => parse_puzzles(text, &ParseOptions::default()),
    }
    .map_err(|e| format!("the puzzle: {e}"))?;
    match <[_; 1]>::try_from(puzzles) {
        Ok([puzzle]) => {
            let layout = choice
                .for_size(puzzle.grid.size())
                .map_err(|e| e.to_string())?;
            Ok((check_size(layout)?, puzzle.grid))
        }
        Err(puzzles) if puzzles.is_empty() => Err("the puzzle: no puzzle in the text".into()),
        Err(puzzles) => Err(format!(
            "the puzzle: {} puzzles in the text; give one",
            puzzles.len()
        )),
    }
}

/// The levels of Sudoku Explainer's scale in words, easiest first, with the ER range of
/// each (`human::rating::SeLevel`, the one vocabulary of every tool here).
pub fn levels() -> Vec<(&'static str, f64, f64)> {
    SeLevel::ALL
        .into_iter()
        .map(|level| {
            let (low, high) = level.range();
            (level.name(), low, high)
        })
        .collect()
}

/// The ER range the generator aims at for the level `name`, as `sudoplay --difficulty`
/// takes it.
fn rating_range(name: &str) -> Result<(f64, f64), String> {
    name.parse::<SeLevel>().map(SeLevel::range)
}

/// A new puzzle with one solution on `layout`: minimal, at the SE level `level` when one
/// is given, reproducible from `seed`.
pub fn generate(layout: &Layout, level: Option<&str>, seed: u64) -> Result<Grid, String> {
    let request = Request {
        target: Target::Minimal,
        sat_level: None,
        attempts: ATTEMPTS,
        check_conflicts: (!layout.lines().is_empty()).then_some(RUN_LINE_CHECK_CONFLICTS),
        rating: level.map(rating_range).transpose()?,
        technique: None,
    };
    let mut generator = Generator::new(layout, seed).map_err(|e| e.to_string())?;
    generator.next(&request).map_err(|e| match e {
        // The generator's own advice names sudokugen's options.
        GenError::Budget { attempts, .. } => format!(
            "no minimal puzzle{} in {attempts} attempts with seed {seed}: try another seed \
             or another level",
            level.map_or_else(String::new, |level| format!(" at level {level}"))
        ),
        other => other.to_string(),
    })
}

/// The seed of the puzzle of the day `YYYY-MM-DD`: `20240501`, as `sudoplay --daily`.
pub fn daily_seed(date: &str) -> Result<u64, String> {
    let bad = || format!("expected a date YYYY-MM-DD such as 2024-05-01, found `{date}`");
    let parts: Vec<&str> = date.split('-').collect();
    let [year, month, day] = parts[..] else {
        return Err(bad());
    };
    if year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return Err(bad());
    }
    let number = |part: &str| part.parse::<u64>().map_err(|_| bad());
    let (year, month, day) = (number(year)?, number(month)?, number(day)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(bad());
    }
    Ok(year * 10_000 + month * 100 + day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_by_name_by_file_and_from_text() {
        assert_eq!(layout("sudoku", "", Some(16)).unwrap().size(), 16);
        assert_eq!(layout("", "", None).unwrap().name(), "square 9");
        assert_eq!(layout("hanidoku", "", None).unwrap().num_cells(), 61);
        assert_eq!(layout("flower", "", None).unwrap().size(), 7);
        let jigsaw = LAYOUT_FILES[0].1;
        assert_eq!(
            layout("", jigsaw, None).unwrap().name(),
            layout("jigsaw9", "", None).unwrap().name()
        );
        assert!(layout("nonsense", "", None)
            .unwrap_err()
            .contains("unknown layout `nonsense`"));
        assert!(layout("sudoku", "", Some(36))
            .unwrap_err()
            .contains("4x4 to 25x25"));
        assert!(layout("", "size x\n", None)
            .unwrap_err()
            .contains("the layout file"));
    }

    #[test]
    fn a_puzzle_takes_its_size_from_the_text() {
        let text =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let (layout, grid) = puzzle(text, "", "").unwrap();
        assert_eq!((layout.size(), grid.givens()), (9, 23));
        let (layout, _) = puzzle("1...\n..2.\n.3..\n...4\n", "x-sudoku", "").unwrap();
        assert_eq!(layout.name(), "x-sudoku 4");
        assert!(puzzle("12", "", "").is_err());
        let two = format!("{text}\n{text}\n");
        assert!(puzzle(&two, "", "").unwrap_err().contains("2 puzzles"));
        let (_, typed) = puzzle("53..7..../6..195.../.98....6./8...6...3/4..8.3..1/7...2...6/.6....28./...419..5/....8..79", "", "").unwrap();
        assert_eq!(typed.givens(), 30);
    }

    #[test]
    fn the_levels_cover_the_scale_in_order() {
        let levels = levels();
        let names: Vec<&str> = levels.iter().map(|l| l.0).collect();
        assert_eq!(names[0], "easy");
        assert_eq!(names.last(), Some(&"beyond"));
        for pair in levels.windows(2) {
            assert!((pair[1].1 - pair[0].2 - 0.1).abs() < 1e-9, "{pair:?}");
        }
        assert!(rating_range("no-such").is_err());
        assert_eq!(rating_range("easy"), Ok((0.0, 1.5)));
        assert_eq!(rating_range("Beyond"), Ok(SeLevel::Beyond.range()));
    }

    #[test]
    fn the_daily_seed_is_the_date() {
        assert_eq!(daily_seed("2024-05-01"), Ok(20_240_501));
        assert!(daily_seed("2024-5-1").is_err());
        assert!(daily_seed("2024-13-01").is_err());
    }

    #[test]
    fn generated_puzzles_have_the_level_asked_for() {
        let layout = Layout::square(9).unwrap();
        let grid = generate(&layout, Some("easy"), 1).unwrap();
        let sudosat::play::Solutions::Unique(solution) =
            sudosat::play::prepare(&layout, &grid).unwrap().solutions
        else {
            panic!("unique")
        };
        let rating = sudosat::human::rating::rate(&layout, grid.cells(), solution.cells());
        assert_eq!(rating.level(), "easy");
        // The same seed, the same puzzle.
        assert_eq!(generate(&layout, Some("easy"), 1).unwrap(), grid);
        // 4x4 puzzles are never "beyond": the budget runs out, and the message says what
        // to do in the page's words.
        let small = Layout::square(4).unwrap();
        let error = generate(&small, Some("beyond"), 1).unwrap_err();
        assert_eq!(
            error,
            "no minimal puzzle at level beyond in 1000 attempts with seed 1: try another \
             seed or another level"
        );
    }
}
