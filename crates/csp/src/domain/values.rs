//! A domain's values one after the other: a bitset's set bits, a word at a
//! time, or an interval's range.

use super::store::Store;

/// The values of a domain, ascending (see [`Store::values`]).
pub(crate) enum Ascending<'a> {
    Bits {
        words: &'a [u64],
        offset: i64,
        /// The word being read, and what is left of it.
        at: usize,
        word: u64,
    },
    Range(std::ops::RangeInclusive<i64>),
}

impl Iterator for Ascending<'_> {
    type Item = i64;

    fn next(&mut self) -> Option<i64> {
        match self {
            Ascending::Bits {
                words,
                offset,
                at,
                word,
            } => {
                while *word == 0 {
                    *at += 1;
                    *word = *words.get(*at)?;
                }
                let bit = word.trailing_zeros();
                *word &= *word - 1;
                Some(*offset + (*at * 64) as i64 + i64::from(bit))
            }
            Ascending::Range(r) => r.next(),
        }
    }
}

impl Store<'_> {
    /// `v`'s values, ascending: a step per value and per word of a bitset,
    /// a step per value of an interval.
    pub(crate) fn values(&self, v: u32) -> Ascending<'_> {
        if self.is_interval(v) {
            let (lo, hi) = self.interval(v);
            return Ascending::Range(lo..=hi);
        }
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        Ascending::Bits {
            words,
            offset: self.stat.vars[v as usize].offset,
            at: 0,
            word: words[0],
        }
    }

    /// The smallest value of `v` above `value`, if it has one.
    pub(crate) fn next_value(&self, v: u32, value: i64) -> Option<i64> {
        let from = value.checked_add(1)?;
        if self.is_interval(v) {
            let (lo, hi) = self.interval(v);
            return (from <= hi).then_some(from.max(lo));
        }
        let offset = self.stat.vars[v as usize].offset;
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        // The first bit to look at: below the offset is below the domain.
        let bit = (i128::from(from) - i128::from(offset)).max(0);
        if bit >= (words.len() * 64) as i128 {
            return None;
        }
        let bit = bit as usize;
        let mut at = bit / 64;
        let mut word = words[at] & (!0u64 << (bit % 64));
        while word == 0 {
            at += 1;
            word = *words.get(at)?;
        }
        Some(offset + (at * 64) as i64 + i64::from(word.trailing_zeros()))
    }
}

impl Store<'_> {
    /// The values `from..from + 64` of `v`'s domain as a word: bit `k`
    /// set when `from + k` is in it. Two words read for a bitset, two
    /// bounds compared for an interval.
    pub(crate) fn window(&self, v: u32, from: i64) -> u64 {
        let from = i128::from(from);
        if self.is_interval(v) {
            let (lo, hi) = self.interval(v);
            let (lo, hi) = (i128::from(lo).max(from), i128::from(hi).min(from + 63));
            if lo > hi {
                return 0;
            }
            let width = (hi - lo + 1) as u32;
            let ones = if width == 64 { !0 } else { (1u64 << width) - 1 };
            return ones << (lo - from) as u32;
        }
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        let bit = from - i128::from(self.stat.vars[v as usize].offset);
        let (at, shift) = (bit.div_euclid(64), bit.rem_euclid(64) as u32);
        let word = |w: i128| {
            usize::try_from(w)
                .ok()
                .and_then(|w| words.get(w))
                .copied()
                .unwrap_or(0)
        };
        if shift == 0 {
            word(at)
        } else {
            word(at) >> shift | word(at + 1) << (64 - shift)
        }
    }

    /// Word `w` of bitset `v`'s domain (bit `k` is the value `offset + 64 w
    /// + k`).
    #[inline]
    pub(crate) fn word_of(&self, v: u32, w: usize) -> u64 {
        self.st.words[self.span(v).0 + w]
    }

    /// The value of bit 0 of bitset `v`'s words.
    #[inline]
    pub(crate) fn offset_of(&self, v: u32) -> i64 {
        self.stat.vars[v as usize].offset
    }
}
