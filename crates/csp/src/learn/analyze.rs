//! Conflict analysis: the changes that led to a failure, traced back
//! through their causes to the first unique implication point of the
//! deepest decision level, as a clause that the search learns.
//!
//! A node of the implication graph is the change of one variable by one
//! cause (the trail entries that cause wrote on that variable); a node is
//! replaced by its explanation (`explain`) until one node of the deepest
//! level is left. A node that moved both bounds of an interval is two
//! literals, so the analysis goes past it to a single one (a decision, at
//! worst). When no node of that level explains the conflict, the clause is
//! the negation of the decisions, always true.

use super::explain::{domain_at, falsified};
use super::nogood::{Clause, Lit, bitset_bounds};
use crate::domain::{Cause, NONE, Store, Why};
use crate::propagator::{Global, Prop};

/// The scratch space of the analysis, kept from conflict to conflict.
#[derive(Clone, Debug, Default)]
pub(crate) struct Analysis {
    /// Per trail entry: the analysis that last marked it a node, and that
    /// explained it.
    seen: Vec<u32>,
    done: Vec<u32>,
    /// Per trail entry: the analysis whose clause has it as a node.
    member: Vec<u32>,
    stamp: u32,
    /// Nodes below the conflict's level, by their first entry.
    lower: Vec<u32>,
    /// Entries found by an explanation, before they are marked.
    pub(super) found: Vec<u32>,
    /// The variables met, for the activity of the variable order.
    pub(crate) bumped: Vec<u32>,
    /// Per propagator, once asked: whether it is wide (`Analysis::wide`).
    wide: Vec<Option<bool>>,
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

/// The entries of the cause begun at `start` on `var`, oldest first.
pub(super) fn cause_entries<'a>(
    store: &'a Store<'_>,
    var: u32,
    start: u32,
) -> impl Iterator<Item = u32> + 'a {
    let entries = &store.st.trace.entries;
    store
        .st
        .trace
        .split(var, start)
        .1
        .iter()
        .copied()
        .take_while(move |&e| entries[e as usize].cause.start == start)
}

/// The decision level of trail entry `at`.
fn level_of(store: &Store<'_>, at: u32) -> usize {
    store.st.trace.entries[at as usize].level as usize
}

impl Analysis {
    /// The first entry of `e`'s node: the oldest entry of the same cause
    /// on the same variable.
    pub(super) fn node_of(store: &Store<'_>, e: u32) -> u32 {
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
            self.member.fill(0);
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
            Some(uip) => {
                self.minimise(store, props, clauses, uip);
                self.learned(store, uip)
            }
            None => self.decisions(store),
        }
    }

    /// The clause that not every decision holds: always true, its last
    /// decision's negation asserted one level up. The fallback when no
    /// single change of the conflict's level explains it, and after a
    /// solution when every one is wanted: the decisions, propagated, fixed
    /// every variable, so the clause excludes that solution alone.
    pub(crate) fn decisions(&mut self, store: &Store<'_>) -> Learned {
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

    /// Drops the lower nodes that the others imply: a node whose
    /// explanation lies wholly in the clause's other nodes (or at the root)
    /// adds nothing to it (local minimisation; explanations point only to
    /// older changes, so what is dropped rests on what is kept).
    fn minimise(&mut self, store: &Store<'_>, props: &[Prop], clauses: &[Clause], uip: u32) {
        if self.member.len() < self.seen.len() {
            self.member.resize(self.seen.len(), 0);
        }
        let stamp = self.stamp;
        self.member[uip as usize] = stamp;
        for &node in &self.lower {
            self.member[node as usize] = stamp;
        }
        let mut kept = Vec::with_capacity(self.lower.len());
        for i in 0..self.lower.len() {
            let node = self.lower[i];
            let entry = store.st.trace.entries[node as usize];
            let implied = !matches!(entry.cause.why, Why::Decision | Why::Given)
                && !self.wide(props, entry.cause.why)
                && {
                    self.found.clear();
                    self.explain(store, props, clauses, entry.cause, Some(entry.var));
                    self.found.iter().all(|&e| {
                        let n = Self::node_of(store, e);
                        self.member[n as usize] == stamp || level_of(store, n) == 0
                    })
                };
            if !implied {
                kept.push(node);
            }
        }
        self.found.clear();
        self.lower = kept;
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
        for e in cause_entries(store, var, start) {
            let w = store.st.trail[e as usize].0 - store.stat.vars[var as usize].start;
            words[w as usize] = true;
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

/// Propagators of more variables than this, explained by the default (every
/// variable's domain or bounds), are not explained again to minimise a
/// clause: a node one made is all but never implied by the clause's other
/// nodes, and explaining it reads every change of every variable.
const WIDE: usize = 16;

impl Analysis {
    /// Whether a change by `why` is one of those (see [`WIDE`]), remembered
    /// per propagator: a global's variables are sorted to be counted.
    fn wide(&mut self, props: &[Prop], why: Why) -> bool {
        let Why::Prop(p) = why else {
            return false;
        };
        if self.wide.len() < props.len() {
            self.wide.resize(props.len(), None);
        }
        *self.wide[p as usize].get_or_insert_with(|| match &props[p as usize] {
            Prop::Linear(_) | Prop::ReifiedLinear(_) | Prop::AllDifferent { dense: None, .. } => {
                false
            }
            Prop::Global(g) if matches!(&**g, Global::Cumulative(_)) => false,
            prop => prop.vars().len() > WIDE,
        })
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
    if layout.is_interval() {
        // The newest entry of the node on each bound.
        let mut bounds = [None, None];
        for e in cause_entries(store, var, start) {
            let w = (store.st.trail[e as usize].0 - layout.start) as usize;
            bounds[w] = Some(entries[e as usize].new as i64);
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
    for e in cause_entries(store, var, start) {
        let (w, old) = store.st.trail[e as usize];
        mask[(w - layout.start) as usize] |= old & !entries[e as usize].new;
        newest = e;
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
