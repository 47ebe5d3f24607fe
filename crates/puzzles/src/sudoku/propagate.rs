//! The sudoku as a search [`Problem`]: candidates as bitsets, singles
//! propagated inside `apply`, everything undone from a trail.

use backtrack::Problem;

use super::{Placement, Sudoku};

/// The placements open at a sudoku state: the candidates of one cell,
/// ascending, as a bitset.
#[derive(Clone, Copy, Debug)]
pub struct Candidates {
    cell: u16,
    digits: u32,
}

const NONE: Candidates = Candidates { cell: 0, digits: 0 };

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

impl Sudoku {
    /// Places a given while parsing: the root state, so no trail and no
    /// propagation (the grid keeps showing only the givens).
    pub(super) fn give(&mut self, cell: usize, digit: u8) {
        let bit = 1u32 << (digit - 1);
        self.cells[cell] = digit;
        self.candidates[cell] = 0;
        self.empty -= 1;
        for k in 0..3 {
            self.placed[self.layout.unit_of[cell][k] as usize] |= bit;
        }
        for &peer in self.layout.peers(cell) {
            self.candidates[peer as usize] &= !bit;
        }
    }

    /// Fills `cell` with `digit` on the trail and takes the digit from the
    /// peers' candidates, queueing the peers left with one. `false` on a
    /// contradiction.
    ///
    /// The units whose candidates changed are added to `dirty`: only they
    /// can hold a new hidden single.
    fn assign(
        &mut self,
        cell: usize,
        digit: u8,
        queue: &mut Vec<(u16, u8)>,
        dirty: &mut u128,
    ) -> bool {
        if self.cells[cell] != 0 {
            return self.cells[cell] == digit;
        }
        let bit = 1u32 << (digit - 1);
        let own = self.candidates[cell];
        if own & bit == 0 {
            return false;
        }
        self.changes.push((cell as u16, own));
        self.candidates[cell] = 0;
        *dirty |= self.layout.unit_mask[cell];
        self.cells[cell] = digit;
        self.filled.push(cell as u16);
        self.empty -= 1;
        for k in 0..3 {
            self.placed[self.layout.unit_of[cell][k] as usize] |= bit;
        }
        for &peer in self.layout.peers(cell) {
            let before = self.candidates[peer as usize];
            if before & bit == 0 {
                continue;
            }
            let after = before & !bit;
            self.changes.push((peer, before));
            self.candidates[peer as usize] = after;
            *dirty |= self.layout.unit_mask[peer as usize];
            if after == 0 {
                return false;
            }
            if after & (after - 1) == 0 {
                queue.push((peer, after.trailing_zeros() as u8 + 1));
            }
        }
        true
    }

    /// Fills naked singles (a cell with one candidate) and hidden singles
    /// (a digit with one place in a unit) until none is left. `false` on a
    /// contradiction: a cell without candidates or a digit without a place.
    fn propagate(&mut self, queue: &mut Vec<(u16, u8)>, dirty: &mut u128) -> bool {
        let side = self.layout.side;
        let full = (1u32 << side) - 1;
        loop {
            while let Some((cell, digit)) = queue.pop() {
                if !self.assign(cell as usize, digit, queue, dirty) {
                    return false;
                }
            }
            if self.empty == 0 {
                return true;
            }
            let mut units = std::mem::take(dirty);
            while units != 0 {
                let unit = units.trailing_zeros() as usize;
                units &= units - 1;
                let missing = full & !self.placed[unit];
                if missing == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0u32, 0u32);
                for &cell in self.layout.unit(unit) {
                    let free = self.candidates[cell as usize];
                    twice |= once & free;
                    once |= free;
                }
                if missing & !once != 0 {
                    return false;
                }
                let mut singles = missing & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    let cell = self
                        .layout
                        .unit(unit)
                        .iter()
                        .copied()
                        .find(|&c| self.candidates[c as usize] & bit != 0)
                        .unwrap_or_default();
                    queue.push((cell, bit.trailing_zeros() as u8 + 1));
                }
            }
            if queue.is_empty() {
                return true;
            }
        }
    }
}

impl Problem for Sudoku {
    type Choice = Placement;
    type Choices = Candidates;

    fn choices(&self) -> Candidates {
        if self.dead {
            return NONE;
        }
        let (mut best, mut fewest) = (usize::MAX, u32::MAX);
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit != 0 {
                continue;
            }
            let count = self.candidates[cell].count_ones();
            if count < fewest {
                (best, fewest) = (cell, count);
                // After propagation no cell has fewer than two.
                if count <= 2 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            return NONE;
        }
        Candidates {
            cell: best as u16,
            digits: self.candidates[best],
        }
    }

    fn apply(&mut self, p: Placement) {
        self.marks
            .push((self.changes.len() as u32, self.filled.len() as u32));
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        let mut dirty = 0;
        let consistent = self.assign(p.cell as usize, p.digit, &mut queue, &mut dirty)
            && self.propagate(&mut queue, &mut dirty);
        self.dead = !consistent;
        self.queue = queue;
    }

    fn undo(&mut self, _: Placement) {
        let (changes, filled) = self.marks.pop().expect("undo follows an apply");
        for cell in self.filled.drain(filled as usize..) {
            let cell = cell as usize;
            let bit = 1u32 << (self.cells[cell] - 1);
            for k in 0..3 {
                self.placed[self.layout.unit_of[cell][k] as usize] &= !bit;
            }
            self.cells[cell] = 0;
            self.empty += 1;
        }
        for (cell, before) in self.changes.drain(changes as usize..).rev() {
            self.candidates[cell as usize] = before;
        }
        self.dead = false;
    }

    fn is_solution(&self) -> bool {
        self.empty == 0 && !self.dead
    }
}
