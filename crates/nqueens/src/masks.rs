//! N-queens as a small value, for the engine's fast count.

use backtrack::ValueProblem;

use crate::error::Error;
use crate::problem::{Columns, NQueens};

/// The N-queens problem on up to 64 columns as a
/// [`backtrack::ValueProblem`]: the board is three words (the columns still
/// free, the squares of the next row attacked along each diagonal), and a
/// child is three new words. Same tree, same choices in the
/// same order, as [`NQueens`]; counted with [`backtrack::count_values`]
/// it keeps the board in registers, as a hand-written bitmask search does.
///
/// # Example
///
/// ```
/// use backtrack::Limits;
/// use nqueens::{NQueens, QueenMasks};
///
/// let fast = backtrack::count_values(QueenMasks::new(8)?, &Limits::default());
/// assert_eq!(fast.complete(), Some(92));
/// assert_eq!(backtrack::count(NQueens::new(8)?), 92);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueenMasks {
    /// The columns still free.
    free: u64,
    left: u64,
    right: u64,
}

impl QueenMasks {
    /// The empty n x n board.
    ///
    /// # Errors
    ///
    /// As [`NQueens::new`]: [`Error::ZeroSize`] for n = 0,
    /// [`Error::TooWide`] above [`NQueens::MAX_N`].
    pub fn new(n: u32) -> Result<Self, Error> {
        NQueens::new(n)?;
        Ok(QueenMasks {
            free: u64::MAX >> (NQueens::MAX_N - n),
            left: 0,
            right: 0,
        })
    }
}

impl ValueProblem for QueenMasks {
    type Choice = u32;
    type Choices = Columns;

    #[inline]
    fn choices(&self) -> Columns {
        Columns::of(self.free & !(self.left | self.right))
    }

    #[inline]
    fn child(&self, col: u32) -> Self {
        let bit = 1u64 << (col & (NQueens::MAX_N - 1));
        QueenMasks {
            free: self.free & !bit,
            left: (self.left | bit) << 1,
            right: (self.right | bit) >> 1,
        }
    }

    #[inline]
    fn is_solution(&self) -> bool {
        self.free == 0
    }
}

#[cfg(test)]
mod tests {
    use backtrack::{Limits, Stacked};

    use super::*;

    #[test]
    fn the_masks_count_what_the_engine_counts_for_every_n_up_to_12() {
        for n in 1..=12 {
            let masks = QueenMasks::new(n).unwrap();
            let fast = backtrack::count_values(masks, &Limits::default());
            assert_eq!(
                fast.complete(),
                Some(backtrack::count(NQueens::new(n).unwrap())),
                "n = {n}"
            );
        }
    }

    #[test]
    fn the_masks_walk_the_tree_of_nqueens_in_its_order() {
        for n in 1..=8 {
            let masks = backtrack::first(Stacked::new(QueenMasks::new(n).unwrap()), usize::MAX);
            let words = backtrack::first(NQueens::new(n).unwrap(), usize::MAX);
            assert_eq!(masks, words, "n = {n}");
        }
    }

    #[test]
    fn sizes_out_of_range_are_refused_as_by_nqueens() {
        assert!(matches!(QueenMasks::new(0), Err(Error::ZeroSize)));
        assert!(matches!(QueenMasks::new(65), Err(Error::TooWide(65))));
        assert!(QueenMasks::new(64).is_ok());
    }
}
