//! N-queens as a [`backtrack::Problem`].

use backtrack::Problem;
use fixedbitset::FixedBitSet;

use crate::error::Error;

/// The largest board kept in machine words; larger boards use bit sets.
const WORD_BITS: u32 = u64::BITS;

/// The N-queens problem on an n x n board, one queen per row from the top.
///
/// A choice is the 0-based column of the queen in the next row; the choices
/// are the free columns in ascending order, so the engine finds the solutions
/// in lexicographic order of their columns, the order the Checker Challenge
/// asks for. A path to a solution is its columns, row by row.
///
/// Boards up to 64 columns are kept in machine words, the way a hand-written
/// bitmask search keeps them, and search without allocating; larger boards
/// keep the columns and both diagonal families in [`FixedBitSet`]s, and
/// allocate one set of free columns per visited state.
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
    board: Board,
}

#[derive(Clone, Debug)]
enum Board {
    /// Bit c is column c. `left[r]` and `right[r]` are the squares of row r
    /// attacked along the two diagonal directions, shifted row by row.
    Word {
        full: u64,
        cols: u64,
        left: Vec<u64>,
        right: Vec<u64>,
    },
    /// Columns, "/" diagonals (row + col) and "\" diagonals
    /// (row + n - 1 - col).
    Bits {
        cols: FixedBitSet,
        rising: FixedBitSet,
        falling: FixedBitSet,
    },
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
        let rows = n as usize + 1;
        let board = Board::Word {
            full: u64::MAX >> (WORD_BITS - n),
            cols: 0,
            left: vec![0; rows],
            right: vec![0; rows],
        };
        NQueens { n, row: 0, board }
    }

    /// The bit-set representation, used above 64 columns; any n >= 1 works.
    fn with_bit_sets(n: u32) -> Self {
        let size = n as usize;
        let board = Board::Bits {
            cols: FixedBitSet::with_capacity(size),
            rising: FixedBitSet::with_capacity(2 * size - 1),
            falling: FixedBitSet::with_capacity(2 * size - 1),
        };
        NQueens { n, row: 0, board }
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
#[derive(Clone, Debug)]
pub struct Columns(ColumnsRepr);

#[derive(Clone, Debug)]
enum ColumnsRepr {
    Word(u64),
    Bits(FixedBitSet),
}

impl Iterator for Columns {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        match &mut self.0 {
            ColumnsRepr::Word(free) => {
                if *free == 0 {
                    return None;
                }
                let col = free.trailing_zeros();
                *free &= *free - 1;
                Some(col)
            }
            ColumnsRepr::Bits(free) => {
                let col = free.minimum()?;
                free.set(col, false);
                Some(col as u32)
            }
        }
    }
}

impl Problem for NQueens {
    type Choice = u32;
    type Choices = Columns;

    #[inline]
    fn choices(&self) -> Columns {
        let row = self.row as usize;
        Columns(match &self.board {
            Board::Word {
                full,
                cols,
                left,
                right,
            } => ColumnsRepr::Word(full & !(cols | left[row] | right[row])),
            Board::Bits {
                cols,
                rising,
                falling,
            } => {
                let n = self.n as usize;
                let mut free = FixedBitSet::with_capacity(n);
                for c in 0..n {
                    if !cols[c] && !rising[row + c] && !falling[row + n - 1 - c] {
                        free.insert(c);
                    }
                }
                ColumnsRepr::Bits(free)
            }
        })
    }

    #[inline]
    fn apply(&mut self, col: u32) {
        let row = self.row as usize;
        match &mut self.board {
            Board::Word {
                cols, left, right, ..
            } => {
                let bit = 1u64 << col;
                *cols |= bit;
                left[row + 1] = (left[row] | bit) << 1;
                right[row + 1] = (right[row] | bit) >> 1;
            }
            Board::Bits {
                cols,
                rising,
                falling,
            } => {
                let (n, col) = (self.n as usize, col as usize);
                cols.insert(col);
                rising.insert(row + col);
                falling.insert(row + n - 1 - col);
            }
        }
        self.row += 1;
    }

    #[inline]
    fn undo(&mut self, col: u32) {
        self.row -= 1;
        let row = self.row as usize;
        match &mut self.board {
            Board::Word { cols, .. } => *cols &= !(1u64 << col),
            Board::Bits {
                cols,
                rising,
                falling,
            } => {
                let (n, col) = (self.n as usize, col as usize);
                cols.set(col, false);
                rising.set(row + col, false);
                falling.set(row + n - 1 - col, false);
            }
        }
    }

    #[inline]
    fn is_solution(&self) -> bool {
        self.row == self.n
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
            let bits = Search::new(NQueens::with_bit_sets(n)).first(usize::MAX).value;
            assert_eq!(words, bits, "n = {n}");
        }
    }

    #[test]
    fn large_boards_use_bit_sets() {
        assert!(matches!(NQueens::new(64).unwrap().board, Board::Word { .. }));
        assert!(matches!(NQueens::new(65).unwrap().board, Board::Bits { .. }));
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
                        path[..row].iter().enumerate().all(|(r, &q)| {
                            q != c && (row - r) as u32 != q.abs_diff(c)
                        })
                    })
                    .collect();
                assert_eq!(board.choices().collect::<Vec<_>>(), naive, "n = {n}, row {row}");
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
