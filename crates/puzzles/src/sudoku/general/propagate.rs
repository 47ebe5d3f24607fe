//! The search's steps on a [`General`] grid: candidates as bitsets,
//! singles propagated inside `apply`, everything undone from a trail.

use super::General;
use crate::sudoku::{Candidates, Placement};

impl General {
    /// Places a given while parsing: the root state, so no trail and no
    /// propagation (the grid keeps showing only the givens).
    pub(in crate::sudoku) fn give(&mut self, cell: usize, digit: u8) {
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

/// The four steps of [`backtrack::Problem`], as the sudoku forwards them.
impl General {
    pub(in crate::sudoku) fn choices(&self) -> Candidates {
        if self.dead {
            return Candidates::NONE;
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
            return Candidates::NONE;
        }
        Candidates::new(best, self.candidates[best])
    }

    pub(in crate::sudoku) fn apply(&mut self, p: Placement) {
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

    pub(in crate::sudoku) fn undo(&mut self, _: Placement) {
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

    pub(in crate::sudoku) fn is_solution(&self) -> bool {
        self.empty == 0 && !self.dead
    }
}
