//! The files of a count in pieces as a user handles them: edited by hand,
//! flipped bits, checkpoints given as links or kept beside the shards,
//! new directories, umasks, odd names and odd paths.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::process::{Run, example, nqueens, run};

pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("nqueens-test-")
        .tempdir()
        .unwrap()
}

pub fn shards(n: u32, count: u64, dir: &Path) {
    for index in 0..count {
        let spec = format!("{index}/{count}");
        let args = [
            "count",
            &n.to_string(),
            "--shard",
            &spec,
            "--out",
            dir.to_str().unwrap(),
            "--quiet",
        ];
        let run = nqueens(&args, "");
        assert_eq!(run.status, 0, "{}", run.stderr);
    }
}

pub fn merge(dir: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["merge", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    nqueens(&args, "")
}

/// Changes a shard file as a hand would, then writes it again through the
/// library, so that its checksum holds: what is tested is the check behind
/// the checksum.
pub fn reseal<T: runner::Tally>(path: &Path, change: impl FnOnce(&mut Value)) {
    let mut v: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    change(&mut v);
    let file = runner::ShardFile::<T> {
        identity: serde_json::from_value(v["identity"].clone()).unwrap(),
        shard: v["shard"].as_u64().unwrap(),
        shards: v["shards"].as_u64().unwrap(),
        result: T::from_json(&v["result"]).unwrap(),
        tasks: v["tasks"].as_u64().unwrap(),
        seconds: v["seconds"].as_f64().unwrap(),
        program: v["program"].as_str().unwrap().to_owned(),
    };
    // Written apart, then moved over the file: under its own name, which
    // may not be the one the library would give it.
    let apart = tempfile::tempdir_in(path.parent().unwrap()).unwrap();
    let written = file.write(apart.path()).unwrap();
    fs::rename(written, path).unwrap();
}

pub fn one_short_line(text: &str, what: &str) {
    assert_eq!(text.lines().count(), 1, "{what}: {text}");
    assert!(text.len() < 500, "{what}: {} bytes", text.len());
}

#[test]
fn a_shard_total_edited_by_hand_is_refused_with_the_file_named() {
    let dir = scratch();
    shards(10, 2, dir.path());
    let path = dir.path().join("nqueens-10-0-of-2.json");
    let text = fs::read_to_string(&path).unwrap();
    let total = serde_json::from_str::<Value>(&text).unwrap()["result"]["total"].clone();
    let total = total.as_str().unwrap();
    let edited = text.replace(
        &format!("\"{total}\""),
        &format!("\"{}\"", total.parse::<u64>().unwrap() + 1),
    );
    assert_ne!(edited, text);
    fs::write(&path, edited).unwrap();
    let run = merge(dir.path(), &[]);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .contains("nqueens-10-0-of-2.json: unreadable: its checksum does not match"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_shard_with_a_flipped_bit_is_refused() {
    let dir = scratch();
    shards(10, 2, dir.path());
    let path = dir.path().join("nqueens-10-1-of-2.json");
    let mut bytes = fs::read(&path).unwrap();
    // In the number of nodes: any digit, still a digit.
    let at = String::from_utf8_lossy(&bytes).find("\"nodes\": ").unwrap() + 9;
    bytes[at] ^= 1;
    fs::write(&path, bytes).unwrap();
    let run = merge(dir.path(), &[]);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("nqueens-10-1-of-2.json"),
        "{}",
        run.stderr
    );
}

#[test]
fn shard_numbers_that_cannot_be_are_refused_even_with_a_right_checksum() {
    type Change = fn(&mut Value);
    let cases: [(&str, Change); 4] = [
        ("says it solved 1 tasks", |v| v["tasks"] = 1.into()),
        ("covers 1 tasks", |v| v["result"]["tasks"] = 1.into()),
        ("fundamental solutions is more than", |v| {
            v["result"]["fundamental"] = "400".into();
        }),
        ("seconds, which no shard takes", |v| {
            v["seconds"] = 1e308.into()
        }),
    ];
    for (needle, change) in cases {
        let dir = scratch();
        shards(10, 2, dir.path());
        reseal::<runner::Counts>(&dir.path().join("nqueens-10-0-of-2.json"), change);
        let run = merge(dir.path(), &[]);
        assert_eq!(run.status, 1, "{needle}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{needle}: {}", run.stderr);
        assert!(
            run.stderr.contains("nqueens-10-0-of-2.json"),
            "{}",
            run.stderr
        );
        let json = merge(dir.path(), &["--json"]);
        assert_eq!((json.status, json.stdout.as_str()), (1, ""), "{needle}");
    }
}

#[test]
fn merge_json_seconds_are_a_number() {
    let dir = scratch();
    shards(9, 3, dir.path());
    let json: Value = serde_json::from_str(&merge(dir.path(), &["--json"]).stdout).unwrap();
    assert!(json["seconds"].is_f64(), "{json}");
}

#[test]
fn a_shard_edited_to_claim_another_n_is_named_not_the_intact_one() {
    let dir = scratch();
    shards(10, 2, dir.path());
    reseal::<runner::Counts>(&dir.path().join("nqueens-10-0-of-2.json"), |v| {
        v["identity"]["problem"] = "nqueens 99".into();
    });
    let run = merge(dir.path(), &[]);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("nqueens-10-0-of-2.json: a shard of nqueens 99"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("missing shards of 2: 1"),
        "{}",
        run.stderr
    );
}

#[test]
fn two_long_problem_names_that_differ_late_print_differently() {
    let dir = scratch();
    shards(10, 3, dir.path());
    let long = |last: &str| format!("nqueens 10 {}{last}", "x".repeat(40));
    for (index, last) in [(0, "a"), (1, "b"), (2, "b")] {
        reseal::<runner::Counts>(
            &dir.path().join(format!("nqueens-10-{index}-of-3.json")),
            |v| {
                v["identity"]["problem"] = long(last).into();
            },
        );
    }
    let run = merge(dir.path(), &[]);
    assert_eq!(run.status, 1);
    let line = run
        .stderr
        .lines()
        .find(|l| l.contains("a shard of"))
        .unwrap()
        .to_owned();
    let (theirs, ours) = line.split_once(", the others are of ").unwrap();
    let theirs = theirs.rsplit_once("a shard of ").unwrap().1;
    assert_ne!(theirs, ours, "{line}");
}

#[test]
fn long_problem_names_give_one_short_line() {
    let dir = scratch();
    shards(10, 2, dir.path());
    for (index, name) in [
        (0, "n".repeat(100_000)),
        (1, format!("nqueens {}", "9".repeat(4000))),
    ] {
        reseal::<runner::Counts>(
            &dir.path().join(format!("nqueens-10-{index}-of-2.json")),
            |v| {
                v["identity"]["problem"] = name.into();
            },
        );
    }
    let status = merge(dir.path(), &["--status"]);
    assert_eq!(status.status, 0);
    for line in status.stdout.lines() {
        assert!(
            line.len() < 500,
            "{} bytes: {}...",
            line.len(),
            &line[..100]
        );
    }
    let refused = merge(dir.path(), &[]);
    assert_eq!(refused.status, 1);
    for line in refused.stderr.lines() {
        assert!(line.len() < 500, "{} bytes", line.len());
    }
}

#[test]
fn a_sudoku_shard_with_a_result_deleted_is_refused_not_merged_with_a_gap() {
    let dir = scratch();
    let out = dir.path().join("out");
    let puzzles = dir.path().join("puzzles.txt");
    let file =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/data/hard.txt"))
            .unwrap();
    fs::write(&puzzles, &file).unwrap();
    let sudoku = example("sudoku");
    for index in 0..2 {
        let spec = format!("{index}/2");
        let args = [
            "--max",
            "2",
            "--shard",
            &spec,
            "--out",
            out.to_str().unwrap(),
            puzzles.to_str().unwrap(),
        ];
        let done = run(&sudoku, &args, "");
        assert_eq!(done.status, 0, "{}", done.stderr);
    }
    let whole = run(&sudoku, &["merge", out.to_str().unwrap()], "");
    assert_eq!(whole.status, 0, "{}", whole.stderr);
    let shard = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_str().unwrap().ends_with("-0-of-2.json"))
        .unwrap();
    reseal::<backtrack::PerTask<u64>>(&shard, |v| {
        let results = v["result"].as_object_mut().unwrap();
        let first = results.keys().next().unwrap().clone();
        results.remove(&first);
    });
    let gap = run(&sudoku, &["merge", out.to_str().unwrap()], "");
    assert_ne!(gap.status, 0, "{}", gap.stdout);
    assert_eq!(gap.stdout, "");
    assert!(gap.stderr.contains("some are missing"), "{}", gap.stderr);
    // One line per problem, as every merge prints them: the shard's, and
    // the shard it leaves missing.
    assert_eq!(gap.stderr.lines().count(), 2, "{}", gap.stderr);
    for line in gap.stderr.lines() {
        one_short_line(line, "sudoku merge");
    }
}

#[test]
fn sudoku_and_pentomino_merges_cut_a_long_problem_name() {
    let name = "sudoku ".to_owned() + &"m".repeat(4000);
    for (program, args, pattern) in [
        (
            "sudoku",
            vec!["--max", "2", "examples/data/hard.txt"],
            "-0-of-1.json",
        ),
        ("pentomino", vec!["3x20"], "-0-of-1.json"),
    ] {
        let dir = scratch();
        let out = dir.path().to_str().unwrap();
        let mut all = args.clone();
        all.extend(["--shard", "0/1", "--out", out]);
        let exe = example(program);
        let done = run(&exe, &all, "");
        assert_eq!(done.status, 0, "{program}: {}", done.stderr);
        let shard = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.to_str().unwrap().ends_with(pattern))
            .unwrap();
        let problem = name.clone();
        if program == "sudoku" {
            reseal::<backtrack::PerTask<u64>>(&shard, |v| {
                v["identity"]["problem"] = problem.into()
            });
        } else {
            reseal::<runner::Counts>(&shard, |v| v["identity"]["problem"] = problem.into());
        }
        let merged = run(&exe, &["merge", out], "");
        assert_ne!(merged.status, 0, "{program}");
        one_short_line(&merged.stderr, program);
    }
}

#[test]
fn a_model_shard_claiming_a_huge_model_is_refused_quickly() {
    let dir = scratch();
    let file = runner::ShardFile {
        identity: runner::Identity::new("magic 16 depth=3", runner::SUBPROBLEMS_VERSION, 3, 0x1234),
        shard: 0,
        shards: 1,
        result: runner::Counts {
            total: 1,
            fundamental: 0,
            tasks: 3,
            nodes: 1,
        },
        tasks: 3,
        seconds: 1.0,
        program: "model".into(),
    };
    file.write(dir.path()).unwrap();
    let started = Instant::now();
    let merged = run(
        &example("model"),
        &["merge", dir.path().to_str().unwrap()],
        "",
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    assert_ne!(merged.status, 0);
    one_short_line(&merged.stderr, "model merge");
}
