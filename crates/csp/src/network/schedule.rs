//! Propagation scheduling: what to do when a domain changes or a variable
//! becomes fixed, and the loop that runs it to a fixpoint.

use super::state::Fail;
use super::store::Store;

/// Work to do when a variable becomes fixed to a value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Advice {
    /// `x != y + c` held in the watch list itself, the commonest and
    /// cheapest advice (the diagonals of N-queens): remove
    /// `value - shift` from `other`.
    Differ { other: u32, shift: i64 },
    /// Tell propagator `p` that its variable at position `pos` is fixed.
    Propagator { p: u32, pos: u32 },
}

impl Store<'_> {
    /// After `v`'s domain changed: fails if empty, notes it if fixed, and
    /// schedules the propagators that watch it.
    #[inline]
    pub(super) fn touched(&mut self, v: u32) -> Result<(), Fail> {
        let (start, end) = self.span(v);
        let size: u32 = if end == start + 1 {
            self.st.words[start].count_ones()
        } else {
            self.st.words[start..end]
                .iter()
                .map(|w| w.count_ones())
                .sum()
        };
        if size == 0 {
            return Err(Fail);
        }
        if size == 1 {
            self.st.fixed.push(v);
        }
        let stat = self.stat;
        let (a, b) = (
            stat.change_start[v as usize] as usize,
            stat.change_start[v as usize + 1] as usize,
        );
        for &p in &stat.change_watch[a..b] {
            if !self.st.queued[p as usize] {
                self.st.queued[p as usize] = true;
                self.st.queue.push_back(p);
            }
        }
        Ok(())
    }

    /// Runs the propagators until nothing changes: the advice about fixed
    /// variables first (cheap), then the scheduled propagators one by one.
    pub(super) fn propagate(&mut self) -> Result<(), Fail> {
        let stat = self.stat;
        loop {
            if let Some(v) = self.st.fixed.pop() {
                let Some(value) = self.fixed_value(v) else {
                    return Err(Fail);
                };
                let (a, b) = (
                    stat.fix_start[v as usize] as usize,
                    stat.fix_start[v as usize + 1] as usize,
                );
                for &advice in &stat.fix_watch[a..b] {
                    match advice {
                        Advice::Differ { other, shift } => {
                            if let Some(w) = value.checked_sub(shift) {
                                self.remove(other, w)?;
                            }
                        }
                        Advice::Propagator { p, pos } => {
                            stat.props[p as usize].advise(self, pos, value)?;
                        }
                    }
                }
            } else if let Some(p) = self.st.queue.pop_front() {
                self.st.queued[p as usize] = false;
                stat.props[p as usize].run(self)?;
            } else {
                return Ok(());
            }
        }
    }

    /// Empties the queues after a failure.
    pub(super) fn clear(&mut self) {
        self.st.fixed.clear();
        for p in self.st.queue.drain(..) {
            self.st.queued[p as usize] = false;
        }
    }
}
