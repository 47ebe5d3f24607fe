//! Tables of allowed tuples, arc consistent in one pass.

use super::Table;
use crate::domain::{Fail, Store};

/// How many tuples count as one step of the propagation.
const TUPLES_PER_TICK: usize = 64;

/// Arc consistency on a table: one pass over the tuples collects the values
/// each variable can still use.
pub(super) fn table(s: &mut Store<'_>, t: &Table) -> Result<(), Fail> {
    let mut support = std::mem::take(&mut s.st.scratch);
    support.clear();
    support.resize(t.words as usize, 0);
    let arity = t.vars.len();
    for (i, tuple) in t.tuples.chunks_exact(arity).enumerate() {
        // A long table looks at the limits as it goes (see `State::tick`).
        if i % TUPLES_PER_TICK == 0
            && let Err(fail) = s.st.tick(1)
        {
            s.st.scratch = support;
            return Err(fail);
        }
        if t.vars.iter().zip(tuple).all(|(&v, &bit)| s.has_bit(v, bit)) {
            for (&base, &bit) in t.bases.iter().zip(tuple) {
                support[(base + bit / 64) as usize] |= 1 << (bit % 64);
            }
        }
    }
    let mut result = Ok(());
    for (&v, &base) in t.vars.iter().zip(&t.bases) {
        if let Err(fail) = s.intersect(v, &support[base as usize..]) {
            result = Err(fail);
            break;
        }
    }
    s.st.scratch = support;
    result
}

/// A table's tuples by the value each gives each place: the tuples (by
/// their index) whose value at place `j` is bit `b` are
/// `tuples[j][starts[j][b]..starts[j][b + 1]]`, in the table's order.
#[derive(Debug)]
pub(crate) struct ByValue {
    starts: Box<[Box<[u32]>]>,
    tuples: Box<[Box<[u32]>]>,
}

impl ByValue {
    /// The index of `t`, by a counting sort per place.
    fn new(t: &Table) -> ByValue {
        let arity = t.vars.len();
        let count = t.tuples.len().checked_div(arity).unwrap_or(0);
        let mut starts = Vec::with_capacity(arity);
        let mut tuples = Vec::with_capacity(arity);
        for j in 0..arity {
            let end = t.bases.get(j + 1).copied().unwrap_or(t.words);
            let bits = ((end - t.bases[j]) * 64) as usize;
            let mut start = vec![0u32; bits + 1];
            for tuple in t.tuples.chunks_exact(arity) {
                start[tuple[j] as usize + 1] += 1;
            }
            for b in 0..bits {
                start[b + 1] += start[b];
            }
            let mut next = start.clone();
            let mut order = vec![0u32; count];
            for (i, tuple) in t.tuples.chunks_exact(arity).enumerate() {
                let slot = &mut next[tuple[j] as usize];
                order[*slot as usize] = i as u32;
                *slot += 1;
            }
            starts.push(start.into());
            tuples.push(order.into());
        }
        ByValue {
            starts: starts.into(),
            tuples: tuples.into(),
        }
    }

    /// The tuples whose value at place `place` is bit `bit`.
    pub(crate) fn of(&self, place: usize, bit: u32) -> &[u32] {
        let start = &self.starts[place];
        match start.get(bit as usize..=bit as usize + 1) {
            Some(&[from, to]) => &self.tuples[place][from as usize..to as usize],
            _ => &[],
        }
    }
}

impl Table {
    /// The tuples by value ([`ByValue`]), built the first time.
    pub(crate) fn by_value(&self) -> &ByValue {
        self.by_value.get_or_init(|| ByValue::new(self))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{ByValue, Table};

    proptest! {
        /// The index gives, per place and value, exactly the tuples with
        /// that value there, in the table's order.
        #[test]
        fn the_index_lists_each_value_s_tuples_in_order(
            lens in prop::collection::vec(1u32..3, 1..4),
            rows in prop::collection::vec(prop::collection::vec(0u32..128, 3), 0..40),
        ) {
            let arity = lens.len();
            let mut bases = Vec::new();
            let mut words = 0;
            for &len in &lens {
                bases.push(words);
                words += len;
            }
            let tuples: Vec<u32> = rows
                .iter()
                .flat_map(|row| row.iter().zip(&lens).map(|(&b, &len)| b % (len * 64)))
                .take(rows.len() * arity)
                .collect();
            let table = Table {
                vars: (0..arity as u32).collect(),
                tuples: tuples.clone().into(),
                bases: bases.into(),
                words,
                by_value: std::sync::OnceLock::new(),
            };
            let index: &ByValue = table.by_value();
            for (j, &len) in lens.iter().enumerate() {
                for b in 0..len * 64 + 2 {
                    let want: Vec<u32> = tuples
                        .chunks_exact(arity)
                        .enumerate()
                        .filter(|(_, t)| t[j] == b)
                        .map(|(i, _)| i as u32)
                        .collect();
                    prop_assert_eq!(index.of(j, b), &want[..]);
                }
            }
        }
    }
}
