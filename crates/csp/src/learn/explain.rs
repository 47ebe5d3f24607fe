//! Explanations, computed lazily from the trail when the analysis reaches
//! a change: which earlier changes made it follow.
//!
//! - a propagator's run (or advice) is explained by the domains of its
//!   variables when the run began: every earlier change of each (the
//!   default, sound for any propagator that removes only values no
//!   solution of its constraint can take, a user's included), but only
//!   the bounds of an interval, or of a variable the propagator reads only
//!   by its bounds (`Prop::reads_bounds_of`: the arithmetic, `cumulative`,
//!   `diffn`, ...); a linear `<=` by the side of each other term that
//!   makes the sum small, an `==` or `!=` by the bounds of each term; a
//!   reified linear by its 0/1 variable and its enforced side; a user's
//!   propagator that says [`Explain::Bounds`] by their bounds; a
//!   cumulative's by the tasks whose compulsory parts made the change (see
//!   `cumulative`); an all-different's forward checking on intervals by
//!   the variables fixed to the values it removed (see `distinct`); a
//!   `min` or `max` on intervals by the one side of each variable the
//!   change read (see `extreme`); `y = |x|` by the side each removed value
//!   needed (see `times`); a table by one lost value of each tuple
//!   that supported a removed value, an inverse by the removals of the
//!   positions that took the values away (see `support`); an `among` by
//!   the variables sure to take the set's values or sure not to, and the
//!   count's bound the change read, a `global_cardinality` the same way
//!   value by value (see `count`); an element over
//!   variables by the entries and indices that lost what the change needed
//!   (see `element_var`); a `regular` by the values lost that cut every
//!   path through the removed value (see `regular`); a `circuit` by the
//!   fixed successors of the chain that would close too soon, or of the
//!   cycle too short (see `circuit`);
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
//! after), and an explanation reads the domains as they were then: each
//! word's entries are kept in order (`Trace::word_chain`), so a word at a
//! time is a binary search, and so is the entry that moved a bound past a
//! value (a bound only narrows along the trail).

use super::analyze::{Analysis, cause_entries};
use super::nogood::{Clause, Lit, Truth, bitset_bounds};
use crate::domain::{Cause, NONE, Store, Why};
use crate::propagator::{Explain, Global, Prop};

/// The domain words of `var` when the trail had `t` entries: its current
/// words with every later change undone.
pub(super) fn domain_at(store: &Store<'_>, var: u32, t: u32, out: &mut Vec<u64>) {
    let layout = &store.stat.vars[var as usize];
    let start = layout.start;
    let len = if layout.is_interval() { 2 } else { layout.len };
    out.clear();
    out.extend((start..start + len).map(|w| word_at(store, w, t)));
}

/// Word `w` of the domains when the trail had `t` entries: the old word
/// of its oldest entry from `t` on, else its word now.
pub(super) fn word_at(store: &Store<'_>, w: u32, t: u32) -> u64 {
    match store.st.trace.split_word(w, t).1.first() {
        Some(&e) => store.st.trail[e as usize].1,
        None => store.st.words[w as usize],
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
    // Each entry before `t` that removed a value the literal allows (a
    // bound on a bitset allows a run of bits, word by word).
    let entries = &store.st.trace.entries;
    let mut removed = |at: usize, m: u64| {
        if m == 0 {
            return;
        }
        for &e in store.st.trace.split_word(layout.start + at as u32, t).0 {
            let old = store.st.trail[e as usize].1;
            if old & !entries[e as usize].new & m != 0 {
                out.push(e);
            }
        }
    };
    match lit {
        Lit::In { mask, .. } => {
            for (at, &m) in mask.iter().enumerate() {
                removed(at, m);
            }
        }
        Lit::Le { .. } | Lit::Ge { .. } => {
            let n = layout.len as usize;
            let (from, to) = kept_bits(lit, layout.offset, n);
            for at in 0..n {
                removed(at, bits_in_word(from, to, at));
            }
        }
    }
    true
}

/// Whether bound `word` (0 the lower, 1 the upper) of interval `var` was
/// `past` some value when the trail had `t` entries, and if so the entry
/// before `t` that moved it there (none if it was there at the root).
/// Along the trail's path a bound only narrows, so that entry is found by
/// a binary search among the bound's entries.
fn bound_passed(
    store: &Store<'_>,
    var: u32,
    word: u32,
    t: u32,
    past: impl Fn(i64) -> bool,
    out: &mut Vec<u32>,
) -> bool {
    let w = store.stat.vars[var as usize].start + word;
    if !past(word_at(store, w, t) as i64) {
        return false;
    }
    let before = store.st.trace.split_word(w, t).0;
    let entries = &store.st.trace.entries;
    let i = before.partition_point(|&e| !past(entries[e as usize].new as i64));
    if let Some(&e) = before.get(i) {
        out.push(e);
    }
    true
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
                Prop::Linear(l)
                    if l.rel == crate::var::Rel::Eq
                        && self.linear_eq(store, l, t, node, &mut words) => {}
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
                Prop::Global(g)
                    if matches!(&**g, Global::Times(m)
                        if self.times(store, m, t, node, &mut words)) => {}
                Prop::Global(g)
                    if matches!(&**g, Global::Abs(a)
                        if self.abs(store, a, t, node, &mut words)) => {}
                Prop::Global(g)
                    if matches!(&**g, Global::Extreme(e)
                        if self.extreme(store, e, t, node, &mut words)) => {}
                Prop::Global(g)
                    if matches!(&**g, Global::Element(e)
                        if self.element(store, e, t, node, &mut words)) => {}
                Prop::Global(g)
                    if matches!(&**g, Global::Inverse(i)
                        if self.inverse(store, i, t, node, &mut words)) => {}
                Prop::Global(g)
                    if matches!(&**g, Global::ElementVar(e)
                        if self.element_var(store, e, t, node, &mut words)) => {}
                Prop::Table(tab) if self.table(store, tab, t, node, &mut words) => {}
                Prop::Among(a) if self.among(store, a, t, node, &mut words) => {}
                Prop::Global(g)
                    if matches!(&**g, Global::Cardinality(c)
                        if self.cardinality(store, c, t, node, &mut words)) => {}
                Prop::Regular(r) if self.regular(store, r, t, node, &mut words) => {}
                Prop::Circuit(c) if self.circuit(store, c, t, node) => {}
                Prop::Disjunctive(d) if self.disjunctive(store, d, t, node, &mut words) => {}
                Prop::AllDifferent { vars, dense: None }
                    if self.all_different(store, vars, t, node, &mut words) => {}
                Prop::AllDifferent { vars, .. }
                    if self.all_different_words(store, vars, t, node, &mut words) => {}
                prop => {
                    let bounds =
                        matches!(prop, Prop::User(u) if u.prop.explain() == Explain::Bounds);
                    for &v in prop.vars().iter() {
                        if bounds
                            || store.stat.vars[v as usize].is_interval()
                            || prop.reads_bounds_of(v)
                        {
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
            let value = word_at(store, layout.start + word, t) as i64;
            let past = |x| if lower { x >= value } else { x <= value };
            bound_passed(store, var, word, t, past, &mut self.found);
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

    /// The entries that made `var >= v` (with `lower`, else `var <= v`)
    /// hold at `t`: a bound weaker than the one `var` had (lifted), or that
    /// one. A value beyond i64 is read as the bound `var` had.
    pub(super) fn bound(
        &mut self,
        store: &Store<'_>,
        var: u32,
        t: u32,
        (lower, v): (bool, i128),
        words: &mut Vec<u64>,
    ) {
        let lit = match i64::try_from(v) {
            Ok(v) if lower => v.checked_sub(1).map(|v| Lit::Le { var, v }),
            Ok(v) => v.checked_add(1).map(|v| Lit::Ge { var, v }),
            Err(_) => None,
        };
        let Some(lit) = lit else {
            return self.side(store, var, t, lower, words);
        };
        let held = falsified(store, &lit, t, words, &mut self.found);
        debug_assert!(held, "{var} {} {v} at {t}", if lower { ">=" } else { "<=" });
        if !held {
            self.side(store, var, t, lower, words);
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
    pub(super) fn moved_sides(
        &mut self,
        store: &Store<'_>,
        var: u32,
        t: u32,
        words: &mut Vec<u64>,
    ) {
        let start = store.stat.vars[var as usize].start;
        let mut moved = [false; 2];
        for e in cause_entries(store, var, t) {
            moved[(store.st.trail[e as usize].0 - start) as usize] = true;
        }
        for (word, lower) in [(0, true), (1, false)] {
            if moved[word] {
                self.side(store, var, t, lower, words);
            }
        }
    }

    /// Every entry on `var` before `t`.
    pub(super) fn all_before(&mut self, store: &Store<'_>, var: u32, t: u32) {
        self.found.extend_from_slice(store.st.trace.split(var, t).0);
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

/// The bits `from..to` of a bitset of `words` words (bit `i` the value
/// `offset + i`) that bound literal `lit` allows.
fn kept_bits(lit: &Lit, offset: i64, words: usize) -> (usize, usize) {
    let bits = (words * 64) as i128;
    let (from, to) = match lit {
        Lit::Le { v, .. } => (0, (i128::from(*v) - i128::from(offset) + 1).clamp(0, bits)),
        Lit::Ge { v, .. } => ((i128::from(*v) - i128::from(offset)).clamp(0, bits), bits),
        Lit::In { .. } => unreachable!("a bound"),
    };
    (from as usize, to as usize)
}

/// Word `i` of the mask of bits `from..to`.
fn bits_in_word(from: usize, to: usize, i: usize) -> u64 {
    let (lo, hi) = (
        from.clamp(i * 64, i * 64 + 64),
        to.clamp(i * 64, i * 64 + 64),
    );
    if lo >= hi {
        return 0;
    }
    let width = hi - lo;
    let ones = if width == 64 { !0 } else { (1u64 << width) - 1 };
    ones << (lo - i * 64)
}
