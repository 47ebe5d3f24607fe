//! What a search of a translated instance will cost, before running it
//! (`fzn-csp --estimate`): Knuth's estimate of the size of its tree (see
//! [`backtrack::estimate`]), the nodes per second of a short sample of the
//! real search on this machine, and so the time for one thread and for a
//! plan of shards.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use backtrack::{Estimate, Limits, Mean, Search, Stop};

use crate::translate::Translation;

/// How an estimate is taken.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Knuth's probes at most.
    pub probes: u64,
    /// The longest the probes may take, all together.
    pub probe_time: Duration,
    /// How long the real search is timed for its speed.
    pub sample: Duration,
    /// The seed of the probes.
    pub seed: u64,
}

impl Default for Settings {
    /// 10,000 probes within 2 s, a sample of 1 s, seed
    /// [`DEFAULT_SEED`](crate::solve::DEFAULT_SEED).
    fn default() -> Self {
        Settings {
            probes: 10_000,
            probe_time: Duration::from_secs(2),
            sample: Duration::from_secs(1),
            seed: crate::solve::DEFAULT_SEED,
        }
    }
}

/// What [`estimate`] found.
#[derive(Clone, Debug)]
pub struct Forecast {
    /// Knuth's estimate of the tree: its nodes, solutions and dead ends.
    pub tree: Estimate,
    /// The seed of the probes.
    pub seed: u64,
    /// Whether the instance has an objective: the tree is then the one
    /// without the bound's pruning, an upper bound on branch and bound's.
    pub optimize: bool,
    /// The nodes the timed sample of the search visited.
    pub sample_nodes: u64,
    /// The time the sample took, in seconds.
    pub sample_seconds: f64,
    /// Whether the sample searched the whole tree: its nodes are then the
    /// tree's exact size.
    pub exact: bool,
}

/// Knuth's estimate of the search tree of `translation`'s model (the
/// plain search, every solution, no bound), and the speed of that search
/// over a sample, within the deadline and cancel flags of `limits`.
///
/// # Errors
///
/// The limit that came before any probe.
pub fn estimate(
    translation: &Translation,
    settings: &Settings,
    limits: &Limits,
) -> Result<Forecast, Stop> {
    let network = translation.model.compile_with(limits)?;
    let capped = limits.clone().time(settings.probe_time);
    let tree = backtrack::estimate_within(network.clone(), settings.probes, settings.seed, &capped);
    if tree.probes == 0 {
        return Err(limits.poll().unwrap_or(Stop::Deadline));
    }
    let started = Instant::now();
    let mut search = Search::new(network).with_limits(limits.clone().time(settings.sample));
    let counted = search.count();
    let sample_seconds = started.elapsed().as_secs_f64();
    Ok(Forecast {
        tree,
        seed: settings.seed,
        optimize: translation.optimize,
        sample_nodes: search.stats().nodes,
        sample_seconds,
        exact: counted.outcome.is_complete(),
    })
}

impl Forecast {
    /// The nodes per second of the sample (`NaN` for an empty one).
    pub fn nodes_per_second(&self) -> f64 {
        self.sample_nodes as f64 / self.sample_seconds
    }

    /// The seconds the whole tree takes on one thread: the estimated nodes
    /// at the sample's speed, or the sample's own time when it searched
    /// the whole tree.
    pub fn seconds(&self) -> Mean {
        if self.exact {
            return Mean {
                value: self.sample_seconds,
                error: 0.0,
            };
        }
        let rate = self.nodes_per_second();
        Mean {
            value: self.tree.nodes.value / rate,
            error: self.tree.nodes.error / rate,
        }
    }

    /// The report for people, a line each: the tree, (for an objective)
    /// what it leaves out, the speed, the time on one thread and on
    /// `shards` shards of one thread each, the tree split evenly.
    pub fn lines(&self, shards: u64) -> String {
        let mut out = String::new();
        let nodes = self.tree.nodes;
        let (low, high) = nodes.interval_99(1.0);
        let probes = self.tree.probes;
        // Written to a string, which cannot fail.
        let _ = writeln!(
            out,
            "tree: about {} nodes (99% interval {} to {}), Knuth's estimate from {probes} random probe{} (seed {})",
            count(nodes.value),
            count(low),
            count(high),
            if probes == 1 { "" } else { "s" },
            self.seed
        );
        if self.optimize {
            let _ = writeln!(
                out,
                "objective: the tree without the bound's pruning, an upper bound on the work of branch and bound"
            );
        }
        let _ = writeln!(
            out,
            "speed: {} nodes/s on this machine (the search timed for {:.2} s, {} nodes{})",
            count(self.nodes_per_second()),
            self.sample_seconds,
            self.sample_nodes,
            if self.exact {
                ": the whole tree, exactly"
            } else {
                ""
            }
        );
        let time = self.seconds();
        let span = |divide: f64| {
            let (low, high) = time.interval_99(0.0);
            format!(
                "about {} (99% interval {} to {})",
                duration(time.value / divide),
                duration(low / divide),
                duration(high / divide)
            )
        };
        let _ = writeln!(out, "one thread: {}", span(1.0));
        let shards = shards.max(1);
        let _ = writeln!(
            out,
            "{shards} shard{}: {} each, the tree split evenly",
            if shards == 1 { "" } else { "s" },
            span(shards as f64)
        );
        out
    }

    /// The same as one line of JSON (a number that is not finite is
    /// `null`).
    pub fn json(&self, shards: u64) -> String {
        let n = |x: f64| {
            if x.is_finite() {
                format!("{x}")
            } else {
                "null".to_owned()
            }
        };
        let (low, high) = self.tree.nodes.interval_99(1.0);
        let time = self.seconds();
        let (tlow, thigh) = time.interval_99(0.0);
        let shards = shards.max(1);
        format!(
            "{{\"probes\":{},\"seed\":{},\"optimize\":{},\"nodes\":{{\"estimate\":{},\"error\":{},\"low\":{},\"high\":{}}},\"sample\":{{\"nodes\":{},\"seconds\":{},\"exact\":{}}},\"nodes_per_second\":{},\"seconds\":{{\"estimate\":{},\"low\":{},\"high\":{}}},\"shards\":{},\"seconds_per_shard\":{}}}\n",
            self.tree.probes,
            self.seed,
            self.optimize,
            n(self.tree.nodes.value),
            n(self.tree.nodes.error),
            n(low),
            n(high),
            self.sample_nodes,
            n(self.sample_seconds),
            self.exact,
            n(self.nodes_per_second()),
            n(time.value),
            n(tlow),
            n(thigh),
            shards,
            n(time.value / shards as f64)
        )
    }
}

/// A count to three significant digits, in full below a million.
fn count(x: f64) -> String {
    if !x.is_finite() {
        return "?".to_owned();
    }
    if x < 1e6 {
        format!("{}", x.max(0.0).round())
    } else {
        format!("{x:.2e}")
    }
}

/// Seconds in the unit that reads best.
fn duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "?".to_owned();
    }
    let s = seconds.max(0.0);
    let (value, unit) = if s < 60.0 {
        (s, "s")
    } else if s < 3600.0 {
        (s / 60.0, "min")
    } else if s < 86_400.0 * 2.0 {
        (s / 3600.0, "h")
    } else if s < 86_400.0 * 365.0 * 2.0 {
        (s / 86_400.0, "days")
    } else {
        (s / (86_400.0 * 365.25), "years")
    };
    // Three significant digits.
    if value < 10.0 {
        format!("{value:.2} {unit}")
    } else if value < 100.0 {
        format!("{value:.1} {unit}")
    } else if value < 1e6 {
        format!("{value:.0} {unit}")
    } else {
        format!("{value:.2e} {unit}")
    }
}
