//! Counting in pieces: shards and their merge, checkpoints that survive
//! `kill -9`, and exactly the threads asked for. The real binary, real
//! files, real signals.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tempfile::TempDir;

use crate::process::{Run, example, nqueens, nqueens_path, run};

/// OEIS A000170 and A002562 from n = 1.
const TOTAL: [u128; 16] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
];
const FUNDAMENTAL: [u128; 16] = [
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
];

fn scratch() -> TempDir {
    tempfile::Builder::new()
        .prefix("nqueens-test-")
        .tempdir()
        .unwrap()
}

fn shard(n: u32, index: u64, shards: u64, dir: &Path) -> Run {
    let spec = format!("{index}/{shards}");
    let run = nqueens(
        &[
            "count",
            &n.to_string(),
            "--shard",
            &spec,
            "--out",
            dir.to_str().unwrap(),
            "--quiet",
        ],
        "",
    );
    assert_eq!(run.status, 0, "shard {spec} of n = {n}: {}", run.stderr);
    run
}

fn merge(dir: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["merge", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    nqueens(&args, "")
}

#[test]
fn shards_add_up_to_the_oeis_counts() {
    for n in 8..=13u32 {
        let split = nqueens::Split::new(n).unwrap();
        for shards in [1u64, 2, 7, 64] {
            // In the library: each task in exactly one shard, sums exact.
            let mut seen = vec![0u32; split.len()];
            let (mut total, mut fundamental) = (0u128, 0u128);
            for index in 0..shards {
                let shard = runner::Shard::new(index, shards).unwrap();
                for task in shard.tasks(split.len()).unwrap() {
                    seen[task] += 1;
                    let counts = split.solve(task);
                    total += counts.total;
                    fundamental += counts.fundamental;
                }
            }
            assert!(
                seen.iter().all(|&times| times == 1),
                "n = {n}, {shards} shards"
            );
            assert_eq!(total, TOTAL[n as usize - 1], "n = {n}, {shards} shards");
            assert_eq!(
                fundamental,
                FUNDAMENTAL[n as usize - 1],
                "n = {n}, {shards} shards"
            );
        }
        // Through the tool: result files, merged.
        for shards in [1u64, 7] {
            let dir = scratch();
            for index in 0..shards {
                shard(n, index, shards, dir.path());
            }
            let merged = merge(dir.path(), &["--fundamental"]);
            assert_eq!(merged.status, 0, "{}", merged.stderr);
            assert_eq!(
                merged.stdout,
                format!(
                    "{} {}\n",
                    TOTAL[n as usize - 1],
                    FUNDAMENTAL[n as usize - 1]
                )
            );
        }
    }
}

#[test]
fn a_shard_result_says_what_it_is() {
    let dir = scratch();
    shard(12, 2, 5, dir.path());
    let text = fs::read_to_string(dir.path().join("nqueens-12-2-of-5.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    for field in [
        "format", "version", "identity", "shard", "shards", "result", "tasks", "seconds", "program",
    ] {
        assert!(value.get(field).is_some(), "no {field} in {text}");
    }
    assert_eq!(value["format"], runner::SHARD_FORMAT);
    assert_eq!(value["version"], runner::SHARD_VERSION);
    assert_eq!(
        (value["shard"].as_u64(), value["shards"].as_u64()),
        (Some(2), Some(5))
    );
    let split = nqueens::Split::new(12).unwrap();
    let identity = &value["identity"];
    assert_eq!(identity["problem"], "nqueens 12");
    assert_eq!(identity["version"], nqueens::SPLIT_VERSION);
    assert_eq!(identity["tasks"].as_u64(), Some(split.len() as u64));
    assert_eq!(identity["hash"], format!("{:016x}", split.hash()));
    // Every fifth task from the third on.
    let tasks = runner::Shard::new(2, 5)
        .unwrap()
        .tasks(split.len())
        .unwrap();
    assert_eq!(value["tasks"].as_u64(), Some(tasks.len() as u64));
    assert_eq!(value["result"]["tasks"].as_u64(), Some(tasks.len() as u64));
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// Four complete shards of n = 11 in a new directory.
fn four_shards() -> TempDir {
    let dir = scratch();
    for index in 0..4 {
        shard(11, index, 4, dir.path());
    }
    dir
}

/// A shard file changed as a hand would, its checksum made again: the
/// checks behind the checksum are what is tested.
fn reseal(path: &Path, change: impl FnOnce(&mut serde_json::Value)) {
    crate::result_files::reseal::<runner::Counts>(path, change);
}

fn edit(path: &Path, change: impl FnOnce(&mut serde_json::Value)) {
    let mut value: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    change(&mut value);
    fs::write(path, serde_json::to_string(&value).unwrap()).unwrap();
}

/// The merge's refusal, with the directory's name taken out.
fn refusal(dir: &Path) -> String {
    let run = merge(dir, &[]);
    assert_eq!(run.status, 1, "{}", run.transcript());
    assert_eq!(run.stdout, "", "no total is printed");
    run.transcript().replace(dir.to_str().unwrap(), "DIR")
}

#[test]
fn merge_refuses_what_it_cannot_trust() {
    let file = |dir: &Path, index: u64| dir.join(format!("nqueens-11-{index}-of-4.json"));

    let dir = four_shards();
    assert_eq!(merge(dir.path(), &[]).stdout, "2680\n");
    // A rerun with the same result is fine.
    fs::copy(file(dir.path(), 1), dir.path().join("rerun-of-1.json")).unwrap();
    assert_eq!(merge(dir.path(), &[]).stdout, "2680\n");

    type Spoil = fn(&Path);
    let cases: [(&str, Spoil); 11] = [
        ("missing", |dir| {
            fs::remove_file(dir.join("nqueens-11-2-of-4.json")).unwrap()
        }),
        ("conflicting_duplicate", |dir| {
            let copy = dir.join("rerun-of-1.json");
            fs::copy(dir.join("nqueens-11-1-of-4.json"), &copy).unwrap();
            reseal(&copy, |v| v["result"]["total"] = "732".into());
        }),
        ("a_total_edited_by_hand", |dir| {
            edit(&dir.join("nqueens-11-3-of-4.json"), |v| {
                v["result"]["total"] = "1000".into()
            })
        }),
        ("another_n", |dir| {
            reseal(&dir.join("nqueens-11-3-of-4.json"), |v| {
                v["identity"]["problem"] = "nqueens 12".into()
            })
        }),
        ("another_m", |dir| {
            reseal(&dir.join("nqueens-11-0-of-4.json"), |v| {
                v["shards"] = 5.into()
            })
        }),
        ("another_split", |dir| {
            reseal(&dir.join("nqueens-11-1-of-4.json"), |v| {
                v["identity"]["hash"] = "0123456789abcdef".into()
            })
        }),
        ("truncated", |dir| {
            let path = dir.join("nqueens-11-2-of-4.json");
            // Cut inside the fields that never vary, for a stable message.
            let text = fs::read_to_string(&path).unwrap();
            fs::write(&path, &text[..40]).unwrap();
        }),
        ("a_total_that_overflows", |dir| {
            for index in [0, 1] {
                reseal(&dir.join(format!("nqueens-11-{index}-of-4.json")), |v| {
                    v["result"]["total"] = u128::MAX.to_string().into()
                });
            }
        }),
        ("more_shards_than_tasks", |dir| {
            for index in 0..4 {
                reseal(&dir.join(format!("nqueens-11-{index}-of-4.json")), |v| {
                    v["shards"] = u64::MAX.into()
                });
            }
        }),
        ("zero_shards", |dir| {
            for index in 0..4 {
                reseal(&dir.join(format!("nqueens-11-{index}-of-4.json")), |v| {
                    v["shards"] = 0.into()
                });
            }
        }),
        ("a_file_of_an_earlier_version", |dir| {
            edit(&dir.join("nqueens-11-3-of-4.json"), |v| {
                *v = serde_json::json!({
                    "format": "nqueens-shard", "n": 11, "shard": 3, "shards": 4,
                    "split": {"version": 1, "tasks": 1000, "hash": "27d264424014cd46"},
                    "total": 700, "fundamental": 90
                })
            })
        }),
    ];
    for (name, spoil) in cases {
        let dir = four_shards();
        spoil(dir.path());
        insta::assert_snapshot!(format!("merge_refuses_{name}"), refusal(dir.path()));
    }
}

#[test]
fn merge_never_blocks_on_a_fifo_and_refuses_what_is_not_a_file() {
    let dir = four_shards();
    let fifo = dir.path().join("stuck.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("endless.json")).unwrap();
    // Run with a watchdog: a merge that opens the FIFO would wait forever.
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
            panic!("merge blocked on a FIFO or an endless file");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("stuck.json: unreadable: not a regular file"),
        "{stderr}"
    );
    assert!(
        stderr.contains("endless.json: unreadable: not a regular file"),
        "{stderr}"
    );
}

#[test]
fn merge_status_names_the_missing_shards() {
    let dir = scratch();
    for index in [0, 1, 2, 4, 6, 7] {
        shard(10, index, 8, dir.path());
    }
    let status = merge(dir.path(), &["--status"]);
    assert_eq!(status.status, 0);
    assert_eq!(
        status.stdout,
        "shards: 8 for n = 10\ndone: 0-2,4,6-7\nmissing: 3,5\n"
    );
    let refused = merge(dir.path(), &[]);
    assert_eq!(refused.status, 1);
    assert!(refused.stderr.contains("--array=3,5"), "{}", refused.stderr);
    shard(10, 3, 8, dir.path());
    shard(10, 5, 8, dir.path());
    let json: serde_json::Value =
        serde_json::from_str(&merge(dir.path(), &["--json"]).stdout).unwrap();
    assert_eq!(
        (json["total"].as_u64(), json["fundamental"].as_u64()),
        (Some(724), Some(92))
    );
}

#[test]
fn shard_arguments_are_checked() {
    let dir = scratch();
    let out = dir.path().to_str().unwrap();
    let tasks = nqueens::Split::new(10).unwrap().len();
    let too_many = format!("0/{}", tasks + 1);
    let too_many_message = format!("more than the {tasks} tasks");
    for (spec, needle) in [
        ("4/4", "from 0 to M - 1"),
        ("1/0", "from 0 to M - 1"),
        ("a/b", "takes I/M"),
        ("3", "takes I/M"),
        ("slurm", "SLURM_ARRAY_TASK_ID"),
        (too_many.as_str(), too_many_message.as_str()),
    ] {
        let run = nqueens(&["count", "10", "--shard", spec, "--out", out], "");
        assert_eq!(run.status, 2, "{spec}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{spec}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{spec}: {}", run.stderr);
    }
    // As many shards as tasks is fine.
    let all = format!("{}/{tasks}", tasks - 1);
    let run = nqueens(&["count", "10", "--shard", &all, "--out", out], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let without_out = nqueens(&["count", "10", "--shard", "0/2"], "");
    assert_eq!(without_out.status, 2);
}

/// A small random number generator, seeded from the clock; the seed is in
/// every failure message.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

/// The tasks a checkpoint journal holds (a task in it twice counts once).
fn recorded(file: &Path) -> usize {
    let mut done = std::collections::BTreeSet::new();
    if let Ok(text) = fs::read_to_string(file) {
        for line in text.split_inclusive('\n').skip(1) {
            if let Ok(entry) = serde_json::from_str::<serde_json::Value>(line)
                && let Some(task) = entry["task"].as_u64()
            {
                done.insert(task);
            }
        }
    }
    done.len()
}

/// Kills `start()`'s process with SIGKILL a few times at random moments
/// (each time after the checkpoint `file` has recorded something new, plus
/// up to `wait` milliseconds, so that every round makes progress however
/// loaded the machine), checking after each kill that the checkpoint lost
/// nothing, then lets a last run finish and returns its standard output.
fn survive_kills(file: &Path, wait: u64, start: &dyn Fn() -> std::process::Child) -> String {
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut random = Lcg(seed);
    let mut kills = 0;
    let mut progress = 0;
    let mut finished_early = None;
    for _ in 0..5 {
        let mut child = start();
        let started = Instant::now();
        // Until something new is recorded (or the run ends)...
        while recorded(file) <= progress
            && child.try_wait().unwrap().is_none()
            && started.elapsed() < Duration::from_secs(120)
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        // ... then a random moment later, in the middle of some task.
        let extra = Duration::from_millis(random.below(wait));
        let then = Instant::now();
        while then.elapsed() < extra && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(5));
        }
        if child.try_wait().unwrap().is_some() {
            finished_early = Some(child.wait_with_output().unwrap());
            break;
        }
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
        kills += 1;
        let now = recorded(file);
        assert!(
            now >= progress,
            "seed {seed}: a kill lost finished work ({progress} then {now})"
        );
        progress = now;
    }
    assert!(
        kills >= 2,
        "seed {seed}: the count finished before it could be killed twice"
    );
    assert!(
        progress > 0,
        "seed {seed}: nothing was recorded between the kills"
    );
    let output = match finished_early {
        Some(output) => output,
        None => start().wait_with_output().unwrap(),
    };
    assert!(
        output.status.success(),
        "seed {seed}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_checkpointed_count_survives_kill_9_and_resumes_exactly() {
    let dir = scratch();
    let file = dir.path().join("q16.journal");
    // n = 16 on one thread: a second or two of tens of thousands of tasks,
    // after the tables are built (which a kill loses).
    let start = || {
        Command::new(nqueens_path())
            .args(["count", "16", "--fundamental", "--threads", "1", "--quiet"])
            .arg("--checkpoint")
            .arg(&file)
            .args(["--checkpoint-every", "0.05"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    assert_eq!(survive_kills(&file, 300, &start), "14772512 1846955\n");

    // A checkpoint of another n is refused, and left as it was.
    let before = fs::read(&file).unwrap();
    let other = nqueens(&["count", "15", "--checkpoint", file.to_str().unwrap()], "");
    assert_eq!(other.status, 2);
    assert!(
        other.stderr.contains("another work list: nqueens 16"),
        "{}",
        other.stderr
    );
    assert_eq!(fs::read(&file).unwrap(), before);
}

#[test]
fn a_checkpointed_pentomino_count_survives_kill_9_and_resumes_exactly() {
    let dir = scratch();
    let file = dir.path().join("6x10.journal");
    let program = example("pentomino");
    let start = || {
        Command::new(&program)
            .args(["6x10", "--threads", "1", "--checkpoint"])
            .arg(&file)
            .args(["--checkpoint-every", "0.05"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    assert_eq!(
        survive_kills(&file, 100, &start),
        "6x10: 2339 tilings up to rotation and reflection (9356 counting the symmetric copies apart)\n"
    );
}

#[test]
fn a_torn_journal_line_is_recounted_not_lost() {
    let dir = scratch();
    let file = dir.path().join("q12.journal");
    let path = file.to_str().unwrap();
    let whole = nqueens(&["count", "12", "--checkpoint", path, "--fundamental"], "");
    assert_eq!(whole.stdout, "14200 1787\n");
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The header, half of the tasks, and the next line torn mid-write.
    let half = lines.len() / 2;
    let mut journal: String = lines[..half].iter().map(|l| format!("{l}\n")).collect();
    journal.push_str(&lines[half][..lines[half].len() / 2]);
    fs::write(&file, journal).unwrap();
    let resumed = nqueens(&["count", "12", "--checkpoint", path, "--fundamental"], "");
    assert_eq!(resumed.status, 0, "{}", resumed.stderr);
    assert_eq!(resumed.stdout, "14200 1787\n");
}

#[test]
fn a_checkpoint_of_the_earlier_version_is_refused_by_name() {
    let dir = scratch();
    let file = dir.path().join("old.json");
    fs::write(
        &file,
        r#"{"format":"nqueens-checkpoint","n":12,"split":{"version":1,"tasks":3298,"hash":"9efae0294d6a9ad2"},"done":[]}"#,
    )
    .unwrap();
    let run = nqueens(&["count", "12", "--checkpoint", file.to_str().unwrap()], "");
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("earlier version (nqueens-checkpoint, format version 1)"),
        "{}",
        run.stderr
    );
}

#[test]
fn slurm_array_variables_name_the_shard() {
    let dir = scratch();
    let out = dir.path().to_str().unwrap();
    let run = |spec: &str, vars: &[(&str, &str)]| {
        let output = Command::new(nqueens_path())
            .args(["count", "10", "--quiet", "--shard", spec, "--out", out])
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("SLURM_ARRAY_TASK_COUNT")
            .envs(vars.iter().copied())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{spec}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    run(
        "slurm",
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
    );
    assert!(dir.path().join("nqueens-10-1-of-3.json").exists());
    // A resubmitted task is alone in its array: M comes from the argument.
    run(
        "slurm/3",
        &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "1"),
        ],
    );
    run("0/3", &[]);
    assert_eq!(merge(dir.path(), &[]).stdout, "724\n");
}

/// CPU time over wall time of a running process, from `/proc`: sampled
/// until it exits, the last sample taken at least half a second in.
fn cpu_share(mut child: std::process::Child) -> (f64, std::process::Output) {
    let ticks = 100.0; // USER_HZ on Linux
    let started = Instant::now();
    let stat = format!("/proc/{}/stat", child.id());
    let mut share: f64 = 0.0;
    while child.try_wait().unwrap().is_none() {
        if let Ok(text) = fs::read_to_string(&stat) {
            // Fields after the command name, which is in parentheses.
            let fields: Vec<&str> = text
                .rsplit(')')
                .next()
                .unwrap()
                .split_whitespace()
                .collect();
            let cpu: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
            let wall = started.elapsed().as_secs_f64();
            if wall >= 0.5 {
                share = share.max(cpu / ticks / wall);
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (share, child.wait_with_output().unwrap())
}

#[test]
fn one_thread_means_one_thread_in_every_path() {
    let dir = scratch();
    let journal = dir.path().join("q16.journal");
    let shards = dir.path().join("shards");
    let timeout: &[&str] = &["--timeout", "1000"];
    let checkpoint: &[&str] = &["--checkpoint", journal.to_str().unwrap()];
    let shard: &[&str] = &["--shard", "0/2", "--out", shards.to_str().unwrap()];
    let cases: [&[&[&str]]; 7] = [
        &[timeout],
        &[checkpoint],
        &[shard],
        &[timeout, checkpoint],
        &[timeout, shard],
        &[checkpoint, shard],
        &[timeout, checkpoint, shard],
    ];
    for case in cases {
        let _ = fs::remove_file(&journal);
        let mut args = vec!["count", "16", "--threads", "1", "--json", "--quiet"];
        for part in case {
            args.extend_from_slice(part);
        }
        let child = Command::new(nqueens_path())
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (share, output) = cpu_share(child);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert!(
            share <= 1.2,
            "{args:?}: {share:.2} CPU seconds per second on one thread"
        );
        if !case.contains(&shard) {
            let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(json["threads"], 1, "{args:?}");
            assert_eq!(json["total"], 14772512, "{args:?}");
        }
    }
    // The JSON says the threads used, whatever was asked.
    let all = nqueens(&["count", "10", "--json", "--threads", "2"], "");
    let json: serde_json::Value = serde_json::from_str(&all.stdout).unwrap();
    assert_eq!(json["threads"], 2);
}

#[test]
fn pentomino_shards_merge_to_the_known_counts() {
    let dir = scratch();
    let out = dir.path().to_str().unwrap();
    let program = example("pentomino");
    for index in 0..3 {
        let spec = format!("{index}/3");
        let shard = run(
            &program,
            &["5x12", "--shard", &spec, "--out", out, "--threads", "1"],
            "",
        );
        assert_eq!(shard.status, 0, "{}", shard.stderr);
    }
    let merged = run(&program, &["merge", out], "");
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(
        merged.stdout,
        "5x12: 1010 tilings up to rotation and reflection (4040 counting the symmetric copies apart)\n"
    );
}
