//! Long searches that survive a crash and spread over a cluster, for any
//! [`backtrack`] work list.
//!
//! The engine's [`Runner`](backtrack::Runner) solves a
//! [`WorkList`](backtrack::WorkList) on exactly the threads asked for. This
//! crate adds the files: a [`Job`] is a work list with an [`Identity`] (a
//! name, a split version and a [`fingerprint`] of what decides its answer:
//! for [`Subproblems`], the root state, the depth and the tasks) whose
//! results are a [`Tally`], and [`run`] then keeps
//!
//! - a checkpoint [`Journal`]: one line per finished task, appended at once,
//!   so a run killed with `kill -9` resumes without losing or repeating a
//!   task, and a journal of another work list is refused;
//! - a [`ShardFile`] per shard (task `i` belongs to shard `i mod M`),
//!   written atomically, and [`merge`], which adds them up only after
//!   checking that every shard is there once, all of one work list, and
//!   that nothing overflows.
//!
//! Every line of a journal and every shard file carries a checksum of its
//! content, so a hand edit or a flipped bit is refused with the file named,
//! and the numbers read are checked against the tasks they cover
//! ([`Tally::check`] with a [`Cover`]). Files are read with a bound on their
//! size, parsed without an intermediate tree, and never waited on.
//!
//! [`Subproblems`] makes a job of any [`Problem`](backtrack::Problem); the
//! N-queens counter and the pentomino count are jobs of their own.
//!
//! It also holds what every program of the workspace does the same way:
//! the values of its command line ([`parse_threads`], [`usage_line`]),
//! reading a text line by line within limits ([`Lines`]), and its
//! standard output and error ([`stdout`], [`write_failure`], [`eprintln!`](crate::eprintln!)).
//!
//! The engine itself stays free of `serde`: everything that reads or
//! writes files is here.
//!
//! # Example
//!
//! See [`Subproblems`] for a problem of your own counted with a checkpoint
//! and in shards.
//!
//! # In your own crate
//!
//! A search runs millions of nodes, and Cargo's profiles do not carry over
//! from a dependency to the crate that uses it: without these lines in
//! *your* `Cargo.toml`, your debug builds and `cargo test` run this crate
//! 4 to 7 times slower than they need to. Only the optimiser changes; debug
//! assertions stay on.
//!
//! ```toml
//! [profile.dev.package.backtrack]
//! opt-level = 3
//!
//! [profile.dev.package.runner]
//! opt-level = 3
//! ```
//!
//! The guide, in the repository's `docs/` folder, shows how the crates fit
//! together, a page per task; this documentation is the reference.
#![deny(missing_docs)]

mod args;
mod cover;
mod digest;
mod error;
mod file;
mod input;
mod job;
mod journal;
mod merge;
mod output;
mod run;
mod shard;
mod tally;

pub use args::{THREADS_MAX, cut_quoted, parse_seconds, parse_threads, usage_line};
pub use cover::Cover;
pub use error::{ECHO_MAX, Error, PATH_MAX, echo, echo_name, echo_path, plain};
pub use file::{MAX_FILE_BYTES, MAX_SHARD_BYTES, write_atomically};
pub use input::{LineError, LineLimits, Lines, read_text};
pub use job::{Identity, Job, NAME_MAX, SUBPROBLEMS_VERSION, Subproblems, fingerprint};
pub use journal::{JOURNAL_FORMAT, JOURNAL_LINE_MAX, JOURNAL_VERSION, Journal};
pub use merge::{Merged, Survey, merge, survey};
pub use output::{Stdout, eprint_line, stdout, write_failure};
pub use run::{Finished, Options, run};
pub use shard::{SHARD_FORMAT, SHARD_VERSION, SHARDS_MAX, Shard, ShardFile};
pub use tally::{Counts, Tally};
