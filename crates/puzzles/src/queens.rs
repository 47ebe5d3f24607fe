//! N-queens posed as an exact cover problem.
//!
//! Every row and every column holds exactly one queen: those are the
//! primary items. Every diagonal holds at most one: the diagonals are
//! secondary items. An option is a square, covering its row, its column
//! and its two diagonals. The counts are those of the `nqueens` crate,
//! found by a different search: a cross-check for both.

use crate::exact_cover::{BuildError, ExactCover};

/// N-queens on an `n` by `n` board as an exact cover problem.
///
/// Option number `row * n + column` is a queen on that square, so a
/// solution turns into columns by row with [`columns`]. For `n = 0` the
/// board is empty and the empty set of queens is its one solution.
///
/// # Example
///
/// ```
/// let cover = puzzles::queens::exact_cover(8)?;
/// assert_eq!(backtrack::count(cover), 92);
/// # Ok::<(), puzzles::exact_cover::BuildError>(())
/// ```
///
/// # Errors
///
/// [`BuildError::TooLarge`] if the board has more squares than the links
/// can index.
pub fn exact_cover(n: usize) -> Result<ExactCover, BuildError> {
    let mut b = ExactCover::builder();
    // Rows and columns interleaved from the middle out ("organ pipe"
    // order): on a tie the search branches on a central line, which has
    // the fewest options left sooner and keeps the tree small.
    let mut rows = vec![None; n];
    let mut cols = vec![None; n];
    for k in 0..n {
        let line = if k % 2 == 0 {
            n / 2 + k / 2
        } else {
            n / 2 - k.div_ceil(2)
        };
        rows[line] = Some(b.primary(format!("r{line}"))?);
        cols[line] = Some(b.primary(format!("c{line}"))?);
    }
    let diagonals = n.saturating_mul(2).saturating_sub(1);
    let sums = (0..diagonals)
        .map(|d| b.secondary(format!("a{d}")))
        .collect::<Result<Vec<_>, _>>()?;
    let differences = (0..diagonals)
        .map(|d| b.secondary(format!("b{d}")))
        .collect::<Result<Vec<_>, _>>()?;
    for row in 0..n {
        for col in 0..n {
            let (Some(r), Some(c)) = (rows[row], cols[col]) else {
                unreachable!("every line is declared above");
            };
            b.option([r, c, sums[row + col], differences[row + n - 1 - col]])?;
        }
    }
    Ok(b.build())
}

/// The queen's column in each row, 0-based, of a solution of
/// [`exact_cover`]`(n)` given as its options.
///
/// # Example
///
/// ```
/// let cover = puzzles::queens::exact_cover(4)?;
/// let mut found: Vec<Vec<usize>> = backtrack::first(cover, 10)
///     .iter()
///     .map(|options| puzzles::queens::columns(4, options))
///     .collect();
/// found.sort();
/// assert_eq!(found, [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// # Ok::<(), puzzles::exact_cover::BuildError>(())
/// ```
pub fn columns(n: usize, options: &[usize]) -> Vec<usize> {
    let mut columns = vec![0; n];
    for &option in options {
        columns[option / n] = option % n;
    }
    columns
}
