//! Checkpoint and shard files where a user puts them: a checkpoint given
//! as a link or kept in the shard directory, a new `--out` directory, the
//! umask, odd paths and variables, a link to a file that blocks.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::process::{nqueens, nqueens_path};
use crate::result_files::{merge, one_short_line, scratch, shards};

#[test]
fn merge_never_reads_a_link_to_a_file_that_blocks() {
    if !Path::new("/proc/kmsg").exists() {
        return;
    }
    let dir = scratch();
    shards(9, 2, dir.path());
    std::os::unix::fs::symlink("/proc/kmsg", dir.path().join("kmsg.json")).unwrap();
    let mut child = Command::new(nqueens_path())
        .arg("merge")
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("merge blocked reading /proc/kmsg");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("kmsg.json: unreadable"), "{stderr}");
}

#[test]
fn a_checkpoint_given_as_a_symlink_is_written_where_it_points() {
    let dir = scratch();
    let link = dir.path().join("link.journal");
    std::os::unix::fs::symlink("target.journal", &link).unwrap();
    for _ in 0..2 {
        let run = nqueens(&["count", "10", "--checkpoint", link.to_str().unwrap()], "");
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (0, "724\n"),
            "{}",
            run.stderr
        );
    }
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(dir.path().join("target.journal"))
            .unwrap()
            .starts_with("{\"format\":\"backtrack-journal\"")
    );
}

#[test]
fn shard_and_checkpoint_files_get_the_permissions_the_umask_leaves() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch();
    let out = dir.path().join("out");
    let journal = dir.path().join("c.journal");
    let script = format!(
        "umask 022 && exec {} count 10 --shard 0/2 --out {} --checkpoint {} --quiet",
        nqueens_path().display(),
        out.display(),
        journal.display()
    );
    let status = Command::new("sh").arg("-c").arg(script).status().unwrap();
    assert!(status.success());
    let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&journal), 0o644);
    assert_eq!(mode(&out.join("nqueens-10-0-of-2.json")), 0o644);
}

#[test]
fn a_checkpoint_inside_a_new_out_directory_works_and_merge_leaves_it_out() {
    let dir = scratch();
    let out = dir.path().join("new");
    let out_text = out.to_str().unwrap();
    let checkpoint = out.join("c.json");
    for index in 0..2 {
        let spec = format!("{index}/2");
        let run = nqueens(
            &[
                "count",
                "10",
                "--shard",
                &spec,
                "--out",
                out_text,
                "--checkpoint",
                checkpoint.to_str().unwrap(),
                "--quiet",
            ],
            "",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
    }
    let merged = merge(&out, &[]);
    assert_eq!(
        (merged.status, merged.stdout.as_str()),
        (0, "724\n"),
        "{}",
        merged.stderr
    );
}

#[test]
fn a_checkpoint_path_with_a_newline_gives_one_line() {
    let dir = scratch();
    let path = dir.path().join("no\nsuch").join("c.journal");
    let run = nqueens(&["count", "10", "--checkpoint", path.to_str().unwrap()], "");
    assert_ne!(run.status, 0);
    one_short_line(&run.stderr, "checkpoint path");
    assert!(run.stderr.contains("no\\nsuch"), "{}", run.stderr);
}

#[test]
fn a_huge_slurm_array_task_id_gives_one_short_line() {
    let dir = scratch();
    let output = Command::new(nqueens_path())
        .args([
            "count",
            "10",
            "--quiet",
            "--shard",
            "slurm/4",
            "--out",
            dir.path().to_str().unwrap(),
        ])
        .env("SLURM_ARRAY_TASK_ID", "7".repeat(100_000))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    one_short_line(
        &String::from_utf8(output.stderr).unwrap(),
        "SLURM_ARRAY_TASK_ID",
    );
}

#[test]
fn a_checkpoint_total_edited_to_the_largest_count_is_refused_by_count() {
    let dir = scratch();
    let journal = dir.path().join("c.journal");
    let path = journal.to_str().unwrap();
    let first = nqueens(&["count", "10", "--checkpoint", path], "");
    assert_eq!(first.stdout, "724\n");
    let text = fs::read_to_string(&journal).unwrap();
    let line = text.lines().nth(1).unwrap();
    let total = serde_json::from_str::<Value>(line).unwrap()["result"]["total"]
        .as_str()
        .unwrap()
        .to_owned();
    let edited = line.replacen(
        &format!("\"total\":\"{total}\""),
        &format!("\"total\":\"{}\"", u128::MAX),
        1,
    );
    fs::write(&journal, text.replacen(line, &edited, 1)).unwrap();
    let again = nqueens(&["count", "10", "--checkpoint", path], "");
    assert_ne!(again.status, 0);
    assert_eq!(again.stdout, "");
    assert!(
        again.stderr.contains("line 2 does not match its checksum"),
        "{}",
        again.stderr
    );
}

#[test]
fn two_runs_on_one_checkpoint_both_did_all_the_work() {
    let dir = scratch();
    let checkpoint = dir.path().join("c.json");
    let cp = checkpoint.to_str().unwrap();
    // A count long enough to be running when the second one starts.
    let mut first = Command::new(nqueens_path())
        .args(["count", "18", "--threads", "1", "--checkpoint", cp])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !checkpoint.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no checkpoint written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let second = nqueens(&["count", "18", "--threads", "1", "--checkpoint", cp], "");
    let still_running = first.try_wait().unwrap().is_none();
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(
        still_running,
        "the first count ended before the second started"
    );
    assert_ne!(second.status, 0, "{}", second.transcript());
    one_short_line(&second.stderr, "a second run on a checkpoint in use");
    assert!(
        second.stderr.contains("is in use by another run"),
        "{}",
        second.stderr
    );
    assert_eq!(second.stdout, "");
    // The first one killed, its lock is gone: the journal resumes.
    let again = Command::new(nqueens_path())
        .args([
            "count",
            "18",
            "--threads",
            "1",
            "--checkpoint",
            cp,
            "--timeout",
            "0.2",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(!stderr.contains("in use"), "{stderr}");
}
