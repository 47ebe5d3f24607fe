//! The search that learns, against enumeration on random small models:
//! the same verdict (a solution or none), the same optimum, and every
//! clause it learns true in every solution.

use backtrack::Limits;

use super::cons::Con;
use super::rng::Rng;
use crate::branch::{LearnSearch, ValueOrder, VarOrder};
use crate::learn::{Clause, Lit};
use crate::model::Model;
use crate::var::{Rel, Var};

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

/// The random model of `seed`; with `channels`, one in three has an
/// inverse, one in three a table of three variables, a count, an element
/// over variables, a regular, a circuit, a global cardinality.
fn case(seed: u64, channels: bool) -> Case {
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
    // With the channels, fewer others: most models keep a solution.
    let others = if channels {
        1 + rng.below(2)
    } else {
        3 + rng.below(4)
    };
    for _ in 0..others {
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
    if channels {
        cons.extend(super::cons::channels(seed, &mut doms));
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
    let n = case.doms.len();
    let mut at: Vec<Vec<&Con>> = vec![Vec::new(); n];
    for (c, _) in case.cons.iter().zip(posted).filter(|(_, p)| **p) {
        let last = c.vars().into_iter().max().unwrap_or(0);
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

/// What the models of a run of [`agree`] counted.
#[derive(Default)]
struct Tally {
    learned: usize,
    optima: usize,
    empty: usize,
    every: usize,
}

/// Runs the models of `seeds`: the search that learns against
/// enumeration, and every clause learned against every solution.
fn agree(seeds: std::ops::Range<u64>, channels: bool) -> Tally {
    let mut tally = Tally::default();
    for seed in seeds {
        let case = case(seed, channels);
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
        tally.empty += usize::from(solutions.is_empty());
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
                    tally.optima += 1;
                }
            }
            (found, _) => panic!("{}: found {found:?}, {} solutions", what(), solutions.len()),
        }
        tally.learned += clauses.len();
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
            tally.every += every_solution(&network, &solutions, &offsets, &what);
        }
    }
    tally
}

#[test]
fn learning_agrees_with_enumeration_and_learns_only_what_every_solution_keeps() {
    // LEARN_SEED and LEARN_CASES run other models (CI runs the first 4,000).
    let from = std::env::var("LEARN_SEED").map_or(0, |s| s.parse().unwrap());
    let cases: u64 = std::env::var("LEARN_CASES").map_or(4000, |s| s.parse().unwrap());
    let Tally {
        learned,
        optima,
        empty,
        every,
    } = agree(from..from + cases, false);
    assert!(every > 200, "{every} models' every solution compared");
    let by = [
        ("all-different", &crate::learn::BY_DISTINCT),
        ("all-different's Hall sets", &crate::learn::BY_HALL),
        ("min/max", &crate::learn::BY_EXTREME),
        ("times", &crate::learn::BY_TIMES),
        ("abs", &crate::learn::BY_ABS),
        ("==", &crate::learn::BY_LINEAR),
        ("element", &crate::learn::BY_ELEMENT),
        ("disjunctive", &crate::learn::BY_DISJUNCTIVE),
        ("cumulative's demand", &crate::learn::BY_DEMAND),
        ("cumulative's points", &crate::learn::BY_POINT),
        ("cumulative's first jumps", &crate::learn::BY_JUMP),
        ("table", &crate::learn::BY_SUPPORT),
    ]
    .map(|(name, count)| (name, count.with(|n| n.get())));
    eprintln!("learned {learned} optima {optima} empty {empty} every {every} by {by:?}");
    for (name, count) in by {
        assert!(count > 50, "{count} explained by {name}'s own");
    }
    assert!(learned > 500, "the models make it learn: {learned} clauses");
    assert!(optima > 500, "{optima} optima compared");
}

/// The same on models where inverses, tables of three variables, counts,
/// elements over variables, regulars, circuits and global cardinalities are
/// many: their explanations are counted, and
/// their clauses checked.
#[test]
fn learning_through_channels_tables_and_counts_agrees_with_enumeration() {
    let tally = agree(0..4000, true);
    let by = [
        ("inverse", &crate::learn::BY_INVERSE),
        ("table", &crate::learn::BY_SUPPORT),
        ("among", &crate::learn::BY_COUNT),
        ("global cardinality", &crate::learn::BY_CARDINALITY),
        ("element over variables", &crate::learn::BY_ELEMENT_VAR),
        ("regular", &crate::learn::BY_REGULAR),
        ("circuit", &crate::learn::BY_CIRCUIT),
    ]
    .map(|(name, count)| (name, count.with(|n| n.get())));
    eprintln!("learned {} empty {} by {by:?}", tally.learned, tally.empty);
    for (name, count) in by {
        assert!(count > 50, "{count} explained by {name}'s own");
    }
    assert!(tally.learned > 100, "{} clauses", tally.learned);
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
