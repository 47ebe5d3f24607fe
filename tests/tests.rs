//! The tool and the examples as a user runs them: real processes, real
//! files, real signals. One test binary, a module per part.

mod cli;
mod cluster;
mod examples;
mod file_handling;
mod forwarding;
mod model;
mod process;
mod result_files;
