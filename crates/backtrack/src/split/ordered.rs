//! [`Parallel::for_each_in_order`]: every solution, searched on several
//! threads and visited in the sequential search's order.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use super::parallel::Parallel;
use crate::limit::{Outcome, Report, Stats, Stop};
use crate::problem::Problem;
use crate::search::Search;

/// How many solutions a subproblem that is not the next to be visited
/// holds back before its thread waits for its turn.
const HELD: usize = 1024;

/// How long a waiting thread sleeps between two looks at its turn.
const NAP: Duration = Duration::from_millis(1);

/// What a thread tells the visiting one.
enum Message<T> {
    /// A solution of the subproblem, in its order.
    Found(usize, T),
    /// The subproblem's search is over, with its statistics.
    Done(usize, Stats, Outcome),
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
    /// the others are held meanwhile, at most 1,024 for each of the
    /// subproblems under way (a thread with more waits for its turn), and
    /// no thread starts a subproblem more than four per thread ahead of the
    /// first one not yet visited. So the memory stays bounded and the
    /// first solutions come out as early as the sequential search's.
    ///
    /// The order is the sequential search's when the problem's choices at a
    /// state depend on that state alone (the engine's assumption, see
    /// [`subproblems`](crate::subproblems)); a problem that learns from the
    /// search as it goes (weights of failures, say) searches each
    /// subproblem with what it knew at the root instead, and may order its
    /// solutions otherwise: each is still visited exactly once.
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
        let ahead = threads * 4;
        // Raised when `visit` breaks, or a subproblem is cut short: the
        // solutions after it would not come in order.
        let stop = Arc::new(AtomicBool::new(false));
        let limits = self.settings.limits.clone().cancel_flag(Arc::clone(&stop));
        // The first subproblem not yet wholly visited.
        let head = AtomicUsize::new(0);
        let next = AtomicUsize::new(0);
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
        let worker = |send: mpsc::Sender<Message<T>>| {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= paths.len() || !wait(&|| i < head.load(Ordering::Acquire) + ahead) {
                    return;
                }
                let path = &paths[i];
                let mut state = problem.clone();
                state.set_limits(&limits);
                for &choice in path {
                    state.apply(choice);
                }
                let mut search = Search::new(state).with_limits(limits.clone());
                let mut held = 0;
                let outcome = search.for_each(|state, below| {
                    let mut whole = Vec::with_capacity(path.len() + below.len());
                    whole.extend_from_slice(path);
                    whole.extend_from_slice(below);
                    let value = map(state, &whole);
                    held += 1;
                    if held > HELD && !wait(&|| head.load(Ordering::Acquire) == i) {
                        return ControlFlow::Break(());
                    }
                    match send.send(Message::Found(i, value)) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                });
                // A break here was a limit seen while waiting, or the end.
                let outcome = match outcome {
                    Outcome::Stopped(Stop::Requested) => {
                        Outcome::Stopped(limits.poll().unwrap_or(Stop::Cancelled))
                    }
                    outcome => outcome,
                };
                let mut stats = search.stats();
                stats.max_depth += path.len();
                if send.send(Message::Done(i, stats, outcome)).is_err() {
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
                pending: BTreeMap::new(),
                head: 0,
            };
            // Every message, until the threads are all gone (so none is
            // left waiting on a full turn).
            for message in receive.iter() {
                if !outcome.is_complete() {
                    if let Message::Done(_, done, _) = message {
                        add(&mut stats, done);
                    }
                    continue;
                }
                match message {
                    Message::Found(i, value) => line.part(i).values.push(value),
                    Message::Done(i, done, ended) => {
                        add(&mut stats, done);
                        line.part(i).ended = Some(ended);
                    }
                }
                if let Some(end) = line.visit(&mut visit, &head) {
                    outcome = end;
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if outcome.is_complete() && line.head < paths.len() {
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

/// Adds one subproblem's statistics to the total.
fn add(total: &mut Stats, one: Stats) {
    total.nodes += one.nodes;
    total.solutions += one.solutions;
    total.dead_ends += one.dead_ends;
    total.max_depth = total.max_depth.max(one.max_depth);
}

/// What a subproblem has sent and not yet had visited.
struct Part<T> {
    values: Vec<T>,
    ended: Option<Outcome>,
}

/// The subproblems' values held until their turn.
struct Line<T> {
    pending: BTreeMap<usize, Part<T>>,
    /// The first subproblem not yet wholly visited.
    head: usize,
}

impl<T> Line<T> {
    fn part(&mut self, i: usize) -> &mut Part<T> {
        self.pending.entry(i).or_insert_with(|| Part {
            values: Vec::new(),
            ended: None,
        })
    }

    /// Visits what is ready, in order; the outcome of the whole search if
    /// it is over: `visit` broke, or the head was cut short.
    fn visit(
        &mut self,
        visit: &mut impl FnMut(T) -> ControlFlow<()>,
        head: &AtomicUsize,
    ) -> Option<Outcome> {
        while let Some(part) = self.pending.get_mut(&self.head) {
            for value in part.values.drain(..) {
                if visit(value).is_break() {
                    return Some(Outcome::Stopped(Stop::Requested));
                }
            }
            match part.ended {
                None => return None,
                Some(ended) if !ended.is_complete() => return Some(ended),
                Some(_) => {
                    self.pending.remove(&self.head);
                    self.head += 1;
                    head.store(self.head, Ordering::Release);
                }
            }
        }
        None
    }
}
