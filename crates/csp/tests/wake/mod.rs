//! What a change wakes: every propagator whose events occurred runs again
//! before a propagation ends, and every propagator runs once at the root.
//!
//! - `root`: the cases that were missed, each against what the
//!   constraints' specification implies.

mod root;
