//! [`Found`]: what the tasks of a FlatZinc job found, added up task by
//! task and kept in checkpoints and shard files.

use std::ops::Add;

use runner::{Cover, Tally};
use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// The most bytes of a solution's printed lines a task keeps: what a line
/// of a checkpoint holds ([`runner::JOURNAL_LINE_MAX`]), with room for
/// JSON's escapes; tens of thousands of values. A task whose solution
/// prints more stops the run with a message (see [`Tasks`](super::Tasks)).
pub const LINES_MAX: usize = runner::JOURNAL_LINE_MAX / 4;

/// What some tasks of a [`Tasks`](super::Tasks) job found: a
/// [`runner::Tally`], so that it is kept in checkpoints and shard files and
/// added up by a merge.
///
/// Adding keeps the sum of the counts, the first solution of the task with
/// the lowest index, and the best objective (the lowest index among
/// equals): the same whatever order the tasks were solved and added in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Solutions found and checked. With all solutions asked for, every
    /// solution of the tasks' subtrees; otherwise at most one per task of
    /// a satisfaction problem, and the improving ones of an optimisation.
    pub solutions: u128,
    /// The tasks covered.
    pub tasks: u64,
    /// Of those, the tasks searched to the end: all their solutions
    /// counted, or their optimum proved (a task that stops at its first
    /// solution is not).
    pub complete: u64,
    /// Search nodes visited.
    pub nodes: u64,
    /// A satisfaction problem's first solution: the task and its printed
    /// lines.
    pub first: Option<(u64, String)>,
    /// An optimisation problem's best solution.
    pub best: Option<Best>,
}

/// An optimisation problem's best solution among some tasks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Best {
    /// The task that found it.
    pub task: u64,
    /// Its cost, lower is better (the objective, or its complement when
    /// maximising: `!objective`).
    pub cost: i64,
    /// The objective's value, as printed.
    pub objective: i64,
    /// Its printed lines.
    pub lines: String,
}

impl Found {
    /// Whether these are the results of all of a job's `tasks`, each
    /// searched to the end.
    pub fn is_complete(&self, tasks: u64) -> bool {
        self.tasks == tasks && self.complete == tasks
    }

    /// The printed lines of the answer: the best solution of an
    /// optimisation, else the first of a satisfaction problem.
    pub fn answer(&self) -> Option<&str> {
        match (&self.best, &self.first) {
            (Some(best), _) => Some(&best.lines),
            (None, Some((_, lines))) => Some(lines),
            (None, None) => None,
        }
    }

    /// The answer as FlatZinc prints it, for a job of `tasks` tasks: the
    /// solution and `----------`, then `==========` when every task was
    /// searched to the end ([`is_complete`](Found::is_complete));
    /// `=====UNSATISFIABLE=====` when every task was and none has a
    /// solution; `=====UNKNOWN=====` when some was not and none was found.
    /// Then the statistics: the solutions, the nodes, the objective.
    pub fn output(&self, tasks: u64) -> String {
        let mut out = String::new();
        match self.answer() {
            Some(lines) => {
                out.push_str(lines);
                out.push_str("----------\n");
                if self.is_complete(tasks) {
                    out.push_str("==========\n");
                }
            }
            None if self.is_complete(tasks) => out.push_str("=====UNSATISFIABLE=====\n"),
            None => out.push_str("=====UNKNOWN=====\n"),
        }
        out.push_str(&format!("%%%mzn-stat: solutions={}\n", self.solutions));
        out.push_str(&format!("%%%mzn-stat: nodes={}\n", self.nodes));
        if let Some(best) = &self.best {
            out.push_str(&format!("%%%mzn-stat: objective={}\n", best.objective));
        }
        out.push_str("%%%mzn-stat-end\n");
        out
    }
}

impl Add for Found {
    type Output = Found;

    /// As [`Tally::checked_add`], the counts saturating instead.
    fn add(self, other: Found) -> Found {
        Found {
            solutions: self.solutions.saturating_add(other.solutions),
            tasks: self.tasks.saturating_add(other.tasks),
            complete: self.complete.saturating_add(other.complete),
            nodes: self.nodes.saturating_add(other.nodes),
            first: lowest(self.first, other.first, |(task, _)| *task),
            best: lowest(self.best, other.best, |b| (b.cost, b.task)),
        }
    }
}

/// Of two, the one with the lower key; either if one is missing.
fn lowest<T, K: Ord>(a: Option<T>, b: Option<T>, key: impl Fn(&T) -> K) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if key(&b) < key(&a) { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// The form a [`Found`] is kept in: the count as a string of digits
/// (JSON readers elsewhere lose precision past 2^53).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Form {
    solutions: String,
    tasks: u64,
    complete: u64,
    nodes: u64,
    first: Option<(u64, String)>,
    best: Option<Best>,
}

impl Tally for Found {
    fn checked_add(self, other: Found) -> Option<Found> {
        self.solutions.checked_add(other.solutions)?;
        self.tasks.checked_add(other.tasks)?;
        self.complete.checked_add(other.complete)?;
        self.nodes.checked_add(other.nodes)?;
        Some(self + other)
    }

    fn store<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Form {
            solutions: self.solutions.to_string(),
            tasks: self.tasks,
            complete: self.complete,
            nodes: self.nodes,
            first: self.first.clone(),
            best: self.best.clone(),
        }
        .serialize(serializer)
    }

    fn load<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = Form::deserialize(deserializer)?;
        let digits = &form.solutions;
        if digits.is_empty() || digits.len() > 39 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(de::Error::custom("a count of solutions that is not one"));
        }
        let solutions = digits
            .parse()
            .map_err(|_| de::Error::custom("a count of solutions past 2^128"))?;
        let long = |lines: &str| lines.len() > LINES_MAX;
        if form.first.as_ref().is_some_and(|(_, l)| long(l))
            || form.best.as_ref().is_some_and(|b| long(&b.lines))
        {
            return Err(de::Error::custom(format!(
                "a solution's lines longer than {LINES_MAX} bytes"
            )));
        }
        Ok(Found {
            solutions,
            tasks: form.tasks,
            complete: form.complete,
            nodes: form.nodes,
            first: form.first,
            best: form.best,
        })
    }

    /// The numbers cover as many tasks as `cover` has, at most as many
    /// are complete, a solution kept is of one of them, and there is one
    /// counted for it.
    fn check(&self, cover: &Cover) -> Result<(), String> {
        if self.tasks != cover.len() {
            return Err(format!(
                "the result covers {} tasks, not the {} it should",
                self.tasks,
                cover.len()
            ));
        }
        if self.complete > self.tasks {
            return Err(format!(
                "{} tasks searched to the end, of {}",
                self.complete, self.tasks
            ));
        }
        let tasks = [
            self.first.as_ref().map(|(task, _)| *task),
            self.best.as_ref().map(|b| b.task),
        ];
        for task in tasks.into_iter().flatten() {
            if !cover.contains(task) {
                return Err(format!(
                    "a solution of task {task}, which is not one of its tasks"
                ));
            }
            if self.solutions == 0 {
                return Err(format!(
                    "a solution of task {task}, but no solution counted"
                ));
            }
        }
        if self.first.is_some() && self.best.is_some() {
            return Err("both a first and a best solution: of no one problem".to_owned());
        }
        Ok(())
    }

    fn summary(&self) -> String {
        let best = self
            .best
            .as_ref()
            .map_or_else(String::new, |b| format!(", objective {}", b.objective));
        format!(
            "{} solutions, {} of {} tasks searched to the end{best}",
            self.solutions, self.complete, self.tasks
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Best, Found};
    use runner::{Cover, Tally};

    fn best(task: u64, cost: i64) -> Found {
        Found {
            solutions: 1,
            tasks: 1,
            complete: 1,
            nodes: 3,
            first: None,
            best: Some(Best {
                task,
                cost,
                objective: cost,
                lines: format!("x = {cost};\n"),
            }),
        }
    }

    #[test]
    fn the_sum_keeps_the_best_cost_and_the_lowest_task_among_equals_in_any_order() {
        let parts = [best(4, 7), best(2, 5), best(6, 5), best(0, 9)];
        let forward = parts.iter().cloned().fold(Found::default(), |a, b| a + b);
        let backward = parts
            .iter()
            .rev()
            .cloned()
            .fold(Found::default(), |a, b| a + b);
        assert_eq!(forward, backward);
        let kept = forward.best.unwrap();
        assert_eq!((kept.task, kept.cost), (2, 5));
        assert_eq!(forward.solutions, 4);
    }

    #[test]
    fn a_result_read_back_is_the_result_written_and_a_foreign_task_is_refused() {
        let found = best(3, -2) + best(7, 4);
        let back = Found::from_json(&found.to_json()).unwrap();
        assert_eq!(back, found);
        assert!(found.check(&Cover::new(3, 4, 8)).is_ok());
        assert!(found.check(&Cover::new(0, 2, 4)).is_err());
        let mut none_counted = best(3, 1);
        none_counted.solutions = 0;
        assert!(none_counted.check(&Cover::one(3)).is_err());
    }
}
