//! `nqueens estimate` as advice a user follows: the plan it prints is a
//! command `count` accepts, a long estimate says so before it runs and
//! stops at `--timeout`, and its figures have three significant digits.

use std::time::{Duration, Instant};

use crate::process::nqueens;

/// The `M` of the `--shard I/M` the plan line of `estimate` recommends.
fn planned_shards(stdout: &str) -> u64 {
    let plan = stdout
        .lines()
        .find(|line| line.starts_with("plan: "))
        .unwrap_or_else(|| panic!("no plan in {stdout}"));
    let m = plan
        .split_whitespace()
        .find_map(|word| word.strip_prefix("I/"))
        .unwrap_or_else(|| panic!("no --shard I/M in {plan}"));
    m.parse().unwrap_or_else(|_| panic!("{plan}"))
}

/// `count N --shard I/M` with its argument checks passed: it counts (or
/// runs out of its tiny --timeout), it does not refuse the shard.
fn count_takes_shard(n: u32, shard: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let n = n.to_string();
    let run = nqueens(
        &[
            "count",
            &n,
            "--shard",
            shard,
            "--out",
            out,
            "--timeout",
            "0.5",
            "--quiet",
        ],
        "",
    );
    match run.status {
        0 | 1 => {
            assert!(!run.stderr.contains("shards"), "{}", run.stderr);
            true
        }
        2 => {
            assert!(run.stderr.contains("shards"), "{}", run.stderr);
            false
        }
        other => panic!("status {other}: {}", run.stderr),
    }
}

#[test]
fn estimate_planned_more_shards_than_count_takes() {
    // Short shards ask for more shards than n = 24 has tasks (366,190),
    // and n = 32 for more than the runner deals out (4,000,000).
    for (n, per_task) in [(24, "1m"), (32, "1s")] {
        let ns = n.to_string();
        let run = nqueens(
            &[
                "estimate",
                &ns,
                "--threads",
                "1",
                "--per-task",
                per_task,
                "--samples",
                "1",
            ],
            "",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        let m = planned_shards(&run.stdout);
        assert!(m > 1000, "n = {n}: {}", run.stdout);
        assert!(count_takes_shard(n, &format!("{}/{m}", m - 1)), "n = {n}");
        // The cap is the most count takes, not less.
        assert!(!count_takes_shard(n, &format!("0/{}", m + 1)), "n = {n}");
    }
}

#[test]
fn estimate_printed_float_noise_as_digits() {
    let run = nqueens(&["estimate", "32", "--samples", "1", "--threads", "1"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let counts: Vec<&str> = run.stdout.lines().skip(1).take(2).collect();
    for line in &counts {
        // Every number of the line: three digits, then zeros.
        for number in line
            .split(|c: char| !c.is_ascii_digit() && c != ',')
            .map(|word| word.replace(',', ""))
            .filter(|digits| digits.len() > 3)
        {
            assert!(number[3..].bytes().all(|b| b == b'0'), "{number} in {line}");
        }
    }
    insta::assert_snapshot!("estimate_32_counts", counts.join("\n"));
}

#[test]
fn estimate_of_three_billion_probes_ran_silently_with_no_timeout() {
    let started = Instant::now();
    let run = nqueens(
        &[
            "estimate",
            "30",
            "--samples",
            "1000000",
            "--timeout",
            "1",
            "--json",
        ],
        "",
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(run.status, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert!(
        lines[0].starts_with(
            "nqueens estimate: 3125000000 probes of Knuth's estimate will take about "
        ),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("--timeout 1 stopped Knuth's probes after "));
    // The estimate of the probes taken, said to be cut short.
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["stopped"], true);
    let taken = value["samples"].as_u64().unwrap();
    assert!((1..3_125_000_000).contains(&taken), "{taken}");
    let q = value["total"]["estimate"].as_f64().unwrap();
    assert!((1e19..1e22).contains(&q), "{q}"); // Q(30) is about 3.6e20
    // A run that ends in time says nothing of the kind.
    let quick = nqueens(&["estimate", "30", "--samples", "1", "--json"], "");
    assert_eq!((quick.status, quick.stderr.as_str()), (0, ""));
    assert!(!quick.stdout.contains("stopped"), "{}", quick.stdout);
}

#[test]
fn estimate_of_a_full_count_ran_silently_with_no_timeout() {
    let started = Instant::now();
    let run = nqueens(
        &["estimate", "20", "--samples", "1000000", "--timeout", "6"],
        "",
    );
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!((run.status, run.stdout.as_str()), (1, ""), "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert!(
        lines[0].starts_with(
            "nqueens estimate: the sample of 117928 tasks (--samples 1000000, every task: a full count) will take about "
        ),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "error: the sample of 117928 tasks did not finish within 6 s (--timeout 6); no estimate (fewer --samples take less)"
    );
}
