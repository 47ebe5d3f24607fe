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
/// - It is a function of the domains: no state of its own changes (it is
///   shared by every clone of the network and every thread).
///
/// It runs once when the network is compiled and then whenever an event it
/// watches happens, again until it changes nothing, as every built-in
/// constraint does: the simple from-scratch propagation is all it needs.
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
pub trait Propagator: Send + Sync {
    /// Its variables, each with the event that wakes it (a variable listed
    /// twice wakes it on either event).
    fn vars(&self) -> Vec<(Var, Event)>;

    /// Narrows the domains of its variables, or fails: see the contract.
    fn propagate(&self, domains: &mut Domains<'_, '_>) -> Result<(), Failed>;
}

/// The domains seen by a [`Propagator`]: reads, and narrowings that the
/// search undoes on backtrack.
///
/// A variable of another model panics, like a slice indexed out of bounds
/// (list your variables in [`Propagator::vars`]). No domain is ever empty
/// here: a narrowing that would empty one fails instead.
pub struct Domains<'a, 'b> {
    pub(crate) store: &'a mut Store<'b>,
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
