//! The one-line format: parsing a puzzle, reading a file of them.

use std::io::BufRead;

use runner::{LineError, LineLimits, Lines};

use super::{Grid, MAX_BOX, MIN_BOX, Nine, Sudoku};

/// The most [`read_puzzles`] reads: lines (comments too) of 64 KiB, far
/// more than the 625 cells of the largest grid, and 256 MiB in all, about
/// three million puzzles.
pub const READ_LIMITS: LineLimits = LineLimits {
    line: 1 << 16,
    total: 1 << 28,
};

/// Why a text is not a sudoku puzzle.
///
/// Every message names the line and, for a bad cell, the character (its
/// position in the line, from 1) and the cell (`r2c8`: row 2,
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
        "line {line}, character {column} (cell r{row}c{col}): {found:?} is not a digit from 1 to {max} or a blank ('.' or '0')"
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
        "line {line}, character {column} (cell r{row}c{col}): the given {digit} is already in this {unit}, at character {first} of the line"
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
    /// Reading the input failed: a line or the whole text over
    /// [`READ_LIMITS`], a line that is not UTF-8, or the reader failing.
    #[error(transparent)]
    Read(#[from] LineError),
}

impl Sudoku {
    /// The puzzle written on one line (see the [module docs](super)), with
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
        if box_size == 3
            && let Some(sudoku) = Sudoku::parse_nine(text)
        {
            return Ok(sudoku);
        }
        let mut sudoku = Sudoku::empty(box_size)?;
        let side = sudoku.side();
        // Characters, not bytes, are counted; on ASCII they are the same.
        let count = |text: &str| {
            if text.is_ascii() {
                text.len()
            } else {
                text.chars().count()
            }
        };
        let offset = count(text) - count(text.trim_start());
        let text = text.trim();
        let found = count(text);
        if found != side * side {
            return Err(ParseError::Length {
                line,
                expected: side * side,
                found,
            });
        }
        for (cell, ch) in text.chars().enumerate() {
            let digit = match ch {
                '.' | '0' => continue,
                _ => digit_value(ch).filter(|&d| d as usize <= side),
            };
            // Only a complaint needs them.
            let column = offset + cell + 1;
            let (row, col) = (cell / side + 1, cell % side + 1);
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
            sudoku.give(cell, digit);
        }
        Ok(sudoku)
    }

    /// A proper 9x9 line the quick way: 81 cells of `1`-`9`, `.` or `0`
    /// and no conflict, all given at once. `None` for anything else,
    /// which [`parse_line`](Sudoku::parse_line) then goes through cell by
    /// cell to name the first mistake.
    fn parse_nine(text: &str) -> Option<Sudoku> {
        let bytes: &[u8; 81] = text.trim().as_bytes().try_into().ok()?;
        let mut digits = [0; 81];
        for (digit, &byte) in digits.iter_mut().zip(bytes) {
            *digit = match byte {
                b'.' | b'0' => 0,
                b'1'..=b'9' => byte - b'0',
                _ => return None,
            };
        }
        Some(Sudoku {
            grid: Grid::Nine(Nine::with_givens(&digits)?),
        })
    }

    /// The unit in which `digit` is already placed, seen from `cell`, and
    /// the cell where it is.
    fn conflict(&self, cell: usize, digit: u8) -> Option<(&'static str, usize)> {
        if self.allows(cell, digit) {
            return None;
        }
        let units = self.units_of(cell);
        let names = ["row", "column", "box"];
        for (k, name) in names.into_iter().enumerate() {
            let first = (0..self.cells().len())
                .find(|&other| self.units_of(other)[k] == units[k] && self.cells()[other] == digit);
            if let Some(other) = first {
                return Some((name, other));
            }
        }
        None
    }
}

/// The value of a digit character: `1`-`9`, then `A`-`Z` (either case)
/// for 10 and up.
pub(super) fn digit_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// How `digit` is written.
pub(super) fn digit_char(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => (b'0' + digit) as char,
        _ => (b'A' + digit - 10) as char,
    }
}

/// The puzzles of a text, one per line; from [`read_puzzles`].
#[derive(Debug)]
pub struct Puzzles<R> {
    lines: Lines<R>,
    box_size: usize,
}

/// Reads puzzles in the one-line format from `reader`, one per line, each
/// with its line number (from 1). Empty lines and lines starting with `#`
/// are skipped. A bad line gives its error and reading goes on with the
/// next; a line or a text over [`READ_LIMITS`] (checked before it is
/// kept, so an endless line takes no memory), or a failure of the reader
/// itself, ends the reading.
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
///     "line 4, character 6 (cell r2c2): 'x' is not a digit from 1 to 4 or a blank ('.' or '0')"
/// );
/// # Ok::<(), puzzles::sudoku::ParseError>(())
/// ```
pub fn read_puzzles<R: BufRead>(reader: R, box_size: usize) -> Puzzles<R> {
    Puzzles {
        lines: Lines::new(reader, READ_LIMITS),
        box_size,
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = Result<(usize, Sudoku), ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (line, text) = match self.lines.next_line()? {
                Ok(line) => line,
                Err(e) => return Some(Err(e.into())),
            };
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            return Some(Sudoku::parse_line(text, self.box_size, line).map(|s| (line, s)));
        }
    }
}
