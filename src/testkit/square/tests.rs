//! The oracle on a known 4x4 grid and on each way to break it.

use super::*;

/// A solved 4x4 grid: rows 1234, 3412, 2143, 4321.
const SOLVED: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

fn true_vars(cells: &[u8]) -> Vec<usize> {
    cells
        .iter()
        .enumerate()
        .map(|(cell, &digit)| cell * 4 + digit as usize)
        .collect()
}

#[test]
fn a_solved_grid_passes_with_and_without_givens() {
    let puzzle = givens("1...3.......4..1").unwrap();
    assert_eq!(check(4, &puzzle, &SOLVED), Ok(()));
    assert_eq!(check(4, &[0; 16], &SOLVED), Ok(()));
    let mut vars = true_vars(&SOLVED);
    vars.push(70); // an auxiliary variable beyond 4³ is skipped
    assert_eq!(solution_of(4, &puzzle, &vars), Ok(SOLVED.to_vec()));
}

#[test]
fn each_broken_rule_is_named() {
    let mut swapped = SOLVED;
    swapped.swap(0, 1); // row 1 stays a permutation, columns 1 and 2 do not
    assert_eq!(
        check(4, &[0; 16], &swapped),
        Err("column 1 is not a permutation".into())
    );
    let mut boxed = SOLVED;
    boxed.swap(0, 8); // column 1 stays one, row 1 does not
    assert_eq!(
        check(4, &[0; 16], &boxed),
        Err("row 1 is not a permutation".into())
    );
    let mut other_given = [0; 16];
    other_given[5] = 1;
    assert_eq!(
        check(4, &other_given, &SOLVED),
        Err("cell 5: given 1, grid 4".into())
    );
    assert!(check(5, &[0; 25], &[1; 25]).unwrap_err().contains("square"));
}

#[test]
fn models_with_two_digits_or_none_in_a_cell_are_refused() {
    let mut vars = true_vars(&SOLVED);
    vars.push(2); // cell 0 also holds 2
    assert_eq!(grid_of(4, &vars), Err("cell 0 holds 1 and 2".into()));
    assert_eq!(
        grid_of(4, &vars[1..15]),
        Err("cell 0 holds no digit".into())
    );
    assert_eq!(givens("12x4"), None);
    assert_eq!(givens("A.0Z"), Some(vec![10, 0, 0, 35]));
}
