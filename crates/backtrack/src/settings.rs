//! [`Settings`]: how many threads, within which limits, reporting progress
//! how; the one builder of [`Parallel`](crate::Parallel), the
//! [`Runner`](crate::Runner) and the `runner` crate's `Options`.

use std::fmt;
use std::sync::Arc;

use crate::limit::Limits;

/// A progress callback: it is given the share of the estimated work done,
/// from 0 to 1, never less than before, one call at a time.
pub type Progress = Arc<dyn Fn(f64) + Send + Sync>;

/// Threads, limits and progress: what every way of running work on
/// several threads asks for, in one value.
///
/// [`Parallel`](crate::Parallel), the [`Runner`](crate::Runner) and the
/// `runner` crate's `Options` each take a whole `Settings` (their
/// `settings` method, or `Runner::from`), and keep `threads`, `limits` and
/// `progress` methods of their own that mean exactly what these do: build
/// one value from a command line and hand it to whichever runs the work.
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
/// use std::sync::{Arc, Mutex};
/// use std::time::Duration;
/// use backtrack::{Limits, Parallel, Runner, Settings};
///
/// let last = Arc::new(Mutex::new(0.0));
/// let seen = Arc::clone(&last);
/// let settings = Settings::new()
///     .threads(2)
///     .limits(Limits::default().time(Duration::from_secs(60)))
///     .progress(move |share| *seen.lock().unwrap() = share);
///
/// let report = Parallel::auto().settings(settings.clone()).count(&Coins(12));
/// assert_eq!(report.complete(), Some(4096));
/// assert_eq!(*last.lock().unwrap(), 1.0);
/// assert_eq!(Runner::from(settings).threads(), 2);
/// ```
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct Settings {
    /// How many threads solve tasks: 0 for one per core, 1 for the calling
    /// thread alone.
    pub threads: usize,
    /// The deadline and cancel flags stop the run; a node budget applies
    /// to each task (each subproblem) on its own.
    pub limits: Limits,
    /// Called with the share of the estimated work done.
    pub progress: Option<Progress>,
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("threads", &self.threads)
            .field("limits", &self.limits)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Settings {
    /// One thread per core, no limits, no progress.
    pub fn new() -> Self {
        Settings::default()
    }

    /// Run on exactly `threads` threads (0: one per core; 1: the calling
    /// thread, no other).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Honour `limits`: its deadline and cancel flags stop the run, its
    /// node budget applies to each task.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Call `progress` with the share of the estimated work done, from 0
    /// to 1, after each finished task, never with less than before, from
    /// one thread at a time.
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(f64) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(progress));
        self
    }

    /// The number of threads these settings run on: [`threads`](Self::threads),
    /// with 0 read as the number of cores.
    ///
    /// ```
    /// let cores = std::thread::available_parallelism().map_or(1, usize::from);
    /// assert_eq!(backtrack::Settings::new().thread_count(), cores);
    /// assert_eq!(backtrack::Settings::new().threads(3).thread_count(), 3);
    /// ```
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            threads => threads,
        }
    }
}
