//! Sudoku of any box size: 4x4, the classic 9x9, 16x16 and 25x25.
//!
//! A [`Sudoku`] is a grid of `side * side` cells, `side = box_size²`, each
//! empty or holding a digit from 1 to `side`; a solution fills every cell so
//! that each row, column and box holds every digit once. As a
//! [`backtrack::Problem`] a choice is a [`Placement`] of a digit in a cell,
//! and the heuristic lives in [`choices`](backtrack::Problem::choices):
//!
//! - the candidates of every empty cell are bitsets, updated as digits
//!   are placed;
//! - [`apply`](backtrack::Problem::apply) propagates: a cell left with one candidate
//!   (a "naked single") and a digit left with one place in a row, column
//!   or box (a "hidden single") are filled at once, in a loop, and
//!   [`undo`](backtrack::Problem::undo) takes all of it back;
//! - a cell with no candidate, or a digit with no place left in a unit,
//!   ends the branch at once;
//! - the engine branches on the empty cell with the fewest candidates
//!   (the first in reading order among equals), digits ascending; on
//!   9x9 grids, among the cells with two candidates, on the one with the
//!   most such cells among its peers in its row and box.
//!
//! The classic 9x9 grid has a representation of its own, bitboards per
//! digit and band that also find the locked candidates (a digit confined
//! to one line of a box, or to one box of a line); every other size
//! keeps a candidate bitset per cell and a trail. Both find the same
//! solutions (on a puzzle with several, not always in the same order);
//! the 9x9 one finds them several times faster.
//!
//! Puzzles come in the common one-line format: the cells row by row, a
//! digit for a given (`1`-`9`, then `A`-`P` for 10 to 25 on the larger
//! grids) and `.` or `0` for an empty cell. [`read_puzzles`] reads a file of
//! them, one per line.
//!
//! # Example
//!
//! ```
//! use puzzles::sudoku::Sudoku;
//!
//! let puzzle = Sudoku::parse(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     3,
//! )?;
//! let solved = puzzle.solve().expect("a proper puzzle has a solution");
//! assert_eq!(
//!     solved.to_string(),
//!     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
//! );
//! assert_eq!(puzzle.count_up_to(2), 1); // unique
//! # Ok::<(), puzzles::sudoku::ParseError>(())
//! ```

mod cover;
mod general;
mod nine;
mod parse;
mod problem;

use std::fmt;
use std::ops::ControlFlow;

use backtrack::Search;

pub use cover::exact_cover;
pub use parse::{ParseError, Puzzles, READ_LIMITS, read_puzzles};
pub use problem::Candidates;

use general::General;
use nine::Nine;
use parse::digit_char;

/// The smallest box size: a 4x4 grid.
pub const MIN_BOX: usize = 2;
/// The largest box size: a 25x25 grid, whose digits still fit a `u32` mask.
pub const MAX_BOX: usize = 5;

/// A digit placed in a cell: the choice of the sudoku [`Problem`](backtrack::Problem).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, row by row from 0: `row * side + column`.
    pub cell: u16,
    /// The digit, from 1 to `side`.
    pub digit: u8,
}

/// A sudoku grid, partly filled; the [`Problem`](backtrack::Problem) of
/// completing it.
///
/// See the [module docs](self) for the format and the search. Cloning is
/// cheap.
#[derive(Clone)]
pub struct Sudoku {
    grid: Grid,
}

/// A grid as the search sees it.
#[derive(Clone)]
enum Grid {
    /// 9x9, on bitboards.
    Nine(Nine),
    /// Any size, a bitset per cell.
    General(General),
}

impl Sudoku {
    /// An empty grid with boxes of `box_size` by `box_size` cells.
    ///
    /// # Errors
    ///
    /// [`ParseError::BoxSize`] unless `box_size` is in
    /// [`MIN_BOX`]..=[`MAX_BOX`].
    pub fn empty(box_size: usize) -> Result<Sudoku, ParseError> {
        if !(MIN_BOX..=MAX_BOX).contains(&box_size) {
            return Err(ParseError::BoxSize(box_size));
        }
        let grid = if box_size == 3 {
            Grid::Nine(Nine::new())
        } else {
            Grid::General(General::new(box_size))
        };
        Ok(Sudoku { grid })
    }

    /// The same puzzle on the general representation, whatever its size:
    /// the reference for the 9x9 one.
    #[cfg(test)]
    fn general(&self) -> Sudoku {
        let mut general = General::new(self.box_size());
        for (cell, &digit) in self.cells().iter().enumerate() {
            if digit != 0 {
                general.give(cell, digit);
            }
        }
        Sudoku {
            grid: Grid::General(general),
        }
    }

    /// The box size: 3 for the classic grid.
    pub fn box_size(&self) -> usize {
        match &self.grid {
            Grid::Nine(_) => 3,
            Grid::General(grid) => grid.box_size(),
        }
    }

    /// The number of cells in a row: `box_size²`.
    pub fn side(&self) -> usize {
        self.box_size() * self.box_size()
    }

    /// The cells row by row: 0 for an empty cell, else its digit.
    pub fn cells(&self) -> &[u8] {
        match &self.grid {
            Grid::Nine(grid) => grid.cells(),
            Grid::General(grid) => grid.cells(),
        }
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        match &self.grid {
            Grid::Nine(grid) => grid.is_full(),
            Grid::General(grid) => grid.is_full(),
        }
    }

    /// Places a given while parsing: the root state, so no propagation
    /// (the grid keeps showing only the givens). `digit` must not be in
    /// a unit of the empty `cell` yet.
    fn give(&mut self, cell: usize, digit: u8) {
        match &mut self.grid {
            Grid::Nine(grid) => grid.give(cell, digit),
            Grid::General(grid) => grid.give(cell, digit),
        }
    }

    /// Whether `digit` can go in the empty `cell`: at the root, whether no
    /// unit of the cell holds it yet.
    fn allows(&self, cell: usize, digit: u8) -> bool {
        match &self.grid {
            Grid::Nine(grid) => grid.allows(cell, digit),
            Grid::General(grid) => grid.allows(cell, digit),
        }
    }

    /// The units of `cell`: its row, `side` + its column, `2 side` + its
    /// box.
    fn units_of(&self, cell: usize) -> [usize; 3] {
        let (b, side) = (self.box_size(), self.side());
        let (row, col) = (cell / side, cell % side);
        [row, side + col, 2 * side + row / b * b + col / b]
    }

    /// The grid completed, or `None` if it has no solution.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Sudoku;
    ///
    /// let puzzle = Sudoku::parse("1...............", 2)?; // a 4x4 grid
    /// let solved = puzzle.solve().unwrap();
    /// assert!(solved.is_full());
    /// assert_eq!(solved.cells()[0], 1);
    /// # Ok::<(), puzzles::sudoku::ParseError>(())
    /// ```
    pub fn solve(&self) -> Option<Sudoku> {
        let grid = match &self.grid {
            Grid::Nine(grid) => Grid::Nine(grid.settled_with_room()),
            Grid::General(grid) => Grid::General(grid.clone()),
        };
        let mut search = Search::new(Sudoku { grid });
        search.next_solution()?;
        let grid = match &search.problem().grid {
            Grid::Nine(grid) => Grid::Nine(grid.current()),
            Grid::General(grid) => Grid::General(grid.clone()),
        };
        Some(Sudoku { grid })
    }

    /// The number of solutions, counting no further than `cap`:
    /// `count_up_to(2)` is 1 exactly when the solution is unique.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Sudoku;
    ///
    /// let empty = Sudoku::empty(2)?;
    /// assert_eq!(empty.count_up_to(1000), 288); // every 4x4 grid
    /// assert_eq!(empty.count_up_to(2), 2);
    /// # Ok::<(), puzzles::sudoku::ParseError>(())
    /// ```
    pub fn count_up_to(&self, cap: u64) -> u64 {
        if cap == 0 {
            return 0;
        }
        let mut found = 0;
        let _ = backtrack::for_each(self.clone(), |_, _| {
            found += 1;
            if found == cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }
}

/// The grid on one line, `.` for an empty cell.
impl fmt::Display for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A line at a time through a buffer on the stack: the grid is
        // printed once per puzzle, and a `String` per line showed up in
        // the profile of a file of puzzles.
        let mut buffer = [0u8; 128];
        for chunk in self.cells().chunks(buffer.len()) {
            for (byte, &d) in buffer.iter_mut().zip(chunk) {
                *byte = digit_char(d) as u8;
            }
            let text = std::str::from_utf8(&buffer[..chunk.len()]).map_err(|_| fmt::Error)?;
            f.write_str(text)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Sudoku").field(&self.to_string()).finish()
    }
}
