//! Algorithm X on bitsets, for problems with few items.
//!
//! Every option is a mask of at most 256 items. A state keeps the covered
//! items as one mask and, per level, the options still live (those that
//! share no item with the covered ones) in a list: choosing an option
//! filters the list with one mask test per option, and undoing it drops
//! the level. Where the items are few this beats the pointer chasing of
//! dancing links: the live options sit in one array, read in order.

/// The most items the bitset representation holds.
pub const MAX_BITSET_ITEMS: usize = 256;

type Mask = [u64; 4];

fn bit(item: usize) -> Mask {
    let mut mask = [0; 4];
    mask[item / 64] = 1 << (item % 64);
    mask
}

fn meets(a: &Mask, b: &Mask) -> bool {
    (a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]) != 0
}

/// An exact cover problem as masks, with its state.
#[derive(Clone, Debug)]
pub(super) struct Bits {
    primaries: usize,
    /// The items of each option, as a mask.
    masks: Vec<Mask>,
    /// The items of each option, as a list: option `o` holds
    /// `entries[starts[o]..starts[o + 1]]`.
    starts: Vec<u32>,
    entries: Vec<u8>,
    /// The primary items, all of which a solution covers.
    primary: Mask,
    covered: Mask,
    /// The live options of every level, one level after the other,
    /// ascending within a level.
    live: Vec<u32>,
    /// Where each level starts in `live`; the last is the current state's.
    levels: Vec<u32>,
    /// Per level, the number of live options of each item (`items` per
    /// level): counted while the level is filtered, read by `choose`.
    counts: Vec<u32>,
    items: usize,
}

impl Bits {
    /// `n <= MAX_BITSET_ITEMS` items, the first `primaries` of them
    /// primary; option `o` holds the items `entries[starts[o]..starts[o + 1]]`.
    pub(super) fn new(n: usize, primaries: usize, starts: &[u32], entries: &[u32]) -> Bits {
        debug_assert!(n <= MAX_BITSET_ITEMS);
        let options = starts.len().saturating_sub(1);
        let masks = (0..options)
            .map(|o| {
                entries[starts[o] as usize..starts[o + 1] as usize]
                    .iter()
                    .fold([0; 4], |mut mask, &item| {
                        mask[item as usize / 64] |= 1 << (item % 64);
                        mask
                    })
            })
            .collect();
        let primary = (0..primaries).fold([0; 4], |mut mask, item| {
            mask[item / 64] |= 1 << (item % 64);
            mask
        });
        let mut counts = vec![0; n];
        for &item in entries {
            counts[item as usize] += 1;
        }
        Bits {
            primaries,
            masks,
            starts: starts.to_vec(),
            entries: entries.iter().map(|&item| item as u8).collect(),
            primary,
            covered: [0; 4],
            live: (0..options as u32).collect(),
            levels: vec![0],
            counts,
            items: n,
        }
    }

    fn current(&self) -> &[u32] {
        let start = self.levels.last().copied().unwrap_or_default() as usize;
        &self.live[start..]
    }

    /// The uncovered primary item with the fewest live options, the first
    /// in declaration order on a tie; `None` when every primary item is
    /// covered.
    pub(super) fn choose(&self) -> Option<usize> {
        let counts = &self.counts[self.counts.len() - self.items..];
        let mut best = None;
        let mut fewest = u32::MAX;
        for (item, &count) in counts[..self.primaries].iter().enumerate() {
            if count < fewest && !meets(&self.covered, &bit(item)) {
                fewest = count;
                best = Some(item);
                if count == 0 {
                    break;
                }
            }
        }
        best
    }

    /// The live options that hold `item`, ascending.
    pub(super) fn options_of(&self, item: usize) -> Vec<u32> {
        let (word, bit) = (item / 64, 1u64 << (item % 64));
        self.current()
            .iter()
            .copied()
            .filter(|&o| self.masks[o as usize][word] & bit != 0)
            .collect()
    }

    /// Covers the items of `option`: a new level with the options left.
    pub(super) fn apply(&mut self, option: usize) {
        let mask = self.masks[option];
        let start = self.live.len();
        let from = self.levels.last().copied().unwrap_or_default() as usize;
        let base = self.counts.len();
        self.counts.resize(base + self.items, 0);
        for i in from..start {
            let o = self.live[i] as usize;
            if !meets(&self.masks[o], &mask) {
                self.live.push(o as u32);
                for &item in &self.entries[self.starts[o] as usize..self.starts[o + 1] as usize] {
                    self.counts[base + item as usize] += 1;
                }
            }
        }
        self.levels.push(start as u32);
        for (c, m) in self.covered.iter_mut().zip(mask) {
            *c |= m;
        }
    }

    /// Exactly reverses [`apply`](Self::apply)`(option)`.
    pub(super) fn undo(&mut self, option: usize) {
        let start = self.levels.pop().expect("undo follows an apply");
        self.live.truncate(start as usize);
        self.counts.truncate(self.counts.len() - self.items);
        for (c, m) in self.covered.iter_mut().zip(self.masks[option]) {
            *c &= !m;
        }
    }

    pub(super) fn is_solution(&self) -> bool {
        (0..4).all(|w| self.covered[w] & self.primary[w] == self.primary[w])
    }
}
