//! The rules of a square n x n Sudoku (n = k², boxes k x k), checked from scratch: an
//! oracle for the tests that read grids out of models without the library's layout,
//! encoding or checking code, so that a bug there cannot hide in its own test.
//!
//! Cells are numbered row by row; `sudoku2cnf` numbers the cell-digit variables
//! `var = cell * n + digit` (digit 1..=n), and any variable above n³ is auxiliary.

/// The givens of a line-format puzzle: `.` or `0` blank (0), `1`-`9`, then `A` = 10 up to
/// `Z` = 35. None on another symbol.
pub fn givens(line: &str) -> Option<Vec<u8>> {
    line.bytes()
        .map(|symbol| match symbol {
            b'.' | b'0' => Some(0),
            b'1'..=b'9' => Some(symbol - b'0'),
            b'A'..=b'Z' => Some(symbol - b'A' + 10),
            _ => None,
        })
        .collect()
}

/// The grid of a model of an n x n puzzle from its true variables (auxiliary ones
/// skipped): exactly one digit per cell, else Err naming the cell.
pub fn grid_of(n: usize, true_vars: &[usize]) -> Result<Vec<u8>, String> {
    let mut cells = vec![0u8; n * n];
    for &var in true_vars
        .iter()
        .filter(|&&var| (1..=n * n * n).contains(&var))
    {
        let (cell, digit) = ((var - 1) / n, ((var - 1) % n + 1) as u8);
        if cells[cell] != 0 {
            return Err(format!("cell {cell} holds {} and {digit}", cells[cell]));
        }
        cells[cell] = digit;
    }
    match cells.iter().position(|&digit| digit == 0) {
        Some(cell) => Err(format!("cell {cell} holds no digit")),
        None => Ok(cells),
    }
}

/// Checks a filled n x n grid against the rules (every row, column and box a permutation
/// of 1..=n) and the givens (0 blank); Err names the first broken one.
pub fn check(n: usize, givens: &[u8], cells: &[u8]) -> Result<(), String> {
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(1);
    if k * k != n || cells.len() != n * n || givens.len() != n * n {
        return Err(format!(
            "a {n} x {n} grid needs a square n and {} cells, givens {}, cells {}",
            n * n,
            givens.len(),
            cells.len()
        ));
    }
    let permutation = |group: &mut dyn Iterator<Item = usize>| {
        let mut digits: Vec<u8> = group.map(|cell| cells[cell]).collect();
        digits.sort_unstable();
        digits.iter().copied().eq(1..=n as u8)
    };
    for i in 0..n {
        let (top, left) = ((i / k) * k, (i % k) * k);
        if !permutation(&mut (0..n).map(|c| i * n + c)) {
            return Err(format!("row {} is not a permutation", i + 1));
        }
        if !permutation(&mut (0..n).map(|r| r * n + i)) {
            return Err(format!("column {} is not a permutation", i + 1));
        }
        if !permutation(&mut (0..n).map(|j| (top + j / k) * n + left + j % k)) {
            return Err(format!("box {} is not a permutation", i + 1));
        }
    }
    match givens
        .iter()
        .zip(cells)
        .position(|(&given, &digit)| given != 0 && given != digit)
    {
        Some(cell) => Err(format!(
            "cell {cell}: given {}, grid {}",
            givens[cell], cells[cell]
        )),
        None => Ok(()),
    }
}

/// The grid of a model ([`grid_of`]), checked against the rules and `givens`
/// ([`check`]).
pub fn solution_of(n: usize, givens: &[u8], true_vars: &[usize]) -> Result<Vec<u8>, String> {
    let cells = grid_of(n, true_vars)?;
    check(n, givens, &cells)?;
    Ok(cells)
}

#[cfg(test)]
mod tests;
