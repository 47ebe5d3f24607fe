//! Searches that share one core by taking turns.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// A baton that several searches, each on its own thread, pass around so
/// that one runs at a time: a portfolio on one core. Each search holds it
/// for its slice of time, then hands it to the next one still running.
///
/// A search takes part through its [`Limits`](crate::Limits) (see
/// [`Limits::turn`](crate::Limits::turn)): each time it polls them, it
/// passes the baton on if its slice is over, and waits while another
/// holds it. A search that ends must [`leave`](Turns::leave) (a
/// [`Turn`] guard does it when dropped), or the others wait for it for
/// ever. The time a search spends waiting is no CPU time.
///
/// Search 0 holds the baton first, its slice (or a longer first one, see
/// [`Turns::opening`]) counted from its first poll.
///
/// # Example
///
/// Two searches with one slice each of 1 ms, taking turns:
///
/// ```
/// use std::time::Duration;
/// use backtrack::{Limits, Turns};
///
/// let turns = Turns::new(&[Duration::from_millis(1), Duration::from_millis(1)]);
/// let counts: Vec<u64> = std::thread::scope(|scope| {
///     let handles: Vec<_> = (0..2)
///         .map(|me| {
///             let turns = turns.clone();
///             scope.spawn(move || {
///                 let _turn = turns.enter(me);
///                 let limits = Limits::default().turn(turns.clone(), me);
///                 (0..1000).map(|_| u64::from(limits.poll().is_none())).sum()
///             })
///         })
///         .collect();
///     handles.into_iter().map(|h| h.join().unwrap()).collect()
/// });
/// assert_eq!(counts, [1000, 1000]);
/// ```
pub struct Turns {
    /// Who holds the baton.
    holder: AtomicUsize,
    /// When its slice ends, in nanoseconds from `origin` ([`u64::MAX`]
    /// until the first holder first polls: its slice starts then, not
    /// while its thread starts).
    ends: AtomicU64,
    origin: Instant,
    slices: Box<[Duration]>,
    /// The first holder's first slice.
    opening: Duration,
    /// When each search may first take the baton, from `origin`.
    starts: Box<[Duration]>,
    /// Until when each search's slices are three times as long, in
    /// nanoseconds from `origin` (see [`Turns::credit`]; 0 for all but
    /// one at most).
    credited: Box<[AtomicU64]>,
    /// Which searches still run.
    running: Mutex<Box<[bool]>>,
    passed: Condvar,
}

impl fmt::Debug for Turns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Turns")
            .field("holder", &self.holder.load(Ordering::Relaxed))
            .field("slices", &self.slices)
            .finish_non_exhaustive()
    }
}

/// A search's part in [`Turns`]: it leaves them when dropped (its thread
/// ended, or panicked).
#[derive(Debug)]
#[must_use = "the search leaves the turns when this is dropped"]
pub struct Turn {
    turns: Arc<Turns>,
    me: usize,
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.turns.leave(self.me);
    }
}

impl Turns {
    /// Turns for `slices.len()` searches, search `i` holding the baton
    /// `slices[i]` at a time.
    ///
    /// # Panics
    ///
    /// If `slices` is empty.
    pub fn new(slices: &[Duration]) -> Arc<Turns> {
        Turns::starting(slices, &vec![Duration::ZERO; slices.len()])
    }

    /// Turns as [`new`](Turns::new) makes them, but search `i` takes no
    /// turn until `starts[i]` after now (unless no other search is left
    /// to take one): a search that joins the others only once they have
    /// had some time to themselves. Search 0 starts at once whatever
    /// `starts[0]` says.
    ///
    /// # Panics
    ///
    /// If `slices` is empty, or `starts` is not as long.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use backtrack::Turns;
    ///
    /// let ms = Duration::from_millis;
    /// // The third search joins after a second.
    /// let turns = Turns::starting(&[ms(20); 3], &[ms(0), ms(0), ms(1000)]);
    /// # drop(turns);
    /// ```
    pub fn starting(slices: &[Duration], starts: &[Duration]) -> Arc<Turns> {
        assert!(!slices.is_empty(), "turns need a search");
        Turns::opening(slices, starts, slices[0])
    }

    /// Turns as [`starting`](Turns::starting) makes them, but search 0's
    /// first slice lasts `opening`: a search that solves most short
    /// instances alone gets the time they take before the others begin.
    ///
    /// # Panics
    ///
    /// If `slices` is empty, or `starts` is not as long.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use backtrack::Turns;
    ///
    /// let ms = Duration::from_millis;
    /// // Search 0 holds the core for its first 100 ms, then 20 ms a turn.
    /// let turns = Turns::opening(&[ms(20); 2], &[ms(0); 2], ms(100));
    /// # drop(turns);
    /// ```
    pub fn opening(slices: &[Duration], starts: &[Duration], opening: Duration) -> Arc<Turns> {
        assert!(!slices.is_empty(), "turns need a search");
        assert_eq!(slices.len(), starts.len(), "a start for each search");
        Arc::new(Turns {
            opening,
            holder: AtomicUsize::new(0),
            ends: AtomicU64::new(u64::MAX),
            origin: Instant::now(),
            slices: slices.into(),
            starts: starts.into(),
            credited: slices.iter().map(|_| AtomicU64::new(0)).collect(),
            running: Mutex::new(vec![true; slices.len()].into()),
            passed: Condvar::new(),
        })
    }

    /// The guard of search `me`'s part: it leaves when dropped.
    pub fn enter(self: &Arc<Self>, me: usize) -> Turn {
        Turn {
            turns: Arc::clone(self),
            me,
        }
    }

    /// Nanoseconds from `origin` to `after` from now.
    fn at(&self, after: Duration) -> u64 {
        let end = self.origin.elapsed().saturating_add(after);
        u64::try_from(end.as_nanos()).unwrap_or(u64::MAX)
    }

    fn running(&self) -> MutexGuard<'_, Box<[bool]>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Search `me` polls: it goes on while it holds the baton and its
    /// slice lasts; else it passes the baton on (if another search still
    /// runs) and waits for it to come back.
    pub fn take(&self, me: usize) {
        if self.holder.load(Ordering::Acquire) == me {
            let ends = self.ends.load(Ordering::Relaxed);
            if ends == u64::MAX {
                // The first poll of the first holder: its slice starts.
                self.ends.store(self.at(self.opening), Ordering::Relaxed);
                return;
            }
            let now = u64::try_from(self.origin.elapsed().as_nanos()).unwrap_or(u64::MAX);
            if now < ends {
                return;
            }
        }
        let mut running = self.running();
        if self.holder.load(Ordering::Acquire) == me {
            self.pass(me, &running);
        }
        while self.holder.load(Ordering::Acquire) != me {
            running = self
                .passed
                .wait(running)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Search `me` made progress (say, it improved the best solution): for
    /// the next `time` its slices are three times as long, so that the
    /// search that is getting somewhere gets more of the core while it
    /// does. One search holds the credit at a time: the others' ends. Its
    /// slice under way is not lengthened.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use backtrack::Turns;
    ///
    /// let turns = Turns::new(&[Duration::from_millis(20); 2]);
    /// // Search 1 found a better solution: 60 ms turns for a second.
    /// turns.credit(1, Duration::from_secs(1));
    /// ```
    pub fn credit(&self, me: usize, time: Duration) {
        let until = self.at(time);
        for (i, credited) in self.credited.iter().enumerate() {
            credited.store(if i == me { until } else { 0 }, Ordering::Relaxed);
        }
    }

    /// Search `me` has ended: the baton goes on without it.
    pub fn leave(&self, me: usize) {
        let mut running = self.running();
        if let Some(r) = running.get_mut(me) {
            *r = false;
        }
        if self.holder.load(Ordering::Acquire) == me {
            self.pass(me, &running);
        }
    }

    /// Hands the baton from `me` to the next search still running after
    /// it whose start has come (back to `me` if none and it still runs;
    /// else to the next still running, started or not), for that one's
    /// slice.
    fn pass(&self, me: usize, running: &[bool]) {
        let n = running.len();
        let now = self.origin.elapsed();
        let after = || (1..=n).map(|k| (me + k) % n);
        let next = after()
            .find(|&i| running[i] && now >= self.starts[i])
            .or_else(|| running[me].then_some(me))
            .or_else(|| after().find(|&i| running[i]))
            .unwrap_or(me);
        let credited = u64::try_from(now.as_nanos()).unwrap_or(u64::MAX)
            < self.credited[next].load(Ordering::Relaxed);
        let slice = self.slices[next] * if credited { 3 } else { 1 };
        self.ends.store(self.at(slice), Ordering::Relaxed);
        self.holder.store(next, Ordering::Release);
        self.passed.notify_all();
    }
}
