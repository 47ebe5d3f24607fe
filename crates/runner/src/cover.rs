//! [`Cover`]: the tasks a result is the sum of, to check that it can be.

/// The tasks a result covers: every `step`-th task from `start`, below
/// `end`. A shard's tasks (shard `i` of `M` in a work list of `n` tasks:
/// start `i`, step `M`, end `n`), or a single task (step 1, end `start + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cover {
    start: u64,
    step: u64,
    end: u64,
}

impl Cover {
    /// Every `step`-th task from `start` below `end`; a step of 0 is taken
    /// as 1.
    pub fn new(start: u64, step: u64, end: u64) -> Cover {
        Cover {
            start,
            step: step.max(1),
            end,
        }
    }

    /// Task `task` alone.
    pub fn one(task: u64) -> Cover {
        Cover::new(task, 1, task.saturating_add(1))
    }

    /// How many tasks.
    pub fn len(&self) -> u64 {
        if self.start >= self.end {
            0
        } else {
            (self.end - self.start - 1) / self.step + 1
        }
    }

    /// Whether it covers no task.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `task` is one of them.
    pub fn contains(&self, task: u64) -> bool {
        task >= self.start && task < self.end && (task - self.start).is_multiple_of(self.step)
    }
}

#[cfg(test)]
mod tests {
    use super::Cover;

    #[test]
    fn a_cover_counts_and_contains_exactly_its_tasks() {
        for (start, step, end) in [
            (0, 1, 0),
            (0, 1, 5),
            (2, 3, 10),
            (3, 3, 10),
            (9, 4, 10),
            (11, 4, 10),
        ] {
            let cover = Cover::new(start, step, end);
            let tasks: Vec<u64> = (0..12).filter(|&t| cover.contains(t)).collect();
            let expected: Vec<u64> = (start..end).step_by(step as usize).collect();
            assert_eq!(tasks, expected, "{cover:?}");
            assert_eq!(cover.len(), expected.len() as u64, "{cover:?}");
        }
        assert_eq!(Cover::one(u64::MAX).len(), 0);
        assert_eq!(Cover::one(7).len(), 1);
    }
}
