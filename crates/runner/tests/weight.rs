//! `Subproblems` weighs its tasks by Knuth's probes: a run starts with the
//! heaviest, its progress follows the work, and the automatic cut depends
//! on the problem alone.

use std::sync::{Arc, Mutex};

use backtrack::{Problem, WorkList};
use runner::{Job, Options, Subproblems};

/// Ten branches at the root; below each, a full binary tree whose leaves
/// are the solutions, of depth `deep` under branch `heavy` and `shallow`
/// under the others.
#[derive(Clone, serde::Serialize)]
struct Lopsided {
    heavy: u32,
    deep: u32,
    shallow: u32,
    /// The branch taken at the root, and the depth below it.
    branch: Option<u32>,
    len: u32,
}

impl Lopsided {
    fn new(heavy: u32) -> Self {
        Lopsided {
            heavy,
            deep: 14,
            shallow: 7,
            branch: None,
            len: 0,
        }
    }

    fn solutions(&self) -> u128 {
        (1 << self.deep) + 9 * (1 << self.shallow)
    }
}

impl Problem for Lopsided {
    type Choice = u32;
    type Choices = std::ops::Range<u32>;
    fn choices(&self) -> Self::Choices {
        match self.branch {
            None => 0..10,
            Some(_) => 0..2,
        }
    }
    fn apply(&mut self, choice: u32) {
        match self.branch {
            None => self.branch = Some(choice),
            Some(_) => self.len += 1,
        }
    }
    fn undo(&mut self, _: u32) {
        match self.len {
            0 => self.branch = None,
            _ => self.len -= 1,
        }
    }
    fn is_solution(&self) -> bool {
        self.branch.is_some_and(|b| {
            let depth = if b == self.heavy {
                self.deep
            } else {
                self.shallow
            };
            self.len == depth
        })
    }
}

#[test]
fn a_task_a_hundred_times_larger_than_the_others_weighs_so() {
    let job = Subproblems::new("lopsided", Lopsided::new(3), 1);
    assert_eq!(job.len(), 10);
    let heavy = job.weight(3);
    for task in (0..10).filter(|&t| t != 3) {
        assert!(
            heavy > 100.0 * job.weight(task),
            "task 3 weighs {heavy}, task {task} {}",
            job.weight(task)
        );
    }
}

#[test]
fn the_heaviest_task_runs_first_and_progress_follows_the_work() {
    // The heavy branch last in the task order: only its weight puts it first.
    let problem = Lopsided::new(9);
    let job = Subproblems::new("lopsided", problem.clone(), 1);
    let shares = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&shares);
    let options = Options::new()
        .threads(1)
        .progress(move |share| seen.lock().unwrap().push(share));
    let finished = runner::run(&job, &options).unwrap();
    assert_eq!(finished.value.total, problem.solutions());
    let shares = shares.lock().unwrap();
    // 0 before any task, then one report per task.
    assert_eq!(shares.len(), 11, "{shares:?}");
    assert!(
        shares[1] > 0.5,
        "after the first task only {} of the work is done: the heavy task did not run first ({shares:?})",
        shares[1]
    );
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    assert_eq!(shares.last(), Some(&1.0));
}

#[test]
fn weights_are_the_same_in_every_run_and_leave_the_identity_alone() {
    let a = Subproblems::new("lopsided", Lopsided::new(3), 1);
    let b = Subproblems::new("lopsided", Lopsided::new(3), 1);
    let weights = |job: &Subproblems<Lopsided>| (0..10).map(|t| job.weight(t)).collect::<Vec<_>>();
    let before = b.identity();
    assert_eq!(weights(&a), weights(&b));
    assert_eq!(b.identity(), before, "weighing changed the identity");
    assert_eq!(a.identity(), b.identity());
}

#[test]
fn a_weighed_job_resumed_from_its_checkpoint_counts_every_task_once() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("lopsided.journal");
    let problem = Lopsided::new(5);
    let job = Subproblems::new("lopsided", problem.clone(), 1);
    // Shard 1 of 2 (the odd tasks, the heavy one among them) first.
    let shard = runner::Shard::new(1, 2).unwrap();
    let first = runner::run(
        &job,
        &Options::new()
            .checkpoint(&journal)
            .shard(shard, dir.path().join("shards")),
    )
    .unwrap();
    assert_eq!(first.value.total, (1 << 14) + 4 * (1 << 7));
    let again = runner::run(&job, &Options::new().threads(2).checkpoint(&journal)).unwrap();
    assert_eq!((again.resumed, again.value.total), (5, problem.solutions()));
}

#[test]
fn the_automatic_depth_is_named_and_depends_on_the_problem_alone() {
    let job = Subproblems::auto("lopsided", Lopsided::new(3));
    // 10 at depth 1, 20 at 2, ..., 1280 at depth 8: the first past 1024.
    assert_eq!(job.len(), 1280);
    assert!(
        job.identity().problem.ends_with("depth=8"),
        "{}",
        job.identity()
    );
    let given = Subproblems::new("lopsided", Lopsided::new(3), 8);
    assert_eq!(job.identity(), given.identity());
    assert_eq!(
        runner::run(&job, &Options::new().threads(2))
            .unwrap()
            .value
            .total,
        Lopsided::new(3).solutions()
    );
}
