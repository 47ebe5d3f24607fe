//! The tool and the examples as a user runs them: real processes, real
//! files, real signals. One test binary, a module per part.

mod advice;
mod arguments;
mod cli;
mod cluster;
mod docs;
mod examples;
mod file_handling;
mod forwarding;
mod model;
mod model_limits;
mod output;
mod process;
mod reading;
mod result_files;
