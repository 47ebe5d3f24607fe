//! Every global against brute-force enumeration on random small models
//! that repeat values (in covers, tables, arrays of constants) and
//! variables (twice in one list, or both in a list and as its count, index
//! or result). Each case compares three answers with the enumeration: the
//! whole set of solutions, the optimum of a random linear objective (a
//! proof of optimality), and whether there is a solution at all (a proof
//! of unsatisfiability). Checking each solution found could catch neither a
//! missing solution nor a false proof; only the enumeration can.
//!
//! The enumeration and every statement of what a constraint means here are
//! written from the constraints' definitions, sharing nothing with the
//! propagators.

mod arrays;
mod counting;
mod cumulative;
mod element;
mod matching;
mod nvalue;
mod order;
mod packing;
mod reified;
mod sequences;
mod tasks;
mod wide;

use backtrack::Limits;
use csp::{Error, Model, Var};
use proptest::prelude::*;

/// Posts the constraint under test on the model's variables.
pub(crate) type Post<'a> = dyn Fn(&mut Model, &[Var]) -> Result<(), Error> + 'a;

/// A random case's domains, each non-empty, over a few values around 0.
pub(crate) fn domains(vars: usize) -> impl Strategy<Value = Vec<Vec<i64>>> {
    prop::collection::vec(
        prop::sample::subsequence((-1..=3).collect::<Vec<i64>>(), 1..=5),
        vars,
    )
}

/// Positions of variables, repeats likely: a list of `0..=max` of them.
pub(crate) fn positions(vars: usize, max: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..vars, 0..=max)
}

/// A linear objective over the variables and whether to maximise it.
pub(crate) fn objective(vars: usize) -> impl Strategy<Value = (Vec<(i64, usize)>, bool)> {
    (
        prop::collection::vec((-3i64..=3, 0..vars), 1..=3),
        any::<bool>(),
    )
}

/// Every assignment of the domains that `holds` accepts, in lexicographic
/// order.
pub(crate) fn enumerate(domains: &[Vec<i64>], holds: &dyn Fn(&[i64]) -> bool) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    let mut a = vec![0; domains.len()];
    fn go(
        d: &[Vec<i64>],
        k: usize,
        a: &mut [i64],
        holds: &dyn Fn(&[i64]) -> bool,
        out: &mut Vec<Vec<i64>>,
    ) {
        if k == d.len() {
            if holds(a) {
                out.push(a.to_vec());
            }
            return;
        }
        for &v in &d[k] {
            a[k] = v;
            go(d, k + 1, a, holds, out);
        }
    }
    go(domains, 0, &mut a, holds, &mut out);
    out
}

/// A model of the domains with the constraint posted, or the error it was
/// refused with.
fn model(
    domains: &[Vec<i64>],
    post: &Post<'_>,
    intervals_above: usize,
) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    m.intervals_above(intervals_above);
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()))
        .collect::<Result<_, _>>()?;
    post(&mut m, &vars)?;
    Ok((m, vars))
}

/// The three answers of the model against the enumeration's: every
/// solution, the first one's existence, and the optimum of `objective`;
/// with the domains as bitsets, then as intervals wherever they span more
/// than two values (their holes kept at the bounds only).
pub(crate) fn agree(
    domains: &[Vec<i64>],
    post: &Post<'_>,
    holds: &dyn Fn(&[i64]) -> bool,
    goal: &(Vec<(i64, usize)>, bool),
) -> Result<(), TestCaseError> {
    agree_on(domains, post, holds, goal, csp::MAX_DOMAIN)?;
    agree_on(domains, post, holds, goal, 2)
}

fn agree_on(
    domains: &[Vec<i64>],
    post: &Post<'_>,
    holds: &dyn Fn(&[i64]) -> bool,
    (terms, maximize): &(Vec<(i64, usize)>, bool),
    intervals_above: usize,
) -> Result<(), TestCaseError> {
    let expected = enumerate(domains, holds);
    let (m, vars) =
        model(domains, post, intervals_above).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let network = m.compile();
    let mut got: Vec<Vec<i64>> = network
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect();
    got.sort();
    prop_assert_eq!(&got, &expected, "all solutions");
    prop_assert_eq!(
        !network.solutions(1).is_empty(),
        !expected.is_empty(),
        "satisfiable"
    );

    let value = |a: &[i64]| terms.iter().map(|&(c, i)| c * a[i]).sum::<i64>();
    let best = if *maximize {
        expected.iter().map(|a| value(a)).max()
    } else {
        expected.iter().map(|a| value(a)).min()
    };
    let (mut m, vars) =
        model(domains, post, intervals_above).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let terms: Vec<(i64, Var)> = terms.iter().map(|&(c, i)| (c, vars[i])).collect();
    let goal = if *maximize {
        m.maximize_linear(&terms)
    } else {
        m.minimize_linear(&terms)
    }
    .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let report = m.compile().optimize(&Limits::default(), |_| {});
    prop_assert!(report.outcome.is_complete());
    prop_assert_eq!(report.value.objective, best, "optimum");
    if let Some(s) = &report.value.best {
        let a: Vec<i64> = vars.iter().map(|&v| s[v]).collect();
        prop_assert!(holds(&a), "the best solution holds");
        prop_assert_eq!(s[goal], value(&a));
    }
    Ok(())
}

/// The values of `xs` in `a`.
pub(crate) fn pick(a: &[i64], xs: &[usize]) -> Vec<i64> {
    xs.iter().map(|&i| a[i]).collect()
}

/// The variables at `xs`.
pub(crate) fn vars_at(vars: &[Var], xs: &[usize]) -> Vec<Var> {
    xs.iter().map(|&i| vars[i]).collect()
}

/// The values variable `k` takes in `solutions`, ascending.
pub(crate) fn used(solutions: &[Vec<i64>], k: usize) -> Vec<i64> {
    let mut values: Vec<i64> = solutions.iter().map(|a| a[k]).collect();
    values.sort_unstable();
    values.dedup();
    values
}
