//! Solutions, their validation, and the symmetries of the board.

use fixedbitset::FixedBitSet;
use std::fmt;

/// A placement of n queens, one per row: `columns()[r]` is the 0-based
/// column of the queen in row r. Printed formats are 1-based.
///
/// A `Solution` is only a placement; [`validate`] says whether it is one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Solution {
    columns: Vec<u32>,
}

impl Solution {
    /// The placement with these 0-based columns, row by row.
    pub fn from_columns(columns: Vec<u32>) -> Self {
        Solution { columns }
    }

    /// The board size n (the number of rows).
    pub fn size(&self) -> u32 {
        self.columns.len() as u32
    }

    /// The 0-based column of each row's queen.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The placement turned by `symmetry`.
    pub fn transform(&self, symmetry: Symmetry) -> Solution {
        let n = self.columns.len() as u32;
        let mut columns = vec![0; self.columns.len()];
        for (row, &col) in (0..).zip(&self.columns) {
            let (r, c) = symmetry.map(n, row, col);
            columns[r as usize] = c;
        }
        Solution { columns }
    }

    /// The smallest of the placement's 8 images under the symmetries of the
    /// square: two solutions are equivalent if and only if their canonical
    /// forms are equal.
    pub fn canonical(&self) -> Solution {
        Symmetry::ALL
            .iter()
            .map(|&s| self.transform(s))
            .min()
            .unwrap_or_else(|| self.clone())
    }
}

impl From<Vec<u32>> for Solution {
    fn from(columns: Vec<u32>) -> Self {
        Solution { columns }
    }
}

/// 1-based columns separated by single spaces, as in the Checker Challenge.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, col) in self.columns.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", col + 1)?;
        }
        Ok(())
    }
}

/// One of the 8 symmetries of the square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns clockwise.
    Rotate270,
    /// Left-right mirror.
    MirrorColumns,
    /// Top-bottom mirror.
    MirrorRows,
    /// Mirror in the main diagonal (rows become columns).
    Transpose,
    /// Mirror in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All 8, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square (row, col) of an n x n board goes.
    pub fn map(self, n: u32, row: u32, col: u32) -> (u32, u32) {
        let last = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, last - row),
            Symmetry::Rotate180 => (last - row, last - col),
            Symmetry::Rotate270 => (last - col, row),
            Symmetry::MirrorColumns => (row, last - col),
            Symmetry::MirrorRows => (last - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (last - col, last - row),
        }
    }
}

/// Why a placement is not a solution: the first problem met, reading the
/// rows from the top. Rows and columns are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Conflict {
    /// The placement does not have one queen per row.
    #[error("expected {expected} queens, one per row, found {found}")]
    WrongLength {
        /// n.
        expected: usize,
        /// The number of queens given.
        found: usize,
    },
    /// A queen stands outside the board.
    #[error("the queen in row {} is in column {}, outside the board's {n} columns", row + 1, col + 1)]
    OutOfRange {
        /// Its row.
        row: u32,
        /// Its column, n or more.
        col: u32,
        /// The board size.
        n: u32,
    },
    /// Two queens attack each other.
    #[error("the queens in rows {} and {} attack each other along {line}", first.0 + 1, second.0 + 1)]
    Attack {
        /// The upper queen (row, column).
        first: (u32, u32),
        /// The lower queen (row, column).
        second: (u32, u32),
        /// The line they share.
        line: Line,
    },
}

/// A line along which two queens attack each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The same column.
    Column,
    /// The same row: only queens placed by hand can share one (a placement
    /// by rows never does), as in [`Completion::new`](crate::Completion::new).
    Row,
    /// A diagonal going down to the right (row - col constant).
    Diagonal,
    /// A diagonal going down to the left (row + col constant).
    AntiDiagonal,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Column => "a column",
            Line::Row => "a row",
            Line::Diagonal => "a diagonal",
            Line::AntiDiagonal => "an anti-diagonal",
        })
    }
}

/// Checks that `columns` (0-based, row by row) places n non-attacking queens
/// on an n x n board.
///
/// Written apart from the search on purpose: it marks the lines each queen
/// occupies in plain bit arrays indexed by column, by row - col and by
/// row + col, and reports the first queen (reading rows from the top) that
/// lands on a line already marked, with the topmost earlier queen it
/// attacks.
///
/// # Complexity
///
/// O(n) time; 5n bits of memory.
///
/// # Example
///
/// ```
/// use nqueens::{validate, Conflict, Line};
///
/// assert_eq!(validate(4, &[1, 3, 0, 2]), Ok(()));
/// assert_eq!(
///     validate(4, &[0, 2, 3, 1]),
///     Err(Conflict::Attack { first: (1, 2), second: (2, 3), line: Line::Diagonal }),
/// );
/// ```
pub fn validate(n: u32, columns: &[u32]) -> Result<(), Conflict> {
    if columns.len() != n as usize {
        return Err(Conflict::WrongLength {
            expected: n as usize,
            found: columns.len(),
        });
    }
    let size = n as usize;
    let mut by_column = FixedBitSet::with_capacity(size);
    let mut by_diagonal = FixedBitSet::with_capacity(2 * size);
    let mut by_anti_diagonal = FixedBitSet::with_capacity(2 * size);
    for (row, &col) in (0u32..).zip(columns) {
        if col >= n {
            return Err(Conflict::OutOfRange { row, col, n });
        }
        // row - col + n - 1 and row + col are both in 0..2n-1.
        let lines = [
            (by_column.put(col as usize), Line::Column),
            (
                by_diagonal.put((row + n - 1 - col) as usize),
                Line::Diagonal,
            ),
            (
                by_anti_diagonal.put((row + col) as usize),
                Line::AntiDiagonal,
            ),
        ];
        if lines.iter().any(|(taken, _)| *taken) {
            // The earliest queen on any of the lines taken.
            let (first, line) = (0..row)
                .find_map(|r| {
                    lines.iter().find_map(|&(taken, line)| {
                        let shared = line.through(r, columns[r as usize]) == line.through(row, col);
                        (taken && shared).then_some((r, line))
                    })
                })
                .expect("a marked line has an earlier queen on it");
            return Err(Conflict::Attack {
                first: (first, columns[first as usize]),
                second: (row, col),
                line,
            });
        }
    }
    Ok(())
}

impl Line {
    /// An identifier of the line of this kind through (row, col), the same
    /// for every square on it.
    fn through(self, row: u32, col: u32) -> i64 {
        let (row, col) = (i64::from(row), i64::from(col));
        match self {
            Line::Column => col,
            Line::Row => row,
            Line::Diagonal => row - col,
            Line::AntiDiagonal => row + col,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catches_every_kind_of_conflict() {
        assert_eq!(
            validate(4, &[1, 3, 0]),
            Err(Conflict::WrongLength {
                expected: 4,
                found: 3
            })
        );
        assert_eq!(
            validate(4, &[1, 3, 0, 4]),
            Err(Conflict::OutOfRange {
                row: 3,
                col: 4,
                n: 4
            })
        );
        assert_eq!(
            validate(4, &[1, 3, 1, 2]),
            Err(Conflict::Attack {
                first: (0, 1),
                second: (2, 1),
                line: Line::Column
            })
        );
        assert_eq!(
            validate(4, &[3, 1, 0, 2]),
            Err(Conflict::Attack {
                first: (1, 1),
                second: (2, 0),
                line: Line::AntiDiagonal
            })
        );
        assert_eq!(
            validate(4, &[0, 1, 3, 2]),
            Err(Conflict::Attack {
                first: (0, 0),
                second: (1, 1),
                line: Line::Diagonal
            })
        );
        assert_eq!(validate(1, &[0]), Ok(()));
        assert_eq!(
            validate(0, &[]),
            Ok(()),
            "the empty board is trivially fine"
        );
    }

    #[test]
    fn symmetries_form_the_group_of_the_square() {
        let s = Solution::from_columns(vec![1, 3, 0, 2]);
        // A quarter turn four times is the identity; mirrors are involutions.
        let mut t = s.clone();
        for _ in 0..4 {
            t = t.transform(Symmetry::Rotate90);
        }
        assert_eq!(t, s);
        for m in [
            Symmetry::MirrorColumns,
            Symmetry::MirrorRows,
            Symmetry::Transpose,
            Symmetry::AntiTranspose,
        ] {
            let p = Solution::from_columns(vec![4, 2, 0, 5, 3, 1]);
            assert_eq!(p.transform(m).transform(m), p);
        }
        // The 4x4 solutions are mirror images of each other.
        assert_eq!(
            s.transform(Symmetry::MirrorColumns),
            Solution::from_columns(vec![2, 0, 3, 1])
        );
        assert_eq!(s.canonical(), Solution::from_columns(vec![1, 3, 0, 2]));
    }

    #[test]
    fn displays_one_based() {
        assert_eq!(
            Solution::from_columns(vec![1, 3, 5, 0, 2, 4]).to_string(),
            "2 4 6 1 3 5"
        );
    }
}
