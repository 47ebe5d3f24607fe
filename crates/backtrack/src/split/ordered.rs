//! [`Parallel::for_each_in_order`]: every solution, searched on several
//! threads and visited in the sequential search's order.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use super::parallel::Parallel;
use crate::limit::{Outcome, Report, Stats, Stop};
use crate::problem::Problem;
use crate::search::Search;

/// How many solutions may wait for their turn, over every subproblem: past
/// it, a thread whose subproblem is not the next to be visited waits.
const HELD: usize = 1 << 16;

/// How long a waiting thread sleeps between two looks at its turn, or at
/// the queue of tasks.
const NAP: Duration = Duration::from_millis(1);

/// What a thread tells the visiting one.
enum Message<T> {
    /// A solution of the task, in its order.
    Found(Key, T),
    /// Tasks split off a task under way, told before its end.
    Given(Vec<Key>),
    /// The task's search is over, with its statistics.
    Done(Key, Stats, Outcome),
}

impl Parallel {
    /// Visits every solution of `problem` in the order of the sequential
    /// search, [`Search::for_each`]'s, while the subproblems are searched
    /// on several threads, until `visit` returns [`ControlFlow::Break`].
    ///
    /// `map` turns each solution (the problem at it and its whole path from
    /// the root) into a value, on the thread that found it, in parallel;
    /// `visit` sees the values in order, one at a time, on the calling
    /// thread, which searches nothing: the threads that search are as many
    /// as [`threads`](Parallel::threads) says. A subproblem's solutions are
    /// visited as soon as every subproblem before it in the cut is done;
    /// the others are held meanwhile, about 65,536 in all (past that, a
    /// thread whose subproblem is not the next to be visited waits for its
    /// turn, unless that one is yet to be started). So the memory stays
    /// bounded, the threads never wait on a heavy subproblem while
    /// solutions are few, and the first solutions come out as early as the
    /// sequential search's. Whenever no subproblem is left to take, a
    /// search gives away the choices left at the shallowest open state of
    /// its own, each a new subproblem placed in the order just after what
    /// it keeps (every search looks for that need at each look at its
    /// limits: every node when nodes are slow, about every millisecond
    /// otherwise), so that a subproblem is ready for the next thread to run
    /// out of work, and one heavy subproblem, or one slow node, does not
    /// leave the others idle; the order stays the sequential one.
    ///
    /// Each thread keeps one copy of the problem, rewound to the root after
    /// each subproblem, so that what it learns as it searches (weights of
    /// failures, say) goes on to its next subproblem. The order is the
    /// sequential search's when the problem's choices at a state depend on
    /// that state alone (the engine's assumption, see
    /// [`subproblems`](crate::subproblems)); a problem that learns may
    /// order its solutions otherwise, and differently from run to run:
    /// each is still visited exactly once. With
    /// [`fresh`](Parallel::fresh), each subproblem is searched from a copy
    /// of the root problem instead, and the order is the same on every
    /// run.
    ///
    /// The report holds the statistics of the subproblems' searches, added
    /// up. The outcome is [`Outcome::Complete`] when every solution was
    /// visited, [`Stop::Requested`] when `visit` broke, and the limit
    /// otherwise (the deadline and the cancel flags stop every thread; the
    /// node budget is per subproblem): the solutions visited then are a
    /// prefix of the sequential order.
    ///
    /// # Example
    ///
    /// ```
    /// # use backtrack::Problem;
    /// # #[derive(Clone)]
    /// # struct Coins(u32);
    /// # impl Problem for Coins {
    /// #     type Choice = bool;
    /// #     type Choices = std::array::IntoIter<bool, 2>;
    /// #     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
    /// #     fn apply(&mut self, _: bool) { self.0 -= 1 }
    /// #     fn undo(&mut self, _: bool) { self.0 += 1 }
    /// #     fn is_solution(&self) -> bool { self.0 == 0 }
    /// # }
    /// use std::ops::ControlFlow;
    /// use backtrack::Parallel;
    ///
    /// let mut seen = Vec::new();
    /// let report = Parallel::auto().threads(2).for_each_in_order(
    ///     &Coins(12),
    ///     |_, path| path.to_vec(),
    ///     |path| {
    ///         seen.push(path);
    ///         ControlFlow::Continue(())
    ///     },
    /// );
    /// assert!(report.outcome.is_complete());
    /// assert_eq!(seen, backtrack::first(Coins(12), usize::MAX));
    /// ```
    pub fn for_each_in_order<P, T, M, F>(&self, problem: &P, map: M, mut visit: F) -> Report<Stats>
    where
        P: Problem + Clone + Send + Sync,
        P::Choice: Send + Sync,
        T: Send,
        M: Fn(&P, &[P::Choice]) -> T + Sync,
        F: FnMut(T) -> ControlFlow<()>,
    {
        let paths = match self.cut(problem) {
            Ok(paths) => paths,
            Err(stop) => {
                let outcome = Outcome::Stopped(stop);
                return Report {
                    value: Stats::default(),
                    outcome,
                };
            }
        };
        let threads = self.settings.thread_count().max(1);
        // Solutions sent and not yet visited.
        let held = AtomicUsize::new(0);
        // Raised when `visit` breaks, or a subproblem is cut short: the
        // solutions after it would not come in order.
        let stop = Arc::new(AtomicBool::new(false));
        let limits = self.settings.limits.clone().cancel_flag(Arc::clone(&stop));
        // The budget of each subproblem's search, if any.
        let budget = limits.node_budget();
        // The tasks not yet taken, by key (see `Key`), with their paths;
        // how many are being searched, how many threads wait for one, and
        // how many are queued.
        let queue: Mutex<BTreeMap<Key, Vec<P::Choice>>> = Mutex::new(
            paths
                .iter()
                .enumerate()
                .map(|(i, path)| (vec![i as u64], path.clone()))
                .collect(),
        );
        let running = AtomicUsize::new(0);
        // Raised while no task is queued (by the thread that took the last
        // one, and by those waiting for one): each search pauses at its next
        // look at its limits (every node, or about every millisecond; see
        // `Search::pause_on`) and gives work away, so that a task is
        // waiting for the next thread that runs out of work, and none waits
        // for work on a search busy with a slow node.
        let want = Arc::new(AtomicBool::new(false));
        let queued = AtomicUsize::new(paths.len());
        // The first task not yet wholly visited.
        let head: Mutex<Option<Key>> = Mutex::new(Some(vec![0]));
        let (send, receive) = mpsc::channel::<Message<T>>();
        // Waits until `ready` holds; false if the search is to stop.
        let wait = |ready: &dyn Fn() -> bool| {
            while !ready() {
                if limits.poll().is_some() {
                    return false;
                }
                std::thread::sleep(NAP);
            }
            true
        };
        let is_head = |key: &Key| lock(&head).as_ref() == Some(key);
        // Whether the task whose turn it is waits in the queue: a thread
        // whose own task is not the head may then not wait for its turn,
        // which might only come once it has finished.
        let head_queued = || {
            let first = lock(&head).clone();
            first.is_some_and(|first| lock(&queue).contains_key(&first))
        };
        // The next task, or `None` once there is none and none can come.
        let take = || loop {
            if limits.poll().is_some() {
                return None;
            }
            {
                let mut queue = lock(&queue);
                if let Some(task) = queue.pop_first() {
                    if queued.fetch_sub(1, Ordering::Relaxed) == 1 && !self.fresh {
                        want.store(true, Ordering::Relaxed);
                    }
                    running.fetch_add(1, Ordering::Relaxed);
                    return Some(task);
                }
                if running.load(Ordering::Relaxed) == 0 {
                    return None;
                }
            }
            if !self.fresh {
                want.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(NAP);
        };
        let worker = |send: mpsc::Sender<Message<T>>| {
            // The thread's copy of the problem, at the root between two
            // tasks.
            let mut kept = None;
            while let Some((key, path)) = take() {
                let mut state = match kept.take() {
                    Some(state) if !self.fresh => state,
                    _ => {
                        let mut state = problem.clone();
                        state.set_limits(&limits);
                        state
                    }
                };
                for &choice in &path {
                    state.apply(choice);
                }
                let mut search = Search::new(state).with_limits(limits.clone());
                // Not with `fresh`: the subproblems given would be searched
                // from the root's knowledge, when the timing decides.
                if !self.fresh {
                    search.pause_on(Arc::clone(&want));
                }
                let mut given = 0;
                // Whether the search goes one node without pausing, having
                // had nothing to give.
                let mut stepping = false;
                let outcome = loop {
                    let outcome = search.for_each(|state, below| {
                        let mut whole = Vec::with_capacity(path.len() + below.len());
                        whole.extend_from_slice(&path);
                        whole.extend_from_slice(below);
                        let value = map(state, &whole);
                        if held.fetch_add(1, Ordering::Relaxed) >= HELD
                            && !wait(&|| {
                                held.load(Ordering::Relaxed) < HELD
                                    || is_head(&key)
                                    || head_queued()
                            })
                        {
                            return ControlFlow::Break(());
                        }
                        match send.send(Message::Found(key.clone(), value)) {
                            Ok(()) => ControlFlow::Continue(()),
                            Err(_) => ControlFlow::Break(()),
                        }
                    });
                    // Paused by `want` alone, the limits unreached: no task
                    // is queued.
                    match outcome {
                        Outcome::Stopped(Stop::Cancelled) if limits.poll().is_none() => {}
                        Outcome::Stopped(Stop::NodeLimit)
                            if stepping && budget.is_none_or(|b| search.stats().nodes < b) =>
                        {
                            stepping = false;
                            search.set_limits(limits.clone());
                            search.pause_on(Arc::clone(&want));
                            continue;
                        }
                        outcome => break outcome,
                    }
                    if queued.load(Ordering::Relaxed) > 0 {
                        // Another search gave first.
                        want.store(false, Ordering::Relaxed);
                        continue;
                    }
                    // Give the shallowest choices left, each a task, keyed
                    // after what this one has left and before what it gave
                    // before.
                    let Some((prefix, rest)) = search.split_off() else {
                        // Nothing to give (at its root, say): the flag stays
                        // up for the other searches, and this one goes a
                        // node further before it looks at it again.
                        let next = search.stats().nodes + 1;
                        let step = budget.map_or(next, |b| b.min(next));
                        search.set_limits(limits.clone().nodes(step));
                        stepping = true;
                        continue;
                    };
                    given += 1;
                    let tasks: Vec<(Key, Vec<P::Choice>)> = rest
                        .into_iter()
                        .enumerate()
                        .map(|(j, choice)| {
                            let mut sub = key.clone();
                            sub.extend([u64::MAX - given, j as u64]);
                            let mut whole = path.clone();
                            whole.extend_from_slice(&prefix);
                            whole.push(choice);
                            (sub, whole)
                        })
                        .collect();
                    // Told before this task's end, so that the visit waits
                    // for them.
                    let keys = tasks.iter().map(|(k, _)| k.clone()).collect();
                    if send.send(Message::Given(keys)).is_err() {
                        break Outcome::Stopped(Stop::Cancelled);
                    }
                    let mut queue = lock(&queue);
                    queued.fetch_add(tasks.len(), Ordering::Relaxed);
                    queue.extend(tasks);
                    want.store(false, Ordering::Relaxed);
                };
                // A break here was a limit seen while waiting, or the end.
                let outcome = match outcome {
                    Outcome::Stopped(Stop::Requested) => {
                        Outcome::Stopped(limits.poll().unwrap_or(Stop::Cancelled))
                    }
                    outcome => outcome,
                };
                let mut stats = search.stats();
                stats.max_depth += path.len();
                let mut state = search.into_problem();
                for &choice in path.iter().rev() {
                    state.undo(choice);
                }
                kept = Some(state);
                let sent = send.send(Message::Done(key, stats, outcome));
                running.fetch_sub(1, Ordering::Relaxed);
                if sent.is_err() {
                    return;
                }
            }
        };
        let mut stats = Stats::default();
        let mut outcome = Outcome::Complete;
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let send = send.clone();
                // The system refuses more threads: run on fewer.
                if std::thread::Builder::new()
                    .name("backtrack-ordered".to_owned())
                    .spawn_scoped(scope, move || worker(send))
                    .is_err()
                {
                    break;
                }
            }
            drop(send);
            let mut line = Line {
                pending: (0..paths.len())
                    .map(|i| (vec![i as u64], Part::default()))
                    .collect(),
            };
            // Every message, until the threads are all gone (so none is
            // left waiting on a full turn). Looked for every NAP rather
            // than waited for: a send to a waiting receiver wakes it with a
            // system call, which for a search of many solutions cost more
            // than the search (27,000 calls for langford's 35,584).
            let messages = std::iter::from_fn(|| {
                loop {
                    match receive.try_recv() {
                        Ok(message) => return Some(message),
                        Err(mpsc::TryRecvError::Empty) => std::thread::sleep(NAP),
                        Err(mpsc::TryRecvError::Disconnected) => return None,
                    }
                }
            });
            for message in messages {
                if !outcome.is_complete() {
                    if let Message::Done(_, done, _) = message {
                        add(&mut stats, done);
                    }
                    continue;
                }
                match message {
                    Message::Found(key, value) => line.part(key).values.push(value),
                    Message::Given(keys) => {
                        for key in keys {
                            line.part(key);
                        }
                    }
                    Message::Done(key, done, ended) => {
                        add(&mut stats, done);
                        line.part(key).ended = Some(ended);
                    }
                }
                let end = line.visit(&mut visit, &held);
                *lock(&head) = line.pending.keys().next().cloned();
                if let Some(end) = end {
                    outcome = end;
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if outcome.is_complete() && !line.pending.is_empty() {
                // Threads stopped before the end: by a limit.
                let stop = self.settings.limits.poll().unwrap_or(Stop::Cancelled);
                outcome = Outcome::Stopped(stop);
            }
        });
        Report {
            value: stats,
            outcome,
        }
    }
}

/// The place of a task in the sequential order, compared as a sequence:
/// `[i]` for the cut's `i`-th subproblem; a task's `n`-th gift of choices
/// its key followed by `u64::MAX - n` and the choice's rank, after what the
/// task itself visits (a key is before the keys it starts) and before its
/// earlier gifts, which were shallower.
type Key = Vec<u64>;

/// A lock, whatever a panicking thread left behind.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Adds one subproblem's statistics to the total.
fn add(total: &mut Stats, one: Stats) {
    total.nodes += one.nodes;
    total.solutions += one.solutions;
    total.dead_ends += one.dead_ends;
    total.max_depth = total.max_depth.max(one.max_depth);
}

/// What a task has sent and not yet had visited.
struct Part<T> {
    values: Vec<T>,
    ended: Option<Outcome>,
}

impl<T> Default for Part<T> {
    fn default() -> Self {
        Part {
            values: Vec::new(),
            ended: None,
        }
    }
}

/// The tasks' values held until their turn: every task not yet wholly
/// visited, the first of them the one whose turn it is.
struct Line<T> {
    pending: BTreeMap<Key, Part<T>>,
}

impl<T> Line<T> {
    fn part(&mut self, key: Key) -> &mut Part<T> {
        self.pending.entry(key).or_default()
    }

    /// Visits what is ready, in order; the outcome of the whole search if
    /// it is over: `visit` broke, or the head was cut short.
    fn visit(
        &mut self,
        visit: &mut impl FnMut(T) -> ControlFlow<()>,
        held: &AtomicUsize,
    ) -> Option<Outcome> {
        while let Some(mut first) = self.pending.first_entry() {
            let part = first.get_mut();
            for value in part.values.drain(..) {
                held.fetch_sub(1, Ordering::Relaxed);
                if visit(value).is_break() {
                    return Some(Outcome::Stopped(Stop::Requested));
                }
            }
            match part.ended {
                None => return None,
                Some(ended) if !ended.is_complete() => return Some(ended),
                Some(_) => {
                    first.remove();
                }
            }
        }
        None
    }
}
