//! The deadline and the cancel flags reach into the propagation: one long
//! fixpoint (at the root or below a choice) stops soon after them, and a
//! propagation they cut short never turns into a wrong count, a wrong
//! "unsatisfiable" or a wrong optimum.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use backtrack::{Limits, Outcome, Search, Stop};
use csp::{Domains, Event, Failed, Model, Propagator, Rel, Var};

/// `x <= max(y - 1, floor)` once `on` is fixed to 1, and `x = 0` once it
/// is fixed to 0. Two of them, `x` before `y` and `y` before `x`, lower
/// the two maxima by one per run: from a width `w` down to `floor`, `2w`
/// runs of the propagation loop. Each run is counted, and `trip` is
/// raised at the run numbered `at`: a limit reached at a chosen point of
/// a propagation.
struct Descend {
    on: Var,
    x: Var,
    y: Var,
    floor: i64,
    runs: Arc<AtomicU64>,
    at: u64,
    trip: Arc<AtomicBool>,
}

impl Propagator for Descend {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![
            (self.on, Event::Fixed),
            (self.x, Event::Bounds),
            (self.y, Event::Bounds),
        ]
    }

    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        if self.runs.fetch_add(1, Ordering::Relaxed) + 1 == self.at {
            self.trip.store(true, Ordering::Relaxed);
        }
        match d.value(self.on) {
            Some(1) => {
                d.set_max(self.x, (d.max(self.y) - 1).max(self.floor))?;
            }
            Some(_) => d.fix(self.x, 0)?,
            None => {}
        }
        Ok(())
    }
}

/// A model with the two descents over `0..=width` down to `floor`, on
/// `on` in `on_values`; `runs` counts their runs, `trip` is raised at the
/// run `at` (never for 0).
struct Gadget {
    model: Model,
    on: Var,
    runs: Arc<AtomicU64>,
    trip: Arc<AtomicBool>,
}

fn gadget(on_values: std::ops::RangeInclusive<i64>, width: i64, floor: i64, at: u64) -> Gadget {
    let mut model = Model::new();
    let on = model.var(on_values).unwrap();
    let x = model.var(0..=width).unwrap();
    let y = model.var(0..=width).unwrap();
    let runs = Arc::new(AtomicU64::new(0));
    let trip = Arc::new(AtomicBool::new(false));
    for (x, y) in [(x, y), (y, x)] {
        model
            .propagator(Descend {
                on,
                x,
                y,
                floor,
                runs: Arc::clone(&runs),
                at,
                trip: Arc::clone(&trip),
            })
            .unwrap();
    }
    Gadget {
        model,
        on,
        runs,
        trip,
    }
}

/// Runs of the propagation loop per second in this build, measured on a
/// fixpoint short enough to finish: the width that keeps the loop busy
/// for `seconds` (release is about 20 times as fast as debug).
fn width_for(seconds: f64) -> i64 {
    let g = gadget(1..=1, 200_000, 0, 0);
    let started = Instant::now();
    let _ = g.model.compile();
    let rate = g.runs.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64();
    (rate * seconds / 2.0) as i64
}

/// The margin allowed past a deadline: the loop looks at the clock every
/// thousand runs or so, which takes well under a millisecond.
const MARGIN: Duration = Duration::from_millis(500);

#[test]
fn a_root_fixpoint_of_several_seconds_stops_at_the_compile_deadline() {
    // Ten seconds of propagation at the root without the limit.
    let g = gadget(1..=1, width_for(10.0), 0, 0);
    let deadline = Duration::from_millis(100);
    let started = Instant::now();
    let result = g.model.compile_with(&Limits::default().time(deadline));
    let took = started.elapsed();
    assert_eq!(result.err(), Some(Stop::Deadline));
    assert!(took < deadline + MARGIN, "compile_with took {took:?}");
}

#[test]
fn a_choice_that_propagates_for_seconds_stops_at_the_search_deadline_not_complete() {
    // `on = 0` gives one solution at once, `on = 1` ten seconds of
    // propagation and four more (x, y <= 1): the whole count is 5.
    let g = gadget(0..=1, width_for(10.0), 1, 0);
    let network = g.model.compile();
    let deadline = Duration::from_millis(200);
    let started = Instant::now();
    let report = Search::new(network.clone())
        .with_limits(Limits::default().time(deadline))
        .count();
    let took = started.elapsed();
    assert!(took < deadline + MARGIN, "the search took {took:?}");
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert!(report.value <= 5);
    // The same with a cancel flag raised from another thread, and the
    // optimisation: no optimum is claimed.
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let mut m = g.model;
    m.maximize(g.on).unwrap();
    let started = Instant::now();
    let report = m
        .compile()
        .optimize(&Limits::default().cancel_flag(Arc::clone(&flag)), |_| {});
    let took = started.elapsed();
    raiser.join().unwrap();
    assert!(
        took < Duration::from_millis(200) + MARGIN,
        "optimize took {took:?}"
    );
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Cancelled));
    assert_eq!(report.value.objective, Some(0));
}

/// `a + b + on = rhs` with `a, b` in `0..=3`, next to the gadget on `on`
/// (`on = 0`: x = y = 0; `on = 1`: x, y <= 1 after a long descent): the
/// number of solutions, counted by hand.
fn expected(rhs: i64) -> u128 {
    let mut count = 0;
    for a in 0..=3 {
        for b in 0..=3 {
            for on in 0..=1 {
                if a + b + on == rhs {
                    count += if on == 0 { 1 } else { 4 };
                }
            }
        }
    }
    count
}

#[test]
fn a_limit_raised_inside_a_propagation_never_gives_a_wrong_count_unsat_or_optimum() {
    // Each `on = 1` node runs the descents some 4,000 times; the flag is
    // raised at runs spread over the first nodes and past the last.
    let width = 2_000;
    for rhs in [-1, 0, 1, 4, 7, 8] {
        for at in [
            1, 2, 3, 500, 1_500, 3_999, 4_001, 6_000, 9_000, 20_000, 40_000, 0,
        ] {
            let g = gadget(0..=1, width, 1, at);
            let mut m = g.model;
            let a = m.var(0..=3).unwrap();
            let b = m.var(0..=3).unwrap();
            m.linear(&[(1, a), (1, b), (1, g.on)], Rel::Eq, rhs)
                .unwrap();
            let limits = Limits::default().cancel_flag(Arc::clone(&g.trip));
            let report = Search::new(m.compile()).with_limits(limits.clone()).count();
            match report.outcome {
                Outcome::Complete => assert_eq!(report.value, expected(rhs), "rhs {rhs}, at {at}"),
                Outcome::Stopped(stop) => {
                    assert_eq!(stop, Stop::Cancelled, "rhs {rhs}, at {at}");
                    assert!(report.value <= expected(rhs), "rhs {rhs}, at {at}");
                }
            }
            // Maximising `a + 3 on`: the best is the largest over the
            // solutions, none when there are none.
            g.trip.store(false, Ordering::Relaxed);
            g.runs.store(0, Ordering::Relaxed);
            let best = (0..=3)
                .flat_map(|a| (0..=1).map(move |on| (a, on)))
                .filter(|&(a, on)| (0..=3).any(|b| a + b + on == rhs))
                .map(|(a, on)| a + 3 * on)
                .max();
            m.maximize_linear(&[(1, a), (3, g.on)]).unwrap();
            let report = m.compile().optimize(&limits, |_| {});
            match report.outcome {
                Outcome::Complete => assert_eq!(report.value.objective, best, "rhs {rhs}, at {at}"),
                Outcome::Stopped(stop) => {
                    assert_eq!(stop, Stop::Cancelled, "rhs {rhs}, at {at}");
                    assert!(report.value.objective <= best, "rhs {rhs}, at {at}");
                }
            }
        }
    }
}
