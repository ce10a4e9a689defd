//! The strong links of one digit as Sukaku Explainer's `ThreeStrongLinks` (version 1.8.2,
//! commit a369bf0a of SudokuMonster/SukakuExplainer) reads them: a house whose places for
//! the digit fall in two parts, the digit being in one part or the other. A part is a
//! cell or a group of places on one mini-line (a line's cells in one box, a box's cells
//! on one line); SE names a group by two of its cells, the second its "support".

use super::super::view::View;
use crate::layout::HouseKind;

/// One end of a strong link: a cell, or a group named by two cells of one mini-line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct End {
    /// The cell SE names the end by (the bridge or the chain's free end).
    pub cell: usize,
    /// The group's second cell (SE's "support"), which a weak link must also see.
    pub support: Option<usize>,
}

impl End {
    fn single(cell: usize) -> End {
        End {
            cell,
            support: None,
        }
    }

    /// An end for the places `part` (one mini-line): its first two cells.
    fn group(part: &[usize]) -> End {
        End {
            cell: part[0],
            support: part.get(1).copied(),
        }
    }

    /// The cells naming the end.
    pub fn cells(self) -> impl Iterator<Item = usize> {
        std::iter::once(self.cell).chain(self.support)
    }
}

/// How a house's places make the strong link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// Two places.
    Plain,
    /// A box whose places lie on the row and the column of its heart (an Empty
    /// Rectangle); one end is a blade (the places on one line, heart aside), the other
    /// the other line with the heart.
    Rectangle { heart: usize },
    /// A line whose places lie in two boxes, or a box whose places lie on two of its
    /// rows (or columns): one end per part.
    Split,
}

/// Which box of a chain SE reads a box link in. It scans the first box of the chain
/// (its lowest box) through all fifteen configurations and stops at the first that
/// fits; in the other boxes its scan forgets a configuration past the nine hearts
/// unless it is the last one (places on the box's second and third columns only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// Read so wherever it stands.
    Any,
    /// Only as the chain's lowest box.
    FirstBox,
    /// Only as another box of the chain.
    LaterBox,
}

/// A strong link of the digit in one house.
#[derive(Clone, Debug)]
pub(super) struct Link {
    /// The house (a region of the view's topology).
    pub region: usize,
    /// Whether the house is a box, a row or a column (SE values chains by these).
    pub kind: HouseKind,
    /// The two parts the digit is in one of.
    pub ends: [End; 2],
    /// How the places make the link.
    pub shape: Shape,
    /// Where in a chain SE reads it: only a box on two of its lines is limited.
    pub slot: Slot,
    /// The house's places for the digit: the three houses of a chain share none (SE).
    pub places: Vec<usize>,
}

impl Link {
    /// True for a link SE calls grouped (any such chain is valued 5.7).
    pub fn grouped(&self) -> bool {
        self.shape != Shape::Plain
    }

    /// The heart of an Empty Rectangle.
    pub fn heart(&self) -> Option<usize> {
        match self.shape {
            Shape::Rectangle { heart } => Some(heart),
            _ => None,
        }
    }
}

/// The strong links of `digit` as SE enumerates them: houses with two places (a box's
/// two not on one line), lines with three to six places in two boxes, boxes with three
/// to six places forming an Empty Rectangle or, from four, lying on two of its lines.
pub(super) fn links(v: &View, digit: u8, side: usize) -> Vec<Link> {
    let mut out = Vec::new();
    for (r, region) in v.topo.regions.iter().enumerate() {
        if v.need[r] >> (digit - 1) & 1 == 0 {
            continue;
        }
        let places = v.cells_for(r, digit);
        let kind = region.kind;
        let push = |out: &mut Vec<Link>, ends: [End; 2], shape: Shape, slot: Slot| {
            out.push(Link {
                region: r,
                kind,
                ends,
                shape,
                slot,
                places: places.clone(),
            })
        };
        match (kind, places.len()) {
            (_, 2) => {
                let (a, b) = (places[0], places[1]);
                if kind == HouseKind::Box && (a / side == b / side || a % side == b % side) {
                    continue; // SE reads such a box as its line, never as a box
                }
                push(
                    &mut out,
                    [End::single(a), End::single(b)],
                    Shape::Plain,
                    Slot::Any,
                );
            }
            (HouseKind::Row | HouseKind::Column, 3..=6) => {
                if let Some([first, second]) = line_parts(v, &places) {
                    let ends = [End::group(&first), End::group(&second)];
                    push(&mut out, ends, Shape::Split, Slot::Any);
                }
            }
            (HouseKind::Box, 3..=6) => {
                for (ends, shape, slot) in box_links(v, r, &places, side) {
                    push(&mut out, ends, shape, slot);
                }
            }
            _ => {}
        }
    }
    out
}

/// A line's places split by box, when they lie in exactly two boxes (SE's
/// `lineEmptyCells`: one of the line's three boxes holds none, the other two some).
fn line_parts(v: &View, places: &[usize]) -> Option<[Vec<usize>; 2]> {
    let square = v.topo.square.as_ref()?;
    let first_box = square.block_of[places[0]];
    let (first, second): (Vec<usize>, Vec<usize>) = places
        .iter()
        .partition(|&&c| square.block_of[c] == first_box);
    let other = square.block_of[*second.first()?];
    second
        .iter()
        .all(|&c| square.block_of[c] == other)
        .then_some([first, second])
}

/// The readings of a box with three to six places: an Empty Rectangle if some heart's
/// row and column hold every place (the first such heart, in the box's order: SE's
/// `Rectangle` and `crossBlade`), else from four places two of its rows or columns.
fn box_links(v: &View, b: usize, places: &[usize], side: usize) -> Vec<([End; 2], Shape, Slot)> {
    let cells = &v.topo.regions[b].cells;
    let heart = cells.iter().copied().find(|&h| {
        places
            .iter()
            .all(|&c| c / side == h / side || c % side == h % side)
    });
    let mut out = Vec::new();
    if let Some(heart) = heart {
        // The blades: the places on the heart's column, then on its row, heart aside.
        let column: Vec<usize> = places
            .iter()
            .copied()
            .filter(|&c| c != heart && c % side == heart % side)
            .collect();
        let row: Vec<usize> = places
            .iter()
            .copied()
            .filter(|&c| c != heart && c / side == heart / side)
            .collect();
        if column.is_empty() || row.is_empty() {
            return out; // SE stops at this heart and finds no link
        }
        let shape = Shape::Rectangle { heart };
        // A lone blade cell is one end, the other line with the heart the other; with
        // two cells on each blade, the blades are the ends (SE's two "ordinals").
        let lone = |blade: &[usize], other: &[usize]| {
            [
                End::single(blade[0]),
                End {
                    cell: other[0],
                    support: Some(heart),
                },
            ]
        };
        if column.len() == 1 {
            out.push((lone(&column, &row), shape, Slot::Any));
        }
        if row.len() == 1 {
            out.push((lone(&row, &column), shape, Slot::Any));
        }
        if column.len() > 1 && row.len() > 1 {
            out.push(([End::group(&column), End::group(&row)], shape, Slot::Any));
        }
        return out;
    }
    if places.len() < 4 {
        return out;
    }
    // Lines of the box by their place in it (0, 1, 2 from the top or the left).
    let top = cells[0];
    let box_row = |c: usize| c / side - top / side;
    let box_col = |c: usize| c % side - top % side;
    let on = |line: &dyn Fn(usize) -> usize, i: usize| -> Vec<usize> {
        places.iter().copied().filter(|&c| line(c) == i).collect()
    };
    // Two lines of one direction holding every place: SE's configurations 9 to 14 (rows
    // 0+1, 0+2, 1+2, then columns 0+1, 0+2, 1+2); it reads the first that fits.
    let pairs = [(0, 1, 2), (0, 2, 1), (1, 2, 0)];
    let lines = [&box_row as &dyn Fn(usize) -> usize, &box_col];
    let first_configuration = lines.iter().find_map(|&line| {
        pairs
            .iter()
            .find(|&&(_, _, empty)| on(line, empty).is_empty())
            .map(|&(a, b, _)| [on(line, a), on(line, b)])
    });
    let split = |[first, second]: &[Vec<usize>; 2], slot: Slot, out: &mut Vec<_>| {
        if first.len() < 2 || second.len() < 2 {
            return;
        }
        out.push(([End::group(first), End::group(second)], Shape::Split, slot));
        // Four places on a 2x2 square pair by rows and by columns (SE's "EmL 3/4").
        if places.len() == 4 {
            let (a, b) = ((first[0], second[0]), (first[1], second[1]));
            let aligned = |(x, y): (usize, usize)| x / side == y / side || x % side == y % side;
            if aligned(a) && aligned(b) {
                let ends = [
                    End {
                        cell: a.0,
                        support: Some(a.1),
                    },
                    End {
                        cell: b.0,
                        support: Some(b.1),
                    },
                ];
                out.push((ends, Shape::Split, slot));
            }
        }
    };
    if let Some(first) = &first_configuration {
        split(first, Slot::FirstBox, &mut out);
    }
    // In a later box SE keeps only the last configuration, columns 1 and 2.
    if on(&box_col, 0).is_empty() {
        split(
            &[on(&box_col, 1), on(&box_col, 2)],
            Slot::LaterBox,
            &mut out,
        );
    }
    out
}
