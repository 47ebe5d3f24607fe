//! The compiled model, above the domains and the propagators: the
//! propagation loop, and the [`Problem`] the engine searches.
//!
//! - `propagate`: the loop that runs the propagators to a fixpoint;
//! - `choice`: the choices the engine branches on;
//! - `choose`: which variable and which values a state branches on;
//! - `fingerprint`: the network's identity, a hash of what decides its answers;
//! - `learning`: the switch for a search that learns from its failures;
//! - `objective`: branch and bound on the model's objective;
//! - `parallel`: the same on several threads, with a shared incumbent;
//! - `restart`: the first solution by runs with growing node budgets;
//! - `lns`: large-neighbourhood search from an incumbent.
//!
//! A model is laid out as a network by `Model::compile` (in `model`).

mod choice;
mod choose;
mod fingerprint;
mod learning;
mod lns;
mod objective;
mod parallel;
mod propagate;
mod restart;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use backtrack::{Limits, Problem, Search, Stop};

pub use choice::{Branch, Choice, Values};
pub use lns::{Lns, SharedBound};
pub use objective::Optimum;
pub use restart::Restarts;

use crate::domain::{Fail, MAX_DOMAIN, State, Static, Store, fixed_value, interval};
use crate::error::Error;
use crate::propagator::Prop;
use crate::solution::Solution;
use crate::var::Var;

/// A compiled [`Model`](crate::Model): a [`backtrack::Problem`] whose state is the
/// domains of the variables.
///
/// # The search
///
/// At each state, after propagation to a fixpoint, the engine branches on
/// the unfixed variable with the smallest domain; ties go to the variable in
/// the most constraints (its degree), then to the lowest index. Its values
/// are tried in ascending order, each as a [`Choice`] `(var, value)`; an
/// interval of more than 64 values (too many to list, perhaps) is halved
/// first, `var <= mid` then `var > mid`, so that the search's memory grows
/// with the number of variables, not of values. An interval to maximise is
/// tried from the top down.
///
/// The groups of [`Model::branch`](crate::Model::branch) search as MiniZinc
/// and Gecode define it instead: each choice is binary, `x = v | x != v`
/// for the value `v` its value order names (an interval, which holds no
/// holes, makes `x != v` a bound at its end; `x <= m | x > m` for a split),
/// and after either branch the group's variable order chooses afresh, so
/// that `x != v` propagates and may send first-fail to another variable.
///
/// Applying a choice fixes the variable and propagates: the constraints
/// woken by the variables that change narrow the others' domains, until
/// nothing changes or a domain runs empty. An empty domain marks the state
/// failed: it has no choices, and is a dead end. Undoing a choice restores
/// every domain changed since it was applied: from a copy of the domains
/// saved by the choice when they are small (at most 128 words of 64 bits, a
/// sudoku's 81 for one), else from the trail of every change.
///
/// A state is a solution when every variable is fixed and it has not
/// failed. The order is deterministic, so the solutions come out in the same
/// order every time, on one thread or split over several with
/// [`backtrack::Parallel`].
#[derive(Clone)]
pub struct Network {
    stat: Arc<Static>,
    props: Arc<[Prop]>,
    st: State,
    /// Whether `optimize` learns (see [`Network::learning`]).
    learn: bool,
    /// What the search that learns decides on.
    learn_search: crate::branch::LearnSearch,
    /// The variables the search that learns decides on before the others
    /// (`None`: the booleans).
    learn_first: Option<Arc<[u32]>>,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("vars", &self.stat.vars.len())
            .field("constraints", &self.props.len())
            .field("failed", &self.st.failed)
            .field("depth", &self.st.marks.len())
            .finish()
    }
}

impl Network {
    /// A network of the domains and propagators laid out by a model,
    /// propagated at the root within the deadline and cancel flags of
    /// `limits` (a root propagation cut short leaves the network failed and
    /// [`cut_short`](Network::cut_short)). The limits are then dropped: a
    /// search hands its own to the network.
    pub(crate) fn new(stat: Static, props: Box<[Prop]>, st: State, limits: &Limits) -> Network {
        let mut network = Network {
            stat: Arc::new(stat),
            props: props.into(),
            st,
            learn: false,
            learn_search: crate::branch::LearnSearch::default(),
            learn_first: None,
        };
        network.st.set_limits(limits);
        network.propagate_root();
        network.st.set_limits(&Limits::default());
        network
    }

    /// The limit that cut a propagation of this network (or of the network
    /// it was cloned from) short, if one did.
    ///
    /// A propagation looks at the deadline and the cancel flags of the
    /// search that runs it (or of [`Model::compile_with`](crate::Model::compile_with)
    /// at the root) every thousand steps or so, so that one long fixpoint
    /// cannot overrun them. One cut short leaves its state failed, which
    /// is no proof that the state has no solution: from then on every
    /// search of the network reports [`Outcome::Stopped`](backtrack::Outcome::Stopped)
    /// with this limit, never a complete count, an unsatisfiable model or
    /// an optimum.
    pub fn cut_short(&self) -> Option<Stop> {
        self.st.cut
    }

    /// The first propagation: every fixed variable advised, every
    /// propagator run once. Its changes are the root state, not undoable.
    ///
    /// Every one, not only those scheduled on domain changes: an advised
    /// propagator may have work to do before any of its variables is
    /// fixed (`x != c`, one variable and a constant, loses `c` now; only
    /// advice about a fixed variable would run it later).
    fn propagate_root(&mut self) {
        let stat = &*self.stat;
        let n = stat.vars.len() as u32;
        let mut store = Store {
            stat,
            st: &mut self.st,
        };
        let mut result = Ok(());
        for v in 0..n {
            match store.size(v) {
                0 => result = Err(Fail),
                1 => store.st.fixed.push(v),
                _ => {}
            }
        }
        for p in 0..self.props.len() {
            store.st.dirty[p / 64] |= 1 << (p % 64);
        }
        if store.st.failed || result.and_then(|()| store.propagate(&self.props)).is_err() {
            store.clear();
            store.st.failed = true;
        }
        store.st.trail.clear();
    }

    /// Undoes by copies of the domains, or from the trail, whatever their
    /// size: the tests compare the two.
    #[cfg(test)]
    pub(crate) fn force_copies(&mut self, copies: bool) {
        Arc::get_mut(&mut self.stat)
            .expect("a network just compiled is the only one")
            .copies = copies;
    }

    fn var_index(&self, var: Var) -> Option<u32> {
        (var.model == self.stat.model && var.index() < self.stat.vars.len()).then_some(var.index)
    }

    /// Narrows each variable of `givens` to its value in the current state,
    /// then propagates, as a puzzle's givens: compile a model of the rules
    /// once, then fix each instance's givens on a clone of the network
    /// (cheaper than building and compiling a model per instance, and the
    /// same domains as [`Model::fix`](crate::Model::fix) before compiling).
    ///
    /// After [`Optimize::set_bound`](backtrack::Optimize::set_bound) the
    /// objective is narrowed to beat the bound too, as by an applied
    /// choice. A value the domain lacks, or a contradiction found by
    /// propagation, leaves the network failed: it has no solution. Before any choice is
    /// applied the change is part of the root state; after one, undoing that
    /// choice undoes the change too.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model; the network is
    /// then left as it was.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::puzzle;
    ///
    /// let (rules, q) = puzzle::queens(6)?;
    /// let rules = rules.compile();
    /// let mut network = rules.clone();
    /// network.fix(&[(q[0], 1)])?;
    /// assert_eq!(backtrack::count(network), 1);
    /// assert_eq!(backtrack::count(rules), 4);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn fix(&mut self, givens: &[(Var, i64)]) -> Result<(), Error> {
        if let Some(&(var, _)) = givens.iter().find(|(v, _)| self.var_index(*v).is_none()) {
            return Err(Error::ForeignVar {
                index: var.index,
                var_model: var.model,
                model: self.stat.model,
            });
        }
        self.narrow(givens.iter().map(|&(var, value)| (var.index, value)));
        Ok(())
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
    /// another model). An interval of more than
    /// [`MAX_DOMAIN`](crate::MAX_DOMAIN) values is listed by its two bounds
    /// only: read those with [`bounds`](Network::bounds).
    pub fn domain(&self, var: Var) -> Vec<i64> {
        self.var_index(var)
            .map(|v| self.listed(v))
            .unwrap_or_default()
    }

    /// Every variable's domain, in order of creation, each as
    /// [`domain`](Network::domain) lists it.
    pub fn domains(&self) -> Vec<Vec<i64>> {
        (0..self.len() as u32).map(|v| self.listed(v)).collect()
    }

    /// The smallest and largest values `var` can still take (`None` for an
    /// empty domain or a variable of another model).
    pub fn bounds(&self, var: Var) -> Option<(i64, i64)> {
        let v = self.var_index(var)?;
        (self.size(v) > 0).then(|| self.min_max(v))
    }

    /// The smallest and largest values of a non-empty domain.
    fn min_max(&self, v: u32) -> (i64, i64) {
        let layout = &self.stat.vars[v as usize];
        if layout.is_interval() {
            return interval(layout, &self.st.words);
        }
        (self.nth_value(v, 0), self.highest(v))
    }

    /// `v`'s values as [`domain`](Network::domain) lists them.
    fn listed(&self, v: u32) -> Vec<i64> {
        let layout = &self.stat.vars[v as usize];
        if !layout.is_interval() {
            return self.values_of(v).map(|c| c.value).collect();
        }
        let (lo, hi) = interval(layout, &self.st.words);
        if lo > hi {
            Vec::new()
        } else if self.size(v) <= MAX_DOMAIN as u64 {
            (lo..=hi).collect()
        } else {
            vec![lo, hi]
        }
    }

    /// The values of bitset `v`, ascending, as choices that fix it.
    fn values_of(&self, v: u32) -> Values {
        let layout = &self.stat.vars[v as usize];
        let (start, len) = (layout.start as usize, layout.len as usize);
        let var = Var {
            model: self.stat.model,
            index: v,
        };
        Values::bits(var, layout.offset, &self.st.words[start..start + len])
    }

    /// The values of the variables, if the current state is a solution.
    pub fn solution(&self) -> Option<Solution> {
        if !self.is_solution() {
            return None;
        }
        // Sized once: collecting into an `Option` would grow it by doubling.
        let mut values = Vec::with_capacity(self.len());
        for v in 0..self.len() as u32 {
            values.push(fixed_value(&self.stat, &self.st.words, v)?);
        }
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
    /// Whether `v`'s domain holds one value (a test without counting bits
    /// for a one-word domain).
    fn is_fixed(&self, v: u32) -> bool {
        let start = self.stat.vars[v as usize].start as usize;
        if self.stat.vars[v as usize].len == 1 {
            let w = self.st.words[start];
            w != 0 && w & (w - 1) == 0
        } else {
            self.size(v) == 1
        }
    }

    /// The number of values of `v`'s domain; `u64::MAX` for an interval of
    /// every `i64`.
    fn size(&self, v: u32) -> u64 {
        let layout = &self.stat.vars[v as usize];
        let start = layout.start as usize;
        let len = layout.len as usize;
        if len == 1 {
            u64::from(self.st.words[start].count_ones())
        } else if layout.is_interval() {
            let (lo, hi) = interval(layout, &self.st.words);
            u64::try_from((hi as i128 - lo as i128 + 1).max(0)).unwrap_or(u64::MAX)
        } else {
            self.st.words[start..start + len]
                .iter()
                .map(|w| u64::from(w.count_ones()))
                .sum()
        }
    }

    /// The choices on `v` by the default value order: its values ascending,
    /// one choice per value (the default search keeps its order of
    /// solutions, and counts faster this way than by binary choices: 1.2x
    /// on the queens); for an interval, which may be too wide to list, its
    /// values one by one when it has at most 64 of them, else its lower half
    /// then its upper half (see [`Values::interval_values`]): the same values
    /// in the same order, in memory bounded by the depth in variables. An
    /// interval to maximise is split from its top instead, so that branch
    /// and bound does not climb a wide domain one value at a time
    /// (minimising, the bottom is already the best end).
    fn ascending(&self, v: u32) -> Values {
        let layout = &self.stat.vars[v as usize];
        if !layout.is_interval() {
            return self.values_of(v);
        }
        let var = Var {
            model: self.stat.model,
            index: v,
        };
        let toward_best = self
            .stat
            .objective
            .is_some_and(|obj| obj.var == v && obj.maximize);
        let (lo, hi) = interval(layout, &self.st.words);
        Values::interval_values(var, lo, hi, toward_best)
    }
}

impl Problem for Network {
    type Choice = Choice;
    type Choices = Values;

    /// The choices of the first group with an unfixed variable, binary;
    /// else the values of the unfixed variable with the smallest domain
    /// (ties: the most constraints, then the lowest index), ascending; none
    /// at a failed state.
    fn choices(&self) -> Values {
        let none = Values::empty(Var {
            model: self.stat.model,
            index: 0,
        });
        if self.st.failed {
            return none;
        }
        if !self.stat.groups.is_empty()
            && let Some(values) = self.group_choices()
        {
            return values;
        }
        let mut best = None;
        let mut best_size = u64::MAX;
        for &v in self.stat.order.iter() {
            let size = self.size(v);
            // An interval of every i64 has size u64::MAX: it is picked too.
            if size > 1 && (size < best_size || best.is_none()) {
                best = Some(v);
                best_size = size;
                if size == 2 {
                    break;
                }
            }
        }
        best.map_or(none, |v| self.ascending(v))
    }

    fn apply(&mut self, choice: Choice) {
        self.st.marks.push((self.st.trail.len(), self.st.failed));
        if self.stat.copies {
            self.st.saved.extend_from_slice(&self.st.words);
        }
        if self.st.failed {
            return;
        }
        let Some(v) = self.var_index(choice.var) else {
            self.st.failed = true;
            return;
        };
        let mut store = Store {
            stat: &self.stat,
            st: &mut self.st,
        };
        if store
            .beat_bound()
            .and_then(|()| match choice.kind {
                Branch::Fix => store.assign(v, choice.value),
                Branch::AtMost => store.set_max(v, choice.value).map(drop),
                Branch::AtLeast => store.set_min(v, choice.value).map(drop),
                Branch::Exclude => store.remove(v, choice.value),
            })
            .and_then(|()| store.propagate(&self.props))
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
        if self.stat.copies {
            let at = self.st.saved.len() - self.st.words.len();
            self.st.words.copy_from_slice(&self.st.saved[at..]);
            self.st.saved.truncate(at);
        } else {
            for (w, old) in self.st.trail.drain(mark..).rev() {
                self.st.words[w as usize] = old;
            }
        }
        self.st.failed = failed;
    }

    fn is_solution(&self) -> bool {
        !self.st.failed && (0..self.len() as u32).all(|v| self.is_fixed(v))
    }

    /// Keeps the deadline and the cancel flags for the propagation.
    fn set_limits(&mut self, limits: &Limits) {
        self.st.set_limits(limits);
    }

    fn cut_short(&self) -> Option<Stop> {
        self.st.cut
    }
}
