//! The loop of the search that learns: propagate, analyse a conflict and
//! jump back, or decide; restarts; the objective's bound after each
//! solution.

use std::ops::ControlFlow;
use std::sync::Arc;

use backtrack::{Limits, Outcome, Stats, Stop};

use super::analyze::{Analysis, Conflict, Learned};
use super::branch::{Decision, group_decision};
#[cfg(test)]
use super::nogood::Clause;
use super::nogood::Nogoods;
use super::order::Order;
use super::restart::{FIRST_CAP, MAX_CAP, RESTART_SCALE, luby, reduce};
use crate::branch::LearnSearch;
use crate::domain::{NONE, State, Static, Store, Trace, Why, fixed_value};
use crate::propagator::Prop;

/// What a search found.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The values of the best solution, by variable.
    pub(crate) best: Option<Vec<i64>>,
    pub(crate) outcome: Outcome,
    pub(crate) stats: Stats,
    /// The smallest cost the objective may still take at the root (its
    /// value, negated to maximise), the proved bound of a search that ended
    /// open.
    pub(crate) root_bound: Option<i64>,
}

/// The best cost found by the searches a learning search runs beside.
pub(crate) type Shared = Arc<dyn Fn() -> Option<i64> + Send + Sync>;

/// A search that learns, on its own copy of a network.
pub(crate) struct Learner {
    stat: Arc<Static>,
    props: Arc<[Prop]>,
    st: State,
    nogoods: Nogoods,
    analysis: Analysis,
    order: Order,
    stats: Stats,
    /// The best cost another search shares (the objective's value,
    /// negated to maximise), read at each restart.
    shared: Option<Shared>,
    /// What the decisions follow.
    search: LearnSearch,
    /// Whether every solution is wanted (each then excluded by a clause,
    /// and the search goes on), not the first or the best.
    every: bool,
    /// Whether the model's groups lead the decisions now.
    follow: bool,
    /// The second half of a decision that fixed an interval inside its
    /// bounds (two literals, so two decisions: `x >= a`, then `x <= a`).
    next: Option<Decision>,
    /// Clauses learned, each with the objective's best value when it was
    /// (the clause holds in every solution that beats it; with every
    /// solution wanted, how many were found: it holds in every other), for
    /// the tests' check that each is implied.
    #[cfg(test)]
    pub(crate) log: Vec<(Clause, Option<i64>)>,
    #[cfg(test)]
    incumbent: Option<i64>,
}

impl Learner {
    /// A search of the network whose constants, propagators and root state
    /// these are, deciding as `search` says; `first` are the variables
    /// most active at the start, and those of `first_tier` are decided on
    /// before any other (when no group leads).
    pub(crate) fn new(
        stat: &Static,
        props: &Arc<[Prop]>,
        st: &State,
        first: &[u32],
        first_tier: Vec<bool>,
        search: LearnSearch,
    ) -> Learner {
        let stat = Arc::new(stat.learning());
        let mut st = st.clone();
        st.trail.clear();
        st.marks.clear();
        st.saved.clear();
        st.trace = Trace::new(stat.vars.len(), st.words.len());
        let n = stat.vars.len();
        Learner {
            nogoods: Nogoods::new(n),
            analysis: Analysis::default(),
            order: Order::new(n, first, first_tier),
            stats: Stats::default(),
            shared: None,
            search,
            every: false,
            // By activity, the groups lead to the first solution of an
            // optimisation problem only.
            follow: (search != LearnSearch::Activity || stat.objective.is_some())
                && !stat.groups.is_empty(),
            next: None,
            props: Arc::clone(props),
            stat,
            st,
            #[cfg(test)]
            log: Vec::new(),
            #[cfg(test)]
            incumbent: None,
        }
    }

    /// Searches for every solution: each is excluded by the clause that
    /// not all the decisions that led to it hold (kept whatever the store's
    /// size), and the search goes on.
    pub(crate) fn every_solution(&mut self) {
        self.every = true;
        if self.search == LearnSearch::Activity {
            self.follow = false;
        }
    }

    /// Excludes the solution the decisions led to and jumps back to where
    /// that clause asserts; `false` when no decision led to it (no
    /// solution is left).
    fn exclude(&mut self) -> bool {
        if self.st.marks.is_empty() {
            return false;
        }
        let store = Store {
            stat: &self.stat,
            st: &mut self.st,
        };
        let mut learned = self.analysis.decisions(&store);
        // Kept by every reduction of the store: dropped, it would let the
        // solution be found again.
        learned.clause.lbd = 0;
        match self.learn(learned) {
            Ok(()) => true,
            Err(c) => self.resolve(Conflict::Nogood(c)),
        }
    }

    /// Jumps back to where `learned` asserts, adds it to the store and
    /// asserts its first literal; the clause's index if that fails.
    fn learn(&mut self, learned: Learned) -> Result<(), u32> {
        self.backjump(learned.level);
        #[cfg(test)]
        self.log.push((learned.clause.clone(), self.incumbent));
        let mut store = Store {
            stat: &self.stat,
            st: &mut self.st,
        };
        let c = self.nogoods.add(learned.clause, &store);
        self.nogoods.assert_first(c, &mut store).map_err(|_| {
            store.clear();
            c
        })
    }

    /// Reads `shared` at each restart: a better cost found elsewhere bounds
    /// the objective from then on.
    pub(crate) fn share(&mut self, shared: Shared) {
        self.shared = Some(shared);
    }

    /// At the root: bounds the objective below the best cost shared, if it
    /// beats `own` (this search's best); `false` if no solution is left
    /// under it.
    fn tighten_to_shared(&mut self, own: Option<i64>) -> bool {
        let (Some(shared), Some(obj)) = (&self.shared, self.stat.objective) else {
            return true;
        };
        let Some(cost) = shared() else {
            return true;
        };
        if own.is_some_and(|own| own <= cost) {
            return true;
        }
        let len = self.st.trail.len();
        self.st.trace.begin(Why::Given, len);
        let mut store = self.store();
        let tighter = if obj.maximize {
            (!cost).checked_add(1).map(|lo| store.set_min(obj.var, lo))
        } else {
            cost.checked_sub(1).map(|hi| store.set_max(obj.var, hi))
        };
        matches!(tighter, Some(Ok(_)))
    }

    fn store(&mut self) -> Store<'_> {
        Store {
            stat: &self.stat,
            st: &mut self.st,
        }
    }

    /// Propagators and nogoods to a common fixpoint.
    fn propagate(&mut self) -> Result<(), Conflict> {
        let props = Arc::clone(&self.props);
        loop {
            let mut store = Store {
                stat: &self.stat,
                st: &mut self.st,
            };
            if store.propagate(&props).is_err() {
                let cause = store.st.trace.cause;
                store.clear();
                return Err(Conflict::Cause(cause));
            }
            match self.nogoods.propagate(&mut store) {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(c) => {
                    store.clear();
                    return Err(Conflict::Nogood(c));
                }
            }
        }
    }

    /// Undoes every change above decision level `level`.
    fn backjump(&mut self, level: usize) {
        if level >= self.st.marks.len() {
            return;
        }
        let mark = self.st.marks[level].0;
        self.st.marks.truncate(level);
        self.next = None;
        for e in &self.st.trace.entries[mark..] {
            if e.var != NONE {
                self.order.insert(e.var);
            }
        }
        self.st.trace.undo_to(mark, &self.st.trail);
        for (w, old) in self.st.trail.drain(mark..).rev() {
            self.st.words[w as usize] = old;
        }
        self.nogoods.head = self.nogoods.head.min(mark);
        self.st.failed = false;
        self.store().clear();
    }

    /// The next decision: by the model's groups while they lead and have
    /// an unfixed variable, else the most active variable not fixed (of
    /// the first tier while one is left), at
    /// its saved phase if its domain holds it, else at its smallest value
    /// (an interval: `x <= min`, one bound). `false` when every variable
    /// is fixed.
    fn decide(&mut self) -> bool {
        let next = self.next.take().filter(|d| d.narrows(&self.store()));
        let by_groups = if next.is_some() {
            next
        } else if self.follow {
            let store = Store {
                stat: &self.stat,
                st: &mut self.st,
            };
            group_decision(&store, &self.stat.groups)
        } else {
            None
        };
        let decision = match by_groups {
            Some(Decision::Fix(v, a)) if self.stat.vars[v as usize].is_interval() => {
                let store = self.store();
                if store.min(v) < a && a < store.max(v) {
                    self.next = Some(Decision::AtMost(v, a));
                    Decision::AtLeast(v, a)
                } else {
                    Decision::Fix(v, a)
                }
            }
            Some(d) => d,
            None => {
                let v = loop {
                    let Some(v) = self.order.pop() else {
                        return false;
                    };
                    if self.store().size(v) > 1 {
                        break v;
                    }
                };
                let store = Store {
                    stat: &self.stat,
                    st: &mut self.st,
                };
                match self.order.phase[v as usize].filter(|&p| store.contains(v, p)) {
                    Some(p) if !self.stat.vars[v as usize].is_interval() => Decision::Fix(v, p),
                    _ => Decision::AtMost(v, store.min(v)),
                }
            }
        };
        self.stats.nodes += 1;
        let len = self.st.trail.len();
        self.st.marks.push((len, false));
        self.stats.max_depth = self.stats.max_depth.max(self.st.marks.len());
        self.st.trace.begin(Why::Decision, len);
        decision.apply(&mut self.store());
        true
    }

    /// Analyses a conflict, jumps back and asserts the clause learned;
    /// repeats while asserting fails. `false` when the conflict is at the
    /// root: no solution is left.
    fn resolve(&mut self, mut conflict: Conflict) -> bool {
        loop {
            self.stats.dead_ends += 1;
            if self.st.marks.is_empty() {
                return false;
            }
            let props = Arc::clone(&self.props);
            let store = Store {
                stat: &self.stat,
                st: &mut self.st,
            };
            let learned = self
                .analysis
                .analyse(&store, &props, &self.nogoods.clauses, conflict);
            for i in 0..self.analysis.bumped.len() {
                self.order.bump(self.analysis.bumped[i]);
            }
            self.order.decay();
            match self.learn(learned) {
                Ok(()) => return true,
                Err(c) => conflict = Conflict::Nogood(c),
            }
        }
    }

    /// Searches for the best solution (the first without an objective, or
    /// every one after [`every_solution`](Learner::every_solution)):
    /// `improved` sees the values of each, and stops the search by
    /// breaking.
    pub(crate) fn run(
        &mut self,
        limits: &Limits,
        mut improved: impl FnMut(&[i64]) -> ControlFlow<()>,
    ) -> Found {
        self.st.set_limits(limits);
        let budget = limits.node_budget();
        let objective = self.stat.objective;
        let mut best: Option<Vec<i64>> = None;
        let mut restarts = 0u32;
        let mut until_restart = luby(0) * RESTART_SCALE;
        let mut cap = FIRST_CAP;
        let failed = self.st.failed;
        // This search's best cost.
        let mut own: Option<i64> = None;
        // Nothing beats what another search found.
        let closed = !failed && !self.tighten_to_shared(None);
        let outcome = 'search: loop {
            if failed {
                // A root cut short by a limit proves nothing.
                break self.st.cut.map_or(Outcome::Complete, Outcome::Stopped);
            }
            if closed {
                break Outcome::Complete;
            }
            if let Err(conflict) = self.propagate() {
                if let Some(stop) = self.st.cut {
                    break Outcome::Stopped(stop);
                }
                if !self.resolve(conflict) {
                    break Outcome::Complete;
                }
                until_restart = until_restart.saturating_sub(1);
                continue;
            }
            if let Some(stop) = limits.poll() {
                break Outcome::Stopped(stop);
            }
            if budget.is_some_and(|b| self.stats.nodes >= b) {
                break Outcome::Stopped(Stop::NodeLimit);
            }
            let restart = match self.search {
                // As Chuffed follows an annotation: no restarts but those
                // that keep the store of clauses bounded.
                LearnSearch::Groups => self.nogoods.clauses.len() > MAX_CAP,
                _ => until_restart == 0,
            };
            if restart {
                restarts += 1;
                #[cfg(test)]
                super::RESTARTS.with(|n| n.set(n.get() + 1));
                until_restart = luby(restarts) * RESTART_SCALE;
                if self.search == LearnSearch::Alternate && restarts % 2 == 1 {
                    self.follow = !self.follow;
                }
                self.backjump(0);
                reduce(&mut self.nogoods, &mut cap);
                if !self.tighten_to_shared(own) {
                    break Outcome::Complete;
                }
                continue;
            }
            if self.decide() {
                continue;
            }
            // Every variable fixed, every constraint propagated: a solution.
            let values: Vec<i64> = (0..self.stat.vars.len() as u32)
                .map(|v| fixed_value(&self.stat, &self.st.words, v).expect("fixed"))
                .collect();
            self.stats.solutions += 1;
            for (v, &value) in values.iter().enumerate() {
                self.order.phase[v] = Some(value);
            }
            let flow = improved(&values);
            if self.every {
                #[cfg(test)]
                {
                    self.incumbent = Some(self.stats.solutions as i64);
                }
                if flow.is_break() {
                    break Outcome::Stopped(Stop::Requested);
                }
                if !self.exclude() {
                    break Outcome::Complete;
                }
                continue;
            }
            let Some(obj) = objective else {
                best = Some(values);
                break 'search Outcome::Complete;
            };
            let value = values[obj.var as usize];
            if self.search == LearnSearch::Activity {
                // The groups found the first bound; activity goes on.
                self.follow = false;
            }
            own = Some(if obj.maximize { !value } else { value });
            best = Some(values);
            #[cfg(test)]
            {
                self.incumbent = Some(value);
            }
            self.backjump(0);
            let len = self.st.trail.len();
            self.st.trace.begin(Why::Given, len);
            let mut store = self.store();
            let tighter = if obj.maximize {
                value.checked_add(1).map(|lo| store.set_min(obj.var, lo))
            } else {
                value.checked_sub(1).map(|hi| store.set_max(obj.var, hi))
            };
            if !matches!(tighter, Some(Ok(_))) {
                break Outcome::Complete;
            }
        };
        self.stats.nodes += 1;
        let root_bound = objective.and_then(|obj| {
            self.backjump(0);
            let store = self.store();
            (store.size(obj.var) > 0).then(|| {
                if obj.maximize {
                    !store.max(obj.var)
                } else {
                    store.min(obj.var)
                }
            })
        });
        Found {
            best,
            outcome,
            stats: self.stats,
            root_bound,
        }
    }
}
