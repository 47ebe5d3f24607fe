//! Models counted through the `runner` crate: in shards written to files and
//! merged, on threads with a checkpoint, always the engine's direct count.

use csp::{Choice, Network, puzzle};
use runner::{Counts, Job, Options, Shard, Subproblems};

/// Counts `network` in `shards` shard files, then merges them.
fn count_in_shards(name: &str, network: Network, depth: usize, shards: u64) -> u128 {
    let domains = network.domains();
    let job = Subproblems::with_root(name, network, depth, &domains);
    let dir = tempfile::tempdir().unwrap();
    for index in 0..shards {
        let shard = Shard::new(index, shards).unwrap();
        let finished = runner::run(&job, &Options::new().shard(shard, dir.path())).unwrap();
        assert!(finished.shard_file.is_some());
    }
    let merged = runner::merge::<Counts>(dir.path(), |_| Ok(())).unwrap();
    assert_eq!(merged.identity, job.identity());
    merged.value.total
}

#[test]
fn eight_queens_counted_in_shards_and_merged_are_92() {
    let (model, _) = puzzle::queens(8).unwrap();
    let network = model.compile();
    assert_eq!(backtrack::count(network.clone()), 92);
    assert_eq!(count_in_shards("queens 8", network, 3, 3), 92);
}

#[test]
fn magic_squares_of_order_4_counted_in_shards_and_merged_are_7040() {
    let (model, _) = puzzle::magic_square(4).unwrap();
    assert_eq!(count_in_shards("magic 4", model.compile(), 2, 4), 7040);
}

#[test]
fn a_model_counted_on_two_threads_with_a_checkpoint_resumes_it() {
    let (model, _, _) = puzzle::langford(8).unwrap();
    let network = model.compile();
    let job = Subproblems::with_root("langford 8", network.clone(), 2, &network.domains());
    let dir = tempfile::tempdir().unwrap();
    let options = Options::new()
        .threads(2)
        .checkpoint(dir.path().join("count.journal"));
    let first = runner::run(&job, &options).unwrap();
    assert_eq!(first.value.total, 150);
    let again = runner::run(&job, &options).unwrap();
    assert_eq!((again.value.total, again.resumed), (150, again.tasks));
}

/// A shard is written by one process and merged by another: the same
/// model built again, with other model identities in between, must give the
/// same task list.
#[test]
fn a_model_built_again_has_the_same_identity() {
    let job = |n| {
        let network = puzzle::queens(n).unwrap().0.compile();
        Subproblems::with_root("queens", network.clone(), 2, &network.domains())
    };
    let first = job(6).identity();
    let _other = puzzle::queens(5).unwrap();
    assert_eq!(job(6).identity(), first);
    assert_ne!(job(7).identity(), first);
}

#[test]
fn a_choice_serializes_as_the_index_of_its_variable_and_its_value() {
    let (_, q) = puzzle::queens(4).unwrap();
    let choice = Choice::fix(q[2], -3);
    assert_eq!(
        serde_json::to_string(&choice).unwrap(),
        r#"{"var":2,"value":-3}"#
    );
}
