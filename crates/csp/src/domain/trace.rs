//! Why each change of a domain happened, for a search that learns from its
//! failures: beside every entry of the trail, the cause that wrote it (a
//! decision, a propagator's run, the advice about a fixed variable, a
//! learned nogood), the variable whose domain it changed, the word written,
//! and the previous entry on the same variable. Recorded only when
//! `Static::learn` is set; the learning layer reads it to explain a
//! failure.

/// No variable (a word of a propagator's state or of the entailment flags),
/// or no entry.
pub(crate) const NONE: u32 = u32::MAX;

/// What wrote a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// A search decision: explained by nothing.
    Decision,
    /// A change made at the root or by the objective's bound: true for the
    /// rest of the search, explained by nothing.
    Given,
    /// A run (or an advice) of propagator `p`.
    Prop(u32),
    /// The advice about a variable that became fixed (`x != y + c`, an
    /// all-different's peers).
    Fixed(u32),
    /// A learned nogood, by its index in the learning layer's store.
    Nogood(u32),
}

/// A cause and the trail's length when it began: every change it made
/// follows from the domains as they were then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cause {
    pub(crate) why: Why,
    pub(crate) start: u32,
}

/// One change: its cause, the variable, the new word, the previous entry
/// on the same variable (or [`NONE`]), and the decision level it was made
/// at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) cause: Cause,
    pub(crate) var: u32,
    pub(crate) prev: u32,
    pub(crate) new: u64,
    pub(crate) level: u32,
}

/// The causes of the trail's entries, one for one.
#[derive(Clone, Debug)]
pub(crate) struct Trace {
    /// The cause of the changes being made.
    pub(crate) cause: Cause,
    pub(crate) entries: Vec<Entry>,
    /// Each variable's newest entry, or [`NONE`].
    pub(crate) last: Vec<u32>,
    /// Each variable's entries, oldest first: where a time falls among
    /// them is a binary search, not a walk back from the newest.
    pub(crate) chain: Vec<Vec<u32>>,
    /// The same for each word of the domains: a bound's entries alone.
    pub(crate) word_chain: Vec<Vec<u32>>,
}

impl Default for Trace {
    fn default() -> Trace {
        Trace {
            cause: Cause {
                why: Why::Given,
                start: 0,
            },
            entries: Vec::new(),
            last: Vec::new(),
            chain: Vec::new(),
            word_chain: Vec::new(),
        }
    }
}

impl Trace {
    /// Records the change of word `w` of variable `var` (or [`NONE`]) to
    /// `new` at decision level `level`, the trail's newest entry.
    #[inline(never)]
    pub(crate) fn record(&mut self, var: u32, w: usize, new: u64, level: usize) {
        let at = self.entries.len() as u32;
        let prev = if var == NONE {
            NONE
        } else {
            self.chain[var as usize].push(at);
            self.word_chain[w].push(at);
            std::mem::replace(&mut self.last[var as usize], at)
        };
        self.entries.push(Entry {
            cause: self.cause,
            var,
            prev,
            new,
            level: level as u32,
        });
    }

    /// Forgets the entries from `mark` on, newest first, as the trail
    /// (`trail`, not yet undone) is undone to `mark`.
    pub(crate) fn undo_to(&mut self, mark: usize, trail: &[(u32, u64)]) {
        for (e, &(w, _)) in self.entries.drain(mark..).zip(&trail[mark..]).rev() {
            if e.var != NONE {
                self.last[e.var as usize] = e.prev;
                self.chain[e.var as usize].pop();
                self.word_chain[w as usize].pop();
            }
        }
    }

    /// A trace of no entry on `vars` variables laid out in `words` words.
    pub(crate) fn new(vars: usize, words: usize) -> Trace {
        Trace {
            last: vec![NONE; vars],
            chain: vec![Vec::new(); vars],
            word_chain: vec![Vec::new(); words],
            ..Trace::default()
        }
    }

    /// Word `w`'s entries before `t`, then those from `t` on.
    #[inline]
    pub(crate) fn split_word(&self, w: u32, t: u32) -> (&[u32], &[u32]) {
        let chain = &self.word_chain[w as usize];
        chain.split_at(before(chain, t))
    }

    /// `var`'s entries before `t`, then those from `t` on, each oldest
    /// first.
    #[inline]
    pub(crate) fn split(&self, var: u32, t: u32) -> (&[u32], &[u32]) {
        let chain = &self.chain[var as usize];
        chain.split_at(before(chain, t))
    }

    /// Sets the cause of the changes that follow, which begin at the
    /// trail's length `start`.
    #[inline(always)]
    pub(crate) fn begin(&mut self, why: Why, start: usize) {
        self.cause = Cause {
            why,
            start: start as u32,
        };
    }
}

/// How many entries of `chain` (increasing) come before `t`: galloping
/// back from its end, since analysis mostly asks about recent entries, then
/// a binary search over the last stride.
#[inline]
fn before(chain: &[u32], t: u32) -> usize {
    let mut hi = chain.len();
    let mut step = 1;
    while hi > 0 && chain[hi - 1] >= t {
        let lo = hi.saturating_sub(step);
        if chain[lo] < t {
            return lo + chain[lo..hi].partition_point(|&e| e < t);
        }
        hi = lo;
        step *= 2;
    }
    hi
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn galloping_back_finds_what_a_binary_search_finds(
            mut chain in prop::collection::vec(0u32..200, 0..80),
            t in 0u32..210,
        ) {
            chain.sort_unstable();
            chain.dedup();
            prop_assert_eq!(super::before(&chain, t), chain.partition_point(|&e| e < t));
        }
    }
}
