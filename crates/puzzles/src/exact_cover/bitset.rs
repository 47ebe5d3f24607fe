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
//!
//! The counter has a few planes only, so that it stays in registers while
//! the list is filtered, and a mask of the items whose count ran past
//! them. Such an item has more options than any other, so the fewest is
//! found among the others; only when every candidate ran past are the
//! counts taken again in full, from the live list.

/// The most items the bitset representation holds.
pub const MAX_BITSET_ITEMS: usize = 256;

/// A set of items, `W` words: 2 for up to 128 items, 4 for up to 256.
type Mask<const W: usize> = [u64; W];

fn meets<const W: usize>(a: &Mask<W>, b: &Mask<W>) -> bool {
    (0..W).fold(0, |any, w| any | (a[w] & b[w])) != 0
}

/// The planes of a level's counter: counts up to 15 are exact.
const PLANES: usize = 4;

/// The number of live options of every item at one level, exact below
/// `2^PLANES`.
#[derive(Clone, Copy, Debug)]
struct Counter<const W: usize> {
    /// Bit `j` of each item's count, the least significant plane first.
    planes: [Mask<W>; PLANES],
    /// The items whose count reached `2^PLANES`.
    over: Mask<W>,
}

impl<const W: usize> Counter<W> {
    const ZERO: Counter<W> = Counter {
        planes: [[0; W]; PLANES],
        over: [0; W],
    };

    /// Adds one to the counts of the items of `mask`: a ripple carry with
    /// no branch, so that a filter loop around it stays straight.
    #[inline(always)]
    fn add(&mut self, mask: &Mask<W>) {
        for w in 0..W {
            let mut carry = mask[w];
            for plane in &mut self.planes {
                let b = plane[w];
                plane[w] = b ^ carry;
                carry &= b;
            }
            self.over[w] |= carry;
        }
    }
}

/// Adds one to the counters of the items of `mask`, in `planes` enough
/// for every count.
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

/// Of the `candidates`, those with the fewest in the counts `planes`
/// (the least significant first): from the most significant plane down,
/// keep the candidates with a 0 there whenever some have one.
fn fewest<const W: usize>(mut candidates: Mask<W>, planes: &[Mask<W>]) -> Mask<W> {
    for plane in planes.iter().rev() {
        let zeros: Mask<W> = std::array::from_fn(|w| candidates[w] & !plane[w]);
        if zeros != [0; W] {
            candidates = zeros;
        }
    }
    candidates
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
    /// Per level, the number of live options of each item.
    counts: Vec<Counter<W>>,
}

impl<const W: usize> Bits<W> {
    /// `n <= 64 W` items, the first `primaries` of them
    /// primary; option `o` holds the items `entries[starts[o]..starts[o + 1]]`.
    pub(super) fn new(n: usize, primaries: usize, starts: &[u32], entries: &[u32]) -> Bits<W> {
        debug_assert!(n <= 64 * W);
        let options = starts.len().saturating_sub(1);
        let masks: Vec<Mask<W>> = (0..options)
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
        let mut counter = Counter::ZERO;
        for mask in &masks {
            counter.add(mask);
        }
        Bits {
            masks,
            primary,
            covered: [0; W],
            live: (0..options as u32).collect(),
            levels: vec![0],
            counts: vec![counter],
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
        let candidates: Mask<W> = std::array::from_fn(|w| self.primary[w] & !self.covered[w]);
        if candidates == [0; W] {
            return None;
        }
        let counter = self.counts.last()?;
        let exact: Mask<W> = std::array::from_fn(|w| candidates[w] & !counter.over[w]);
        let fewest = if exact != [0; W] {
            fewest(exact, &counter.planes)
        } else {
            // Every candidate has more options than the counter holds:
            // count them again, with planes enough.
            let live = self.current();
            let planes = (usize::BITS - live.len().leading_zeros()) as usize;
            let mut counts = vec![[0; W]; planes];
            for &o in live {
                add(&mut counts, &self.masks[o as usize]);
            }
            fewest(candidates, &counts)
        };
        let w = fewest.iter().position(|&word| word != 0)?;
        Some(w * 64 + fewest[w].trailing_zeros() as usize)
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
        // Room for every option of the level: each is written at `end`,
        // which moves on only past those that stay live, so the loop has
        // no branch on the outcome of the test.
        self.live.resize(start + (start - from), 0);
        let (before, after) = self.live.split_at_mut(start);
        let mut counter = Counter::ZERO;
        let mut end = 0;
        for &o in &before[from..] {
            let m = self.masks[o as usize];
            let keep = !meets(&m, &mask);
            after[end] = o;
            end += usize::from(keep);
            let select = u64::from(keep).wrapping_neg();
            counter.add(&std::array::from_fn(|w| m[w] & select));
        }
        self.live.truncate(start + end);
        self.levels.push(start as u32);
        self.counts.push(counter);
        for (c, m) in self.covered.iter_mut().zip(mask) {
            *c |= m;
        }
    }

    /// Exactly reverses [`apply`](Self::apply)`(option)`.
    pub(super) fn undo(&mut self, option: usize) {
        let start = self.levels.pop().expect("undo follows an apply");
        self.live.truncate(start as usize);
        self.counts.pop();
        for (c, m) in self.covered.iter_mut().zip(self.masks[option]) {
            *c &= !m;
        }
    }

    pub(super) fn is_solution(&self) -> bool {
        (0..W).all(|w| self.covered[w] & self.primary[w] == self.primary[w])
    }
}
