//! The incremental reader: cubes in order, clauses between cubes, errors with positions,
//! chunk boundaries.

use super::super::{read_dimacs, DimacsError, ReadOptions};
use super::*;

const LENIENT: ReadOptions = ReadOptions { strict: false };
const STRICT: ReadOptions = ReadOptions { strict: true };

fn numbers(cnf: &Cnf) -> Vec<Vec<i64>> {
    cnf.clauses()
        .map(|clause| clause.iter().map(|lit| lit.to_dimacs()).collect())
        .collect()
}

/// The base and every cube as (added clauses, literals, line).
type Read = (Dimacs, Vec<(Vec<Vec<i64>>, Vec<i64>, usize)>);

fn read(text: &[u8], options: ReadOptions) -> Result<Read, DimacsError> {
    let Formula::Incremental { base, cubes } = read_formula(text, &options)? else {
        panic!("{:?} read as a plain CNF", String::from_utf8_lossy(text));
    };
    let mut all = Vec::new();
    for cube in cubes {
        let cube = cube?;
        let lits = cube.lits.iter().map(|lit| lit.to_dimacs()).collect();
        all.push((numbers(&cube.clauses), lits, cube.line));
    }
    Ok((base, all))
}

fn error(text: &str, options: ReadOptions) -> String {
    match read(text.as_bytes(), options) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn base_then_cubes_in_order_with_clauses_between() {
    let text = "c batch\nc p show 1 2 0\np inccnf\n1 2 0\n-1 -2 0\na 1 0\na -1 0\n3 0\n-3 2\n 0\na 2 -3 0\n4 0\n";
    for options in [LENIENT, STRICT] {
        let (base, cubes) = read(text.as_bytes(), options).unwrap();
        assert_eq!(numbers(&base.cnf), [vec![1, 2], vec![-1, -2]]);
        assert_eq!(base.comments, ["batch", "p show 1 2 0"]);
        assert_eq!(base.show.as_ref().map(Vec::len), Some(2));
        assert_eq!(base.header.map(|header| header.line), Some(3));
        let expected: Vec<(Vec<Vec<i64>>, Vec<i64>, usize)> = vec![
            (vec![], vec![1], 6),
            (vec![], vec![-1], 7),
            (vec![vec![3], vec![-3, 2]], vec![2, -3], 11),
        ];
        assert_eq!(cubes, expected);
    }
}

#[test]
fn an_empty_cube_and_no_cube_at_all() {
    let (_, cubes) = read(b"p inccnf\n1 0\na 0\n", STRICT).unwrap();
    assert_eq!(cubes, [(vec![], vec![], 3)]);
    let (base, cubes) = read(b"p inccnf\n1 0\n-1 2 0\n", STRICT).unwrap();
    assert_eq!(base.cnf.num_clauses(), 2);
    assert!(cubes.is_empty());
}

#[test]
fn crlf_tabs_and_comments_between_cubes() {
    let text = "p inccnf\r\n1 2 0\r\nc between\r\na\t-1   2 0\r\n\r\na 1 0";
    let (_, cubes) = read(text.as_bytes(), STRICT).unwrap();
    assert_eq!(cubes, [(vec![], vec![-1, 2], 4), (vec![], vec![1], 6)]);
}

#[test]
fn plain_cnf_is_not_incremental() {
    let formula = read_formula(&b"p cnf 2 1\n1 2 0\n"[..], &STRICT).unwrap();
    assert!(matches!(formula, Formula::Plain(dimacs) if dimacs.cnf.num_clauses() == 1));
}

#[test]
fn errors_name_line_and_column() {
    let cases = [
        ("p cnf 2 1\n1 2 0\na 1 0\n", "3:1: cube line \"a ...\" in a \"p cnf\" file (cubes need the header \"p inccnf\")"),
        ("p inccnf\n1 2\na 1 0\n", "3:1: cube line inside a clause (the clause before it has no final 0)"),
        ("p inccnf\n1 2 0\na 1 2\n", "3:6: a cube line must end with 0: expected \"a <literals> 0\""),
        ("p inccnf\n1 2 0\na 1 0 2 0\n", "3:7: a cube line must end with 0: expected \"a <literals> 0\""),
        ("p inccnf\n1 2 0\na 1 x 0\n", "3:5: expected a literal or 0, found \"x\""),
        ("p inccnf\n1 2 0\na 1 -0x 0\n", "3:5: expected a literal or 0, found \"-0x\""),
        ("p inccnf\n1 2 0\n  a 99999999999 0\n", "3:5: literal 99999999999 is out of range (largest variable is 1073741823)"),
        ("p inccnf 3 4\n", "1:1: malformed header: expected \"p cnf <variables> <clauses>\", found \"p inccnf followed by more words (it takes no counts)\""),
        ("p inccnf\n1 2 0\nab 1 0\n", "3:1: expected a literal or 0, found \"ab\""),
    ];
    for (text, message) in cases {
        for options in [LENIENT, STRICT] {
            assert_eq!(error(text, options), message, "{text:?}");
        }
    }
}

#[test]
fn plain_reader_refuses_an_incremental_file() {
    let error = read_dimacs(&b"c x\np inccnf\n1 0\na 1 0\n"[..], &LENIENT).unwrap_err();
    assert_eq!(
        error.to_string(),
        "2: this is an incremental CNF (\"p inccnf\" with \"a\" cube lines); only satsolve reads it"
    );
}

#[test]
fn final_clause_without_zero_after_the_last_cube() {
    let text = "p inccnf\n1 0\na 1 0\n2 3";
    assert_eq!(
        error(text, STRICT),
        "4:4: file ends inside a clause (missing final 0)"
    );
    let Formula::Incremental { mut cubes, .. } = read_formula(text.as_bytes(), &LENIENT).unwrap()
    else {
        panic!("not incremental");
    };
    assert!(cubes.next().unwrap().is_ok());
    assert!(cubes.next().is_none());
    let warnings: Vec<String> = cubes
        .take_warnings()
        .iter()
        .map(|w| w.to_string())
        .collect();
    assert_eq!(warnings, ["4: the last clause has no final 0; kept it"]);
}

#[test]
fn a_long_stream_crosses_many_chunks_in_order() {
    // Well over CHUNK bytes, with one cube line longer than a chunk.
    let mut text = String::from("p inccnf\n1 -2 0\n");
    let count = 40_000;
    for k in 1..=count {
        text.push_str(&format!("a {} -{} {} 0\n", k, k + 1, k + 2));
        if k == 20_000 {
            text.push('a');
            for v in 1..=60_000 {
                text.push_str(&format!(" {v}"));
            }
            text.push_str(" 0\n");
        }
    }
    assert!(text.len() > 3 * CHUNK);
    let (_, cubes) = read(text.as_bytes(), STRICT).unwrap();
    assert_eq!(cubes.len(), count + 1);
    assert_eq!(cubes[0].1, [1, -2, 3]);
    assert_eq!(cubes[20_000].1.len(), 60_000);
    assert_eq!(cubes[20_000].2, 20_003);
    assert_eq!(
        cubes[count].1,
        [count as i64, -(count as i64 + 1), count as i64 + 2]
    );
    assert_eq!(cubes[count].2, count + 3);
}
