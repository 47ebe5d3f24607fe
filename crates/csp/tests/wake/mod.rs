//! What a change wakes: every propagator whose events occurred runs again
//! before a propagation ends, and every propagator runs once at the root.
//!
//! - `root`: the cases that were missed, each against what the
//!   constraints' specification implies;
//! - `rule`: the rule itself, over random narrowings of random domains
//!   watched by random sets of user propagators.

mod root;
mod rule;
