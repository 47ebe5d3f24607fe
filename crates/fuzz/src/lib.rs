//! Fuzzing without a nightly compiler: proptest feeds every parser and
//! file reader of the workspace arbitrary bytes and mutations of valid
//! inputs (the tests in `tests/`), and this library measures the memory
//! they take with a counting allocator, [`Counting`].
//!
//! The [`fzn`] module writes random small FlatZinc models for the
//! differential test of the csp solver against enumeration and Gecode
//! (`tests/differential`).
//!
//! `cargo test -p fuzz` runs a few thousand cases per parser and a few
//! hundred per reader of files, which write and flush files to disk;
//! `PROPTEST_CASES=50000 cargo test -p fuzz --release` a longer run (a
//! tenth of that for the readers of files, see [`file_cases`]).
#![deny(missing_docs)]

mod alloc;
pub mod fzn;

pub use alloc::{Counting, peak_during};

/// The proptest configuration of the fuzz tests: `cases` cases, unless
/// the `PROPTEST_CASES` environment variable asks for another number.
pub fn cases(cases: u32) -> proptest::test_runner::Config {
    cases_config(cases)
}

/// The proptest configuration of the fuzz tests of file readers whose
/// cases write and flush files to disk (a shard file, a journal's
/// compaction): `cases` cases, or a tenth of `PROPTEST_CASES`, so that a
/// long run takes about as long for them as for the parsers of text.
pub fn file_cases(cases: u32) -> proptest::test_runner::Config {
    let mut config = cases_config(cases);
    if std::env::var_os("PROPTEST_CASES").is_some() {
        config.cases = (config.cases / 10).max(1);
    }
    config
}

fn cases_config(cases: u32) -> proptest::test_runner::Config {
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
