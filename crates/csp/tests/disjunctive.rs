//! What `disjunctive` with durations that are variables and optional tasks
//! removes at the root, each against the values the solutions use.

use csp::{Model, Network, Var};

/// The root domains of `vars`, and the values of them that solutions use.
fn root_and_used(m: &Model, vars: &[Var]) -> (Vec<Vec<i64>>, Vec<Vec<i64>>) {
    let network: Network = m.compile();
    let root = vars.iter().map(|&v| network.domain(v)).collect();
    let mut used = vec![Vec::new(); vars.len()];
    for s in network.solutions(usize::MAX) {
        for (values, &v) in used.iter_mut().zip(vars) {
            values.push(s[v]);
        }
    }
    for values in &mut used {
        values.sort_unstable();
        values.dedup();
    }
    (root, used)
}

#[test]
fn a_task_that_must_come_first_lasts_at_most_until_the_others_latest_start() {
    // b (6 units from 2..=5) cannot come before a (from 0..=3): a first,
    // and a lasts at most 5 - 0.
    let mut m = Model::new();
    let starts = [m.var(0..=3).unwrap(), m.var(2..=5).unwrap()];
    let durations = [m.var(1..=10).unwrap(), m.var(6..=6).unwrap()];
    m.disjunctive_var(&starts, &durations).unwrap();
    let (root, used) = root_and_used(&m, &[durations[0]]);
    assert_eq!(root, [(1..=5).collect::<Vec<_>>()]);
    assert_eq!(root, used);
}

#[test]
fn an_optional_task_that_fits_nowhere_around_a_present_one_is_absent() {
    // a runs over 0..4; b (2 units from 1..=2) would overlap it.
    let mut m = Model::new();
    let starts = [m.var(0..=0).unwrap(), m.var(1..=2).unwrap()];
    let durations = [m.var(4..=4).unwrap(), m.var(2..=2).unwrap()];
    let present = [m.var(1..=1).unwrap(), m.var(0..=1).unwrap()];
    m.disjunctive_optional(&starts, &durations, &present)
        .unwrap();
    let (root, used) = root_and_used(&m, &[present[1], starts[1]]);
    assert_eq!(
        root,
        [vec![0], vec![1, 2]],
        "an absent task's start is free"
    );
    assert_eq!(root, used);
}

#[test]
fn a_present_task_that_fits_nowhere_takes_no_time() {
    let mut m = Model::new();
    let starts = [m.var(0..=0).unwrap(), m.var(1..=2).unwrap()];
    let durations = [m.var(4..=4).unwrap(), m.var(0..=2).unwrap()];
    m.disjunctive_var(&starts, &durations).unwrap();
    let (root, used) = root_and_used(&m, &[durations[1]]);
    assert_eq!(root, [vec![0]]);
    assert_eq!(root, used);
}

#[test]
fn an_optional_task_that_may_take_no_time_may_still_be_present() {
    // Present with duration 0 it fits inside a: neither its presence nor
    // its duration is decided.
    let mut m = Model::new();
    let starts = [m.var(0..=0).unwrap(), m.var(1..=1).unwrap()];
    let durations = [m.var(4..=4).unwrap(), m.var(0..=1).unwrap()];
    let present = [m.var(1..=1).unwrap(), m.var(0..=1).unwrap()];
    m.disjunctive_optional(&starts, &durations, &present)
        .unwrap();
    let (root, used) = root_and_used(&m, &[present[1], durations[1]]);
    assert_eq!(root, [vec![0, 1], vec![0, 1]]);
    assert_eq!(root, used);
    assert_eq!(m.compile().solutions(usize::MAX).len(), 3);
}

#[test]
fn strict_keeps_a_task_of_no_time_out_of_another_and_the_other_form_lets_it_in() {
    for strict in [false, true] {
        let mut m = Model::new();
        let starts = [m.var(0..=0).unwrap(), m.var(1..=1).unwrap()];
        let durations = [m.var(3..=3).unwrap(), m.var(0..=0).unwrap()];
        if strict {
            m.disjunctive_strict(&starts, &durations).unwrap();
        } else {
            m.disjunctive_var(&starts, &durations).unwrap();
        }
        let found = m.compile().solutions(usize::MAX).len();
        assert_eq!(found, usize::from(!strict), "strict: {strict}");
    }
}

#[test]
fn more_than_sixty_four_tasks_are_taken_by_edge_finding() {
    // 70 unit tasks within 0..70: each a distinct time, and one task of
    // 2 units more cannot fit.
    let mut m = Model::new();
    let starts = m.vars(70, 0..=69).unwrap();
    let durations = vec![m.var(1..=1).unwrap(); 70];
    m.disjunctive_var(&starts, &durations).unwrap();
    assert!(!m.compile().solutions(1).is_empty());
    let mut m = Model::new();
    let mut starts = m.vars(70, 0..=69).unwrap();
    starts.push(m.var(0..=68).unwrap());
    let mut durations = vec![m.var(1..=1).unwrap(); 70];
    durations.push(m.var(2..=2).unwrap());
    m.disjunctive_var(&starts, &durations).unwrap();
    assert!(m.compile().solutions(1).is_empty());
}
