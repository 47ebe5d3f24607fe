//! The bottom tables: every placement of the region's queens, bucketed by
//! the columns they use, so that the upper search replaces the region's
//! levels by the scan of one bucket.

use std::sync::OnceLock;

use super::constellation::region_max;
use super::geometry::{diag_down, diag_up, window_bit};

/// Binomial coefficients `C(p, t)` for `t <= MAX_REGION`, `p < 32`, for
/// ranking column sets.
const MAX_REGION: usize = 12;
pub(super) const BINOM: [[u32; 32]; MAX_REGION + 1] = {
    let mut b = [[0u32; 32]; MAX_REGION + 1];
    let mut p = 0;
    while p < 32 {
        b[0][p] = 1;
        p += 1;
    }
    let mut t = 1;
    while t <= MAX_REGION {
        let mut p = 1;
        while p < 32 {
            b[t][p] = b[t][p - 1] + b[t - 1][p - 1];
            p += 1;
        }
        t += 1;
    }
    b
};

/// Position of a `k`-element column set in the combinatorial number system:
/// a dense index in `0..C(w, k)`, the sum of `C(c_i, i)` over the set's
/// columns `c_1 < c_2 < ...`. The plain loop; [`rank`] gives the same by
/// table lookups.
#[cfg(test)]
pub(super) fn rank_by_loop(mut set: u32, k: u32) -> usize {
    let mut r = 0;
    for row in &BINOM[1..=k as usize] {
        r += row[set.trailing_zeros() as usize & 31];
        set &= set.wrapping_sub(1);
    }
    r as usize
}

/// `RANK_BYTES[b][before][byte]`: the part of a rank that the columns in
/// byte `b` of a set bring when `before` columns lie below that byte, in
/// the low 28 bits (a rank is below `C(32, 12) < 2^28`), and the columns
/// in the byte in the top 4 (the processors we build for have no
/// population count instruction). Columns past the `MAX_REGION`-th bring
/// nothing: a set that large is never ranked.
static RANK_BYTES: [[[u32; 256]; MAX_REGION + 1]; 4] = {
    let mut t = [[[0u32; 256]; MAX_REGION + 1]; 4];
    let mut b = 0;
    while b < 4 {
        let mut before = 0;
        while before <= MAX_REGION {
            let mut byte = 0;
            while byte < 256 {
                let (mut sum, mut i, mut bit) = (0u32, before, 0);
                let mut ones = 0u32;
                while bit < 8 {
                    if byte & 1 << bit != 0 {
                        i += 1;
                        ones += 1;
                        if i <= MAX_REGION {
                            sum += BINOM[i][8 * b + bit];
                        }
                    }
                    bit += 1;
                }
                t[b][before][byte] = sum | ones << RANK_BITS;
                byte += 1;
            }
            before += 1;
        }
        b += 1;
    }
    t
};

const RANK_BITS: u32 = 28;

/// [`rank_by_loop`] in four lookups, one per byte of the set, whatever `k`.
#[inline(always)]
pub(super) fn rank(set: u32) -> usize {
    let mut r = 0;
    let mut before = 0usize;
    for (b, table) in RANK_BYTES.iter().enumerate() {
        let x = table[before.min(MAX_REGION)][(set >> (8 * b)) as usize & 255];
        r += x & ((1 << RANK_BITS) - 1);
        before += (x >> RANK_BITS) as usize;
    }
    r as usize
}

/// Each count becomes the sum of the counts before it, itself included.
fn prefix_sums(counts: &mut [u32]) {
    for i in 1..counts.len() {
        counts[i] += counts[i - 1];
    }
}

/// Placements of the region, bucketed by column set. An entry packs the
/// diagonals its queens use, projected onto the region's first row: the
/// `\` ones in the low half, the `/` ones in the high half.
pub(super) enum Entries {
    /// Boards up to 18 columns: both halves fit 16 bits.
    Narrow(Vec<u32>),
    /// Wider boards.
    Wide(Vec<u64>),
}

pub(super) struct Table {
    pub(super) k: u32,
    /// Window width `n - 2`.
    width: u32,
    /// Window columns (`n - 2`) as a mask.
    window: u32,
    /// `offsets[rank]..offsets[rank + 1]` are the entries of a column set.
    pub(super) offsets: Vec<u32>,
    pub(super) entries: Entries,
}

impl Table {
    /// The region has `k` rows right above the bottom queen at column
    /// `bottom`; nothing else is on the board.
    pub(super) fn build(n: u32, bottom: u8, k: u32) -> Table {
        Self::build_with(n, bottom, k, n - 2 > 16)
    }

    pub(super) fn build_with(n: u32, bottom: u8, k: u32, wide: bool) -> Table {
        let m = n - 1;
        let w = n - 2;
        let window = (1u32 << w) - 1;
        let first_row = m - k;
        let bq = [(m as u8, bottom)];
        // Attacks of the bottom queen on each region row.
        let masks: Vec<u32> = (first_row..m)
            .map(|r| diag_down(m, &bq, r as u8) | diag_up(m, &bq, r as u8))
            .collect();
        let walk = RegionWalk {
            k,
            window,
            masks: &masks,
            start: window_bit(m, bottom),
        };
        // Bucket by column set, and inside a bucket by the column of the
        // first row's queen, so a query can skip first-row columns that are
        // attacked.
        let slot = |set: u32, first: u32| rank(set) * w as usize + first as usize;
        let buckets = BINOM[k as usize][w as usize] as usize * w as usize;
        let mut offsets = vec![0u32; buckets + 1];
        let entries = if !wide {
            // One walk that notes each placement with its bucket, then a
            // counting sort: the note takes twice the table, for a table
            // of tens of megabytes at most.
            let mut found = Vec::new();
            walk.run(&mut |set, first, (ld, rd)| {
                found.push((slot(set, first) as u64) << 32 | u64::from(ld | rd << 16));
            });
            for &x in &found {
                if let Some(o) = offsets.get_mut((x >> 32) as usize + 1) {
                    *o += 1;
                }
            }
            prefix_sums(&mut offsets);
            let mut fill = offsets.clone();
            let mut e = vec![0u32; found.len()];
            for &x in &found {
                let Some(f) = fill.get_mut((x >> 32) as usize) else {
                    continue;
                };
                if let Some(y) = e.get_mut(*f as usize) {
                    *y = x as u32;
                }
                *f += 1;
            }
            Entries::Narrow(e)
        } else {
            // Two walks (count, then fill) keep the peak memory at the
            // table's own size, up to hundreds of megabytes on wide boards.
            walk.run(&mut |set, first, _| offsets[slot(set, first) + 1] += 1);
            prefix_sums(&mut offsets);
            let mut fill = offsets.clone();
            let mut e = vec![0u64; offsets[buckets] as usize];
            walk.run(&mut |set, first, (ld, rd)| {
                let i = slot(set, first);
                e[fill[i] as usize] = u64::from(ld) | u64::from(rd) << 32;
                fill[i] += 1;
            });
            Entries::Wide(e)
        };
        Table {
            k,
            width: w,
            window,
            offsets,
            entries,
        }
    }

    /// Completions of a placement that filled every row above the region:
    /// `cols`, `ld` and `rd` are the used columns and the attacked squares of
    /// the region's first row.
    pub(super) fn join(&self, cols: u32, ld: u32, rd: u32) -> u64 {
        let probes: &[Probe] = match &self.probe(cols, ld, rd) {
            Some(p) => &[*p],
            None => &[],
        };
        match &self.entries {
            Entries::Narrow(e) => scan(e, probes, |x, q| x & q as u32 == 0),
            Entries::Wide(e) => scan(e, probes, |x, q| x & q == 0),
        }
    }

    /// Completions of the placements that put one more queen on the last
    /// row above the region, on a square of `free`: `cols`, `ld` and `rd`
    /// are as for [`join`](Self::join) without that queen, whose diagonals
    /// reach the region's first row `shift` rows down.
    ///
    /// The same sum as [`join`](Self::join) of each placement, in three
    /// passes: all buckets first, then the first entry of each, then the
    /// rest. The loads of a pass do not wait for each other, so the
    /// processor fetches the buckets' memory side by side. `probes` is room
    /// for the buckets, kept by the caller from one call to the next.
    #[inline(always)]
    pub(super) fn join_row(
        &self,
        (cols, ld, rd): (u32, u32, u32),
        shift: u32,
        free: u32,
        probes: &mut [Probe; 32],
    ) -> u64 {
        let mut count = 0usize;
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if let Some(p) = self.probe(cols | bit, ld | bit << shift, rd | bit >> shift) {
                probes[count & 31] = p;
                count += 1;
            }
        }
        let probes = &probes[..count.min(32)];
        match &self.entries {
            Entries::Narrow(e) => scan(e, probes, |x, q| x & q as u32 == 0),
            Entries::Wide(e) => scan(e, probes, |x, q| x & q == 0),
        }
    }

    /// The bucket of a placement, narrowed to the safe columns of the first
    /// row, if it has any entry.
    #[inline(always)]
    fn probe(&self, cols: u32, ld: u32, rd: u32) -> Option<Probe> {
        let set = self.window & !cols;
        let first = set & !(ld | rd);
        if first == 0 {
            return None;
        }
        let base = rank(set) * self.width as usize;
        let lo_slot = base + first.trailing_zeros() as usize;
        let hi_slot = base + (31 - first.leading_zeros()) as usize + 1;
        let (&lo, &hi) = (self.offsets.get(lo_slot)?, self.offsets.get(hi_slot)?);
        let (ld, rd) = (ld & self.window, rd & self.window);
        let q = match &self.entries {
            Entries::Narrow(_) => u64::from(ld | rd << 16),
            Entries::Wide(_) => u64::from(ld) | u64::from(rd) << 32,
        };
        (lo < hi).then_some(Probe { lo, hi, q })
    }
}

/// A bucket range to scan and the diagonals its entries must miss.
#[derive(Clone, Copy, Default)]
pub(super) struct Probe {
    lo: u32,
    hi: u32,
    q: u64,
}

/// The entries of `probes` that `fits`: the first entry of every probe,
/// then the rest of each.
#[inline(always)]
fn scan<T: Copy>(e: &[T], probes: &[Probe], fits: impl Fn(T, u64) -> bool) -> u64 {
    let mut c = 0u32;
    for p in probes {
        if let Some(&x) = e.get(p.lo as usize) {
            c += u32::from(fits(x, p.q));
        }
    }
    for p in probes {
        for &x in e.get(p.lo as usize + 1..p.hi as usize).unwrap_or(&[]) {
            c += u32::from(fits(x, p.q));
        }
    }
    u64::from(c)
}

/// Knuth's estimate, from `probes` random probes seeded by `seed`, of the
/// table of a region of `k` rows above a bottom queen at column `bottom`:
/// the nodes its walk visits, and its entries.
pub(super) fn estimate_table(n: u32, bottom: u8, k: u32, probes: u32, seed: u64) -> (f64, f64) {
    let m = n - 1;
    let window = (1u32 << (n - 2)) - 1;
    let first_row = m - k;
    let bq = [(m as u8, bottom)];
    let masks: Vec<u32> = (first_row..m)
        .map(|r| diag_down(m, &bq, r as u8) | diag_up(m, &bq, r as u8))
        .collect();
    let mut random = backtrack::Rng::new(seed);
    let (mut nodes, mut leaves) = (0.0, 0.0);
    for _ in 0..probes {
        let (mut cols, mut ld, mut rd) = (window_bit(m, bottom), 0u32, 0u32);
        let mut paths = 1.0f64;
        for &mask in &masks {
            nodes += paths;
            let free = window & !(cols | ld | rd | mask);
            if free == 0 {
                paths = 0.0;
                break;
            }
            let pick = random.below(u64::from(free.count_ones()));
            let mut rest = free;
            for _ in 0..pick {
                rest &= rest - 1;
            }
            let bit = rest & rest.wrapping_neg();
            paths *= f64::from(free.count_ones());
            cols |= bit;
            ld = (ld | bit) << 1;
            rd = (rd | bit) >> 1;
        }
        leaves += paths;
    }
    let probes = f64::from(probes.max(1));
    (nodes / probes, leaves / probes)
}

/// Depth-first enumeration of the region's placements for [`Table::build`].
struct RegionWalk<'a> {
    k: u32,
    window: u32,
    /// The bottom queen's attacks on each region row.
    masks: &'a [u32],
    /// The bottom queen's column bit.
    start: u32,
}

/// The walk's state on one row: what the queens above it use.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Squares of the row still to try.
    free: u32,
    cols: u32,
    ld: u32,
    rd: u32,
    /// Column of the first row's queen.
    first: u32,
    /// The queens' `\` and `/` diagonals projected onto the first row.
    up: (u32, u32),
}

impl RegionWalk<'_> {
    /// Calls `found` on each placement with what it is filed under: its
    /// column set, the column of its first row's queen, and its diagonals
    /// projected onto the first row. An explicit stack of one frame per row,
    /// and a child is entered only if its row has a safe square.
    fn run<F: FnMut(u32, u32, (u32, u32))>(&self, found: &mut F) {
        let k = self.k as usize;
        let Some(&mask0) = self.masks.first() else {
            return;
        };
        let mut frames = [Frame::default(); MAX_REGION];
        frames[0] = Frame {
            free: self.window & !(self.start | mask0),
            cols: self.start,
            ..Frame::default()
        };
        let mut row = 0usize;
        loop {
            let f = frames[row % MAX_REGION];
            if f.free == 0 {
                if row == 0 {
                    return;
                }
                row -= 1;
                continue;
            }
            let bit = f.free & f.free.wrapping_neg();
            frames[row % MAX_REGION].free = f.free ^ bit;
            let cols = f.cols | bit;
            let first = if row == 0 {
                bit.trailing_zeros()
            } else {
                f.first
            };
            let up = (f.up.0 | bit >> row, f.up.1 | bit << row);
            if row + 1 == k {
                found(cols & !self.start, first, (up.0, up.1 & self.window));
                continue;
            }
            let ld = (f.ld | bit) << 1;
            let rd = (f.rd | bit) >> 1;
            let mask = self.masks.get(row + 1).copied().unwrap_or(u32::MAX);
            let free = self.window & !(cols | ld | rd | mask);
            if free != 0 {
                row += 1;
                frames[row % MAX_REGION] = Frame {
                    free,
                    cols,
                    ld,
                    rd,
                    first,
                    up,
                };
            }
        }
    }
}

/// The bottom tables of one n, built on demand and shared between the
/// threads that count it; owned by the [`Split`](crate::Split) of that n and
/// freed with it.
pub(super) struct Tables {
    n: u32,
    kmax: u32,
    /// Indexed by `bottom * (kmax + 1) + k`.
    slots: Vec<OnceLock<Table>>,
}

impl Tables {
    pub(super) fn new(n: u32) -> Tables {
        let kmax = region_max(n);
        let slots = (0..n * (kmax + 1)).map(|_| OnceLock::new()).collect();
        Tables { n, kmax, slots }
    }

    pub(super) fn get(&self, bottom: u8, k: u32) -> &Table {
        let k = k.min(self.kmax);
        let bottom = u32::from(bottom).min(self.n - 1);
        self.slots[(bottom * (self.kmax + 1) + k) as usize]
            .get_or_init(|| Table::build(self.n, bottom as u8, k))
    }
}
