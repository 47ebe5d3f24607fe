//! The runner's files: checkpoint journals, shards and merge, on real
//! files in temporary directories. One test binary, a module per part.

mod journal;
mod merge;
mod run;
