//! A work list with an identity: what its files are of, and how to tell
//! one split of the work from another.

use std::ops::ControlFlow;

use backtrack::{Limits, Problem, Report, Search, WorkList};
use serde::{Deserialize, Serialize};

use crate::error::echo;
use crate::tally::{Counts, Tally};

/// What a work list is, written into every checkpoint and shard file:
/// files of different identities are never mixed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Identity {
    /// What is searched, in words a user recognises: `nqueens n=16`,
    /// `pentomino 6x10`.
    pub problem: String,
    /// The version of the way the work is split into tasks; it goes up
    /// whenever the same problem may give another task list.
    pub version: u32,
    /// How many tasks.
    pub tasks: u64,
    /// The [`fingerprint`] of the task list, as 16 hex digits.
    pub hash: String,
}

impl Identity {
    /// An identity from its parts; `hash` from [`fingerprint`].
    pub fn new(problem: impl Into<String>, version: u32, tasks: u64, hash: u64) -> Identity {
        Identity {
            problem: problem.into(),
            version,
            tasks,
            hash: format!("{hash:016x}"),
        }
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (split version {}, {} tasks, hash {})",
            echo(&self.problem),
            self.version,
            self.tasks,
            echo(&self.hash)
        )
    }
}

/// FNV-1a (64 bits) of the tasks, each serialized as compact JSON and
/// followed by a newline.
///
/// The hash is fixed by its definition (offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3), so it is the same in every run, on every machine
/// and in every version that keeps the task list: unlike
/// `std::collections::hash_map::DefaultHasher`, which promises none of
/// that.
///
/// # Example
///
/// ```
/// // The hash of the empty list is FNV-1a's offset basis.
/// assert_eq!(runner::fingerprint(Vec::<u8>::new()), 0xcbf2_9ce4_8422_2325);
/// assert_ne!(runner::fingerprint([[0, 1], [1, 0]]), runner::fingerprint([[1, 0], [0, 1]]));
/// ```
pub fn fingerprint<T: Serialize>(tasks: impl IntoIterator<Item = T>) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    let mut bytes = Vec::new();
    for task in tasks {
        bytes.clear();
        // Serializing plain data into memory cannot fail; a type whose
        // Serialize impl fails anyway hashes as its bytes so far.
        let _ = serde_json::to_writer(&mut bytes, &task);
        bytes.push(b'\n');
        for &byte in &bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    hash
}

/// A work list whose results can be kept in files: checkpoints, shards and
/// their merge ([`run`](crate::run), [`merge`](crate::merge)).
pub trait Job: WorkList<Output: Tally> {
    /// What the work list is: the same value in every run that splits the
    /// work the same way.
    fn identity(&self) -> Identity;
}

/// The solutions of any [`Problem`] counted as a [`Job`]: its
/// [`subproblems`](backtrack::subproblems) at a depth are the tasks, and
/// each one's count (solutions in [`Counts::total`], with its nodes) is the
/// result.
///
/// # Example
///
/// A problem of your own, counted with a checkpoint that a second run
/// resumes from, and in two shards that [`merge`](crate::merge) adds up.
///
/// ```
/// use backtrack::Problem;
/// use runner::{Options, Shard, Subproblems};
///
/// /// Strings of `n` letters from "ab" with no "aa" in them.
/// #[derive(Clone)]
/// struct NoDoubleA { n: usize, word: Vec<u8> }
///
/// impl Problem for NoDoubleA {
///     type Choice = u8;
///     type Choices = std::vec::IntoIter<u8>;
///     fn choices(&self) -> Self::Choices {
///         if self.word.last() == Some(&b'a') { vec![b'b'] } else { vec![b'a', b'b'] }.into_iter()
///     }
///     fn apply(&mut self, letter: u8) { self.word.push(letter) }
///     fn undo(&mut self, _: u8) { self.word.pop(); }
///     fn is_solution(&self) -> bool { self.word.len() == self.n }
/// }
///
/// let job = Subproblems::new("no-double-a n=20", NoDoubleA { n: 20, word: vec![] }, 6);
/// let dir = tempfile::tempdir()?;
///
/// // With a checkpoint: a second run finds every task done.
/// let checkpoint = dir.path().join("count.journal");
/// let options = Options::new().threads(2).checkpoint(&checkpoint);
/// assert_eq!(runner::run(&job, &options)?.value.total, 17_711);
/// let again = runner::run(&job, &options)?;
/// assert_eq!((again.value.total, again.resumed), (17_711, again.tasks));
///
/// // In two shards, each written to a file, then merged.
/// for index in 0..2 {
///     let shard = Shard::new(index, 2)?;
///     runner::run(&job, &Options::new().shard(shard, dir.path().join("shards")))?;
/// }
/// let merged = runner::merge::<runner::Counts>(&dir.path().join("shards"), |_| Ok(()))?;
/// assert_eq!(merged.value.total, 17_711);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Subproblems<P: Problem> {
    name: String,
    problem: P,
    paths: Vec<Vec<P::Choice>>,
    hash: u64,
}

/// The version of [`Subproblems`]' split: the engine's
/// [`subproblems`](backtrack::subproblems) at a depth.
pub const SUBPROBLEMS_VERSION: u32 = 1;

impl<P> Subproblems<P>
where
    P: Problem + Clone,
    P::Choice: Serialize,
{
    /// The subproblems of `problem` at `depth`, named `name` in its files
    /// (say what is searched, with its parameters: `sudoku line 12`).
    pub fn new(name: impl Into<String>, problem: P, depth: usize) -> Self {
        let paths = backtrack::subproblems(problem.clone(), depth);
        let hash = fingerprint(&paths);
        Subproblems {
            name: format!("{} depth={depth}", name.into()),
            problem,
            paths,
            hash,
        }
    }

    /// The path of choices from the root to each task's state.
    pub fn paths(&self) -> &[Vec<P::Choice>] {
        &self.paths
    }
}

impl<P> WorkList for Subproblems<P>
where
    P: Problem + Clone + Sync,
    P::Choice: Sync,
{
    type Output = Counts;

    fn len(&self) -> usize {
        self.paths.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Counts> {
        let mut state = self.problem.clone();
        for &choice in &self.paths[index] {
            state.apply(choice);
        }
        let mut search = Search::new(state).with_limits(limits.clone());
        let mut total = 0u128;
        let outcome = search.for_each(|_, _| {
            total += 1;
            ControlFlow::Continue(())
        });
        Report {
            value: Counts {
                total,
                fundamental: 0,
                tasks: 1,
                nodes: search.stats().nodes,
            },
            outcome,
        }
    }
}

impl<P> Job for Subproblems<P>
where
    P: Problem + Clone + Sync,
    P::Choice: Sync,
{
    fn identity(&self) -> Identity {
        Identity::new(
            self.name.clone(),
            SUBPROBLEMS_VERSION,
            self.paths.len() as u64,
            self.hash,
        )
    }
}
