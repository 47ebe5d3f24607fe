//! The search that learns, against enumeration on random small models:
//! the same verdict (a solution or none), the same optimum, and every
//! clause it learns true in every solution.

use backtrack::Limits;

use super::rng::Rng;
use crate::branch::{LearnSearch, ValueOrder, VarOrder};
use crate::learn::{Clause, Lit};
use crate::model::Model;
use crate::var::{Rel, Var};

/// A constraint of a random model, as the model states it and as the test
/// judges an assignment, apart from the propagators.
#[derive(Clone, Debug)]
enum Con {
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
}

impl Con {
    fn holds(&self, x: &[i64]) -> bool {
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
        }
    }

    fn post(&self, m: &mut Model, v: &[Var]) -> bool {
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
        }
        .is_ok()
    }
}

#[derive(Clone, Debug)]
struct Case {
    doms: Vec<(i64, i64)>,
    cons: Vec<Con>,
    objective: Option<(usize, bool)>,
    intervals: bool,
    /// Groups of decision variables, and what the search that learns
    /// decides on.
    groups: Vec<(Vec<usize>, VarOrder, ValueOrder)>,
    search: LearnSearch,
}

fn case(seed: u64) -> Case {
    let mut rng = Rng(seed);
    let n = 6 + rng.below(5);
    let mut doms: Vec<(i64, i64)> = (0..n)
        .map(|_| {
            let lo = rng.range(-2, 2);
            (lo, lo + rng.range(2, 5))
        })
        .collect();
    // The last variable a boolean, for the reified constraints.
    doms[n - 1] = (0, 1);
    let mut cons = Vec::new();
    for _ in 0..3 + rng.below(4) {
        let terms = |rng: &mut Rng, k: usize| -> Vec<(i64, usize)> {
            rng.distinct(n - 1, k)
                .into_iter()
                .map(|v| {
                    let c = rng.range(1, 3);
                    (if rng.below(2) == 0 { c } else { -c }, v)
                })
                .collect()
        };
        let con = match rng.below(10) {
            0 => {
                let k = 2 + rng.below(3);
                let rel = [Rel::Le, Rel::Eq, Rel::Ne, Rel::Ge, Rel::Le][rng.below(5)];
                Con::Linear(terms(&mut rng, k), rel, rng.range(-4, 6))
            }
            1 => {
                let p = rng.distinct(n, 2);
                Con::NotEqual(p[0], p[1], rng.range(-1, 1))
            }
            2 => {
                let k = 3 + rng.below(3);
                Con::AllDifferent(rng.distinct(n, k))
            }
            3 if n >= 3 => {
                let p = rng.distinct(n, 3);
                Con::Times(p[0], p[1], p[2])
            }
            4 => {
                let p = rng.distinct(n, 2);
                Con::Abs(p[0], p[1])
            }
            5 if n >= 3 => {
                let k = 2 + rng.below(2.min(n - 3));
                let p = rng.distinct(n - 1, k + 1);
                Con::Max(p[..k].to_vec(), p[k], rng.below(2) == 0)
            }
            6 => {
                let k = 1 + rng.below(2.min(n - 1));
                Con::ReifyLe(n - 1, terms(&mut rng, k), rng.range(-2, 4))
            }
            7 => {
                let p = rng.distinct(n, 2);
                let array = (0..3).map(|_| rng.range(-2, 4)).collect();
                Con::Element(p[0], array, p[1])
            }
            8 => {
                let k = 2 + rng.below(3);
                let vs = rng.distinct(n - 1, k);
                let d = (0..k).map(|_| rng.range(1, 3)).collect();
                let r = (0..k).map(|_| rng.range(1, 3)).collect();
                if rng.below(2) == 0 || n < 8 {
                    Con::Cumulative(vs, d, r, rng.range(2, 4))
                } else {
                    // Two tasks, each amount another variable.
                    let p = rng.distinct(n - 1, 7);
                    Con::CumulativeVar(p[..2].to_vec(), p[2..4].to_vec(), p[4..6].to_vec(), p[6])
                }
            }
            _ => {
                let vs = rng.distinct(n, 2);
                let rows = (0..1 + rng.below(6))
                    .map(|_| {
                        vs.iter()
                            .map(|&v| rng.range(doms[v].0, doms[v].1))
                            .collect()
                    })
                    .collect();
                Con::Table(vs, rows)
            }
        };
        cons.push(con);
    }
    // A disjunctive in one model of three, drawn apart from the rest.
    let mut own = Rng(!seed);
    if own.below(3) == 0 {
        let k = 2 + own.below(2).min((n - 1) / 2 - 2);
        let p = own.distinct(n - 1, 2 * k);
        cons.push(Con::Disjunctive(
            p[..k].to_vec(),
            p[k..].to_vec(),
            own.below(2) == 0,
        ));
    }
    let objective = (rng.below(3) > 0).then(|| (rng.below(n), rng.below(2) == 0));
    let intervals = rng.below(3) == 0;
    let groups = (0..rng.below(3))
        .map(|_| {
            let k = 1 + rng.below(n - 1);
            let var_order = [
                VarOrder::Input,
                VarOrder::SmallestDomain,
                VarOrder::SmallestValue,
                VarOrder::LargestValue,
                VarOrder::DomWdeg,
                VarOrder::LargestDomain,
                VarOrder::MostConstrained,
                VarOrder::Occurrence,
                VarOrder::MaxRegret,
            ][rng.below(9)];
            let value_order = [
                ValueOrder::Min,
                ValueOrder::Max,
                ValueOrder::Median,
                ValueOrder::Split,
                ValueOrder::SplitUpper,
                ValueOrder::Random(seed),
            ][rng.below(6)];
            (rng.distinct(n, k), var_order, value_order)
        })
        .collect();
    let search = [
        LearnSearch::Groups,
        LearnSearch::Alternate,
        LearnSearch::Activity,
    ][rng.below(3)];
    Case {
        doms,
        cons,
        objective,
        intervals,
        groups,
        search,
    }
}

/// Every assignment of the domains that every constraint holds: the
/// variables in order, each constraint judged once its last variable has a
/// value.
fn enumerate(case: &Case, posted: &[bool]) -> Vec<Vec<i64>> {
    fn vars(c: &Con) -> Vec<usize> {
        match c {
            Con::Linear(t, ..) => t.iter().map(|t| t.1).collect(),
            Con::NotEqual(a, b, _) | Con::Abs(a, b) => vec![*a, *b],
            Con::AllDifferent(vs) | Con::Table(vs, _) | Con::Cumulative(vs, ..) => vs.clone(),
            Con::CumulativeVar(vs, d, r, cap) => [&vs[..], d, r, &[*cap]].concat(),
            Con::Disjunctive(vs, d, _) => [&vs[..], d].concat(),
            Con::Times(a, b, c) => vec![*a, *b, *c],
            Con::Max(vs, z, _) => [&vs[..], &[*z]].concat(),
            Con::ReifyLe(b, t, _) => [vec![*b], t.iter().map(|t| t.1).collect()].concat(),
            Con::Element(i, _, z) => vec![*i, *z],
        }
    }
    let n = case.doms.len();
    let mut at: Vec<Vec<&Con>> = vec![Vec::new(); n];
    for (c, _) in case.cons.iter().zip(posted).filter(|(_, p)| **p) {
        let last = vars(c).into_iter().max().unwrap_or(0);
        at[last].push(c);
    }
    fn go(i: usize, x: &mut Vec<i64>, case: &Case, at: &[Vec<&Con>], out: &mut Vec<Vec<i64>>) {
        if out.len() > 100_000 {
            return;
        }
        if i == x.len() {
            out.push(x.clone());
            return;
        }
        for value in case.doms[i].0..=case.doms[i].1 {
            x[i] = value;
            if at[i].iter().all(|c| c.holds(x)) {
                go(i + 1, x, case, at, out);
            }
        }
    }
    let mut out = Vec::new();
    let mut x = vec![0; n];
    go(0, &mut x, case, &at, &mut out);
    out
}

/// Whether `clause` holds for the values `x`, the variables' offsets
/// `offsets` (a bitset literal's bit `i` is the value `offset + i`).
pub(super) fn satisfies(clause: &Clause, x: &[i64], offsets: &[i64]) -> bool {
    clause.lits.iter().any(|lit| match lit {
        Lit::In { var, mask } => {
            let bit = x[*var as usize] - offsets[*var as usize];
            bit >= 0
                && (bit as usize) < mask.len() * 64
                && mask[bit as usize / 64] >> (bit % 64) & 1 == 1
        }
        Lit::Le { var, v } => x[*var as usize] <= *v,
        Lit::Ge { var, v } => x[*var as usize] >= *v,
    })
}

#[test]
fn learning_agrees_with_enumeration_and_learns_only_what_every_solution_keeps() {
    let mut learned = 0;
    let mut optima = 0;
    let mut empty = 0;
    let mut every = 0;
    // LEARN_SEED and LEARN_CASES run other models (CI runs the first 4,000).
    let from = std::env::var("LEARN_SEED").map_or(0, |s| s.parse().unwrap());
    let cases: u64 = std::env::var("LEARN_CASES").map_or(4000, |s| s.parse().unwrap());
    for seed in from..from + cases {
        let case = case(seed);
        let mut m = Model::new();
        if case.intervals {
            m.intervals_above(2);
        }
        let vars: Vec<Var> = case
            .doms
            .iter()
            .map(|&(lo, hi)| m.var(lo..=hi).unwrap())
            .collect();
        let posted: Vec<bool> = case.cons.iter().map(|c| c.post(&mut m, &vars)).collect();
        for (group, var_order, value_order) in &case.groups {
            let group: Vec<Var> = group.iter().map(|&v| vars[v]).collect();
            m.branch(&group, *var_order, *value_order).unwrap();
        }
        if let Some((v, max)) = case.objective {
            if max {
                m.maximize(vars[v]).unwrap();
            } else {
                m.minimize(vars[v]).unwrap();
            }
        }
        let solutions = enumerate(&case, &posted);
        if solutions.len() > 100_000 {
            // Too many to keep: another case.
            continue;
        }
        empty += usize::from(solutions.is_empty());
        let network = m.compile().learn_search(case.search);
        let (best, outcome, clauses, offsets) = network.learned_clauses(&Limits::default());
        assert!(outcome.is_complete(), "seed {seed}: {outcome:?}");
        let what = || format!("seed {seed}: {:?} {:?}", case.doms, case.cons);
        // The clauses first: a wrong one is what a wrong verdict comes from.
        for (clause, incumbent) in &clauses {
            // Learned under a bound: true in every solution that beats it.
            let beats = |s: &Vec<i64>| match (case.objective, incumbent) {
                (Some((v, true)), Some(b)) => s[v] > *b,
                (Some((v, false)), Some(b)) => s[v] < *b,
                _ => true,
            };
            for s in solutions.iter().filter(|s| beats(s)) {
                assert!(
                    satisfies(clause, s, &offsets),
                    "{}: learned {clause:?}, violated by the solution {s:?}",
                    what()
                );
            }
        }
        match (&best, solutions.is_empty()) {
            (None, true) => {}
            (Some(x), false) => {
                assert!(solutions.contains(x), "{}: not a solution {x:?}", what());
                if let Some((v, max)) = case.objective {
                    let values = solutions.iter().map(|s| s[v]);
                    let optimum = if max { values.max() } else { values.min() };
                    assert_eq!(Some(x[v]), optimum, "{}", what());
                    optima += 1;
                }
            }
            (found, _) => panic!("{}: found {found:?}, {} solutions", what(), solutions.len()),
        }
        learned += clauses.len();
        // The switch on a network gives the same optimum.
        let report = network
            .clone()
            .learning(true)
            .optimize(&Limits::default(), |_| {});
        assert_eq!(
            report.value.best.map(|b| b.values().to_vec()),
            best,
            "{}",
            what()
        );
        if case.objective.is_none() && solutions.len() <= 300 {
            every += every_solution(&network, &solutions, &offsets, &what);
        }
    }
    assert!(every > 200, "{every} models' every solution compared");
    let by = [
        ("all-different", &crate::learn::BY_DISTINCT),
        ("all-different's Hall sets", &crate::learn::BY_HALL),
        ("min/max", &crate::learn::BY_EXTREME),
        ("times", &crate::learn::BY_TIMES),
        ("==", &crate::learn::BY_LINEAR),
        ("element", &crate::learn::BY_ELEMENT),
        ("disjunctive", &crate::learn::BY_DISJUNCTIVE),
        ("cumulative's demand", &crate::learn::BY_DEMAND),
    ]
    .map(|(name, count)| (name, count.with(|n| n.get())));
    eprintln!("learned {learned} optima {optima} empty {empty} every {every} by {by:?}");
    for (name, count) in by {
        assert!(count > 50, "{count} explained by {name}'s own");
    }
    assert!(learned > 500, "the models make it learn: {learned} clauses");
    assert!(optima > 500, "{optima} optima compared");
}

/// Every solution by the search that learns: each once, the same set as
/// enumeration's, and each clause learned true in every solution not found
/// before it (the clauses that exclude found solutions are learned too).
/// Returns 1, the model counted.
fn every_solution(
    network: &crate::Network,
    solutions: &[Vec<i64>],
    offsets: &[i64],
    what: &impl Fn() -> String,
) -> usize {
    let (found, outcome, clauses) = network.every_solution_learned(&Limits::default());
    assert!(outcome.is_complete(), "{}: {outcome:?}", what());
    let order: std::collections::HashMap<&Vec<i64>, usize> =
        found.iter().enumerate().map(|(i, s)| (s, i)).collect();
    assert_eq!(
        order.len(),
        found.len(),
        "{}: a solution found twice",
        what()
    );
    let mut sorted = found.clone();
    sorted.sort();
    let mut all = solutions.to_vec();
    all.sort();
    assert_eq!(sorted, all, "{}: every solution", what());
    for (clause, before) in &clauses {
        let before = before.unwrap_or(0) as usize;
        for s in solutions.iter().filter(|s| order[s] >= before) {
            assert!(
                satisfies(clause, s, offsets),
                "{}: learned {clause:?} after {before} solutions, violated by {s:?}",
                what()
            );
        }
    }
    1
}
