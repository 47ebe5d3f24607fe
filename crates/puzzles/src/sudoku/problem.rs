//! The sudoku as a search [`Problem`]: each grid's own steps, and the
//! choices they share.

use backtrack::Problem;

use super::{Grid, Placement, Sudoku};

/// The placements open at a sudoku state: the candidates of one cell,
/// ascending, as a bitset.
#[derive(Clone, Copy, Debug)]
pub struct Candidates {
    cell: u16,
    digits: u32,
}

impl Candidates {
    /// No choice: a dead end.
    pub(super) const NONE: Candidates = Candidates { cell: 0, digits: 0 };

    /// The digits of `digits` (bit `d - 1` for digit `d`) in `cell`.
    pub(super) fn new(cell: usize, digits: u32) -> Candidates {
        Candidates {
            cell: cell as u16,
            digits,
        }
    }
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

    #[inline]
    fn choices(&self) -> Candidates {
        match &self.grid {
            Grid::Nine(grid) => grid.choices(),
            Grid::General(grid) => grid.choices(),
        }
    }

    #[inline]
    fn apply(&mut self, p: Placement) {
        match &mut self.grid {
            Grid::Nine(grid) => grid.apply(p),
            Grid::General(grid) => grid.apply(p),
        }
    }

    #[inline]
    fn undo(&mut self, p: Placement) {
        match &mut self.grid {
            Grid::Nine(grid) => grid.undo(p),
            Grid::General(grid) => grid.undo(p),
        }
    }

    #[inline]
    fn is_solution(&self) -> bool {
        match &self.grid {
            Grid::Nine(grid) => grid.is_solution(),
            Grid::General(grid) => grid.is_solution(),
        }
    }
}
