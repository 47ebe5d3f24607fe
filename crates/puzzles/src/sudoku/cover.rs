//! The sudoku as an exact cover problem.

use crate::exact_cover::{BuildError, ExactCover};

use super::{Placement, Sudoku};

/// The sudoku as an exact cover problem, and the placement each option
/// stands for.
///
/// The primary items are the cells and, for every digit, the rows, columns
/// and boxes (each must hold it exactly once). A given is the one option of
/// its cell; an empty cell has one option per digit. The solutions are
/// those of the [`Sudoku`] itself, found by a different search.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{self, Sudoku};
///
/// let puzzle = Sudoku::parse("1.3.....2.......", 2)?;
/// let (cover, placements) = sudoku::exact_cover(&puzzle)?;
/// let solutions = backtrack::first(cover, 10);
/// assert_eq!(solutions.len() as u64, puzzle.count_up_to(10));
/// let mut grid = puzzle.clone();
/// for &option in &solutions[0] {
///     let p = placements[option];
///     if grid.cells()[p.cell as usize] == 0 {
///         backtrack::Problem::apply(&mut grid, p);
///     }
/// }
/// assert!(grid.is_full());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Only [`BuildError::TooLarge`], which the grid sizes here cannot reach.
pub fn exact_cover(puzzle: &Sudoku) -> Result<(ExactCover, Vec<Placement>), BuildError> {
    let side = puzzle.side();
    let mut b = ExactCover::builder();
    let cells = (0..side * side)
        .map(|c| b.primary(format!("r{}c{}", c / side + 1, c % side + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut unit_digit = Vec::with_capacity(3 * side * side);
    for kind in ["r", "c", "b"] {
        for unit in 1..=side {
            for digit in 1..=side {
                unit_digit.push(b.primary(format!("{kind}{unit}#{digit}"))?);
            }
        }
    }
    let mut placements = Vec::new();
    for (cell, &given) in puzzle.cells().iter().enumerate() {
        let digits = if given == 0 {
            1..=side as u8
        } else {
            given..=given
        };
        let units = puzzle.units_of(cell);
        for digit in digits {
            let d = digit as usize - 1;
            b.option([
                cells[cell],
                unit_digit[units[0] * side + d],
                unit_digit[units[1] * side + d],
                unit_digit[units[2] * side + d],
            ])?;
            placements.push(Placement {
                cell: cell as u16,
                digit,
            });
        }
    }
    Ok((b.build(), placements))
}
