//! Compressed inputs as the competitions ship them (`.cnf.xz`, also `.bz2` and `.lzma`),
//! read by every tool through `cli::open`: the fixtures in `testdata/compressed/` are the
//! plain files of `testdata/` packed by the `xz` and `bzip2` command-line tools (see its
//! README), so each must give exactly what its plain twin gives.

use crate::util::{run, scratch, testdata};

fn path(relative: &str) -> String {
    testdata(relative).to_str().unwrap().to_string()
}

#[test]
fn satsolve_reads_every_format_from_a_file_and_from_stdin() {
    let plain = run(
        "satsolve",
        &[&path("cnf/sudoku/sudoku_9x9_ai_escargot.cnf")],
        b"",
    );
    plain.expect_code(10);
    for format in ["xz", "bz2", "lzma"] {
        let packed = path(&format!("compressed/sudoku_9x9_ai_escargot.cnf.{format}"));
        let bytes = std::fs::read(&packed).unwrap();
        for result in [
            run("satsolve", &[&packed], b""),
            run("satsolve", &["-"], &bytes),
        ] {
            result.expect_code(10);
            assert_eq!(result.stdout, plain.stdout, "{}", result.command);
        }
    }
}

#[test]
fn an_unsat_xz_formula_is_proved_like_its_plain_twin() {
    let dir = scratch("compressed-proof");
    let proof = dir.join("proof.drat");
    let packed = path("compressed/sudoku_9x9_ai_escargot_uniq.cnf.xz");
    let result = run(
        "satsolve",
        &["--proof", proof.to_str().unwrap(), &packed],
        b"",
    );
    result.expect_code(20);
    assert_eq!(result.stdout_text(), "s UNSATISFIABLE\n");
    let plain = run(
        "satsolve",
        &[&path("cnf/sudoku/sudoku_9x9_ai_escargot_uniq.cnf")],
        b"",
    );
    assert_eq!(result.stdout, plain.stdout);
    assert!(std::fs::metadata(&proof).unwrap().len() > 0);
}

#[test]
fn puzzle_and_grid_tools_read_compressed_inputs() {
    let plain = run("sudoku2cnf", &[&path("puzzles/9x9_ai_escargot.txt")], b"");
    plain.expect_code(0);
    for packed in [
        "compressed/9x9_ai_escargot.txt.xz",
        "compressed/9x9_ai_escargot.txt.lzma",
    ] {
        let result = run("sudoku2cnf", &[&path(packed)], b"");
        result.expect_code(0);
        assert_eq!(result.stdout, plain.stdout, "{packed}");
    }
    // The solution (bzip2) keeps the givens of the puzzle (xz); a grid that does not
    // solve that puzzle is still refused through the compressed puzzle.
    let solution = path("compressed/9x9_ai_escargot.solution.txt.bz2");
    let puzzle = path("compressed/9x9_ai_escargot.txt.xz");
    run("gridcheck", &["--puzzle", &puzzle, &solution], b"").expect_code(0);
    let other = path("puzzles/9x9_golden_nugget.solution.txt");
    run("gridcheck", &["--puzzle", &puzzle, &other], b"").expect_code(1);
}

#[test]
fn a_corrupt_xz_file_names_the_file_and_the_format() {
    let mut bytes = std::fs::read(path("compressed/sudoku_9x9_ai_escargot.cnf.xz")).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    let dir = scratch("compressed-corrupt");
    let broken = dir.join("broken.cnf.xz");
    std::fs::write(&broken, &bytes).unwrap();
    run("satsolve", &[broken.to_str().unwrap()], b"")
        .expect_code(1)
        .expect_no_stdout()
        .expect_stderr_contains("broken.cnf.xz")
        .expect_stderr_contains("invalid xz data");
}
