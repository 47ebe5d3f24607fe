//! The `runner` crate's files: shard results (`ShardFile::read`) and
//! checkpoint journals (`Journal::open`), written with arbitrary bytes.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use proptest::prelude::*;
use runner::{Counts, Identity, Journal, Shard, ShardFile};

use crate::{assert_memory, assert_message, mutate, mutations};

/// The counts of `tasks` tasks, as a file can hold them: no more classes
/// than solutions.
fn counts(tasks: u64) -> impl Strategy<Value = Counts> {
    (any::<u128>(), any::<u128>(), any::<u64>()).prop_map(move |(a, b, nodes)| Counts {
        total: a.max(b),
        fundamental: a.min(b),
        tasks,
        nodes,
    })
}

fn identity() -> impl Strategy<Value = Identity> {
    ("\\PC{0,24}", any::<u32>(), 1..1_000u64, any::<u64>())
        .prop_map(|(problem, version, tasks, hash)| Identity::new(problem, version, tasks, hash))
}

/// A shard file whose numbers can be: M <= tasks, its own tasks' count.
fn shard_file() -> impl Strategy<Value = ShardFile<Counts>> {
    identity()
        .prop_flat_map(|identity| {
            let tasks = identity.tasks;
            (Just(identity), 1..=tasks)
        })
        .prop_flat_map(|(identity, shards)| (Just(identity), Just(shards), 0..shards))
        .prop_flat_map(|(identity, shards, shard)| {
            let tasks = Shard::new(shard, shards)
                .unwrap()
                .cover(identity.tasks)
                .len();
            (
                Just((identity, shards, shard, tasks)),
                counts(tasks),
                0.0..1e12f64,
                "\\PC{0,24}",
            )
        })
        .prop_map(
            |((identity, shards, shard, tasks), result, seconds, program)| ShardFile {
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
    prop::collection::btree_map(0..tasks, counts(1), 0..8)
}

proptest! {
    #![proptest_config(fuzz::file_cases(400))]

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

/// The start of a shard file of the current format, up to its result.
fn shard_head() -> String {
    format!(
        r#"{{"format":"{}","version":{},"identity":{{"problem":"p","version":1,"tasks":4,"hash":"0000000000000000"}},"shard":0,"shards":1,"#,
        runner::SHARD_FORMAT,
        runner::SHARD_VERSION
    )
}

#[test]
fn a_shard_file_of_any_shape_is_refused_in_memory_bounded_by_its_size() {
    const LEN: usize = 8 << 20;
    let zeros = |open: &str| {
        let mut text = open.to_owned();
        while text.len() < LEN {
            text.push_str("0,");
        }
        text.push('0');
        text
    };
    let shapes = [
        // Values a tree would keep at 32 bytes each, at every place.
        zeros("["),
        format!("{}\"result\":{}]}}", shard_head(), zeros("[")),
        format!("{{\"format\":{}]}}", zeros("[")),
        format!("{}\"program\":{}]}}", shard_head(), zeros("[")),
        // Nesting with no end.
        "[".repeat(LEN),
        format!("{}\"result\":{}", shard_head(), "{\"a\":".repeat(LEN / 5)),
        // A name of the whole size.
        format!(
            r#"{{"format":"{}","version":{},"identity":{{"problem":"{}","#,
            runner::SHARD_FORMAT,
            runner::SHARD_VERSION,
            "n".repeat(LEN)
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shard.json");
    for shape in shapes {
        std::fs::write(&path, &shape).unwrap();
        let (read, peak) = fuzz::peak_during(|| ShardFile::<Counts>::read(&path));
        let message = read.unwrap_err();
        crate::assert_short_message(&message, "ShardFile::read");
        assert!(
            peak <= 3 * shape.len() + (1 << 20),
            "{peak} bytes at peak for a file of {} bytes: {message}",
            shape.len()
        );
    }
}

#[test]
fn a_shard_of_results_kept_apart_is_read_in_a_small_multiple_of_its_size() {
    use backtrack::PerTask;
    let tasks = 200_000u64;
    let file = ShardFile {
        identity: Identity::new("puzzles", 1, tasks, 7),
        shard: 0,
        shards: 1,
        result: PerTask((0..tasks as usize).map(|task| (task, 1u64)).collect()),
        tasks,
        seconds: 1.0,
        program: "test".into(),
    };
    let dir = tempfile::tempdir().unwrap();
    let path = file.write(dir.path()).unwrap();
    let len = std::fs::metadata(&path).unwrap().len() as usize;
    let (read, peak) = fuzz::peak_during(|| ShardFile::<PerTask<u64>>::read(&path));
    assert_eq!(read.map(|f| f.result.0.len()), Ok(tasks as usize));
    assert!(peak <= 8 * len, "{peak} bytes at peak for {len} bytes");
}

#[test]
fn a_journal_with_an_endless_first_line_is_refused_in_memory_bounded_by_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("checkpoint.journal");
    let mut bytes =
        br#"{"format":"backtrack-journal","version":3,"identity":{"problem":""#.to_vec();
    bytes.resize(16 << 20, b'x');
    std::fs::write(&path, &bytes).unwrap();
    let identity = Identity::new("p", 1, 4, 0);
    let (opened, peak) =
        fuzz::peak_during(|| Journal::<Counts>::open(&path, &identity, Duration::from_secs(60)));
    let message = opened.unwrap_err().to_string();
    crate::assert_short_message(&message, "Journal::open");
    // A line is read up to its limit, in a buffer that may double once
    // past it: bounded by the line's limit, not by the 16 MiB file.
    assert!(peak <= 3 * runner::JOURNAL_LINE_MAX, "{peak} bytes at peak");
}

#[test]
fn shard_files_with_long_names_take_the_memory_of_one_not_of_all() {
    let dir = tempfile::tempdir().unwrap();
    let name = "n".repeat(2 << 20);
    let mut len = 0;
    for shard in 0..8 {
        let file = ShardFile {
            identity: Identity::new(name.clone(), 1, 8, 7),
            shard,
            shards: 8,
            result: Counts {
                tasks: 1,
                ..Counts::default()
            },
            tasks: 1,
            seconds: 1.0,
            program: "test".into(),
        };
        let path = file.write(dir.path()).unwrap();
        len = std::fs::metadata(&path).unwrap().len() as usize;
    }
    drop(name);
    let (survey, peak) = fuzz::peak_during(|| runner::survey::<Counts>(dir.path(), |_| Ok(())));
    let survey = survey.unwrap();
    assert_eq!(survey.problems.len(), 8, "{:?}", survey.problems);
    for problem in &survey.problems {
        crate::assert_short_message(problem, "survey");
    }
    assert!(
        peak <= 3 * len + (1 << 20),
        "{peak} bytes at peak for 8 files of {len} bytes"
    );
}
