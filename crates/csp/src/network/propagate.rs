//! The propagation loop: the advice about fixed variables first, then the
//! scheduled propagators, until nothing changes or a domain runs empty.

use crate::domain::{Advice, Fail, POLL_STEPS, Store, Why};
use crate::propagator::Prop;

impl Store<'_> {
    /// Runs the propagators until nothing changes: the advice about fixed
    /// variables first (cheap), then the scheduled propagators one by one,
    /// the lowest index first.
    ///
    /// Every propagator run is counted, and the limits looked at every
    /// [`POLL_STEPS`] of them (see `State::poll`): a limit reached fails the
    /// propagation and is recorded as its cut. The advice is not counted:
    /// each variable is fixed once in a propagation, so it is bounded by
    /// the size of the model, and it is the hot path of most searches.
    pub(crate) fn propagate(&mut self, props: &[Prop]) -> Result<(), Fail> {
        let stat = self.stat;
        // A countdown in a register: cheaper than `State::tick` on this,
        // the hottest loop of a search.
        let mut until_poll = POLL_STEPS;
        loop {
            if let Some(v) = self.st.fixed.pop() {
                let Some(value) = self.fixed_value(v) else {
                    return Err(Fail);
                };
                let (a, b) = (
                    stat.fix_start[v as usize] as usize,
                    stat.fix_start[v as usize + 1] as usize,
                );
                if stat.learn {
                    self.st.trace.begin(Why::Fixed(v), self.st.trail.len());
                }
                for &advice in &stat.fix_watch[a..b] {
                    match advice {
                        Advice::Differ { other, shift } => {
                            if let Some(w) = value.checked_sub(shift)
                                && let Err(fail) = self.remove(other, w)
                            {
                                self.blame(&[v, other]);
                                return Err(fail);
                            }
                        }
                        Advice::Distinct { start, end } => {
                            // The fixed variable's own word is the mask.
                            let own = stat.vars[v as usize].start;
                            let mask = self.st.words[own as usize];
                            // Which peers hold the value, without a branch
                            // per peer (whether one does is unpredictable).
                            let peers = &stat.distinct[start as usize..end as usize];
                            for chunk in peers.chunks(64) {
                                let mut hits = 0u64;
                                for (i, &(_, w)) in chunk.iter().enumerate() {
                                    let d = self.st.words[w as usize];
                                    hits |= u64::from(d & mask != 0) << i;
                                }
                                while hits != 0 {
                                    let (u, w) = chunk[hits.trailing_zeros() as usize];
                                    hits &= hits - 1;
                                    self.clear_word_bit(v, u, w, mask)?;
                                }
                            }
                        }
                        Advice::Shifted { start, end } => {
                            let own = self.st.words[stat.vars[v as usize].start as usize];
                            let bit = own.trailing_zeros();
                            let peers = &stat.shifted[start as usize..end as usize];
                            for chunk in peers.chunks(64) {
                                // As for Distinct: which peers hold one of
                                // their bits, without a branch per peer.
                                let mut hits = 0u64;
                                for (i, p) in chunk.iter().enumerate() {
                                    let d = self.st.words[p.word as usize];
                                    hits |= u64::from(d & p.mask(bit) != 0) << i;
                                }
                                while hits != 0 {
                                    let p = chunk[hits.trailing_zeros() as usize];
                                    hits &= hits - 1;
                                    self.clear_word_bit(v, p.var, p.word, p.mask(bit))?;
                                }
                            }
                        }
                        Advice::Wake { p } => {
                            self.st.dirty[p as usize / 64] |= 1 << (p % 64);
                        }
                        Advice::Prop { p, pos } => {
                            let prop = &props[p as usize];
                            if stat.learn {
                                self.st.trace.begin(Why::Prop(p), self.st.trail.len());
                            }
                            if let Err(fail) = prop.advise(self, pos, value) {
                                self.blame(&prop.vars());
                                return Err(fail);
                            }
                            if stat.learn {
                                self.st.trace.begin(Why::Fixed(v), self.st.trail.len());
                            }
                        }
                    }
                }
            } else if let Some(p) = self.next_scheduled() {
                until_poll -= 1;
                if until_poll == 0 {
                    until_poll = POLL_STEPS;
                    self.st.poll()?;
                }
                let prop = &props[p];
                self.st.running = p as u32;
                if stat.learn {
                    self.st
                        .trace
                        .begin(Why::Prop(p as u32), self.st.trail.len());
                }
                if let Err(fail) = prop.run(self) {
                    self.blame(&prop.vars());
                    return Err(fail);
                }
                if prop.is_idempotent() {
                    // Only its own changes scheduled it again.
                    self.st.dirty[p / 64] &= !(1 << (p % 64));
                }
            } else {
                return Ok(());
            }
        }
    }
}
