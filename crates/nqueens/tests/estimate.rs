//! Knuth's estimate of the N-queens tree against the true counts.

use backtrack::Search;
use nqueens::NQueens;

/// OEIS A000170 for n = 10 to 16.
const Q: [(u32, u64); 7] = [
    (10, 724),
    (11, 2680),
    (12, 14200),
    (13, 73712),
    (14, 365596),
    (15, 2279184),
    (16, 14772512),
];

/// Fixed before the test was first run, never tuned: seed n, 200,000
/// probes for every n.
const PROBES: u64 = 200_000;

#[test]
fn knuths_estimates_of_q_n_hold_the_true_count_in_their_99_percent_interval() {
    for (n, truth) in Q {
        let e = backtrack::estimate(NQueens::new(n).unwrap(), PROBES, u64::from(n));
        let (low, high) = e.solutions.interval_99(0.0);
        assert!(
            e.solutions.admits(truth as f64),
            "n = {n}, seed {n}, {PROBES} probes: Q(n) = {truth} outside [{low:.0}, {high:.0}] (estimate {})",
            e.solutions
        );
        // And the interval says something: within 10% either way.
        assert!(
            high - low < 0.2 * truth as f64,
            "n = {n}: [{low:.0}, {high:.0}]"
        );
    }
}

#[test]
fn knuths_estimates_of_the_nodes_match_the_engine() {
    for n in 8..=12 {
        let mut search = Search::new(NQueens::new(n).unwrap());
        let _ = search.count();
        let stats = search.stats();
        let e = backtrack::estimate(NQueens::new(n).unwrap(), 50_000, 100 + u64::from(n));
        for (what, estimate, truth) in [
            ("nodes", e.nodes, stats.nodes),
            ("dead ends", e.dead_ends, stats.dead_ends),
        ] {
            assert!(
                (estimate.value - truth as f64).abs() <= 4.0 * estimate.error,
                "n = {n}, seed {}: {what} {estimate} against {truth}",
                100 + n
            );
        }
    }
}
