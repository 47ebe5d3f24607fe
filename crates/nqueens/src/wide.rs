//! N-queens as a [`backtrack::Problem`] on boards of any size, in bit sets.

use backtrack::Problem;
use smallvec::SmallVec;

use crate::error::Error;

/// The N-queens problem on an n x n board of any size: the problem of
/// [`NQueens`](crate::NQueens), with the same choices in the same order,
/// for boards wider than a machine word.
///
/// The columns and both diagonal families are word bit sets, and a row's
/// free columns are worked out a word at a time, in one small block per
/// state (inline up to 256 columns). On boards of up to 64 columns
/// [`NQueens`](crate::NQueens) is faster.
///
/// # Example
///
/// ```
/// use nqueens::{NQueens, WideQueens};
///
/// assert_eq!(backtrack::count(WideQueens::new(8)?), 92);
/// assert_eq!(
///     backtrack::first(WideQueens::new(10)?, 5),
///     backtrack::first(NQueens::new(10)?, 5),
/// );
/// // Queens in the first rows of a 1000 x 1000 board, each with a choice
/// // of the columns left.
/// let mut search = backtrack::Search::new(WideQueens::new(1000)?)
///     .with_limits(backtrack::Limits::default().nodes(500));
/// let report = search.count();
/// assert_eq!(report.complete(), None);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct WideQueens {
    n: u32,
    /// Queens placed so far, which is also the next row to fill.
    row: u32,
    board: Board,
}

impl WideQueens {
    /// The empty n x n board.
    ///
    /// # Errors
    ///
    /// [`Error::ZeroSize`] for n = 0.
    pub fn new(n: u32) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        Ok(WideQueens {
            n,
            row: 0,
            board: Board::new(n),
        })
    }

    /// The board size n.
    pub fn size(&self) -> u32 {
        self.n
    }

    /// How many queens are placed (rows 0 to `placed() - 1`).
    pub fn placed(&self) -> u32 {
        self.row
    }
}

/// The board as word bit sets: columns, "/" diagonals
/// (row + col) and "\\" diagonals (row + n - 1 - col).
#[derive(Clone, Debug)]
struct Board {
    cols: Vec<u64>,
    rising: Vec<u64>,
    falling: Vec<u64>,
}

/// Word `index` of a bit set, 0 outside it.
fn word(bits: &[u64], index: i64) -> u64 {
    usize::try_from(index)
        .ok()
        .and_then(|i| bits.get(i))
        .copied()
        .unwrap_or(0)
}

/// The 64 bits of `bits` from bit `start` on (bits outside the set are 0).
fn window(bits: &[u64], start: i64) -> u64 {
    let (index, shift) = (start.div_euclid(64), start.rem_euclid(64));
    let low = word(bits, index) >> shift;
    if shift == 0 {
        low
    } else {
        low | word(bits, index + 1) << (64 - shift)
    }
}

impl Board {
    fn new(n: u32) -> Self {
        let words = |bits: u32| vec![0u64; bits.div_ceil(64) as usize];
        Board {
            cols: words(n),
            rising: words(2 * n),
            falling: words(2 * n),
        }
    }

    /// The free columns of `row`, a word per 64 columns, the first word
    /// last (so that popping gives them in order).
    fn free(&self, n: u32, row: u32) -> SmallVec<[u64; 4]> {
        let (n, row) = (i64::from(n), i64::from(row));
        let words = (n + 63) / 64;
        (0..words)
            .rev()
            .map(|k| {
                let first = 64 * k;
                // Column first + i is on "/" diagonal row + first + i and on
                // "\\" diagonal row + n - 1 - first - i: the second runs
                // backwards, so its window is reversed.
                let rising = window(&self.rising, row + first);
                let falling = window(&self.falling, row + n - 1 - first - 63).reverse_bits();
                let inside = if n - first >= 64 {
                    u64::MAX
                } else {
                    (1u64 << (n - first)) - 1
                };
                !(word(&self.cols, k) | rising | falling) & inside
            })
            .collect()
    }

    /// Marks (or clears) the lines through (row, col).
    fn set(&mut self, n: u32, row: u32, col: u32, occupied: bool) {
        let flip = |bits: &mut Vec<u64>, i: u32| {
            let (w, b) = ((i / 64) as usize, i % 64);
            if occupied {
                bits[w] |= 1 << b;
            } else {
                bits[w] &= !(1 << b);
            }
        };
        flip(&mut self.cols, col);
        flip(&mut self.rising, row + col);
        flip(&mut self.falling, row + n - 1 - col);
    }
}

/// The free columns of a row, ascending: the choices of [`WideQueens`].
/// A copy of the row's free columns, a word per 64 columns, which it
/// takes apart by itself.
#[derive(Clone, Debug)]
pub struct WideColumns {
    /// The word being taken apart, and the column of its bit 0.
    word: u64,
    base: u32,
    /// The words still to come, the next one last.
    rest: SmallVec<[u64; 4]>,
}

impl Iterator for WideColumns {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        while self.word == 0 {
            self.word = self.rest.pop()?;
            self.base += 64;
        }
        let col = self.word.trailing_zeros();
        self.word &= self.word - 1;
        Some(self.base + col)
    }
}

impl Problem for WideQueens {
    type Choice = u32;
    type Choices = WideColumns;

    fn choices(&self) -> WideColumns {
        let mut rest = self.board.free(self.n, self.row);
        let word = rest.pop().unwrap_or(0);
        WideColumns {
            word,
            base: 0,
            rest,
        }
    }

    fn apply(&mut self, col: u32) {
        self.board.set(self.n, self.row, col, true);
        self.row += 1;
    }

    fn undo(&mut self, col: u32) {
        self.row -= 1;
        self.board.set(self.n, self.row, col, false);
    }

    fn is_solution(&self) -> bool {
        self.row == self.n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_the_unattacked_columns_on_both_sides_of_the_word_boundary() {
        for n in [1u32, 2, 5, 63, 64, 65, 66, 127, 128, 129, 200, 257, 300] {
            // Evens then odds (1-based) is a solution when n mod 6 is not 2
            // or 3; for the others, walk the same rows as far as they go.
            let path: Vec<u32> = (1..n).step_by(2).chain((0..n).step_by(2)).collect();
            let mut board = WideQueens::new(n).unwrap();
            for (row, &col) in path.iter().enumerate() {
                let naive: Vec<u32> = (0..n)
                    .filter(|&c| {
                        path[..row]
                            .iter()
                            .enumerate()
                            .all(|(r, &q)| q != c && (row - r) as u32 != q.abs_diff(c))
                    })
                    .collect();
                let offered: Vec<u32> = board.choices().collect();
                // Choices stand on their own: asking twice changes nothing.
                assert_eq!(board.choices().collect::<Vec<u32>>(), offered);
                assert_eq!(offered, naive, "n = {n}, row {row}");
                if !naive.contains(&col) {
                    break;
                }
                board.apply(col);
            }
            if n % 6 != 2 && n % 6 != 3 {
                assert!(board.is_solution(), "n = {n}");
                crate::validate(n, &path).unwrap();
            }
        }
    }
}
