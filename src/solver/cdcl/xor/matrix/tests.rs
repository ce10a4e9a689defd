use super::*;

fn vars(n: usize) -> Vec<Var> {
    (0..n).map(Var::from_index).collect()
}

/// The rows of `matrix` as (columns, rhs), for comparisons.
fn rows(matrix: &Matrix) -> Vec<(Vec<u32>, bool)> {
    (0..matrix.num_rows())
        .map(|r| {
            let cols = (0..matrix.num_columns() as u32)
                .filter(|&c| matrix.has(r, c))
                .collect();
            (cols, matrix.rhs[r])
        })
        .collect()
}

#[test]
fn reduction_gives_one_basic_column_per_row() {
    // x0+x1+x2 = 1, x1+x2+x3 = 0, x0+x3+x4 = 1. Column 0 clears x0 from the third row
    // (x1+x2+x3+x4 = 0), column 1 clears x1 from the first (x0+x3 = 1) and the third
    // (x4 = 0): a unit, which leaves the matrix.
    let input = vec![
        (vec![0, 1, 2], true),
        (vec![1, 2, 3], false),
        (vec![0, 3, 4], true),
    ];
    let (matrix, units) = Matrix::new(vars(5), &input).unwrap();
    assert_eq!(units, vec![Var::from_index(4).negative()]);
    assert!(matrix.is_consistent());
    assert_eq!(matrix.basic, vec![0, 1]);
    assert_eq!(
        rows(&matrix),
        vec![(vec![0, 3], true), (vec![1, 2, 3], false)]
    );
    // Each row watches its basic column and its first other one.
    assert_eq!(matrix.watch, vec![3, 2]);
}

#[test]
fn units_and_dependent_rows_leave_the_matrix() {
    // x0+x1 = 1, x1 = 1 (as x1+x2 and x2): x0 = 0, x1 = 1, x2 = 0 all units; the
    // fourth row is the sum of the others and goes.
    let input = vec![
        (vec![0, 1], true),
        (vec![1, 2], true),
        (vec![2], false),
        (vec![0, 2], false),
    ];
    let (matrix, units) = Matrix::new(vars(3), &input).unwrap();
    assert_eq!(matrix.num_rows(), 0);
    let dimacs: Vec<i64> = units.iter().map(|l| l.to_dimacs()).collect();
    assert_eq!(dimacs, vec![-1, 2, -3]);
}

#[test]
fn contradictory_rows_are_inconsistent() {
    let input = vec![(vec![0, 1, 2], true), (vec![0, 1], false), (vec![2], false)];
    assert_eq!(Matrix::new(vars(3), &input).unwrap_err(), Inconsistent);
}

#[test]
fn rows_wider_than_a_word_keep_their_bits() {
    // Columns 0..130: three words per row.
    let input: Vec<(Vec<u32>, bool)> = (0..100)
        .map(|i| (vec![i, i + 1, i + 30], i % 3 == 0))
        .collect();
    let (matrix, units) = Matrix::new(vars(131), &input).unwrap();
    assert!(units.is_empty());
    assert_eq!(matrix.words, 3);
    assert_eq!(matrix.num_rows(), 100);
    assert!(matrix.is_consistent());
}
