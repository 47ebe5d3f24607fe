//! Explanations, computed lazily from the trail when the analysis reaches
//! a change: which earlier changes made it follow.
//!
//! - a propagator's run (or advice) is explained by the domains of its
//!   variables when the run began: every earlier change of each (the
//!   default, sound for any propagator that removes only values no
//!   solution of its constraint can take, a user's included), but only
//!   the bounds of an interval; a linear `<=` by the side of each other
//!   term that makes the sum small, an `==` or `!=` by the bounds of each
//!   term; a reified linear by its 0/1 variable and its enforced side; a
//!   user's propagator that says [`Explain::Bounds`] by their bounds; a
//!   cumulative's by the tasks whose compulsory parts made the change (see
//!   `cumulative`);
//! - the advice about a fixed variable, by that variable's changes (and,
//!   on an interval whose bound the removal of a value moved, by the bound
//!   it moved from: the new bound needs it);
//! - a learned clause's consequence, by the changes that made its other
//!   literals false;
//! - a decision, a change at the root or by the objective's bound, by
//!   nothing.
//!
//! Lazy rather than eager: most changes are never part of a conflict, and
//! recording a reason at each would cost every propagation; the trail
//! keeps what a reason needs (each entry's cause, the words before and
//! after), and an explanation reads the domains as they were then.

use super::analyze::Analysis;
use super::nogood::{Clause, Lit, Truth, bitset_bounds};
use crate::domain::{Cause, NONE, Store, Why};
use crate::propagator::{Explain, Global, Prop};

/// The domain words of `var` when the trail had `t` entries: its current
/// words with every later change undone.
pub(super) fn domain_at(store: &Store<'_>, var: u32, t: u32, out: &mut Vec<u64>) {
    let layout = &store.stat.vars[var as usize];
    let start = layout.start as usize;
    let len = if layout.is_interval() {
        2
    } else {
        layout.len as usize
    };
    out.clear();
    out.extend_from_slice(&store.st.words[start..start + len]);
    let mut e = store.st.trace.last[var as usize];
    while e != NONE && e >= t {
        let (w, old) = store.st.trail[e as usize];
        out[w as usize - start] = old;
        e = store.st.trace.entries[e as usize].prev;
    }
}

/// The entries on `var` before `t` that made `lit` false, if it was false
/// then.
pub(super) fn falsified(
    store: &Store<'_>,
    lit: &Lit,
    t: u32,
    words: &mut Vec<u64>,
    out: &mut Vec<u32>,
) -> bool {
    let var = lit.var();
    let layout = &store.stat.vars[var as usize];
    match *lit {
        Lit::Le { v, .. } if layout.is_interval() => {
            return bound_passed(store, var, 0, t, |lo| lo > v, out);
        }
        Lit::Ge { v, .. } if layout.is_interval() => {
            return bound_passed(store, var, 1, t, |hi| hi < v, out);
        }
        _ => {}
    }
    domain_at(store, var, t, words);
    if lit.truth_in(words, layout.offset, layout.is_interval()) != Truth::False {
        return false;
    }
    // A bound on a bitset: the values it excludes.
    let as_values;
    let lit = match lit {
        Lit::Le { .. } | Lit::Ge { .. } if !layout.is_interval() => {
            as_values = as_mask(lit, layout.offset, layout.len as usize);
            &as_values
        }
        _ => lit,
    };
    let start = layout.start as usize;
    let entries = &store.st.trace.entries;
    let mut e = store.st.trace.last[var as usize];
    while e != NONE && e >= t {
        e = entries[e as usize].prev;
    }
    // Newest first: for a bound, the oldest entry that passed it.
    let mut bound = NONE;
    while e != NONE {
        let (w, old) = store.st.trail[e as usize];
        let new = entries[e as usize].new;
        let at = w as usize - start;
        match lit {
            Lit::In { mask, .. } => {
                if old & !new & mask[at] != 0 {
                    out.push(e);
                }
            }
            Lit::Le { v, .. } => {
                if at == 0 && new as i64 > *v {
                    bound = e;
                }
            }
            Lit::Ge { v, .. } => {
                if at == 1 && (new as i64) < *v {
                    bound = e;
                }
            }
        }
        e = entries[e as usize].prev;
    }
    if bound != NONE {
        out.push(bound);
    }
    true
}

/// Bound `word` (0 the lower, 1 the upper) of interval `var` when the
/// trail had `t` entries, and the newest entry on `var` before `t`.
fn bound_at(store: &Store<'_>, var: u32, word: u32, t: u32) -> (i64, u32) {
    let at = store.stat.vars[var as usize].start + word;
    let mut value = store.st.words[at as usize] as i64;
    let mut e = store.st.trace.last[var as usize];
    while e != NONE && e >= t {
        let (w, old) = store.st.trail[e as usize];
        if w == at {
            value = old as i64;
        }
        e = store.st.trace.entries[e as usize].prev;
    }
    (value, e)
}

/// Whether bound `word` of interval `var` was `past` some value at `t`,
/// and if so the entry before `t` that moved it there (none if it was at
/// the start). Along the trail's path a bound only narrows, so the walk
/// back stops at that entry rather than at the variable's first.
fn bound_passed(
    store: &Store<'_>,
    var: u32,
    word: u32,
    t: u32,
    past: impl Fn(i64) -> bool,
    out: &mut Vec<u32>,
) -> bool {
    let (value, e) = bound_at(store, var, word, t);
    if !past(value) {
        return false;
    }
    passed_from(store, var, word, e, past, out);
    true
}

/// From entry `e` back along `var`'s entries: the one that moved bound
/// `word` `past`, if any.
fn passed_from(
    store: &Store<'_>,
    var: u32,
    word: u32,
    mut e: u32,
    past: impl Fn(i64) -> bool,
    out: &mut Vec<u32>,
) {
    let at = store.stat.vars[var as usize].start + word;
    while e != NONE {
        let (w, old) = store.st.trail[e as usize];
        if w == at && !past(old as i64) {
            out.push(e);
            break;
        }
        e = store.st.trace.entries[e as usize].prev;
    }
}

impl Analysis {
    /// The entries that explain the changes of `cause` (see the module's
    /// notes).
    pub(super) fn explain(
        &mut self,
        store: &Store<'_>,
        props: &[Prop],
        clauses: &[Clause],
        cause: Cause,
        node: Option<u32>,
    ) {
        let t = cause.start;
        let mut words = Vec::new();
        match cause.why {
            Why::Decision | Why::Given => {}
            Why::Fixed(v) => {
                self.all_before(store, v, t);
                // The advice removes a value; on an interval that moves a
                // bound, and the new bound follows from the old one too.
                if let Some(n) =
                    node.filter(|&n| n != v && store.stat.vars[n as usize].is_interval())
                {
                    self.moved_sides(store, n, t, &mut words);
                }
            }
            Why::Prop(p) => match &props[p as usize] {
                Prop::Linear(l) => self.linear(store, l, t, node, &mut words),
                Prop::ReifiedLinear(r) => {
                    self.all_before(store, r.b, t);
                    domain_at(store, r.b, t, &mut words);
                    // Fixed, b enforces one side; open, either may fix it.
                    let b = bitset_bounds(&words, store.stat.vars[r.b as usize].offset);
                    if b != Some((0, 0)) {
                        self.linear(store, &r.holds, t, node, &mut words);
                    }
                    if let Some(fails) = r.fails.as_ref().filter(|_| b != Some((1, 1))) {
                        self.linear(store, fails, t, node, &mut words);
                    }
                }
                Prop::Global(g)
                    if matches!(&**g, Global::Cumulative(c)
                        if self.cumulative(store, c, t, node, &mut words)) => {}
                prop => {
                    let bounds =
                        matches!(prop, Prop::User(u) if u.prop.explain() == Explain::Bounds);
                    for &v in prop.vars().iter() {
                        if bounds || store.stat.vars[v as usize].is_interval() {
                            self.bounds_or_domain(store, v, t, &mut words);
                        } else {
                            self.all_before(store, v, t);
                        }
                    }
                }
            },
            Why::Nogood(c) => {
                let mut open = 0;
                for lit in &clauses[c as usize].lits {
                    open += usize::from(!falsified(store, lit, t, &mut words, &mut self.found));
                }
                // The clause asserted one literal: every other was false.
                debug_assert!(open <= 1, "a nogood asserted with {open} literals open");
            }
        }
    }

    /// The entries that made a bound of `var` (its lower bound with
    /// `lower`, else its upper) what it was at `t`.
    pub(super) fn side(
        &mut self,
        store: &Store<'_>,
        var: u32,
        t: u32,
        lower: bool,
        words: &mut Vec<u64>,
    ) {
        let layout = &store.stat.vars[var as usize];
        if layout.is_interval() {
            // The entry that brought the bound where it was at `t`.
            let word = u32::from(!lower);
            let (value, e) = bound_at(store, var, word, t);
            let past = |x| if lower { x >= value } else { x <= value };
            passed_from(store, var, word, e, past, &mut self.found);
            return;
        }
        domain_at(store, var, t, words);
        let (lo, hi) = bitset_bounds(words, layout.offset).unwrap_or((0, -1));
        let lit = if lower {
            lo.checked_sub(1).map(|v| Lit::Le { var, v })
        } else {
            hi.checked_add(1).map(|v| Lit::Ge { var, v })
        };
        if let Some(lit) = lit {
            falsified(store, &lit, t, words, &mut self.found);
        }
    }

    /// The bounds a linear constraint read at `t`: of a `<=`, the side of
    /// each term that makes the sum small (the only side it reads), but not
    /// of `node`'s variable, whose new bound needs none of its own; of an
    /// `==` or `!=`, both bounds of each (a second pass of an `==` may read
    /// what the first narrowed from `node`'s variable).
    fn linear(
        &mut self,
        store: &Store<'_>,
        l: &crate::propagator::Linear,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) {
        let le = l.rel == crate::var::Rel::Le;
        for (&v, &a) in l.vars.iter().zip(l.coefs.iter()) {
            if le {
                if Some(v) != node {
                    self.side(store, v, t, a > 0, words);
                }
            } else {
                self.bounds_or_domain(store, v, t, words);
            }
        }
    }

    /// Both bounds of `v` at `t`, or its whole domain if the run that began
    /// at `t` narrowed it and it is a bitset: a narrowing that lands on a
    /// hole moves the bound past it, and a later pass of the same run reads
    /// that bound (so the hole is part of the reason).
    pub(super) fn bounds_or_domain(
        &mut self,
        store: &Store<'_>,
        v: u32,
        t: u32,
        words: &mut Vec<u64>,
    ) {
        let entries = &store.st.trace.entries;
        let narrowed = !store.stat.vars[v as usize].is_interval()
            && entries[t as usize..]
                .iter()
                .take_while(|e| e.cause.start == t)
                .any(|e| e.var == v);
        if narrowed {
            self.all_before(store, v, t);
        } else {
            self.side(store, v, t, true, words);
            self.side(store, v, t, false, words);
        }
    }

    /// The bounds of interval `var` as they were at `t`, those that the
    /// cause begun at `t` moved.
    fn moved_sides(&mut self, store: &Store<'_>, var: u32, t: u32, words: &mut Vec<u64>) {
        let start = store.stat.vars[var as usize].start;
        let entries = &store.st.trace.entries;
        let mut moved = [false; 2];
        let mut e = store.st.trace.last[var as usize];
        while e != NONE && e >= t {
            if entries[e as usize].cause.start == t {
                moved[(store.st.trail[e as usize].0 - start) as usize] = true;
            }
            e = entries[e as usize].prev;
        }
        for (word, lower) in [(0, true), (1, false)] {
            if moved[word] {
                self.side(store, var, t, lower, words);
            }
        }
    }

    /// Every entry on `var` before `t`.
    fn all_before(&mut self, store: &Store<'_>, var: u32, t: u32) {
        let mut e = store.st.trace.last[var as usize];
        while e != NONE {
            if e < t {
                self.found.push(e);
            }
            e = store.st.trace.entries[e as usize].prev;
        }
    }

    /// The explanation of a failure of `cause`: a propagator's run fails by
    /// its variables' domains as it began, the advice about a fixed
    /// variable by the domain it emptied (found among its changes).
    pub(super) fn explain_failure(
        &mut self,
        store: &Store<'_>,
        props: &[Prop],
        clauses: &[Clause],
        cause: Cause,
    ) {
        let emptied = store.st.trace.entries[cause.start as usize..]
            .iter()
            .map(|e| e.var)
            .find(|&v| v != NONE && store.size(v) == 0);
        match (cause.why, emptied) {
            // An emptied domain: every change of it, the run's own
            // explained in turn (a bound it narrowed to may fall in a hole).
            // The cause's own changes of it are replaced by their reason
            // at once: the change that emptied a domain is no point to
            // learn from (its negation holds at the root).
            (Why::Prop(_) | Why::Fixed(_) | Why::Nogood(_), Some(v)) => {
                self.all_before(store, v, cause.start);
                self.explain(store, props, clauses, cause, Some(v));
            }
            (_, Some(v)) => self.all_before(store, v, u32::MAX),
            (Why::Prop(_), None) => self.explain(store, props, clauses, cause, None),
            (_, None) => {
                // Nothing narrower is known: the decisions explain it all.
                for &(mark, _) in &store.st.marks {
                    if let Some(e) = store.st.trace.entries.get(mark)
                        && e.cause.why == Why::Decision
                    {
                        self.found.push(mark as u32);
                    }
                }
            }
        }
    }
}

/// A bound literal on a bitset variable as the mask of its values.
fn as_mask(lit: &Lit, offset: i64, words: usize) -> Lit {
    let bits = (words * 64) as i128;
    // The values kept are bits `from..to`.
    let (from, to) = match lit {
        Lit::Le { v, .. } => (0, (i128::from(*v) - i128::from(offset) + 1).clamp(0, bits)),
        Lit::Ge { v, .. } => ((i128::from(*v) - i128::from(offset)).clamp(0, bits), bits),
        Lit::In { .. } => unreachable!("a bound"),
    };
    let (from, to) = (from as usize, to as usize);
    let mut mask = vec![0u64; words];
    for (i, m) in mask.iter_mut().enumerate() {
        let (lo, hi) = (
            from.clamp(i * 64, i * 64 + 64),
            to.clamp(i * 64, i * 64 + 64),
        );
        if lo < hi {
            let width = hi - lo;
            let ones = if width == 64 { !0 } else { (1u64 << width) - 1 };
            *m = ones << (lo - i * 64);
        }
    }
    Lit::In {
        var: lit.var(),
        mask: mask.into(),
    }
}
