//! A warning on standard error before a long estimate.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Timeout, duration};
use runner::eprintln;

/// An estimate expected to take longer than this says so on standard
/// error first.
const WARN_SECONDS: f64 = 60.0;

/// How long the tasks of a sample run before their progress tells how
/// long all of them take.
const PROJECT_AFTER: Duration = Duration::from_secs(1);

/// Says once on standard error how long a run will take, when that is
/// more than [`WARN_SECONDS`].
#[derive(Clone)]
pub struct Warning {
    warned: Arc<AtomicBool>,
    what: Arc<String>,
    /// Whether --timeout was given (else the warning suggests it).
    timeout: bool,
}

impl Warning {
    /// A warning about `what` (a phrase such as "the sample of 10 tasks").
    pub fn new(what: String, timeout: Timeout) -> Self {
        Warning {
            warned: Arc::new(AtomicBool::new(false)),
            what: Arc::new(what),
            timeout: timeout.0 > 0.0,
        }
    }

    /// Warns if `seconds` expected in all is more than [`WARN_SECONDS`].
    pub fn expect(&self, seconds: f64) {
        if seconds > WARN_SECONDS && !self.warned.swap(true, Ordering::Relaxed) {
            eprintln!(
                "nqueens estimate: {} will take about {} here{}",
                self.what,
                duration(seconds),
                if self.timeout {
                    ""
                } else {
                    "; --timeout SECONDS stops it"
                }
            );
        }
    }

    /// Warns from the share `done` of the work after `elapsed`, once the
    /// share is worth projecting from.
    pub fn project(&self, elapsed: Duration, done: f64) {
        if elapsed >= PROJECT_AFTER && done > 0.0 {
            self.expect(elapsed.as_secs_f64() / done.min(1.0));
        }
    }
}
