//! The count split into its subproblems, with an identity, for shards and
//! checkpoints.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::count::{CountError, Counts, Task, TaskCount, solve_task, solve_task_until, tasks};

/// The version of the way counts are split into tasks. It goes up whenever
/// [`tasks`] may return a different list for some n, so that results of
/// different splits are never mixed.
pub const SPLIT_VERSION: u32 = 1;

/// The count of one n as its deterministic list of tasks (see [`tasks`]):
/// task indices name the same piece of work in every run, on every machine.
///
/// # Example
///
/// ```
/// use nqueens::Split;
///
/// let split = Split::new(10)?;
/// // Two shards, and everything in exactly one of them.
/// let total: u128 = (0..2)
///     .flat_map(|shard| split.shard(shard, 2))
///     .map(|task| split.solve(task).total)
///     .sum();
/// assert_eq!(total, 724);
/// # Ok::<(), nqueens::CountError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Split {
    n: u32,
    tasks: Vec<Task>,
    hash: u64,
}

impl Split {
    /// The split of the count of n.
    ///
    /// # Errors
    ///
    /// [`CountError::BoardSize`] unless 1 <= n <= [`MAX_N`](crate::MAX_N).
    pub fn new(n: u32) -> Result<Self, CountError> {
        let tasks = tasks(n)?;
        let hash = fingerprint(n, &tasks);
        Ok(Split { n, tasks, hash })
    }

    /// The board size.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The tasks, in order.
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }

    /// How many tasks.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    /// Whether there are no tasks (never: every n has at least one).
    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }

    /// A 64-bit fingerprint of the task list (FNV-1a over each task's size,
    /// symmetry and queens): two splits with the same version, length and
    /// hash are the same list.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The indices of the tasks in shard `index` of `shards`: every
    /// `shards`-th task, starting at `index`. Neighbouring tasks share a
    /// border placement and cost about the same, so dealing them out in turn
    /// gives shards of about equal work. Every task is in exactly one shard;
    /// a shard is empty when there are fewer tasks than shards.
    ///
    /// # Panics
    ///
    /// If `shards` is 0 or `index >= shards`.
    pub fn shard(&self, index: u64, shards: u64) -> impl Iterator<Item = usize> + '_ {
        assert!(index < shards, "shard {index} of {shards} does not exist");
        let (start, step) = (
            usize::try_from(index).unwrap_or(usize::MAX),
            usize::try_from(shards).unwrap_or(usize::MAX),
        );
        (start..self.tasks.len()).step_by(step)
    }

    /// Counts task `index`.
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    pub fn solve(&self, index: usize) -> Counts {
        solve_task(self.n, &self.tasks[index])
    }

    /// Counts task `index`, or gives up with `None` soon after `cancel` is
    /// raised (see [`solve_task_until`]).
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    pub fn solve_until(&self, index: usize, cancel: &Arc<AtomicBool>) -> Option<TaskCount> {
        solve_task_until(self.n, &self.tasks[index], cancel)
    }
}

fn fingerprint(n: u32, tasks: &[Task]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    let mut eat = |byte: u8| {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(PRIME);
    };
    n.to_le_bytes().into_iter().for_each(&mut eat);
    for task in tasks {
        eat(task.symmetry().weight() as u8);
        eat(task.queens().len() as u8);
        for &(row, col) in task.queens() {
            eat(row);
            eat(col);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_tasks() {
        let split = Split::new(12).unwrap();
        for shards in [1, 2, 7, 64, 10_000] {
            let mut seen = vec![0; split.len()];
            for index in 0..shards {
                for task in split.shard(index, shards) {
                    seen[task] += 1;
                }
            }
            assert!(seen.iter().all(|&times| times == 1), "{shards} shards");
        }
    }

    #[test]
    fn the_fingerprint_is_stable_and_tells_sizes_apart() {
        assert_eq!(
            Split::new(11).unwrap().hash(),
            Split::new(11).unwrap().hash()
        );
        assert_ne!(
            Split::new(11).unwrap().hash(),
            Split::new(12).unwrap().hash()
        );
    }
}
