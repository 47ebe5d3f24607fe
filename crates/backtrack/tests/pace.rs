//! How soon a deadline stops a search whose nodes are slow: the engine
//! looks at its clock at every node at first and less often only while
//! the looks come quickly.

use std::time::{Duration, Instant};

use backtrack::{Limits, Optimize, Outcome, Problem, Search, Stop};

/// A binary tree of depth 40 whose every step takes half a millisecond,
/// as a constraint network that propagates at length might.
#[derive(Clone, Debug, Default)]
struct Slow {
    depth: u32,
}

impl Problem for Slow {
    type Choice = bool;
    type Choices = std::array::IntoIter<bool, 2>;
    fn choices(&self) -> Self::Choices {
        [false, true].into_iter()
    }
    fn apply(&mut self, _: bool) {
        std::thread::sleep(Duration::from_micros(500));
        self.depth += 1;
    }
    fn undo(&mut self, _: bool) {
        self.depth -= 1;
    }
    fn is_solution(&self) -> bool {
        self.depth == 40
    }
}

impl Optimize for Slow {
    type Cost = u32;
    fn cost(&self) -> u32 {
        self.depth
    }
    fn set_bound(&mut self, _: u32) {}
    fn lower_bound(&self) -> Option<u32> {
        Some(0)
    }
}

/// With a poll every 4,096 nodes these searches overran a 50 ms deadline
/// by two seconds or more.
#[test]
fn a_deadline_stops_a_search_of_slow_nodes_within_milliseconds() {
    let limits = Limits::default().time(Duration::from_millis(50));
    let start = Instant::now();
    let report = Search::new(Slow::default())
        .with_limits(limits.clone())
        .count();
    let took = start.elapsed();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert!(
        took < Duration::from_millis(1000),
        "the count stopped after {took:?}"
    );

    let start = Instant::now();
    let report = backtrack::minimize_with(Slow::default(), &limits, |_, _| {});
    let took = start.elapsed();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert!(
        took < Duration::from_millis(1000),
        "branch and bound stopped after {took:?}"
    );
}

/// A binary tree whose first 2,000 steps spin 10 microseconds each and
/// whose later steps take a millisecond, as deeper states of a constraint
/// network may; the step numbered `raise_at` raises `flag`.
#[derive(Clone, Debug)]
struct Turning {
    depth: u32,
    steps: u32,
    raise_at: u32,
    /// Steps taken once the flag was up.
    after: u32,
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Problem for Turning {
    type Choice = bool;
    type Choices = std::array::IntoIter<bool, 2>;
    fn choices(&self) -> Self::Choices {
        [false, true].into_iter()
    }
    fn apply(&mut self, _: bool) {
        use std::sync::atomic::Ordering;
        self.steps += 1;
        if self.flag.load(Ordering::Relaxed) {
            self.after += 1;
        }
        if self.steps <= 2000 {
            let start = Instant::now();
            while start.elapsed() < Duration::from_micros(10) {
                std::hint::spin_loop();
            }
        } else {
            std::thread::sleep(Duration::from_millis(1));
        }
        if self.steps == self.raise_at {
            self.flag.store(true, Ordering::Relaxed);
        }
        self.depth += 1;
    }
    fn undo(&mut self, _: bool) {
        self.depth -= 1;
    }
    fn is_solution(&self) -> bool {
        self.depth == 40
    }
}

/// Fast steps space the looks at the flags about a hundred nodes apart;
/// once the steps turn slow, the first look that comes late brings the
/// next ones down to every node at once (halving the space look after look
/// took seven looks, and let tens of slow nodes pass a raised flag).
#[test]
fn once_nodes_turn_slow_a_raised_flag_is_seen_within_a_node() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let problem = Turning {
        depth: 0,
        steps: 0,
        raise_at: 2115,
        after: 0,
        flag: std::sync::Arc::clone(&flag),
    };
    let mut search = Search::new(problem).with_limits(Limits::default().cancel_flag(flag));
    let report = search.count();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Cancelled));
    let after = search.problem().after;
    assert!(after <= 1, "{after} slow steps after the flag was raised");
}
