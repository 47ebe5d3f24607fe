//! The runner: every task once, on exactly the threads asked for, setups
//! first, groups together, limits and callback errors honoured.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use backtrack::{Limits, Outcome, Report, Runner, Setup, Stop, WorkList};

/// Tasks that record which thread solved them, in which order, and whether
/// their group's setup had run.
struct Recorder {
    len: usize,
    groups: u64,
    setups_done: Mutex<BTreeSet<u64>>,
    log: Mutex<Vec<(usize, std::thread::ThreadId, bool)>>,
    solved: AtomicUsize,
    /// How long each task takes.
    pause: Duration,
}

impl Recorder {
    fn new(len: usize, groups: u64) -> Self {
        Recorder {
            len,
            groups,
            setups_done: Mutex::new(BTreeSet::new()),
            log: Mutex::new(Vec::new()),
            solved: AtomicUsize::new(0),
            pause: Duration::ZERO,
        }
    }
}

impl WorkList for Recorder {
    type Output = u64;

    fn len(&self) -> usize {
        self.len
    }

    fn solve(&self, index: usize, _: &Limits) -> Report<u64> {
        let ready = self
            .setups_done
            .lock()
            .unwrap()
            .contains(&self.group(index));
        self.log
            .lock()
            .unwrap()
            .push((index, std::thread::current().id(), ready));
        self.solved.fetch_add(1, Ordering::Relaxed);
        std::thread::sleep(self.pause);
        Report {
            value: index as u64,
            outcome: Outcome::Complete,
        }
    }

    fn weight(&self, index: usize) -> f64 {
        (index % 7) as f64
    }

    fn group(&self, index: usize) -> u64 {
        index as u64 % self.groups
    }

    fn setup(&self, tasks: &[usize]) -> Vec<Setup<'_>> {
        let groups: BTreeSet<u64> = tasks.iter().map(|&t| self.group(t)).collect();
        groups
            .into_iter()
            .map(|group| Setup {
                weight: 1.0,
                run: Box::new(move || {
                    let mut done = self.setups_done.lock().unwrap();
                    assert!(done.insert(group), "setup of group {group} ran twice");
                }),
            })
            .collect()
    }
}

fn ok(_: usize, _: &u64) -> Result<(), ()> {
    Ok(())
}

#[test]
fn every_task_once_on_exactly_the_threads_asked_for() {
    for threads in [1, 2, 3, 8] {
        for selection in [
            (0..100).collect::<Vec<usize>>(),
            (0..100).step_by(3).collect(),
        ] {
            let work = Recorder::new(100, 5);
            let report = Runner::new(threads).run(&work, &selection, ok).unwrap();
            assert_eq!(report.outcome, Outcome::Complete);
            assert_eq!(
                report.value,
                selection.iter().map(|&i| i as u64).sum::<u64>()
            );
            let log = work.log.into_inner().unwrap();
            let solved: BTreeSet<usize> = log.iter().map(|e| e.0).collect();
            assert_eq!(solved.len(), log.len(), "{threads} threads: a task twice");
            assert_eq!(
                solved,
                selection.iter().copied().collect(),
                "{threads} threads"
            );
            assert!(log.iter().all(|e| e.2), "a task ran before its setup");
            let ids: std::collections::HashSet<_> = log.iter().map(|e| e.1).collect();
            assert!(
                ids.len() <= threads,
                "{threads} threads: {} used",
                ids.len()
            );
            if threads == 1 {
                assert_eq!(
                    ids,
                    std::collections::HashSet::from([std::thread::current().id()])
                );
            }
        }
    }
}

#[test]
fn one_thread_runs_groups_together_heaviest_first() {
    let work = Recorder::new(60, 4);
    let all: Vec<usize> = (0..60).collect();
    let _ = Runner::new(1).run(&work, &all, ok).unwrap();
    let order: Vec<usize> = work.log.into_inner().unwrap().iter().map(|e| e.0).collect();
    let groups: Vec<u64> = order.iter().map(|&i| i as u64 % 4).collect();
    let mut seen = Vec::new();
    for group in &groups {
        if seen.last() != Some(group) {
            assert!(!seen.contains(group), "group {group} split: {groups:?}");
            seen.push(*group);
        }
    }
    let mut by_group: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for &i in &order {
        by_group
            .entry(i as u64 % 4)
            .or_default()
            .push((i % 7) as f64);
    }
    for weights in by_group.values() {
        assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{weights:?}");
    }
}

#[test]
fn a_deadline_stops_the_run_and_says_so() {
    let work = Recorder::new(50, 1);
    let all: Vec<usize> = (0..50).collect();
    let past = Instant::now() - Duration::from_millis(1);
    let runner = Runner::new(2).limits(Limits::default().deadline(past));
    let report = runner.run(&work, &all, ok).unwrap();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert_eq!(work.solved.load(Ordering::Relaxed), 0);
}

#[test]
fn a_callback_error_stops_the_run_and_is_returned() {
    for threads in [1, 2] {
        let work = Recorder {
            pause: Duration::from_millis(1),
            ..Recorder::new(1000, 1)
        };
        let all: Vec<usize> = (0..1000).collect();
        let mut calls = 0;
        let result = Runner::new(threads).run(&work, &all, |_, _| {
            calls += 1;
            if calls == 10 {
                Err("disk full")
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err("disk full"));
        assert!(
            work.solved.load(Ordering::Relaxed) < 1000,
            "{threads} threads"
        );
    }
}

#[test]
fn progress_counts_setups_and_ends_at_one() {
    let seen = std::sync::Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let work = Recorder::new(40, 4);
    let all: Vec<usize> = (0..40).collect();
    let _ = Runner::new(2)
        .progress(move |f| record.lock().unwrap().push(f))
        .run(&work, &all, ok)
        .unwrap();
    let seen = seen.lock().unwrap();
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&1.0));
    // Four setups of weight 1 among 40 tasks of weight 0 to 6.
    assert!(seen[0] > 0.0 && seen[0] < 0.1, "{seen:?}");
}

/// Tasks whose weighing takes a while and notes the thread it ran on.
struct SlowWeights {
    weighed_on: Mutex<Vec<std::thread::ThreadId>>,
}

impl WorkList for SlowWeights {
    type Output = u64;

    fn len(&self) -> usize {
        128
    }

    fn solve(&self, index: usize, _: &Limits) -> Report<u64> {
        Report {
            value: index as u64,
            outcome: Outcome::Complete,
        }
    }

    fn weight(&self, index: usize) -> f64 {
        self.weighed_on
            .lock()
            .unwrap()
            .push(std::thread::current().id());
        std::thread::sleep(Duration::from_millis(1));
        (index % 5) as f64
    }
}

#[test]
fn many_tasks_are_weighed_on_every_thread_and_each_once() {
    let all: Vec<usize> = (0..128).collect();
    for threads in [1, 2, 4] {
        let work = SlowWeights {
            weighed_on: Mutex::new(Vec::new()),
        };
        let report = Runner::new(threads).run(&work, &all, ok).unwrap();
        assert_eq!(report.value, (0..128).sum::<u64>());
        let on = work.weighed_on.into_inner().unwrap();
        assert_eq!(on.len(), 128, "{threads} threads: each task weighed once");
        let ids: std::collections::HashSet<_> = on.iter().collect();
        assert_eq!(ids.len(), threads, "{threads} threads weighed");
        if threads == 1 {
            assert!(ids.contains(&std::thread::current().id()));
        }
    }
}
