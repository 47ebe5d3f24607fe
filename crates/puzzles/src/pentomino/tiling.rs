//! A tiling: the board with the letter of the piece on each cell.

use std::fmt;

use super::{CELLS, PIECES, X, centre, orientations};

/// A board covered by pieces, a letter per cell.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tiling {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) letters: Vec<u8>,
}

impl Tiling {
    /// The letter of the piece on each cell, row by row.
    pub fn letters(&self) -> &[u8] {
        &self.letters
    }

    /// Whether every piece of [`PIECES`] covers 5 cells in its own shape,
    /// once, and nothing else is on the board: checked from the letters
    /// alone.
    pub fn is_valid(&self) -> bool {
        PIECES.iter().all(|&(letter, drawing)| {
            let cells: Vec<(usize, usize)> = (0..self.letters.len())
                .filter(|&i| self.letters[i] == letter as u8)
                .map(|i| (i / self.cols, i % self.cols))
                .collect();
            let top = cells.iter().map(|p| p.0).min().unwrap_or(0);
            let left = cells.iter().map(|p| p.1).min().unwrap_or(0);
            let shape: Vec<(usize, usize)> =
                cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
            orientations(drawing).contains(&shape)
        }) && self.letters.len() == PIECES.len() * CELLS
    }

    /// The tiling's images under the four symmetries of a rectangle: itself,
    /// upside down, mirrored, and turned half a turn.
    pub fn images(&self) -> Vec<Tiling> {
        let (rows, cols) = (self.rows, self.cols);
        (0..4)
            .map(|flip| {
                let letters = (0..rows * cols)
                    .map(|i| {
                        let (mut r, mut c) = (i / cols, i % cols);
                        if flip & 1 != 0 {
                            r = rows - 1 - r;
                        }
                        if flip & 2 != 0 {
                            c = cols - 1 - c;
                        }
                        self.letters[r * cols + c]
                    })
                    .collect();
                Tiling {
                    rows,
                    cols,
                    letters,
                }
            })
            .collect()
    }

    pub(super) fn x_centre(&self) -> usize {
        let x = PIECES[X].0 as u8;
        let cells: Vec<u16> = (0..self.letters.len())
            .filter(|&i| self.letters[i] == x)
            .map(|i| i as u16)
            .collect();
        centre(&cells)
    }
}

/// The board as `rows` lines of letters.
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.letters.chunks(self.cols) {
            writeln!(f, "{}", String::from_utf8_lossy(row))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tiling {}x{}\n{self}", self.rows, self.cols)
    }
}
