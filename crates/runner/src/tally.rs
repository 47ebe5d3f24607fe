//! Results that add up and can be written down: [`Tally`], and the
//! [`Counts`] of a counting search.

use std::collections::BTreeMap;
use std::iter::Sum;
use std::ops::Add;

use backtrack::PerTask;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A task's result as the files of this crate keep it: it adds up, with a
/// check for overflow (a tampered file must not wrap a total), and it
/// round-trips through JSON.
pub trait Tally: Add<Output = Self> + Default + Clone + Send + Sized {
    /// `self + other`, or `None` if it does not fit.
    fn checked_add(self, other: Self) -> Option<Self>;

    /// The result as JSON.
    fn to_json(&self) -> Value;

    /// The result read back from [`to_json`](Tally::to_json)'s form;
    /// `None` if `value` is not one.
    fn from_json(value: &Value) -> Option<Self>;

    /// A few words for messages: what two results that disagree say.
    fn summary(&self) -> String {
        self.to_json().to_string()
    }
}

/// The numbers a count gathers; they add up task by task.
///
/// `fundamental` is for searches that also count classes of solutions
/// (N-queens up to the board's symmetries, pentomino tilings up to the
/// rectangle's); it stays 0 where there are none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counts {
    /// Solutions.
    pub total: u128,
    /// Classes of solutions under the problem's symmetries.
    pub fundamental: u128,
    /// Tasks these numbers cover.
    pub tasks: u64,
    /// Search nodes visited.
    pub nodes: u64,
}

impl Add for Counts {
    type Output = Counts;

    /// Adds field by field; a sum past the range of a field saturates
    /// (use [`Tally::checked_add`] to find out).
    fn add(self, other: Counts) -> Counts {
        Counts {
            total: self.total.saturating_add(other.total),
            fundamental: self.fundamental.saturating_add(other.fundamental),
            tasks: self.tasks.saturating_add(other.tasks),
            nodes: self.nodes.saturating_add(other.nodes),
        }
    }
}

impl Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts::default(), Add::add)
    }
}

impl Tally for Counts {
    fn summary(&self) -> String {
        format!("total {}, fundamental {}", self.total, self.fundamental)
    }

    fn checked_add(self, other: Counts) -> Option<Counts> {
        Some(Counts {
            total: self.total.checked_add(other.total)?,
            fundamental: self.fundamental.checked_add(other.fundamental)?,
            tasks: self.tasks.checked_add(other.tasks)?,
            nodes: self.nodes.checked_add(other.nodes)?,
        })
    }

    fn to_json(&self) -> Value {
        // Numbers past 2^64 are written as strings: JSON readers elsewhere
        // lose precision on them.
        serde_json::json!({
            "total": self.total.to_string(),
            "fundamental": self.fundamental.to_string(),
            "tasks": self.tasks,
            "nodes": self.nodes,
        })
    }

    fn from_json(value: &Value) -> Option<Counts> {
        let big = |name: &str| -> Option<u128> {
            match value.get(name)? {
                Value::String(text) => text.parse().ok(),
                Value::Number(number) => number.as_u64().map(u128::from),
                _ => None,
            }
        };
        Some(Counts {
            total: big("total")?,
            fundamental: big("fundamental")?,
            tasks: value.get("tasks")?.as_u64()?,
            nodes: value.get("nodes")?.as_u64()?,
        })
    }
}

impl Tally for u64 {
    fn checked_add(self, other: u64) -> Option<u64> {
        u64::checked_add(self, other)
    }

    fn to_json(&self) -> Value {
        Value::from(*self)
    }

    fn from_json(value: &Value) -> Option<u64> {
        value.as_u64()
    }
}

/// Each task's result apart, as a JSON object keyed by task index. Two
/// tallies with the same task must agree on it.
impl<T: Tally + PartialEq> Tally for PerTask<T> {
    fn checked_add(mut self, other: PerTask<T>) -> Option<PerTask<T>> {
        for (task, value) in other.0 {
            match self.0.get(&task) {
                Some(known) if *known != value => return None,
                _ => {
                    self.0.insert(task, value);
                }
            }
        }
        Some(self)
    }

    fn to_json(&self) -> Value {
        Value::Object(
            self.0
                .iter()
                .map(|(task, value)| (task.to_string(), value.to_json()))
                .collect(),
        )
    }

    fn from_json(value: &Value) -> Option<PerTask<T>> {
        let mut tasks = BTreeMap::new();
        for (task, value) in value.as_object()? {
            tasks.insert(task.parse().ok()?, T::from_json(value)?);
        }
        Some(PerTask(tasks))
    }
}
