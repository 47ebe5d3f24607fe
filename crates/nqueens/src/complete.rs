//! Completing a board someone started: the queens already placed stay, the
//! search fills the other rows.

use backtrack::Problem;

use crate::error::Error;
use crate::solution::Line;

/// The largest board [`Completion`] takes: a row's free columns are kept in
/// a `u128`.
pub const COMPLETE_MAX: u32 = 128;

/// The completions of a partly filled n x n board, as a
/// [`backtrack::Problem`]: the pre-placed queens stay where they are, and a
/// solution is a full placement containing them.
///
/// A choice is a square `(row, column)`, 0-based. At each state the row
/// with the fewest free columns is filled next (the most constrained
/// first), its free columns in ascending order; a row left with no free
/// column makes the state a dead end at once (forward checking), so a
/// branch is cut as soon as any row is blocked, not when the search
/// reaches that row.
///
/// # Complexity
///
/// `O(n)` per `apply` and per `choices` (a scan of the open rows'
/// free-column masks); memory `O(n²)` words. The number of nodes depends on
/// the placement: a board with a few queens placed on a large n is usually
/// completed with next to no backtracking (a few hundred nodes for 20
/// queens of a solution of n = 100, measured in the tests), while an empty
/// board beyond n = 100 can take minutes: the most constrained row first
/// is no match for the construction there ([`construct`](crate::construct)).
///
/// # Example
///
/// ```
/// use nqueens::Completion;
///
/// // 8-queens with a queen on row 1, column 1 (0-based (0, 0)).
/// let problem = Completion::new(8, &[(0, 0)])?;
/// assert_eq!(backtrack::count(problem.clone()), 4);
/// let mut search = backtrack::Search::new(problem);
/// search.next_solution().unwrap();
/// let columns = search.problem().columns().unwrap();
/// nqueens::validate(8, &columns).unwrap();
/// assert_eq!(columns[0], 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Completion {
    n: u32,
    /// The rows still to fill when the search starts.
    open: usize,
    /// Choices applied so far.
    depth: usize,
    /// The filled rows, a bit each.
    filled: u128,
    /// The column of each row's queen, if it has one.
    queens: Vec<Option<u32>>,
    /// `free[d * n + r]`: the columns of row `r` not attacked after `d`
    /// choices, a bit each. One level per depth, so that `undo` is a step
    /// back and nothing is recomputed.
    free: Vec<u128>,
}

/// The squares of one row, ascending: a copy of its free-column mask.
#[derive(Clone, Copy, Debug)]
pub struct Squares {
    row: u32,
    mask: u128,
}

impl Iterator for Squares {
    type Item = (u32, u32);

    fn next(&mut self) -> Option<(u32, u32)> {
        (self.mask != 0).then(|| {
            let col = self.mask.trailing_zeros();
            self.mask &= self.mask - 1;
            (self.row, col)
        })
    }
}

impl Completion {
    /// The n x n board with queens on the squares `placed` (0-based
    /// `(row, column)`).
    ///
    /// # Errors
    ///
    /// [`Error::ZeroSize`] or [`Error::TooLarge`] unless
    /// `1 <= n <= COMPLETE_MAX`; [`Error::OffBoard`] with every queen
    /// off the board; [`Error::PlacedTwice`] naming a square given twice;
    /// [`Error::PlacedAttack`] naming two pre-placed queens that attack
    /// each other.
    pub fn new(n: u32, placed: &[(u32, u32)]) -> Result<Self, Error> {
        match n {
            0 => return Err(Error::ZeroSize),
            1..=COMPLETE_MAX => {}
            _ => {
                return Err(Error::TooLarge {
                    n: n.into(),
                    max: COMPLETE_MAX.into(),
                });
            }
        }
        let off: Vec<(u32, u32)> = placed
            .iter()
            .copied()
            .filter(|&(r, c)| r >= n || c >= n)
            .collect();
        if !off.is_empty() {
            return Err(Error::OffBoard { n, queens: off });
        }
        // A square given twice is said as such, before any attack.
        let mut seen = std::collections::HashSet::with_capacity(placed.len());
        if let Some(&square) = placed.iter().find(|&&square| !seen.insert(square)) {
            return Err(Error::PlacedTwice { square });
        }
        for (i, &a) in placed.iter().enumerate() {
            for &b in &placed[..i] {
                if let Some(line) = attack(b, a) {
                    return Err(Error::PlacedAttack {
                        first: b,
                        second: a,
                        line,
                    });
                }
            }
        }
        let size = n as usize;
        let open = size - placed.len();
        let full = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let mut completion = Completion {
            n,
            open,
            depth: 0,
            filled: 0,
            queens: vec![None; size],
            free: vec![0; (open + 1) * size],
        };
        completion.free[..size].fill(full);
        for &(row, col) in placed {
            completion.place(0, row, col);
        }
        Ok(completion)
    }

    /// The board size.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The columns of the queens, row by row (0-based), once every row has
    /// one: at a solution.
    pub fn columns(&self) -> Option<Vec<u32>> {
        self.queens.iter().copied().collect()
    }

    /// Puts a queen on `(row, col)` in the masks of level `level`.
    fn place(&mut self, level: usize, row: u32, col: u32) {
        let n = self.n as usize;
        let masks = &mut self.free[level * n..(level + 1) * n];
        for (r, mask) in (0u32..).zip(masks.iter_mut()) {
            let d = r.abs_diff(row);
            let mut hit = 1u128 << col;
            if col + d < self.n {
                hit |= 1u128 << (col + d);
            }
            if let Some(left) = col.checked_sub(d) {
                hit |= 1u128 << left;
            }
            *mask &= !hit;
        }
        masks[row as usize] = 0;
        self.filled |= 1u128 << row;
        self.queens[row as usize] = Some(col);
    }
}

/// The line along which two different squares attack each other, if any.
fn attack(a: (u32, u32), b: (u32, u32)) -> Option<Line> {
    if a.0 == b.0 {
        Some(Line::Row)
    } else if a.1 == b.1 {
        Some(Line::Column)
    } else if a.0.abs_diff(b.0) == a.1.abs_diff(b.1) {
        // Down to the right: row - col the same.
        if (a.0 < b.0) == (a.1 < b.1) {
            Some(Line::Diagonal)
        } else {
            Some(Line::AntiDiagonal)
        }
    } else {
        None
    }
}

impl Problem for Completion {
    type Choice = (u32, u32);
    type Choices = Squares;

    fn choices(&self) -> Squares {
        let n = self.n as usize;
        let masks = &self.free[self.depth * n..(self.depth + 1) * n];
        let mut best = Squares { row: 0, mask: 0 };
        let mut fewest = u32::MAX;
        for (row, &mask) in (0u32..).zip(masks) {
            if self.filled >> row & 1 == 1 {
                continue;
            }
            let free = mask.count_ones();
            if free < fewest {
                fewest = free;
                best = Squares { row, mask };
                if free == 0 {
                    // Forward checking: a blocked row ends the branch.
                    break;
                }
            }
        }
        best
    }

    fn apply(&mut self, (row, col): (u32, u32)) {
        let n = self.n as usize;
        let level = self.depth;
        self.free
            .copy_within(level * n..(level + 1) * n, (level + 1) * n);
        self.depth += 1;
        self.place(self.depth, row, col);
    }

    fn undo(&mut self, (row, _): (u32, u32)) {
        self.depth -= 1;
        self.filled &= !(1u128 << row);
        self.queens[row as usize] = None;
    }

    fn is_solution(&self) -> bool {
        self.depth == self.open
    }
}
