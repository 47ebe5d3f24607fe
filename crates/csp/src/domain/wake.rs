//! What a change wakes: the work to do when a variable becomes fixed
//! (`Advice`), the propagators scheduled when a domain or its bounds
//! change, and the queues they wait in. The loop that empties the queues,
//! running the propagators, is the network's (`network::propagate`).

use super::state::Fail;
use super::store::Store;

/// Work to do when a variable becomes fixed to a value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Advice {
    /// `x != y + c` held in the watch list itself, the commonest and
    /// cheapest advice (the diagonals of N-queens): remove
    /// `value - shift` from `other`.
    Differ { other: u32, shift: i64 },
    /// All different on one-word domains with a common offset, the
    /// commonest constraint of grid puzzles: the fixed variable's peers in
    /// all such constraints, each once, and their words held in
    /// `distinct[start..end]`; the fixed variable's bit leaves their words.
    Distinct { start: u32, end: u32 },
    /// `x != y + c` for several `y` on one word with the fixed variable's
    /// offset, `c` within a word (the diagonals of N-queens), and its peers
    /// in the dense all-differents, if any, held in `shifted[start..end]`:
    /// the fixed variable's bit, moved by each of a peer's shifts, leaves
    /// the peer's word.
    Shifted { start: u32, end: u32 },
    /// Tell propagator `p` that its variable at position `pos` is fixed.
    Prop { p: u32, pos: u32 },
    /// Schedule propagator `p`, which watches the variable being fixed.
    Wake { p: u32 },
}

/// A peer of `Advice::Shifted`: variable `var` on word `word`, which loses
/// the fixed variable's bit moved by each of its shifts: bit `64 + s` of
/// `pattern` for a shift `s` (`|s| < 64`), so that the mask for the fixed
/// bit `b` is the pattern moved up by `b`, its upper word.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shifted {
    pattern: u128,
    pub(crate) var: u32,
    pub(crate) word: u32,
}

impl Shifted {
    pub(crate) fn new(var: u32, word: u32, shift: i32) -> Shifted {
        let mut peer = Shifted {
            pattern: 0,
            var,
            word,
        };
        peer.add(shift);
        peer
    }

    /// One more shift, `|shift| < 64`.
    pub(crate) fn add(&mut self, shift: i32) {
        self.pattern |= 1u128 << (64 + shift);
    }

    /// The bits to clear when the fixed variable's bit is `bit`.
    #[inline(always)]
    pub(crate) fn mask(&self, bit: u32) -> u64 {
        ((self.pattern << bit) >> 64) as u64
    }
}

impl Store<'_> {
    /// After `v`'s domain changed: fails if empty, notes it if fixed, and
    /// schedules the propagators that watch it.
    #[inline(always)]
    pub(crate) fn touched(&mut self, v: u32) -> Result<(), Fail> {
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
    pub(crate) fn schedule(&mut self, v: u32) {
        let stat = self.stat;
        let (a, b) = stat.change_range[v as usize];
        for &(w, mask) in &stat.change_watch[a as usize..b as usize] {
            self.st.dirty[w as usize] |= mask;
        }
    }

    /// Whether some propagator watches `v`'s bounds.
    #[inline(always)]
    pub(crate) fn bounds_watched(&self, v: u32) -> bool {
        self.stat.bounds_watched && {
            let (a, b) = self.stat.bounds_range[v as usize];
            a != b
        }
    }

    /// Schedules the propagators that watch `v`'s bounds, which changed.
    #[inline]
    pub(crate) fn schedule_bounds(&mut self, v: u32) {
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
    pub(crate) fn next_scheduled(&mut self) -> Option<usize> {
        loop {
            let at = self.st.round_at;
            if let Some(k) = self.st.round[at..].iter().position(|&d| d != 0) {
                let i = at + k;
                if k > 0 {
                    self.st.round_at = i;
                }
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
            self.st.round_at = 0;
            if let Some(at) = self.stat.entailed {
                // An entailed propagator has nothing left to do: it is not
                // run until a backtrack clears its flag.
                let flags = &self.st.words[at as usize..];
                for (r, &e) in self.st.round.iter_mut().zip(flags) {
                    *r &= !e;
                }
            }
        }
    }

    /// Marks the running propagator entailed: it holds for every
    /// combination of the current domains, so it is not run again until
    /// a backtrack above this point (the flag is a word, trailed).
    pub(crate) fn entail(&mut self) {
        let Some(at) = self.stat.entailed else {
            return;
        };
        let p = self.st.running as usize;
        let w = at as usize + p / 64;
        let old = self.st.words[w];
        let bit = 1u64 << (p % 64);
        if old & bit == 0 {
            self.write(w, old | bit);
        }
    }

    /// Clears the bits `mask` from `u`'s one-word domain, word `w`, which
    /// holds one of them at least, because `v` was fixed: `touched` for one
    /// word.
    #[inline(always)]
    pub(crate) fn clear_word_bit(&mut self, v: u32, u: u32, w: u32, mask: u64) -> Result<(), Fail> {
        let old = self.st.words[w as usize];
        let d = old & !mask;
        self.write(w as usize, d);
        if d == 0 {
            self.blame(&[v, u]);
            return Err(Fail);
        }
        if d & (d - 1) == 0 {
            self.st.fixed.push(u);
        }
        self.schedule(u);
        // A bit left below or above all the others.
        let lowest = |x: u64| x & x.wrapping_neg();
        if self.bounds_watched(u)
            && (lowest(old) != lowest(d) || old.leading_zeros() != d.leading_zeros())
        {
            self.schedule_bounds(u);
        }
        Ok(())
    }

    /// Counts a failure against each of `vars`, for dom/wdeg.
    #[cold]
    pub(crate) fn blame(&mut self, vars: &[u32]) {
        if self.stat.wdeg {
            for &v in vars {
                self.st.weights[v as usize] = self.st.weights[v as usize].saturating_add(1);
            }
        }
    }

    /// Empties the queues after a failure.
    pub(crate) fn clear(&mut self) {
        self.st.fixed.clear();
        self.st.dirty.fill(0);
        self.st.round.fill(0);
        self.st.round_at = 0;
    }
}
