//! Constraints between arrays of variables: `element` over variables,
//! `inverse` and `lex_lesseq`.

use crate::domain::{Fail, Store};

/// `value = array[index - first]`: `index` counts from `first`.
///
/// Domain consistent on `index` and, when it is a bitset, on `value`: an
/// index stays only while its entry shares a value with `value`, `value`
/// keeps the values some remaining entry has (an interval `value`, their
/// bounds), and once `index` is fixed its entry and `value` are narrowed
/// to each other (an interval on either side, to the other's bounds).
/// Woken by any change of any of its variables.
#[derive(Clone, Debug)]
pub(crate) struct ElementVar {
    pub(crate) index: u32,
    /// The index of the first entry.
    pub(crate) first: i64,
    /// Not empty.
    pub(crate) array: Box<[u32]>,
    pub(crate) value: u32,
}

/// `f[i] = j` exactly when `g[j] = i`, positions counted from `f_first`
/// in `f` and `g_first` in `g`: `f`'s values are positions of `g`, and
/// `g`'s of `f`.
#[derive(Clone, Debug)]
pub(crate) struct Inverse {
    pub(crate) f: Box<[u32]>,
    pub(crate) g: Box<[u32]>,
    /// The position of `f`'s first variable, as `g`'s values name it.
    pub(crate) f_first: i64,
    /// The position of `g`'s first variable, as `f`'s values name it.
    pub(crate) g_first: i64,
}

/// `xs <= ys` in lexicographic order (equal lengths).
#[derive(Clone, Debug)]
pub(crate) struct Lex {
    pub(crate) xs: Box<[u32]>,
    /// As long as `xs`.
    pub(crate) ys: Box<[u32]>,
    /// `xs < ys`: equal lists fail.
    pub(crate) strict: bool,
}

/// Whether the domains of `a` and `b` share a value. The values between
/// their common bounds are looked at only when one is a bitset, which
/// spans at most `MAX_DOMAIN` values; two intervals meet on their common
/// bounds.
fn meet(s: &Store<'_>, a: u32, b: u32) -> bool {
    let (lo, hi) = (s.min(a).max(s.min(b)), s.max(a).min(s.max(b)));
    lo <= hi
        && ((s.is_interval(a) && s.is_interval(b))
            || (lo..=hi).any(|v| s.contains(a, v) && s.contains(b, v)))
}

/// Removes from `a` the values `b` lacks (for an interval `a`, those
/// outside `b`'s bounds).
fn within(s: &mut Store<'_>, a: u32, b: u32) -> Result<(), Fail> {
    if s.is_interval(a) {
        s.set_min(a, s.min(b))?;
        s.set_max(a, s.max(b))?;
        return Ok(());
    }
    for v in s.min(a)..=s.max(a) {
        if s.contains(a, v) && !s.contains(b, v) {
            s.remove(a, v)?;
        }
    }
    Ok(())
}

impl ElementVar {
    /// The entry of index value `i`, which lies in `first..first + n`.
    #[inline]
    fn entry(&self, i: i64) -> u32 {
        self.array[(i as i128 - self.first as i128) as usize]
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let n = self.array.len() as i128;
        let last = (self.first as i128 + n - 1).min(i64::MAX as i128) as i64;
        s.set_min(self.index, self.first)?;
        s.set_max(self.index, last)?;
        if s.is_interval(self.value) {
            self.bounded_value(s)?;
        } else {
            let mut scratch = std::mem::take(&mut s.st.scratch);
            let result = self.listed_value(s, &mut scratch);
            s.st.scratch = scratch;
            result?;
        }
        if let Some(i) = s.fixed_value(self.index) {
            let entry = self.entry(i);
            within(s, entry, self.value)?;
            within(s, self.value, entry)?;
        }
        Ok(())
    }

    /// A bitset `value`: one pass over the index's values removes those
    /// whose entry shares no value with `value` and collects the values
    /// the others share, as a mask of `value`'s words, a word at a time.
    fn listed_value(&self, s: &mut Store<'_>, scratch: &mut Vec<u64>) -> Result<(), Fail> {
        scratch.clear();
        scratch.resize(s.words_of(self.value), 0);
        let (zlo, zhi, offset) = (
            s.min(self.value),
            s.max(self.value),
            s.offset_of(self.value),
        );
        for i in s.min(self.index)..=s.max(self.index) {
            if !s.contains(self.index, i) {
                continue;
            }
            let e = self.entry(i);
            let (lo, hi) = (s.min(e).max(zlo), s.max(e).min(zhi));
            let mut shared = false;
            if lo <= hi {
                // The words of `value` that hold lo and hi: both values
                // are in its span, so the words' first values fit in i64.
                let (first, last) = ((lo - offset) as usize / 64, (hi - offset) as usize / 64);
                for (w, mask) in scratch.iter_mut().enumerate().take(last + 1).skip(first) {
                    let both = s.word_of(self.value, w) & s.window(e, offset + 64 * w as i64);
                    *mask |= both;
                    shared |= both != 0;
                }
            }
            if !shared {
                s.remove(self.index, i)?;
            }
        }
        s.intersect(self.value, scratch).map(drop)
    }

    /// An interval `value`: an index goes when its entry misses `value`'s
    /// bounds (or, a bitset entry, every value between them); `value`
    /// keeps the entries' smallest to largest.
    fn bounded_value(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        for i in s.min(self.index)..=s.max(self.index) {
            if s.contains(self.index, i) && !meet(s, self.entry(i), self.value) {
                s.remove(self.index, i)?;
            }
        }
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for i in s.min(self.index)..=s.max(self.index) {
            if s.contains(self.index, i) {
                let e = self.entry(i);
                lo = lo.min(s.min(e));
                hi = hi.max(s.max(e));
            }
        }
        if lo > hi {
            return Err(Fail);
        }
        s.set_min(self.value, lo)?;
        s.set_max(self.value, hi)?;
        Ok(())
    }
}

impl Inverse {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        Self::side(s, &self.f, self.f_first, &self.g, self.g_first)?;
        Self::side(s, &self.g, self.g_first, &self.f, self.f_first)
    }

    /// `a[i]` keeps `j` only while `b[j]` can be `i` (positions from
    /// `a_first` and `b_first`). The model checked that every position
    /// fits in `i64`.
    fn side(
        s: &mut Store<'_>,
        a: &[u32],
        a_first: i64,
        b: &[u32],
        b_first: i64,
    ) -> Result<(), Fail> {
        let last = b_first + (b.len() as i64 - 1);
        for (i, &x) in a.iter().enumerate() {
            s.set_min(x, b_first)?;
            s.set_max(x, last)?;
            let me = a_first + i as i64;
            for j in s.min(x)..=s.max(x) {
                if s.contains(x, j) && !s.contains(b[(j - b_first) as usize], me) {
                    s.remove(x, j)?;
                }
            }
        }
        Ok(())
    }
}

impl Lex {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let last = self.xs.len().wrapping_sub(1);
        for (i, (&x, &y)) in self.xs.iter().zip(self.ys.iter()).enumerate() {
            // Before the first position not surely equal, x <= y there;
            // at the last one, x < y when strict.
            let gap = i64::from(self.strict && i == last);
            s.set_max(x, s.max(y).saturating_sub(gap))?;
            s.set_min(y, s.min(x).saturating_add(gap))?;
            let equal =
                matches!((s.fixed_value(x), s.fixed_value(y)), (Some(a), Some(b)) if a == b);
            if !equal {
                return Ok(());
            }
        }
        // Every position equal: only `<=` allows that.
        if self.strict { Err(Fail) } else { Ok(()) }
    }
}
