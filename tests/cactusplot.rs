//! `cactusplot` on a small results.csv: the SVG parses as XML and names every solver, the
//! PNG is a PNG, and bad input gets one line on stderr and exit 2.

use crate::util::{run, scratch};

const RESULTS: &str = "\
instance,category,expected,solver,status,correct,seconds,peak_kib
a.cnf,random,SAT,satsolve,SAT,1,0.050,2048
b.cnf,random,UNSAT,satsolve,UNSAT,1,1.250,2048
c.cnf,sudoku,SAT,satsolve,TIMEOUT,,60.0,2048
a.cnf,random,SAT,minisat,SAT,1,0.100,2048
b.cnf,random,UNSAT,minisat,UNSAT,1,0.900,2048
c.cnf,sudoku,SAT,minisat,SAT,1,12.5,2048
";

#[test]
fn writes_an_svg_that_parses_and_a_png() {
    let dir = scratch("cactusplot");
    let csv = dir.join("results.csv");
    std::fs::write(&csv, RESULTS).unwrap();
    let (svg, png) = (dir.join("cactus.svg"), dir.join("cactus.png"));
    let args = [
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
        "--title",
        "fixture",
    ];
    run("cactusplot", &args, b"")
        .expect_code(0)
        .expect_no_stdout();

    let text = std::fs::read_to_string(&svg).unwrap();
    let document = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let labels: Vec<&str> = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .map(str::trim)
        .collect();
    // The legend counts solved instances: satsolve timed out on c.cnf.
    for expected in ["fixture", "satsolve (2)", "minisat (3)", "instances solved"] {
        assert!(labels.contains(&expected), "no {expected:?} in {labels:?}");
    }
    let polylines = document
        .descendants()
        .filter(|node| node.has_tag_name("polyline"))
        .count();
    assert!(polylines >= 2, "one curve per solver, found {polylines}");

    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert!(
        bytes.len() > 10_000,
        "a 900x600 plot with text is more than {} bytes",
        bytes.len()
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = scratch("cactusplot-bad");
    let csv = dir.join("results.csv");
    std::fs::write(&csv, "instance,solver,seconds\na,b,1\n").unwrap();
    let svg = dir.join("out.svg");
    let bad = run(
        "cactusplot",
        &[csv.to_str().unwrap(), "--svg", svg.to_str().unwrap()],
        b"",
    );
    bad.expect_code(2)
        .expect_no_stdout()
        .expect_stderr_contains("results.csv: the header has no `category` column");
    assert_eq!(bad.stderr.lines().count(), 1, "{}", bad.stderr);
    assert!(!svg.exists());

    let missing = dir.join("missing.csv");
    run("cactusplot", &[missing.to_str().unwrap()], b"")
        .expect_code(2)
        .expect_stderr_contains("missing.csv");
}
