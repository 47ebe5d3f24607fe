//! The rule of the wake-ups, on random models: when a propagation ends
//! (at the root, and after every choice), every propagator has run since
//! the last change of what it watches. A variable's values changed: its
//! `Domain` watchers ran after; its bounds moved: its `Bounds` watchers;
//! it became fixed: its `Fixed` watchers, whatever narrowed it (a value
//! removed at a bound, a bound set, a value fixed, a built-in's advice or
//! run).
//!
//! Each model has variables of every layout (one-word and multi-word
//! bitsets, with holes or not; small intervals, wide ones and all of
//! `i64`), a user propagator that narrows them at random (a function of
//! the domains and a seed), a few built-in constraints, and watchers: user
//! propagators that record what they saw of their variables each time they
//! run, on random events. Once a propagation ends, what each watcher saw
//! last must be what is there now, as far as its events tell. The `!=`
//! constraints are checked against their specification too: once one
//! variable is left open, the value that would make the sum equal is gone
//! (from a bitset; from an interval's bounds).

use std::sync::{Arc, Mutex};

use backtrack::{Problem, Rng};
use csp::{Domains, Event, Failed, Model, Network, Propagator, Rel, Var};

/// What a watcher saw of a variable: its bounds, and its values if it is
/// a bitset (an interval has none inside its bounds to lose).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    lo: i64,
    hi: i64,
    values: Option<Vec<i64>>,
}

fn seen_by(d: &Domains<'_, '_>, x: Var, bitset: bool) -> Seen {
    let (lo, hi) = (d.min(x), d.max(x));
    let values = bitset.then(|| (lo..=hi).filter(|&v| d.contains(x, v)).collect());
    Seen { lo, hi, values }
}

fn seen_in(network: &Network, x: Var, bitset: bool) -> Seen {
    let (lo, hi) = network.bounds(x).expect("not failed, so not empty");
    let values = bitset.then(|| network.domain(x));
    Seen { lo, hi, values }
}

/// Whether a change from `then` to `now` is an `event`, which should have
/// woken its watcher.
fn happened(event: Event, then: &Seen, now: &Seen) -> bool {
    match event {
        Event::Domain => then != now,
        Event::Bounds => (then.lo, then.hi) != (now.lo, now.hi),
        Event::Fixed => now.lo == now.hi && then.lo != then.hi,
        _ => unreachable!("an event the test does not watch"),
    }
}

/// The variables of a model and whether each is a bitset.
type Vars = Vec<(Var, bool)>;

/// What each watcher saw when it last ran, by watcher (`None`: never ran).
type Log = Arc<Mutex<Vec<Option<Vec<Seen>>>>>;

/// A user propagator that narrows nothing and records what it sees.
struct Watcher {
    id: usize,
    watched: Vec<(Var, Event, bool)>,
    log: Log,
}

impl Propagator for Watcher {
    fn vars(&self) -> Vec<(Var, Event)> {
        self.watched.iter().map(|&(x, e, _)| (x, e)).collect()
    }
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        let seen = self
            .watched
            .iter()
            .map(|&(x, _, b)| seen_by(d, x, b))
            .collect();
        self.log.lock().unwrap()[self.id] = Some(seen);
        Ok(())
    }
}

/// A user propagator that narrows its variables at random, each way the
/// domains can be narrowed; a function of the domains and its seed, woken
/// by any change of them (its own too), and stopping at random.
struct Narrower {
    vars: Vars,
    seed: u64,
}

impl Propagator for Narrower {
    fn vars(&self) -> Vec<(Var, Event)> {
        self.vars.iter().map(|&(x, _)| (x, Event::Domain)).collect()
    }
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        let mut h = self.seed;
        for &(x, _) in &self.vars {
            for part in [d.min(x) as u64, d.max(x) as u64, d.size(x)] {
                h = Rng::new(h ^ part).next_u64();
            }
        }
        let mut rng = Rng::new(h);
        if rng.below(4) == 0 {
            return Ok(());
        }
        for _ in 0..1 + rng.below(3) {
            let open: Vec<Var> = self
                .vars
                .iter()
                .map(|&(x, _)| x)
                .filter(|&x| d.size(x) > 1)
                .collect();
            if open.is_empty() {
                break;
            }
            let x = open[rng.below(open.len() as u64) as usize];
            narrow(d, x, &mut rng)?;
        }
        Ok(())
    }
}

/// A value of `lo..=hi`, at random.
fn between(rng: &mut Rng, lo: i64, hi: i64) -> i64 {
    let span = (hi as i128 - lo as i128) as u128 + 1;
    (lo as i128 + (rng.next_u64() as u128 % span) as i128) as i64
}

/// One narrowing of `x`, which has two values or more, that leaves it one
/// at least.
fn narrow(d: &mut Domains<'_, '_>, x: Var, rng: &mut Rng) -> Result<(), Failed> {
    let (lo, hi) = (d.min(x), d.max(x));
    let inside = between(rng, lo, hi);
    match rng.below(9) {
        // The lower bound removed by a value removal.
        0 => d.remove(x, lo),
        1 => d.remove(x, hi),
        2 => d.remove(x, inside),
        3 => d.set_min(x, inside).map(drop),
        4 => d.set_max(x, inside).map(drop),
        5 if d.contains(x, inside) => d.fix(x, inside),
        5 => d.fix(x, lo),
        // Fixed by a bound.
        6 => d.set_min(x, hi).map(drop),
        7 => d.set_max(x, lo).map(drop),
        // Several values out in one run, next to a bound or not.
        _ => {
            let (a, b) = if rng.below(2) == 0 {
                (lo, lo.saturating_add(70).min(hi))
            } else {
                (lo, hi)
            };
            for _ in 0..rng.below(80) {
                if d.size(x) > 1 {
                    d.remove(x, between(rng, a, b))?;
                }
            }
            Ok(())
        }
    }
}

/// A variable of a random layout; one of one word at offset 0 is also
/// added to `words`.
fn variable(m: &mut Model, rng: &mut Rng, words: &mut Vec<Var>) -> (Var, bool) {
    let lo = between(rng, -5, 5);
    let var = |m: &mut Model, lo: i64, hi: i64| m.var(lo..=hi).unwrap();
    match rng.below(9) {
        // One word, offset 0 (the advice on whole words).
        0 | 8 => {
            // Few values, some of the time: the all-differents are tight.
            let top = if rng.below(2) == 0 { 4 } else { 63 };
            let x = var(m, 0, 1 + rng.below(top) as i64);
            words.push(x);
            (x, true)
        }
        1 => (var(m, lo, lo + 1 + rng.below(63) as i64), true),
        // Several words.
        2 => (var(m, lo, lo + 64 + rng.below(250) as i64), true),
        3 => {
            let span = 2 + rng.below(200) as i64;
            let values: Vec<i64> = (lo..lo + span).filter(|_| rng.below(3) > 0).collect();
            let values = if values.len() < 2 {
                vec![lo, lo + span]
            } else {
                values
            };
            (m.var_in(values).unwrap(), true)
        }
        // Small intervals.
        4 => {
            m.intervals_above(1);
            let x = var(m, lo, lo + 1 + rng.below(100) as i64);
            m.intervals_above(csp::MAX_DOMAIN);
            (x, false)
        }
        5 => (
            var(m, lo, lo + csp::MAX_DOMAIN as i64 + rng.below(100) as i64),
            false,
        ),
        6 => (var(m, -(1 << 40), 1 << 40), false),
        _ => (var(m, i64::MIN, i64::MAX), false),
    }
}

/// `sum(terms) != rhs`, posted.
type NotEqual = (Vec<(i64, Var)>, i64);

/// A built-in constraint on some of `vars`, posted if the model takes it:
/// the `!=` it implies (those of an all-different too) are returned to be
/// checked.
fn built_in(m: &mut Model, vars: &Vars, words: &[Var], rng: &mut Rng) -> Option<Vec<NotEqual>> {
    // Often among the one-word bitsets at offset 0, which the advice
    // narrows a word at a time.
    let from: Vec<Var> = if words.len() >= 2 && rng.below(2) == 0 {
        words.to_vec()
    } else {
        vars.iter().map(|&(x, _)| x).collect()
    };
    let mut pick = || from[rng.below(from.len() as u64) as usize];
    let [x, y, z, u, w] = [pick(), pick(), pick(), pick(), pick()];
    match rng.below(5) {
        0 => {
            let c = between(rng, -3, 3);
            m.not_equal(x, y, c).ok()?;
            return Some(vec![(vec![(1, x), (-1, y)], c)]);
        }
        1 => {
            let mut each = vec![x, y, z, u, w];
            each.sort();
            each.dedup();
            m.all_different(&each).ok()?;
            let pairs = each.iter().enumerate().flat_map(|(i, &a)| {
                each[i + 1..]
                    .iter()
                    .map(move |&b| (vec![(1, a), (-1, b)], 0))
            });
            return Some(pairs.collect());
        }
        2 => m
            .linear(&[(1, x), (1, y)], Rel::Le, between(rng, -5, 300))
            .ok()?,
        3 if rng.below(2) == 0 => {
            // Narrows by whole words; refused on a wide interval.
            let tuples: Vec<[i64; 2]> = (0..1 + rng.below(12))
                .map(|_| [between(rng, -5, 70), between(rng, -5, 70)])
                .collect();
            m.table(&[x, y], &tuples).ok()?;
        }
        _ => {
            let terms: Vec<(i64, Var)> = [x, y, z][..1 + rng.below(3) as usize]
                .iter()
                .map(|&v| ([1, -1, 2, -3][rng.below(4) as usize], v))
                .collect();
            let rhs = between(rng, -5, 40);
            m.linear(&terms, Rel::Ne, rhs).ok()?;
            return Some(vec![(terms, rhs)]);
        }
    }
    None
}

/// A random model, its variables, the `!=` constraints and the watchers'
/// log, and for each watcher what it watches.
struct Case {
    network: Network,
    vars: Vars,
    not_equal: Vec<NotEqual>,
    watchers: Vec<Vec<(Var, Event, bool)>>,
    log: Log,
}

fn case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let mut m = Model::new();
    let mut words = Vec::new();
    let mut vars: Vars = (0..2 + rng.below(5))
        .map(|_| variable(&mut m, &mut rng, &mut words))
        .collect();
    // Some of the time, as many variables as values, all different: the
    // all-different narrows whole words (a value left to one variable is
    // its).
    let tight = rng.below(3) == 0;
    let k = 3 + rng.below(3) as usize;
    if tight {
        let block = m.vars(k, 0..=k as i64 - 1).unwrap();
        words.extend(&block);
        vars.extend(block.iter().map(|&x| (x, true)));
    }
    let n = 1 + rng.below(4) as usize;
    let log: Log = Arc::new(Mutex::new(vec![None; n]));
    let events = [Event::Domain, Event::Bounds, Event::Fixed];
    let watchers: Vec<Vec<(Var, Event, bool)>> = (0..n)
        .map(|_| {
            (0..1 + rng.below(4))
                .map(|_| {
                    // Often a one-word bitset at offset 0, which the advice
                    // narrows a word at a time.
                    let (x, bitset) = if !words.is_empty() && rng.below(2) == 0 {
                        (words[rng.below(words.len() as u64) as usize], true)
                    } else {
                        vars[rng.below(vars.len() as u64) as usize]
                    };
                    (x, events[rng.below(3) as usize], bitset)
                })
                .collect()
        })
        .collect();
    // The propagators in a random order: the watchers, the narrower and
    // the built-ins (each of the last two, once or not at all).
    let mut order: Vec<usize> = (0..n + 2).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut not_equal = Vec::new();
    if tight {
        let block = &words[words.len() - k..];
        m.all_different(block).unwrap();
        for (i, &a) in block.iter().enumerate() {
            not_equal.extend(block[i + 1..].iter().map(|&b| (vec![(1, a), (-1, b)], 0)));
        }
    }
    for p in order {
        if p < n {
            let watched = watchers[p].clone();
            m.propagator(Watcher {
                id: p,
                watched,
                log: Arc::clone(&log),
            })
            .unwrap();
        } else if p == n && rng.below(8) > 0 {
            let narrowed = vars.clone();
            let seed = rng.next_u64();
            m.propagator(Narrower {
                vars: narrowed,
                seed,
            })
            .unwrap();
        } else {
            for _ in 0..rng.below(6) {
                not_equal.extend(
                    built_in(&mut m, &vars, &words, &mut rng)
                        .into_iter()
                        .flatten(),
                );
            }
        }
    }
    Case {
        network: m.compile(),
        vars,
        not_equal,
        watchers,
        log,
    }
}

impl Case {
    /// What each watcher would see now: set as seen before a choice, so
    /// that one not woken by the choice still matches.
    fn see_all(&self) {
        let mut log = self.log.lock().unwrap();
        for (id, watched) in self.watchers.iter().enumerate() {
            let seen = watched
                .iter()
                .map(|&(x, _, b)| seen_in(&self.network, x, b))
                .collect();
            log[id] = Some(seen);
        }
    }

    /// The rule and the `!=` specification at the end of a propagation that
    /// did not fail.
    fn check(&self, seed: u64, path: &[String]) {
        let log = self.log.lock().unwrap();
        for (id, watched) in self.watchers.iter().enumerate() {
            let Some(seen) = &log[id] else {
                panic!("seed {seed}: watcher {id} never ran, at {path:?}");
            };
            for (&(x, event, bitset), then) in watched.iter().zip(seen) {
                let now = seen_in(&self.network, x, bitset);
                assert!(
                    !happened(event, then, &now),
                    "seed {seed}: watcher {id} of {x:?} on {event:?} saw {then:?}, \
                     not woken for {now:?}, at {path:?}"
                );
            }
        }
        for (terms, rhs) in &self.not_equal {
            self.check_not_equal(terms, *rhs, seed, path);
        }
    }

    fn check_not_equal(&self, terms: &[(i64, Var)], rhs: i64, seed: u64, path: &[String]) {
        // A variable may repeat: its coefficients add up.
        let mut open: Vec<(Var, i128)> = Vec::new();
        let mut sum = 0i128;
        for &(a, x) in terms {
            match self.network.value(x) {
                Some(v) => sum += i128::from(a) * i128::from(v),
                None => match open.iter_mut().find(|(y, _)| *y == x) {
                    Some((_, c)) => *c += i128::from(a),
                    None => open.push((x, i128::from(a))),
                },
            }
        }
        open.retain(|&(_, c)| c != 0);
        let rest = i128::from(rhs) - sum;
        match open[..] {
            [] => assert!(
                rest != 0,
                "seed {seed}: {terms:?} != {rhs} broken at {path:?}"
            ),
            [(x, a)] if rest % a == 0 => {
                let Ok(v) = i64::try_from(rest / a) else {
                    return;
                };
                let bitset = self.vars.iter().any(|&(y, b)| y == x && b);
                let now = seen_in(&self.network, x, bitset);
                let gone = match &now.values {
                    Some(values) => values.binary_search(&v).is_err(),
                    None => v != now.lo && v != now.hi,
                };
                assert!(
                    gone,
                    "seed {seed}: {terms:?} != {rhs} leaves {v} in {now:?} at {path:?}"
                );
            }
            _ => {}
        }
    }
}

#[test]
fn every_watcher_of_an_event_that_happened_is_woken_before_propagation_ends() {
    let mut checked = 0;
    for seed in 0..10_000 {
        let mut case = case(seed);
        if case.network.is_failed() {
            continue;
        }
        case.check(seed, &[]);
        checked += 1;
        // Down random paths of choices, undoing back to the root.
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..3 {
            let mut path: Vec<String> = Vec::new();
            let mut applied = Vec::new();
            for _ in 0..6 {
                let choices: Vec<_> = case.network.choices().collect();
                if choices.is_empty() {
                    break;
                }
                let choice = choices[rng.below(choices.len() as u64) as usize];
                case.see_all();
                case.network.apply(choice);
                applied.push(choice);
                path.push(format!("{choice:?}"));
                if case.network.is_failed() {
                    break;
                }
                case.check(seed, &path);
                checked += 1;
            }
            for choice in applied.into_iter().rev() {
                case.network.undo(choice);
            }
        }
    }
    // Most states propagated without failing: the rule was checked on them.
    assert!(checked > 20_000, "only {checked} states checked");
}
