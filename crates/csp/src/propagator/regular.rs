//! `regular`: a sequence of variables spells a word of an automaton,
//! propagated on the layered graph of its states (arc consistency), in time
//! linear in the sequence times the transitions.
//!
//! Layer `i` holds the states some path from the start reaches after the
//! first `i` letters (forward, over the current domains); going back from
//! the accepting states of the last layer, a state stays when some value of
//! its variable leads to a state that stays, and a value stays when it is on
//! such a transition. A value on no path from the start to an accepting
//! state is in no word, so it goes; every value kept is on one, so nothing
//! more can go.

use std::sync::Arc;

use crate::automaton::Automaton;
use crate::domain::{Fail, Store};

/// `vars` spell a word of `automaton`.
#[derive(Debug)]
pub(crate) struct Regular {
    pub(crate) vars: Box<[u32]>,
    pub(crate) automaton: Arc<Automaton>,
}

/// Whether bit `q` of the bitset is set.
fn has(set: &[u64], q: u32) -> bool {
    set[(q / 64) as usize] >> (q % 64) & 1 == 1
}

fn put(set: &mut [u64], q: u32) {
    set[(q / 64) as usize] |= 1 << (q % 64);
}

impl Regular {
    /// Narrows every variable to the values on a path of accepted words.
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let a = &*self.automaton;
        let n = self.vars.len();
        let w = (a.states as usize).div_ceil(64).max(1);
        let mut scratch = std::mem::take(&mut s.st.scratch);
        let result = self.filter(s, a, n, w, &mut scratch);
        s.st.scratch = scratch;
        result
    }

    fn filter(
        &self,
        s: &mut Store<'_>,
        a: &Automaton,
        n: usize,
        w: usize,
        scratch: &mut Vec<u64>,
    ) -> Result<(), Fail> {
        // The layers 0..=n, then the layer that stays after the current
        // one, then the one being built, then a variable's kept values.
        let widest = self.vars.iter().map(|&v| s.words_of(v)).max().unwrap_or(0);
        scratch.clear();
        scratch.resize((n + 3) * w + widest, 0);
        let (layers, rest) = scratch.split_at_mut((n + 1) * w);
        let (after, rest) = rest.split_at_mut(w);
        let (here, kept) = rest.split_at_mut(w);
        put(&mut layers[..w], a.start);
        for (i, &v) in self.vars.iter().enumerate() {
            let (done, next) = layers.split_at_mut((i + 1) * w);
            let (now, next) = (&done[i * w..], &mut next[..w]);
            for q in (0..a.states).filter(|&q| has(now, q)) {
                for &(value, to) in a.out(q) {
                    if s.contains(v, value) {
                        put(next, to);
                    }
                }
            }
        }
        // Back from the accepting states of the last layer.
        let mut any = false;
        for q in 0..a.states {
            if a.accepting[q as usize] && has(&layers[n * w..], q) {
                put(after, q);
                any = true;
            }
        }
        if !any {
            return Err(Fail);
        }
        for (i, &v) in self.vars.iter().enumerate().rev() {
            here.fill(0);
            let words = s.words_of(v);
            kept[..words].fill(0);
            let now = &layers[i * w..(i + 1) * w];
            for q in (0..a.states).filter(|&q| has(now, q)) {
                for &(value, to) in a.out(q) {
                    if has(after, to)
                        && let Some(bit) = s.bit_of(v, value)
                        && s.has_bit(v, bit as u32)
                    {
                        put(here, q);
                        kept[bit / 64] |= 1 << (bit % 64);
                    }
                }
            }
            s.intersect(v, &kept[..words])?;
            after.copy_from_slice(here);
        }
        Ok(())
    }
}
