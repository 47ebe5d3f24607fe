//! Propagators of the user's: the same solutions as the same rules checked
//! by generate-and-test, undo restoring every domain, and each woken only by
//! the events it watches.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use backtrack::Problem;
use csp::{Domains, Event, Explain, Failed, Model, Propagator, Var};
use proptest::prelude::*;

use crate::constraints::{domains, generate_and_test};

mod state;

/// `x + c <= y` on bounds.
struct Before {
    x: Var,
    y: Var,
    c: i64,
}

impl Propagator for Before {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![(self.x, Event::Bounds), (self.y, Event::Bounds)]
    }
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        d.set_max(self.x, d.max(self.y) - self.c)?;
        d.set_min(self.y, d.min(self.x) + self.c)?;
        Ok(())
    }
    // It reads only bounds: a search that learns explains it by them.
    fn explain(&self) -> Explain {
        Explain::Bounds
    }
}

/// All different, forward checking: woken when a variable is fixed.
struct Distinct(Vec<Var>);

impl Propagator for Distinct {
    fn vars(&self) -> Vec<(Var, Event)> {
        self.0.iter().map(|&v| (v, Event::Fixed)).collect()
    }
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        for (i, &x) in self.0.iter().enumerate() {
            if let Some(value) = d.value(x) {
                for (j, &y) in self.0.iter().enumerate() {
                    if i != j {
                        d.remove(y, value)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// `x` takes an even value: holes, so it watches every change.
struct Even(Var);

impl Propagator for Even {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![(self.0, Event::Domain)]
    }
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        for v in d.min(self.0)..=d.max(self.0) {
            if v % 2 != 0 && d.contains(self.0, v) {
                d.remove(self.0, v)?;
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug)]
enum Rule {
    Before(usize, usize, i64),
    Distinct(Vec<usize>),
    Even(usize),
}

impl Rule {
    fn holds(&self, a: &[i64]) -> bool {
        match self {
            Rule::Before(x, y, c) => a[*x] + c <= a[*y],
            Rule::Distinct(xs) => xs
                .iter()
                .enumerate()
                .all(|(i, &x)| xs[i + 1..].iter().all(|&y| a[x] != a[y])),
            Rule::Even(x) => a[*x] % 2 == 0,
        }
    }
}

fn rule(n: usize) -> impl Strategy<Value = Rule> {
    prop_oneof![
        (0..n, 0..n, -2i64..=2).prop_map(|(x, y, c)| Rule::Before(x, y, c)),
        prop::sample::subsequence((0..n).collect::<Vec<_>>(), 0..=n).prop_map(Rule::Distinct),
        (0..n).prop_map(Rule::Even),
    ]
}

fn posted(domains: &[Vec<i64>], rules: &[Rule]) -> (Model, Vec<Var>) {
    let mut m = Model::new();
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    for r in rules {
        match r {
            Rule::Before(x, y, c) => m.propagator(Before {
                x: vars[*x],
                y: vars[*y],
                c: *c,
            }),
            Rule::Distinct(xs) => m.propagator(Distinct(xs.iter().map(|&i| vars[i]).collect())),
            Rule::Even(x) => m.propagator(Even(vars[*x])),
        }
        .unwrap();
    }
    (m, vars)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn user_propagators_find_exactly_the_generated_solutions(
        (domains, rules) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(rule(n), 0..=4))),
    ) {
        let (m, vars) = posted(&domains, &rules);
        let mut found: Vec<Vec<i64>> = m
            .compile()
            .solutions(usize::MAX)
            .iter()
            .map(|s| vars.iter().map(|&v| s[v]).collect())
            .collect();
        found.sort();
        let all: Vec<Vec<i64>> = generate_and_test(&domains, &[])
            .into_iter()
            .filter(|a| rules.iter().all(|r| r.holds(a)))
            .collect();
        prop_assert_eq!(found, all);
    }

    #[test]
    fn user_propagators_give_the_same_optimum_to_a_search_that_learns(
        (domains, rules) in (2usize..=5).prop_flat_map(|n| (domains(n), prop::collection::vec(rule(n), 1..=6))),
        maximize in any::<bool>(),
    ) {
        let (mut m, vars) = posted(&domains, &rules);
        if maximize {
            m.maximize(vars[0]).unwrap();
        } else {
            m.minimize(vars[0]).unwrap();
        }
        let network = m.compile();
        let limits = backtrack::Limits::default();
        let plain = network.optimize(&limits, |_| {});
        let learned = network.clone().learning(true).optimize(&limits, |_| {});
        prop_assert!(learned.outcome.is_complete());
        prop_assert_eq!(plain.value.objective, learned.value.objective);
        if let Some(best) = &learned.value.best {
            let a: Vec<i64> = vars.iter().map(|&v| best[v]).collect();
            prop_assert!(rules.iter().all(|r| r.holds(&a)), "{:?} breaks a rule", a);
        }
    }

    #[test]
    fn undo_after_a_user_propagator_restores_every_domain(
        (domains, rules) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(rule(n), 0..=4))),
        picks in prop::collection::vec(0usize..8, 0..5),
    ) {
        let (m, _) = posted(&domains, &rules);
        let mut network = m.compile();
        let mut path = Vec::new();
        let mut states = vec![(network.domains(), network.is_failed())];
        for pick in picks {
            let choices: Vec<_> = network.choices().collect();
            let Some(&c) = choices.get(pick % choices.len().max(1)) else { break };
            network.apply(c);
            path.push(c);
            states.push((network.domains(), network.is_failed()));
        }
        while let Some(c) = path.pop() {
            states.pop();
            network.undo(c);
            prop_assert_eq!(&(network.domains(), network.is_failed()), states.last().unwrap());
        }
    }
}

/// Counts its runs, and those that saw `x` unfixed.
struct Spy {
    x: Var,
    event: Event,
    runs: Arc<AtomicUsize>,
}

impl Propagator for Spy {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![(self.x, self.event)]
    }
    fn propagate(&self, _: &mut Domains<'_, '_>) -> Result<(), Failed> {
        self.runs.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

/// How many times a spy watching `event` on `x` runs after the root, when
/// `x` in 0..=4 loses the values `remove` one choice after the other (as
/// `y`, fixed to each in turn, with `x != y`), then is fixed to `fix`.
fn runs_after_root(event: Event, remove: &[i64], fix: i64) -> usize {
    let mut m = Model::new();
    let x = m.var(0..=4).unwrap();
    let ys: Vec<Var> = remove.iter().map(|&v| m.var(v..=v + 1).unwrap()).collect();
    for &y in &ys {
        m.not_equal(x, y, 0).unwrap();
    }
    let runs = Arc::new(AtomicUsize::new(0));
    m.propagator(Spy {
        x,
        event,
        runs: Arc::clone(&runs),
    })
    .unwrap();
    let mut network = m.compile();
    let root = runs.load(Ordering::Relaxed);
    for (&y, &v) in ys.iter().zip(remove) {
        network.apply(csp::Choice::fix(y, v));
    }
    network.apply(csp::Choice::fix(x, fix));
    assert!(!network.is_failed());
    runs.load(Ordering::Relaxed) - root
}

#[test]
fn a_propagator_is_woken_only_by_the_events_it_watches() {
    // x loses 2 (inside its bounds), then is fixed to 1.
    assert_eq!(runs_after_root(Event::Fixed, &[2], 1), 1);
    assert_eq!(runs_after_root(Event::Bounds, &[2], 1), 1);
    assert_eq!(runs_after_root(Event::Domain, &[2], 1), 2);
    // x loses 4 (its largest value), then is fixed to 1.
    assert_eq!(runs_after_root(Event::Fixed, &[4], 1), 1);
    assert_eq!(runs_after_root(Event::Bounds, &[4], 1), 2);
    assert_eq!(runs_after_root(Event::Domain, &[4], 1), 2);
}

#[test]
fn a_user_propagator_of_another_model_is_refused() {
    let mut a = Model::new();
    let mut b = Model::new();
    let x = a.var(0..=3).unwrap();
    assert!(matches!(
        b.propagator(Even(x)),
        Err(csp::Error::ForeignVar { .. })
    ));
}
