//! Algorithm X on bitsets, for problems with few items.
//!
//! Every option is a mask of at most 256 items. A state keeps the covered
//! items as one mask and, per level, the options still live (those that
//! share no item with the covered ones) in a list: choosing an option
//! filters the list with one mask test per option, and undoing it drops
//! the level. The number of live options of every item is kept as a
//! binary counter in bit planes (plane `j` holds bit `j` of every item's
//! count), updated for all the items of an option at once while the list
//! is filtered; the item with the fewest then falls out of a walk down the
//! planes. Where the items are few this beats the pointer chasing of
//! dancing links: the live options sit in one array, read in order.

/// The most items the bitset representation holds.
pub const MAX_BITSET_ITEMS: usize = 256;

/// A set of items, `W` words: 2 for up to 128 items, 4 for up to 256.
type Mask<const W: usize> = [u64; W];

fn meets<const W: usize>(a: &Mask<W>, b: &Mask<W>) -> bool {
    (0..W).fold(0, |any, w| any | (a[w] & b[w])) != 0
}

/// An exact cover problem as masks, with its state.
#[derive(Clone, Debug)]
pub(super) struct Bits<const W: usize> {
    /// The items of each option, as a mask.
    masks: Vec<Mask<W>>,
    /// The primary items, all of which a solution covers.
    primary: Mask<W>,
    covered: Mask<W>,
    /// The live options of every level, one level after the other,
    /// ascending within a level.
    live: Vec<u32>,
    /// Where each level starts in `live`; the last is the current state's.
    levels: Vec<u32>,
    /// Per level, the number of live options of each item, as a binary
    /// counter in bit planes (`planes` masks per level, the least
    /// significant first): adding an option is a carry through a plane or
    /// two, for all its items at once.
    counts: Vec<Mask<W>>,
    planes: usize,
}

/// Adds one to the counters of the items of `mask`, in `planes`.
fn add<const W: usize>(planes: &mut [Mask<W>], mask: &Mask<W>) {
    let mut carry = *mask;
    for plane in planes {
        let mut any = 0;
        for w in 0..W {
            let b = plane[w];
            plane[w] = b ^ carry[w];
            carry[w] &= b;
            any |= carry[w];
        }
        if any == 0 {
            break;
        }
    }
}

impl<const W: usize> Bits<W> {
    /// `n <= 64 W` items, the first `primaries` of them
    /// primary; option `o` holds the items `entries[starts[o]..starts[o + 1]]`.
    pub(super) fn new(n: usize, primaries: usize, starts: &[u32], entries: &[u32]) -> Bits<W> {
        debug_assert!(n <= 64 * W);
        let options = starts.len().saturating_sub(1);
        let masks = (0..options)
            .map(|o| {
                entries[starts[o] as usize..starts[o + 1] as usize]
                    .iter()
                    .fold([0; W], |mut mask, &item| {
                        mask[item as usize / 64] |= 1 << (item % 64);
                        mask
                    })
            })
            .collect();
        let primary = (0..primaries).fold([0; W], |mut mask, item| {
            mask[item / 64] |= 1 << (item % 64);
            mask
        });
        // Enough planes to count every option.
        let planes = (usize::BITS - options.leading_zeros()) as usize;
        let mut counts = vec![[0; W]; planes];
        for mask in &masks {
            add(&mut counts, mask);
        }
        Bits {
            masks,
            primary,
            covered: [0; W],
            live: (0..options as u32).collect(),
            levels: vec![0],
            counts,
            planes,
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
        let mut candidates: Mask<W> = std::array::from_fn(|w| self.primary[w] & !self.covered[w]);
        if candidates == [0; W] {
            return None;
        }
        // From the most significant plane down, keep the candidates with a
        // 0 there whenever some have one: what is left has the fewest.
        for plane in self.counts[self.counts.len() - self.planes..].iter().rev() {
            let zeros: Mask<W> = std::array::from_fn(|w| candidates[w] & !plane[w]);
            if zeros != [0; W] {
                candidates = zeros;
            }
        }
        let w = candidates.iter().position(|&word| word != 0)?;
        Some(w * 64 + candidates[w].trailing_zeros() as usize)
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
        self.counts.resize(base + self.planes, [0; W]);
        for i in from..start {
            let o = self.live[i];
            let m = self.masks[o as usize];
            if !meets(&m, &mask) {
                self.live.push(o);
                add(&mut self.counts[base..], &m);
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
        self.counts.truncate(self.counts.len() - self.planes);
        for (c, m) in self.covered.iter_mut().zip(self.masks[option]) {
            *c &= !m;
        }
    }

    pub(super) fn is_solution(&self) -> bool {
        (0..W).all(|w| self.covered[w] & self.primary[w] == self.primary[w])
    }
}
