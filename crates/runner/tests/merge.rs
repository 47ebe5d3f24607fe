//! Shards dealt out and merged: every task in exactly one shard, and a
//! merge that names what is missing.

use runner::{Counts, Error, Identity, Shard, ShardFile};

fn shard_file(index: u64, count: u64, total: u128) -> ShardFile<Counts> {
    let tasks = Shard::new(index, count).unwrap().cover(100).len();
    ShardFile {
        identity: Identity::new("a test job", 1, 100, 0xabcd),
        shard: index,
        shards: count,
        result: Counts {
            total,
            tasks,
            ..Counts::default()
        },
        tasks,
        seconds: 0.5,
        program: "test".into(),
    }
}

#[test]
fn shards_deal_out_every_task_once() {
    for count in [1, 2, 7, 100] {
        let mut seen = vec![0; 100];
        for index in 0..count {
            for task in Shard::new(index, count).unwrap().tasks(100).unwrap() {
                seen[task] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{count} shards");
    }
    assert!(matches!(Shard::new(4, 4), Err(Error::Usage(_))));
    assert!(matches!(Shard::new(0, 0), Err(Error::Usage(_))));
    let too_many = Shard::new(0, 101).unwrap().tasks(100);
    assert!(matches!(too_many, Err(Error::Usage(m)) if m.contains("the 100 tasks")));
}

#[test]
fn merge_adds_up_and_names_the_missing_shards_as_ranges() {
    let dir = tempfile::tempdir().unwrap();
    for index in [0, 1, 2, 4, 7, 8, 9] {
        shard_file(index, 10, u128::from(index))
            .write(dir.path())
            .unwrap();
    }
    let survey = runner::survey::<Counts>(dir.path(), |_| Ok(())).unwrap();
    assert_eq!(survey.missing(), "3,5-6");
    assert_eq!(survey.present(), "0-2,4,7-9");
    match runner::merge::<Counts>(dir.path(), |_| Ok(())) {
        Err(Error::Refused(lines)) => {
            assert_eq!(
                lines,
                ["missing shards of 10: 3,5-6 (resubmit them with sbatch --array=3,5-6)"]
            );
        }
        other => panic!("not refused: {other:?}"),
    }
    for index in [3, 5, 6] {
        shard_file(index, 10, u128::from(index))
            .write(dir.path())
            .unwrap();
    }
    let merged = runner::merge::<Counts>(dir.path(), |_| Ok(())).unwrap();
    assert_eq!(merged.value.total, 45);
    assert_eq!(merged.shards, 10);
    // The program's own check of the work list has the last word.
    let refused = runner::merge::<Counts>(dir.path(), |_| Err("not ours".into()));
    assert!(matches!(refused, Err(Error::Refused(lines)) if lines[0].contains("not ours")));
}

#[test]
fn a_shard_file_is_written_whole_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = shard_file(3, 10, 12345);
    let path = file.write(dir.path()).unwrap();
    assert_eq!(path.file_name().unwrap(), "a-test-job-3-of-10.json");
    assert_eq!(ShardFile::<Counts>::read(&path).unwrap(), file);
    // Nothing but the file: the temporary one was renamed.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_long_problem_name_is_cut_in_file_names_and_messages() {
    let dir = tempfile::tempdir().unwrap();
    let long = |letter: &str| {
        let mut file = shard_file(0, 2, 1);
        file.identity.problem = letter.repeat(100_000);
        file.identity.hash = "f".repeat(100_000);
        file
    };
    let path = long("a").write(dir.path()).unwrap();
    assert!(path.file_name().unwrap().len() < 100, "{}", path.display());
    let mut other = long("b");
    other.shard = 1;
    other.write(dir.path()).unwrap();
    shard_file(1, 2, 1).write(dir.path()).unwrap();
    match runner::merge::<Counts>(dir.path(), |_| Ok(())) {
        Err(Error::Refused(lines)) => {
            assert!(!lines.is_empty());
            for line in &lines {
                assert!(line.len() < 400, "a line of {} bytes", line.len());
            }
        }
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn two_names_that_differ_after_the_cut_print_differently() {
    let a = format!("{}a", "x".repeat(40));
    let b = format!("{}b", "x".repeat(40));
    assert_ne!(runner::echo_name(&a), runner::echo_name(&b));
    assert_eq!(runner::echo_name("nqueens 12"), "nqueens 12");
    let one = Identity::new(a, 1, 10, 1).to_string();
    let other = Identity::new(b, 1, 10, 1).to_string();
    assert_ne!(one, other);
}

#[test]
fn as_many_files_of_two_work_lists_are_told_apart_by_the_program_or_named() {
    let dir = tempfile::tempdir().unwrap();
    let ours = shard_file(0, 2, 1);
    let mut theirs = shard_file(1, 2, 1);
    theirs.identity.problem = "another job".into();
    ours.write(dir.path()).unwrap();
    theirs.write(dir.path()).unwrap();
    // The program vouches for its own: the other file is the odd one out,
    // and the shard it would have been is missing.
    let vouch = |identity: &Identity| {
        if identity.problem == "a test job" {
            Ok(())
        } else {
            Err("not ours".to_owned())
        }
    };
    match runner::merge::<Counts>(dir.path(), vouch) {
        Err(Error::Refused(lines)) => {
            assert!(
                lines[0].contains("a shard of another job, the others are of a test job"),
                "{lines:?}"
            );
            assert!(lines[0].contains("another-job-1-of-2.json"), "{lines:?}");
        }
        other => panic!("not refused: {other:?}"),
    }
    // Nothing tells them apart: that is what is said, and no shard is
    // called missing.
    match runner::merge::<Counts>(dir.path(), |_| Ok(())) {
        Err(Error::Refused(lines)) => {
            assert_eq!(lines.len(), 1, "{lines:?}");
            assert!(lines[0].contains("cannot be told"), "{lines:?}");
        }
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_checkpoint_journal_among_the_shards_is_left_out_of_the_merge() {
    let dir = tempfile::tempdir().unwrap();
    for index in 0..2 {
        shard_file(index, 2, 1).write(dir.path()).unwrap();
    }
    let identity = Identity::new("a test job", 1, 100, 0xabcd);
    let journal = dir.path().join("checkpoint.json");
    runner::Journal::<Counts>::open(&journal, &identity, std::time::Duration::ZERO).unwrap();
    let merged = runner::merge::<Counts>(dir.path(), |_| Ok(())).unwrap();
    assert_eq!(merged.value.total, 2);
}
