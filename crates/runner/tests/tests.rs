//! The runner's files: checkpoint journals, shards and merge, on real
//! files in temporary directories. One test binary, a module per part.

mod input;
mod journal;
mod merge;
mod run;
mod weight;
