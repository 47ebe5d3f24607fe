//! The bottom layer: the domains of the variables, as bitsets or
//! intervals, their copies or the trail that undoes their changes, and the
//! [`Store`] through which the propagators read and narrow them.
//!
//! - `state`: the domains, their copies or the trail, and what never
//!   changes;
//! - `store`: reading and narrowing domains, every change on the trail
//!   unless the choice saved a copy (intervals' reads and writes in
//!   `interval`);
//! - `values`: a domain's values one after the other;
//! - `wake`: what a change wakes, and the queues the woken propagators wait
//!   in;
//! - `trace`: why each change happened, for a search that learns.
//!
//! Nothing here knows a propagator: the network runs them (see
//! `network::propagate`).

mod interval;
mod state;
mod store;
mod trace;
mod values;
mod wake;

pub(crate) use state::{
    COPY_WORDS, Fail, Layout, POLL_STEPS, State, Static, fixed_value, interval,
};
pub(crate) use store::Store;
pub(crate) use trace::{Cause, NONE, Trace, Why};
pub(crate) use wake::{Advice, Shifted};

/// The most values a bitset domain spans, from its smallest value to its
/// largest (64 words of 64 bits): a variable whose range is wider is an
/// interval (its two bounds, no holes), which may span all of `i64`. Fewer
/// with [`Model::intervals_above`](crate::Model::intervals_above).
pub const MAX_DOMAIN: usize = 4096;
