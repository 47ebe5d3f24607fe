//! N-queens as a [`backtrack::Problem`], on boards of up to 64 columns.

use backtrack::Problem;

use crate::error::Error;

/// Rows of the diagonal stacks: a power of two above 64, so that an index
/// masked with `STACK - 1` needs no bounds check on the hot path.
const STACK: usize = 128;

/// The N-queens problem on an n x n board of up to 64 columns
/// ([`NQueens::MAX_N`]), one queen per row from the top.
///
/// A choice is the 0-based column of the queen in the next row; the choices
/// are the free columns in ascending order, so the engine finds the solutions
/// in lexicographic order of their columns, the order the Checker Challenge
/// asks for. A path to a solution is its columns, row by row.
///
/// The board is kept in machine words, the way a hand-written bitmask search
/// keeps it, and the search allocates nothing. Larger boards are
/// [`WideQueens`](crate::WideQueens): the same problem, with the same
/// choices in the same order, on bit sets; it pays for them on every node,
/// which is why the two are apart.
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
    /// Bit c is column c; `full` has the n low bits set. `cols[r]` are the
    /// columns taken above row r, `left[r]` and `right[r]` the squares of
    /// row r attacked along the two diagonal directions, shifted row by row
    /// as in a hand-written bitmask search. All three are kept per row, so
    /// that `undo` has only to step back a row.
    full: u64,
    cols: [u64; STACK],
    left: [u64; STACK],
    right: [u64; STACK],
}

impl NQueens {
    /// The largest board kept in machine words: 64 columns.
    pub const MAX_N: u32 = u64::BITS;

    /// The empty n x n board.
    ///
    /// # Errors
    ///
    /// [`Error::ZeroSize`] for n = 0, [`Error::TooWide`] above
    /// [`NQueens::MAX_N`] (use [`WideQueens`](crate::WideQueens) there).
    pub fn new(n: u32) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > Self::MAX_N {
            return Err(Error::TooWide(n));
        }
        Ok(NQueens {
            n,
            row: 0,
            full: u64::MAX >> (Self::MAX_N - n),
            cols: [0; STACK],
            left: [0; STACK],
            right: [0; STACK],
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

/// The free columns of a row, ascending: the choices of [`NQueens`]. A
/// copy of the row's free columns in a machine word, which it takes apart
/// by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.0.count_ones() as usize;
        (left, Some(left))
    }
}

impl Columns {
    /// The set bits of `free`, ascending.
    pub(crate) const fn of(free: u64) -> Self {
        Columns(free)
    }
}

impl ExactSizeIterator for Columns {}

impl Problem for NQueens {
    type Choice = u32;
    type Choices = Columns;

    #[inline]
    fn choices(&self) -> Columns {
        let row = self.row as usize & (STACK - 1);
        Columns(self.full & !(self.cols[row] | self.left[row] | self.right[row]))
    }

    #[inline]
    fn apply(&mut self, col: u32) {
        // `below` is worked out from `self.row` exactly as `choices` works
        // out its row: so once both are inlined the compiler sees these
        // stores reach `choices` on every path and hands it the words just
        // computed, in registers.
        let row = self.row as usize & (STACK - 1);
        self.row += 1;
        let below = self.row as usize & (STACK - 1);
        let bit = 1u64 << (col & (Self::MAX_N - 1));
        self.cols[below] = self.cols[row] | bit;
        self.left[below] = (self.left[row] | bit) << 1;
        self.right[below] = (self.right[row] | bit) >> 1;
    }

    #[inline]
    fn undo(&mut self, _col: u32) {
        self.row -= 1;
    }

    #[inline]
    fn is_solution(&self) -> bool {
        self.row == self.n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_and_more_than_64_are_errors() {
        assert!(matches!(NQueens::new(0), Err(Error::ZeroSize)));
        assert!(NQueens::new(64).is_ok());
        let e = NQueens::new(65).unwrap_err();
        assert!(matches!(e, Error::TooWide(65)));
        assert!(e.to_string().contains("use WideQueens"), "{e}");
    }

    #[test]
    fn the_words_agree_with_bit_sets() {
        for n in 1..=9 {
            let words = backtrack::first(NQueens::new(n).unwrap(), usize::MAX);
            let bits = backtrack::first(crate::WideQueens::new(n).unwrap(), usize::MAX);
            assert_eq!(words, bits, "n = {n}");
        }
    }

    #[test]
    fn choices_of_the_widest_board() {
        let mut board = NQueens::new(64).unwrap();
        assert_eq!(board.choices().len(), 64);
        board.apply(63);
        assert_eq!(
            board.choices().collect::<Vec<u32>>(),
            (0..62).collect::<Vec<u32>>()
        );
        board.apply(0);
        // Row 2: not column 63 or 61 (the queen in row 0), 0 or 1 (row 1).
        let free: Vec<u32> = (2..61).chain([62]).collect();
        assert_eq!(board.choices().collect::<Vec<u32>>(), free);
    }
}
