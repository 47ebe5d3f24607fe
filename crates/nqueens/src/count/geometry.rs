//! Squares, attacks and the board's symmetries as the counter uses them:
//! the bottom layer, which imports nothing else of the counter.

use crate::Symmetry;

/// A square as (row, column).
pub(super) type Q = (u8, u8);

/// Whether two queens attack each other.
pub(super) fn attacks(a: Q, b: Q) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// The image of `queens` under the board symmetry `Symmetry::ALL[t]`
/// (0 identity, 1 quarter turn, 2 half turn, 3 three-quarter turn, 4..7 the
/// reflections, the first of them the mirror of the columns), sorted.
pub(super) fn image(t: u8, m: u8, queens: &[Q]) -> Vec<Q> {
    let symmetry = Symmetry::ALL[usize::from(t) & 7];
    let n = u32::from(m) + 1;
    let mut v: Vec<Q> = queens
        .iter()
        .map(|&(r, c)| {
            let (r, c) = symmetry.map(n, u32::from(r), u32::from(c));
            (r as u8, c as u8)
        })
        .collect();
    v.sort_unstable();
    v
}

/// The square `q` is taken to by `Symmetry::ALL[t]`.
pub(super) fn transform(t: u8, m: u8, q: Q) -> Q {
    image(t, m, &[q])[0]
}

/// Window bit of board column `c` (columns 1..=m-1 are bits 0..=m-2).
pub(super) fn window_bit(m: u32, c: u8) -> u32 {
    let c = u32::from(c);
    if (1..m).contains(&c) { 1 << (c - 1) } else { 0 }
}

/// Squares of board row `r` on a `\\` diagonal of one of `queens`, as window
/// bits.
pub(super) fn diag_down(m: u32, queens: &[Q], r: u8) -> u32 {
    queens.iter().fold(0, |acc, q| {
        let c = i32::from(q.1) + i32::from(r) - i32::from(q.0);
        acc | if (1..m as i32).contains(&c) {
            1 << (c - 1)
        } else {
            0
        }
    })
}

/// Squares of board row `r` on a `/` diagonal of one of `queens`.
pub(super) fn diag_up(m: u32, queens: &[Q], r: u8) -> u32 {
    queens.iter().fold(0, |acc, q| {
        let c = i32::from(q.1) + i32::from(q.0) - i32::from(r);
        acc | if (1..m as i32).contains(&c) {
            1 << (c - 1)
        } else {
            0
        }
    })
}
