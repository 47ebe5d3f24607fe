//! The constraints of the random models, stated twice: posted on a model,
//! and checked directly on a full assignment; their random strategies, and
//! generate-and-test.

use csp::{Model, Rel, Var};
use proptest::prelude::*;

/// A constraint over variable positions, stated twice: posted on a model,
/// and checked directly on a full assignment.
#[derive(Clone, Debug)]
pub(crate) enum Constraint {
    AllDifferent(Vec<usize>),
    /// x != y + c
    NotEqual(usize, usize, i64),
    Linear(Vec<(i64, usize)>, Rel, i64),
    Table(Vec<usize>, Vec<Vec<i64>>),
    /// (sum of squares + k) % 3 != 0, checked by a closure
    Predicate(Vec<usize>, i64),
    /// b <-> linear, or b -> linear when half; b in {0, 1}
    Reified(usize, Vec<(i64, usize)>, Rel, i64, bool),
    /// b <-> x in values, or b -> x in values when half
    ReifiedIn(usize, usize, Vec<i64>, bool),
    /// some positive is 1 or some negative is 0, all of them in {0, 1}
    Clause(Vec<usize>, Vec<usize>),
    /// the number of xs taking a value of the set is the count
    Among(Vec<usize>, Vec<i64>, usize),
    /// tasks (start, duration) that never overlap
    Disjunctive(Vec<(usize, i64)>),
    /// z = x * y
    Times(usize, usize, usize),
    /// z = x div y, or x mod y when true
    Divide(usize, usize, usize, bool),
    /// y = |x|
    Abs(usize, usize),
    /// z = min(xs), or max when true
    Extreme(Vec<usize>, usize, bool),
    /// value = array[index]
    ElementVar(usize, Vec<usize>, usize),
    /// f[i] = j exactly when g[j] = i
    Inverse(Vec<usize>, Vec<usize>),
    /// xs <= ys lexicographically
    Lex(Vec<usize>, Vec<usize>),
    /// all different, with Hall intervals on bounds
    AllDifferentBounds(Vec<usize>),
    /// all different, on domains (matching)
    AllDifferentDomain(Vec<usize>),
    /// tasks (start, duration, demand) within a capacity
    Cumulative(Vec<(usize, i64, i64)>, i64),
}

fn compare(sum: i64, rel: Rel, rhs: i64) -> bool {
    match rel {
        Rel::Eq => sum == rhs,
        Rel::Ne => sum != rhs,
        Rel::Le => sum <= rhs,
        Rel::Lt => sum < rhs,
        Rel::Ge => sum >= rhs,
        Rel::Gt => sum > rhs,
    }
}

/// Whether `b` is a boolean whose truth implies (`half`) or equals `c`.
fn reified(b: i64, c: bool, half: bool) -> bool {
    (b == 0 || b == 1) && if half { b == 0 || c } else { (b == 1) == c }
}

impl Constraint {
    fn post(&self, m: &mut Model, vars: &[Var]) {
        let pick = |xs: &[usize]| -> Vec<Var> { xs.iter().map(|&i| vars[i]).collect() };
        match self {
            Constraint::AllDifferent(xs) => m.all_different(&pick(xs)).unwrap(),
            Constraint::NotEqual(x, y, c) => m.not_equal(vars[*x], vars[*y], *c).unwrap(),
            Constraint::Linear(terms, rel, rhs) => {
                let terms: Vec<(i64, Var)> = terms.iter().map(|&(a, i)| (a, vars[i])).collect();
                m.linear(&terms, *rel, *rhs).unwrap()
            }
            Constraint::Table(xs, tuples) => m.table(&pick(xs), tuples).unwrap(),
            Constraint::Predicate(xs, k) => {
                let k = *k;
                m.predicate(&pick(xs), move |v| {
                    (v.iter().map(|x| x * x).sum::<i64>() + k) % 3 != 0
                })
                .unwrap()
            }
            Constraint::Reified(b, terms, rel, rhs, half) => {
                let terms: Vec<(i64, Var)> = terms.iter().map(|&(a, i)| (a, vars[i])).collect();
                if *half {
                    m.half_reify_linear(vars[*b], &terms, *rel, *rhs).unwrap()
                } else {
                    m.reify_linear(vars[*b], &terms, *rel, *rhs).unwrap()
                }
            }
            Constraint::ReifiedIn(b, x, values, half) => {
                let values = values.iter().copied();
                if *half {
                    m.half_reify_in(vars[*b], vars[*x], values).unwrap()
                } else {
                    m.reify_in(vars[*b], vars[*x], values).unwrap()
                }
            }
            Constraint::Clause(pos, neg) => m.clause(&pick(pos), &pick(neg)).unwrap(),
            Constraint::Times(x, y, z) => m.times(vars[*x], vars[*y], vars[*z]).unwrap(),
            Constraint::Divide(x, y, z, false) => m.div(vars[*x], vars[*y], vars[*z]).unwrap(),
            Constraint::Divide(x, y, z, true) => m.modulo(vars[*x], vars[*y], vars[*z]).unwrap(),
            Constraint::Abs(x, y) => m.abs(vars[*x], vars[*y]).unwrap(),
            Constraint::Extreme(xs, z, true) => m.max(&pick(xs), vars[*z]).unwrap(),
            Constraint::Extreme(xs, z, false) => m.min(&pick(xs), vars[*z]).unwrap(),
            Constraint::ElementVar(i, array, v) => {
                m.element_var(vars[*i], &pick(array), vars[*v]).unwrap()
            }
            Constraint::Inverse(f, g) => m.inverse(&pick(f), &pick(g)).unwrap(),
            Constraint::Lex(xs, ys) => m.lex_lesseq(&pick(xs), &pick(ys)).unwrap(),
            Constraint::AllDifferentBounds(xs) => m.all_different_bounds(&pick(xs)).unwrap(),
            Constraint::AllDifferentDomain(xs) => m.all_different_domain(&pick(xs)).unwrap(),
            Constraint::Cumulative(tasks, capacity) => {
                let starts: Vec<Var> = tasks.iter().map(|t| vars[t.0]).collect();
                let durations: Vec<i64> = tasks.iter().map(|t| t.1).collect();
                let demands: Vec<i64> = tasks.iter().map(|t| t.2).collect();
                m.cumulative(&starts, &durations, &demands, *capacity)
                    .unwrap()
            }
            Constraint::Disjunctive(tasks) => {
                let starts: Vec<Var> = tasks.iter().map(|&(i, _)| vars[i]).collect();
                let durations: Vec<i64> = tasks.iter().map(|&(_, d)| d).collect();
                m.disjunctive(&starts, &durations).unwrap()
            }
            Constraint::Among(xs, values, count) => m
                .among(&pick(xs), values.iter().copied(), vars[*count])
                .unwrap(),
        }
    }

    pub(crate) fn holds(&self, a: &[i64]) -> bool {
        match self {
            Constraint::AllDifferent(xs)
            | Constraint::AllDifferentBounds(xs)
            | Constraint::AllDifferentDomain(xs) => xs
                .iter()
                .enumerate()
                .all(|(i, &x)| xs[i + 1..].iter().all(|&y| a[x] != a[y])),
            Constraint::NotEqual(x, y, c) => a[*x] != a[*y] + c,
            Constraint::Linear(terms, rel, rhs) => {
                compare(terms.iter().map(|&(c, i)| c * a[i]).sum(), *rel, *rhs)
            }
            Constraint::Table(xs, tuples) => tuples
                .iter()
                .any(|t| xs.iter().zip(t).all(|(&i, &v)| a[i] == v)),
            Constraint::Predicate(xs, k) => {
                (xs.iter().map(|&i| a[i] * a[i]).sum::<i64>() + k) % 3 != 0
            }
            Constraint::Reified(b, terms, rel, rhs, half) => {
                let sum: i64 = terms.iter().map(|&(c, i)| c * a[i]).sum();
                reified(a[*b], compare(sum, *rel, *rhs), *half)
            }
            Constraint::ReifiedIn(b, x, values, half) => {
                reified(a[*b], values.contains(&a[*x]), *half)
            }
            Constraint::Among(xs, values, count) => {
                xs.iter().filter(|&&i| values.contains(&a[i])).count() as i64 == a[*count]
            }
            Constraint::Cumulative(tasks, capacity) => {
                let live: Vec<&(usize, i64, i64)> =
                    tasks.iter().filter(|t| t.1 > 0 && t.2 > 0).collect();
                live.iter().all(|&&(i, _, _)| {
                    // The load when a task starts: the peaks are at starts.
                    let t = a[i];
                    let load: i64 = live
                        .iter()
                        .filter(|&&&(j, d, _)| a[j] <= t && t < a[j] + d)
                        .map(|t| t.2)
                        .sum();
                    load <= *capacity
                })
            }
            Constraint::Times(x, y, z) => a[*x] * a[*y] == a[*z],
            // Rust's / and % round toward zero, as FlatZinc's.
            Constraint::Divide(x, y, z, modulo) => {
                a[*y] != 0
                    && a[*z]
                        == if *modulo {
                            a[*x] % a[*y]
                        } else {
                            a[*x] / a[*y]
                        }
            }
            Constraint::Abs(x, y) => a[*x].abs() == a[*y],
            Constraint::Extreme(xs, z, max) => {
                let values = xs.iter().map(|&i| a[i]);
                let e = if *max { values.max() } else { values.min() };
                e == Some(a[*z])
            }
            Constraint::ElementVar(i, array, v) => usize::try_from(a[*i])
                .ok()
                .and_then(|i| array.get(i))
                .is_some_and(|&e| a[e] == a[*v]),
            Constraint::Inverse(f, g) => {
                let n = f.len() as i64;
                f.iter().chain(g).all(|&k| (0..n).contains(&a[k]))
                    && (0..f.len()).all(|i| {
                        (0..g.len()).all(|j| (a[f[i]] == j as i64) == (a[g[j]] == i as i64))
                    })
            }
            Constraint::Lex(xs, ys) => {
                let x: Vec<i64> = xs.iter().map(|&i| a[i]).collect();
                let y: Vec<i64> = ys.iter().map(|&i| a[i]).collect();
                x <= y
            }
            Constraint::Disjunctive(tasks) => tasks.iter().enumerate().all(|(k, &(i, d))| {
                tasks[k + 1..]
                    .iter()
                    .all(|&(j, e)| d <= 0 || e <= 0 || a[i] + d <= a[j] || a[j] + e <= a[i])
            }),
            Constraint::Clause(pos, neg) => {
                pos.iter().chain(neg).all(|&i| a[i] == 0 || a[i] == 1)
                    && (pos.iter().any(|&i| a[i] == 1) || neg.iter().any(|&i| a[i] == 0))
            }
        }
    }
}

/// Values for the domains: near 0, or spread over several 64-bit words.
pub(crate) fn palette(wide: bool) -> Vec<i64> {
    if wide {
        vec![-130, -64, -1, 0, 1, 63, 64, 200]
    } else {
        (-3..=3).collect()
    }
}

pub(crate) fn domains(vars: usize) -> impl Strategy<Value = Vec<Vec<i64>>> {
    any::<bool>().prop_flat_map(move |wide| {
        let values = palette(wide);
        prop::collection::vec(
            prop::sample::subsequence(values.clone(), 0..=values.len()),
            vars,
        )
    })
}

fn positions(vars: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..vars, 0..=vars)
}

pub(crate) fn constraint(vars: usize) -> impl Strategy<Value = Constraint> {
    let rel = prop::sample::select(vec![Rel::Eq, Rel::Ne, Rel::Le, Rel::Lt, Rel::Ge, Rel::Gt]);
    prop_oneof![
        prop::sample::subsequence((0..vars).collect::<Vec<_>>(), 0..=vars)
            .prop_map(Constraint::AllDifferent),
        (0..vars, 0..vars, -3i64..=3).prop_map(|(x, y, c)| Constraint::NotEqual(x, y, c)),
        (
            prop::collection::vec((-3i64..=3, 0..vars), 0..=vars),
            rel,
            -8i64..=8
        )
            .prop_map(|(t, r, c)| Constraint::Linear(t, r, c)),
        (
            prop::collection::vec(0..vars, 1..=3),
            prop::collection::vec(prop::collection::vec(-3i64..=3, 3), 0..12)
        )
            .prop_map(|(xs, tuples)| {
                let tuples = tuples.into_iter().map(|t| t[..xs.len()].to_vec()).collect();
                Constraint::Table(xs, tuples)
            }),
        (positions(vars), 0i64..3).prop_map(|(xs, k)| Constraint::Predicate(xs, k)),
        (
            0..vars,
            prop::collection::vec((-3i64..=3, 0..vars), 0..=vars),
            prop::sample::select(vec![Rel::Eq, Rel::Ne, Rel::Le, Rel::Lt, Rel::Ge, Rel::Gt]),
            -6i64..=6,
            any::<bool>()
        )
            .prop_map(|(b, t, r, c, half)| Constraint::Reified(b, t, r, c, half)),
        (
            0..vars,
            0..vars,
            prop::collection::vec(-3i64..=3, 0..4),
            any::<bool>()
        )
            .prop_map(|(b, x, values, half)| Constraint::ReifiedIn(b, x, values, half)),
        (positions(vars), positions(vars)).prop_map(|(p, n)| Constraint::Clause(p, n)),
        (
            positions(vars),
            prop::collection::vec(-3i64..=3, 0..4),
            0..vars
        )
            .prop_map(|(xs, values, count)| Constraint::Among(xs, values, count)),
        prop::collection::vec((0..vars, -1i64..=3), 0..=4).prop_map(Constraint::Disjunctive),
        (0..vars, 0..vars, 0..vars).prop_map(|(x, y, z)| Constraint::Times(x, y, z)),
        (0..vars, 0..vars, 0..vars, any::<bool>())
            .prop_map(|(x, y, z, modulo)| Constraint::Divide(x, y, z, modulo)),
        (0..vars, 0..vars).prop_map(|(x, y)| Constraint::Abs(x, y)),
        (positions(vars), 0..vars, any::<bool>())
            .prop_map(|(xs, z, max)| Constraint::Extreme(xs, z, max)),
        (0..vars, positions(vars), 0..vars)
            .prop_map(|(i, array, v)| Constraint::ElementVar(i, array, v)),
        (1..=vars.min(3))
            .prop_flat_map(move |k| (
                prop::collection::vec(0..vars, k),
                prop::collection::vec(0..vars, k)
            ))
            .prop_map(|(f, g)| Constraint::Inverse(f, g)),
        (0..=vars)
            .prop_flat_map(move |k| (
                prop::collection::vec(0..vars, k),
                prop::collection::vec(0..vars, k)
            ))
            .prop_map(|(xs, ys)| Constraint::Lex(xs, ys)),
        prop::sample::subsequence((0..vars).collect::<Vec<_>>(), 0..=vars)
            .prop_map(Constraint::AllDifferentBounds),
        prop::sample::subsequence((0..vars).collect::<Vec<_>>(), 0..=vars)
            .prop_map(Constraint::AllDifferentDomain),
        (
            prop::collection::vec((0..vars, -1i64..=3, -1i64..=3), 0..=4),
            -1i64..=4
        )
            .prop_map(|(tasks, capacity)| Constraint::Cumulative(tasks, capacity)),
    ]
}

/// The model of the domains and constraints. With `shared`, every variable
/// is declared over the same range (the palette's) and narrowed by a table
/// of one column: with the narrow palette, the all-different constraints
/// then see one-word domains with a common offset, their fast path.
pub(crate) fn model(
    shared: bool,
    domains: &[Vec<i64>],
    constraints: &[Constraint],
) -> (Model, Vec<Var>) {
    model_with_intervals_above(csp::MAX_DOMAIN, shared, domains, constraints)
}

/// [`model`], every variable spanning more than `values` values an
/// interval.
pub(crate) fn model_with_intervals_above(
    values: usize,
    shared: bool,
    domains: &[Vec<i64>],
    constraints: &[Constraint],
) -> (Model, Vec<Var>) {
    let mut m = Model::new();
    m.intervals_above(values);
    let all = domains.iter().flatten().copied();
    let (lo, hi) = (all.clone().min().unwrap_or(0), all.max().unwrap_or(0));
    let (lo, hi) = (lo.min(-3), hi.max(3));
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| {
            if shared {
                let v = m.var(lo..=hi).unwrap();
                m.table(&[v], d.iter().map(|&x| [x])).unwrap();
                v
            } else {
                m.var_in(d.iter().copied()).unwrap()
            }
        })
        .collect();
    for c in constraints {
        c.post(&mut m, &vars);
    }
    (m, vars)
}

/// Every assignment from the domains, in lexicographic order, that satisfies
/// every constraint.
pub(crate) fn generate_and_test(domains: &[Vec<i64>], constraints: &[Constraint]) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    let mut a = Vec::new();
    fn go(d: &[Vec<i64>], cs: &[Constraint], a: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        if a.len() == d.len() {
            if cs.iter().all(|c| c.holds(a)) {
                out.push(a.clone());
            }
            return;
        }
        for &v in &d[a.len()] {
            a.push(v);
            go(d, cs, a, out);
            a.pop();
        }
    }
    go(domains, constraints, &mut a, &mut out);
    out
}
