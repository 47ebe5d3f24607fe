//! Results that add up and can be written down: [`Tally`], and the
//! [`Counts`] of a counting search.

use std::collections::BTreeMap;
use std::fmt;
use std::iter::Sum;
use std::marker::PhantomData;
use std::ops::Add;

use backtrack::{Count, PerTask};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::cover::Cover;

/// A task's result as the files of this crate keep it: it adds up, with a
/// check for overflow (a tampered file must not wrap a total), it is
/// written to and read from JSON without an intermediate tree (so reading
/// a file takes memory in proportion to what it holds, whatever the file
/// is), and it can say whether it can be the sum of a set of tasks.
pub trait Tally: Add<Output = Self> + Default + Clone + Send + Sized {
    /// `self + other`, or `None` if it does not fit.
    fn checked_add(self, other: Self) -> Option<Self>;

    /// Writes the result as the files keep it.
    ///
    /// # Errors
    ///
    /// Those of `serializer`.
    fn store<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// Reads a result back from [`store`](Tally::store)'s form.
    ///
    /// # Errors
    ///
    /// Anything that is not that form.
    fn load<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;

    /// Whether this can be the result of exactly the tasks of `cover`: the
    /// results read from a file are checked with it, so a file whose
    /// numbers cannot be is refused even with a right checksum. By
    /// default, anything can be.
    ///
    /// # Errors
    ///
    /// What is wrong, in a few words.
    fn check(&self, cover: &Cover) -> Result<(), String> {
        let _ = cover;
        Ok(())
    }

    /// The result as JSON, in [`store`](Tally::store)'s form.
    fn to_json(&self) -> Value {
        serde_json::to_value(Stored(self)).unwrap_or_default()
    }

    /// The result read back from [`to_json`](Tally::to_json)'s form;
    /// `None` if `value` is not one.
    fn from_json(value: &Value) -> Option<Self> {
        Self::load(value).ok()
    }

    /// A few words for messages: what two results that disagree say.
    fn summary(&self) -> String {
        crate::error::short(serde_json::to_string(&Stored(self)).unwrap_or_default())
    }
}

/// A result as [`Serialize`], through [`Tally::store`].
pub(crate) struct Stored<'a, T>(pub(crate) &'a T);

impl<T: Tally> Serialize for Stored<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.store(serializer)
    }
}

/// A result as [`Deserialize`], through [`Tally::load`].
pub(crate) struct Loaded<T>(pub(crate) T);

impl<'de, T: Tally> Deserialize<'de> for Loaded<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::load(deserializer).map(Loaded)
    }
}

/// The numbers a count gathers; they add up task by task.
///
/// `fundamental` is for searches that also count classes of solutions
/// (N-queens up to the board's symmetries, pentomino tilings up to the
/// rectangle's); it stays 0 where there are none. `tasks` is the number of
/// tasks the numbers cover: 1 for each task's own result, as every job of
/// this workspace sets it (the files' check holds it to that).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counts {
    /// Solutions.
    pub total: Count,
    /// Classes of solutions under the problem's symmetries.
    pub fundamental: Count,
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

/// A `u128` written as a string of digits: JSON readers elsewhere lose
/// precision on numbers past 2^53. Read from a string or a number.
struct Big(u128);

impl Serialize for Big {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Big {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Digits;
        impl Visitor<'_> for Digits {
            type Value = Big;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a count from 0 to 2^128 - 1")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Big, E> {
                Ok(Big(u128::from(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Big, E> {
                if v.is_empty() || v.len() > 39 || !v.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(E::invalid_value(de::Unexpected::Other("text"), &self));
                }
                v.parse()
                    .map(Big)
                    .map_err(|_| E::invalid_value(de::Unexpected::Other("text"), &self))
            }
        }
        deserializer.deserialize_any(Digits)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CountsForm {
    total: Big,
    fundamental: Big,
    tasks: u64,
    nodes: u64,
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

    fn store<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        CountsForm {
            total: Big(self.total),
            fundamental: Big(self.fundamental),
            tasks: self.tasks,
            nodes: self.nodes,
        }
        .serialize(serializer)
    }

    fn load<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = CountsForm::deserialize(deserializer)?;
        Ok(Counts {
            total: form.total.0,
            fundamental: form.fundamental.0,
            tasks: form.tasks,
            nodes: form.nodes,
        })
    }

    /// Classes of solutions are at most the solutions (each class has one
    /// at least), and the numbers cover as many tasks as `cover` has.
    fn check(&self, cover: &Cover) -> Result<(), String> {
        if self.fundamental > self.total {
            return Err(format!(
                "{} fundamental solutions is more than the {} solutions",
                self.fundamental, self.total
            ));
        }
        if self.tasks != cover.len() {
            return Err(format!(
                "the result covers {} tasks, not the {} it should",
                self.tasks,
                cover.len()
            ));
        }
        Ok(())
    }
}

impl Tally for u64 {
    fn checked_add(self, other: u64) -> Option<u64> {
        u64::checked_add(self, other)
    }

    fn store<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(*self)
    }

    fn load<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        u64::deserialize(deserializer)
    }
}

/// Each task's result apart, as a JSON object keyed by task index. Two
/// tallies with the same task must agree on it; read back, a task named
/// twice is refused, and [`check`](Tally::check) wants a result for every
/// task of the cover and none other, so an ordered output has no gap.
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

    fn store<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (task, value) in &self.0 {
            map.serialize_entry(&task.to_string(), &Stored(value))?;
        }
        map.end()
    }

    fn load<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Tasks<T>(PhantomData<T>);
        impl<'de, T: Tally> Visitor<'de> for Tasks<T> {
            type Value = PerTask<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of results by task number")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PerTask<T>, A::Error> {
                let mut tasks = BTreeMap::new();
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    let task: usize = match key.parse() {
                        Ok(task) if key.bytes().all(|b| b.is_ascii_digit()) => task,
                        _ => return Err(de::Error::custom("a task number that is not one")),
                    };
                    let Loaded(value) = map.next_value::<Loaded<T>>()?;
                    if tasks.insert(task, value).is_some() {
                        return Err(de::Error::custom(format!("task {task} named twice")));
                    }
                }
                Ok(PerTask(tasks))
            }
        }
        deserializer.deserialize_map(Tasks(PhantomData))
    }

    fn check(&self, cover: &Cover) -> Result<(), String> {
        if let Some(&task) = self.0.keys().find(|&&task| !cover.contains(task as u64)) {
            return Err(format!(
                "a result for task {task}, which is not one of its tasks"
            ));
        }
        if self.0.len() as u64 != cover.len() {
            return Err(format!(
                "results for {} of its {} tasks: some are missing",
                self.0.len(),
                cover.len()
            ));
        }
        self.0
            .iter()
            .try_for_each(|(&task, value)| value.check(&Cover::one(task as u64)))
    }

    fn summary(&self) -> String {
        format!("results for {} tasks", self.0.len())
    }
}
