//! `fzn-csp` as a cluster job: a model's subproblems in shard files,
//! merged into the answer one process gives; missing and foreign shards
//! refused; a checkpoint that survives `kill -9`. The real binary, real
//! files, real signals.
//!
//! The models are in `tests/data/shard`, each compiled by MiniZinc with
//! this repository's library from the `.mzn` beside it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fzn-csp"))
}

fn model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/shard/{name}"))
}

fn fzn(args: &[&str]) -> Output {
    Command::new(binary())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `fzn-csp FILE ARGS` in one process: its standard output.
fn one_process(file: &str, args: &[&str]) -> String {
    let path = model(file);
    let out = fzn(&[args, &[path.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Shards `indices` of `shards` of `file` into `dir`.
fn shards(
    file: &str,
    args: &[&str],
    indices: impl IntoIterator<Item = u64>,
    shards: u64,
    dir: &Path,
) {
    let path = model(file);
    for index in indices {
        let spec = format!("{index}/{shards}");
        let out = fzn(&[
            args,
            &[
                path.to_str().unwrap(),
                "--shard",
                &spec,
                "--out",
                dir.to_str().unwrap(),
            ],
        ]
        .concat());
        assert!(out.status.success(), "shard {spec}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "", "a shard prints nothing");
    }
}

fn merge(dir: &Path, args: &[&str]) -> Output {
    fzn(&[&["merge", dir.to_str().unwrap()], args].concat())
}

/// The solutions printed, each as its lines.
fn solutions(out: &str) -> Vec<&str> {
    let mut blocks: Vec<&str> = out.split("----------\n").collect();
    blocks.pop();
    blocks
}

/// The value of a `%%%mzn-stat: NAME=` line.
fn stat<'a>(out: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("%%%mzn-stat: {name}=");
    out.lines().find_map(|l| l.strip_prefix(&prefix))
}

#[test]
fn all_solutions_counted_in_8_shards_merge_to_the_count_of_one_process() {
    let alone = one_process("queens10.fzn", &["-a"]);
    let count = solutions(&alone).len();
    assert_eq!(count, 724, "{alone}");
    let dir = tempfile::tempdir().unwrap();
    shards("queens10.fzn", &["-a"], 0..8, 8, dir.path());
    let merged = merge(dir.path(), &[]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let out = text(&merged.stdout);
    assert_eq!(stat(&out, "solutions"), Some("724"), "{out}");
    // The first solution, as one process finds it first; every solution
    // counted, so the search is complete.
    let first = one_process("queens10.fzn", &[]);
    assert_eq!(solutions(&out), solutions(&first), "{out}");
    assert!(out.contains("----------\n==========\n"), "{out}");
    assert!(out.ends_with("%%%mzn-stat-end\n"), "{out}");
}

#[test]
fn the_first_solution_of_8_shards_is_the_first_of_one_process_and_claims_no_more() {
    let dir = tempfile::tempdir().unwrap();
    shards("queens10.fzn", &[], 0..8, 8, dir.path());
    let out = text(&merge(dir.path(), &[]).stdout);
    let first = one_process("queens10.fzn", &[]);
    assert_eq!(solutions(&out), solutions(&first), "{out}");
    // Each task stopped at its first solution: not all were searched.
    assert!(!out.contains("=========="), "{out}");
}

#[test]
fn an_unsatisfiable_model_in_8_shards_merges_as_unsatisfiable() {
    assert_eq!(one_process("unsat.fzn", &[]), "=====UNSATISFIABLE=====\n");
    let dir = tempfile::tempdir().unwrap();
    shards("unsat.fzn", &[], 0..8, 8, dir.path());
    let out = text(&merge(dir.path(), &[]).stdout);
    assert!(out.starts_with("=====UNSATISFIABLE=====\n"), "{out}");
    assert_eq!(stat(&out, "solutions"), Some("0"), "{out}");
}

#[test]
fn an_optimisation_in_8_shards_merges_to_the_optimum_of_one_process() {
    let alone = one_process("pack.fzn", &["-s"]);
    assert!(alone.contains("==========\n"), "{alone}");
    let optimum = stat(&alone, "objective").unwrap().to_owned();
    for threads in ["1", "2"] {
        let dir = tempfile::tempdir().unwrap();
        shards("pack.fzn", &["-p", threads], 0..8, 8, dir.path());
        let out = text(&merge(dir.path(), &[]).stdout);
        assert_eq!(
            stat(&out, "objective"),
            Some(&optimum[..]),
            "-p {threads}: {out}"
        );
        assert_eq!(solutions(&out).len(), 1, "{out}");
        assert!(out.contains("----------\n==========\n"), "{out}");
    }
}

#[test]
fn a_missing_shard_is_named_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    shards(
        "queens10.fzn",
        &["-a"],
        [0, 1, 2, 4, 5, 6, 7],
        8,
        dir.path(),
    );
    let refused = merge(dir.path(), &[]);
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(text(&refused.stdout), "");
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains("fzn-csp: missing shards of 8: 3"),
        "{stderr}"
    );
    let status = text(&merge(dir.path(), &["--status"]).stdout);
    assert!(status.contains("done: 0-2,4-7\nmissing: 3\n"), "{status}");
}

#[test]
fn a_shard_of_another_model_or_other_options_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    shards("queens10.fzn", &["-a"], 0..8, 8, dir.path());
    let other = tempfile::tempdir().unwrap();
    shards("unsat.fzn", &[], [3], 8, other.path());
    for entry in std::fs::read_dir(other.path()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let refused = merge(dir.path(), &[]);
    assert_eq!(refused.status.code(), Some(1));
    let stderr = text(&refused.stderr);
    assert!(stderr.contains("a shard of fzn-csp unsat.fzn"), "{stderr}");

    // The same file without -a: the same tasks, another job.
    let mixed = tempfile::tempdir().unwrap();
    shards("queens10.fzn", &["-a"], 0..8, 8, mixed.path());
    let first = tempfile::tempdir().unwrap();
    shards("queens10.fzn", &[], [5], 8, first.path());
    for entry in std::fs::read_dir(first.path()).unwrap() {
        let path = entry.unwrap().path();
        let name = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".json", "-first.json");
        std::fs::copy(&path, mixed.path().join(name)).unwrap();
    }
    let refused = merge(mixed.path(), &[]);
    assert_eq!(refused.status.code(), Some(1));
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains("from another split of the work"),
        "{stderr}"
    );
}

#[test]
fn a_shard_stopped_by_the_time_limit_writes_no_file() {
    // Stopped while reading the file, or in the search.
    for ms in ["1", "100"] {
        let dir = tempfile::tempdir().unwrap();
        let path = model("queens12.fzn");
        let out = fzn(&[
            "-a",
            "-t",
            ms,
            path.to_str().unwrap(),
            "--shard",
            "0/1",
            "--out",
            dir.path().to_str().unwrap(),
        ]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "-t {ms}: {stderr}");
        assert!(
            stderr.contains("no shard file written"),
            "-t {ms}: {stderr}"
        );
        assert_eq!(text(&out.stdout), "", "-t {ms}");
        let files = std::fs::read_dir(dir.path()).map_or(0, Iterator::count);
        assert_eq!(files, 0, "-t {ms}");
    }
}

#[test]
fn a_file_named_merge_is_solved_as_dot_slash_merge() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(model("queens10.fzn"), dir.path().join("merge")).unwrap();
    let out = Command::new(binary())
        .args(["-a", "./merge"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(solutions(&text(&out.stdout)).len(), 724);
}

/// The tasks a checkpoint holds: its lines after the header, each once.
fn recorded(file: &Path) -> usize {
    let mut done = std::collections::BTreeSet::new();
    if let Ok(text) = std::fs::read_to_string(file) {
        for line in text.split_inclusive('\n').skip(1) {
            if let Some(rest) = line.strip_prefix("{\"task\":")
                && line.ends_with('\n')
            {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                done.insert(digits);
            }
        }
    }
    done.len()
}

/// A small random number generator, seeded from the clock (the seed is in
/// every failure message).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

#[test]
fn a_checkpointed_shard_survives_kill_9_and_resumes_exactly() {
    let alone = one_process("queens12.fzn", &["-a"]);
    let expected = solutions(&alone).len();
    assert_eq!(expected, 14200);
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("shard.journal");
    let out = dir.path().join("out");
    let path = model("queens12.fzn");
    let start = || -> Child {
        Command::new(binary())
            .args(["-a", path.to_str().unwrap(), "--shard", "0/2", "--out"])
            .arg(&out)
            .arg("--checkpoint")
            .arg(&journal)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut random = Lcg(seed);
    let (mut kills, mut progress, mut finished) = (0, 0, false);
    for _ in 0..5 {
        let mut child = start();
        let started = Instant::now();
        while recorded(&journal) <= progress
            && child.try_wait().unwrap().is_none()
            && started.elapsed() < Duration::from_secs(120)
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        let extra = Duration::from_millis(random.below(60));
        let then = Instant::now();
        while then.elapsed() < extra && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(2));
        }
        if child.try_wait().unwrap().is_some() {
            finished = true;
            break;
        }
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
        kills += 1;
        let now = recorded(&journal);
        assert!(
            now >= progress,
            "seed {seed}: a kill lost finished work ({progress} then {now})"
        );
        progress = now;
    }
    assert!(
        kills >= 2,
        "seed {seed}: the shard finished before it was killed twice"
    );
    if !finished {
        let last = start().wait_with_output().unwrap();
        assert!(last.status.success(), "seed {seed}: {}", text(&last.stderr));
    }
    // The other shard in one go, then the merge: the count of one process.
    shards("queens12.fzn", &["-a"], [1], 2, &out);
    let merged = merge(&out, &[]);
    assert!(
        merged.status.success(),
        "seed {seed}: {}",
        text(&merged.stderr)
    );
    let merged = text(&merged.stdout);
    assert_eq!(
        stat(&merged, "solutions"),
        Some(&expected.to_string()[..]),
        "seed {seed}: {merged}"
    );
    assert_eq!(
        solutions(&merged),
        solutions(&one_process("queens12.fzn", &[]))
    );
}

#[test]
fn a_solution_that_prints_more_than_a_checkpoint_keeps_is_refused_and_nothing_recorded() {
    // 13,000 fixed values of 19 digits: more than 256 KiB printed.
    let n = 13_000;
    let mut file: String = (0..n)
        .map(|i| format!("var 1000000000000000000..1000000000000000000: x{i};\n"))
        .collect();
    file.push_str("var 1..2: y :: output_var;\n");
    let names: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    file.push_str(&format!(
        "array [1..{n}] of var int: xs :: output_array([1..{n}]) = [{}];\nsolve satisfy;\n",
        names.join(",")
    ));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wide.fzn");
    std::fs::write(&path, file).unwrap();
    let journal = dir.path().join("wide.journal");
    let out = fzn(&[
        path.to_str().unwrap(),
        "--checkpoint",
        journal.to_str().unwrap(),
        "--shard",
        "0/1",
        "--out",
        dir.path().join("out").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("fzn-csp: a solution prints "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(recorded(&journal), 0);
    assert_eq!(
        std::fs::read_dir(dir.path().join("out")).unwrap().count(),
        0
    );
}
