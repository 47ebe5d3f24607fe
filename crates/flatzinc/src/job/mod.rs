//! A FlatZinc instance as a [`runner::Job`]: its search cut into
//! subproblems, each solved on its own, so that a run survives `kill -9`
//! (a checkpoint) and spreads over a cluster (shards, then a merge).
//!
//! - `found`: what the tasks found, added up ([`Found`]);
//! - `merge`: the shards of a directory added up and printed;
//! - `run`: a job run as the command line asks.

mod found;
mod merge;
mod run;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use backtrack::{Limits, Optimize, Outcome, Problem, Report, Search, Stop, WorkList};
use csp::{Choice, Network};
use serde::Serialize;

use crate::check::check;
use crate::instance::Instance;
use crate::output::solution_lines;
use crate::translate::Translation;

pub use found::{Best, Found, LINES_MAX};
pub use merge::{is_ours, merge, status};
pub use run::{JobError, Request, run};

/// The version of the way [`Tasks`] splits an instance: the engine's
/// subproblems of the compiled network, at the depth given or picked. It
/// goes up whenever the same file and options may give other tasks.
pub const TASKS_VERSION: u32 = 1;

/// The start of every [`Tasks`] job's name: what a merge recognises.
pub const NAME_PREFIX: &str = "fzn-csp ";

/// What changes a job's answer besides the file: the options it is run
/// with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `-a`: count every solution of each task (otherwise a satisfaction
    /// task stops at its first).
    pub all: bool,
    /// `-f`: the search annotations were ignored when translating.
    pub free: bool,
    /// The depth of the cut; `None` for the engine's pick (about 1024
    /// tasks).
    pub depth: Option<usize>,
}

/// A translated FlatZinc instance as a [`runner::Job`].
///
/// The tasks are the subproblems of its compiled network; each one's
/// result is a [`Found`]: its solutions counted (all of its subtree with
/// [`Options::all`], otherwise up to its first), each checked against the
/// instance by [`check`](fn@crate::check) before it counts; its first
/// solution's printed lines; for an optimisation, its best solution by
/// branch and bound.
///
/// The identity's hash covers the network's
/// [`fingerprint`](csp::Network::fingerprint), the depth of the cut, the
/// tasks and the options: shards or a checkpoint of another file, another
/// cut or other options are refused.
pub struct Tasks {
    name: String,
    instance: Instance,
    translation: Translation,
    network: Network,
    paths: Vec<Vec<Choice>>,
    hash: u64,
    options: Options,
    weights: Vec<OnceLock<f64>>,
    /// The best cost any task of this process has found (`i64::MAX` for
    /// none): a task starts its branch and bound from it.
    shared: AtomicI64,
    /// Raised when a solution fails its check or prints too much: every
    /// task stops.
    halt: Arc<AtomicBool>,
    /// Why, for the first such solution.
    failure: Mutex<Option<String>>,
}

impl std::fmt::Debug for Tasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tasks")
            .field("name", &self.name)
            .field("tasks", &self.paths.len())
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// What the identity's hash reads besides the tasks.
#[derive(Serialize)]
struct Head {
    network: Network,
    depth: usize,
    all: bool,
    free: bool,
    optimize: bool,
}

impl Tasks {
    /// The tasks of `network`, compiled from `translation` of `instance`,
    /// cut as `options` say; `name` (the file's name, say) goes into the
    /// identity, after [`NAME_PREFIX`].
    pub fn new(
        name: &str,
        instance: Instance,
        translation: Translation,
        network: Network,
        options: Options,
    ) -> Tasks {
        let (depth, paths) = match options.depth {
            Some(depth) => (depth, backtrack::subproblems(network.clone(), depth)),
            None => backtrack::subproblems_auto(&network),
        };
        let head = Head {
            network: network.clone(),
            depth,
            all: options.all,
            free: options.free,
            optimize: translation.optimize,
        };
        let hash = runner::fingerprint(
            std::iter::once(Part::Head(&head)).chain(paths.iter().map(Part::Path)),
        );
        Tasks {
            name: format!("{NAME_PREFIX}{name} depth={depth}"),
            weights: paths.iter().map(|_| OnceLock::new()).collect(),
            instance,
            translation,
            network,
            paths,
            hash,
            options,
            shared: AtomicI64::new(i64::MAX),
            halt: Arc::new(AtomicBool::new(false)),
            failure: Mutex::new(None),
        }
    }

    /// Why the run was stopped, if a solution failed its check (a bug of
    /// the solver, reported instead of a wrong answer) or printed more
    /// than [`LINES_MAX`] bytes, which no file of a job keeps: no result is
    /// then recorded for its task.
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The state of task `index`: the root with the task's path applied.
    fn state(&self, index: usize) -> Network {
        let mut state = self.network.clone();
        for &choice in &self.paths[index] {
            state.apply(choice);
        }
        state
    }

    /// The printed lines of the solution `network` is at, once checked;
    /// `None` when it is not one; an error when it fails its check or
    /// prints too much (then recorded, and every task told to stop).
    fn checked(&self, network: &Network) -> Option<Result<String, ()>> {
        let solution = network.solution()?;
        let values = self.translation.values(&solution);
        let failure = match check(&self.instance, &values) {
            Ok(()) => {
                let lines = solution_lines(&self.instance, &values);
                if lines.len() <= LINES_MAX {
                    return Some(Ok(lines));
                }
                format!(
                    "a solution prints {} bytes, more than the {LINES_MAX} a shard or a checkpoint keeps: solve this model in one process",
                    lines.len()
                )
            }
            Err(violation) => format!(
                "the solver found an assignment that is not a solution ({violation}); it is not printed"
            ),
        };
        let mut first = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        first.get_or_insert(failure);
        self.halt.store(true, Ordering::Relaxed);
        Some(Err(()))
    }

    fn satisfy(&self, index: usize, limits: &Limits) -> Report<Found> {
        let mut search = Search::new(self.state(index)).with_limits(limits.clone());
        let mut found = Found::default();
        let mut failed = false;
        let outcome = search.for_each(|network, _| {
            let lines = match self.checked(network) {
                None => return ControlFlow::Continue(()),
                Some(Err(())) => {
                    failed = true;
                    return ControlFlow::Break(());
                }
                Some(Ok(lines)) => lines,
            };
            found.solutions += 1;
            if found.first.is_none() {
                found.first = Some((index as u64, lines));
            }
            if self.options.all {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        found.nodes = search.stats().nodes;
        finish(found, if failed { FAILED } else { outcome })
    }

    /// Branch and bound on the task, from the best cost found so far by
    /// any task of this process (ties allowed, so that a task whose best
    /// equals it still reports one).
    ///
    /// The merge of such results is still exact: a task started from a
    /// bound B misses only solutions worse than B, and B is the cost of a
    /// solution of another task of the same process, which that task's
    /// own result will hold (or beat) once it finishes; if it is killed
    /// first, it is solved again, from the whole of its subtree, which
    /// still holds that solution. So the lowest cost over the tasks of a
    /// shard is the optimum of the shard's subtrees, and the lowest over
    /// the shards the optimum of the instance. Only which of several
    /// equally good solutions is printed may depend on the order the
    /// tasks ran in.
    fn optimize(&self, index: usize, limits: &Limits) -> Report<Found> {
        let mut state = self.state(index);
        let shared = self.shared.load(Ordering::Relaxed);
        if shared != i64::MAX {
            state.set_bound(shared.saturating_add(1));
        }
        let mut found = Found::default();
        let mut wrong = false;
        let report = backtrack::minimize_from(&mut state, limits, |network, _| {
            if wrong {
                return;
            }
            let lines = match self.checked(network) {
                None => return,
                Some(Err(())) => {
                    wrong = true;
                    return;
                }
                Some(Ok(lines)) => lines,
            };
            let cost = network.cost();
            self.shared.fetch_min(cost, Ordering::Relaxed);
            found.solutions += 1;
            found.best = Some(Best {
                task: index as u64,
                cost,
                objective: network.objective_of(cost),
                lines,
            });
        });
        found.nodes = report.value.stats.nodes;
        finish(found, if wrong { FAILED } else { report.outcome })
    }
}

/// The outcome of a task stopped by a solution that failed: cut short, so
/// that its result is neither recorded nor written, and the run ends
/// without a shard file.
const FAILED: Outcome = Outcome::Stopped(Stop::Cancelled);

/// A task's result with its outcome: searched to the end when complete;
/// stopped at a first solution on request, which still finishes it.
fn finish(mut found: Found, outcome: Outcome) -> Report<Found> {
    found.tasks = 1;
    found.complete = u64::from(outcome == Outcome::Complete);
    Report {
        value: found,
        outcome,
    }
}

/// One item of the identity's hash.
#[derive(Serialize)]
#[serde(untagged)]
enum Part<'a> {
    Head(&'a Head),
    Path(&'a Vec<Choice>),
}

impl WorkList for Tasks {
    type Output = Found;

    fn len(&self) -> usize {
        self.paths.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Found> {
        let limits = limits.clone().cancel_flag(Arc::clone(&self.halt));
        if self.translation.optimize {
            self.optimize(index, &limits)
        } else {
            self.satisfy(index, &limits)
        }
    }

    /// The nodes of the task's tree as a few of Knuth's probes estimate
    /// them, seeded with the task's index: the same in every run.
    fn weight(&self, index: usize) -> f64 {
        *self.weights[index].get_or_init(|| {
            backtrack::weigh(self.state(index), index as u64)
                .nodes
                .value
                .max(1.0)
        })
    }
}

impl runner::Job for Tasks {
    fn identity(&self) -> runner::Identity {
        runner::Identity::new(
            self.name.clone(),
            TASKS_VERSION,
            self.paths.len() as u64,
            self.hash,
        )
    }
}
