//! Where the cells of a grid lie: units and peers, shared by every copy
//! of a puzzle.

/// The units and peers of a grid of one box size.
#[derive(Debug)]
pub(super) struct Layout {
    pub(super) box_size: usize,
    pub(super) side: usize,
    /// The three units of each cell: its row, `side` + its column,
    /// `2 side` + its box.
    pub(super) unit_of: Vec<[u8; 3]>,
    /// The same three units as a bitset (75 units at most).
    pub(super) unit_mask: Vec<u128>,
    /// The cells of each unit: the rows, then the columns, then the boxes,
    /// `side` cells each.
    pub(super) units: Vec<u16>,
    /// The other cells that share a unit with each cell, `peer_count`
    /// per cell.
    pub(super) peers: Vec<u16>,
    pub(super) peer_count: usize,
}

impl Layout {
    pub(super) fn new(box_size: usize) -> Layout {
        let side = box_size * box_size;
        let cells = side * side;
        let unit_of: Vec<[u8; 3]> = (0..cells)
            .map(|c| {
                let (row, col) = (c / side, c % side);
                let boxed = (row / box_size) * box_size + col / box_size;
                [row as u8, (side + col) as u8, (2 * side + boxed) as u8]
            })
            .collect();
        let unit_mask = unit_of
            .iter()
            .map(|units| units.iter().fold(0u128, |mask, &u| mask | 1 << u))
            .collect();
        let mut units = Vec::with_capacity(3 * cells);
        for unit in 0..3 * side {
            units.extend(
                (0..cells)
                    .filter(|&c| unit_of[c][unit / side] as usize == unit)
                    .map(|c| c as u16),
            );
        }
        // A row, a column and a box, less the cell itself and the cells
        // of the box counted in its row or column.
        let peer_count = 3 * (side - 1) - 2 * (box_size - 1);
        let mut peers = Vec::with_capacity(cells * peer_count);
        for c in 0..cells {
            let before = peers.len();
            peers.extend(
                (0..cells)
                    .filter(|&o| o != c && (0..3).any(|k| unit_of[o][k] == unit_of[c][k]))
                    .map(|o| o as u16),
            );
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        Layout {
            box_size,
            side,
            unit_of,
            unit_mask,
            units,
            peers,
            peer_count,
        }
    }

    /// The cells of unit `unit`.
    pub(super) fn unit(&self, unit: usize) -> &[u16] {
        &self.units[unit * self.side..(unit + 1) * self.side]
    }

    /// The peers of `cell`.
    pub(super) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
}
