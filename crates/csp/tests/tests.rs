//! The csp tests.
