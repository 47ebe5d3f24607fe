//! Counting in pieces: shards and their merge, and checkpoints that survive
//! `kill -9`. The real binary, real files, real signals.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

mod common;

use common::{Run, nqueens, nqueens_path};

/// OEIS A000170 and A002562 from n = 1.
const TOTAL: [u128; 16] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
];
const FUNDAMENTAL: [u128; 16] = [
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
];

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("nqueens-{name}-{}-{stamp}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir
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
    let split = |n| nqueens::Split::new(n).unwrap();
    for n in 8..=13u32 {
        let split = split(n);
        for shards in [1u64, 2, 7, 64] {
            // In the library: each task in exactly one shard, sums exact.
            let mut seen = vec![0u32; split.len()];
            let (mut total, mut fundamental) = (0u128, 0u128);
            for index in 0..shards {
                for task in split.shard(index, shards) {
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
            let dir = scratch("shards");
            for index in 0..shards {
                shard(n, index, shards, &dir);
            }
            let merged = merge(&dir, &["--fundamental"]);
            assert_eq!(merged.status, 0, "{}", merged.stderr);
            assert_eq!(
                merged.stdout,
                format!(
                    "{} {}\n",
                    TOTAL[n as usize - 1],
                    FUNDAMENTAL[n as usize - 1]
                )
            );
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn a_shard_result_says_what_it_is() {
    let dir = scratch("result");
    shard(12, 2, 5, &dir);
    let text = fs::read_to_string(dir.join("nqueens-12-2-of-5.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    for field in [
        "n",
        "shard",
        "shards",
        "split",
        "total",
        "fundamental",
        "subproblems",
        "seconds",
        "program",
    ] {
        assert!(value.get(field).is_some(), "no {field} in {text}");
    }
    assert_eq!(
        (
            value["n"].as_u64(),
            value["shard"].as_u64(),
            value["shards"].as_u64()
        ),
        (Some(12), Some(2), Some(5))
    );
    assert_eq!(value["split"]["version"], nqueens::SPLIT_VERSION);
    let split = nqueens::Split::new(12).unwrap();
    assert_eq!(value["split"]["tasks"].as_u64(), Some(split.len() as u64));
    assert_eq!(value["split"]["hash"], format!("{:016x}", split.hash()));
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    fs::remove_dir_all(&dir).unwrap();
}

/// Four complete shards of n = 11 in a new directory.
fn four_shards() -> PathBuf {
    let dir = scratch("merge");
    for index in 0..4 {
        shard(11, index, 4, &dir);
    }
    dir
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
    assert_eq!(merge(&dir, &[]).stdout, "2680\n");
    // A rerun with the same result is fine.
    fs::copy(file(&dir, 1), dir.join("rerun-of-1.json")).unwrap();
    assert_eq!(merge(&dir, &[]).stdout, "2680\n");
    fs::remove_dir_all(&dir).unwrap();

    type Spoil = fn(&Path);
    let cases: [(&str, Spoil); 6] = [
        ("missing", |dir| {
            fs::remove_file(dir.join("nqueens-11-2-of-4.json")).unwrap()
        }),
        ("conflicting_duplicate", |dir| {
            let copy = dir.join("rerun-of-1.json");
            fs::copy(dir.join("nqueens-11-1-of-4.json"), &copy).unwrap();
            edit(&copy, |v| {
                v["total"] = (v["total"].as_u64().unwrap() + 8).into()
            });
        }),
        ("another_n", |dir| {
            edit(&dir.join("nqueens-11-3-of-4.json"), |v| v["n"] = 12.into())
        }),
        ("another_m", |dir| {
            edit(&dir.join("nqueens-11-0-of-4.json"), |v| {
                v["shards"] = 5.into()
            })
        }),
        ("another_split", |dir| {
            edit(&dir.join("nqueens-11-1-of-4.json"), |v| {
                v["split"]["hash"] = "0123456789abcdef".into()
            })
        }),
        ("truncated", |dir| {
            let path = dir.join("nqueens-11-2-of-4.json");
            // Cut inside the fields that never vary, for a stable message.
            let text = fs::read_to_string(&path).unwrap();
            fs::write(&path, &text[..60]).unwrap();
        }),
    ];
    for (name, spoil) in cases {
        let dir = four_shards();
        spoil(&dir);
        insta::assert_snapshot!(format!("merge_refuses_{name}"), refusal(&dir));
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn merge_status_names_the_missing_shards() {
    let dir = scratch("status");
    for index in [0, 1, 2, 4, 6, 7] {
        shard(10, index, 8, &dir);
    }
    let status = merge(&dir, &["--status"]);
    assert_eq!(status.status, 0);
    assert_eq!(
        status.stdout,
        "shards: 8 for n = 10\ndone: 0-2,4,6-7\nmissing: 3,5\n"
    );
    let refused = merge(&dir, &[]);
    assert_eq!(refused.status, 1);
    assert!(refused.stderr.contains("--array=3,5"), "{}", refused.stderr);
    shard(10, 3, 8, &dir);
    shard(10, 5, 8, &dir);
    let json: serde_json::Value = serde_json::from_str(&merge(&dir, &["--json"]).stdout).unwrap();
    assert_eq!(
        (json["total"].as_u64(), json["fundamental"].as_u64()),
        (Some(724), Some(92))
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shard_arguments_are_checked() {
    let dir = scratch("args");
    let out = dir.to_str().unwrap();
    for (spec, needle) in [
        ("4/4", "from 0 to M - 1"),
        ("1/0", "from 0 to M - 1"),
        ("a/b", "takes I/M"),
        ("3", "takes I/M"),
        ("slurm", "SLURM_ARRAY_TASK_ID"),
    ] {
        let run = nqueens(&["count", "10", "--shard", spec, "--out", out], "");
        assert_eq!(run.status, 2, "{spec}");
        assert_eq!(run.stderr.lines().count(), 1, "{spec}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{spec}: {}", run.stderr);
    }
    let without_out = nqueens(&["count", "10", "--shard", "0/2"], "");
    assert_eq!(without_out.status, 2);
    fs::remove_dir_all(&dir).unwrap();
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

/// How many finished subproblems a checkpoint holds, snapshot and journal
/// together (an index in both counts once).
fn recorded(file: &Path) -> usize {
    let mut done = std::collections::BTreeSet::new();
    if let Ok(text) = fs::read_to_string(file) {
        let snapshot: serde_json::Value = serde_json::from_str(&text).unwrap();
        for entry in snapshot["done"].as_array().unwrap() {
            done.insert(entry[0].as_u64().unwrap());
        }
    }
    let mut journal = file.as_os_str().to_owned();
    journal.push(".journal");
    if let Ok(text) = fs::read_to_string(PathBuf::from(journal)) {
        for line in text.lines().skip(1) {
            if let Some(index) = line.split(' ').next().and_then(|i| i.parse::<u64>().ok()) {
                done.insert(index);
            }
        }
    }
    done.len()
}

#[test]
fn a_checkpointed_count_survives_kill_9_and_resumes_exactly() {
    let dir = scratch("checkpoint");
    let file = dir.join("q17.json");
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut random = Lcg(seed);
    // n = 17 on one thread: a few seconds, tens of thousands of subproblems.
    let count = |file: &Path| {
        Command::new(nqueens_path())
            .args(["count", "17", "--fundamental", "--threads", "1", "--quiet"])
            .arg("--checkpoint")
            .arg(file)
            .args(["--checkpoint-every", "0.05"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut kills = 0;
    let mut progress = 0;
    let mut finished_early = None;
    for _ in 0..5 {
        let mut child = count(&file);
        let wait = Duration::from_millis(150 + random.below(600));
        let started = Instant::now();
        while started.elapsed() < wait && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(5));
        }
        if child.try_wait().unwrap().is_some() {
            finished_early = Some(child.wait_with_output().unwrap());
            break;
        }
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
        kills += 1;
        let now = recorded(&file);
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
        None => count(&file).wait_with_output().unwrap(),
    };
    assert!(
        output.status.success(),
        "seed {seed}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "95815104 11977939\n",
        "seed {seed}"
    );

    // A checkpoint of another n is refused, and left as it was.
    let before = fs::read(&file).unwrap();
    let other = nqueens(&["count", "15", "--checkpoint", file.to_str().unwrap()], "");
    assert_eq!(other.status, 2);
    assert!(
        other.stderr.contains("n = 17, not n = 15"),
        "{}",
        other.stderr
    );
    assert_eq!(fs::read(&file).unwrap(), before);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_torn_journal_line_is_recounted_not_lost() {
    let dir = scratch("journal");
    let file = dir.join("q12.json");
    let path = file.to_str().unwrap();
    // A finished count leaves a snapshot; start over from a journal alone.
    let whole = nqueens(&["count", "12", "--checkpoint", path, "--fundamental"], "");
    assert_eq!(whole.stdout, "14200 1787\n");
    let snapshot: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    let split = &snapshot["split"];
    let mut journal = format!(
        "nqueens-checkpoint-journal n=12 split={}/{}/{}\n",
        split["version"],
        split["tasks"],
        split["hash"].as_str().unwrap()
    );
    let done = snapshot["done"].as_array().unwrap();
    for entry in &done[..done.len() / 2] {
        journal.push_str(&format!(
            "{} {} {} {}\n",
            entry[0], entry[1], entry[2], entry[3]
        ));
    }
    // The last line torn in the middle of its write.
    journal.push_str(&format!(
        "{} {}",
        done[done.len() / 2][0],
        done[done.len() / 2][1]
    ));
    fs::remove_file(&file).unwrap();
    fs::write(dir.join("q12.json.journal"), journal).unwrap();
    let resumed = nqueens(&["count", "12", "--checkpoint", path, "--fundamental"], "");
    assert_eq!(resumed.status, 0, "{}", resumed.stderr);
    assert_eq!(resumed.stdout, "14200 1787\n");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn slurm_array_variables_name_the_shard() {
    let dir = scratch("slurm");
    let out = dir.to_str().unwrap();
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
    assert!(dir.join("nqueens-10-1-of-3.json").exists());
    // A resubmitted task is alone in its array: M comes from the argument.
    run(
        "slurm/3",
        &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "1"),
        ],
    );
    run("0/3", &[]);
    assert_eq!(merge(&dir, &[]).stdout, "724\n");
    fs::remove_dir_all(&dir).unwrap();
}
