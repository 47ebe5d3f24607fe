//! Completions that a half or quarter turn leaves unchanged, for the
//! fundamental count of symmetric constellations.

use super::geometry::{Q, transform};

/// Completions of `queens` that a half turn (`quarter == false`) or a
/// quarter turn leaves unchanged. `queens` must itself be unchanged by that
/// turn. Whole orbits of queens are placed at once, lowest free row first.
pub(super) fn symmetric(n: u32, queens: &[Q], quarter: bool) -> u64 {
    let m = (n - 1) as u8;
    let mut board = Board::default();
    for &q in queens {
        board.place(m, q);
    }
    let turn = if quarter { 1 } else { 2 };
    board.orbits(n, turn)
}

/// Occupied rows, columns and diagonals as bit sets.
#[derive(Clone, Copy, Default)]
struct Board {
    rows: u64,
    cols: u64,
    down: u64,
    up: u64,
}

impl Board {
    fn bits(m: u8, q: Q) -> (u64, u64, u64, u64) {
        let (r, c) = (u32::from(q.0), u32::from(q.1));
        (1 << r, 1 << c, 1 << (r + u32::from(m) - c), 1 << (r + c))
    }

    fn is_free(&self, m: u8, q: Q) -> bool {
        let (r, c, d, u) = Self::bits(m, q);
        (self.rows & r) | (self.cols & c) | (self.down & d) | (self.up & u) == 0
    }

    fn place(&mut self, m: u8, q: Q) {
        let (r, c, d, u) = Self::bits(m, q);
        self.rows |= r;
        self.cols |= c;
        self.down |= d;
        self.up |= u;
    }

    /// Completions built from whole orbits under `transform(turn)`.
    fn orbits(&self, n: u32, turn: u8) -> u64 {
        let m = (n - 1) as u8;
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        if self.rows == full {
            return 1;
        }
        let row = (!self.rows).trailing_zeros() as u8;
        let mut total = 0;
        for col in 0..n as u8 {
            let mut next = *self;
            let mut q = (row, col);
            let mut ok = true;
            // Walk the orbit; it closes after 1, 2 or 4 steps.
            for _ in 0..4 {
                if !next.is_free(m, q) {
                    ok = false;
                    break;
                }
                next.place(m, q);
                q = transform(turn, m, q);
                if q == (row, col) {
                    break;
                }
            }
            if ok {
                total += next.orbits(n, turn);
            }
        }
        total
    }
}
