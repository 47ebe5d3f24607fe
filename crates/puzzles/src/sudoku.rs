//! Sudoku of any box size: 4x4, the classic 9x9, 16x16 and 25x25.
//!
//! A [`Sudoku`] is a grid of `side * side` cells, `side = box_size²`, each
//! empty or holding a digit from 1 to `side`; a solution fills every cell so
//! that each row, column and box holds every digit once. As a
//! [`backtrack::Problem`] a choice is a [`Placement`] of a digit in a cell,
//! and the heuristic lives in [`choices`](Problem::choices):
//!
//! - the candidates of every empty cell are bitsets, kept as the digits
//!   still free in its row, column and box;
//! - a cell with no candidate, or a digit with no place left in a row,
//!   column or box, ends the branch at once;
//! - a digit with one place left in a unit (a "hidden single") is placed
//!   there without branching;
//! - otherwise the engine branches on the empty cell with the fewest
//!   candidates, digits ascending.
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

use std::fmt;
use std::io::{self, BufRead};
use std::ops::ControlFlow;
use std::sync::Arc;

use backtrack::{Problem, Search};

use crate::exact_cover::{BuildError, ExactCover};

/// The smallest box size: a 4x4 grid.
pub const MIN_BOX: usize = 2;
/// The largest box size: a 25x25 grid, whose digits still fit a `u32` mask.
pub const MAX_BOX: usize = 5;
const MAX_CELLS: usize = MAX_BOX.pow(4);

/// Why a text is not a sudoku puzzle.
///
/// Every message names the line and, for a bad cell, the column (the
/// character position in the line, from 1) and the cell (`r2c8`: row 2,
/// column 8 of the grid).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The box size is outside [`MIN_BOX`]..=[`MAX_BOX`].
    #[error("the box size must be between {MIN_BOX} and {MAX_BOX}, got {0}")]
    BoxSize(usize),
    /// The line does not have one character per cell.
    #[error("line {line}: expected {expected} cells, got {found}")]
    Length {
        /// The line, from 1.
        line: usize,
        /// `side * side`.
        expected: usize,
        /// The characters on the line.
        found: usize,
    },
    /// A character that is neither a digit of this grid nor a blank.
    #[error(
        "line {line}, column {column} (cell r{row}c{col}): {found:?} is not a digit from 1 to {max} or a blank ('.' or '0')"
    )]
    Character {
        /// The line, from 1.
        line: usize,
        /// The character's position on the line, from 1.
        column: usize,
        /// The cell's row in the grid, from 1.
        row: usize,
        /// The cell's column in the grid, from 1.
        col: usize,
        /// The character.
        found: char,
        /// The largest digit of this grid, as written.
        max: char,
    },
    /// A given repeats a digit already given in the same row, column or
    /// box: no solution can exist.
    #[error(
        "line {line}, column {column} (cell r{row}c{col}): the given {digit} is already in this {unit}, at column {first}"
    )]
    Conflict {
        /// The line, from 1.
        line: usize,
        /// The later given's position on the line, from 1.
        column: usize,
        /// The later given's row in the grid, from 1.
        row: usize,
        /// The later given's column in the grid, from 1.
        col: usize,
        /// The digit, as written.
        digit: char,
        /// `"row"`, `"column"` or `"box"`.
        unit: &'static str,
        /// The earlier given's position on the line, from 1.
        first: usize,
    },
    /// Reading the input failed.
    #[error("cannot read line {line}: {source}")]
    Io {
        /// The line being read, from 1.
        line: usize,
        /// What the reader said.
        source: io::Error,
    },
}

/// A digit placed in a cell: the choice of the sudoku [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, row by row from 0: `row * side + column`.
    pub cell: u16,
    /// The digit, from 1 to `side`.
    pub digit: u8,
}

/// Where the cells of a grid lie, shared by every copy of a puzzle.
#[derive(Debug)]
struct Layout {
    box_size: usize,
    side: usize,
    row: Vec<u8>,
    col: Vec<u8>,
    boxed: Vec<u8>,
    /// The cells of each unit: the rows, then the columns, then the boxes.
    units: Vec<u16>,
}

impl Layout {
    fn new(box_size: usize) -> Layout {
        let side = box_size * box_size;
        let cells = side * side;
        let row: Vec<u8> = (0..cells).map(|c| (c / side) as u8).collect();
        let col: Vec<u8> = (0..cells).map(|c| (c % side) as u8).collect();
        let boxed: Vec<u8> = (0..cells)
            .map(|c| ((c / side / box_size) * box_size + (c % side) / box_size) as u8)
            .collect();
        let mut units = Vec::with_capacity(3 * cells);
        for of in [&row, &col, &boxed] {
            for unit in 0..side {
                units.extend(
                    (0..cells)
                        .filter(|&c| of[c] as usize == unit)
                        .map(|c| c as u16),
                );
            }
        }
        Layout {
            box_size,
            side,
            row,
            col,
            boxed,
            units,
        }
    }
}

/// A sudoku grid, partly filled; the [`Problem`] of completing it.
///
/// See the [module docs](self) for the format and the search. Cloning is
/// cheap: the grid's layout is shared.
#[derive(Clone)]
pub struct Sudoku {
    layout: Arc<Layout>,
    /// 0 for an empty cell, else the digit.
    cells: Vec<u8>,
    /// The digits placed in each row, column and box, as bitsets (bit
    /// `d - 1` for digit `d`).
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    empty: usize,
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
        let layout = Layout::new(box_size);
        let side = layout.side;
        Ok(Sudoku {
            cells: vec![0; side * side],
            rows: vec![0; side],
            cols: vec![0; side],
            boxes: vec![0; side],
            empty: side * side,
            layout: Arc::new(layout),
        })
    }

    /// The puzzle written on one line (see the [module docs](self)), with
    /// boxes of `box_size` by `box_size` cells. Surrounding whitespace is
    /// ignored; errors name line 1.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] that names the first bad cell: a wrong number of
    /// cells, a character that is not a digit of the grid or a blank, or a
    /// given that repeats a digit of its row, column or box.
    pub fn parse(line: &str, box_size: usize) -> Result<Sudoku, ParseError> {
        Sudoku::parse_line(line, box_size, 1)
    }

    fn parse_line(text: &str, box_size: usize, line: usize) -> Result<Sudoku, ParseError> {
        let mut sudoku = Sudoku::empty(box_size)?;
        let side = sudoku.side();
        let offset = text.chars().count() - text.trim_start().chars().count();
        let text = text.trim();
        let found = text.chars().count();
        if found != side * side {
            return Err(ParseError::Length {
                line,
                expected: side * side,
                found,
            });
        }
        for (cell, ch) in text.chars().enumerate() {
            let column = offset + cell + 1;
            let (row, col) = (cell / side + 1, cell % side + 1);
            let digit = match ch {
                '.' | '0' => continue,
                _ => digit_value(ch).filter(|&d| d as usize <= side),
            };
            let Some(digit) = digit else {
                return Err(ParseError::Character {
                    line,
                    column,
                    row,
                    col,
                    found: ch,
                    max: digit_char(side as u8),
                });
            };
            if let Some((unit, first)) = sudoku.conflict(cell, digit) {
                return Err(ParseError::Conflict {
                    line,
                    column,
                    row,
                    col,
                    digit: ch,
                    unit,
                    first: offset + first + 1,
                });
            }
            sudoku.apply(Placement {
                cell: cell as u16,
                digit,
            });
        }
        Ok(sudoku)
    }

    /// The unit in which `digit` is already placed, seen from `cell`, and
    /// the cell where it is.
    fn conflict(&self, cell: usize, digit: u8) -> Option<(&'static str, usize)> {
        let l = &self.layout;
        let side = l.side;
        let names = ["row", "column", "box"];
        let of = [l.row[cell], l.col[cell], l.boxed[cell]];
        for (k, name) in names.into_iter().enumerate() {
            let unit = k * side + of[k] as usize;
            let members = &l.units[unit * side..(unit + 1) * side];
            if let Some(&other) = members.iter().find(|&&c| self.cells[c as usize] == digit) {
                return Some((name, other as usize));
            }
        }
        None
    }

    /// The box size: 3 for the classic grid.
    pub fn box_size(&self) -> usize {
        self.layout.box_size
    }

    /// The number of cells in a row: `box_size²`.
    pub fn side(&self) -> usize {
        self.layout.side
    }

    /// The cells row by row: 0 for an empty cell, else its digit.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.empty == 0
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
        let mut search = Search::new(self.clone());
        search.next_solution()?;
        Some(search.problem().clone())
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

/// The value of a digit character: `1`-`9`, then `A`-`Z` (either case)
/// for 10 and up.
fn digit_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// How `digit` is written.
fn digit_char(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => (b'0' + digit) as char,
        _ => (b'A' + digit - 10) as char,
    }
}

/// The grid on one line, `.` for an empty cell.
impl fmt::Display for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &digit in &self.cells {
            write!(f, "{}", digit_char(digit))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Sudoku").field(&self.to_string()).finish()
    }
}

/// The placements open at a sudoku state: the candidates of one cell,
/// ascending, as a bitset.
#[derive(Clone, Copy, Debug)]
pub struct Candidates {
    cell: u16,
    digits: u32,
}

impl Iterator for Candidates {
    type Item = Placement;

    #[inline]
    fn next(&mut self) -> Option<Placement> {
        if self.digits == 0 {
            return None;
        }
        let digit = self.digits.trailing_zeros() as u8 + 1;
        self.digits &= self.digits - 1;
        Some(Placement {
            cell: self.cell,
            digit,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.digits.count_ones() as usize;
        (n, Some(n))
    }
}

impl Problem for Sudoku {
    type Choice = Placement;
    type Choices = Candidates;

    fn choices(&self) -> Candidates {
        const NONE: Candidates = Candidates { cell: 0, digits: 0 };
        let l = &*self.layout;
        let side = l.side;
        // At most 25 digits: the shift never overflows.
        let full = (1u32 << side) - 1;
        let mut candidates = [0u32; MAX_CELLS];
        let (mut best, mut fewest) = (0, u32::MAX);
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit != 0 {
                continue;
            }
            let taken = self.rows[l.row[cell] as usize]
                | self.cols[l.col[cell] as usize]
                | self.boxes[l.boxed[cell] as usize];
            let free = full & !taken;
            let count = free.count_ones();
            if count < fewest {
                if count <= 1 {
                    // A dead end or a forced cell: nothing can beat it.
                    return Candidates {
                        cell: cell as u16,
                        digits: free,
                    };
                }
                (best, fewest) = (cell, count);
            }
            candidates[cell] = free;
        }
        if fewest == u32::MAX {
            return NONE;
        }
        // Per unit, the digits with at least one and at least two places.
        for (unit, members) in l.units.chunks_exact(side).enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in members {
                let free = candidates[cell as usize];
                twice |= once & free;
                once |= free;
            }
            let placed = match unit / side {
                0 => self.rows[unit % side],
                1 => self.cols[unit % side],
                _ => self.boxes[unit % side],
            };
            let missing = full & !placed;
            if missing & !once != 0 {
                return NONE;
            }
            let single = missing & once & !twice;
            if single != 0 {
                let digit = single & single.wrapping_neg();
                let cell = members
                    .iter()
                    .find(|&&c| candidates[c as usize] & digit != 0)
                    .copied()
                    .unwrap_or_default();
                return Candidates {
                    cell,
                    digits: digit,
                };
            }
        }
        Candidates {
            cell: best as u16,
            digits: candidates[best],
        }
    }

    fn apply(&mut self, p: Placement) {
        let l = &*self.layout;
        let cell = p.cell as usize;
        let bit = 1 << (p.digit - 1);
        self.cells[cell] = p.digit;
        self.rows[l.row[cell] as usize] |= bit;
        self.cols[l.col[cell] as usize] |= bit;
        self.boxes[l.boxed[cell] as usize] |= bit;
        self.empty -= 1;
    }

    fn undo(&mut self, p: Placement) {
        let l = &*self.layout;
        let cell = p.cell as usize;
        let bit = !(1 << (p.digit - 1));
        self.cells[cell] = 0;
        self.rows[l.row[cell] as usize] &= bit;
        self.cols[l.col[cell] as usize] &= bit;
        self.boxes[l.boxed[cell] as usize] &= bit;
        self.empty += 1;
    }

    fn is_solution(&self) -> bool {
        self.empty == 0
    }
}

/// The puzzles of a text, one per line; from [`read_puzzles`].
#[derive(Debug)]
pub struct Puzzles<R> {
    reader: R,
    box_size: usize,
    line: usize,
    buffer: String,
    failed: bool,
}

/// Reads puzzles in the one-line format from `reader`, one per line, each
/// with its line number (from 1). Empty lines and lines starting with `#`
/// are skipped. A bad line gives its error and reading goes on with the
/// next; a failure of the reader itself ends the reading.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::read_puzzles;
///
/// let text = "# two 4x4 puzzles\n1.3.....2.......\n\n1.3..x..........\n";
/// let mut puzzles = read_puzzles(text.as_bytes(), 2);
/// let (line, first) = puzzles.next().unwrap()?;
/// assert_eq!((line, first.to_string()), (2, "1.3.....2.......".to_string()));
/// let error = puzzles.next().unwrap().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "line 4, column 6 (cell r2c2): 'x' is not a digit from 1 to 4 or a blank ('.' or '0')"
/// );
/// # Ok::<(), puzzles::sudoku::ParseError>(())
/// ```
pub fn read_puzzles<R: BufRead>(reader: R, box_size: usize) -> Puzzles<R> {
    Puzzles {
        reader,
        box_size,
        line: 0,
        buffer: String::new(),
        failed: false,
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = Result<(usize, Sudoku), ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            self.buffer.clear();
            self.line += 1;
            let line = self.line;
            match self.reader.read_line(&mut self.buffer) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(source) => {
                    // One report is enough: a failing reader tends to keep failing.
                    self.failed = true;
                    return Some(Err(ParseError::Io { line, source }));
                }
            }
            let text = self.buffer.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            return Some(Sudoku::parse_line(&self.buffer, self.box_size, line).map(|s| (line, s)));
        }
        None
    }
}

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
    let l = &*puzzle.layout;
    let side = l.side;
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
    for (cell, &given) in puzzle.cells.iter().enumerate() {
        let digits = if given == 0 {
            1..=side as u8
        } else {
            given..=given
        };
        for digit in digits {
            let d = digit as usize - 1;
            b.option([
                cells[cell],
                unit_digit[l.row[cell] as usize * side + d],
                unit_digit[(side + l.col[cell] as usize) * side + d],
                unit_digit[(2 * side + l.boxed[cell] as usize) * side + d],
            ])?;
            placements.push(Placement {
                cell: cell as u16,
                digit,
            });
        }
    }
    Ok((b.build(), placements))
}
