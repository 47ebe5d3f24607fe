//! Fuzzing without a nightly compiler: proptest feeds every parser and
//! file reader of the workspace arbitrary bytes and mutations of valid
//! inputs (the tests in `tests/`), and this library measures the memory
//! they take with a counting allocator, [`Counting`].
//!
//! `cargo test -p fuzz` runs a few thousand cases per parser;
//! `PROPTEST_CASES=50000 cargo test -p fuzz --release` a longer run.
#![deny(missing_docs)]

mod alloc;

pub use alloc::{Counting, peak_during};

/// The proptest configuration of the fuzz tests: `cases` cases, unless
/// the `PROPTEST_CASES` environment variable asks for another number.
pub fn cases(cases: u32) -> proptest::test_runner::Config {
    let mut config = proptest::test_runner::Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

/// The most memory a parser may take for an input of `len` bytes:
/// 64 bytes per input byte, plus 1 MiB.
pub fn memory_bound(len: usize) -> usize {
    64 * len + (1 << 20)
}
