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
    /// All different on one-word domains with a common offset, the
    /// commonest constraint of grid puzzles: the fixed variable's peers in
    /// all such constraints, each once, and their words held in
    /// `distinct[start..end]`; the fixed variable's bit leaves their words.
    Distinct { start: u32, end: u32 },
    /// Tell propagator `p` that its variable at position `pos` is fixed.
    Prop { p: u32, pos: u32 },
    /// Schedule propagator `p`, which watches the variable being fixed.
    Wake { p: u32 },
}

impl Store<'_> {
    /// After `v`'s domain changed: fails if empty, notes it if fixed, and
    /// schedules the propagators that watch it.
    #[inline(always)]
    pub(super) fn touched(&mut self, v: u32) -> Result<(), Fail> {
        let (start, end) = self.span(v);
        let first = self.st.words[start];
        let fixed = if end == start + 1 {
            if first == 0 {
                return Err(Fail);
            }
            first & (first - 1) == 0
        } else {
            let size: u32 = self.st.words[start..end]
                .iter()
                .map(|w| w.count_ones())
                .sum();
            if size == 0 {
                return Err(Fail);
            }
            size == 1
        };
        if fixed {
            self.st.fixed.push(v);
        }
        self.schedule(v);
        Ok(())
    }

    /// Schedules the propagators that watch `v`.
    #[inline(always)]
    pub(super) fn schedule(&mut self, v: u32) {
        let stat = self.stat;
        let (a, b) = stat.change_range[v as usize];
        for &(w, mask) in &stat.change_watch[a as usize..b as usize] {
            self.st.dirty[w as usize] |= mask;
        }
    }

    /// Whether some propagator watches `v`'s bounds.
    #[inline(always)]
    pub(super) fn bounds_watched(&self, v: u32) -> bool {
        self.stat.bounds_watched && {
            let (a, b) = self.stat.bounds_range[v as usize];
            a != b
        }
    }

    /// Schedules the propagators that watch `v`'s bounds, which changed.
    #[inline]
    pub(super) fn schedule_bounds(&mut self, v: u32) {
        let stat = self.stat;
        let (a, b) = stat.bounds_range[v as usize];
        for &(w, mask) in &stat.bounds_watch[a as usize..b as usize] {
            self.st.dirty[w as usize] |= mask;
        }
    }

    /// The next scheduled propagator, in rounds: those scheduled when a
    /// round starts run in the order of their index, and those they schedule
    /// wait for the next round (a breadth-first order: one that wakes often
    /// does not run between every two others).
    #[inline]
    fn next_scheduled(&mut self) -> Option<usize> {
        loop {
            if let Some(i) = self.st.round.iter().position(|&d| d != 0) {
                let d = self.st.round[i];
                let bit = d & d.wrapping_neg();
                self.st.round[i] = d ^ bit;
                // It is about to see every change so far.
                self.st.dirty[i] &= !bit;
                return Some(i * 64 + bit.trailing_zeros() as usize);
            }
            if self.st.dirty.iter().all(|&d| d == 0) {
                return None;
            }
            std::mem::swap(&mut self.st.round, &mut self.st.dirty);
        }
    }

    /// Runs the propagators until nothing changes: the advice about fixed
    /// variables first (cheap), then the scheduled propagators one by one,
    /// the lowest index first.
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
                                    // touched, for a one-word domain
                                    let d = self.st.words[w as usize] & !mask;
                                    self.write(w as usize, d);
                                    if d == 0 {
                                        self.blame(&[v, u]);
                                        return Err(Fail);
                                    }
                                    if d & (d - 1) == 0 {
                                        self.st.fixed.push(u);
                                    }
                                    self.schedule(u);
                                    // The bit left below or above all the others.
                                    if self.bounds_watched(u)
                                        && (mask < (d & d.wrapping_neg()) || mask > d)
                                    {
                                        self.schedule_bounds(u);
                                    }
                                }
                            }
                        }
                        Advice::Wake { p } => {
                            self.st.dirty[p as usize / 64] |= 1 << (p % 64);
                        }
                        Advice::Prop { p, pos } => {
                            let prop = &stat.props[p as usize];
                            if let Err(fail) = prop.advise(self, pos, value) {
                                self.blame(&prop.vars());
                                return Err(fail);
                            }
                        }
                    }
                }
            } else if let Some(p) = self.next_scheduled() {
                if let Err(fail) = stat.props[p].run(self) {
                    self.blame(&stat.props[p].vars());
                    return Err(fail);
                }
            } else {
                return Ok(());
            }
        }
    }

    /// Counts a failure against each of `vars`, for dom/wdeg.
    #[cold]
    fn blame(&mut self, vars: &[u32]) {
        if self.stat.wdeg {
            for &v in vars {
                self.st.weights[v as usize] = self.st.weights[v as usize].saturating_add(1);
            }
        }
    }

    /// Empties the queues after a failure.
    pub(super) fn clear(&mut self) {
        self.st.fixed.clear();
        self.st.dirty.fill(0);
        self.st.round.fill(0);
    }
}
