//! The choices of a network: a variable and its value (or a half of its
//! domain), and the choices of one variable as an owned iterator.

use serde::Serialize;

use crate::var::Var;

/// What a [`Choice`] does to its variable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Branch {
    /// `var = value`: the default search's only kind.
    #[default]
    Fix,
    /// `var <= value` (a domain split, [`ValueOrder::Split`](crate::ValueOrder::Split)).
    AtMost,
    /// `var >= value`.
    AtLeast,
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
    /// The index of the word in `bits`.
    pub(super) word: u32,
    pub(super) bits: u64,
    /// The words after it, last first.
    pub(super) rest: Vec<u64>,
    /// Choices yielded before the bits, last first.
    pub(super) list: Vec<Choice>,
}

impl Values {
    pub(super) fn empty(var: Var) -> Values {
        Values {
            var,
            offset: 0,
            word: 0,
            bits: 0,
            rest: Vec::new(),
            list: Vec::new(),
        }
    }

    /// These choices, in this order.
    pub(super) fn listed(var: Var, mut list: Vec<Choice>) -> Values {
        list.reverse();
        Values {
            list,
            ..Values::empty(var)
        }
    }
}

impl Iterator for Values {
    type Item = Choice;

    #[inline]
    fn next(&mut self) -> Option<Choice> {
        if !self.list.is_empty() {
            return self.list.pop();
        }
        while self.bits == 0 {
            self.bits = self.rest.pop()?;
            self.word += 1;
        }
        let bit = self.word as i64 * 64 + self.bits.trailing_zeros() as i64;
        self.bits &= self.bits - 1;
        Some(Choice::fix(self.var, self.offset + bit))
    }
}
