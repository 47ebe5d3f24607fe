//! A network's fingerprint: the same for every compile of one model, in
//! any process; another as soon as anything that decides an answer differs.
//! And a compiled model as a job of the runner, identified by it.

use csp::{Model, Network, Rel, ValueOrder, VarOrder};
use runner::{Counts, Job, Options, Shard, Subproblems};

/// What a small model is made of; each test changes one part.
#[derive(Clone)]
struct Parts {
    top: i64,
    coef: i64,
    tuples: [[i64; 2]; 2],
    order: VarOrder,
    maximize: Option<bool>,
}

const BASE: Parts = Parts {
    top: 3,
    coef: 2,
    tuples: [[1, 2], [2, 1]],
    order: VarOrder::Input,
    maximize: None,
};

/// x, y, z in 0..=top; x + coef * y <= 9; (x, z) in a table; all
/// branched. With the base's parts, propagation at the root removes no
/// value, and changing the coefficient or the table keeps it so: only the
/// propagators tell those networks apart.
fn build(parts: &Parts) -> Network {
    let mut m = Model::new();
    let x = m.var(0..=parts.top).unwrap();
    let y = m.var(0..=parts.top).unwrap();
    let z = m.var(0..=parts.top).unwrap();
    m.linear(&[(1, x), (parts.coef, y)], Rel::Le, 9).unwrap();
    let [a, b] = parts.tuples;
    m.table(&[x, z], [[0, 0], a, b, [3, 3]]).unwrap();
    m.branch(&[x, y, z], parts.order, ValueOrder::Min).unwrap();
    match parts.maximize {
        Some(true) => m.maximize(y).unwrap(),
        Some(false) => m.minimize(y).unwrap(),
        None => {}
    }
    m.compile()
}

#[test]
fn two_compiles_of_one_model_have_one_fingerprint() {
    let first = build(&BASE).fingerprint();
    // Other models in between: their identities in the process move on.
    let _other = build(&Parts { top: 9, ..BASE });
    assert_eq!(build(&BASE).fingerprint(), first);
    assert_eq!(build(&BASE).clone().fingerprint(), first);
    // It serializes as its identity, in hex.
    assert_eq!(
        serde_json::to_string(&build(&BASE)).unwrap(),
        format!("\"{first:016x}\"")
    );
}

#[test]
fn a_different_domain_coefficient_tuple_branching_or_objective_changes_the_fingerprint() {
    let base = build(&BASE).fingerprint();
    let all = vec![(0..=3).collect::<Vec<i64>>(); 3];
    assert_eq!(build(&BASE).domains(), all);
    for parts in [
        Parts { coef: 3, ..BASE },
        Parts {
            tuples: [[1, 1], [2, 2]],
            ..BASE
        },
    ] {
        assert_eq!(build(&parts).domains(), all);
    }
    let changed = [
        ("a domain", Parts { top: 2, ..BASE }),
        ("a coefficient", Parts { coef: 3, ..BASE }),
        (
            "a table tuple",
            Parts {
                tuples: [[1, 1], [2, 2]],
                ..BASE
            },
        ),
        (
            "the variable order",
            Parts {
                order: VarOrder::SmallestDomain,
                ..BASE
            },
        ),
        (
            "an objective",
            Parts {
                maximize: Some(true),
                ..BASE
            },
        ),
    ];
    for (what, parts) in &changed {
        assert_ne!(build(parts).fingerprint(), base, "{what}");
    }
    let min = build(&Parts {
        maximize: Some(false),
        ..BASE
    })
    .fingerprint();
    let max = build(&Parts {
        maximize: Some(true),
        ..BASE
    })
    .fingerprint();
    assert_ne!(min, max, "the objective's sense");
}

#[test]
fn a_domain_narrowed_after_compiling_or_a_bound_set_changes_the_fingerprint() {
    let mut m = Model::new();
    let x = m.var(0..=5).unwrap();
    let y = m.var(0..=5).unwrap();
    m.linear(&[(1, x), (1, y)], Rel::Le, 7).unwrap();
    m.maximize(y).unwrap();
    let network = m.compile();
    let mut fixed = network.clone();
    fixed.fix(&[(x, 2)]).unwrap();
    assert_ne!(fixed.fingerprint(), network.fingerprint());
    let mut bounded = network.clone();
    backtrack::Optimize::set_bound(&mut bounded, -3);
    assert_ne!(bounded.fingerprint(), network.fingerprint());
}

#[test]
fn a_model_counted_by_the_runner_in_three_shards_merges_to_the_engines_count() {
    let (model, _) = csp::puzzle::queens(8).unwrap();
    let network = model.compile();
    let expected = backtrack::count(network.clone());
    assert_eq!(expected, 92);
    let job = Subproblems::auto("queens 8", network);
    let dir = tempfile::tempdir().unwrap();
    for index in 0..3 {
        let shard = Shard::new(index, 3).unwrap();
        let finished = runner::run(&job, &Options::new().shard(shard, dir.path())).unwrap();
        assert!(finished.shard_file.is_some());
    }
    let merged = runner::merge::<Counts>(dir.path(), |_| Ok(())).unwrap();
    assert_eq!(merged.identity, job.identity());
    assert_eq!(merged.value.total, expected);
    // Another board is another job, whatever the name says.
    let other = Subproblems::auto("queens 8", csp::puzzle::queens(9).unwrap().0.compile());
    assert_ne!(other.identity(), job.identity());
}
