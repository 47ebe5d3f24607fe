//! `cumulative` on wide horizons: its profile is a list of steps, not an
//! array over time, so a schedule over a trillion time units, or at the
//! top of `i64`, propagates as one over a few units does.

use backtrack::Limits;
use csp::{Model, Var};

/// The start of `task` in the optimum of minimizing `objective`, and the
/// optimum, proved.
fn optimum(m: &Model, objective: Var, task: Var) -> (i64, i64) {
    let report = m.compile().optimize(&Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    let best = report.value.best.expect("a schedule exists");
    (best[task], best[objective])
}

#[test]
fn a_task_moves_past_a_compulsory_part_a_hundred_billion_units_long() {
    let mut m = Model::new();
    let first = m.var(0..=0).unwrap();
    let second = m.var(0..=1_000_000_000_000).unwrap();
    let span = 100_000_000_000;
    m.cumulative(&[first, second], &[span, 5], &[1, 1], 1)
        .unwrap();
    m.minimize(second).unwrap();
    assert_eq!(optimum(&m, second, second), (span, span));
    // Root propagation alone moves it: the search only halves the
    // interval down to its smallest value (about 40 halvings of 10^12),
    // and never meets a dead end.
    let report = m.compile().optimize(&Limits::default(), |_| {});
    let stats = report.value.stats;
    assert!(stats.dead_ends == 0 && stats.nodes <= 64, "{stats:?}");
}

#[test]
fn tasks_at_the_top_of_i64_are_scheduled_without_overflow() {
    let top = i64::MAX - 1_000;
    let mut m = Model::new();
    let starts: Vec<Var> = (0..3)
        .map(|_| m.var(top - 1_000_000..=top).unwrap())
        .collect();
    m.cumulative(&starts, &[400, 300, 200], &[2, 2, 2], 3)
        .unwrap();
    // The three run one after the other, all ending by `last`.
    let last = m.var(top - 1_000_000..=top).unwrap();
    for (&s, d) in starts.iter().zip([400, 300, 200]) {
        m.linear(&[(1, s), (-1, last)], csp::Rel::Le, -d).unwrap();
    }
    m.minimize(last).unwrap();
    let report = m.compile().optimize(&Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    let best = report.value.best.expect("a schedule exists");
    let mut runs: Vec<(i64, i64)> = starts
        .iter()
        .zip([400, 300, 200])
        .map(|(&s, d)| (best[s], best[s] + d))
        .collect();
    runs.sort_unstable();
    assert!(runs.windows(2).all(|w| w[0].1 <= w[1].0), "{runs:?}");
    assert!(runs.iter().all(|&(_, end)| end <= best[last]));
    // One after the other from the earliest start: 900 units.
    assert_eq!(best[last], top - 1_000_000 + 900);
}

#[test]
fn an_overloaded_wide_profile_fails_at_the_root() {
    let mut m = Model::new();
    let a = m.var(1_000_000_000..=1_000_000_010).unwrap();
    let b = m.var(1_000_000_000..=1_000_000_010).unwrap();
    // Both surely run over [1e9 + 10, 1e9 + 1e6): together over 3.
    m.cumulative(&[a, b], &[1_000_000, 1_000_000], &[2, 2], 3)
        .unwrap();
    assert!(m.compile().is_failed());
}

/// Whether tasks at `starts` of `durations` never overlap, in 128 bits.
fn apart(starts: &[i64], durations: &[i64]) -> bool {
    (0..starts.len()).all(|i| {
        (0..i).all(|j| {
            let (si, sj) = (i128::from(starts[i]), i128::from(starts[j]));
            let (di, dj) = (i128::from(durations[i]), i128::from(durations[j]));
            si + di <= sj || sj + dj <= si
        })
    })
}

#[test]
fn disjunctive_and_cumulative_with_starts_near_the_ends_of_i64_were_refused_as_overflowing() {
    let durations = [2, 3];
    for (lo, hi) in [(i64::MAX - 6, i64::MAX), (i64::MIN, i64::MIN + 6)] {
        let expected = (lo..=hi)
            .flat_map(|a| (lo..=hi).map(move |b| [a, b]))
            .filter(|s| apart(s, &durations))
            .count() as u128;
        for cumulative in [false, true] {
            let mut m = Model::new();
            let starts = m.vars(2, lo..=hi).unwrap();
            if cumulative {
                m.cumulative(&starts, &durations, &[1, 1], 1).unwrap();
            } else {
                m.disjunctive(&starts, &durations).unwrap();
            }
            assert_eq!(
                backtrack::count(m.compile()),
                expected,
                "{lo}..{hi}, cumulative {cumulative}"
            );
        }
    }
}

/// The bounds of `vars` after root propagation.
fn root_bounds(m: &Model, vars: &[Var]) -> Vec<(i64, i64)> {
    let network = m.compile();
    vars.iter().map(|&v| network.bounds(v).unwrap()).collect()
}

#[test]
fn cumulative_var_raises_the_capacity_to_the_peak_of_the_compulsory_parts() {
    let mut m = Model::new();
    // Both surely run over [1, 2), using at least 2 and 1.
    let starts = [m.var(0..=1).unwrap(), m.var(1..=1).unwrap()];
    let durations = m.vars(2, 2..=3).unwrap();
    let demands = [m.var(2..=4).unwrap(), m.var(1..=4).unwrap()];
    let capacity = m.var(0..=5).unwrap();
    m.cumulative_var(&starts, &durations, &demands, capacity)
        .unwrap();
    assert_eq!(root_bounds(&m, &[capacity]), [(3, 5)]);
}

#[test]
fn cumulative_var_cuts_a_duration_whose_compulsory_part_would_reach_a_full_step() {
    let mut m = Model::new();
    // The first holds the whole capacity over [3, 5); the second starts
    // at 0 or 1, so with a duration d it surely runs over [1, d): d <= 3.
    let starts = [m.var(3..=3).unwrap(), m.var(0..=1).unwrap()];
    let durations = [m.var(2..=2).unwrap(), m.var(2..=6).unwrap()];
    let demands = [m.var(2..=2).unwrap(), m.var(1..=1).unwrap()];
    let capacity = m.var(2..=2).unwrap();
    m.cumulative_var(&starts, &durations, &demands, capacity)
        .unwrap();
    assert_eq!(root_bounds(&m, &[durations[1]]), [(2, 3)]);
}

#[test]
fn cumulative_var_cuts_a_demand_to_what_the_others_leave_over_its_compulsory_part() {
    let mut m = Model::new();
    // The first uses 2 of 3 over [0, 2); the second surely runs over
    // [1, 2): it uses at most 1.
    let starts = [m.var(0..=0).unwrap(), m.var(0..=1).unwrap()];
    let durations = m.vars(2, 2..=2).unwrap();
    let demands = [m.var(2..=2).unwrap(), m.var(1..=3).unwrap()];
    let capacity = m.var(0..=3).unwrap();
    m.cumulative_var(&starts, &durations, &demands, capacity)
        .unwrap();
    assert_eq!(root_bounds(&m, &[demands[1], starts[1]]), [(1, 1), (0, 1)]);
}

#[test]
fn cumulative_optional_makes_a_task_that_fits_nowhere_absent_and_leaves_its_start() {
    let mut m = Model::new();
    // The first, present, holds the whole capacity over [0, 4); the
    // second must run within [0, 4) too.
    let present = [m.var(1..=1).unwrap(), m.bool_var().unwrap()];
    let starts = [m.var(0..=0).unwrap(), m.var(0..=2).unwrap()];
    let durations = [m.var(4..=4).unwrap(), m.var(2..=2).unwrap()];
    let demands = m.vars(2, 2..=2).unwrap();
    let capacity = m.var(2..=2).unwrap();
    m.cumulative_optional(&present, &starts, &durations, &demands, capacity)
        .unwrap();
    assert_eq!(root_bounds(&m, &[present[1], starts[1]]), [(0, 0), (0, 2)]);
}

#[test]
fn the_overload_check_raises_a_capacity_that_time_tabling_leaves() {
    // Three tasks of 2 units using 1 each within [0, 4): no compulsory
    // part, but 6 units of energy over 4 units of time.
    for (check, expected) in [(false, (1, 3)), (true, (2, 3))] {
        let mut m = Model::new();
        m.cumulative_overload_check(check);
        let starts = m.vars(3, 0..=2).unwrap();
        let capacity = m.var(1..=3).unwrap();
        let (two, one) = (m.var(2..=2).unwrap(), m.var(1..=1).unwrap());
        m.cumulative_var(&starts, &[two; 3], &[one; 3], capacity)
            .unwrap();
        assert_eq!(root_bounds(&m, &[capacity]), [expected], "check {check}");
    }
}

#[test]
fn a_task_that_fits_nowhere_takes_nothing_through_the_amount_that_may_be_zero() {
    // The first holds the whole capacity over [0, 4); the second starts
    // within [0, 2], so it overlaps it whatever it does: either its demand
    // or its duration, whichever may be 0, is.
    for demand_may_be_zero in [true, false] {
        let mut m = Model::new();
        let starts = [m.var(0..=0).unwrap(), m.var(0..=2).unwrap()];
        let (d, r) = if demand_may_be_zero {
            (m.var(2..=2).unwrap(), m.var(0..=2).unwrap())
        } else {
            (m.var(0..=3).unwrap(), m.var(1..=1).unwrap())
        };
        let (four, one) = (m.var(4..=4).unwrap(), m.var(1..=1).unwrap());
        m.cumulative_var(&starts, &[four, d], &[one, r], one)
            .unwrap();
        let expected = if demand_may_be_zero {
            [(2, 2), (0, 0)]
        } else {
            [(0, 0), (1, 1)]
        };
        assert_eq!(root_bounds(&m, &[d, r]), expected, "{demand_may_be_zero}");
    }
}
