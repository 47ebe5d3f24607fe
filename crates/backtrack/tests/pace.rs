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
