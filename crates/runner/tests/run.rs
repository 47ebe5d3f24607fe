//! `run`: a job with a checkpoint resumes exactly; a stopped run writes no
//! shard file.

use std::time::{Duration, Instant};

use backtrack::{Limits, Problem};
use runner::{Options, Shard, Subproblems};

/// Subsets of 0..n (as bit strings): 2^n solutions.
#[derive(Clone)]
struct Bits {
    n: usize,
    len: usize,
}

impl Problem for Bits {
    type Choice = bool;
    type Choices = std::array::IntoIter<bool, 2>;
    fn choices(&self) -> Self::Choices {
        [false, true].into_iter()
    }
    fn apply(&mut self, _: bool) {
        self.len += 1;
    }
    fn undo(&mut self, _: bool) {
        self.len -= 1;
    }
    fn is_solution(&self) -> bool {
        self.len == self.n
    }
}

#[test]
fn a_checkpointed_run_resumes_without_repeating_a_task() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("bits.journal");
    let job = Subproblems::new("bits n=16", Bits { n: 16, len: 0 }, 5);
    // A first run on half the tasks: a shard with the same checkpoint.
    let shard = Shard::new(0, 2).unwrap();
    let first = runner::run(
        &job,
        &Options::new()
            .checkpoint(&journal)
            .shard(shard, dir.path().join("shards")),
    )
    .unwrap();
    assert_eq!(first.value.total, 1 << 15);
    let second = runner::run(&job, &Options::new().threads(2).checkpoint(&journal)).unwrap();
    assert_eq!(second.value.total, 1 << 16);
    assert_eq!(second.resumed, 16);
    assert_eq!(second.value.tasks, 32, "each task counted once");
}

#[test]
fn a_run_stopped_by_its_deadline_says_so_and_writes_no_shard() {
    let dir = tempfile::tempdir().unwrap();
    let job = Subproblems::new("bits n=20", Bits { n: 20, len: 0 }, 4);
    let options = Options::new()
        .limits(Limits::default().deadline(Instant::now() - Duration::from_millis(1)))
        .shard(Shard::new(0, 1).unwrap(), dir.path());
    let finished = runner::run(&job, &options).unwrap();
    assert!(finished.outcome.is_limited());
    assert_eq!(finished.shard_file, None);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
