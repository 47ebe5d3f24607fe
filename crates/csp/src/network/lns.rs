//! Large-neighbourhood search: from the best solution so far, fix most of
//! the decision variables to its values and search the rest by branch and
//! bound for a better one, under a small node budget, again and again.
//! It finds good solutions to problems far too large to prove, and proves
//! nothing itself.

use std::fmt;
use std::sync::Arc;

use backtrack::{Limits, Optimize, Outcome, Report, Rng, Search, Stats, Stop};

use super::Network;
use crate::Optimum;
use crate::domain::Store;
use crate::error::Error;
use crate::solution::Solution;

/// A bound found elsewhere (another search, another thread), read by
/// [`Network::optimize_lns`] before each neighbourhood: the best cost known
/// there, in the network's cost terms (see [`Lns::shared`]).
pub type SharedBound = Arc<dyn Fn() -> Option<i64> + Send + Sync>;

/// The settings of [`Network::optimize_lns`]: the seed of its choices, the
/// share of the decision variables each neighbourhood frees and how it
/// adapts, the node budget of each neighbourhood, and an optional bound
/// shared with other searches.
///
/// # Example
///
/// ```
/// let lns = csp::Lns::new(7).relax(0.2)?.nodes(500)?.adapt(1.5)?;
/// assert_eq!(lns.seed(), 7);
/// assert!(csp::Lns::new(7).relax(0.0).is_err()); // frees nothing
/// assert!(csp::Lns::new(7).nodes(0).is_err());
/// # Ok::<(), csp::Error>(())
/// ```
#[derive(Clone)]
pub struct Lns {
    seed: u64,
    relax: f64,
    adapt: f64,
    nodes: u64,
    rounds: Option<u64>,
    shared: Option<SharedBound>,
}

impl fmt::Debug for Lns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lns")
            .field("seed", &self.seed)
            .field("relax", &self.relax)
            .field("adapt", &self.adapt)
            .field("nodes", &self.nodes)
            .field("rounds", &self.rounds)
            .field("shared", &self.shared.is_some())
            .finish()
    }
}

impl Default for Lns {
    /// [`Lns::new`] with seed [`Lns::DEFAULT_SEED`].
    fn default() -> Self {
        Lns::new(Lns::DEFAULT_SEED)
    }
}

impl Lns {
    /// The seed of [`Lns::default`].
    pub const DEFAULT_SEED: u64 = 0x5eed;

    /// Settings with `seed`: each neighbourhood frees 30% of the decision
    /// variables at first, that share grown or shrunk by a factor of 1.25
    /// after each neighbourhood, and searches them for 1000 nodes at most;
    /// no limit on the number of neighbourhoods, no shared bound.
    pub fn new(seed: u64) -> Lns {
        Lns {
            seed,
            relax: 0.3,
            adapt: 1.25,
            nodes: 1000,
            rounds: None,
            shared: None,
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The share of the decision variables the first neighbourhood frees
    /// (the others fixed to the incumbent's values).
    ///
    /// # Errors
    ///
    /// [`Error::LnsSetting`] unless `share` is a number above 0 and at most
    /// 1.
    pub fn relax(mut self, share: f64) -> Result<Lns, Error> {
        if !(share > 0.0 && share <= 1.0) {
            return Err(setting("relaxed share", "above 0 and at most 1", share));
        }
        self.relax = share;
        Ok(self)
    }

    /// The factor by which the freed share grows after a neighbourhood
    /// searched to its end (it held nothing better: look wider), and
    /// shrinks after one that used its whole budget without an
    /// improvement (too wide to search: look narrower). 1 keeps the share.
    ///
    /// # Errors
    ///
    /// [`Error::LnsSetting`] unless `factor` is a finite number of at least
    /// 1.
    pub fn adapt(mut self, factor: f64) -> Result<Lns, Error> {
        if !(factor.is_finite() && factor >= 1.0) {
            return Err(setting(
                "adaptation factor",
                "a finite number of at least 1",
                factor,
            ));
        }
        self.adapt = factor;
        Ok(self)
    }

    /// The node budget of each neighbourhood (and of the first search).
    ///
    /// # Errors
    ///
    /// [`Error::LnsSetting`] for 0.
    pub fn nodes(mut self, nodes: u64) -> Result<Lns, Error> {
        if nodes == 0 {
            return Err(setting(
                "node budget per neighbourhood",
                "at least 1",
                nodes,
            ));
        }
        self.nodes = nodes;
        Ok(self)
    }

    /// At most `rounds` neighbourhoods; the search then stops with
    /// [`Stop::Requested`].
    #[must_use]
    pub fn rounds(mut self, rounds: u64) -> Lns {
        self.rounds = Some(rounds);
        self
    }

    /// A bound shared with other searches, read before each neighbourhood:
    /// `bound()` returns the best cost found elsewhere, if any, in the
    /// network's cost terms, the cost [`backtrack::Optimize::cost`] gives:
    /// the objective's value when minimising, `!value` when maximising
    /// ([`Network::objective_of`] maps a cost back, and is its own
    /// inverse). A neighbourhood then looks only for solutions strictly
    /// below the lower of that cost and the incumbent's.
    #[must_use]
    pub fn shared(mut self, bound: SharedBound) -> Lns {
        self.shared = Some(bound);
        self
    }
}

fn setting(setting: &'static str, expected: &'static str, value: impl fmt::Display) -> Error {
    Error::LnsSetting {
        setting,
        expected,
        value: value.to_string(),
    }
}

/// The best solution so far and its cost.
type Incumbent = Option<(Solution, i64)>;

impl Network {
    /// The best solution found by large-neighbourhood search within
    /// `limits`; `improved` sees each solution that beats the best so far,
    /// as it is found.
    ///
    /// First, branch and bound of the whole network for one
    /// neighbourhood's budget ([`Lns::nodes`]), then, if that found no
    /// solution, the network's search for a first one. From then on,
    /// round after round: the decision variables (those of the
    /// [`Model::branch`](crate::Model::branch) groups, else every variable;
    /// the objective's never) are all fixed to the incumbent's values but a
    /// share of them, which are searched by branch and bound for a solution
    /// strictly better than the incumbent (and than the [`Lns::shared`]
    /// bound), within the neighbourhood's node budget; a better one
    /// becomes the incumbent. The freed variables are, by a coin of the
    /// seeded generator, a random subset or a contiguous block of the
    /// decision variables in their order (a window of tasks, for a
    /// schedule listed in time order). The share freed adapts: see
    /// [`Lns::adapt`]. At least one variable is fixed and one freed while
    /// there are two.
    ///
    /// # The outcome
    ///
    /// [`Outcome::Complete`] only for a proof: a search of the whole
    /// network with nothing fixed finished (the first search; or a round of
    /// a model with fewer than two decision variables, which has nothing
    /// to fix), or the incumbent met the objective's lower bound at the
    /// root. The best is then optimal (or there is no solution), as from
    /// [`optimize`](Network::optimize). Otherwise the search stops on a
    /// limit, [`Outcome::Stopped`] with it: the node budget of `limits`
    /// (over all rounds), its deadline or cancel flags, or
    /// [`Stop::Requested`] after [`Lns::rounds`]; the report's `bound` is
    /// then the root's, nothing more.
    ///
    /// With neither a limit nor [`Lns::rounds`] the rounds would never
    /// end: the search is then [`optimize`](Network::optimize), to the
    /// proof.
    ///
    /// The same network, settings and node budget give the same rounds and
    /// the same improvements every time (a deadline cuts them short at a
    /// moment of its own).
    ///
    /// # Example
    ///
    /// The job shop ft06, 300 rounds of 200 nodes from seed 1:
    ///
    /// ```
    /// use csp::{Lns, puzzle};
    ///
    /// let (model, _, makespan) = puzzle::jobshop(&puzzle::FT06)?;
    /// let lns = Lns::new(1).nodes(200)?.rounds(300);
    /// let mut seen = Vec::new();
    /// let report = model.compile().optimize_lns(&lns, &backtrack::Limits::default(), |s| {
    ///     seen.push(s[makespan])
    /// });
    /// let best = report.value.objective.unwrap();
    /// assert!(best >= 55); // the optimum, proved elsewhere
    /// assert!(seen.windows(2).all(|w| w[1] < w[0]));
    /// assert_eq!(seen.last(), Some(&best));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize_lns(
        &self,
        lns: &Lns,
        limits: &Limits,
        mut improved: impl FnMut(&Solution),
    ) -> Report<Optimum> {
        let total = limits.node_budget();
        if total.is_none() && !limits.needs_polling() && lns.rounds.is_none() {
            return self.optimize(limits, improved);
        }
        let left = |stats: &Stats| total.map_or(u64::MAX, |t| t.saturating_sub(stats.nodes));
        let mut root = self.clone();
        let floor = root.lower_bound();
        let mut stats = Stats::default();
        let mut best: Incumbent = None;
        let mut record = |network: &Network, best: &mut Incumbent| {
            let cost = network.cost();
            if best.as_ref().is_none_or(|&(_, b)| cost < b)
                && let Some(s) = network.solution()
            {
                improved(&s);
                *best = Some((s, cost));
            }
        };
        let outcome = 'search: {
            let room = left(&stats);
            let budget = lns.nodes.min(room);
            let first =
                backtrack::minimize_from(&mut root, &limits.clone().nodes(budget), |n, _| {
                    record(n, &mut best)
                });
            add(&mut stats, first.value.stats);
            match first.outcome {
                Outcome::Complete => break 'search Outcome::Complete,
                Outcome::Stopped(Stop::NodeLimit) if budget < room => {}
                Outcome::Stopped(stop) => break 'search Outcome::Stopped(stop),
            }
            if best.is_none() {
                let rest = total.map(|_| left(&stats));
                let mut search = Search::new(root.clone()).with_limits(match rest {
                    Some(nodes) => limits.clone().nodes(nodes),
                    None => limits.clone(),
                });
                let found = search.next_solution().is_some();
                add(&mut stats, search.stats());
                if found {
                    record(search.problem(), &mut best);
                } else if search.is_exhausted() {
                    break 'search Outcome::Complete;
                }
            }
            if best.is_none() {
                break 'search Outcome::Stopped(limits.poll().unwrap_or(Stop::NodeLimit));
            }
            self.rounds(lns, limits, &root, floor, &mut stats, &mut best, record)
        };
        let cost = best.as_ref().map(|&(_, c)| c);
        let lower_bound = if outcome.is_complete() { cost } else { floor };
        let best = best.map(|(s, _)| s);
        self.optimum(best, cost, lower_bound, stats, outcome)
    }

    /// The rounds of [`optimize_lns`](Network::optimize_lns) from the
    /// incumbent in `best`, each from a clone of `root`, until a limit or a
    /// proof.
    #[allow(clippy::too_many_arguments)]
    fn rounds(
        &self,
        lns: &Lns,
        limits: &Limits,
        root: &Network,
        floor: Option<i64>,
        stats: &mut Stats,
        best: &mut Incumbent,
        mut record: impl FnMut(&Network, &mut Incumbent),
    ) -> Outcome {
        let total = limits.node_budget();
        let decision = self.decision_vars();
        let mut rng = Rng::new(lns.seed);
        let mut relax = lns.relax;
        let mut round = 0u64;
        loop {
            if lns.rounds.is_some_and(|r| round >= r) {
                return Outcome::Stopped(Stop::Requested);
            }
            let left = total.map_or(u64::MAX, |t| t.saturating_sub(stats.nodes));
            if left == 0 {
                return Outcome::Stopped(Stop::NodeLimit);
            }
            if let Some(stop) = limits.poll() {
                return Outcome::Stopped(stop);
            }
            let Some((incumbent, cost)) = best.as_ref() else {
                return Outcome::Stopped(Stop::NodeLimit);
            };
            if floor.is_some_and(|f| *cost <= f) {
                return Outcome::Complete;
            }
            let shared = lns.shared.as_ref().and_then(|bound| bound());
            let bound = shared.map_or(*cost, |s| s.min(*cost));
            let fixed = neighbourhood(&decision, relax, &mut rng);
            let mut sub = root.clone();
            sub.set_bound(bound);
            let values = incumbent.values();
            sub.narrow(fixed.iter().map(|&v| (v, values[v as usize])));
            let before = *cost;
            let budget = lns.nodes.min(left);
            let report =
                backtrack::minimize_from(&mut sub, &limits.clone().nodes(budget), |n, _| {
                    record(n, best)
                });
            add(stats, report.value.stats);
            round += 1;
            let gained = best.as_ref().is_some_and(|&(_, c)| c < before);
            match report.outcome {
                Outcome::Complete if fixed.is_empty() && shared.is_none_or(|s| s >= before) => {
                    return Outcome::Complete;
                }
                Outcome::Complete => relax = (relax * lns.adapt).min(1.0),
                Outcome::Stopped(Stop::NodeLimit) if budget < left => {
                    if !gained {
                        relax /= lns.adapt;
                    }
                }
                Outcome::Stopped(stop) => return Outcome::Stopped(stop),
            }
        }
    }

    /// [`fix`](Network::fix) of variables known to be this network's, by
    /// index, the objective narrowed to beat the bound too (as a choice
    /// applied would).
    pub(super) fn narrow(&mut self, givens: impl IntoIterator<Item = (u32, i64)>) {
        if self.st.failed {
            return;
        }
        let mut store = Store {
            stat: &self.stat,
            st: &mut self.st,
        };
        let assigned = store.beat_bound().and_then(|()| {
            givens
                .into_iter()
                .try_for_each(|(v, value)| store.assign(v, value))
        });
        if assigned
            .and_then(|()| store.propagate(&self.props))
            .is_err()
        {
            store.clear();
            store.st.failed = true;
        }
        if self.st.marks.is_empty() {
            self.st.trail.clear();
        }
    }

    /// The variables a neighbourhood fixes or frees: those of the groups
    /// in order, each once, else every variable; never the objective's.
    fn decision_vars(&self) -> Vec<u32> {
        let objective = self.stat.objective.map(|o| o.var);
        let mut seen = vec![false; self.len()];
        let listed: Vec<u32> = if self.stat.groups.is_empty() {
            (0..self.len() as u32).collect()
        } else {
            self.stat
                .groups
                .iter()
                .flat_map(|g| g.vars.iter().copied())
                .collect()
        };
        listed
            .into_iter()
            .filter(|&v| Some(v) != objective && !std::mem::replace(&mut seen[v as usize], true))
            .collect()
    }
}

/// The variables a round fixes: all of `decision` but `relax` of them
/// (rounded; at least one fixed and one freed while there are two), freed
/// as a random subset or a contiguous block (cyclically), by a coin.
fn neighbourhood(decision: &[u32], relax: f64, rng: &mut Rng) -> Vec<u32> {
    let n = decision.len();
    if n < 2 {
        return Vec::new();
    }
    let free = ((relax * n as f64).round() as usize).clamp(1, n - 1);
    let mut freed = vec![false; n];
    if rng.below(2) == 0 {
        let start = rng.below(n as u64) as usize;
        for i in 0..free {
            freed[(start + i) % n] = true;
        }
    } else {
        // The first `free` places of a partial Fisher-Yates shuffle.
        let mut order: Vec<usize> = (0..n).collect();
        for i in 0..free {
            let j = i + rng.below((n - i) as u64) as usize;
            order.swap(i, j);
            freed[order[i]] = true;
        }
    }
    decision
        .iter()
        .zip(&freed)
        .filter(|&(_, &f)| !f)
        .map(|(&v, _)| v)
        .collect()
}

/// Adds a search's statistics to the running total.
fn add(total: &mut Stats, one: Stats) {
    total.nodes = total.nodes.saturating_add(one.nodes);
    total.solutions = total.solutions.saturating_add(one.solutions);
    total.dead_ends = total.dead_ends.saturating_add(one.dead_ends);
    total.max_depth = total.max_depth.max(one.max_depth);
}
