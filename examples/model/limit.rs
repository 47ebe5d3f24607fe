//! `--time SECONDS` and `--nodes N`, the limits of every model's search,
//! and how a run that reaches one ends: what was found is printed (the
//! solutions so far, or the best so far and the bound proved), one line on
//! standard error says that the search stopped and which limit it reached,
//! and the status is 1 (docs/errors.md). A count that stops prints no
//! count.

use std::fmt;
use std::time::Duration;

use backtrack::{Limits, Outcome, Stop};

/// The limits asked for, and the words that name them.
#[derive(Debug)]
pub struct Bound {
    limits: Limits,
    time: Option<f64>,
    nodes: Option<u64>,
}

impl Bound {
    /// A deadline `time` seconds from now, and `nodes` nodes for each
    /// search (each puzzle of a file is a search of its own).
    pub fn new(time: Option<f64>, nodes: Option<u64>) -> Bound {
        let mut limits = Limits::default();
        if let Some(seconds) = time {
            limits = limits.time(Duration::from_secs_f64(seconds));
        }
        if let Some(nodes) = nodes {
            limits = limits.nodes(nodes);
        }
        Bound {
            limits,
            time,
            nodes,
        }
    }

    /// The limits, for a search.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether `--nodes` was given.
    pub fn has_nodes(&self) -> bool {
        self.nodes.is_some()
    }

    /// `Ok` unless a limit stopped the search (`outcome`): then the
    /// [`Stopped`] error that ends the program, `what` saying what was
    /// left undone.
    pub fn check(&self, outcome: Outcome, what: impl FnOnce() -> String) -> anyhow::Result<()> {
        match outcome {
            Outcome::Stopped(stop) if outcome.is_limited() => {
                Err(Stopped(format!("{} ({})", what(), self.reached(stop))).into())
            }
            _ => Ok(()),
        }
    }

    /// Which limit `stop` is, as the command line gave it.
    fn reached(&self, stop: Stop) -> String {
        match (stop, self.time, self.nodes) {
            (Stop::Deadline, Some(seconds), _) => format!("--time {seconds} reached"),
            (Stop::NodeLimit, _, Some(nodes)) => format!("--nodes {nodes} reached"),
            (stop, _, _) => stop.to_string(),
        }
    }
}

/// A search stopped by `--time` or `--nodes`: its line, status 1.
#[derive(Debug)]
pub struct Stopped(pub String);

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stopped {}
