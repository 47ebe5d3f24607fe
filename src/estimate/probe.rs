//! The estimate of n beyond [`SAMPLE_MAX_N`](super::SAMPLE_MAX_N):
//! Knuth's random probes of the plain search tree.

use std::time::Instant;

use backtrack::{Limits, Mean, Search};
use nqueens::NQueens;

use super::warning::Warning;
use super::{Estimated, Timeout};

/// Nodes of the plain search timed to measure its speed.
const TIMED_NODES: u64 = 4_000_000;

/// Probes timed before Knuth's estimate to tell how long it takes.
const PILOT_PROBES: u64 = 1000;

/// Knuth's probes of the plain search tree, and the plain search's speed.
/// Probes cut short by --timeout still give an unbiased estimate, from
/// fewer probes; none at all is an error.
pub fn probe_tree(
    n: u32,
    probes: u64,
    seed: u64,
    limits: &Limits,
    timeout: Timeout,
) -> anyhow::Result<Estimated> {
    // A few probes timed first tell how long all of them take.
    let pilot_started = Instant::now();
    let pilot = backtrack::estimate_within(NQueens::new(n)?, PILOT_PROBES, seed, limits);
    let per_probe = pilot_started.elapsed().as_secs_f64() / pilot.probes.max(1) as f64;
    Warning::new(format!("{probes} probes of Knuth's estimate"), timeout)
        .expect(per_probe * probes as f64);
    let e = backtrack::estimate_within(NQueens::new(n)?, probes, seed, limits);
    if e.probes == 0 {
        return Err(anyhow::anyhow!(
            "Knuth's probes of n = {n} did not start within {} s ({timeout}); no estimate",
            timeout.0
        ));
    }
    let started = Instant::now();
    // Not cut by --timeout: a fraction of a second, and no speed without it.
    let mut search =
        Search::new(NQueens::new(n)?).with_limits(Limits::default().nodes(TIMED_NODES));
    let _ = search.count();
    let rate = search.stats().nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
    let cpu = Mean {
        value: e.nodes.value / rate,
        error: e.nodes.error / rate,
    };
    // Almost every class of solutions has eight members.
    let fundamental = Mean {
        value: e.solutions.value / 8.0,
        error: e.solutions.error / 8.0,
    };
    let taken = e.probes;
    let note = format!(
        "Knuth's estimate from {taken} random probes of the plain search tree (seed {seed}{}); the fundamental count is an eighth of it",
        if taken < probes {
            format!(", cut short of {probes} by {timeout}")
        } else {
            String::new()
        }
    );
    Ok(Estimated {
        method: "knuth probes",
        samples: taken,
        total: e.solutions,
        fundamental,
        cpu,
        note,
        stopped: (taken < probes).then_some(probes),
    })
}
