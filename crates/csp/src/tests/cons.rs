//! The constraints of the random models the search that learns is tested
//! on: as a model states each, and as the test judges an assignment.

use super::rng::Rng;
use crate::model::Model;
use crate::var::{Rel, Var};

/// A constraint of a random model, as the model states it and as the test
/// judges an assignment, apart from the propagators.
#[derive(Clone, Debug)]
pub(super) enum Con {
    Linear(Vec<(i64, usize)>, Rel, i64),
    NotEqual(usize, usize, i64),
    AllDifferent(Vec<usize>),
    Times(usize, usize, usize),
    Abs(usize, usize),
    /// The largest (`true`) or smallest of the variables.
    Max(Vec<usize>, usize, bool),
    ReifyLe(usize, Vec<(i64, usize)>, i64),
    Element(usize, Vec<i64>, usize),
    Table(Vec<usize>, Vec<Vec<i64>>),
    /// Starts, durations, demands and the capacity.
    Cumulative(Vec<usize>, Vec<i64>, Vec<i64>, i64),
    /// Starts, durations and demands, then the capacity, all variables.
    CumulativeVar(Vec<usize>, Vec<usize>, Vec<usize>, usize),
    /// Starts and durations, variables; strict or not.
    Disjunctive(Vec<usize>, Vec<usize>, bool),
    /// `f`, its first position, `g`, its first position: `f[i]` is `j`
    /// (positions) exactly when `g[j]` is `i`.
    Inverse(Vec<usize>, i64, Vec<usize>, i64),
    /// The variables spell a word of the automaton: its states, accepting
    /// states and transitions, from state 0.
    Regular(Vec<usize>, usize, Vec<usize>, Vec<(usize, i64, usize)>),
    /// How many of the variables take each value: each count a variable.
    Cardinality(Vec<usize>, Vec<i64>, Vec<usize>),
    /// Successors, nodes numbered from the first: one cycle through all.
    Circuit(Vec<usize>, i64),
    /// The index (from 0), the array's variables, the value.
    ElementVar(usize, Vec<usize>, usize),
    /// How many of the variables take one of the values: the last one.
    Among(Vec<usize>, Vec<i64>, usize),
}

impl Con {
    pub(super) fn holds(&self, x: &[i64]) -> bool {
        let sum = |terms: &[(i64, usize)]| terms.iter().map(|&(c, v)| c * x[v]).sum::<i64>();
        match self {
            Con::Linear(terms, rel, rhs) => {
                let s = sum(terms);
                match rel {
                    Rel::Le => s <= *rhs,
                    Rel::Ge => s >= *rhs,
                    Rel::Eq => s == *rhs,
                    Rel::Ne => s != *rhs,
                    Rel::Lt => s < *rhs,
                    Rel::Gt => s > *rhs,
                }
            }
            Con::NotEqual(a, b, c) => x[*a] != x[*b] + c,
            Con::AllDifferent(vs) => vs
                .iter()
                .enumerate()
                .all(|(i, &a)| vs[i + 1..].iter().all(|&b| x[a] != x[b])),
            Con::Times(a, b, c) => x[*a] * x[*b] == x[*c],
            Con::Abs(a, b) => x[*a].abs() == x[*b],
            Con::Max(vs, z, true) => vs.iter().map(|&v| x[v]).max() == Some(x[*z]),
            Con::Max(vs, z, false) => vs.iter().map(|&v| x[v]).min() == Some(x[*z]),
            Con::ReifyLe(b, terms, rhs) => (x[*b] == 1) == (sum(terms) <= *rhs),
            Con::Element(i, array, z) => {
                usize::try_from(x[*i]).ok().and_then(|i| array.get(i)) == Some(&x[*z])
            }
            Con::Table(vs, rows) => rows
                .iter()
                .any(|r| vs.iter().zip(r).all(|(&v, &t)| x[v] == t)),
            Con::Cumulative(vs, d, r, cap) => vs.iter().all(|&at| {
                // The load when a task starts: the largest there is.
                let load: i64 = (0..vs.len())
                    .filter(|&k| x[vs[k]] <= x[at] && x[at] < x[vs[k]] + d[k])
                    .map(|k| r[k])
                    .sum();
                load <= *cap
            }),
            Con::CumulativeVar(vs, d, r, cap) => {
                // A task of a duration or demand of 0 or less takes nothing.
                let runs = |k: usize| x[d[k]] > 0 && x[r[k]] > 0;
                x[*cap] >= 0
                    && (0..vs.len()).filter(|&k| runs(k)).all(|k| {
                        let at = x[vs[k]];
                        let load: i64 = (0..vs.len())
                            .filter(|&j| runs(j) && x[vs[j]] <= at && at < x[vs[j]] + x[d[j]])
                            .map(|j| x[r[j]])
                            .sum();
                        load <= x[*cap]
                    })
            }
            Con::Disjunctive(vs, d, strict) => (0..vs.len()).all(|i| {
                // Not strict, a task of duration 0 or less takes no time.
                let runs = |k: usize| *strict || x[d[k]] > 0;
                let apart =
                    |j: usize| x[vs[i]] + x[d[i]] <= x[vs[j]] || x[vs[j]] + x[d[j]] <= x[vs[i]];
                (!*strict || x[d[i]] >= 0) && (0..i).all(|j| !(runs(i) && runs(j)) || apart(j))
            }),
            Con::Regular(vs, states, accepting, arcs) => {
                crate::Automaton::new(*states, 0, accepting, arcs)
                    .is_ok_and(|a| a.accepts(&vs.iter().map(|&v| x[v]).collect::<Vec<_>>()))
            }
            Con::Cardinality(vs, values, counts) => values
                .iter()
                .zip(counts)
                .all(|(&value, &c)| vs.iter().filter(|&&v| x[v] == value).count() as i64 == x[c]),
            Con::Circuit(succ, first) => {
                let n = succ.len();
                let next = |i: usize| usize::try_from(x[succ[i]] - first).ok().filter(|&j| j < n);
                let (mut at, mut seen) = (0, vec![false; n]);
                (0..n).all(|_| match next(at) {
                    Some(j) if !seen[j] => {
                        seen[j] = true;
                        at = j;
                        true
                    }
                    _ => false,
                }) && seen.iter().all(|&s| s)
            }
            Con::ElementVar(i, array, z) => usize::try_from(x[*i])
                .ok()
                .and_then(|i| array.get(i))
                .is_some_and(|&a| x[a] == x[*z]),
            Con::Among(vs, values, count) => {
                vs.iter().filter(|&&v| values.contains(&x[v])).count() as i64 == x[*count]
            }
            Con::Inverse(f, f_first, g, g_first) => {
                let n = f.len() as i64;
                let at = |v: usize, first: i64| (0..n).contains(&(x[v] - first));
                f.iter().all(|&v| at(v, *g_first))
                    && g.iter().all(|&v| at(v, *f_first))
                    && (0..f.len())
                        .all(|i| x[g[(x[f[i]] - g_first) as usize]] == f_first + i as i64)
            }
        }
    }

    pub(super) fn post(&self, m: &mut Model, v: &[Var]) -> bool {
        let terms = |t: &[(i64, usize)]| t.iter().map(|&(c, i)| (c, v[i])).collect::<Vec<_>>();
        let vars = |is: &[usize]| is.iter().map(|&i| v[i]).collect::<Vec<_>>();
        match self {
            Con::Linear(t, rel, rhs) => m.linear(&terms(t), *rel, *rhs),
            Con::NotEqual(a, b, c) => m.not_equal(v[*a], v[*b], *c),
            Con::AllDifferent(vs) => m.all_different(&vars(vs)),
            Con::Times(a, b, c) => m.times(v[*a], v[*b], v[*c]),
            Con::Abs(a, b) => m.abs(v[*a], v[*b]),
            Con::Max(vs, z, true) => m.max(&vars(vs), v[*z]),
            Con::Max(vs, z, false) => m.min(&vars(vs), v[*z]),
            Con::ReifyLe(b, t, rhs) => m.reify_linear(v[*b], &terms(t), Rel::Le, *rhs),
            Con::Element(i, array, z) => m.element(v[*i], array, v[*z]),
            Con::Table(vs, rows) => m.table(&vars(vs), rows),
            Con::Cumulative(vs, d, r, cap) => m.cumulative(&vars(vs), d, r, *cap),
            Con::CumulativeVar(vs, d, r, cap) => {
                m.cumulative_var(&vars(vs), &vars(d), &vars(r), v[*cap])
            }
            Con::Disjunctive(vs, d, true) => m.disjunctive_strict(&vars(vs), &vars(d)),
            Con::Disjunctive(vs, d, false) => m.disjunctive_var(&vars(vs), &vars(d)),
            Con::Regular(vs, states, accepting, arcs) => {
                crate::Automaton::new(*states, 0, accepting, arcs)
                    .and_then(|a| m.regular(&vars(vs), &a))
            }
            Con::Cardinality(vs, values, counts) => {
                m.global_cardinality(&vars(vs), values, &vars(counts))
            }
            Con::Circuit(succ, first) => m.circuit_from(*first, &vars(succ)),
            Con::ElementVar(i, array, z) => m.element_var(v[*i], &vars(array), v[*z]),
            Con::Among(vs, values, count) => m.among(&vars(vs), values.clone(), v[*count]),
            Con::Inverse(f, f_first, g, g_first) => {
                m.inverse_from(&vars(f), *f_first, &vars(g), *g_first)
            }
        }
        .is_ok()
    }

    /// The variables it is on.
    pub(super) fn vars(&self) -> Vec<usize> {
        match self {
            Con::Linear(t, ..) => t.iter().map(|t| t.1).collect(),
            Con::NotEqual(a, b, _) | Con::Abs(a, b) => vec![*a, *b],
            Con::AllDifferent(vs) | Con::Table(vs, _) | Con::Cumulative(vs, ..) => vs.clone(),
            Con::CumulativeVar(vs, d, r, cap) => [&vs[..], d, r, &[*cap]].concat(),
            Con::Disjunctive(vs, d, _) | Con::Inverse(vs, _, d, _) => [&vs[..], d].concat(),
            Con::Times(a, b, c) => vec![*a, *b, *c],
            Con::Max(vs, z, _) => [&vs[..], &[*z]].concat(),
            Con::ReifyLe(b, t, _) => [vec![*b], t.iter().map(|t| t.1).collect()].concat(),
            Con::Element(i, _, z) => vec![*i, *z],
            Con::Among(vs, _, count) => [&vs[..], &[*count]].concat(),
            Con::ElementVar(i, array, z) => [&[*i, *z][..], array].concat(),
            Con::Regular(vs, ..) | Con::Circuit(vs, _) => vs.clone(),
            Con::Cardinality(vs, _, counts) => [&vs[..], counts].concat(),
        }
    }
}

/// The channels and tables of the random model of `seed` over the
/// domains `doms` (the last variable the reified constraints' boolean,
/// left out), drawn apart from the rest: one in three has an inverse (its
/// variables' domains set about the positions), one in three a table of
/// three variables, a count, an element over variables, a regular, a
/// circuit (domains about its nodes), a global cardinality.
pub(super) fn channels(seed: u64, doms: &mut [(i64, i64)]) -> Vec<Con> {
    let n = doms.len();
    let mut own = Rng(seed.rotate_left(23) ^ 0x5eed);
    let mut cons = Vec::new();
    if own.below(3) == 0 {
        // Not the last variable, the reified constraints' boolean.
        let k = 2 + own.below(2).min((n - 1) / 2 - 2);
        let p = own.distinct(n - 1, 2 * k);
        let (f_first, g_first) = (own.range(-1, 1), own.range(-1, 1));
        // Domains about the positions, a value past them at times.
        for (i, &v) in p.iter().enumerate() {
            let first = if i < k { g_first } else { f_first };
            doms[v] = (first - own.range(0, 1), first + k as i64 - own.range(0, 1));
        }
        cons.push(Con::Inverse(
            p[..k].to_vec(),
            f_first,
            p[k..].to_vec(),
            g_first,
        ));
    }
    if own.below(3) == 0 {
        let vs = own.distinct(n, 3);
        let rows = (0..4 + own.below(12))
            .map(|_| {
                vs.iter()
                    .map(|&v| own.range(doms[v].0, doms[v].1))
                    .collect()
            })
            .collect();
        cons.push(Con::Table(vs, rows));
    }
    if own.below(3) == 0 {
        // A count of one value, or among two, the count apart.
        let k = 3 + own.below(3);
        let p = own.distinct(n - 1, k);
        let (count, vs) = p.split_last().unwrap();
        let values = (0..1 + own.below(2)).map(|_| own.range(-1, 3)).collect();
        cons.push(Con::Among(vs.to_vec(), values, *count));
    }
    if own.below(3) == 0 {
        // An element over two to four variables.
        let k = 2 + own.below((n - 4).min(3));
        let p = own.distinct(n - 1, k + 2);
        cons.push(Con::ElementVar(p[0], p[2..].to_vec(), p[1]));
    }
    if own.below(3) == 0 {
        // A regular over three to five variables, of two to four states.
        let k = 3 + own.below((n - 3).min(3));
        let vs = own.distinct(n, k);
        let states = 2 + own.below(3);
        let arcs = (0..8 + own.below(12))
            .map(|_| (own.below(states), own.range(-1, 3), own.below(states)))
            .collect();
        let accepting = 1 + own.below(states);
        let accepting = own.distinct(states, accepting);
        cons.push(Con::Regular(vs, states, accepting, arcs));
    }
    if own.below(3) == 0 {
        // A circuit of three to five nodes (not the reified constraints'
        // boolean).
        let k = 3 + own.below((n - 3).min(3));
        let succ = own.distinct(n - 1, k);
        let first = own.range(-1, 1);
        for &v in &succ {
            doms[v] = (first - own.range(0, 1), first + k as i64 - own.range(0, 1));
        }
        cons.push(Con::Circuit(succ, first));
    }
    if own.below(3) == 0 {
        // A global cardinality of two values over three or four variables.
        let k = 3 + own.below((n - 5).min(2));
        let p = own.distinct(n - 1, k + 2);
        let values = vec![own.range(-1, 1), own.range(2, 3)];
        cons.push(Con::Cardinality(p[..k].to_vec(), values, p[k..].to_vec()));
    }
    cons
}
