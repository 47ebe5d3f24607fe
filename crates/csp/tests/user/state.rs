//! What a propagator keeps along a path and what it may skip: trailed
//! state cells against a stateless version and enumeration, entailment
//! that skips wake-ups and loses no solution, and a domain's values one by
//! one against a scan of its range.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use backtrack::Parallel;
use csp::{Domains, Event, Failed, Model, Propagator, Var};
use proptest::prelude::*;

use crate::constraints::{domains, generate_and_test, palette};

/// At most `k` of `xs` take `v`, from scratch; with `cells`, the fixed
/// prefix of `xs` and its `v`s are kept in two state cells (and checked
/// against a recount: `stale` records a cell that disagrees); with
/// `entail`, entailed once no more `v` can come.
struct AtMost {
    xs: Vec<Var>,
    v: i64,
    k: i64,
    cells: bool,
    entail: bool,
    runs: Arc<AtomicUsize>,
    stale: Arc<AtomicBool>,
}

impl Propagator for AtMost {
    fn vars(&self) -> Vec<(Var, Event)> {
        self.xs.iter().map(|&x| (x, Event::Domain)).collect()
    }

    fn initial_state(&self) -> Vec<i64> {
        if self.cells { vec![0, 0] } else { Vec::new() }
    }

    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        self.runs.fetch_add(1, Ordering::Relaxed);
        let (mut prefix, mut seen) = (0, 0);
        if self.cells {
            (prefix, seen) = (d.state(0) as usize, d.state(1));
            // The cells describe a prefix that is fixed on this path.
            let fixed = self.xs[..prefix.min(self.xs.len())]
                .iter()
                .map(|&x| d.value(x))
                .collect::<Option<Vec<i64>>>();
            let recount = fixed.map(|f| f.iter().filter(|&&x| x == self.v).count() as i64);
            if prefix > self.xs.len() || recount != Some(seen) {
                self.stale.store(true, Ordering::Relaxed);
            }
            while let Some(x) = self.xs.get(prefix).and_then(|&x| d.value(x)) {
                seen += i64::from(x == self.v);
                prefix += 1;
            }
            d.set_state(0, prefix as i64);
            d.set_state(1, seen);
        }
        let rest = &self.xs[prefix..];
        let taken = seen + rest.iter().filter(|&&x| d.value(x) == Some(self.v)).count() as i64;
        let open = rest
            .iter()
            .filter(|&&x| d.value(x).is_none() && d.contains(x, self.v))
            .count() as i64;
        if taken > self.k {
            return Err(Failed);
        }
        if taken == self.k {
            for &x in rest {
                if d.value(x).is_none() {
                    d.remove(x, self.v)?;
                }
            }
        }
        if self.entail && taken + open <= self.k {
            d.entailed();
        }
        Ok(())
    }
}

#[derive(Clone, Debug)]
struct Limit {
    xs: Vec<usize>,
    v: i64,
    k: i64,
}

impl Limit {
    fn holds(&self, a: &[i64]) -> bool {
        self.xs.iter().filter(|&&i| a[i] == self.v).count() as i64 <= self.k
    }
}

fn limit(n: usize, wide: bool) -> impl Strategy<Value = Limit> {
    (
        prop::collection::vec(0..n, 0..=n + 1),
        prop::sample::select(palette(wide)),
        0i64..=2,
    )
        .prop_map(|(xs, v, k)| Limit { xs, v, k })
}

/// The model with the limits posted as `AtMost`, and `x != y + 1` between
/// neighbours so that the search backtracks through the limits' cells;
/// with `padded`, enough fixed variables besides that a choice trails its
/// changes instead of copying the domains (past 128 words).
fn posted(
    domains: &[Vec<i64>],
    limits: &[Limit],
    (cells, entail, padded): (bool, bool, bool),
) -> (Model, Vec<Var>, Arc<AtomicUsize>, Arc<AtomicBool>) {
    let mut m = Model::new();
    if padded {
        m.vars(130, 0..=0).unwrap();
    }
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    for w in vars.windows(2) {
        m.not_equal(w[0], w[1], 1).unwrap();
    }
    let runs = Arc::new(AtomicUsize::new(0));
    let stale = Arc::new(AtomicBool::new(false));
    for l in limits {
        m.propagator(AtMost {
            xs: l.xs.iter().map(|&i| vars[i]).collect(),
            v: l.v,
            k: l.k,
            cells,
            entail,
            runs: Arc::clone(&runs),
            stale: Arc::clone(&stale),
        })
        .unwrap();
    }
    (m, vars, runs, stale)
}

fn solutions(m: &Model, vars: &[Var]) -> Vec<Vec<i64>> {
    let mut found: Vec<Vec<i64>> = m
        .compile()
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect();
    found.sort();
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn state_cells_and_entailment_find_the_stateless_solutions_and_the_generated_ones(
        (domains, limits) in (1usize..=5, any::<bool>()).prop_flat_map(|(n, wide)| {
            (domains(n), prop::collection::vec(limit(n, wide), 0..=3))
        }),
    ) {
        let all: Vec<Vec<i64>> = generate_and_test(&domains, &[])
            .into_iter()
            .filter(|a| a.windows(2).all(|w| w[0] != w[1] + 1))
            .filter(|a| limits.iter().all(|l| l.holds(a)))
            .collect();
        for padded in [false, true] {
            for (cells, entail) in [(false, false), (true, false), (false, true), (true, true)] {
                let how = (cells, entail, padded);
                let (m, vars, _, stale) = posted(&domains, &limits, how);
                prop_assert_eq!(&solutions(&m, &vars), &all, "(cells, entail, padded) {:?}", how);
                let parallel = Parallel::auto().threads(2).count(&m.compile()).complete();
                prop_assert_eq!(parallel, Some(all.len() as u128), "{:?}", how);
                prop_assert!(!stale.load(Ordering::Relaxed), "a cell outlived its path: {:?}", how);
            }
        }
    }
}

/// The solutions of at most one 1 in five variables of 0..=2, and the
/// propagator's runs over the whole search.
fn count_and_runs(entail: bool) -> (u128, usize) {
    let mut m = Model::new();
    let xs = m.vars(5, 0..=2).unwrap();
    let runs = Arc::new(AtomicUsize::new(0));
    m.propagator(AtMost {
        xs,
        v: 1,
        k: 1,
        cells: true,
        entail,
        runs: Arc::clone(&runs),
        stale: Arc::new(AtomicBool::new(false)),
    })
    .unwrap();
    let count = backtrack::count(m.compile());
    (count, runs.load(Ordering::Relaxed))
}

#[test]
fn an_entailed_propagator_is_not_woken_again_on_its_path() {
    let (with, fewer) = count_and_runs(true);
    let (without, more) = count_and_runs(false);
    // 2^5 words of 0s and 2s, and 5 * 2^4 with one 1.
    assert_eq!((with, without), (112, 112));
    assert!(fewer < more, "{fewer} runs entailed against {more}");
}

/// Records, at every run, `x`'s values, their chain by `next_value`, and
/// a scan of `min..=max` by `contains`.
struct Lister {
    x: Var,
    seen: Arc<Mutex<Vec<[Vec<i64>; 3]>>>,
}

impl Propagator for Lister {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![(self.x, Event::Domain)]
    }

    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        let x = self.x;
        let listed: Vec<i64> = d.values(x).collect();
        let chained: Vec<i64> =
            std::iter::successors(Some(d.min(x)), |&v| d.next_value(x, v)).collect();
        let scanned: Vec<i64> = (d.min(x)..=d.max(x))
            .filter(|&v| d.contains(x, v))
            .collect();
        self.seen.lock().unwrap().push([listed, chained, scanned]);
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_domain_s_values_and_their_chain_are_its_range_s_members_in_order(
        domain in prop::sample::subsequence(palette(true), 1..=8),
        holes in prop::collection::vec(prop::sample::select(palette(true)), 0..=4),
        interval in any::<bool>(),
    ) {
        let mut m = Model::new();
        if interval {
            m.intervals_above(1);
        }
        let x = m.var_in(domain.iter().copied()).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        m.propagator(Lister { x, seen: Arc::clone(&seen) }).unwrap();
        // Each hole a choice away: the lister runs on the domains between.
        let ys: Vec<Var> = holes.iter().map(|&h| m.var_in([h, h + 1]).unwrap()).collect();
        for &y in &ys {
            m.not_equal(x, y, 0).unwrap();
        }
        let _ = backtrack::count(m.compile());
        let seen = seen.lock().unwrap();
        prop_assert!(!seen.is_empty());
        for [listed, chained, scanned] in seen.iter() {
            prop_assert_eq!(listed, scanned);
            prop_assert_eq!(chained, scanned);
        }
    }
}
