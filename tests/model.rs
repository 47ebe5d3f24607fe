//! The `model` example as a user runs it: counts and answers checked
//! against known values and code of their own, a count split over threads,
//! a checkpoint and shards, and mistakes as one line with status 2.

use crate::process::{Run, example};

fn model(args: &[&str]) -> Run {
    crate::process::run(&example("model"), args, "")
}

/// Whether `line` is a solved 9x9 grid that keeps the givens of `puzzle`:
/// every row, column and box holds 1 to 9.
fn solves(puzzle: &str, line: &str) -> bool {
    let d: Vec<u32> = line.chars().filter_map(|c| c.to_digit(10)).collect();
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen: Vec<u32> = cells.map(|i| d[i]).collect();
        seen.sort_unstable();
        seen == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    };
    d.len() == 81
        && (0..9).all(|i| {
            unit_ok(&mut (0..9).map(|j| i * 9 + j))
                && unit_ok(&mut (0..9).map(|j| j * 9 + i))
                && unit_ok(&mut (0..9).map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3))
        })
        && puzzle
            .chars()
            .zip(line.chars())
            .all(|(p, s)| !matches!(p, '1'..='9') || p == s)
}

#[test]
fn counts_and_answers_are_the_known_ones() {
    for (args, expected) in [
        (&["queens", "8"][..], "92\n"),
        (&["magic", "3"], "8\n"),
        (&["langford", "7"], "26\n"),
        (&["takuzu", "6"], "4140\n"),
        (
            &["send-more-money"],
            "S=9\nE=5\nN=6\nD=7\nM=1\nO=0\nR=8\nY=2\n",
        ),
        (
            &["zebra"],
            "The Norwegian drinks water.\nThe Japanese owns the zebra.\n",
        ),
    ] {
        let run = model(args);
        assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{args:?}");
        assert_eq!(run.stdout, expected, "{args:?}");
    }
}

#[test]
fn sudoku_solves_every_hard_puzzle() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/data/hard.txt"),
    )
    .unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let run = model(&["sudoku", "examples/data/hard.txt"]);
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let solved: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(solved.len(), puzzles.len());
    for (puzzle, line) in puzzles.iter().zip(solved) {
        assert!(solves(puzzle, line), "{puzzle} -> {line}");
    }
}

#[test]
fn first_solutions_of_queens_are_valid_placements() {
    let run = model(&["--first", "5", "queens", "8"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5);
    for line in lines {
        let cols: Vec<u32> = line
            .split(' ')
            .map(|c| c.parse::<u32>().unwrap() - 1)
            .collect();
        nqueens::validate(8, &cols).unwrap();
    }
}

#[test]
fn a_count_on_threads_with_a_checkpoint_and_in_shards_adds_up() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("q9.journal");
    let journal = journal.to_str().unwrap();
    // On two threads with a checkpoint, then again from the checkpoint.
    for _ in 0..2 {
        let run = model(&["queens", "9", "--threads", "2", "--checkpoint", journal]);
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (0, "352\n"),
            "{}",
            run.stderr
        );
    }
    // A checkpoint of another count is refused, one line per problem.
    let other = model(&["queens", "10", "--checkpoint", journal]);
    assert_eq!(other.status, 2);
    assert!(
        other.stderr.contains("another work list"),
        "{}",
        other.stderr
    );
    // Three shards, merged once all are there.
    let out = dir.path().join("shards");
    let out = out.to_str().unwrap();
    for i in [0, 2] {
        let run = model(&["magic", "3", "--shard", &format!("{i}/3"), "--out", out]);
        assert_eq!((run.status, run.stdout.as_str()), (0, ""), "{}", run.stderr);
        assert!(run.stderr.contains("shard written to"), "{}", run.stderr);
    }
    // A merge that refuses the shards says "no": status 1.
    let early = model(&["merge", out]);
    assert_eq!(early.status, 1);
    assert!(
        early.stderr.contains("missing shards of 3: 1"),
        "{}",
        early.stderr
    );
    model(&["magic", "3", "--shard", "1/3", "--out", out]);
    let merged = model(&["merge", out]);
    assert_eq!(
        (merged.status, merged.stdout.as_str()),
        (0, "8\n"),
        "{}",
        merged.stderr
    );
}

#[test]
fn mistakes_print_one_line_and_exit_2() {
    for args in [
        &["queens", "0"][..],
        &["queens", "8", "--threads", "5000"],
        &["zebra", "--checkpoint", "z.journal"],
        &[
            "--first", "1", "queens", "8", "--shard", "0/2", "--out", "x",
        ],
        &["queens", "8", "--shard", "0/2"],
        &["nosuchmodel"],
        &["merge", "no/such/dir"],
        // Mistakes in the model asked for: the solver's own errors.
        &["golomb", "64"],
        &["takuzu", "3"],
        &["sujiko", "1", "2", "3"],
    ] {
        let run = model(args);
        assert_eq!(run.status, 2, "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("model: "), "{}", run.stderr);
    }
    let help = model(&["--help"]);
    assert_eq!(help.status, 0);
    for name in [
        "queens", "magic", "langford", "sudoku", "kakuro", "samurai", "hidato", "merge",
    ] {
        assert!(help.stdout.contains(name), "{name}");
    }
}

#[test]
fn models_of_the_solver_globals_print_their_optimum_or_first_solution() {
    let run = model(&["golomb", "7"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    let (length, marks) = lines.next().unwrap().split_once(": ").unwrap();
    assert_eq!(length, "25");
    let marks: Vec<i64> = marks.split(' ').map(|m| m.parse().unwrap()).collect();
    let mut distances = Vec::new();
    for (i, a) in marks.iter().enumerate() {
        distances.extend(marks[i + 1..].iter().map(|b| b - a));
    }
    let all = distances.len();
    distances.sort_unstable();
    distances.dedup();
    assert_eq!((distances.len(), marks.len(), marks[6]), (all, 7, 25));
    assert_eq!(lines.next(), Some("optimal"));
    let run = model(&["magic-sequence", "10"]);
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "6 2 1 0 0 0 1 0 0 0\n")
    );
    assert_eq!(model(&["magic-sequence", "3"]).stdout, "no solution\n");
    // A closed tour: squares numbered 0 to 35, each a knight's move from the
    // one before, and the last from the first.
    let run = model(&["knights", "6"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let mut at = vec![(0, 0); 36];
    for (r, line) in run.stdout.lines().enumerate() {
        for (c, k) in line.split_whitespace().enumerate() {
            at[k.parse::<usize>().unwrap()] = (r as i64, c as i64);
        }
    }
    for k in 0..36 {
        let ((r, c), (r2, c2)) = (at[k], at[(k + 1) % 36]);
        let d = ((r - r2).abs(), (c - c2).abs());
        assert!(d == (1, 2) || d == (2, 1), "move {k}: {}", run.stdout);
    }
    assert!(model(&["knights", "5"]).stdout.starts_with("no solution: "));
    let run = model(&["jobshop-ft06"]);
    assert!(run.stdout.starts_with("55: "), "{}", run.stdout);
    assert!(run.stdout.ends_with("\noptimal\n"), "{}", run.stdout);
}

#[test]
fn first_0_printed_no_solution_for_puzzles_that_have_one() {
    let puzzles: [&[&str]; 6] = [
        &["sudoku", "examples/data/hard.txt"],
        &["hidato", "examples/data/hidato.txt"],
        &["kakuro", "examples/data/kakuro.txt"],
        &["samurai", "examples/data/samurai.txt"],
        &["killer"],
        &["nonogram", "2/1,1/3", "3/1,1/2"],
    ];
    for puzzle in puzzles {
        let mut args = vec!["--first", "0"];
        args.extend_from_slice(puzzle);
        let run = model(&args);
        assert_eq!((run.status, run.stdout.as_str()), (2, ""), "{puzzle:?}");
        assert_eq!(
            run.stderr,
            "model: invalid value '0' for '--first <K>': expected a number of solutions, 1 or more, got \"0\" (see 'model --help')\n",
            "{puzzle:?}"
        );
        args[1] = "1";
        let one = model(&args);
        assert_eq!((one.status, one.stderr.as_str()), (0, ""), "{puzzle:?}");
        assert!(!one.stdout.is_empty(), "{puzzle:?}");
        assert!(!one.stdout.contains("no solution"), "{puzzle:?}");
    }
    let help = model(&["--help"]);
    assert!(help.stdout.contains("(K from 1)"), "{}", help.stdout);
}

/// The first `k` lines `model ARGS` prints, or a panic if they do not come
/// within `seconds`; the process is killed then.
fn first_lines(args: &[&str], k: usize, seconds: u64) -> Vec<String> {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(example("model"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines().take(k) {
            if send.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let mut read = Vec::new();
    while read.len() < k {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => read.push(line),
            Err(_) => break,
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(read.len(), k, "{args:?}: {read:?} within {seconds} s");
    read
}

#[test]
fn first_k_collected_every_solution_before_printing_the_first() {
    // 95,815,104 solutions: collecting them takes minutes and gigabytes.
    let queens = first_lines(&["--first", "1000000000", "queens", "17"], 3, 20);
    for line in &queens {
        let cols: Vec<u32> = line
            .split(' ')
            .map(|c| c.parse::<u32>().unwrap() - 1)
            .collect();
        nqueens::validate(17, &cols).unwrap();
    }
    // Every order of $1000.00 of appetizers, without --first.
    let menu = first_lines(&["xkcd", "100000"], 3, 20);
    assert!(
        menu.iter().all(|line| line.contains("mixed fruit")),
        "{menu:?}"
    );
}
