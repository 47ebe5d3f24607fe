//! Lookup tables for a band: three rows of the 9x9 grid, 27 cells, one
//! bit each (bit `9 * row + column`), built at compile time.
//!
//! Within a band a digit must take one cell in each of its three rows
//! and one in each of its three boxes. Shrunk to which box each row can
//! still use it in, that is a 3x3 matrix of which a solution uses one
//! entry per row and per box: a permutation. An entry on no permutation
//! cannot be used, which is the "locked candidates" rule (a digit
//! confined to one row of a box leaves the rest of the row, a digit
//! confined to one box in a row leaves the rest of the box) worked out
//! for the whole band at once.

/// A row of the band: its 9 bits.
pub(super) const ROW: u32 = 0x1ff;

/// Per row of 9 bits: bits 0 to 2, the boxes (left to right) where it
/// has a bit; bit 3, whether it has exactly one.
pub(super) static ROW_BOXES: [u8; 512] = row_boxes();

/// Per matrix of rows and boxes (bit `3 * row + box`), the cells of the
/// band whose entry lies on some permutation within it: 0 when there is
/// none, a contradiction.
pub(super) static SUPPORT: [u32; 512] = support();

/// Per set of columns of a band (bit `c` for column `c`) where a digit
/// can go, the cells its other bands keep: in each box the digit takes a
/// cell, so a box left with one of the columns claims that column in the
/// whole grid (a "pointing" locked candidate, and a placed digit's
/// column).
pub(super) static POINTING: [u32; 512] = pointing();

/// Per set of rows (bit `r` for row `r`), their cells.
pub(super) static ROWS: [u32; 8] = rows();

/// Per cell of the band, its column through the three rows.
pub(super) static COLUMN: [u32; 27] = column();

/// Per cell of the band, the other cells of its row and box.
pub(super) static PEERS: [u32; 27] = peers();

const fn row_boxes() -> [u8; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut boxes = 0;
        let mut b = 0;
        while b < 3 {
            if row >> (3 * b) & 7 != 0 {
                boxes |= 1 << b;
            }
            b += 1;
        }
        if row != 0 && row & (row - 1) == 0 {
            boxes |= 8;
        }
        table[row] = boxes;
        row += 1;
    }
    table
}

const fn support() -> [u32; 512] {
    // The six permutations, as the box each row takes.
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut matrix = 0;
    while matrix < 512 {
        let mut cells = 0;
        let mut p = 0;
        while p < 6 {
            let [a, b, c] = PERMUTATIONS[p];
            let entries = 1 << a | 1 << (3 + b) | 1 << (6 + c);
            if matrix & entries == entries {
                cells |= 7 << (3 * a) | 7 << (9 + 3 * b) | 7 << (18 + 3 * c);
            }
            p += 1;
        }
        table[matrix] = cells;
        matrix += 1;
    }
    table
}

const fn pointing() -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut keep = (1 << 27) - 1;
        let mut b = 0;
        while b < 3 {
            let stack = columns >> (3 * b) & 7;
            if stack != 0 && stack & (stack - 1) == 0 {
                keep &= !(0x40201 * (stack << (3 * b)));
            }
            b += 1;
        }
        table[columns as usize] = keep;
        columns += 1;
    }
    table
}

const fn rows() -> [u32; 8] {
    let mut table = [0; 8];
    let mut rows = 0;
    while rows < 8 {
        let mut r = 0;
        while r < 3 {
            if rows >> r & 1 != 0 {
                table[rows] |= ROW << (9 * r);
            }
            r += 1;
        }
        rows += 1;
    }
    table
}

const fn column() -> [u32; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        table[cell] = 0x40201 << (cell % 9);
        cell += 1;
    }
    table
}

const fn peers() -> [u32; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let boxed = 0x1c0e07 << (cell % 9 / 3 * 3);
        table[cell] = (ROW << (cell / 9 * 9) | boxed) & !(1 << cell);
        cell += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The support by brute force: an entry is kept when some way of
    /// giving each row a different box of the matrix uses it.
    #[test]
    fn support_keeps_exactly_the_entries_on_a_permutation() {
        for matrix in 0..512u32 {
            let mut kept = 0u32;
            for a in 0..3 {
                for b in 0..3 {
                    for c in 0..3 {
                        let distinct = a != b && b != c && a != c;
                        let inside = [(0, a), (1, b), (2, c)]
                            .iter()
                            .all(|&(row, col)| matrix >> (3 * row + col) & 1 == 1);
                        if distinct && inside {
                            for (row, col) in [(0, a), (1, b), (2, c)] {
                                for i in 0..3 {
                                    kept |= 1 << (9 * row + 3 * col + i);
                                }
                            }
                        }
                    }
                }
            }
            assert_eq!(SUPPORT[matrix as usize], kept, "{matrix:09b}");
        }
    }

    #[test]
    fn columns_and_peers_are_where_the_cells_lie() {
        for cell in 0..27 {
            for other in 0..27 {
                let same_row = cell / 9 == other / 9;
                let same_col = cell % 9 == other % 9;
                let same_box = cell % 9 / 3 == other % 9 / 3;
                assert_eq!(COLUMN[cell] >> other & 1 == 1, same_col);
                let peer = other != cell && (same_row || same_box);
                assert_eq!(PEERS[cell] >> other & 1 == 1, peer);
            }
        }
        for (columns, &keep) in POINTING.iter().enumerate() {
            for cell in 0..27 {
                let col = cell % 9;
                let stack = columns >> (col / 3 * 3) & 7;
                let claimed = stack.count_ones() == 1 && columns >> col & 1 == 1;
                assert_eq!(keep >> cell & 1 == 0, claimed, "{columns:09b} {cell}");
            }
        }
        for (rows, &cells) in ROWS.iter().enumerate() {
            for cell in 0..27 {
                assert_eq!(cells >> cell & 1 == 1, rows >> (cell / 9) & 1 == 1);
            }
        }
        for (row, &boxes) in ROW_BOXES.iter().enumerate() {
            assert_eq!(boxes & 8 != 0, row.count_ones() == 1);
            for b in 0..3 {
                assert_eq!(boxes >> b & 1 == 1, row >> (3 * b) & 7 != 0);
            }
        }
    }
}
