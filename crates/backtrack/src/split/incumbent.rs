//! [`Incumbent`]: the best cost found so far, shared by every thread that
//! searches one problem.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The best cost found so far, shared between threads: the branch and
/// bound workers of [`Parallel::optimize`](crate::Parallel::optimize), and
/// any other search that finds solutions of the same problem (a local
/// search, a search with restarts) and offers their costs here, so that
/// every worker prunes with the best of all of them.
///
/// Reading is cheap: [`generation`](Incumbent::generation) is an atomic
/// counter, bumped at each improvement, that a worker compares with the
/// last one it saw at every node without taking a lock; only when it has
/// moved does it ask for [`best`](Incumbent::best).
///
/// # Example
///
/// ```
/// use backtrack::Incumbent;
///
/// let incumbent = Incumbent::new();
/// assert_eq!((incumbent.best(), incumbent.generation()), (None, 0));
/// assert!(incumbent.offer(10));
/// assert!(!incumbent.offer(10)); // no strict improvement
/// assert!(incumbent.offer(7));
/// assert_eq!((incumbent.best(), incumbent.generation()), (Some(7), 2));
/// ```
#[derive(Debug, Default)]
pub struct Incumbent<C> {
    best: Mutex<Option<C>>,
    generation: AtomicU64,
}

impl<C: Ord + Copy> Incumbent<C> {
    /// No cost yet.
    pub fn new() -> Self {
        Incumbent {
            best: Mutex::new(None),
            generation: AtomicU64::new(0),
        }
    }

    /// An incumbent that starts at `cost`: only a strictly lower cost
    /// improves it.
    pub fn starting_at(cost: C) -> Self {
        Incumbent {
            best: Mutex::new(Some(cost)),
            generation: AtomicU64::new(1),
        }
    }

    /// Offers `cost`: `true` if it is strictly below the best so far (or
    /// the first), which it then becomes. Offers are atomic with respect
    /// to each other: of two offers of the same cost, one alone succeeds.
    pub fn offer(&self, cost: C) -> bool {
        let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        if best.is_some_and(|best| best <= cost) {
            return false;
        }
        *best = Some(cost);
        self.generation.fetch_add(1, Ordering::Release);
        true
    }

    /// The best cost so far, if any.
    pub fn best(&self) -> Option<C> {
        *self.best.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many times the best has improved: a change of this number says
    /// that [`best`](Incumbent::best) has a new value.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }
}
