//! The state of a search: the domains as bitsets or intervals, the trail
//! that undoes their changes, and what never changes, shared by every clone.

use backtrack::{Limits, Stop};

use super::trace::{NONE, Trace};
use super::wake::{Advice, Shifted};
use crate::branch::Group;
use crate::goal::Objective;

/// Propagation found a domain empty or a constraint violated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fail;

/// Where a variable's domain lives: it takes the values `offset + i` for
/// the bits `i` of `words[start..start + len]`; or, with `len` 0 (a bitset
/// has at least one word), every value from `words[start]` to
/// `words[start + 1]`, two `i64` bounds as words: an interval, trailed and
/// copied like any other word.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub(crate) offset: i64,
    pub(crate) start: u32,
    pub(crate) len: u32,
}

impl Layout {
    /// Whether the domain is an interval (two bounds, no holes).
    #[inline(always)]
    pub(crate) fn is_interval(&self) -> bool {
        self.len == 0
    }
}

/// The bounds of an interval domain (empty when `lo > hi`).
#[inline]
pub(crate) fn interval(layout: &Layout, words: &[u64]) -> (i64, i64) {
    let start = layout.start as usize;
    (words[start] as i64, words[start + 1] as i64)
}

/// What never changes during a search, shared by every clone.
#[derive(Clone)]
pub(crate) struct Static {
    pub(crate) model: u64,
    pub(crate) vars: Box<[Layout]>,
    pub(crate) names: Box<[Option<String>]>,
    /// The number of propagators (theirs are the network's).
    pub(crate) props: usize,
    /// For each variable in all-different constraints on one-word domains
    /// with a common offset, its peers in them, each once with its word, one
    /// list after the other.
    pub(crate) distinct: Box<[(u32, u32)]>,
    /// For each variable in `x != y + c` with `y` on one word with the same
    /// offset, `c` within a word: those peers, one list after the other.
    pub(crate) shifted: Box<[Shifted]>,
    /// For each variable, what to do when it becomes fixed:
    /// `fix_watch[fix_start[v]..fix_start[v + 1]]`.
    pub(crate) fix_start: Box<[u32]>,
    pub(crate) fix_watch: Box<[Advice]>,
    /// For each variable, the propagators to schedule when its domain
    /// changes, `change_watch[a..b]` for `(a, b) = change_range[v]`: each
    /// entry a word of `State::dirty` and the bits to set in it.
    pub(crate) change_range: Box<[(u32, u32)]>,
    pub(crate) change_watch: Box<[(u32, u64)]>,
    /// The same for the propagators woken when its bounds change (the
    /// linear constraints, which read nothing else).
    pub(crate) bounds_range: Box<[(u32, u32)]>,
    pub(crate) bounds_watch: Box<[(u32, u64)]>,
    /// Whether any propagator watches bounds (most puzzles have none).
    pub(crate) bounds_watched: bool,
    /// The variables by decreasing degree, then increasing index: the
    /// branching order among domains of equal size.
    pub(crate) order: Box<[u32]>,
    /// The number of constraints on each variable, for the variable orders
    /// that read it.
    pub(crate) degree: Box<[u32]>,
    /// Whether each applied choice saves a copy of the domains (for at most
    /// [`COPY_WORDS`] words) instead of trailing every change.
    pub(crate) copies: bool,
    /// The variable to minimise or maximise, if any.
    pub(crate) objective: Option<Objective>,
    /// The user's groups of decision variables, in order.
    pub(crate) groups: Box<[Group]>,
    /// Whether a group picks by dom/wdeg, so failures are blamed.
    pub(crate) wdeg: bool,
    /// Where the entailment flags start in the words, one bit per
    /// propagator (`None` when no propagator can be entailed): words,
    /// so that the trail and the copies undo them like any domain.
    pub(crate) entailed: Option<u32>,
    /// Whether every change is traced with its cause (a search that
    /// learns; it then trails every change, never copies).
    pub(crate) learn: bool,
    /// With `learn`, the variable of each word of the domains ([`NONE`]
    /// past them).
    pub(crate) word_var: Box<[u32]>,
}

/// The most domain words that a choice copies whole: a sudoku's 81 words
/// (648 bytes) are fewer than the trail entries of a typical choice, and a
/// copy is one `memcpy` where the trail is a push per change.
pub(crate) const COPY_WORDS: usize = 128;

/// What changes during a search: the domains, the trail or the copies that
/// undo their changes, and the propagation queues (empty between two calls).
#[derive(Debug)]
pub(crate) struct State {
    /// The variables' domains (see [`Layout`]), then the propagators'
    /// trailed state cells, then the entailment flags (see
    /// `Static::entailed`).
    pub(crate) words: Vec<u64>,
    /// `(word index, old word)` for every change of a word since the root,
    /// undone newest first. Every change removes a value, so an apply
    /// trails at most as many words as there are values; checking whether a
    /// word was trailed already costs more than trailing it again.
    pub(crate) trail: Vec<(u32, u64)>,
    /// With `Static::copies`, the domains before each applied choice, one
    /// copy after the other (the trail then stays empty).
    pub(crate) saved: Vec<u64>,
    /// The trail length and the failure flag before each applied choice.
    pub(crate) marks: Vec<(usize, bool)>,
    pub(crate) failed: bool,
    /// The best cost found by branch and bound: every applied choice first
    /// narrows the objective to beat it. Kept out of what `undo` restores.
    pub(crate) bound: Option<i64>,
    /// The failures blamed on each variable, for dom/wdeg (empty unless a
    /// group asks for it). Kept out of what `undo` restores.
    pub(crate) weights: Vec<u32>,
    /// Variables fixed by the current propagation, to advise about.
    pub(crate) fixed: Vec<u32>,
    /// The scheduled propagators, one bit each (empty between two calls).
    pub(crate) dirty: Vec<u64>,
    /// The scheduled propagators of the round being run (see
    /// `Store::next_scheduled`).
    pub(crate) round: Vec<u64>,
    /// The words of `round` before this one are zero: a round only clears
    /// bits, so the next propagator is looked for from here on.
    pub(crate) round_at: usize,
    /// Scratch space for the propagators, kept to avoid allocating.
    pub(crate) scratch: Vec<u64>,
    pub(crate) values: Vec<i64>,
    /// The propagator being run, for the entailment it may report.
    pub(crate) running: u32,
    /// The deadline and cancel flags the propagation looks at (`None`
    /// when the search has neither), and the steps left before it next
    /// looks (see [`State::tick`]).
    pub(crate) limits: Option<Limits>,
    pub(crate) poll_in: u32,
    /// The limit that cut a propagation of this network short, if one did.
    /// Kept out of what `undo` restores, and copied by a clone: once set,
    /// no search of the network is complete (see
    /// [`Network::cut_short`](crate::Network::cut_short)).
    pub(crate) cut: Option<Stop>,
    /// The causes of the trail's changes, with `Static::learn`.
    pub(crate) trace: Trace,
}

/// How many steps of a propagation (propagators run, variables advised
/// about, or work counted by a long propagator) go between two looks at
/// the clock and the flags: a look costs a read of the clock, some 25 ns,
/// and a step at least a few, so the looks cost well under 1%.
pub(crate) const POLL_STEPS: u32 = 1 << 10;

impl State {
    /// Counts `steps` of work; every [`POLL_STEPS`] of them, looks at the
    /// limits. A limit reached cuts the propagation short: the state fails
    /// (so that nothing half propagated is taken for a solution) and the
    /// limit is recorded in `cut` (so that no search reports the failure
    /// as a proof).
    #[inline]
    pub(crate) fn tick(&mut self, steps: u32) -> Result<(), Fail> {
        match self.poll_in.checked_sub(steps) {
            Some(left) if left > 0 => {
                self.poll_in = left;
                Ok(())
            }
            _ => self.poll(),
        }
    }

    /// Looks at the limits now: a limit reached is recorded in `cut` and
    /// fails.
    #[cold]
    #[inline(never)]
    pub(crate) fn poll(&mut self) -> Result<(), Fail> {
        self.poll_in = POLL_STEPS;
        match self.limits.as_ref().and_then(Limits::poll) {
            Some(stop) => {
                self.cut.get_or_insert(stop);
                Err(Fail)
            }
            None => Ok(()),
        }
    }

    /// Sets the limits later propagations look at; none for a search that
    /// only has a node budget.
    pub(crate) fn set_limits(&mut self, limits: &Limits) {
        self.limits = limits.needs_polling().then(|| limits.clone());
        self.poll_in = 1;
    }
}

impl Clone for State {
    /// Keeps the capacities of the stacks: a clone (an instance of a
    /// compiled model, a subproblem) searches as deep as the original, and
    /// growing the trail again would cost a copy per doubling.
    fn clone(&self) -> State {
        fn keep<T: Clone>(v: &Vec<T>) -> Vec<T> {
            let mut copy = Vec::with_capacity(v.capacity());
            copy.extend_from_slice(v);
            copy
        }
        State {
            words: self.words.clone(),
            trail: keep(&self.trail),
            saved: keep(&self.saved),
            marks: keep(&self.marks),
            failed: self.failed,
            bound: self.bound,
            weights: self.weights.clone(),
            fixed: keep(&self.fixed),
            dirty: self.dirty.clone(),
            round: self.round.clone(),
            round_at: self.round_at,
            scratch: self.scratch.clone(),
            values: self.values.clone(),
            running: self.running,
            limits: self.limits.clone(),
            poll_in: self.poll_in,
            cut: self.cut,
            trace: self.trace.clone(),
        }
    }
}

/// The value of `v` if its domain holds exactly one.
pub(crate) fn fixed_value(stat: &Static, words: &[u64], v: u32) -> Option<i64> {
    let layout = &stat.vars[v as usize];
    if layout.is_interval() {
        let (lo, hi) = interval(layout, words);
        return (lo == hi).then_some(lo);
    }
    let start = stat.vars[v as usize].start as usize;
    let len = stat.vars[v as usize].len as usize;
    let mut found = None;
    for (i, &w) in words[start..start + len].iter().enumerate() {
        if w != 0 {
            if found.is_some() || w & (w - 1) != 0 {
                return None;
            }
            found =
                Some(stat.vars[v as usize].offset + (i * 64) as i64 + w.trailing_zeros() as i64);
        }
    }
    found
}

impl Static {
    /// The same network's constants for a search that learns: every change
    /// trailed and traced.
    pub(crate) fn learning(&self) -> Static {
        let mut word_var = Vec::new();
        for (v, layout) in self.vars.iter().enumerate() {
            let words = if layout.is_interval() { 2 } else { layout.len } as usize;
            let start = layout.start as usize;
            if word_var.len() < start + words {
                word_var.resize(start + words, NONE);
            }
            word_var[start..start + words].fill(v as u32);
        }
        Static {
            copies: false,
            learn: true,
            word_var: word_var.into(),
            ..self.clone()
        }
    }
}
