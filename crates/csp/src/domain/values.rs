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
