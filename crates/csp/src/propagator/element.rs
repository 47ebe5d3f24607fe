//! `value = array[index]` over an array of constants.

use crate::domain::{Fail, Store};

/// `value = values[index - first]`: `index` counts from `first`.
///
/// Domain consistent on `index` and, when it is a bitset, on `value`: an
/// index stays only while its constant is in `value`'s domain, and a
/// bitset `value` keeps exactly the constants of the remaining indices
/// (an interval `value`, their smallest to largest: an interval holds no
/// holes). An interval `index` loses values at its bounds only. Woken by
/// any change of `index` or `value`. A run takes one pass over the
/// index's values (a bitset's set bits), with no allocation: the masks
/// are the store's scratch words.
#[derive(Clone, Debug)]
pub(crate) struct Element {
    pub(crate) index: u32,
    /// The index of the first constant.
    pub(crate) first: i64,
    /// Not empty.
    pub(crate) values: Box<[i64]>,
    pub(crate) value: u32,
}

impl Element {
    /// The constant of index value `i`, which lies in `first..first + n`.
    #[inline]
    fn at(&self, i: i64) -> i64 {
        self.values[(i as i128 - self.first as i128) as usize]
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let n = self.values.len() as i128;
        let last = (self.first as i128 + n - 1).min(i64::MAX as i128) as i64;
        s.set_min(self.index, self.first)?;
        s.set_max(self.index, last)?;
        if s.is_interval(self.index) {
            return self.bounded_index(s);
        }
        let mut scratch = std::mem::take(&mut s.st.scratch);
        let result = self.listed_index(s, &mut scratch);
        s.st.scratch = scratch;
        result
    }

    /// A bitset index: one pass over its set bits builds the index's
    /// supported bits and, for a bitset `value`, the values used.
    fn listed_index(&self, s: &mut Store<'_>, scratch: &mut Vec<u64>) -> Result<(), Fail> {
        let (start, end) = s.span(self.index);
        let offset = s.stat.vars[self.index as usize].offset;
        let index_words = end - start;
        let listed = !s.is_interval(self.value);
        let value_words = if listed { s.words_of(self.value) } else { 0 };
        scratch.clear();
        scratch.resize(index_words + value_words, 0);
        let (lo, hi) = (s.min(self.value), s.max(self.value));
        let (mut used_lo, mut used_hi) = (i64::MAX, i64::MIN);
        for w in 0..index_words {
            let mut word = s.st.words[start + w];
            while word != 0 {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                // The index's values lie in first..first + n after the
                // narrowing above.
                let v = self.at(offset + (w * 64 + bit) as i64);
                if v < lo || v > hi {
                    continue;
                }
                if listed {
                    match s.bit_of(self.value, v) {
                        Some(b) if s.has_bit(self.value, b as u32) => {
                            scratch[index_words + b / 64] |= 1 << (b % 64);
                        }
                        _ => continue,
                    }
                } else {
                    used_lo = used_lo.min(v);
                    used_hi = used_hi.max(v);
                }
                scratch[w] |= 1 << bit;
            }
        }
        s.intersect(self.index, &scratch[..index_words])?;
        if listed {
            s.intersect(self.value, &scratch[index_words..])?;
        } else {
            if used_lo > used_hi {
                return Err(Fail);
            }
            s.set_min(self.value, used_lo)?;
            s.set_max(self.value, used_hi)?;
        }
        Ok(())
    }

    /// An interval index: its bounds move past the indices whose constant
    /// `value` lacks; `value` keeps the constants' smallest to largest
    /// (a bitset, those in the index's range only).
    fn bounded_index(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let (mut lo, mut hi) = s.interval(self.index);
        while lo <= hi && !s.contains(self.value, self.at(lo)) {
            lo += 1;
        }
        while lo <= hi && !s.contains(self.value, self.at(hi)) {
            hi -= 1;
        }
        if lo > hi {
            return Err(Fail);
        }
        s.set_min(self.index, lo)?;
        s.set_max(self.index, hi)?;
        let pos = |i: i64| (i as i128 - self.first as i128) as usize;
        let range = &self.values[pos(lo)..=pos(hi)];
        let (vlo, vhi) = (s.min(self.value), s.max(self.value));
        let inside = range.iter().copied().filter(|&v| vlo <= v && v <= vhi);
        let (min, max) = inside.fold((i64::MAX, i64::MIN), |(a, b), v| (a.min(v), b.max(v)));
        s.set_min(self.value, min)?;
        s.set_max(self.value, max)?;
        if !s.is_interval(self.value) {
            for v in s.min(self.value)..=s.max(self.value) {
                if s.contains(self.value, v) && !range.contains(&v) {
                    s.remove(self.value, v)?;
                }
            }
        }
        Ok(())
    }
}
