//! The table against the bitset search: the same grids, and the same verdicts.

use super::*;
use crate::check::check_grid;
use crate::gen::bitboard::BitBoard;
use crate::gen::oracle::count_solutions;
use crate::grid::Grid;
use crate::rng::SplitMix64;

/// The smallest image of `grid` under the board's symmetries and the digit reversal.
fn smallest_image(grid: &[u8], symmetries: &[Vec<usize>]) -> Vec<u8> {
    let mut best: Option<Vec<u8>> = None;
    for perm in symmetries {
        let image: Vec<u8> = perm.iter().map(|&old| grid[old]).collect();
        let reversed: Vec<u8> = image.iter().map(|&d| 10 - d).collect();
        for candidate in [image, reversed] {
            if best.as_ref().is_none_or(|b| candidate < *b) {
                best = Some(candidate);
            }
        }
    }
    best.expect("the identity is a symmetry")
}

/// Two digits a byte, high nibble first.
fn pack(grid: &[u8]) -> Vec<u8> {
    grid.chunks(2)
        .map(|pair| pair[0] << 4 | pair.get(1).copied().unwrap_or(0))
        .collect()
}

#[test]
fn nonzero_bytes_marks_the_bytes_that_differ() {
    let mut rng = SplitMix64(3);
    for _ in 0..10_000 {
        // Words with some zero bytes, as XORs of grids mostly are.
        let word = rng.next() & rng.next() & rng.next();
        let expected = (0..8).fold(0u8, |acc, k| {
            acc | u8::from(word >> (8 * k) & 0xff != 0) << k
        });
        assert_eq!(nonzero_bytes(word), expected, "{word:#x}");
    }
}

#[test]
fn every_grid_is_a_distinct_solved_grid() {
    let layout = Layout::hanidoku();
    assert!(is_hanidoku(&layout));
    let grids = all_grids();
    assert_eq!(grids.len(), GRIDS * STRIDE);
    // Sorted and without repeats: strictly increasing.
    for pair in grids.chunks_exact(STRIDE).collect::<Vec<_>>().windows(2) {
        assert!(pair[0] < pair[1]);
    }
    let step = if cfg!(debug_assertions) { 97 } else { 1 };
    for index in (0..GRIDS).step_by(step) {
        let grid = Grid::for_layout(&layout, grid(index).to_vec()).unwrap();
        assert!(
            check_grid(&grid, &layout, None, false).is_empty(),
            "grid {index}"
        );
    }
}

/// The enumeration the table comes from, run again: 41 s in a release build, so not
/// in debug builds.
#[test]
#[cfg_attr(debug_assertions, ignore = "41 s in a release build")]
fn the_table_holds_every_grid_the_search_finds() {
    let layout = Layout::hanidoku();
    let mut board = BitBoard::for_layout(&layout).unwrap();
    let found = board.all_solutions(&[0; CELLS], u64::MAX).unwrap();
    assert_eq!(found.len(), GRIDS * CELLS);
    let symmetries = symmetries();
    let mut classes: Vec<Vec<u8>> = (found.chunks_exact(CELLS))
        .map(|grid| smallest_image(grid, &symmetries))
        .collect();
    classes.sort_unstable();
    classes.dedup();
    let packed: Vec<u8> = classes.iter().flat_map(|grid| pack(grid)).collect();
    if let Some(path) = std::env::var_os("SUDOSAT_WRITE_HANIDOKU_TABLE") {
        std::fs::write(path, &packed).unwrap();
    }
    assert_eq!(classes.len(), PACKED.len() / PACKED_CLASS);
    assert!(packed == PACKED, "the table differs from the enumeration");
    let mut sorted: Vec<&[u8]> = found.chunks_exact(CELLS).collect();
    sorted.sort_unstable();
    let table: Vec<&[u8]> = all_grids()
        .chunks_exact(STRIDE)
        .map(|g| &g[..CELLS])
        .collect();
    assert!(sorted == table);
}

#[test]
fn the_layout_file_of_hanidoku_is_hanidoku() {
    let text = include_str!("../../../testdata/layouts/hanidoku.layout");
    assert!(is_hanidoku(
        &crate::layout::parse_layout_file(text, "hanidoku").unwrap()
    ));
}

#[test]
fn other_boards_are_not_hanidoku() {
    assert!(!is_hanidoku(&Layout::square(9).unwrap()));
    let flower = include_str!("../../../testdata/layouts/flower.layout");
    let flower = crate::layout::parse_layout_file(flower, "flower").unwrap();
    assert!(!is_hanidoku(&flower));
}

/// Random dig-outs of table grids: the scan's verdict on blanking a given is the bitset
/// search's, which is compared with the CDCL's elsewhere.
#[test]
fn verdicts_match_the_bitset_search() {
    let layout = Layout::hanidoku();
    let mut board = BitBoard::for_layout(&layout).unwrap();
    let mut rng = SplitMix64(21);
    let rounds = if cfg!(debug_assertions) { 40 } else { 400 };
    let mut seen = [0usize; 2];
    for _ in 0..rounds {
        let solution = grid(rng.index(GRIDS)).to_vec();
        let differences = Differences::of(&solution);
        assert_eq!(differences.masks.len(), GRIDS - 1);
        let keep = 5 + rng.index(12);
        let mut givens = vec![0u8; CELLS];
        let mut mask = 0u64;
        for &cell in &crate::gen::symmetry::shuffled(CELLS, &mut rng)[..keep] {
            givens[cell] = solution[cell];
            mask |= 1 << cell;
        }
        let cell = (0..CELLS)
            .filter(|&c| givens[c] != 0)
            .nth(rng.index(keep))
            .unwrap();
        let expected = board
            .other_solution(&givens, &solution, cell, solution[cell], u64::MAX)
            .unwrap();
        assert_eq!(
            differences.lets_in_another(mask, cell),
            expected,
            "{givens:?} {cell}"
        );
        seen[usize::from(expected)] += 1;
    }
    assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
}

/// The table's completeness, against an independent oracle: for random sets of givens
/// (taken from table grids, so at least one solution), the table grids that fit them
/// are exactly as many as the CDCL enumerates.
#[test]
fn fitting_grids_are_as_many_as_the_cdcl_enumerates() {
    let layout = Layout::hanidoku();
    let mut rng = SplitMix64(8);
    let rounds = if cfg!(debug_assertions) { 4 } else { 30 };
    let (mut several, mut most) = (0, 0);
    for _ in 0..rounds {
        let solution = grid(rng.index(GRIDS));
        // Sparse givens have hundreds of fitting grids, too many for the oracle's
        // blocking clauses in a debug build.
        let keep = if cfg!(debug_assertions) { 6 } else { 3 } + rng.index(9);
        let mut givens = vec![0u8; CELLS];
        for &cell in &crate::gen::symmetry::shuffled(CELLS, &mut rng)[..keep] {
            givens[cell] = solution[cell];
        }
        let fitting = (0..GRIDS)
            .filter(|&index| {
                let grid = grid(index);
                (0..CELLS).all(|cell| givens[cell] == 0 || givens[cell] == grid[cell])
            })
            .count();
        if fitting > 120 {
            continue;
        }
        assert_eq!(
            count_solutions(
                &Grid::for_layout(&layout, givens.clone()).unwrap(),
                &layout,
                fitting + 1
            ),
            fitting,
            "{givens:?}"
        );
        several += usize::from(fitting > 1);
        most = most.max(fitting);
    }
    assert!(
        several > 0,
        "every sample had one solution: a weak comparison"
    );
    assert!(
        cfg!(debug_assertions) || most >= 8,
        "no sample had many solutions: {most} at most"
    );
}
