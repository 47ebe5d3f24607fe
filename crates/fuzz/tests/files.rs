//! The `runner` crate's files: shard results (`ShardFile::read`) and
//! checkpoint journals (`Journal::open`), written with arbitrary bytes.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use proptest::prelude::*;
use runner::{Counts, Identity, Journal, ShardFile};

use crate::{assert_memory, assert_message, mutate, mutations};

fn counts() -> impl Strategy<Value = Counts> {
    (any::<u128>(), any::<u128>(), any::<u64>(), any::<u64>()).prop_map(
        |(total, fundamental, tasks, nodes)| Counts {
            total,
            fundamental,
            tasks,
            nodes,
        },
    )
}

fn identity() -> impl Strategy<Value = Identity> {
    ("\\PC{0,24}", any::<u32>(), 1..1_000u64, any::<u64>())
        .prop_map(|(problem, version, tasks, hash)| Identity::new(problem, version, tasks, hash))
}

fn shard_file() -> impl Strategy<Value = ShardFile<Counts>> {
    (
        identity(),
        any::<u64>(),
        any::<u64>(),
        counts(),
        any::<u64>(),
        0.0..1e12f64,
        "\\PC{0,24}",
    )
        .prop_map(
            |(identity, shard, shards, result, tasks, seconds, program)| ShardFile {
                identity,
                shard,
                shards,
                result,
                tasks,
                seconds,
                program,
            },
        )
}

fn check_shard(path: &Path, len: usize) {
    let (read, peak) = fuzz::peak_during(|| ShardFile::<Counts>::read(path));
    assert_memory(peak, len, "ShardFile::read");
    if let Err(message) = read {
        assert_message(&message, "ShardFile::read");
    }
}

fn check_journal(path: &Path, identity: &Identity, len: usize) {
    let (opened, peak) =
        fuzz::peak_during(|| Journal::<Counts>::open(path, identity, Duration::from_secs(3600)));
    assert_memory(peak, len, "Journal::open");
    match opened {
        Ok(journal) => assert!(journal.done().keys().all(|&task| task < identity.tasks)),
        Err(e) => assert_message(&e.to_string(), "Journal::open"),
    }
}

/// The journal of `identity` with `done` recorded, as bytes.
fn journal_bytes(dir: &Path, identity: &Identity, done: &BTreeMap<u64, Counts>) -> Vec<u8> {
    let path = dir.join("valid.journal");
    let mut journal = Journal::open(&path, identity, Duration::from_secs(3600)).unwrap();
    for (&task, result) in done {
        journal.record(task, result).unwrap();
    }
    drop(journal);
    std::fs::read(&path).unwrap()
}

fn done(tasks: u64) -> impl Strategy<Value = BTreeMap<u64, Counts>> {
    prop::collection::btree_map(0..tasks, counts(), 0..8)
}

proptest! {
    #![proptest_config(fuzz::file_cases(2000))]

    #[test]
    fn shard_file_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shard.json");
        std::fs::write(&path, &bytes).unwrap();
        check_shard(&path, bytes.len());
    }

    #[test]
    fn shard_file_gives_back_what_was_written(file in shard_file()) {
        let dir = tempfile::tempdir().unwrap();
        let path = file.write(dir.path()).unwrap();
        prop_assert_eq!(ShardFile::<Counts>::read(&path), Ok(file));
    }

    #[test]
    fn shard_file_mutated(file in shard_file(), mutations in mutations()) {
        let dir = tempfile::tempdir().unwrap();
        let path = file.write(dir.path()).unwrap();
        let bytes = mutate(std::fs::read(&path).unwrap(), &mutations);
        std::fs::write(&path, &bytes).unwrap();
        check_shard(&path, bytes.len());
    }

    #[test]
    fn journal_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048), identity in identity()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("checkpoint.journal");
        std::fs::write(&path, &bytes).unwrap();
        check_journal(&path, &identity, bytes.len());
    }

    #[test]
    fn journal_gives_back_what_was_recorded(
        (identity, done) in identity().prop_flat_map(|identity| {
            let tasks = identity.tasks;
            (Just(identity), done(tasks))
        }),
        torn in "[ -~]{0,30}",
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = journal_bytes(dir.path(), &identity, &done);
        // A kill in the middle of an append leaves a torn last line.
        bytes.extend_from_slice(torn.as_bytes());
        let path = dir.path().join("reopened.journal");
        std::fs::write(&path, &bytes).unwrap();
        let journal = Journal::<Counts>::open(&path, &identity, Duration::from_secs(3600)).unwrap();
        prop_assert_eq!(journal.done(), &done);
    }

    #[test]
    fn journal_mutated(
        (identity, done) in identity().prop_flat_map(|identity| {
            let tasks = identity.tasks;
            (Just(identity), done(tasks))
        }),
        mutations in mutations(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let bytes = mutate(journal_bytes(dir.path(), &identity, &done), &mutations);
        let path = dir.path().join("mutated.journal");
        std::fs::write(&path, &bytes).unwrap();
        check_journal(&path, &identity, bytes.len());
    }
}
