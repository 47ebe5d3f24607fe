//! The checkpoint journal keeps what finished, forgives a torn last line
//! and refuses another work list.

use std::time::Duration;

use runner::{Counts, Error, Identity, Journal, Tally};

fn identity(tasks: u64) -> Identity {
    Identity::new("a test job", 1, tasks, 0x1234)
}

fn counts(total: u128) -> Counts {
    Counts {
        total,
        fundamental: total / 2,
        tasks: 1,
        nodes: 10,
    }
}

#[test]
fn what_is_recorded_is_read_back_after_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut journal =
        Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    journal.record(3, &counts(30)).unwrap();
    journal.record(7, &counts(70)).unwrap();
    // Not compacted: the entries are in the appended lines.
    drop(journal);
    let journal = Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    assert_eq!(journal.done().len(), 2);
    assert_eq!(journal.done()[&3], counts(30));
    assert_eq!(journal.done()[&7], counts(70));
}

#[test]
fn a_torn_last_line_is_forgotten_and_the_rest_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut journal =
        Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    journal.record(1, &counts(1)).unwrap();
    drop(journal);
    // Half of a second line, as a kill in the middle of its write leaves.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(br#"{"task":2,"result":{"tot"#);
    std::fs::write(&path, bytes).unwrap();
    let journal = Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    assert_eq!(journal.done().keys().copied().collect::<Vec<_>>(), [1]);
    // Opening compacted it: the torn line is gone from the file.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with('\n') && !text.contains("\"tot\n"), "{text}");
}

#[test]
fn another_work_list_an_old_format_and_a_corrupt_line_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut journal =
        Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    journal.record(1, &counts(1)).unwrap();
    drop(journal);
    let refusal =
        |identity: Identity| match Journal::<Counts>::open(&path, &identity, Duration::ZERO) {
            Err(Error::Refused(lines)) => lines.join("\n"),
            other => panic!("not refused: {other:?}"),
        };
    assert!(refusal(identity(11)).contains("another work list"));
    let before = std::fs::read(&path).unwrap();
    assert!(refusal(Identity::new("another job", 1, 10, 0x1234)).contains("another work list"));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "a refused journal is left as it was"
    );

    std::fs::write(&path, "{\"format\":\"nqueens-checkpoint\",\"n\":12}").unwrap();
    assert!(refusal(identity(10)).contains("format version 1"));

    let mut bytes = before.clone();
    bytes.extend_from_slice(b"not json\n");
    std::fs::write(&path, bytes).unwrap();
    assert!(refusal(identity(10)).contains("line 3 is not a journal entry"));

    // A task number edited by hand: the line's checksum no longer holds.
    let text = String::from_utf8(before).unwrap();
    std::fs::write(&path, text.replace("{\"task\":1,", "{\"task\":9,")).unwrap();
    assert!(refusal(identity(10)).contains("line 2 does not match its checksum"));
}

#[test]
fn a_checkpoint_total_edited_to_the_largest_count_is_refused_not_printed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut journal =
        Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    journal.record(1, &counts(2)).unwrap();
    drop(journal);
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replace("\"total\":\"2\"", &format!("\"total\":\"{}\"", u128::MAX));
    assert_ne!(edited, text);
    std::fs::write(&path, edited).unwrap();
    match Journal::<Counts>::open(&path, &identity(10), Duration::ZERO) {
        Err(Error::Refused(lines)) => {
            assert!(
                lines[0].contains("does not match its checksum"),
                "{lines:?}"
            );
            assert!(
                lines[0].contains("job.journal"),
                "the file is named: {lines:?}"
            );
        }
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_resumed_journal_is_appended_in_place_not_rewritten() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut journal =
        Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    journal.record(1, &counts(1)).unwrap();
    drop(journal);
    // A torn line is cut off where it is.
    let mut bytes = std::fs::read(&path).unwrap();
    let whole = bytes.len();
    bytes.extend_from_slice(br#"{"task":2,"res"#);
    std::fs::write(&path, &bytes).unwrap();
    let inode = std::fs::metadata(&path).unwrap().ino();
    let mut journal =
        Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), whole as u64);
    journal.record(2, &counts(2)).unwrap();
    drop(journal);
    // The same file, not a new one renamed over it: resuming needs no room
    // for a copy.
    assert_eq!(std::fs::metadata(&path).unwrap().ino(), inode);
    let journal = Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    assert_eq!(journal.done().keys().copied().collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn a_checkpoint_given_as_a_symlink_is_written_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.journal");
    let link = dir.path().join("link.journal");
    std::os::unix::fs::symlink("target.journal", &link).unwrap();
    // A link to a file not there yet, then to one that is.
    for task in [1, 2] {
        let mut journal = Journal::<Counts>::open(&link, &identity(10), Duration::ZERO).unwrap();
        journal.record(task, &counts(task.into())).unwrap();
        journal.compact().unwrap();
    }
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let journal = Journal::<Counts>::open(&target, &identity(10), Duration::ZERO).unwrap();
    assert_eq!(journal.done().keys().copied().collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn a_journal_with_an_endless_first_line_is_refused_after_a_bounded_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut bytes =
        br#"{"format":"backtrack-journal","version":3,"identity":{"problem":""#.to_vec();
    bytes.resize(runner::JOURNAL_LINE_MAX * 4, b'x');
    std::fs::write(&path, bytes).unwrap();
    match Journal::<Counts>::open(&path, &identity(10), Duration::ZERO) {
        Err(Error::Refused(lines)) => assert!(lines[0].contains("line 1 is longer"), "{lines:?}"),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn counts_add_up_with_an_overflow_check() {
    let big = Counts {
        total: u128::MAX,
        ..Counts::default()
    };
    assert_eq!(big.checked_add(counts(1)), None);
    assert_eq!(counts(1).checked_add(counts(2)).map(|c| c.total), Some(3));
    assert_eq!(Counts::from_json(&counts(5).to_json()), Some(counts(5)));
}

#[test]
fn two_runs_on_one_journal_both_did_all_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let mut first = Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    first.record(1, &counts(10)).unwrap();
    // A second opening while the first holds the journal is refused, and
    // says why; compacting the first keeps the lock (it is on PATH.lock,
    // not on the journal the compaction replaces).
    first.compact().unwrap();
    let second = Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60));
    let Err(Error::Refused(lines)) = second else {
        panic!("a second run on a journal in use was let in: {second:?}")
    };
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].contains("is in use by another run"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("job.journal.lock"), "{}", lines[0]);
    // Once the first is closed, the journal opens again with its tasks.
    drop(first);
    let again = Journal::<Counts>::open(&path, &identity(10), Duration::from_secs(60)).unwrap();
    assert_eq!(again.done().len(), 1);
}
