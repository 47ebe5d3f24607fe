//! N-queens as a [`backtrack::Problem`].

use backtrack::Problem;
use smallvec::SmallVec;

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
/// keep the columns and both diagonal families in word bit sets and work
/// out a row's free columns a word at a time (one small block per state).
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
    /// `cols[r]` are the columns taken above row r, `left[r]` and
    /// `right[r]` the squares of row r attacked along the two diagonal
    /// directions, shifted row by row as in a hand-written bitmask search.
    /// All three are kept per row, so that `undo` has only to step back a
    /// row. Unused (all zero) when `big` is in use.
    full: u64,
    cols: [u64; STACK],
    left: [u64; STACK],
    right: [u64; STACK],
    /// The board above 64 columns. An `Option` beside the word fields, not
    /// an enum around them: the word path, which every search that can
    /// finish takes, then costs one predictable test per call.
    big: Option<Box<BigBoard>>,
}

/// The board above 64 columns, as word bit sets: columns, "/" diagonals
/// (row + col) and "\\" diagonals (row + n - 1 - col).
#[derive(Clone, Debug)]
struct BigBoard {
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

impl BigBoard {
    fn new(n: u32) -> Self {
        let words = |bits: u32| vec![0u64; bits.div_ceil(64) as usize];
        BigBoard {
            cols: words(n),
            rising: words(2 * n),
            falling: words(2 * n),
        }
    }

    /// The free columns of `row`, a word per 64 columns, the first word
    /// last (so that popping gives them in order).
    #[cold]
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
    #[cold]
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
            cols: [0; STACK],
            left: [0; STACK],
            right: [0; STACK],
            big: None,
        }
    }

    /// The bit-set representation, used above 64 columns; any n >= 1 works.
    fn with_bit_sets(n: u32) -> Self {
        NQueens {
            big: Some(Box::new(BigBoard::new(n))),
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
/// A copy of the row's free columns, which it yields by itself: a machine
/// word on boards up to 64 columns (nothing allocated per state); on larger
/// boards one word per 64 columns, in a small block of its own.
///
/// A word and, on large boards only, the rest of the row: not an enum, so
/// that taking a column from the word costs no test of a variant, and the
/// rest is looked at only once the word is spent.
#[derive(Clone, Debug)]
pub struct Columns {
    /// Free columns not yet taken; on large boards always 0, the columns
    /// being in `wide`.
    word: u64,
    wide: Option<Box<Wide>>,
}

/// The free columns of a wide row: the word being taken apart, the column
/// of its bit 0, and the words still to come, the next one last.
#[derive(Clone, Debug)]
struct Wide {
    word: u64,
    base: u32,
    rest: SmallVec<[u64; 4]>,
}

impl Iterator for Columns {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.word == 0 {
            return self.wide.as_mut()?.next();
        }
        let col = self.word.trailing_zeros();
        self.word &= self.word - 1;
        Some(col)
    }
}

impl Wide {
    #[cold]
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

impl NQueens {
    /// The choices of a row on a large board.
    #[cold]
    fn wide_choices(&self) -> Columns {
        let wide = self.big.as_ref().map(|big| {
            let mut rest = big.free(self.n, self.row);
            let word = rest.pop().unwrap_or(0);
            Box::new(Wide {
                word,
                base: 0,
                rest,
            })
        });
        Columns { word: 0, wide }
    }
}

impl Problem for NQueens {
    type Choice = u32;
    type Choices = Columns;

    #[inline]
    fn choices(&self) -> Columns {
        if self.big.is_some() {
            return self.wide_choices();
        }
        let row = self.row as usize & (STACK - 1);
        let word = self.full & !(self.cols[row] | self.left[row] | self.right[row]);
        Columns { word, wide: None }
    }

    #[inline]
    fn apply(&mut self, col: u32) {
        let row = self.row;
        self.row += 1;
        if let Some(big) = &mut self.big {
            big.set(self.n, row, col, true);
        }
        // The words are written on large boards too, where they are unused
        // (and the masked indices harmless), and `below` is worked out from
        // `self.row` exactly as `choices` works out its row: so once both
        // are inlined the compiler sees these stores reach `choices` on
        // every path and hands it the words just computed, in registers.
        let (row, below) = (row as usize & (STACK - 1), self.row as usize & (STACK - 1));
        let bit = 1u64 << (col & (WORD_BITS - 1));
        self.cols[below] = self.cols[row] | bit;
        self.left[below] = (self.left[row] | bit) << 1;
        self.right[below] = (self.right[row] | bit) >> 1;
    }

    #[inline]
    fn undo(&mut self, col: u32) {
        self.row -= 1;
        if let Some(big) = &mut self.big {
            big.set(self.n, self.row, col, false);
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
        for n in [63u32, 64, 65, 66, 127, 128, 129, 200, 257, 300] {
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
