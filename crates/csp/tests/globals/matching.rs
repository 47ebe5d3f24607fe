//! The domain all-different, whose matching is kept from one run to the
//! next, against enumeration at every node down random paths: each
//! domain is exactly the values some assignment of the current domains
//! to different values uses, and the same as a model compiled afresh from
//! those domains (a matching from scratch) finds.

use backtrack::Problem;
use csp::{Model, Network, Var};
use proptest::prelude::*;

/// The values of each domain that some all-different assignment of the
/// domains uses, by enumeration.
fn supported(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
    fn go(d: &[Vec<i64>], a: &mut Vec<i64>, used: &mut [Vec<bool>]) {
        if a.len() == d.len() {
            for (i, &x) in a.iter().enumerate() {
                let k = d[i].iter().position(|&y| y == x).unwrap();
                used[i][k] = true;
            }
            return;
        }
        for &x in &d[a.len()] {
            if !a.contains(&x) {
                a.push(x);
                go(d, a, used);
                a.pop();
            }
        }
    }
    let mut used: Vec<Vec<bool>> = domains.iter().map(|d| vec![false; d.len()]).collect();
    go(domains, &mut Vec::new(), &mut used);
    domains
        .iter()
        .zip(&used)
        .map(|(d, u)| d.iter().zip(u).filter(|p| *p.1).map(|p| *p.0).collect())
        .collect()
}

fn compile(domains: &[Vec<i64>]) -> (Network, Vec<Var>) {
    let mut m = Model::new();
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    m.all_different_domain(&vars).unwrap();
    (m.compile(), vars)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_kept_matching_prunes_as_enumeration_and_a_fresh_matching_do(
        domains in (1usize..=6).prop_flat_map(|n| prop::collection::vec(
            prop::sample::subsequence((0..7).collect::<Vec<i64>>(), 1..=7), n)),
        picks in prop::collection::vec(0usize..16, 0..8),
    ) {
        let (mut network, vars) = compile(&domains);
        let mut path = Vec::new();
        for pick in picks.iter().copied().chain([0]) {
            let now: Vec<Vec<i64>> = vars.iter().map(|&v| network.domain(v)).collect();
            if !network.is_failed() {
                prop_assert_eq!(&supported(&now), &now, "a fixpoint of domain consistency");
                let (fresh, _) = compile(&now);
                prop_assert_eq!(fresh.domains(), now.clone(), "as a fresh matching");
            }
            let choices: Vec<_> = network.choices().collect();
            let Some(&c) = choices.get(pick % choices.len().max(1)) else { break };
            network.apply(c);
            path.push(c);
        }
        // Back up, and down another way: the kept matching is then one of
        // a deeper node.
        while let Some(c) = path.pop() {
            network.undo(c);
            if !network.is_failed() {
                let now: Vec<Vec<i64>> = vars.iter().map(|&v| network.domain(v)).collect();
                prop_assert_eq!(&supported(&now), &now);
            }
        }
        let first = supported(&domains);
        prop_assert_eq!(network.is_failed(), first.iter().any(|d| d.is_empty()));
    }
}
