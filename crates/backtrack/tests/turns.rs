//! Searches taking turns on one core: one at a time between polls, each
//! in its turn, and the others go on when one leaves.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use backtrack::{Limits, Turns};

#[test]
fn one_search_runs_at_a_time_and_each_gets_turns_until_it_leaves() {
    let turns = Turns::new(&[Duration::from_millis(2); 3]);
    let inside = AtomicUsize::new(0);
    // Who ran between two polls, in order.
    let order = Mutex::new(Vec::new());
    // Search 0 leaves early; the others still take turns after it.
    let steps = [50, 400, 400];
    std::thread::scope(|scope| {
        for (me, &n) in steps.iter().enumerate() {
            let (turns, inside, order) = (Arc::clone(&turns), &inside, &order);
            scope.spawn(move || {
                let _turn = turns.enter(me);
                let limits = Limits::default().turn(Arc::clone(&turns), me);
                for _ in 0..n {
                    assert_eq!(limits.poll(), None);
                    assert_eq!(inside.fetch_add(1, Ordering::SeqCst), 0, "two at once");
                    {
                        let mut order = order.lock().unwrap();
                        if order.last() != Some(&me) {
                            order.push(me);
                        }
                    }
                    let start = Instant::now();
                    while start.elapsed() < Duration::from_micros(50) {
                        std::hint::spin_loop();
                    }
                    inside.fetch_sub(1, Ordering::SeqCst);
                }
            });
        }
    });
    let order = order.into_inner().unwrap();
    // Each of 1 and 2 ran 20 ms in slices of 2 ms: many turns each.
    for me in [1, 2] {
        let turns_of = order.iter().filter(|&&m| m == me).count();
        assert!(turns_of >= 4, "search {me} had {turns_of} turns: {order:?}");
    }
    // 0 ran, and left before the end.
    assert!(order.contains(&0), "{order:?}");
    assert_ne!(order.last(), Some(&0), "{order:?}");
}

#[test]
fn a_search_alone_in_its_turns_never_waits() {
    let turns = Turns::new(&[Duration::from_nanos(1), Duration::from_nanos(1)]);
    let _other = turns.enter(1);
    // Search 1 left before it ever polled.
    drop(_other);
    let limits = Limits::default().turn(Arc::clone(&turns), 0);
    for _ in 0..1000 {
        assert_eq!(limits.poll(), None);
    }
}

/// The steps of each search, in the order they ran: `steps[me]` polls of
/// 50 µs each, on `turns`.
fn run_in_turns(turns: &Arc<Turns>, steps: &[usize]) -> Vec<(usize, Instant)> {
    let order = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for (me, &n) in steps.iter().enumerate() {
            let (turns, order) = (Arc::clone(turns), &order);
            scope.spawn(move || {
                let _turn = turns.enter(me);
                let limits = Limits::default().turn(Arc::clone(&turns), me);
                for _ in 0..n {
                    assert_eq!(limits.poll(), None);
                    order.lock().unwrap().push((me, Instant::now()));
                    let start = Instant::now();
                    while start.elapsed() < Duration::from_micros(50) {
                        std::hint::spin_loop();
                    }
                }
            });
        }
    });
    order.into_inner().unwrap()
}

#[test]
fn a_search_that_starts_later_takes_no_turn_before_its_start() {
    let ms = Duration::from_millis;
    let origin = Instant::now();
    let turns = Turns::starting(&[ms(2); 3], &[ms(0), ms(0), ms(30)]);
    let order = run_in_turns(&turns, &[600, 600, 200]);
    let first = order.iter().find(|(me, _)| *me == 2).expect("search 2 ran");
    assert!(
        first.1.duration_since(origin) >= ms(30),
        "search 2 began after {:?}",
        first.1.duration_since(origin)
    );
    // And then it took turns with the others.
    let after: Vec<usize> = order
        .iter()
        .filter(|(_, at)| *at >= first.1)
        .map(|(me, _)| *me)
        .collect();
    for me in [0, 1] {
        assert!(after.contains(&me), "search {me} after 2 began: {after:?}");
    }
}

#[test]
fn a_search_that_starts_later_runs_at_once_when_the_others_have_left() {
    // The others leave at once: search 1 does not wait for its start.
    let turns = Turns::starting(
        &[Duration::from_millis(1); 2],
        &[Duration::ZERO, Duration::from_secs(3600)],
    );
    let started = Instant::now();
    let order = run_in_turns(&turns, &[10, 10]);
    assert_eq!(order.iter().filter(|(me, _)| *me == 1).count(), 10);
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn a_credited_search_holds_the_core_three_times_as_long_a_turn() {
    let turns = Turns::new(&[Duration::from_millis(2); 2]);
    // Search 0 made progress, then search 1, whose credit ends 0's: 1's
    // turns are tripled for the whole test, and 0's are not.
    turns.credit(0, Duration::from_secs(3600));
    turns.credit(1, Duration::from_secs(3600));
    let order = run_in_turns(&turns, &[1200, 1200]);
    // The steps of each turn of each search, but the first and the last
    // (cut short by the start and the end).
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &(me, _) in &order {
        match runs.last_mut() {
            Some((who, n)) if *who == me => *n += 1,
            _ => runs.push((me, 1)),
        }
    }
    let inner = &runs[1..runs.len().saturating_sub(2)];
    let mean = |me: usize| {
        let of: Vec<usize> = inner.iter().filter(|r| r.0 == me).map(|r| r.1).collect();
        assert!(of.len() >= 3, "search {me}'s turns: {runs:?}");
        of.iter().sum::<usize>() as f64 / of.len() as f64
    };
    let (plain, credited) = (mean(0), mean(1));
    assert!(
        credited >= 2.0 * plain,
        "a credited turn of {credited} steps against {plain}: {runs:?}"
    );
}

#[test]
fn the_first_search_holds_its_opening_before_the_others_take_a_turn() {
    let ms = Duration::from_millis;
    let turns = Turns::opening(&[ms(2); 2], &[ms(0); 2], ms(30));
    // Polls of 50 µs: search 0 runs 30 ms of its 60 before search 1's
    // first, then they alternate in slices of 2 ms.
    let order = run_in_turns(&turns, &[1200, 600]);
    let start = order
        .iter()
        .find(|(me, _)| *me == 0)
        .expect("search 0 ran")
        .1;
    let (other, at) = order[order.iter().position(|(me, _)| *me != 0).expect("both ran")];
    assert_eq!(other, 1);
    assert!(
        at.duration_since(start) >= ms(30),
        "search 1 began {:?} after search 0",
        at.duration_since(start)
    );
    // Then each had many turns.
    let switches = order.windows(2).filter(|w| w[0].0 != w[1].0).count();
    assert!(switches >= 4, "{switches} switches");
}
