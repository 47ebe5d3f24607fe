//! The compiled model: domains as bitsets, a trail, the propagation loop,
//! and the [`Problem`] the engine searches.

use std::collections::VecDeque;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use backtrack::{Problem, Search};

use crate::model::{Model, Var};
use crate::propagator::Propagator;
use crate::solution::Solution;

/// Propagation found a domain empty or a constraint violated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fail;

/// Where a variable's domain lives: it takes the values `offset + i` for
/// the bits `i` of `words[start..start + len]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    offset: i64,
    start: u32,
    len: u32,
}

/// Work to do when a variable becomes fixed to a value.
#[derive(Clone, Copy, Debug)]
enum Advice {
    /// `x != y + c` held in the watch list itself, the commonest and
    /// cheapest advice (the diagonals of N-queens): remove
    /// `value - shift` from `other`.
    Differ { other: u32, shift: i64 },
    /// Tell propagator `p` that its variable at position `pos` is fixed.
    Propagator { p: u32, pos: u32 },
}

/// What never changes during a search, shared by every clone.
pub(crate) struct Static {
    pub(crate) model: u64,
    pub(crate) vars: Box<[Layout]>,
    pub(crate) names: Box<[Option<String>]>,
    props: Box<[Propagator]>,
    /// For each variable, what to do when it becomes fixed:
    /// `fix_watch[fix_start[v]..fix_start[v + 1]]`.
    fix_start: Box<[u32]>,
    fix_watch: Box<[Advice]>,
    /// For each variable, the propagators to schedule when its domain
    /// changes: `change_watch[change_start[v]..change_start[v + 1]]`.
    change_start: Box<[u32]>,
    change_watch: Box<[u32]>,
    /// The variables by decreasing degree, then increasing index: the
    /// branching order among domains of equal size.
    order: Box<[u32]>,
}

/// What changes during a search: the domains, the trail that undoes their
/// changes, and the propagation queues (empty between two calls).
#[derive(Clone, Debug)]
pub(crate) struct State {
    words: Vec<u64>,
    /// `(word index, old word)` for the first change of a word in each
    /// applied choice since the root.
    trail: Vec<(u32, u64)>,
    /// The apply in which each word was last put on the trail: a word
    /// changed several times while one choice propagates is saved once.
    stamps: Vec<u64>,
    /// Counts the applies; never repeats, so an old stamp never matches.
    epoch: u64,
    /// The trail length and the failure flag before each applied choice.
    marks: Vec<(usize, bool)>,
    failed: bool,
    /// Variables fixed by the current propagation, to advise about.
    fixed: Vec<u32>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// Scratch space for the propagators, kept to avoid allocating.
    pub(crate) scratch: Vec<u64>,
    pub(crate) values: Vec<i64>,
}

/// A compiled [`Model`]: a [`backtrack::Problem`] whose state is the
/// domains of the variables.
///
/// # The search
///
/// At each state, after propagation to a fixpoint, the engine branches on
/// the unfixed variable with the smallest domain; ties go to the variable in
/// the most constraints (its degree), then to the lowest index. Its values
/// are tried in ascending order, each as a [`Choice`] `(var, value)`.
/// Applying a choice fixes the variable and propagates: the constraints
/// woken by the variables that change narrow the others' domains, until
/// nothing changes or a domain runs empty. An empty domain marks the state
/// failed: it has no choices, and is a dead end. Undoing a choice restores
/// every domain changed since it was applied, from the trail; nothing is
/// copied per node.
///
/// A state is a solution when every variable is fixed and it has not
/// failed. The order is deterministic, so the solutions come out in the same
/// order every time, on one thread or split over several with
/// [`backtrack::Parallel`].
#[derive(Clone)]
pub struct Network {
    stat: Arc<Static>,
    st: State,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("vars", &self.stat.vars.len())
            .field("constraints", &self.stat.props.len())
            .field("failed", &self.st.failed)
            .field("depth", &self.st.marks.len())
            .finish()
    }
}

/// One branch of the search: `var` takes `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The variable fixed.
    pub var: Var,
    /// Its value.
    pub value: i64,
}

/// The values of one variable, ascending, as choices: an owned copy of its
/// domain (one word on the stack for domains of up to 64 values).
#[derive(Clone, Debug)]
pub struct Values {
    var: Var,
    offset: i64,
    /// The index of the word in `bits`.
    word: u32,
    bits: u64,
    /// The words after it, last first.
    rest: Vec<u64>,
}

impl Values {
    fn empty(var: Var) -> Values {
        Values {
            var,
            offset: 0,
            word: 0,
            bits: 0,
            rest: Vec::new(),
        }
    }
}

impl Iterator for Values {
    type Item = Choice;

    #[inline]
    fn next(&mut self) -> Option<Choice> {
        while self.bits == 0 {
            self.bits = self.rest.pop()?;
            self.word += 1;
        }
        let bit = self.word as i64 * 64 + self.bits.trailing_zeros() as i64;
        self.bits &= self.bits - 1;
        Some(Choice {
            var: self.var,
            value: self.offset + bit,
        })
    }
}

/// The domains and the trail, seen by a propagator.
pub(crate) struct Store<'a> {
    stat: &'a Static,
    pub(crate) st: &'a mut State,
}

impl Store<'_> {
    #[inline]
    fn span(&self, v: u32) -> (usize, usize) {
        let start = self.stat.vars[v as usize].start as usize;
        (start, start + self.stat.vars[v as usize].len as usize)
    }

    /// The single word of a one-word domain.
    #[inline]
    pub(crate) fn word(&self, v: u32) -> u64 {
        self.st.words[self.stat.vars[v as usize].start as usize]
    }

    /// Whether bit `bit` (relative to the offset) is in `v`'s domain.
    #[inline]
    pub(crate) fn has_bit(&self, v: u32, bit: u32) -> bool {
        let (start, end) = self.span(v);
        let w = start + (bit / 64) as usize;
        w < end && self.st.words[w] >> (bit % 64) & 1 == 1
    }

    /// The bit of `value` in `v`'s domain words, if it is in their range.
    #[inline]
    fn bit_of(&self, v: u32, value: i64) -> Option<usize> {
        let bit = value.checked_sub(self.stat.vars[v as usize].offset)?;
        let (start, end) = self.span(v);
        (0 <= bit && (bit as usize) < (end - start) * 64).then_some(bit as usize)
    }

    #[inline]
    pub(crate) fn fixed_value(&self, v: u32) -> Option<i64> {
        fixed_value(self.stat, &self.st.words, v)
    }

    /// The smallest value of a non-empty domain.
    pub(crate) fn min(&self, v: u32) -> i64 {
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        let i = words.iter().position(|&w| w != 0).unwrap_or(0);
        self.stat.vars[v as usize].offset + (i * 64) as i64 + words[i].trailing_zeros() as i64
    }

    /// The largest value of a non-empty domain.
    pub(crate) fn max(&self, v: u32) -> i64 {
        let (start, end) = self.span(v);
        let words = &self.st.words[start..end];
        let i = words.iter().rposition(|&w| w != 0).unwrap_or(0);
        self.stat.vars[v as usize].offset + (i * 64 + 63) as i64 - words[i].leading_zeros() as i64
    }

    /// Writes a word, recording the old one if it is its first change in
    /// this apply.
    #[inline]
    fn write(&mut self, w: usize, new: u64) {
        if self.st.stamps[w] != self.st.epoch {
            self.st.stamps[w] = self.st.epoch;
            self.st.trail.push((w as u32, self.st.words[w]));
        }
        self.st.words[w] = new;
    }

    /// After `v`'s domain changed: fails if empty, notes it if fixed, and
    /// schedules the propagators that watch it.
    #[inline]
    fn touched(&mut self, v: u32) -> Result<(), Fail> {
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

    /// Replaces a one-word domain.
    pub(crate) fn set_word(&mut self, v: u32, new: u64) -> Result<(), Fail> {
        let w = self.stat.vars[v as usize].start as usize;
        if self.st.words[w] != new {
            self.write(w, new);
            self.touched(v)?;
        }
        Ok(())
    }

    /// Removes `value` from `v`'s domain. Most calls find it gone already:
    /// that test is inlined, the change is not.
    #[inline(always)]
    pub(crate) fn remove(&mut self, v: u32, value: i64) -> Result<(), Fail> {
        if let Some(bit) = self.bit_of(v, value) {
            let w = self.stat.vars[v as usize].start as usize + bit / 64;
            if self.st.words[w] >> (bit % 64) & 1 == 1 {
                return self.clear_bit(v, w, bit % 64);
            }
        }
        Ok(())
    }

    /// Removes bit `bit` of word `w`, which `v`'s domain holds.
    #[inline(never)]
    fn clear_bit(&mut self, v: u32, w: usize, bit: usize) -> Result<(), Fail> {
        let new = self.st.words[w] & !(1 << bit);
        self.write(w, new);
        self.touched(v)
    }

    /// Removes the bit of `mask` from each of `vars` but the one at
    /// position `skip`: all different, when every domain is one word with
    /// the same offset.
    #[inline]
    pub(crate) fn remove_mask(&mut self, vars: &[u32], skip: u32, mask: u64) -> Result<(), Fail> {
        for (i, &v) in vars.iter().enumerate() {
            let w = self.stat.vars[v as usize].start as usize;
            if self.st.words[w] & mask != 0 && i as u32 != skip {
                self.clear_bit(v, w, mask.trailing_zeros() as usize)?;
            }
        }
        Ok(())
    }

    /// The offset of `v`'s values.
    #[inline]
    pub(crate) fn offset(&self, v: u32) -> i64 {
        self.stat.vars[v as usize].offset
    }

    /// Narrows `v`'s domain to the words of `mask` (its first words).
    pub(crate) fn intersect(&mut self, v: u32, mask: &[u64]) -> Result<bool, Fail> {
        let (start, end) = self.span(v);
        let mut changed = false;
        for (w, &m) in (start..end).zip(mask) {
            let old = self.st.words[w];
            if old & m != old {
                self.write(w, old & m);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
        }
        Ok(changed)
    }

    /// Removes the values below `lo`; says whether the domain changed.
    pub(crate) fn set_min(&mut self, v: u32, lo: i64) -> Result<bool, Fail> {
        let (start, end) = self.span(v);
        let offset = self.stat.vars[v as usize].offset;
        if lo <= offset {
            return Ok(false);
        }
        // lo > offset, so the difference is positive; it may not fit.
        let cut = (lo as i128 - offset as i128).min(((end - start) * 64) as i128) as usize;
        let mut changed = false;
        for (i, w) in (start..end).enumerate() {
            let keep = if (i + 1) * 64 <= cut {
                0
            } else if i * 64 >= cut {
                break;
            } else {
                !0u64 << (cut - i * 64)
            };
            let old = self.st.words[w];
            if old & keep != old {
                self.write(w, old & keep);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
        }
        Ok(changed)
    }

    /// Removes the values above `hi`; says whether the domain changed.
    pub(crate) fn set_max(&mut self, v: u32, hi: i64) -> Result<bool, Fail> {
        let (start, end) = self.span(v);
        let offset = self.stat.vars[v as usize].offset;
        if hi < offset {
            // Nothing stays.
            let mut changed = false;
            for w in start..end {
                if self.st.words[w] != 0 {
                    self.write(w, 0);
                    changed = true;
                }
            }
            if changed {
                self.touched(v)?;
            }
            return Ok(changed);
        }
        // Bits 0..keep stay.
        let keep = (hi as i128 - offset as i128 + 1).min(((end - start) * 64) as i128) as usize;
        let mut changed = false;
        for (i, w) in (start..end).enumerate() {
            let mask = if (i + 1) * 64 <= keep {
                continue;
            } else if i * 64 >= keep {
                0
            } else {
                (1u64 << (keep - i * 64)) - 1
            };
            let old = self.st.words[w];
            if old & mask != old {
                self.write(w, old & mask);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
        }
        Ok(changed)
    }

    /// Fixes `v` to `value`, failing if the domain does not hold it.
    fn assign(&mut self, v: u32, value: i64) -> Result<(), Fail> {
        let bit = self.bit_of(v, value).ok_or(Fail)?;
        let (start, end) = self.span(v);
        if self.st.words[start + bit / 64] >> (bit % 64) & 1 == 0 {
            return Err(Fail);
        }
        let mut changed = false;
        for (i, w) in (start..end).enumerate() {
            let new = if i == bit / 64 { 1 << (bit % 64) } else { 0 };
            if self.st.words[w] != new {
                self.write(w, new);
                changed = true;
            }
        }
        if changed {
            self.touched(v)?;
        }
        Ok(())
    }

    /// Runs the propagators until nothing changes: the advice about fixed
    /// variables first (cheap), then the scheduled propagators one by one.
    fn propagate(&mut self) -> Result<(), Fail> {
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
    fn clear(&mut self) {
        self.st.fixed.clear();
        for p in self.st.queue.drain(..) {
            self.st.queued[p as usize] = false;
        }
    }
}

fn fixed_value(stat: &Static, words: &[u64], v: u32) -> Option<i64> {
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

impl Network {
    pub(crate) fn new(model: &Model, id: u64) -> Network {
        let n = model.vars.len();
        let mut starts = Vec::with_capacity(n);
        let mut words = Vec::new();
        for def in &model.vars {
            starts.push(words.len() as u32);
            words.extend_from_slice(&def.words);
        }
        let props: Box<[Propagator]> = model.props.clone().into();
        let mut degree = vec![0u32; n];
        let mut fixes: Vec<Vec<Advice>> = vec![Vec::new(); n];
        let mut changes: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (p, prop) in props.iter().enumerate() {
            let p = p as u32;
            for v in prop.vars() {
                degree[v as usize] += 1;
                if prop.is_scheduled() {
                    changes[v as usize].push(p);
                }
            }
            if let Propagator::NotEqual { x, y, c } = *prop {
                // x fixed to a: y != a - c; y fixed to b: x != b + c.
                fixes[x as usize].push(Advice::Differ { other: y, shift: c });
                if let Some(shift) = c.checked_neg() {
                    fixes[y as usize].push(Advice::Differ { other: x, shift });
                } else {
                    // c = i64::MIN: b + c needs no negation to compute.
                    fixes[y as usize].push(Advice::Propagator { p, pos: 1 });
                }
            } else if prop.is_advised() {
                for (pos, v) in prop.advised_vars().into_iter().enumerate() {
                    fixes[v as usize].push(Advice::Propagator { p, pos: pos as u32 });
                }
            }
        }
        let (fix_start, fix_watch) = flatten(fixes);
        let (change_start, change_watch) = flatten(changes);
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(degree[v as usize]), v));
        let stat = Static {
            model: id,
            vars: model
                .vars
                .iter()
                .zip(starts)
                .map(|(d, start)| Layout {
                    offset: d.offset,
                    start,
                    len: d.words.len() as u32,
                })
                .collect(),
            names: model.vars.iter().map(|d| d.name.clone()).collect(),
            props,
            fix_start,
            fix_watch,
            change_start,
            change_watch,
            order: order.into(),
        };
        let queued = vec![false; stat.props.len()];
        let mut network = Network {
            st: State {
                stamps: vec![0; words.len()],
                epoch: 0,
                words,
                trail: Vec::new(),
                marks: Vec::new(),
                failed: model.infeasible,
                fixed: Vec::new(),
                queue: VecDeque::new(),
                queued,
                scratch: Vec::new(),
                values: Vec::new(),
            },
            stat: Arc::new(stat),
        };
        network.propagate_root();
        network
    }

    /// The first propagation: every fixed variable advised, every scheduled
    /// propagator run once. Its changes are the root state, not undoable.
    fn propagate_root(&mut self) {
        let stat = &*self.stat;
        let n = stat.vars.len() as u32;
        let mut store = Store {
            stat,
            st: &mut self.st,
        };
        let mut result = Ok(());
        for v in 0..n {
            let (start, end) = store.span(v);
            let size: u32 = store.st.words[start..end]
                .iter()
                .map(|w| w.count_ones())
                .sum();
            match size {
                0 => result = Err(Fail),
                1 => store.st.fixed.push(v),
                _ => {}
            }
        }
        for (p, prop) in stat.props.iter().enumerate() {
            if prop.is_scheduled() {
                store.st.queued[p] = true;
                store.st.queue.push_back(p as u32);
            }
        }
        if store.st.failed || result.and_then(|()| store.propagate()).is_err() {
            store.clear();
            store.st.failed = true;
        }
        store.st.trail.clear();
    }

    fn var_index(&self, var: Var) -> Option<u32> {
        (var.model == self.stat.model && var.index() < self.stat.vars.len()).then_some(var.index)
    }

    /// Whether propagation has found the current state impossible.
    pub fn is_failed(&self) -> bool {
        self.st.failed
    }

    /// The number of variables.
    pub fn len(&self) -> usize {
        self.stat.vars.len()
    }

    /// Whether the network has no variables.
    pub fn is_empty(&self) -> bool {
        self.stat.vars.is_empty()
    }

    /// The value of `var` if its domain holds exactly one (`None` for a
    /// variable of another model).
    pub fn value(&self, var: Var) -> Option<i64> {
        fixed_value(&self.stat, &self.st.words, self.var_index(var)?)
    }

    /// The values `var` can still take, ascending (none for a variable of
    /// another model).
    pub fn domain(&self, var: Var) -> Vec<i64> {
        self.var_index(var)
            .map(|v| self.values_of(v).map(|c| c.value).collect())
            .unwrap_or_default()
    }

    /// Every variable's domain, in order of creation.
    pub fn domains(&self) -> Vec<Vec<i64>> {
        (0..self.len() as u32)
            .map(|v| self.values_of(v).map(|c| c.value).collect())
            .collect()
    }

    fn values_of(&self, v: u32) -> Values {
        let start = self.stat.vars[v as usize].start as usize;
        let len = self.stat.vars[v as usize].len as usize;
        let words = &self.st.words[start..start + len];
        Values {
            var: Var {
                model: self.stat.model,
                index: v,
            },
            offset: self.stat.vars[v as usize].offset,
            word: 0,
            bits: words[0],
            rest: words[1..].iter().rev().copied().collect(),
        }
    }

    /// The values of the variables, if the current state is a solution.
    pub fn solution(&self) -> Option<Solution> {
        if !self.is_solution() {
            return None;
        }
        let values = (0..self.len() as u32)
            .map(|v| fixed_value(&self.stat, &self.st.words, v))
            .collect::<Option<Vec<i64>>>()?;
        Some(Solution::new(Arc::clone(&self.stat), values))
    }

    /// The first `k` solutions (all, if there are fewer), in the search's
    /// order. The network is left as it is.
    pub fn solutions(&self, k: usize) -> Vec<Solution> {
        let mut found = Vec::new();
        if k == 0 {
            return found;
        }
        let _ = Search::new(self.clone()).for_each(|network, _| {
            found.extend(network.solution());
            if found.len() >= k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }

    #[inline]
    fn size(&self, v: u32) -> u32 {
        let start = self.stat.vars[v as usize].start as usize;
        let len = self.stat.vars[v as usize].len as usize;
        if len == 1 {
            self.st.words[start].count_ones()
        } else {
            self.st.words[start..start + len]
                .iter()
                .map(|w| w.count_ones())
                .sum()
        }
    }
}

/// Per-variable lists as one array and the start of each list.
fn flatten<T>(lists: Vec<Vec<T>>) -> (Box<[u32]>, Box<[T]>) {
    let mut starts = Vec::with_capacity(lists.len() + 1);
    let mut all = Vec::new();
    starts.push(0);
    for list in lists {
        all.extend(list);
        starts.push(all.len() as u32);
    }
    (starts.into(), all.into())
}

impl Problem for Network {
    type Choice = Choice;
    type Choices = Values;

    /// The values of the unfixed variable with the smallest domain (ties:
    /// the most constraints, then the lowest index), ascending; none at a
    /// failed state.
    fn choices(&self) -> Values {
        let none = Values::empty(Var {
            model: self.stat.model,
            index: 0,
        });
        if self.st.failed {
            return none;
        }
        let mut best = None;
        let mut best_size = u32::MAX;
        for &v in self.stat.order.iter() {
            let size = self.size(v);
            if size > 1 && size < best_size {
                best = Some(v);
                best_size = size;
                if size == 2 {
                    break;
                }
            }
        }
        best.map_or(none, |v| self.values_of(v))
    }

    fn apply(&mut self, choice: Choice) {
        self.st.marks.push((self.st.trail.len(), self.st.failed));
        if self.st.failed {
            return;
        }
        let Some(v) = self.var_index(choice.var) else {
            self.st.failed = true;
            return;
        };
        self.st.epoch += 1;
        let mut store = Store {
            stat: &self.stat,
            st: &mut self.st,
        };
        if store
            .assign(v, choice.value)
            .and_then(|()| store.propagate())
            .is_err()
        {
            store.clear();
            store.st.failed = true;
        }
    }

    fn undo(&mut self, _: Choice) {
        let Some((mark, failed)) = self.st.marks.pop() else {
            return;
        };
        for (w, old) in self.st.trail.drain(mark..).rev() {
            self.st.words[w as usize] = old;
        }
        self.st.failed = failed;
    }

    fn is_solution(&self) -> bool {
        !self.st.failed && (0..self.len() as u32).all(|v| self.size(v) == 1)
    }
}
