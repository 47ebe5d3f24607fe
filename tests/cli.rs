//! The real `nqueens` binary and the `judge` example, run as processes:
//! standard input in, standard output, standard error and the exit status
//! out, compared byte for byte with the library's formats and recorded as
//! insta snapshots.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// What a process did.
struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The whole run as one text, for a snapshot.
    fn transcript(&self) -> String {
        format!(
            "status: {}\n--- stdout\n{}--- stderr\n{}",
            self.status, self.stdout, self.stderr
        )
    }
}

fn run(program: &PathBuf, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    Run {
        status: output
            .status
            .code()
            .expect("no exit code: killed by a signal"),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn nqueens(args: &[&str], stdin: &str) -> Run {
    run(&PathBuf::from(env!("CARGO_BIN_EXE_nqueens")), args, stdin)
}

/// The `judge` example, built by `cargo test` beside this test; built here
/// if this test runs alone.
fn judge(args: &[&str], stdin: &str) -> Run {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    let path = PATH.get_or_init(|| {
        let exe = std::env::current_exe().unwrap();
        let profile_dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
        let path = profile_dir.join("examples").join("judge");
        if !path.exists() {
            let profile = profile_dir.file_name().unwrap().to_str().unwrap();
            let profile = if profile == "debug" { "dev" } else { profile };
            let status = Command::new(env!("CARGO"))
                .args([
                    "build",
                    "--quiet",
                    "--example",
                    "judge",
                    "--profile",
                    profile,
                ])
                .status()
                .unwrap();
            assert!(status.success(), "cannot build the judge example");
        }
        path
    });
    run(path, args, stdin)
}

fn expected(write: fn(&mut Vec<u8>, u32) -> Result<(), nqueens::Error>, n: u32) -> String {
    let mut out = Vec::new();
    write(&mut out, n).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn judge_checker_is_byte_exact_for_every_statement_n() {
    for n in 6..=13 {
        let run = judge(&["checker"], &format!("{n}\n"));
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(run.stdout, expected(nqueens::format::checker, n), "n = {n}");
        assert_eq!(run.stderr, "");
    }
    insta::assert_snapshot!("judge_checker_6", judge(&["checker"], "6\n").transcript());
}

#[test]
fn judge_boards_is_byte_exact_for_every_statement_n() {
    for n in 1..=9 {
        let run = judge(&["boards"], &format!("{n}\n"));
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(run.stdout, expected(nqueens::format::boards, n), "n = {n}");
    }
    insta::assert_snapshot!("judge_boards_4", judge(&["boards"], "4\n").transcript());
}

#[test]
fn judge_takes_input_as_judges_give_it() {
    let plain = judge(&["checker"], "8\n").stdout;
    for input in ["8", " 8 \n", "8\r\n", "\n8\n\n", "\t8"] {
        assert_eq!(judge(&["checker"], input).stdout, plain, "{input:?}");
    }
}

#[test]
fn judge_rejects_bad_input_with_one_line() {
    let cases: [(&str, &[&str], &str); 8] = [
        ("empty", &["checker"], ""),
        ("not_a_number", &["checker"], "six\n"),
        ("zero", &["boards"], "0\n"),
        ("negative", &["boards"], "-4\n"),
        ("too_large", &["boards"], "13\n"),
        ("two_numbers", &["checker"], "6 7\n"),
        ("unknown_mode", &["queens"], "6\n"),
        ("no_mode", &[], "6\n"),
    ];
    for (name, args, stdin) in cases {
        let run = judge(args, stdin);
        assert_eq!(run.status, 2, "{name}");
        assert_eq!(run.stdout, "", "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{name}");
        insta::assert_snapshot!(format!("judge_error_{name}"), run.transcript());
    }
}

#[test]
fn cli_statements_match_the_judge() {
    for n in 6..=13 {
        let stdin = format!("{n}\n");
        let from_stdin = nqueens(&["checker"], &stdin);
        assert_eq!(from_stdin.status, 0);
        assert_eq!(
            from_stdin.stdout,
            judge(&["checker"], &stdin).stdout,
            "n = {n}"
        );
        assert_eq!(
            nqueens(&["checker", &n.to_string()], "").stdout,
            from_stdin.stdout
        );
    }
    for n in 1..=9 {
        let stdin = format!("{n}\n");
        let from_stdin = nqueens(&["boards"], &stdin);
        assert_eq!(
            from_stdin.stdout,
            expected(nqueens::format::boards, n),
            "n = {n}"
        );
        assert_eq!(
            nqueens(&["boards", &n.to_string()], "").stdout,
            from_stdin.stdout
        );
    }
    insta::assert_snapshot!(
        "cli_checker_6_stdin",
        nqueens(&["checker"], "6\n").transcript()
    );
    insta::assert_snapshot!("cli_boards_4", nqueens(&["boards", "4"], "").transcript());
}

#[test]
fn cli_solve_and_count() {
    assert_eq!(
        nqueens(&["solve", "8"], "").stdout,
        expected(nqueens::format::list, 8)
    );
    assert_eq!(
        nqueens(&["solve", "8", "--format", "classic"], "").stdout,
        expected(nqueens::format::classic, 8)
    );
    assert_eq!(
        nqueens(&["solve", "6", "-f", "boards"], "").stdout,
        expected(nqueens::format::boards, 6)
    );
    insta::assert_snapshot!("cli_solve_6", nqueens(&["solve", "6"], "").transcript());
    insta::assert_snapshot!("cli_count_10", nqueens(&["count", "10"], "").transcript());
}

#[test]
fn cli_rejects_bad_input_with_one_line_and_status_2() {
    let cases: [(&str, &[&str], &str); 12] = [
        ("checker_empty_stdin", &["checker"], ""),
        ("checker_not_a_number", &["checker"], "abc\n"),
        ("checker_too_large", &["checker", "16"], ""),
        ("boards_negative", &["boards", "-2"], ""),
        ("solve_missing_n", &["solve"], ""),
        ("solve_zero", &["solve", "0"], ""),
        ("solve_not_a_number", &["solve", "eight"], ""),
        (
            "solve_unknown_format",
            &["solve", "8", "--format", "xml"],
            "",
        ),
        ("count_negative", &["count", "-1"], ""),
        ("count_too_large", &["count", "33"], ""),
        ("unknown_command", &["frobnicate"], ""),
        ("unknown_flag", &["count", "8", "--fast"], ""),
    ];
    for (name, args, stdin) in cases {
        let run = nqueens(args, stdin);
        assert_eq!(run.status, 2, "{name}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{name}");
        insta::assert_snapshot!(format!("cli_error_{name}"), run.transcript());
    }
}

#[test]
fn cli_help_is_there_for_every_command() {
    for command in ["checker", "boards", "solve", "count"] {
        let run = nqueens(&[command, "--help"], "");
        assert_eq!(run.status, 0, "{command}");
        assert!(run.stdout.contains("Usage: nqueens"), "{command}");
        assert!(run.stdout.contains("Example"), "{command}");
    }
    insta::assert_snapshot!("cli_help", nqueens(&["--help"], "").transcript());
    assert!(nqueens(&["--version"], "").stdout.starts_with("nqueens "));
}

#[test]
fn cli_ends_quietly_when_the_reader_goes_away() {
    // `nqueens solve 14 | head -n 1`: the pipe closes after one line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["solve", "14"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
