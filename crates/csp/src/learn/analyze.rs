//! Conflict analysis: the changes that led to a failure, traced back
//! through their causes to the first unique implication point of the
//! deepest decision level, as a clause that the search learns.
//!
//! A node of the implication graph is the change of one variable by one
//! cause (the trail entries that cause wrote on that variable). The
//! explanation of a cause is lazy, computed here from the trail when the
//! analysis reaches it:
//!
//! - a propagator's run (or advice) is explained by the domains of its
//!   variables when the run began: every earlier change of each, or, for a
//!   variable of which it reads only the bounds, the changes that made
//!   those bounds (the default, sound for any propagator that removes only
//!   values no solution of its constraint can take);
//! - the advice about a fixed variable, by that variable's changes;
//! - a learned clause's consequence, by the changes that made its other
//!   literals false;
//! - a decision, a change at the root or by the objective's bound, by
//!   nothing.

use super::nogood::{Clause, Lit, Truth, bitset_bounds};
use crate::domain::{Cause, NONE, Store, Why};
use crate::propagator::Prop;

/// The scratch space of the analysis, kept from conflict to conflict.
#[derive(Clone, Debug, Default)]
pub(crate) struct Analysis {
    /// Per trail entry: the analysis that last marked it a node, and that
    /// explained it.
    seen: Vec<u32>,
    done: Vec<u32>,
    stamp: u32,
    /// Nodes below the conflict's level, by their first entry.
    lower: Vec<u32>,
    /// Entries found by an explanation, before they are marked.
    found: Vec<u32>,
    /// The variables met, for the activity of the variable order.
    pub(crate) bumped: Vec<u32>,
}

/// What a conflict was: the cause whose change failed, or a learned clause
/// all of whose literals are false.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Conflict {
    Cause(Cause),
    Nogood(u32),
}

/// A learned clause, the level to jump back to, and its literal to assert.
pub(crate) struct Learned {
    pub(crate) clause: Clause,
    pub(crate) level: usize,
}

/// The decision level of trail entry `at`.
fn level_of(store: &Store<'_>, at: u32) -> usize {
    store.st.trace.entries[at as usize].level as usize
}

/// The domain words of `var` when the trail had `t` entries: its current
/// words with every later change undone.
fn domain_at(store: &Store<'_>, var: u32, t: u32, out: &mut Vec<u64>) {
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
fn falsified(
    store: &Store<'_>,
    lit: &Lit,
    t: u32,
    words: &mut Vec<u64>,
    out: &mut Vec<u32>,
) -> bool {
    let var = lit.var();
    domain_at(store, var, t, words);
    let layout = &store.stat.vars[var as usize];
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

impl Analysis {
    /// The entries that explain the changes of `cause` (see the module's
    /// notes).
    fn explain(
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
            Why::Fixed(v) => self.all_before(store, v, t),
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
                prop => {
                    for &v in prop.vars().iter() {
                        if store.stat.vars[v as usize].is_interval() {
                            self.side(store, v, t, true, &mut words);
                            self.side(store, v, t, false, &mut words);
                        } else {
                            self.all_before(store, v, t);
                        }
                    }
                }
            },
            Why::Nogood(c) => {
                for lit in &clauses[c as usize].lits {
                    falsified(store, lit, t, &mut words, &mut self.found);
                }
            }
        }
    }

    /// The entries that made a bound of `var` (its lower bound with
    /// `lower`, else its upper) what it was at `t`.
    fn side(&mut self, store: &Store<'_>, var: u32, t: u32, lower: bool, words: &mut Vec<u64>) {
        let layout = &store.stat.vars[var as usize];
        domain_at(store, var, t, words);
        let (lo, hi) = if layout.is_interval() {
            (words[0] as i64, words[1] as i64)
        } else {
            bitset_bounds(words, layout.offset).unwrap_or((0, -1))
        };
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
                self.side(store, v, t, true, words);
                self.side(store, v, t, false, words);
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

    /// The first entry of `e`'s node: the oldest entry of the same cause
    /// on the same variable.
    fn node_of(store: &Store<'_>, e: u32) -> u32 {
        let entries = &store.st.trace.entries;
        let start = entries[e as usize].cause.start;
        let mut first = e;
        let mut p = entries[e as usize].prev;
        while p != NONE && p >= start {
            first = p;
            p = entries[p as usize].prev;
        }
        first
    }

    /// Analyses a conflict at decision level `level` (at least 1): the
    /// clause learned, its first literal the one to assert after jumping
    /// back to its level.
    pub(crate) fn analyse(
        &mut self,
        store: &Store<'_>,
        props: &[Prop],
        clauses: &[Clause],
        conflict: Conflict,
    ) -> Learned {
        let level = store.st.marks.len();
        let len = store.st.trail.len();
        if self.seen.len() < len {
            self.seen.resize(len, 0);
            self.done.resize(len, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.done.fill(0);
            self.stamp = 1;
        }
        self.lower.clear();
        self.bumped.clear();
        self.found.clear();
        match conflict {
            Conflict::Nogood(c) => {
                let mut words = Vec::new();
                for lit in &clauses[c as usize].lits {
                    falsified(store, lit, len as u32, &mut words, &mut self.found);
                }
            }
            Conflict::Cause(cause) => self.explain_failure(store, props, clauses, cause),
        }
        let mut pending = self.mark_found(store, level);
        let mut e = len;
        let uip = loop {
            // The newest node of this level not yet explained.
            if e == 0 || pending == 0 {
                break None;
            }
            e -= 1;
            let entry = store.st.trace.entries[e];
            if entry.var == NONE {
                continue;
            }
            let node = Self::node_of(store, e as u32);
            if self.seen[node as usize] != self.stamp || self.done[node as usize] == self.stamp {
                continue;
            }
            self.done[node as usize] = self.stamp;
            let single = entry.cause.why == Why::Decision || !self.two_bounds(store, node);
            if pending == 1 && single {
                break Some(node);
            }
            pending -= 1;
            self.explain(store, props, clauses, entry.cause, Some(entry.var));
            pending += self.mark_found(store, level);
        };
        match uip {
            Some(uip) => self.learned(store, uip),
            None => self.decisions(store),
        }
    }

    /// The clause that not every decision holds: always true, its last
    /// decision's negation asserted one level up. The fallback when no
    /// single change of the conflict's level explains it.
    fn decisions(&mut self, store: &Store<'_>) -> Learned {
        self.stamp = self.stamp.wrapping_add(1).max(1);
        self.lower.clear();
        let marks = &store.st.marks;
        for &(mark, _) in &marks[..marks.len() - 1] {
            if store
                .st
                .trace
                .entries
                .get(mark)
                .is_some_and(|e| e.cause.why == Why::Decision)
            {
                self.lower.push(Self::node_of(store, mark as u32));
            }
        }
        let last = marks[marks.len() - 1].0 as u32;
        self.learned(store, Self::node_of(store, last))
    }

    /// The explanation of a failure of `cause`: a propagator's run fails by
    /// its variables' domains as it began, the advice about a fixed
    /// variable by the domain it emptied (found among its changes).
    fn explain_failure(
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
            (Why::Prop(_), _) => self.explain(store, props, clauses, cause, None),
            (_, Some(v)) => self.all_before(store, v, u32::MAX),
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

    /// Marks the nodes of the entries found; returns how many new ones are
    /// at `level`.
    fn mark_found(&mut self, store: &Store<'_>, level: usize) -> usize {
        let mut at_level = 0;
        for i in 0..self.found.len() {
            let node = Self::node_of(store, self.found[i]);
            if self.seen[node as usize] == self.stamp {
                continue;
            }
            let l = level_of(store, node);
            if l == 0 {
                continue;
            }
            self.seen[node as usize] = self.stamp;
            self.bumped.push(store.st.trace.entries[node as usize].var);
            if l == level {
                at_level += 1;
            } else {
                self.lower.push(node);
            }
        }
        self.found.clear();
        at_level
    }

    /// Whether node `node` moved both bounds of an interval (two literals
    /// in a clause, so not one to assert).
    fn two_bounds(&self, store: &Store<'_>, node: u32) -> bool {
        let entries = &store.st.trace.entries;
        let var = entries[node as usize].var;
        if !store.stat.vars[var as usize].is_interval() {
            return false;
        }
        let start = entries[node as usize].cause.start;
        let mut words = [false; 2];
        let mut e = store.st.trace.last[var as usize];
        while e != NONE && e >= start {
            if entries[e as usize].cause.start == start {
                let w = store.st.trail[e as usize].0 - store.stat.vars[var as usize].start;
                words[w as usize] = true;
            }
            e = entries[e as usize].prev;
        }
        words[0] && words[1]
    }

    /// The clause that no solution makes every node's change true: the
    /// asserting literal first (the negation of `uip`'s change), then the
    /// deepest of the others.
    fn learned(&mut self, store: &Store<'_>, uip: u32) -> Learned {
        let mut lits = negation(store, uip);
        debug_assert_eq!(lits.len(), 1, "a unique implication point is one literal");
        let mut depth = vec![0];
        let mut levels: Vec<usize> = Vec::new();
        // Lower nodes on one variable merge into one literal (a bitset), or
        // keep the weaker bound of each side (an interval).
        self.lower
            .sort_unstable_by_key(|&n| (store.st.trace.entries[n as usize].var, n));
        for &node in &self.lower {
            let l = level_of(store, node);
            if !levels.contains(&l) {
                levels.push(l);
            }
            for lit in negation(store, node) {
                match (1..lits.len()).find(|&i| merge(&mut lits[i], &lit)) {
                    Some(i) => depth[i] = depth[i].max(l),
                    None => {
                        lits.push(lit);
                        depth.push(l);
                    }
                }
            }
        }
        let deepest = (1..lits.len()).max_by_key(|&i| depth[i]);
        let level = deepest.map_or(0, |i| depth[i]);
        if let Some(i) = deepest {
            lits.swap(1, i);
        }
        Learned {
            clause: Clause {
                lbd: levels.len() as u32 + 1,
                lits,
            },
            level,
        }
    }
}

/// Merges `new` into `old` when both are on the same variable and side:
/// the union of two bitset literals, the weaker of two bounds (a clause's
/// disjunction).
fn merge(old: &mut Lit, new: &Lit) -> bool {
    match (old, new) {
        (Lit::In { var: a, mask: m }, Lit::In { var: b, mask: n }) if *a == *b => {
            for (x, y) in m.iter_mut().zip(n.iter()) {
                *x |= *y;
            }
            true
        }
        (Lit::Le { var: a, v: x }, Lit::Le { var: b, v: y }) if *a == *b => {
            *x = (*x).max(*y);
            true
        }
        (Lit::Ge { var: a, v: x }, Lit::Ge { var: b, v: y }) if *a == *b => {
            *x = (*x).min(*y);
            true
        }
        _ => false,
    }
}

/// The literals false exactly when every change of node `node` holds: a
/// bitset takes one of the values the node removed; an interval stays on
/// the near side of a bound the node moved (one literal a bound).
fn negation(store: &Store<'_>, node: u32) -> Vec<Lit> {
    let entries = &store.st.trace.entries;
    let var = entries[node as usize].var;
    let layout = &store.stat.vars[var as usize];
    let start = entries[node as usize].cause.start;
    let mut e = store.st.trace.last[var as usize];
    if layout.is_interval() {
        // The newest entry of the node on each bound.
        let mut bounds = [None, None];
        while e != NONE && e >= start {
            if entries[e as usize].cause.start == start {
                let w = (store.st.trail[e as usize].0 - layout.start) as usize;
                bounds[w].get_or_insert(entries[e as usize].new as i64);
            }
            e = entries[e as usize].prev;
        }
        let mut lits = Vec::new();
        if let Some(lo) = bounds[0] {
            lits.push(Lit::Le { var, v: lo - 1 });
        }
        if let Some(hi) = bounds[1] {
            lits.push(Lit::Ge { var, v: hi + 1 });
        }
        return lits;
    }
    let mut mask = vec![0u64; layout.len as usize];
    let mut newest = NONE;
    while e != NONE && e >= start {
        if entries[e as usize].cause.start == start {
            let (w, old) = store.st.trail[e as usize];
            mask[(w - layout.start) as usize] |= old & !entries[e as usize].new;
            if newest == NONE {
                newest = e;
            }
        }
        e = entries[e as usize].prev;
    }
    // A node that moved a bound: the bound's literal, cheaper to watch
    // than a mask of many words, and as strong once its earlier changes
    // are in.
    let mut after = Vec::new();
    domain_at(store, var, newest + 1, &mut after);
    if let (Some((lo, hi)), Some((first, last))) = (
        bitset_bounds(&after, layout.offset),
        bitset_bounds(&mask, layout.offset),
    ) {
        if first > hi {
            return vec![Lit::Ge { var, v: hi + 1 }];
        }
        if last < lo {
            return vec![Lit::Le { var, v: lo - 1 }];
        }
    }
    vec![Lit::In {
        var,
        mask: mask.into(),
    }]
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
