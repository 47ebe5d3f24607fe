//! N-queens as a [`backtrack::Problem`].

use backtrack::Problem;
use std::sync::atomic::{AtomicU32, Ordering};

use fixedbitset::FixedBitSet;

use crate::error::Error;

/// The largest board kept in machine words; larger boards use bit sets.
const WORD_BITS: u32 = u64::BITS;

/// Rows of the diagonal stacks: a power of two above 64, so that an index
/// masked with `STACK - 1` needs no bounds check on the hot path.
const STACK: usize = 128;

/// The N-queens problem on an n x n board, one queen per row from the top.
///
/// A choice is the 0-based column of the queen in the next row; the choices
/// are the free columns in ascending order, so the engine finds the solutions
/// in lexicographic order of their columns, the order the Checker Challenge
/// asks for. A path to a solution is its columns, row by row.
///
/// Boards up to 64 columns are kept in machine words, the way a hand-written
/// bitmask search keeps them, and search without allocating; larger boards
/// keep the columns and both diagonal families in [`FixedBitSet`]s and
/// test the columns of a row one by one; neither allocates per state.
///
/// # Example
///
/// ```
/// use nqueens::NQueens;
///
/// let first = backtrack::first(NQueens::new(6)?, 3);
/// assert_eq!(first, [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2]]);
/// assert_eq!(backtrack::count(NQueens::new(8)?), 92);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct NQueens {
    n: u32,
    /// Queens placed so far, which is also the next row to fill.
    row: u32,
    /// The word board: bit c is column c, `full` has the n low bits set.
    /// `left[r]` and `right[r]` are the squares of row r attacked along the
    /// two diagonal directions, shifted row by row as in a hand-written
    /// bitmask search. Unused (all zero) when `big` is in use.
    full: u64,
    cols: u64,
    left: [u64; STACK],
    right: [u64; STACK],
    /// The board above 64 columns. An `Option` beside the word fields, not
    /// an enum around them: the word path, which every search that can
    /// finish takes, then costs one predictable test per call.
    big: Option<Box<BigBoard>>,
}

/// Columns, "/" diagonals (row + col) and "\\" diagonals (row + n - 1 - col),
/// and for each row the next column to test: the engine holds one cursor
/// per row at a time, so it can live here rather than in the choices.
#[derive(Debug)]
struct BigBoard {
    cols: FixedBitSet,
    rising: FixedBitSet,
    falling: FixedBitSet,
    /// Atomic only to keep the board `Sync` for parallel searches, each of
    /// which has its own clone.
    cursor: Vec<AtomicU32>,
}

impl Clone for BigBoard {
    fn clone(&self) -> Self {
        BigBoard {
            cols: self.cols.clone(),
            rising: self.rising.clone(),
            falling: self.falling.clone(),
            cursor: self
                .cursor
                .iter()
                .map(|c| AtomicU32::new(c.load(Ordering::Relaxed)))
                .collect(),
        }
    }
}

impl BigBoard {
    /// The next free column of `row`, from its cursor on.
    #[cold]
    fn next_free(&self, n: u32, row: u32) -> Option<u32> {
        let cursor = &self.cursor[row as usize];
        let (n, row) = (n as usize, row as usize);
        let from = cursor.load(Ordering::Relaxed) as usize;
        let col = (from..n)
            .find(|&c| !self.cols[c] && !self.rising[row + c] && !self.falling[row + n - 1 - c]);
        cursor.store(col.map_or(n, |c| c + 1) as u32, Ordering::Relaxed);
        col.map(|c| c as u32)
    }

    /// Marks (or clears) the lines through (row, col).
    #[cold]
    fn set(&mut self, n: u32, row: u32, col: u32, occupied: bool) {
        let (n, row, col) = (n as usize, row as usize, col as usize);
        self.cols.set(col, occupied);
        self.rising.set(row + col, occupied);
        self.falling.set(row + n - 1 - col, occupied);
    }
}

impl NQueens {
    /// The empty n x n board.
    ///
    /// # Errors
    ///
    /// [`Error::ZeroSize`] for n = 0.
    pub fn new(n: u32) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        Ok(if n <= WORD_BITS {
            Self::with_words(n)
        } else {
            Self::with_bit_sets(n)
        })
    }

    fn with_words(n: u32) -> Self {
        NQueens {
            n,
            row: 0,
            full: u64::MAX >> (WORD_BITS - n),
            cols: 0,
            left: [0; STACK],
            right: [0; STACK],
            big: None,
        }
    }

    /// The bit-set representation, used above 64 columns; any n >= 1 works.
    fn with_bit_sets(n: u32) -> Self {
        let size = n as usize;
        NQueens {
            big: Some(Box::new(BigBoard {
                cols: FixedBitSet::with_capacity(size),
                rising: FixedBitSet::with_capacity(2 * size - 1),
                falling: FixedBitSet::with_capacity(2 * size - 1),
                cursor: (0..size).map(|_| AtomicU32::new(0)).collect(),
            })),
            full: 0,
            ..Self::with_words(1)
        }
        .resized(n)
    }

    fn resized(mut self, n: u32) -> Self {
        self.n = n;
        self
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

/// The free columns of a row, ascending: the choices of [`NQueens`].
///
/// A copy of a machine word: on boards up to 64 columns its `next` yields
/// them all. Larger boards keep a cursor per row in the board instead, and
/// [`NQueens`] advances it in
/// [`Problem::next_choice`](backtrack::Problem::next_choice); there the
/// word is empty. Either way nothing is allocated per state.
#[derive(Clone, Copy, Debug)]
pub struct Columns(u64);

impl Iterator for Columns {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let col = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(col)
    }
}

impl Problem for NQueens {
    type Choice = u32;
    type Choices = Columns;

    #[inline]
    fn choices(&self) -> Columns {
        if let Some(big) = &self.big {
            big.cursor[self.row as usize].store(0, Ordering::Relaxed);
            return Columns(0);
        }
        let row = self.row as usize & (STACK - 1);
        Columns(self.full & !(self.cols | self.left[row] | self.right[row]))
    }

    #[inline]
    fn apply(&mut self, col: u32) {
        let row = self.row;
        self.row += 1;
        if let Some(big) = &mut self.big {
            return big.set(self.n, row, col, true);
        }
        let (row, below) = (row as usize & (STACK - 1), (row as usize + 1) & (STACK - 1));
        let bit = 1u64 << (col & (WORD_BITS - 1));
        self.cols |= bit;
        self.left[below] = (self.left[row] | bit) << 1;
        self.right[below] = (self.right[row] | bit) >> 1;
    }

    #[inline]
    fn undo(&mut self, col: u32) {
        self.row -= 1;
        if let Some(big) = &mut self.big {
            return big.set(self.n, self.row, col, false);
        }
        self.cols &= !(1u64 << (col & (WORD_BITS - 1)));
    }

    #[inline]
    fn is_solution(&self) -> bool {
        self.row == self.n
    }

    #[inline]
    fn next_choice(&self, columns: &mut Columns) -> Option<u32> {
        if let Some(col) = columns.next() {
            return Some(col);
        }
        self.big.as_ref()?.next_free(self.n, self.row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backtrack::Search;

    #[test]
    fn zero_is_an_error() {
        assert!(matches!(NQueens::new(0), Err(Error::ZeroSize)));
    }

    #[test]
    fn bit_sets_agree_with_words() {
        for n in 1..=9 {
            let words = Search::new(NQueens::with_words(n)).first(usize::MAX).value;
            let bits = Search::new(NQueens::with_bit_sets(n))
                .first(usize::MAX)
                .value;
            assert_eq!(words, bits, "n = {n}");
        }
    }

    #[test]
    fn large_boards_use_bit_sets() {
        assert!(NQueens::new(64).unwrap().big.is_none());
        assert!(NQueens::new(65).unwrap().big.is_some());
    }

    #[test]
    fn choices_are_the_unattacked_columns_on_both_sides_of_the_word_boundary() {
        for n in [63u32, 64, 65, 66] {
            // Evens then odds (1-based) is a solution when n mod 6 is not 2
            // or 3; for the others, walk the same rows as far as they go.
            let path: Vec<u32> = (1..n).step_by(2).chain((0..n).step_by(2)).collect();
            let mut board = NQueens::new(n).unwrap();
            for (row, &col) in path.iter().enumerate() {
                let naive: Vec<u32> = (0..n)
                    .filter(|&c| {
                        path[..row]
                            .iter()
                            .enumerate()
                            .all(|(r, &q)| q != c && (row - r) as u32 != q.abs_diff(c))
                    })
                    .collect();
                let mut columns = board.choices();
                let offered: Vec<u32> =
                    std::iter::from_fn(|| board.next_choice(&mut columns)).collect();
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
