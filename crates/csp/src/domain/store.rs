//! The domains seen by a propagator: reads, and writes that record the old
//! word on the trail. Every read and write works on bitsets and intervals
//! (those of intervals in `interval`), except the word-level ones
//! (`word_at`, `has_bit`, `bit_of`, `set_word_at`, `intersect`), which only
//! the propagators given bitset variables by the model use.

use super::state::{Fail, State, Static, fixed_value};

/// The domains and the trail, seen by a propagator.
pub(crate) struct Store<'a> {
    pub(crate) stat: &'a Static,
    pub(crate) st: &'a mut State,
}

impl Store<'_> {
    #[inline]
    pub(crate) fn span(&self, v: u32) -> (usize, usize) {
        let start = self.stat.vars[v as usize].start as usize;
        (start, start + self.stat.vars[v as usize].len as usize)
    }

    /// Word `w` of the domains (a propagator that knows its variables'
    /// layout reads one-word domains directly).
    #[inline]
    pub(crate) fn word_at(&self, w: u32) -> u64 {
        self.st.words[w as usize]
    }

    /// Whether bit `bit` (relative to the offset) is in `v`'s domain.
    #[inline]
    pub(crate) fn has_bit(&self, v: u32, bit: u32) -> bool {
        let (start, end) = self.span(v);
        let w = start + (bit / 64) as usize;
        w < end && self.st.words[w] >> (bit % 64) & 1 == 1
    }

    /// The bit of `value` in `v`'s domain words, if it is in their range.
    #[inline]
    pub(crate) fn bit_of(&self, v: u32, value: i64) -> Option<usize> {
        let bit = value.checked_sub(self.stat.vars[v as usize].offset)?;
        let (start, end) = self.span(v);
        (0 <= bit && (bit as usize) < (end - start) * 64).then_some(bit as usize)
    }

    /// `var`'s index, if it is a variable of this network.
    pub(crate) fn index_of(&self, var: crate::Var) -> Option<u32> {
        (var.model == self.stat.model && var.index() < self.stat.vars.len()).then_some(var.index)
    }

    /// The number of words of `v`'s domain.
    pub(crate) fn words_of(&self, v: u32) -> usize {
        self.stat.vars[v as usize].len as usize
    }

    /// Whether `v`'s domain holds `value`.
    #[inline]
    pub(crate) fn contains(&self, v: u32, value: i64) -> bool {
        if self.is_interval(v) {
            let (lo, hi) = self.interval(v);
            return lo <= value && value <= hi;
        }
        self.bit_of(v, value)
            .is_some_and(|bit| self.has_bit(v, bit as u32))
    }

    /// The number of values in `v`'s domain (`u64::MAX` for an interval
    /// of every `i64`, one more than that).
    pub(crate) fn size(&self, v: u32) -> u64 {
        if self.is_interval(v) {
            return self.interval_size(v);
        }
        let (start, end) = self.span(v);
        self.st.words[start..end]
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum()
    }

    #[inline]
    pub(crate) fn fixed_value(&self, v: u32) -> Option<i64> {
        fixed_value(self.stat, &self.st.words, v)
    }

    /// The smallest value of a non-empty domain.
    #[inline]
    pub(crate) fn min(&self, v: u32) -> i64 {
        if self.is_interval(v) {
            return self.interval(v).0;
        }
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        let i = words.iter().position(|&w| w != 0).unwrap_or(0);
        self.stat.vars[v as usize].offset + (i * 64) as i64 + words[i].trailing_zeros() as i64
    }

    /// The largest value of a non-empty domain.
    #[inline]
    pub(crate) fn max(&self, v: u32) -> i64 {
        if self.is_interval(v) {
            return self.interval(v).1;
        }
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        let i = words.iter().rposition(|&w| w != 0).unwrap_or(0);
        // The bit's place first: the offset plus the last word's top bit may
        // pass i64::MAX where the value itself does not.
        self.stat.vars[v as usize].offset + ((i * 64 + 63) as i64 - words[i].leading_zeros() as i64)
    }

    /// Writes a word, recording the old one on the trail (unless the
    /// choice saved a copy of the domains).
    #[inline]
    pub(crate) fn write(&mut self, w: usize, new: u64) {
        if !self.stat.copies {
            self.st.trail.push((w as u32, self.st.words[w]));
            if self.stat.learn {
                let var = self.stat.word_var.get(w).copied().unwrap_or(super::NONE);
                self.st.trace.record(var, w, new, self.st.marks.len());
            }
        }
        self.st.words[w] = new;
    }

    /// Replaces `v`'s one-word domain, word `w`.
    pub(crate) fn set_word_at(&mut self, v: u32, w: u32, new: u64) -> Result<(), Fail> {
        let w = w as usize;
        let old = self.st.words[w];
        if old != new {
            self.write(w, new);
            self.touched(v)?;
            let lowest = |x: u64| x & x.wrapping_neg();
            if self.bounds_watched(v)
                && (lowest(old) != lowest(new) || old.leading_zeros() != new.leading_zeros())
            {
                self.schedule_bounds(v);
            }
        }
        Ok(())
    }

    /// `v`'s bounds, if a propagator watches them (to compare after a
    /// change): the test inlined, the reading not.
    #[inline(always)]
    fn watched_bounds(&self, v: u32) -> Option<(i64, i64)> {
        if self.bounds_watched(v) {
            Some(self.bounds(v))
        } else {
            None
        }
    }

    #[inline(never)]
    fn bounds(&self, v: u32) -> (i64, i64) {
        (self.min(v), self.max(v))
    }

    /// Schedules the bounds watchers of `v` if its bounds are no longer
    /// `before`.
    #[inline(always)]
    fn after(&mut self, v: u32, before: Option<(i64, i64)>) {
        if let Some(before) = before
            && before != self.bounds(v)
        {
            self.schedule_bounds(v);
        }
    }

    /// Removes `value` from `v`'s domain. Most calls find it gone already:
    /// that test is inlined, the change is not.
    #[inline(always)]
    pub(crate) fn remove(&mut self, v: u32, value: i64) -> Result<(), Fail> {
        if let Some(bit) = self.bit_of(v, value) {
            let w = self.stat.vars[v as usize].start as usize + bit / 64;
            if self.st.words[w] >> (bit % 64) & 1 == 1 {
                return self.clear_bit(v, w, bit % 64);
            }
        } else if self.is_interval(v) {
            return self.remove_from_interval(v, value);
        }
        Ok(())
    }

    /// Removes bit `bit` of word `w`, which `v`'s domain holds.
    #[inline(never)]
    pub(crate) fn clear_bit(&mut self, v: u32, w: usize, bit: usize) -> Result<(), Fail> {
        let old = self.st.words[w];
        self.write(w, old & !(1 << bit));
        self.touched(v)?;
        if self.bounds_watched(v) && self.was_a_bound(v, w, old, bit) {
            self.schedule_bounds(v);
        }
        Ok(())
    }

    /// Whether bit `bit` of word `w`, which held `old`, was the smallest
    /// or the largest value of `v`'s domain: the bounds move exactly when
    /// one of them leaves a domain that is not empty.
    #[inline]
    fn was_a_bound(&self, v: u32, w: usize, old: u64, bit: usize) -> bool {
        let (start, end) = self.span(v);
        let lowest =
            old & ((1u64 << bit) - 1) == 0 && self.st.words[start..w].iter().all(|&x| x == 0);
        let highest = old >> bit == 1 && self.st.words[w + 1..end].iter().all(|&x| x == 0);
        lowest || highest
    }

    /// Narrows `v`'s domain to the words of `mask` (its first words); an
    /// interval has no words and stays as it is.
    pub(crate) fn intersect(&mut self, v: u32, mask: &[u64]) -> Result<bool, Fail> {
        let before = self.watched_bounds(v);
        let (start, end) = self.span(v);
        let mut changed = false;
        for (w, &m) in (start..end).zip(mask) {
            let old = self.st.words[w];
            if old & m != old {
                self.write(w, old & m);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
            self.after(v, before);
        }
        Ok(changed)
    }

    /// Removes the values below `lo`; says whether the domain changed.
    pub(crate) fn set_min(&mut self, v: u32, lo: i64) -> Result<bool, Fail> {
        if self.is_interval(v) {
            return self.narrow_interval(v, lo, i64::MAX);
        }
        let (start, end) = self.span(v);
        let offset = self.stat.vars[v as usize].offset;
        if lo <= offset {
            return Ok(false);
        }
        // lo > offset, so the difference is positive; it may not fit.
        let cut = (lo as i128 - offset as i128).min(((end - start) * 64) as i128) as usize;
        let mut changed = false;
        for (i, w) in (start..end).enumerate() {
            let keep = if (i + 1) * 64 <= cut {
                0
            } else if i * 64 >= cut {
                break;
            } else {
                !0u64 << (cut - i * 64)
            };
            let old = self.st.words[w];
            if old & keep != old {
                self.write(w, old & keep);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
            self.schedule_bounds(v);
        }
        Ok(changed)
    }

    /// Removes the values above `hi`; says whether the domain changed.
    pub(crate) fn set_max(&mut self, v: u32, hi: i64) -> Result<bool, Fail> {
        if self.is_interval(v) {
            return self.narrow_interval(v, i64::MIN, hi);
        }
        let (start, end) = self.span(v);
        let offset = self.stat.vars[v as usize].offset;
        if hi < offset {
            // Nothing stays.
            let mut changed = false;
            for w in start..end {
                if self.st.words[w] != 0 {
                    self.write(w, 0);
                    changed = true;
                }
            }
            if changed {
                self.touched(v)?;
            }
            return Ok(changed);
        }
        // Bits 0..keep stay.
        let keep = (hi as i128 - offset as i128 + 1).min(((end - start) * 64) as i128) as usize;
        let mut changed = false;
        for (i, w) in (start..end).enumerate() {
            let mask = if (i + 1) * 64 <= keep {
                continue;
            } else if i * 64 >= keep {
                0
            } else {
                (1u64 << (keep - i * 64)) - 1
            };
            let old = self.st.words[w];
            if old & mask != old {
                self.write(w, old & mask);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
            self.schedule_bounds(v);
        }
        Ok(changed)
    }

    /// Fixes `v` to `value`, failing if the domain does not hold it.
    pub(crate) fn assign(&mut self, v: u32, value: i64) -> Result<(), Fail> {
        if self.is_interval(v) {
            if !self.contains(v, value) {
                return Err(Fail);
            }
            return self.narrow_interval(v, value, value).map(drop);
        }
        let bit = self.bit_of(v, value).ok_or(Fail)?;
        let (start, end) = self.span(v);
        if self.st.words[start + bit / 64] >> (bit % 64) & 1 == 0 {
            return Err(Fail);
        }
        let mut changed = false;
        for (i, w) in (start..end).enumerate() {
            let new = if i == bit / 64 { 1 << (bit % 64) } else { 0 };
            if self.st.words[w] != new {
                self.write(w, new);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
            self.schedule_bounds(v);
        }
        Ok(())
    }
}
