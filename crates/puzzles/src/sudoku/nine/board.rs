//! The 9x9 grid as bitboards: for each digit and each band (three rows),
//! the cells where the digit can still go, and the propagation on them.

use super::table::{COLUMN, PEERS, POINTING, ROW, ROW_BOXES, ROWS, SUPPORT};

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// A 9x9 grid during the search: small, so each level of the search keeps
/// its own copy.
///
/// Cell `27 * band + 9 * row + column` is bit `9 * row + column` of its
/// band's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    /// At [`word`]`(digit - 1, band)`, the cells of the band where the
    /// digit can go, the one where it is placed included; 0 in the slots
    /// past the ninth digit of each band.
    places: [u32; 48],
    /// The empty cells of each band.
    empty: [u32; 3],
    /// The words of `places` changed since they were last reduced: one
    /// bit per index.
    dirty: u64,
    /// The digits whose words changed since their columns were last
    /// looked at: one bit per digit, from 0.
    touched: u16,
    /// Whether propagation found a contradiction: a dead end.
    dead: bool,
    /// 0 for an empty cell, else the digit.
    cells: [u8; 81],
}

/// The index in [`Board::places`] of digit `d` (from 0) in `band`: the
/// nine words of a band side by side, so that a pass over them is a few
/// vector operations, and the bands a power of two apart, so that a dirty
/// bit splits into both cheaply.
#[inline(always)]
fn word(d: usize, band: usize) -> usize {
    16 * band + d
}

/// The indices of word `i`'s digit in the two other bands.
#[inline(always)]
fn other_bands(i: usize) -> [usize; 2] {
    let next = if i >= word(0, 2) {
        i - word(0, 2)
    } else {
        i + word(0, 1)
    };
    let last = if i >= word(0, 1) {
        i - word(0, 1)
    } else {
        i + word(0, 2)
    };
    [next, last]
}

impl Board {
    /// The empty grid.
    pub(super) fn new() -> Board {
        Board {
            places: std::array::from_fn(|i| if i % 16 < 9 { BAND } else { 0 }),
            empty: [BAND; 3],
            dirty: 0,
            touched: 0x1ff,
            dead: false,
            cells: [0; 81],
        }
    }

    pub(super) fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    pub(super) fn is_full(&self) -> bool {
        self.empty == [0; 3]
    }

    pub(super) fn is_dead(&self) -> bool {
        self.dead
    }

    /// Whether propagation is still owed: only after givens.
    pub(super) fn is_settled(&self) -> bool {
        self.dirty == 0
    }

    /// The digits that can still go in `cell`, as a bitset (bit `d - 1`
    /// for digit `d`).
    pub(super) fn candidates(&self, cell: usize) -> u32 {
        let (band, bit) = (cell / 27, 1 << (cell % 27));
        (0..9).fold(0, |digits, d| {
            digits | u32::from(self.places[word(d, band)] & bit != 0) << d
        })
    }

    /// The empty cells of `band` with exactly two candidates.
    pub(super) fn pairs(&self, band: usize) -> u32 {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for d in 0..9 {
            let here = self.places[word(d, band)];
            thrice |= twice & here;
            twice |= once & here;
            once |= here;
        }
        self.empty[band] & twice & !thrice
    }

    /// Writes `digit` into the empty `cell` and takes it from the cell's
    /// peers, without propagating: for the givens, which must not
    /// conflict.
    pub(super) fn give(&mut self, cell: usize, digit: u8) {
        let (band, at) = (cell / 27, cell % 27);
        let d = usize::from(digit - 1);
        let mut dirty = self.dirty;
        self.restrict(&mut dirty, word(d, band), !PEERS[at]);
        self.place(&mut dirty, d, band, 1 << at);
        for other in 0..3 {
            if other != band {
                self.restrict(&mut dirty, word(d, other), !COLUMN[at]);
            }
        }
        self.dirty = dirty;
    }

    /// The grid with the givens of `digits` (0 for an empty cell, else
    /// the digit), as [`give`](Board::give) one after the other makes
    /// it, in one pass over the cells and one over the words; `None` if
    /// two givens conflict.
    pub(super) fn with_givens(digits: &[u8; 81]) -> Option<Board> {
        let mut board = Board::new();
        let mut given = [0u32; 3];
        let mut own = [[0u32; 3]; 9];
        for (cell, &digit) in digits.iter().enumerate() {
            if digit != 0 {
                let bit = 1 << (cell % 27);
                given[cell / 27] |= bit;
                own[usize::from(digit - 1)][cell / 27] |= bit;
            }
        }
        let mut dirty = 0;
        for (d, mine) in own.iter().enumerate() {
            let columns = mine.map(|x| (x | x >> 9 | x >> 18) & ROW);
            for band in 0..3 {
                let mut keep = BAND & !(given[band] & !mine[band]);
                let mut rest = mine[band];
                while rest != 0 {
                    keep &= !PEERS[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                for (other, &columns) in columns.iter().enumerate() {
                    if other != band {
                        keep &= !(columns * COLUMN[0]);
                    }
                }
                if mine[band] & !keep != 0 {
                    return None;
                }
                let i = word(d, band);
                board.places[i] = keep;
                dirty |= u64::from(keep != BAND) << i;
            }
        }
        board.empty = given.map(|g| BAND & !g);
        board.dirty = dirty;
        board.cells = *digits;
        Some(board)
    }

    /// Whether `digit` is still a candidate of the empty `cell`.
    pub(super) fn allows(&self, cell: usize, digit: u8) -> bool {
        let band = cell / 27;
        self.places[word(usize::from(digit - 1), band)] & 1 << (cell % 27) != 0
    }

    /// Puts `digit` in `cell` and propagates; a conflict leaves the board
    /// dead.
    pub(super) fn play(&mut self, cell: usize, digit: u8) {
        if self.dead {
            return;
        }
        match self.cells[cell] {
            0 if self.allows(cell, digit) => {
                // The digit's row in the band is cut down to the cell:
                // reducing the band places it.
                let (band, at) = (cell / 27, cell % 27);
                let i = word(usize::from(digit - 1), band);
                let mut dirty = self.dirty;
                self.restrict(&mut dirty, i, !(ROW << (at / 9 * 9)) | 1 << at);
                self.dirty = dirty;
                self.propagate();
            }
            placed if placed == digit => self.propagate(),
            _ => self.dead = true,
        }
    }

    /// Keeps the cells of `mask` in word `i` of `places`, marking it in
    /// `dirty` if that changes it.
    ///
    /// The dirty bits are a local of the caller's while it works (kept
    /// in a register, not stored back to the board at every step), and
    /// written back once.
    #[inline(always)]
    fn restrict(&mut self, dirty: &mut u64, i: usize, mask: u32) {
        let before = self.places[i];
        let after = before & mask;
        self.places[i] = after;
        *dirty |= u64::from(after != before) << i;
    }

    /// Records digit `d` (from 0) in `cells` of `band`, at most one per
    /// row, where its band word has already been cut down to them: the
    /// cells leave the other digits. All the cells found in one word go
    /// at once: one pass over the band's nine words, not one per cell.
    /// Their columns leave the digit's other bands when the word is
    /// reduced, as the columns of every box left with one.
    #[inline(always)]
    fn place(&mut self, dirty: &mut u64, d: usize, band: usize, cells: u32) {
        self.empty[band] &= !cells;
        let mut rest = cells;
        while rest != 0 {
            self.cells[27 * band + rest.trailing_zeros() as usize] = d as u8 + 1;
            rest &= rest - 1;
        }
        // Every digit's word loses the cells, then the digit's own gets
        // them back: no branch on the digit. The words that changed are
        // gathered as digits and moved to their dirty bits once.
        let mut had = 0;
        for e in 0..9 {
            let i = word(e, band);
            let before = self.places[i];
            let after = before & !cells;
            self.places[i] = after;
            had |= u64::from(after != before) << e;
        }
        let own = word(d, band);
        self.places[own] |= cells;
        *dirty |= (had & !(1 << d)) << word(0, band);
    }

    /// Reduces word `i` of `places` (digit `i % 16`, band `i / 16`) to the
    /// entries of its rows-by-boxes matrix that lie on a permutation,
    /// takes from the digit's other bands each column that a box of this
    /// one is left with, and places the digit in each of its rows left
    /// with one empty cell.
    /// `false` on a contradiction.
    #[inline(always)]
    fn reduce(&mut self, dirty: &mut u64, i: usize) -> bool {
        let word = self.places[i];
        let boxes = |w: u32| ROW_BOXES[(w & ROW) as usize] as usize;
        let matrix = boxes(word) & 7 | (boxes(word >> 9) & 7) << 3 | (boxes(word >> 18) & 7) << 6;
        let word = word & SUPPORT[matrix];
        if word == 0 {
            return false;
        }
        self.places[i] = word;
        let (d, band) = (i % 16, i / 16);
        let keep = POINTING[((word | word >> 9 | word >> 18) & ROW) as usize];
        let [j, k] = other_bands(i);
        self.restrict(dirty, j, keep);
        self.restrict(dirty, k, keep);
        // A row where the digit is placed has no empty cell left in it.
        let open = word & self.empty[band];
        let single = |r: usize| boxes(open >> (9 * r)) >> 3 << r;
        let rows = single(0) | single(1) | single(2);
        if rows != 0 {
            self.place(dirty, d, band, open & ROWS[rows]);
        }
        true
    }

    /// Reduces the dirty words and places the naked singles (a cell with
    /// one candidate) until nothing changes. A cell without candidates
    /// or a band word without a permutation kills the board.
    pub(super) fn propagate(&mut self) {
        let mut dirty = self.dirty;
        let mut touched = self.touched;
        self.settle(&mut dirty, &mut touched);
        self.dirty = dirty;
        self.touched = touched;
    }

    /// [`propagate`](Board::propagate) on the dirty bits and the touched
    /// digits as locals.
    #[inline(always)]
    fn settle(&mut self, dirty: &mut u64, touched: &mut u16) {
        loop {
            // The words reduced since the last look for naked singles: a
            // band none of whose words changed has none (it had none
            // then), so only the others are looked at.
            let mut reduced = 0u64;
            while *dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                *dirty &= *dirty - 1;
                reduced |= 1 << i;
                if !self.reduce(dirty, i) {
                    self.dead = true;
                    return;
                }
            }
            if self.dead {
                return;
            }
            *touched |= (reduced | reduced >> 16 | reduced >> 32) as u16 & 0x1ff;
            for band in 0..3 {
                let empty = self.empty[band];
                if empty == 0 || reduced >> word(0, band) & 0x1ff == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0, 0);
                for d in 0..9 {
                    let here = self.places[word(d, band)];
                    twice |= once & here;
                    once |= here;
                }
                if empty & !once != 0 {
                    self.dead = true;
                    return;
                }
                let mut singles = empty & !twice;
                while singles != 0 {
                    let at = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    // Another single of the same digit may have taken
                    // this one's last candidate.
                    let Some(d) = (0..9).find(|&d| self.places[word(d, band)] >> at & 1 != 0)
                    else {
                        self.dead = true;
                        return;
                    };
                    // The digit's row in the band is cut down to the cell.
                    self.restrict(dirty, word(d, band), !(ROW << (at / 9 * 9)) | 1 << at);
                }
            }
            if *dirty == 0 && !self.columns(dirty, touched) {
                return;
            }
        }
    }

    /// Looks for a digit left with one place in a column: cuts its row in
    /// the band down to that cell, making the word dirty. `false` if there
    /// is none. A column with no place for a digit kills the board.
    ///
    /// Only the digits touched since the last look: every change to a
    /// word makes it dirty, and every dirty word is reduced first. Two
    /// digits at a time, one in each half of a `u64`.
    fn columns(&mut self, dirty: &mut u64, touched: &mut u16) -> bool {
        // The rows of a band word, each moved to the low nine bits of
        // its half.
        const ROWS2: u64 = ROW as u64 | (ROW as u64) << 32;
        let mut digits = std::mem::take(touched);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // The second digit of the pair, or the first again.
            let e = if digits == 0 {
                d
            } else {
                digits.trailing_zeros() as usize
            };
            digits &= digits.wrapping_sub(1);
            let (mut once, mut twice, mut done) = (0u64, 0u64, 0u64);
            for band in 0..3 {
                let w = u64::from(self.places[word(d, band)])
                    | u64::from(self.places[word(e, band)]) << 32;
                let (a, b, c) = (w & ROWS2, w >> 9 & ROWS2, w >> 18 & ROWS2);
                twice |= once & (a | b | c) | a & b | a & c | b & c;
                once |= a | b | c;
                let p = w & !(u64::from(self.empty[band]) * (1 | 1 << 32));
                done |= p | p >> 9 | p >> 18;
            }
            if once != ROWS2 {
                self.dead = true;
                return true;
            }
            let singles = ROWS2 & !twice & !done;
            self.column_singles(dirty, d, singles as u32);
            if e != d {
                self.column_singles(dirty, e, (singles >> 32) as u32);
            }
        }
        *dirty != 0
    }

    /// Places digit `d` (from 0) in each column of `singles`, where it has
    /// one cell left: cuts the cell's row in its band down to it.
    #[inline(always)]
    fn column_singles(&mut self, dirty: &mut u64, d: usize, mut singles: u32) {
        while singles != 0 {
            let col = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            for band in 0..3 {
                let i = word(d, band);
                let cell = self.places[i] & COLUMN[col];
                if cell != 0 {
                    let at = cell.trailing_zeros() as usize;
                    self.restrict(dirty, i, !(ROW << (at / 9 * 9)) | 1 << at);
                }
            }
        }
    }
}

// Copied at every step of the search: keep it small.
const _: () = assert!(std::mem::size_of::<Board>() <= 320);
