//! Box-drawing junctions: the character whose four arms (up, right, down, left) are each
//! none, light or heavy, so region walls meet plain cell boundaries cleanly.
//!
//! The table is the Unicode box-drawing block (U+2500..U+257F) without its double, dashed,
//! rounded and diagonal forms: exactly one character for each of the 80 arm combinations
//! (3⁴ less the empty one), indexed by `up·27 + right·9 + down·3 + left`.

/// Junction characters by `up·27 + right·9 + down·3 + left`, weights 0 none, 1 light,
/// 2 heavy (index 0, no arm at all, is a space).
const JUNCTIONS: [char; 81] = [
    ' ', '╴', '╸', '╷', '┐', '┑', '╻', '┒', '┓', '╶', '─', '╾', '┌', '┬', '┭', '┎', '┰', '┱', '╺',
    '╼', '━', '┍', '┮', '┯', '┏', '┲', '┳', '╵', '┘', '┙', '│', '┤', '┥', '╽', '┧', '┪', '└', '┴',
    '┵', '├', '┼', '┽', '┟', '╁', '╅', '┕', '┶', '┷', '┝', '┾', '┿', '┢', '╆', '╈', '╹', '┚', '┛',
    '╿', '┦', '┩', '┃', '┨', '┫', '┖', '┸', '┹', '┞', '╀', '╃', '┠', '╂', '╉', '┗', '┺', '┻', '┡',
    '╄', '╇', '┣', '╊', '╋',
];

/// The junction with arms of these weights (0 none, 1 light, 2 heavy; larger is heavy).
///
/// ```text
/// junction(1, 1, 1, 1) = '┼', junction(2, 1, 2, 1) = '╂', junction(0, 2, 2, 0) = '┏'
/// ```
pub fn junction(up: u8, right: u8, down: u8, left: u8) -> char {
    let w = |weight: u8| usize::from(weight.min(2));
    JUNCTIONS[w(up) * 27 + w(right) * 9 + w(down) * 3 + w(left)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arms_match_the_characters() {
        assert_eq!(junction(1, 1, 1, 1), '┼');
        assert_eq!(junction(2, 2, 2, 2), '╋');
        assert_eq!(junction(2, 1, 2, 1), '╂');
        assert_eq!(junction(1, 2, 1, 2), '┿');
        assert_eq!(junction(0, 2, 2, 0), '┏');
        assert_eq!(junction(0, 2, 1, 2), '┯');
        assert_eq!(junction(2, 0, 0, 2), '┛');
        assert_eq!(junction(0, 1, 0, 1), '─');
        let mut all: Vec<char> = JUNCTIONS[1..].to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 80, "one character per combination");
    }
}
