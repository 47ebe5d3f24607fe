//! The public propagator interface: a constraint of the user's that prunes,
//! woken only by the events it asks for.

use crate::domain::Store;
use crate::var::Var;

/// What change of a variable's domain wakes a propagator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// The variable is fixed to one value.
    Fixed,
    /// Its smallest or largest value changes (fixing it does too).
    Bounds,
    /// Any value leaves its domain.
    Domain,
}

/// What a change made by a [`Propagator`] follows from, for a search that
/// learns from its failures ([`Network::learning`](crate::Network::learning)):
/// the search explains each change by the domains of the propagator's
/// variables when it ran, whole or by their bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Explain {
    /// By every value each of its variables had lost: sound for any
    /// propagator that keeps the contract, and weak (the nogoods learned
    /// from it are long and prune little).
    Domains,
    /// By the bounds of each of its variables only: for a propagator that
    /// reads nothing else of any variable in any run (not even a hole when
    /// woken for another reason). Shorter nogoods; a propagator that reads
    /// a hole and says this makes the search learn wrong nogoods.
    Bounds,
}

/// A propagation found that the constraint cannot hold in this state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("the constraint cannot hold")]
pub struct Failed;

/// A constraint of your own that prunes: its variables, the events that
/// wake it, and a propagation that narrows their domains through
/// [`Domains`] (or fails).
///
/// # Contract
///
/// - [`propagate`](Propagator::propagate) removes only values that no
///   solution of the constraint can use, given the current domains; it may
///   remove fewer (the search stays correct, only larger).
/// - When every variable it reads is fixed, it fails exactly when the
///   values break the constraint: it is the constraint's checker too.
/// - It reads only the variables it lists, and its result depends only on
///   what their events report: a propagator woken on
///   [`Bounds`](Event::Bounds) must not read holes inside the bounds.
/// - It is a function of the domains and of its state cells: `&self` is
///   shared by every clone of the network and every thread, so what it
///   learns along a path it keeps in the cells of
///   [`initial_state`](Propagator::initial_state), read and written through
///   [`Domains::state`] and [`Domains::set_state`], which the search undoes
///   on backtrack as it undoes the domains (and a clone of the network
///   copies).
/// - It may say, through [`Domains::entailed`], that the constraint holds
///   for every combination of the current domains: it is then not run again
///   until the search backtracks above that state. Only when it is sure:
///   entailed, it checks nothing more.
///
/// It runs once when the network is compiled and then whenever an event it
/// watches happens, again until it changes nothing, as every built-in
/// constraint does: the simple from-scratch propagation is all it needs.
/// The cells and the entailment are optimisations for a propagator that
/// would redo work along a path (a prefix already read, say), or that has
/// nothing left to do long before its variables are fixed.
///
/// # Example
///
/// `x < y` on bounds, against the same rule as a
/// [`predicate`](crate::Model::predicate), which can only check fixed
/// values: the same solutions, fewer nodes.
///
/// ```
/// use csp::{Domains, Event, Failed, Model, Propagator, Var};
///
/// struct Less { x: Var, y: Var }
///
/// impl Propagator for Less {
///     fn vars(&self) -> Vec<(Var, Event)> {
///         vec![(self.x, Event::Bounds), (self.y, Event::Bounds)]
///     }
///     fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
///         // x <= max(y) - 1 and y >= min(x) + 1.
///         d.set_max(self.x, d.max(self.y) - 1)?;
///         d.set_min(self.y, d.min(self.x) + 1)?;
///         Ok(())
///     }
/// }
///
/// let build = |own: bool| -> Result<(Model, Vec<Var>), csp::Error> {
///     let mut m = Model::new();
///     let v = m.vars(4, 0..=5)?;
///     for w in v.windows(2) {
///         if own {
///             m.propagator(Less { x: w[0], y: w[1] })?;
///         } else {
///             m.predicate(&[w[0], w[1]], |a| a[0] < a[1])?;
///         }
///     }
///     Ok((m, v))
/// };
/// let nodes = |m: &Model| {
///     let mut search = backtrack::Search::new(m.compile());
///     let count = search.count().value;
///     (count, search.stats().nodes)
/// };
/// let (own, _) = build(true)?;
/// let (checked, _) = build(false)?;
/// let (count, fewer) = nodes(&own);
/// let (same, more) = nodes(&checked);
/// assert_eq!((count, same), (15, 15)); // 6 choose 4 increasing sequences
/// assert!(fewer < more, "{fewer} nodes against {more}");
/// # Ok::<(), csp::Error>(())
/// ```
///
/// At most `k` of `xs` take `v`, with the fixed prefix of `xs` kept in its
/// state cells (its length and how many of it take `v`), read once along a
/// path; entailed once the `k` are found and `v` has left the others.
///
/// ```
/// use csp::{Domains, Event, Failed, Model, Propagator, Var};
///
/// struct AtMost { xs: Vec<Var>, v: i64, k: i64 }
///
/// impl Propagator for AtMost {
///     fn vars(&self) -> Vec<(Var, Event)> {
///         self.xs.iter().map(|&x| (x, Event::Fixed)).collect()
///     }
///     fn initial_state(&self) -> Vec<i64> {
///         vec![0, 0] // the fixed prefix's length, and its v's
///     }
///     fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
///         let (mut prefix, mut seen) = (d.state(0) as usize, d.state(1));
///         while let Some(x) = self.xs.get(prefix).and_then(|&x| d.value(x)) {
///             seen += i64::from(x == self.v);
///             prefix += 1;
///         }
///         d.set_state(0, prefix as i64);
///         d.set_state(1, seen);
///         let rest = &self.xs[prefix..];
///         let taken = seen + rest.iter().filter(|&&x| d.value(x) == Some(self.v)).count() as i64;
///         if taken > self.k {
///             return Err(Failed);
///         }
///         if taken == self.k {
///             for &x in rest {
///                 if d.value(x).is_none() {
///                     d.remove(x, self.v)?;
///                 }
///             }
///             d.entailed();
///         }
///         Ok(())
///     }
/// }
///
/// let count = |own: bool| -> Result<u128, csp::Error> {
///     let mut m = Model::new();
///     let xs = m.vars(5, 0..=2)?;
///     if own {
///         m.propagator(AtMost { xs: xs.clone(), v: 1, k: 2 })?;
///     } else {
///         m.predicate(&xs, |a| a.iter().filter(|&&x| x == 1).count() <= 2)?;
///     }
///     Ok(backtrack::count(m.compile()))
/// };
/// // 2^5 + 5 * 2^4 + 10 * 2^3 words of 0s and 2s with at most two 1s.
/// assert_eq!(count(true)?, 192);
/// assert_eq!(count(false)?, 192);
/// # Ok::<(), csp::Error>(())
/// ```
pub trait Propagator: Send + Sync {
    /// Its variables, each with the event that wakes it (a variable listed
    /// twice wakes it on either event).
    fn vars(&self) -> Vec<(Var, Event)>;

    /// Narrows the domains of its variables, or fails: see the contract.
    fn propagate(&self, domains: &mut Domains<'_, '_>) -> Result<(), Failed>;

    /// Its state cells, as they start at the root: one `i64` each, read
    /// with [`Domains::state`], written with [`Domains::set_state`],
    /// restored on backtrack. None by default.
    fn initial_state(&self) -> Vec<i64> {
        Vec::new()
    }

    /// What its changes follow from, for a search that learns (see
    /// [`Explain`]): [`Explain::Domains`] by default, sound and weak.
    fn explain(&self) -> Explain {
        Explain::Domains
    }
}

/// The domains seen by a [`Propagator`]: reads, and narrowings that the
/// search undoes on backtrack.
///
/// A variable of another model panics, like a slice indexed out of bounds
/// (list your variables in [`Propagator::vars`]). No domain is ever empty
/// here: a narrowing that would empty one fails instead.
pub struct Domains<'a, 'b> {
    pub(crate) store: &'a mut Store<'b>,
    /// The propagator's state cells: the first word, and how many.
    pub(crate) state: (u32, u32),
}

impl std::fmt::Debug for Domains<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Domains").finish_non_exhaustive()
    }
}

impl Domains<'_, '_> {
    fn index(&self, x: Var) -> u32 {
        match self.store.index_of(x) {
            Some(v) => v,
            None => panic!("variable {} belongs to another model", x.index()),
        }
    }

    /// The smallest value of `x`.
    pub fn min(&self, x: Var) -> i64 {
        self.store.min(self.index(x))
    }

    /// The largest value of `x`.
    pub fn max(&self, x: Var) -> i64 {
        self.store.max(self.index(x))
    }

    /// The number of values of `x` (`u64::MAX` for an interval of every
    /// `i64`, one more than that).
    pub fn size(&self, x: Var) -> u64 {
        self.store.size(self.index(x))
    }

    /// The value of `x`, if it is fixed.
    pub fn value(&self, x: Var) -> Option<i64> {
        self.store.fixed_value(self.index(x))
    }

    /// Whether `x` can still take `value`.
    pub fn contains(&self, x: Var, value: i64) -> bool {
        self.store.contains(self.index(x), value)
    }

    /// Removes the values of `x` below `lo`; whether it changed.
    pub fn set_min(&mut self, x: Var, lo: i64) -> Result<bool, Failed> {
        let v = self.index(x);
        self.store.set_min(v, lo).map_err(|_| Failed)
    }

    /// Removes the values of `x` above `hi`; whether it changed.
    pub fn set_max(&mut self, x: Var, hi: i64) -> Result<bool, Failed> {
        let v = self.index(x);
        self.store.set_max(v, hi).map_err(|_| Failed)
    }

    /// Removes `value` from `x` (nothing if it is not there).
    pub fn remove(&mut self, x: Var, value: i64) -> Result<(), Failed> {
        let v = self.index(x);
        self.store.remove(v, value).map_err(|_| Failed)
    }

    /// Fixes `x` to `value`, failing if `x` cannot take it.
    pub fn fix(&mut self, x: Var, value: i64) -> Result<(), Failed> {
        let v = self.index(x);
        self.store.assign(v, value).map_err(|_| Failed)
    }
}

impl Domains<'_, '_> {
    /// The values of `x`, ascending.
    ///
    /// # Cost
    ///
    /// A bitset domain is read a word (64 values) at a time: one step per
    /// value and per word of its span, whatever the number of values left.
    /// An interval, which has no holes, is its range `min..=max`: one step
    /// per value, so an interval of many values is better read by its
    /// bounds.
    ///
    /// The iterator borrows the domains: collect it first to narrow the
    /// domains by what it finds (or step with
    /// [`next_value`](Domains::next_value)).
    pub fn values(&self, x: Var) -> impl Iterator<Item = i64> + '_ {
        self.store.values(self.index(x))
    }

    /// The smallest value of `x` above `value`, if it has one: a step of
    /// [`values`](Domains::values) that does not borrow the domains, at the
    /// cost of finding its place again (a few words of a bitset).
    pub fn next_value(&self, x: Var, value: i64) -> Option<i64> {
        self.store.next_value(self.index(x), value)
    }

    /// State cell `i` of this propagator, as it was left by its last write
    /// on the path to the current search state (or as
    /// [`Propagator::initial_state`] gave it).
    ///
    /// # Panics
    ///
    /// When `i` is not below the length of its initial state, like a slice
    /// indexed out of bounds.
    pub fn state(&self, i: usize) -> i64 {
        self.store.st.words[self.cell(i)] as i64
    }

    /// Writes state cell `i`: the search undoes the write on backtrack, as
    /// it undoes a narrowing. Wakes nothing.
    ///
    /// # Panics
    ///
    /// As [`state`](Domains::state).
    pub fn set_state(&mut self, i: usize, value: i64) {
        let w = self.cell(i);
        if self.store.st.words[w] != value as u64 {
            self.store.write(w, value as u64);
        }
    }

    /// Says that the constraint holds for every combination of the
    /// current domains: the network does not run this propagator again
    /// until the search backtracks above this state. Claiming it when some
    /// combination breaks the constraint loses the check of those
    /// combinations: solutions that are not.
    pub fn entailed(&mut self) {
        self.store.entail();
    }

    fn cell(&self, i: usize) -> usize {
        let (start, len) = self.state;
        assert!(
            i < len as usize,
            "state cell {i} of a propagator with {len} cells"
        );
        start as usize + i
    }
}
