//! The choices of a network: a variable and its value (or a half of its
//! domain), and the choices of one variable as an owned iterator.

use std::fmt;

use serde::Serialize;

use crate::var::Var;

/// What a [`Choice`] does to its variable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Branch {
    /// `var = value`.
    #[default]
    Fix = 0,
    /// `var <= value` (a domain split, [`ValueOrder::Split`](crate::ValueOrder::Split),
    /// the lower half of a wide interval, or the other branch of fixing an
    /// interval to its largest value).
    AtMost = 1,
    /// `var >= value` (the other half of a split, or the other branch of
    /// fixing an interval to its smallest value).
    AtLeast = 2,
    /// `var != value`: the other branch of `var = value` on a domain that
    /// can hold holes.
    Exclude = 3,
}

impl Branch {
    fn is_fix(&self) -> bool {
        *self == Branch::Fix
    }
}

/// One branch of the search: `var` takes `value`, or leaves it out, or
/// (for a domain split) stays at most or at least `value`.
///
/// It serializes as `{"var":INDEX,"value":VALUE}` (see [`Var`]'s
/// `Serialize`), with `"kind"` added when it does not fix the variable
/// (`"at_most"`, `"at_least"`, `"exclude"`), so the `runner` crate can keep
/// the subproblems of a model in checkpoints and shard files, the same in
/// every process. It displays as the constraint it adds: `x3 = 5`,
/// `x3 != 5`, `x3 <= 5` or `x3 >= 6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Choice {
    /// The variable narrowed.
    pub var: Var,
    /// Its value, or the bound of a split.
    pub value: i64,
    /// Fix, exclude, or one half of a split.
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

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.kind {
            Branch::Fix => "=",
            Branch::AtMost => "<=",
            Branch::AtLeast => ">=",
            Branch::Exclude => "!=",
        };
        write!(f, "x{} {op} {}", self.var.index, self.value)
    }
}

/// The choices on one variable, as an owned iterator: its values
/// ascending from a copy of its domain (one word on the stack for domains
/// of up to 64 values), or up to three choices of any kind (the two
/// branches of a binary choice, `x = v` then `x != v`, are the common
/// case).
#[derive(Clone, Debug)]
pub struct Values {
    pub(super) var: Var,
    pub(super) form: Form,
}

#[derive(Clone, Debug)]
pub(super) enum Form {
    /// The values of a bitset from its words: `bits` is the word at index
    /// `word`, with the values already taken cleared, and `rest` the words
    /// after it, last first.
    Bits {
        offset: i64,
        word: u32,
        bits: u64,
        rest: Vec<u64>,
    },
    /// `next`, `next - 1`, ... down to `lo`, each fixed (a narrow interval
    /// descending); empty once `next < lo`.
    Down { next: i128, lo: i64 },
    /// `choices[next..len]`, in order.
    Few {
        choices: [(Branch, i64); 3],
        next: u8,
        len: u8,
    },
}

impl Values {
    pub(super) fn empty(var: Var) -> Values {
        Values::few(var, &[])
    }

    /// These choices (at most three), in this order.
    pub(super) fn few(var: Var, list: &[(Branch, i64)]) -> Values {
        let mut choices = [(Branch::Fix, 0); 3];
        choices[..list.len()].copy_from_slice(list);
        Values {
            var,
            form: Form::Few {
                choices,
                next: 0,
                len: list.len() as u8,
            },
        }
    }

    /// The values of a bitset domain ascending, each as a choice that fixes
    /// it: `words` are its words, the first holding `offset`.
    pub(super) fn bits(var: Var, offset: i64, words: &[u64]) -> Values {
        Values {
            var,
            form: Form::Bits {
                offset,
                word: 0,
                bits: words.first().copied().unwrap_or(0),
                rest: words.iter().skip(1).rev().copied().collect(),
            },
        }
    }

    /// The binary choice `var = value | var != value`: fix it, else leave
    /// the value out and choose again.
    pub(super) fn fix_or_exclude(var: Var, value: i64) -> Values {
        Values::few(var, &[(Branch::Fix, value), (Branch::Exclude, value)])
    }

    /// The binary choice on the end of an interval `lo..=hi` (`lo < hi`)
    /// toward which a value order goes: `var = lo | var >= lo + 1`
    /// ascending, `var = hi | var <= hi - 1` descending, for up to 64
    /// values; a wider interval is halved instead, `var <= mid | var > mid`
    /// (the other way round descending), so that the values of a variable
    /// of `w` values are at most `64 + log2(w / 64)` choices deep and still
    /// come in order.
    pub(super) fn interval(var: Var, lo: i64, hi: i64, descending: bool) -> Values {
        let width = hi as i128 - lo as i128 + 1;
        if width > 64 {
            Values::halves(var, lo, hi, descending)
        } else if descending {
            Values::few(var, &[(Branch::Fix, hi), (Branch::AtMost, hi - 1)])
        } else {
            Values::few(var, &[(Branch::Fix, lo), (Branch::AtLeast, lo + 1)])
        }
    }

    /// The values of an interval `lo..=hi` (`lo < hi`) as one choice per
    /// value, ascending or descending, taking memory bounded by the depth
    /// in variables rather than in values: up to 64 values are each fixed
    /// from this one frame; a wider interval is halved, `var <= mid` then
    /// `var > mid` (the other way round descending), so that a variable of
    /// `w` values is at most `log2(w / 64) + 1` frames deep and its values
    /// still come in order.
    pub(super) fn interval_values(var: Var, lo: i64, hi: i64, descending: bool) -> Values {
        let width = hi as i128 - lo as i128 + 1;
        if width > 64 {
            return Values::halves(var, lo, hi, descending);
        }
        if descending {
            return Values {
                var,
                form: Form::Down {
                    next: i128::from(hi),
                    lo,
                },
            };
        }
        let bits = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        Values::bits(var, lo, &[bits])
    }

    /// `var <= mid | var > mid` for the midpoint of `lo < hi` rounded down
    /// (the upper half first if `upper_first`).
    pub(super) fn halves(var: Var, lo: i64, hi: i64, upper_first: bool) -> Values {
        // Without overflow; lo <= mid < hi.
        let mid = lo + ((hi as i128 - lo as i128) / 2) as i64;
        let low = (Branch::AtMost, mid);
        let high = (Branch::AtLeast, mid + 1);
        if upper_first {
            Values::few(var, &[high, low])
        } else {
            Values::few(var, &[low, high])
        }
    }

    #[inline(never)]
    fn next_few(&mut self) -> Option<Choice> {
        if let Form::Down { next, lo } = &mut self.form {
            if *next < i128::from(*lo) {
                return None;
            }
            let value = *next as i64;
            *next -= 1;
            return Some(Choice::fix(self.var, value));
        }
        let Form::Few { choices, next, len } = &mut self.form else {
            return None;
        };
        if *next >= *len {
            return None;
        }
        let (kind, value) = choices[*next as usize];
        *next += 1;
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
        let Form::Bits {
            offset,
            word,
            bits,
            rest,
        } = &mut self.form
        else {
            return self.next_few();
        };
        while *bits == 0 {
            *bits = rest.pop()?;
            *word += 1;
        }
        let bit = *word as i64 * 64 + bits.trailing_zeros() as i64;
        *bits &= *bits - 1;
        Some(Choice::fix(self.var, *offset + bit))
    }
}
