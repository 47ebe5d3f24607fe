//! The grid of any box size: a candidate bitset per cell, singles
//! propagated in a loop, everything undone from a trail.

mod layout;
mod propagate;

use std::sync::Arc;

use layout::Layout;

/// A grid of any box size and the search's trail over it.
#[derive(Clone)]
pub(super) struct General {
    layout: Arc<Layout>,
    /// 0 for an empty cell, else the digit.
    cells: Vec<u8>,
    /// The candidates of each empty cell (bit `d - 1` for digit `d`); 0 for
    /// a filled cell.
    candidates: Vec<u32>,
    /// The digits placed in each unit: the rows, the columns, the boxes.
    placed: Vec<u32>,
    empty: usize,
    /// Whether propagation found a contradiction: a dead end.
    dead: bool,
    /// The candidate sets changed since the root, with their old values.
    changes: Vec<(u16, u32)>,
    /// The cells filled since the root, in order.
    filled: Vec<u16>,
    /// Per applied placement, the lengths of `changes` and `filled` before
    /// it.
    marks: Vec<(u32, u32)>,
    /// Scratch space for the singles waiting to be filled, kept to reuse
    /// its allocation: empty between calls.
    queue: Vec<(u16, u8)>,
}

impl General {
    /// An empty grid with boxes of `box_size` by `box_size` cells, which
    /// the caller has checked.
    pub(super) fn new(box_size: usize) -> General {
        let layout = Layout::new(box_size);
        let side = layout.side;
        // At most 25 digits: the shift never overflows.
        let full = (1u32 << side) - 1;
        General {
            cells: vec![0; side * side],
            candidates: vec![full; side * side],
            placed: vec![0; 3 * side],
            empty: side * side,
            dead: false,
            changes: Vec::new(),
            filled: Vec::new(),
            marks: Vec::new(),
            queue: Vec::new(),
            layout: Arc::new(layout),
        }
    }

    pub(super) fn box_size(&self) -> usize {
        self.layout.box_size
    }

    pub(super) fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub(super) fn is_full(&self) -> bool {
        self.empty == 0
    }

    /// Whether `digit` is still a candidate of the empty `cell`.
    pub(super) fn allows(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] & 1 << (digit - 1) != 0
    }
}
