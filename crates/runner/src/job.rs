//! A work list with an identity: what its files are of, and how to tell
//! one split of the work from another.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use backtrack::{Count, Limits, Problem, Report, Search, WorkList};
use serde::{Deserialize, Serialize};

use crate::digest::Fnv;
use crate::error::{echo, echo_name};
use crate::tally::{Counts, Tally};

/// The most bytes of a problem's name in an identity read from a file: a
/// name says what is searched in a few words, and a file whose name is
/// longer is refused before it is kept in memory.
pub const NAME_MAX: usize = 4096;

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

impl Identity {
    /// Whether an identity read from a file can be one: a name of at most
    /// [`NAME_MAX`] bytes, a hash of 16 hex digits.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.problem.len() > NAME_MAX {
            return Err(format!(
                "its problem's name is {} bytes long, more than the {NAME_MAX} a name may have",
                self.problem.len()
            ));
        }
        let hex = |c: u8| c.is_ascii_digit() || (b'a'..=b'f').contains(&c);
        if self.hash.len() != 16 || !self.hash.bytes().all(hex) {
            return Err(format!(
                "its hash {:?} is not 16 hex digits",
                echo(&self.hash)
            ));
        }
        Ok(())
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (split version {}, {} tasks, hash {})",
            echo_name(&self.problem),
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
    let mut hash = Fnv::new();
    for task in tasks {
        hash.json(&task);
    }
    hash.finish()
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
/// Its [`Identity`] is made of what decides the answer, not only of its
/// name: the hash covers the root state (serialized as JSON), the depth of
/// the cut and the task list. So a checkpoint or a shard of another
/// problem is refused, whatever the names say, even when the problems
/// differ only below the cut (strings of length 20 and of length 30 cut at
/// depth 6 have the same tasks).
///
/// Each task weighs the nodes of its tree as a few of Knuth's probes
/// estimate them ([`weigh`](backtrack::weigh): deterministic, at a cost of
/// about 5% of the task's nodes and at most sixteen probes), estimated
/// when a run first asks: a run starts with the heaviest tasks and its
/// progress moves by estimated work, not by tasks done. The depth of the
/// cut is given ([`new`](Subproblems::new)) or picked by the engine
/// ([`auto`](Subproblems::auto)).
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
/// #[derive(Clone, serde::Serialize)]
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
///
/// // The same name on a longer string: not the same work list.
/// let longer = Subproblems::new("no-double-a n=20", NoDoubleA { n: 30, word: vec![] }, 6);
/// assert!(runner::run(&longer, &options).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Subproblems<P: Problem> {
    name: String,
    problem: P,
    paths: Vec<Vec<P::Choice>>,
    hash: u64,
    /// Each task's weight, estimated the first time it is asked for: a
    /// merge or a shard never pays for the tasks it does not run.
    weights: Vec<OnceLock<f64>>,
}

/// The version of [`Subproblems`]' split: the engine's
/// [`subproblems`](backtrack::subproblems) at a depth. Version 1 hashed the
/// task list alone.
pub const SUBPROBLEMS_VERSION: u32 = 2;

impl<P> Subproblems<P>
where
    P: Problem + Clone + Serialize,
    P::Choice: Serialize,
{
    /// The subproblems of `problem` at `depth`, named `name` in its files
    /// (say what is searched, with its parameters: `sudoku line 12`); the
    /// identity hashes `problem` itself too.
    pub fn new(name: impl Into<String>, problem: P, depth: usize) -> Self {
        let root = root_hash(&problem, depth);
        let paths = backtrack::subproblems(problem.clone(), depth);
        Self::from_parts(name.into(), problem, depth, root, paths)
    }

    /// As [`new`](Subproblems::new), cut at the depth the engine picks
    /// for `problem` ([`subproblems_auto`](backtrack::subproblems_auto):
    /// the shallowest that gives 1024 tasks, within a bound on the nodes
    /// above the cut). The depth depends on the problem alone, so every
    /// run of the same problem gets the same tasks and the same identity.
    ///
    /// # Example
    ///
    /// ```
    /// use backtrack::{Problem, WorkList};
    /// use runner::{Options, Subproblems};
    ///
    /// /// Bit strings of length `n`.
    /// #[derive(Clone, serde::Serialize)]
    /// struct Bits { n: u32, len: u32 }
    /// impl Problem for Bits {
    ///     type Choice = bool;
    ///     type Choices = std::array::IntoIter<bool, 2>;
    ///     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
    ///     fn apply(&mut self, _: bool) { self.len += 1 }
    ///     fn undo(&mut self, _: bool) { self.len -= 1 }
    ///     fn is_solution(&self) -> bool { self.len == self.n }
    /// }
    ///
    /// let job = Subproblems::auto("bits n=16", Bits { n: 16, len: 0 });
    /// assert_eq!(job.len(), 1024);
    /// assert_eq!(runner::run(&job, &Options::new().threads(2))?.value.total, 65_536);
    /// # Ok::<(), runner::Error>(())
    /// ```
    pub fn auto(name: impl Into<String>, problem: P) -> Self {
        let (depth, paths) = backtrack::subproblems_auto(&problem);
        let root = root_hash(&problem, depth);
        Self::from_parts(name.into(), problem, depth, root, paths)
    }
}

impl<P> Subproblems<P>
where
    P: Problem + Clone,
    P::Choice: Serialize,
{
    /// As [`new`](Subproblems::new), for a problem whose state cannot be
    /// serialized (a compiled constraint model): `root` stands for it in
    /// the identity, and must hold everything that decides the answer that
    /// the task list does not (the domains of a model's variables, the
    /// parameters of its constraints).
    pub fn with_root(
        name: impl Into<String>,
        problem: P,
        depth: usize,
        root: &impl Serialize,
    ) -> Self {
        let root = root_hash(root, depth);
        let paths = backtrack::subproblems(problem.clone(), depth);
        Self::from_parts(name.into(), problem, depth, root, paths)
    }

    /// As [`with_root`](Subproblems::with_root), cut at the depth the
    /// engine picks, as [`auto`](Subproblems::auto) does: for a compiled
    /// model, say, whose state cannot be serialized.
    ///
    /// # Example
    ///
    /// ```
    /// use backtrack::{Problem, WorkList};
    /// use runner::{Job, Options, Subproblems};
    ///
    /// /// Bit strings of length `n`, a state with no `Serialize`.
    /// #[derive(Clone)]
    /// struct Bits { n: u32, len: u32 }
    /// impl Problem for Bits {
    ///     type Choice = bool;
    ///     type Choices = std::array::IntoIter<bool, 2>;
    ///     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
    ///     fn apply(&mut self, _: bool) { self.len += 1 }
    ///     fn undo(&mut self, _: bool) { self.len -= 1 }
    ///     fn is_solution(&self) -> bool { self.len == self.n }
    /// }
    ///
    /// // `n` decides the answer: it stands for the state in the identity.
    /// let job = Subproblems::auto_with_root("bits", Bits { n: 16, len: 0 }, &16);
    /// assert_eq!(job.len(), 1024);
    /// assert_ne!(
    ///     job.identity(),
    ///     Subproblems::auto_with_root("bits", Bits { n: 17, len: 0 }, &17).identity()
    /// );
    /// assert_eq!(runner::run(&job, &Options::new().threads(2))?.value.total, 65_536);
    /// # Ok::<(), runner::Error>(())
    /// ```
    pub fn auto_with_root(name: impl Into<String>, problem: P, root: &impl Serialize) -> Self {
        let (depth, paths) = backtrack::subproblems_auto(&problem);
        let root = root_hash(root, depth);
        Self::from_parts(name.into(), problem, depth, root, paths)
    }

    /// As [`with_root`](Subproblems::with_root), but the cut is searched
    /// within `limits` and gives up past `max_tasks` tasks: to check a
    /// file's claim to be of this problem (its identity says how many tasks
    /// it has) without a search as long as the claim likes.
    ///
    /// # Errors
    ///
    /// [`Error::Refused`](crate::Error::Refused) when the cut has more
    /// than `max_tasks` tasks or the limits stop its search first.
    pub fn within(
        name: impl Into<String>,
        problem: P,
        depth: usize,
        root: &impl Serialize,
        limits: &Limits,
        max_tasks: u64,
    ) -> Result<Self, crate::Error> {
        let name = name.into();
        let root = root_hash(root, depth);
        let max = usize::try_from(max_tasks).unwrap_or(usize::MAX);
        let cut = backtrack::subproblems_within(problem.clone(), depth, limits, max);
        match cut.outcome {
            backtrack::Outcome::Complete => {}
            backtrack::Outcome::Stopped(backtrack::Stop::Requested) => {
                return Err(crate::Error::Refused(vec![format!(
                    "{} has more than {max_tasks} tasks at depth {depth}",
                    echo_name(&name)
                )]));
            }
            outcome => {
                return Err(crate::Error::Refused(vec![format!(
                    "cutting {} at depth {depth} did not finish: {outcome}",
                    echo_name(&name)
                )]));
            }
        }
        let paths = cut.value;
        Ok(Self::from_parts(name, problem, depth, root, paths))
    }

    fn from_parts(
        name: String,
        problem: P,
        depth: usize,
        root: Fnv,
        paths: Vec<Vec<P::Choice>>,
    ) -> Self {
        let mut hash = root;
        for path in &paths {
            hash.json(path);
        }
        Subproblems {
            name: format!("{name} depth={depth}"),
            problem,
            weights: paths.iter().map(|_| OnceLock::new()).collect(),
            paths,
            hash: hash.finish(),
        }
    }

    /// The path of choices from the root to each task's state.
    pub fn paths(&self) -> &[Vec<P::Choice>] {
        &self.paths
    }
}

impl<P: Problem + Clone> Subproblems<P> {
    /// The state of task `index`: the root with the task's path applied.
    fn state(&self, index: usize) -> P {
        let mut state = self.problem.clone();
        for &choice in &self.paths[index] {
            state.apply(choice);
        }
        state
    }
}

/// The hash of a [`Subproblems`]' root and depth, to which its tasks are
/// added.
fn root_hash(root: &impl Serialize, depth: usize) -> Fnv {
    let mut hash = Fnv::new();
    hash.json(root);
    hash.json(&depth);
    hash
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
        let mut search = Search::new(self.state(index)).with_limits(limits.clone());
        let mut total: Count = 0;
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

    /// The nodes of the task's tree, as Knuth's probes estimate them
    /// ([`weigh`](backtrack::weigh), seeded with the task's index): the
    /// same in every run. It orders the run and paces its progress only;
    /// results are kept by task index, so the identity does not depend
    /// on it.
    fn weight(&self, index: usize) -> f64 {
        *self.weights[index].get_or_init(|| {
            backtrack::weigh(self.state(index), index as u64)
                .nodes
                .value
                .max(1.0)
        })
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
