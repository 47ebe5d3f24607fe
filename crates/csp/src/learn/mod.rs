//! A search that learns from its failures (lazy clause generation over the
//! domains the network already keeps): every change of a domain is traced
//! with its cause (`domain::trace`); a failure is analysed back to its
//! first unique implication point (`analyze`), and the clause learned
//! joins the nogoods (`nogood`), propagated by two watched literals
//! (each watch with a blocking literal, `blocker`) beside the
//! propagators; the search jumps back to the level where that clause
//! asserts, picks the most active variable (`order`) and its saved phase,
//! restarts on the Luby sequence keeping every nogood, and keeps the store
//! bounded (the clauses of most decision levels go first, at restarts).
//!
//! Below the network: it searches a copy of a network's constants,
//! propagators and state, and hands back values; the network makes them
//! solutions.

mod analyze;
mod blocker;
mod branch;
mod circuit;
mod count;
mod cumulative;
mod disjunctive;
mod distinct;
mod element;
mod element_var;
mod explain;
mod extreme;
mod linear;
mod matching;
mod nogood;
mod order;
mod regular;
mod restart;
mod search;
mod support;
mod times;

#[cfg(test)]
pub(crate) use nogood::{Clause, Lit};
pub(crate) use search::{Learner, Shared};

#[cfg(test)]
thread_local! {
    /// The changes this thread explained by an all-different's own
    /// explanation (`distinct`): the random models' test checks they are
    /// many.
    pub(crate) static BY_DISTINCT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for an element of constants (`element`).
    pub(crate) static BY_ELEMENT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a linear equality (`linear`).
    pub(crate) static BY_LINEAR: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The restarts of this thread's searches that learn.
    pub(crate) static RESTARTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for an all-different on words, by Hall sets (`matching`).
    pub(crate) static BY_HALL: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a product (`times`).
    pub(crate) static BY_TIMES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for an `abs` (`times`).
    pub(crate) static BY_ABS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a disjunctive (`disjunctive`).
    pub(crate) static BY_DISJUNCTIVE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a cut of a cumulative's demand (`cumulative`).
    pub(crate) static BY_DEMAND: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The tasks of a cumulative read by the points they cover, lifted
    /// (`cumulative`).
    pub(crate) static BY_POINT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// A cumulative's pushed task read by a weaker bound than the one it
    /// moved from (`cumulative`).
    pub(crate) static BY_JUMP: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for an `among` or `count` (`count`).
    pub(crate) static BY_COUNT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for an element over variables (`element_var`).
    pub(crate) static BY_ELEMENT_VAR: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a `global_cardinality` (`count`).
    pub(crate) static BY_CARDINALITY: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a `circuit` (`circuit`).
    pub(crate) static BY_CIRCUIT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a `regular` (`regular`).
    pub(crate) static BY_REGULAR: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for an inverse (`support`).
    pub(crate) static BY_INVERSE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a table (`support`).
    pub(crate) static BY_SUPPORT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The same for a `min` or `max` (`extreme`).
    pub(crate) static BY_EXTREME: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}
