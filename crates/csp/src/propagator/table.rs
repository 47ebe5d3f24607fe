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
