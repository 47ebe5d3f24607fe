//! `among`: how many variables take a value of a set (`count` for a set of
//! one value), bounds on the count and the values both ways.
//!
//! From scratch: `sure` variables have every value in the set, `possible`
//! ones at least one. The count lies in `sure..=possible`; when its largest
//! allowed value is `sure`, the undecided variables lose the set's values;
//! when its smallest is `possible`, they lose the others.
//!
//! Consistency: bounds consistency on the count (its bounds become exactly
//! `sure` and `possible`), and on the variables the domain pruning of the
//! two rules above, which is domain consistency of the constraint for a
//! fixed count. It is scheduled on any change of a domain of its variables
//! or of the count (a value inside a domain may be the counted one).
//!
//! One value (`count`, and each value of `global_cardinality`) has its own
//! loop: one read of each variable's membership of the value, and whether it
//! is fixed, per pass; no allocation; O(n) for n variables per pass. It runs
//! to its own fixpoint (a count that is one of the variables may need a
//! second pass after its bounds move), so its own changes do not wake it.

use crate::domain::{Fail, Store, interval};

/// The number of `vars` taking a value of `values` is `count`.
#[derive(Clone, Debug)]
pub(crate) struct Among {
    pub(crate) vars: Box<[u32]>,
    /// Ascending, each once.
    pub(crate) values: Box<[i64]>,
    pub(crate) count: u32,
    /// Whether `count` is one of `vars`.
    pub(crate) counted: bool,
}

impl Among {
    /// How many of `v`'s values are in the set.
    fn inside(&self, s: &Store<'_>, v: u32) -> u64 {
        match *self.values {
            [value] => u64::from(s.contains(v, value)),
            _ => {
                let (lo, hi) = (s.min(v), s.max(v));
                let from = self.values.partition_point(|&x| x < lo);
                self.values[from..]
                    .iter()
                    .take_while(|&&x| x <= hi)
                    .filter(|&&x| s.contains(v, x))
                    .count() as u64
            }
        }
    }

    /// Whether a run leaves it at its own fixpoint (the one-value loop).
    pub(crate) fn is_idempotent(&self) -> bool {
        self.values.len() == 1
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        if let [value] = *self.values {
            return self.run_one(s, value);
        }
        let (mut sure, mut possible) = (0i64, 0i64);
        for &v in self.vars.iter() {
            let inside = self.inside(s, v);
            if inside > 0 {
                possible += 1;
                if inside == s.size(v) {
                    sure += 1;
                }
            }
        }
        s.set_min(self.count, sure)?;
        s.set_max(self.count, possible)?;
        if sure == possible && !self.counted {
            // Decided, and the count fixed to it.
            s.entail();
            return Ok(());
        }
        let (lo, hi) = (s.min(self.count), s.max(self.count));
        if hi == sure && sure < possible {
            // No more may take the set's values.
            for &v in self.vars.iter() {
                let inside = self.inside(s, v);
                if inside > 0 && inside < s.size(v) {
                    for &x in self.values.iter() {
                        s.remove(v, x)?;
                    }
                }
            }
        } else if lo == possible && sure < possible {
            // Every one that can must.
            for &v in self.vars.iter() {
                let inside = self.inside(s, v);
                if inside > 0 && inside < s.size(v) && s.is_interval(v) {
                    // No holes: the bounds move onto the set's values.
                    let (lo, hi) = (s.min(v), s.max(v));
                    let from = self.values.partition_point(|&x| x < lo);
                    let to = self.values.partition_point(|&x| x <= hi);
                    s.set_min(v, self.values[from])?;
                    s.set_max(v, self.values[to - 1])?;
                } else if inside > 0 && inside < s.size(v) {
                    for x in s.min(v)..=s.max(v) {
                        if self.values.binary_search(&x).is_err() {
                            s.remove(v, x)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// `count`: the number of variables in the domain of which `value` is,
    /// and of those fixed to it.
    fn occurrences(&self, s: &Store<'_>, value: i64) -> (i64, i64) {
        let (mut sure, mut possible) = (0i64, 0i64);
        let words = &s.st.words;
        for &v in self.vars.iter() {
            let layout = &s.stat.vars[v as usize];
            let start = layout.start as usize;
            let (has, fixed) = if layout.is_interval() {
                let (lo, hi) = interval(layout, words);
                let has = lo <= value && value <= hi;
                (has, has && lo == hi)
            } else {
                // The word of the value, then whether it is the only bit.
                let span = &words[start..start + layout.len as usize];
                match value.checked_sub(layout.offset) {
                    Some(bit) if 0 <= bit && (bit as usize) < span.len() * 64 => {
                        let w = span[bit as usize / 64];
                        let has = w >> (bit % 64) & 1 == 1;
                        (
                            has,
                            has && span.iter().map(|w| w.count_ones()).sum::<u32>() == 1,
                        )
                    }
                    _ => (false, false),
                }
            };
            possible += i64::from(has);
            sure += i64::from(fixed);
        }
        (sure, possible)
    }

    /// The one-value case, to its own fixpoint.
    fn run_one(&self, s: &mut Store<'_>, value: i64) -> Result<(), Fail> {
        // What the rules read, at the last pass: when a pass finds it
        // unchanged (a value inside an interval is not removed), the rules
        // would do again what they did.
        let mut last = None;
        loop {
            let (sure, possible) = self.occurrences(s, value);
            let moved = s.set_min(self.count, sure)? | s.set_max(self.count, possible)?;
            if moved && self.count_is_counted() {
                // The count's own membership of the value may have changed.
                continue;
            }
            if sure == possible {
                // Decided: every variable is fixed to the value or lacks
                // it, and the count is fixed to their number.
                s.entail();
                return Ok(());
            }
            let (lo, hi) = (s.min(self.count), s.max(self.count));
            if last == Some((sure, possible, lo, hi)) {
                return Ok(());
            }
            last = Some((sure, possible, lo, hi));
            if hi == sure {
                // No more may take the value.
                for &v in self.vars.iter() {
                    if s.fixed_value(v).is_none() {
                        s.remove(v, value)?;
                    }
                }
            } else if lo == possible {
                // Every one that can must.
                for &v in self.vars.iter() {
                    if s.fixed_value(v).is_none() && s.contains(v, value) {
                        s.assign(v, value)?;
                    }
                }
            } else {
                return Ok(());
            }
            if !self.count_is_counted() {
                // Now `sure == possible` and the count is fixed to it.
                return Ok(());
            }
        }
    }

    /// Whether the count is one of the variables counted.
    fn count_is_counted(&self) -> bool {
        self.counted
    }
}
