//! The choices of a network: a variable and its value (or a half of its
//! domain), and the choices of one variable as an owned iterator.

use serde::Serialize;

use crate::var::Var;

/// What a [`Choice`] does to its variable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Branch {
    /// `var = value`: the default search's only kind.
    #[default]
    Fix = 0,
    /// `var <= value` (a domain split, [`ValueOrder::Split`](crate::ValueOrder::Split),
    /// or the lower half of a wide interval).
    AtMost = 1,
    /// `var >= value` (the other half, or the upper half of a wide
    /// interval).
    AtLeast = 2,
}

impl Branch {
    fn is_fix(&self) -> bool {
        *self == Branch::Fix
    }
}

/// One branch of the search: `var` takes `value` (or, for a domain split,
/// stays at most or at least `value`).
///
/// It serializes as `{"var":INDEX,"value":VALUE}` (see [`Var`]'s
/// `Serialize`), with `"kind"` added for a split only, so the `runner`
/// crate can keep the subproblems of a model in checkpoints and shard
/// files, the same in every process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Choice {
    /// The variable narrowed.
    pub var: Var,
    /// Its value, or the bound of a split.
    pub value: i64,
    /// Fix, or one half of a split.
    #[serde(skip_serializing_if = "Branch::is_fix")]
    pub kind: Branch,
}

impl Choice {
    /// `var = value`.
    pub fn fix(var: Var, value: i64) -> Choice {
        Choice {
            var,
            value,
            kind: Branch::Fix,
        }
    }
}

/// The choices on one variable, as an owned iterator: its values
/// ascending from a copy of its domain (one word on the stack for domains
/// of up to 64 values), or a short list for the other value orders.
#[derive(Clone, Debug)]
pub struct Values {
    pub(super) var: Var,
    pub(super) offset: i64,
    /// The index of the word in `bits`, or [`LISTED`].
    pub(super) word: u32,
    pub(super) bits: u64,
    /// The words after it, last first; or, when listed, each choice as its
    /// kind and its value, the last choice first (the ascending values
    /// need no test of their own that way: a list is looked at only when
    /// the bits run out, and listed values have none).
    pub(super) rest: Vec<u64>,
}

/// `Values::word` of a list of choices.
const LISTED: u32 = u32::MAX;

impl Values {
    pub(super) fn empty(var: Var) -> Values {
        Values {
            var,
            offset: 0,
            word: 0,
            bits: 0,
            rest: Vec::new(),
        }
    }

    /// These choices, in this order.
    pub(super) fn listed(var: Var, list: Vec<Choice>) -> Values {
        let mut rest = Vec::with_capacity(2 * list.len());
        for c in list.iter().rev() {
            rest.push(c.kind as u64);
            rest.push(c.value as u64);
        }
        Values {
            word: LISTED,
            rest,
            ..Values::empty(var)
        }
    }

    /// The choices on an interval `lo..=hi` (`lo < hi`), ascending or
    /// descending, taking memory bounded by the depth in variables rather
    /// than in values: up to 64 values are each fixed from this one frame
    /// (ascending from a word of bits); a wider interval is halved,
    /// `var <= mid` then `var > mid` (the other way round descending), so
    /// that a variable of `w` values is at most `log2(w / 64) + 1` frames
    /// deep and its values still come in order.
    pub(super) fn interval(var: Var, lo: i64, hi: i64, descending: bool) -> Values {
        let width = hi as i128 - lo as i128 + 1;
        if width <= 64 {
            if descending {
                let list = (lo..=hi).rev().map(|v| Choice::fix(var, v)).collect();
                return Values::listed(var, list);
            }
            let bits = if width == 64 {
                u64::MAX
            } else {
                (1u64 << width) - 1
            };
            return Values {
                offset: lo,
                bits,
                ..Values::empty(var)
            };
        }
        Values::halves(var, lo, hi, descending)
    }

    /// `var <= mid | var > mid` for the midpoint of `lo < hi` rounded down
    /// (the upper half first if `upper_first`).
    pub(super) fn halves(var: Var, lo: i64, hi: i64, upper_first: bool) -> Values {
        // Without overflow; lo <= mid < hi.
        let mid = lo + ((hi as i128 - lo as i128) / 2) as i64;
        let low = Choice {
            var,
            value: mid,
            kind: Branch::AtMost,
        };
        let high = Choice {
            var,
            value: mid + 1,
            kind: Branch::AtLeast,
        };
        let list = if upper_first {
            vec![high, low]
        } else {
            vec![low, high]
        };
        Values::listed(var, list)
    }

    #[inline(never)]
    fn next_listed(&mut self) -> Option<Choice> {
        let value = self.rest.pop()? as i64;
        let kind = match self.rest.pop()? {
            0 => Branch::Fix,
            1 => Branch::AtMost,
            _ => Branch::AtLeast,
        };
        Some(Choice {
            var: self.var,
            value,
            kind,
        })
    }
}

impl Iterator for Values {
    type Item = Choice;

    #[inline]
    fn next(&mut self) -> Option<Choice> {
        while self.bits == 0 {
            if self.word == LISTED {
                return self.next_listed();
            }
            self.bits = self.rest.pop()?;
            self.word += 1;
        }
        let bit = self.word as i64 * 64 + self.bits.trailing_zeros() as i64;
        self.bits &= self.bits - 1;
        Some(Choice::fix(self.var, self.offset + bit))
    }
}
