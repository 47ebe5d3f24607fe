//! Branch and bound against exhaustive search on small random instances.

use backtrack::{Limits, Optimize, Outcome, Problem};
use proptest::prelude::*;

/// Give each of `n` variables a value from `0..k` at a cost `weight[i][v]`,
/// avoiding forbidden pairs of assignments; minimise the total.
#[derive(Clone, Debug)]
pub(crate) struct Assignment {
    weight: Vec<Vec<u32>>,
    /// `(i, vi, j, vj)` with `i < j`: not both.
    forbidden: Vec<(usize, usize, usize, usize)>,
    values: Vec<usize>,
    sum: u32,
    bound: Option<u32>,
    floor: Option<u32>,
    /// Whether `choices` prunes with the bound (the engine must be right
    /// either way).
    prune: bool,
}

impl Assignment {
    fn allowed(&self, j: usize, vj: usize) -> bool {
        self.forbidden
            .iter()
            .all(|&(a, va, b, vb)| !(b == j && vb == vj && self.values[a] == va))
    }
}

impl Problem for Assignment {
    type Choice = usize;
    type Choices = std::vec::IntoIter<usize>;
    fn choices(&self) -> Self::Choices {
        let i = self.values.len();
        let open: Vec<usize> = (0..self.weight[i].len())
            .filter(|&v| self.allowed(i, v))
            .filter(|&v| !self.prune || self.bound.is_none_or(|b| self.sum + self.weight[i][v] < b))
            .collect();
        open.into_iter()
    }
    fn apply(&mut self, v: usize) {
        self.sum += self.weight[self.values.len()][v];
        self.values.push(v);
    }
    fn undo(&mut self, v: usize) {
        self.values.pop();
        self.sum -= self.weight[self.values.len()][v];
    }
    fn is_solution(&self) -> bool {
        self.values.len() == self.weight.len()
    }
}

impl Optimize for Assignment {
    type Cost = u32;
    fn cost(&self) -> u32 {
        self.sum
    }
    fn set_bound(&mut self, best: u32) {
        self.bound = Some(best);
    }
    fn lower_bound(&self) -> Option<u32> {
        self.floor
    }
}

/// The least total of every complete assignment, by enumeration.
pub(crate) fn brute_force(
    weight: &[Vec<u32>],
    forbidden: &[(usize, usize, usize, usize)],
) -> Option<u32> {
    let k = weight[0].len();
    let n = weight.len();
    (0..k.pow(n as u32))
        .filter_map(|mut code| {
            let values: Vec<usize> = (0..n)
                .map(|_| {
                    let v = code % k;
                    code /= k;
                    v
                })
                .collect();
            let ok = forbidden
                .iter()
                .all(|&(a, va, b, vb)| !(values[a] == va && values[b] == vb));
            ok.then(|| values.iter().enumerate().map(|(i, &v)| weight[i][v]).sum())
        })
        .min()
}

/// Pairs of assignments `(i, vi, j, vj)` that may not both hold.
pub(crate) type Forbidden = Vec<(usize, usize, usize, usize)>;

pub(crate) fn instance() -> impl Strategy<Value = (Vec<Vec<u32>>, Forbidden)> {
    (1usize..=6, 1usize..=3).prop_flat_map(|(n, k)| {
        (
            prop::collection::vec(prop::collection::vec(0u32..10, k), n),
            prop::collection::vec((0..n, 0..k, 0..n, 0..k), 0..12),
        )
            .prop_map(|(weight, pairs)| {
                let forbidden = pairs
                    .into_iter()
                    .filter(|&(a, _, b, _)| a != b)
                    .map(|(a, va, b, vb)| {
                        if a < b {
                            (a, va, b, vb)
                        } else {
                            (b, vb, a, va)
                        }
                    })
                    .collect();
                (weight, forbidden)
            })
    })
}

pub(crate) fn problem(
    weight: &[Vec<u32>],
    forbidden: &[(usize, usize, usize, usize)],
    prune: bool,
    floor: Option<u32>,
) -> Assignment {
    Assignment {
        weight: weight.to_vec(),
        forbidden: forbidden.to_vec(),
        values: Vec::new(),
        sum: 0,
        bound: None,
        floor,
        prune,
    }
}

/// The cost of a path, recomputed from the weights: the engine's record
/// is checked, not trusted.
pub(crate) fn path_cost(
    weight: &[Vec<u32>],
    forbidden: &[(usize, usize, usize, usize)],
    path: &[usize],
) -> u32 {
    assert_eq!(path.len(), weight.len());
    for &(a, va, b, vb) in forbidden {
        assert!(
            !(path[a] == va && path[b] == vb),
            "{path:?} breaks {a}={va}, {b}={vb}"
        );
    }
    path.iter().enumerate().map(|(i, &v)| weight[i][v]).sum()
}

proptest! {
    #[test]
    fn the_optimum_is_the_brute_force_minimum((weight, forbidden) in instance(), prune: bool) {
        let expected = brute_force(&weight, &forbidden);
        let report = backtrack::minimize(problem(&weight, &forbidden, prune, None), &Limits::default());
        prop_assert_eq!(report.outcome, Outcome::Complete);
        let found = report.value.best.as_ref().map(|b| b.cost);
        prop_assert_eq!(found, expected);
        if let Some(best) = &report.value.best {
            prop_assert_eq!(path_cost(&weight, &forbidden, &best.path), best.cost);
        }
        prop_assert_eq!(report.value.lower_bound, expected);
    }

    #[test]
    fn a_lower_bound_that_is_met_ends_the_search_early((weight, forbidden) in instance()) {
        let Some(optimum) = brute_force(&weight, &forbidden) else { return Ok(()) };
        let open = backtrack::minimize(problem(&weight, &forbidden, true, None), &Limits::default());
        let floored = backtrack::minimize(problem(&weight, &forbidden, true, Some(optimum)), &Limits::default());
        prop_assert_eq!(floored.outcome, Outcome::Complete);
        let best = floored.value.best.expect("an optimum exists");
        prop_assert_eq!(best.cost, optimum);
        prop_assert_eq!(path_cost(&weight, &forbidden, &best.path), optimum);
        prop_assert!(floored.value.stats.nodes <= open.value.stats.nodes);
    }

    #[test]
    fn a_node_budget_gives_an_honest_best((weight, forbidden) in instance(), budget in 1u64..40) {
        let optimum = brute_force(&weight, &forbidden);
        let report = backtrack::minimize(
            problem(&weight, &forbidden, true, Some(0)),
            &Limits::default().nodes(budget),
        );
        prop_assert!(report.value.stats.nodes <= budget);
        match report.outcome {
            Outcome::Complete => {
                // Complete with a floor of 0: the tree ran out or a
                // solution of cost 0 was found; either way it is optimal.
                prop_assert_eq!(report.value.best.map(|b| b.cost), optimum);
            }
            Outcome::Stopped(_) => {
                prop_assert_eq!(report.value.lower_bound, Some(0));
                if let Some(best) = report.value.best {
                    prop_assert_eq!(path_cost(&weight, &forbidden, &best.path), best.cost);
                    prop_assert!(Some(best.cost) >= optimum);
                }
            }
        }
    }
}

#[test]
fn improvements_come_strictly_decreasing() {
    let weight = vec![vec![5, 1, 3], vec![2, 9, 0], vec![4, 4, 1]];
    let mut seen = Vec::new();
    let report = backtrack::minimize_with(
        problem(&weight, &[], false, None),
        &Limits::default(),
        |p, _| seen.push(p.cost()),
    );
    assert_eq!(report.value.best.unwrap().cost, 2);
    assert!(seen.windows(2).all(|w| w[0] > w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&2));
}
