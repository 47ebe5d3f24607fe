//! `run`: a job with a checkpoint resumes exactly; a stopped run writes no
//! shard file.

use std::time::{Duration, Instant};

use backtrack::{Limits, Problem};
use runner::{Options, Shard, Subproblems};

/// Subsets of 0..n (as bit strings): 2^n solutions.
#[derive(Clone, serde::Serialize)]
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

/// Strings of `n` letters from "ab" with no "aa": Fibonacci many. The
/// length matters only below any cut of depth under `n`.
#[derive(Clone, serde::Serialize)]
struct NoDoubleA {
    n: usize,
    word: Vec<u8>,
}

impl Problem for NoDoubleA {
    type Choice = u8;
    type Choices = std::vec::IntoIter<u8>;
    fn choices(&self) -> Self::Choices {
        if self.word.last() == Some(&b'a') {
            vec![b'b']
        } else {
            vec![b'a', b'b']
        }
        .into_iter()
    }
    fn apply(&mut self, letter: u8) {
        self.word.push(letter);
    }
    fn undo(&mut self, _: u8) {
        self.word.pop();
    }
    fn is_solution(&self) -> bool {
        self.word.len() == self.n
    }
}

fn strings(n: usize) -> Subproblems<NoDoubleA> {
    Subproblems::new("strings", NoDoubleA { n, word: vec![] }, 6)
}

#[test]
fn a_stale_checkpoint_of_a_problem_that_differs_below_the_split_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("strings.journal");
    let options = Options::new().checkpoint(&journal);
    assert_eq!(
        runner::run(&strings(20), &options).unwrap().value.total,
        17_711
    );
    // The same name, the same tasks at the cut, another answer.
    assert_eq!(strings(20).paths(), strings(30).paths());
    match runner::run(&strings(30), &options) {
        Err(runner::Error::Refused(lines)) => {
            assert!(lines[0].contains("another work list"), "{lines:?}");
        }
        other => panic!("a checkpoint of length 20 resumed a count of length 30: {other:?}"),
    }
    let fresh = Options::new().checkpoint(dir.path().join("fresh.journal"));
    assert_eq!(
        runner::run(&strings(30), &fresh).unwrap().value.total,
        2_178_309
    );
}

#[test]
fn a_stale_shard_of_a_problem_that_differs_below_the_split_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let shard = |index| Shard::new(index, 2).unwrap();
    runner::run(&strings(20), &Options::new().shard(shard(0), dir.path())).unwrap();
    runner::run(&strings(30), &Options::new().shard(shard(1), dir.path())).unwrap();
    assert!(runner::merge::<runner::Counts>(dir.path(), |_| Ok(())).is_err());
}

#[test]
fn a_cut_within_limits_is_the_engines_cut_or_a_refusal() {
    use backtrack::Limits;
    use runner::Job as _;
    let problem = NoDoubleA {
        n: 20,
        word: vec![],
    };
    let root = &problem.clone();
    let full = Subproblems::new("strings", problem.clone(), 6);
    let within =
        Subproblems::within("strings", problem.clone(), 6, root, &Limits::default(), 100).unwrap();
    assert_eq!(within.paths(), full.paths());
    assert_eq!(within.identity(), full.identity());
    let tasks = full.paths().len() as u64;
    let fewer = Subproblems::within(
        "strings",
        problem.clone(),
        6,
        root,
        &Limits::default(),
        tasks - 1,
    );
    assert!(matches!(fewer, Err(runner::Error::Refused(_))));
    let limited = Limits::default().nodes(3);
    assert!(Subproblems::within("strings", problem, 6, root, &limited, 100).is_err());
}

#[test]
fn results_that_overflow_when_resumed_are_refused_not_saturated() {
    // A journal whose results cannot be added: a hand edit with its
    // checksum made again. The run refuses them.
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("bits.journal");
    let job = Subproblems::new("bits n=16", Bits { n: 16, len: 0 }, 2);
    let identity = runner::Job::identity(&job);
    let mut open =
        runner::Journal::<runner::Counts>::open(&journal, &identity, Duration::from_secs(60))
            .unwrap();
    let huge = runner::Counts {
        total: u128::MAX,
        fundamental: 0,
        tasks: 1,
        nodes: 1,
    };
    open.record(0, &huge).unwrap();
    open.record(1, &huge).unwrap();
    drop(open);
    match runner::run(&job, &Options::new().checkpoint(&journal)) {
        Err(runner::Error::Refused(lines)) => {
            assert!(lines[0].contains("add up past"), "{lines:?}");
        }
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn files_are_created_with_the_permissions_the_umask_leaves() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.file");
    runner::write_atomically(&path, b"x").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    // Whatever the umask of the test, a new file is not private to its
    // owner alone unless the umask says so: 0666 less the umask's bits.
    let probe = dir.path().join("probe.file");
    std::fs::File::create(&probe).unwrap();
    let umasked = std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, umasked, "{mode:o} vs {umasked:o}");
    // A file replaced keeps its own.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    runner::write_atomically(&path, b"y").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[test]
fn a_checkpoint_in_a_new_out_directory_is_created_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new");
    let job = Subproblems::new("bits n=8", Bits { n: 8, len: 0 }, 2);
    let options = Options::new()
        .checkpoint(out.join("c.journal"))
        .shard(Shard::new(0, 2).unwrap(), &out);
    let finished = runner::run(&job, &options).unwrap();
    assert!(finished.shard_file.is_some());
    // The checkpoint in the shard directory does not spoil the merge.
    runner::run(&job, &Options::new().shard(Shard::new(1, 2).unwrap(), &out)).unwrap();
    let merged = runner::merge::<runner::Counts>(&out, |_| Ok(())).unwrap();
    assert_eq!(merged.value.total, 256);
}

#[test]
fn a_job_whose_name_no_file_can_hold_is_refused_before_it_writes_one() {
    let dir = tempfile::tempdir().unwrap();
    let name = "n".repeat(runner::NAME_MAX + 1);
    let job = Subproblems::new(name, Bits { n: 4, len: 0 }, 1);
    let options = Options::new()
        .checkpoint(dir.path().join("c.journal"))
        .shard(Shard::new(0, 1).unwrap(), dir.path().join("out"));
    match runner::run(&job, &options) {
        Err(runner::Error::Usage(message)) => {
            assert!(message.contains("cannot be kept in a file"), "{message}");
            assert!(message.len() < 400, "{} bytes", message.len());
        }
        other => panic!("not refused: {other:?}"),
    }
    assert!(!dir.path().join("c.journal").exists());
}
