use super::*;

const CSV: &str = "\
instance,category,expected,solver,run,status,correct,seconds,peak_kib
a.cnf,random,SAT,satsolve,0,SAT,1,0.50,100
b.cnf,random,UNSAT,satsolve,0,UNSAT,1,0.25,100
c.cnf,sudoku,SAT,satsolve,0,TIMEOUT,,60.0,100
a.cnf,random,SAT,minisat,0,SAT,1,1.5,100
b.cnf,random,UNSAT,minisat,0,SAT,0,0.1,100
c.cnf,sudoku,SAT,minisat,0,SAT,1,2.0,100
";

#[test]
fn reads_rows_by_header_name() {
    let runs = read_results(CSV, "results.csv").unwrap();
    assert_eq!(runs.len(), 6);
    assert_eq!(runs[2].instance, "c.cnf");
    assert_eq!(runs[2].category, "sudoku");
    assert!(!runs[2].solved && runs[0].solved && !runs[4].solved);
    assert_eq!(runs[3].seconds, 1.5);
    // Columns in another order, CRLF, and a quoted field holding a comma.
    let shuffled =
        "seconds,solver,correct,category,instance\r\n0.5,\"my,solver\",1,x,\"a \"\"b\"\".cnf\"\r\n";
    let runs = read_results(shuffled, "r.csv").unwrap();
    assert_eq!(runs[0].solver, "my,solver");
    assert_eq!(runs[0].instance, "a \"b\".cnf");
}

#[test]
fn bad_rows_name_the_file_line_and_problem() {
    let error = |text: &str| read_results(text, "r.csv").unwrap_err().to_string();
    assert_eq!(
        error("instance,category,solver,seconds\n"),
        "r.csv: the header has no `correct` column"
    );
    let header = "instance,category,solver,correct,seconds\n";
    assert_eq!(
        error(&format!("{header}a,b,c,1,fast\n")),
        "r.csv line 2: seconds is \"fast\", expected a number >= 0"
    );
    assert_eq!(
        error(&format!("{header}a,b,c,yes,1\n")),
        "r.csv line 2: correct is \"yes\", expected 1, 0 or empty"
    );
    assert_eq!(
        error(&format!("{header}\na,b\n")),
        "r.csv line 3: 2 fields, the header has 5"
    );
    assert!(error(&format!("{header}\"a,b,c,1,1\n")).contains("not closed"));
    assert!(read_results("", "r.csv").is_err());
}

#[test]
fn cactus_points_are_sorted_cumulative_times_of_solved_runs() {
    let runs = read_results(CSV, "results.csv").unwrap();
    let series = cactus(&runs);
    assert_eq!(series.len(), 2);
    assert_eq!(series[0].solver, "satsolve");
    // Solved 0.50 and 0.25 (the timeout is left out): sorted, then summed.
    assert_eq!(series[0].points, [(1, 0.25), (2, 0.75)]);
    // MiniSat's wrong fast answer on b.cnf counts for nothing.
    assert_eq!(series[1].points, [(1, 1.5), (2, 3.5)]);
}

#[test]
fn repeated_runs_keep_the_median_and_need_every_run_solved() {
    let run = |instance: &str, solved, seconds| Run {
        instance: instance.into(),
        category: "c".into(),
        solver: "s".into(),
        solved,
        seconds,
    };
    let runs = [
        run("x", true, 3.0),
        run("x", true, 1.0),
        run("x", true, 2.0),
        run("y", true, 0.1),
        run("y", false, 60.0),
    ];
    assert_eq!(cactus(&runs)[0].points, [(1, 2.0)]);
}

#[test]
fn draws_an_svg_that_parses_and_names_each_solver() {
    let series = cactus(&read_results(CSV, "results.csv").unwrap());
    let dir = std::env::temp_dir().join(format!("sudosat-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("cactus.svg");
    // Plotters measures text with the font even for SVG (fonts-dejavu-core in CI).
    load_font(&find_font().unwrap()).unwrap();
    draw_cactus(&series, 3, "test", Some(&svg), None).unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert!(text.contains("satsolve (2)") && text.contains("minisat (2)"));
    let _ = std::fs::remove_dir_all(&dir);
}
