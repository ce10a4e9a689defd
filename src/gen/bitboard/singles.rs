//! Naked and hidden singles in the bitset solver: placing a digit and removing it from the
//! peers, and a digit with one cell left in a full house.

use super::PLACED;

/// [`hidden_singles_of`] for houses of a constant `N` cells.
pub(super) fn hidden_singles<const N: usize>(
    houses: &[u16],
    full: u32,
    state: &mut [u32],
    queue: &mut Vec<u16>,
) -> Option<bool> {
    hidden_singles_of(N, houses, full, state, queue)
}

/// One pass of hidden singles over the full houses (`n` cells each): a digit with one
/// possible cell in a house is set there and the cell queued. `None` on a contradiction
/// (a digit with no cell, or a cell that two digits need), else whether anything was set.
#[inline(always)]
pub(super) fn hidden_singles_of(
    n: usize,
    houses: &[u16],
    full: u32,
    state: &mut [u32],
    queue: &mut Vec<u16>,
) -> Option<bool> {
    let mut progress = false;
    for house in houses.chunks_exact(n) {
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &cell in house {
            let word = state[usize::from(cell)];
            // All ones for a placed cell, without a branch (placement looks random).
            let is_placed = ((word as i32) >> 31) as u32;
            placed |= word & is_placed;
            let open = word & !is_placed;
            twice |= once & open;
            once |= open;
        }
        placed &= !PLACED;
        if (once | placed) != full {
            return None;
        }
        let hidden = once & !twice & !placed;
        if hidden == 0 {
            continue;
        }
        for &cell in house {
            let word = state[usize::from(cell)];
            let bit = word & hidden;
            if word & PLACED == 0 && bit != 0 {
                if bit & (bit - 1) != 0 {
                    // Two digits that each have only this cell.
                    return None;
                }
                state[usize::from(cell)] = bit;
                queue.push(cell);
                progress = true;
            }
        }
    }
    Some(progress)
}

/// The digit of a placed cell's word.
pub(super) fn digit_of(word: u32) -> u8 {
    ((word & !PLACED).trailing_zeros() + 1) as u8
}

/// Places `bit` at `cell` (a single candidate) and removes it from the peers, queueing
/// the peers left with one candidate and marking the run lines of every changed cell
/// dirty; false when a peer has no candidate left or holds that digit already.
pub(super) fn place(
    peer_start: &[u32],
    peers: &[u16],
    (cell_lines, dirty): (&[u64], &mut u64),
    state: &mut [u32],
    queue: &mut Vec<u16>,
    cell: usize,
    bit: u32,
) -> bool {
    debug_assert_eq!(bit.count_ones(), 1);
    state[cell] = bit | PLACED;
    *dirty |= cell_lines[cell];
    let range = peer_start[cell] as usize..peer_start[cell + 1] as usize;
    for &peer in &peers[range] {
        let word = state[usize::from(peer)];
        if word & bit == 0 {
            continue;
        }
        if word & PLACED != 0 {
            return false;
        }
        let left = word & !bit;
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            queue.push(peer);
        }
        state[usize::from(peer)] = left;
        *dirty |= cell_lines[usize::from(peer)];
    }
    true
}
