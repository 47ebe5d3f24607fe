//! The choices of a network: a variable and its value, and the values of
//! one variable as an owned iterator.

use serde::Serialize;

use crate::var::Var;

/// One branch of the search: `var` takes `value`.
///
/// It serializes as `{"var":INDEX,"value":VALUE}` (see [`Var`]'s
/// `Serialize`), so the `runner` crate can keep the subproblems of a model
/// in checkpoints and shard files, the same in every process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Choice {
    /// The variable fixed.
    pub var: Var,
    /// Its value.
    pub value: i64,
}

/// The values of one variable, ascending, as choices: an owned copy of its
/// domain (one word on the stack for domains of up to 64 values).
#[derive(Clone, Debug)]
pub struct Values {
    pub(super) var: Var,
    pub(super) offset: i64,
    /// The index of the word in `bits`.
    pub(super) word: u32,
    pub(super) bits: u64,
    /// The words after it, last first.
    pub(super) rest: Vec<u64>,
}

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
}

impl Iterator for Values {
    type Item = Choice;

    #[inline]
    fn next(&mut self) -> Option<Choice> {
        while self.bits == 0 {
            self.bits = self.rest.pop()?;
            self.word += 1;
        }
        let bit = self.word as i64 * 64 + self.bits.trailing_zeros() as i64;
        self.bits &= self.bits - 1;
        Some(Choice {
            var: self.var,
            value: self.offset + bit,
        })
    }
}
