//! Every program with its standard output sent to `/dev/null` (however
//! opened) or closed (`>&-`), full (`/dev/full`) and a pipe whose reader
//! is gone: the statuses of docs/errors.md's table, 0, 1 and 0, and one
//! line on standard error; and with standard error full, the status of
//! the error, not an abort.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::process::{example, nqueens_path};

/// Where the program's standard output goes.
#[derive(Clone, Copy, Debug)]
enum Sink {
    /// Descriptor 1 closed, as `program >&-` starts it.
    Closed,
    /// `/dev/null` opened for reading and writing, as `1<>/dev/null` and
    /// Python's `subprocess.DEVNULL` give it.
    NullReadWrite,
    /// `/dev/full`: every write fails with "no space left".
    Full,
    /// A pipe whose reading end was closed before the program started.
    ReaderGone,
}

/// Runs `program args` with `stdin` and its output sent to `sink`; the
/// status and standard error.
fn run_into(program: &PathBuf, args: &[&str], stdin: &str, sink: Sink) -> (i32, String) {
    let mut command = match sink {
        // The shell closes descriptor 1 and runs the program in its place.
        Sink::Closed => {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                .arg("exec \"$0\" \"$@\" >&-")
                .arg(program)
                .args(args);
            command
        }
        Sink::NullReadWrite => {
            let mut command = Command::new(program);
            let null = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("/dev/null")
                .unwrap();
            command.args(args).stdout(null);
            command
        }
        Sink::Full => {
            let mut command = Command::new(program);
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            command.args(args).stdout(full);
            command
        }
        Sink::ReaderGone => {
            let mut command = Command::new(program);
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            command.args(args).stdout(writer);
            command
        }
    };
    let mut child = command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Err(e) = input.write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    drop(input);
    // Drop the command: the parent's copies of the pipe's or the device's
    // descriptors go with it.
    drop(command);
    let output = child.wait_with_output().unwrap();
    let status = output
        .status
        .code()
        .unwrap_or_else(|| panic!("{program:?} {args:?} {sink:?}: killed by a signal"));
    (status, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Each program with arguments that print something, quickly.
fn programs() -> Vec<(String, PathBuf, Vec<&'static str>, &'static str)> {
    let case = |name: &str, path: PathBuf, args: Vec<&'static str>, stdin| {
        (name.to_owned(), path, args, stdin)
    };
    vec![
        case("nqueens", nqueens_path(), vec!["count", "10"], ""),
        case("nqueens", nqueens_path(), vec!["solve", "8"], ""),
        case(
            "nqueens",
            nqueens_path(),
            vec!["solve", "8", "--format", "json"],
            "",
        ),
        case("nqueens", nqueens_path(), vec!["checker"], "6\n"),
        case(
            "sudoku",
            example("sudoku"),
            vec!["examples/data/hard.txt"],
            "",
        ),
        case(
            "sudoku",
            example("sudoku"),
            vec!["--max", "2", "examples/data/hard.txt"],
            "",
        ),
        case(
            "coloring",
            example("coloring"),
            vec!["examples/data/myciel4.col"],
            "",
        ),
        case(
            "coloring",
            example("coloring"),
            vec!["--count", "3", "examples/data/myciel3.col"],
            "",
        ),
        case(
            "pentomino",
            example("pentomino"),
            vec!["3x20", "--show"],
            "",
        ),
        case("judge", example("judge"), vec!["checker"], "6\n"),
        case("judge", example("judge"), vec!["boards"], "4\n"),
        case("model", example("model"), vec!["queens", "8"], ""),
        case(
            "model",
            example("model"),
            vec!["sudoku", "examples/data/hard.txt"],
            "",
        ),
        case(
            "model",
            example("model"),
            vec!["--first", "3", "magic", "3"],
            "",
        ),
    ]
}

#[test]
fn dev_null_opened_read_write_was_taken_for_a_closed_standard_output() {
    // `sudoku FILE 1<>/dev/null` said "standard output is closed" and
    // exited 1; so did every harness using Python's subprocess.DEVNULL.
    for sink in [Sink::NullReadWrite, Sink::Closed] {
        for (name, path, args, stdin) in programs() {
            let (status, stderr) = run_into(&path, &args, stdin, sink);
            assert_eq!(
                (status, stderr.as_str()),
                (0, ""),
                "{name} {args:?} {sink:?}"
            );
        }
    }
}

#[test]
fn every_program_writing_to_dev_full_exits_1() {
    for (name, path, args, stdin) in programs() {
        let (status, stderr) = run_into(&path, &args, stdin, Sink::Full);
        assert_eq!(status, 1, "{name} {args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name} {args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write the output: No space left on device")
                && !stderr.contains("os error"),
            "{name} {args:?}: {stderr}"
        );
    }
}

#[test]
fn every_program_whose_reader_went_away_exits_0_quietly() {
    for (name, path, args, stdin) in programs() {
        let (status, stderr) = run_into(&path, &args, stdin, Sink::ReaderGone);
        assert_eq!((status, stderr.as_str()), (0, ""), "{name} {args:?}");
    }
}

#[test]
fn pentomino_show_into_head_ends_quietly() {
    // `pentomino 3x20 --show | head -1` panicked (status 101, 134 in a
    // release build): the reader takes the first line and goes.
    let mut child = Command::new(example("pentomino"))
        .args(["3x20", "--show"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 4];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    assert_eq!(&first, b"3x20");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn a_shell_redirect_to_dev_null_is_not_a_closed_output() {
    // `>/dev/null` is open for writing only: what is written is dropped
    // on purpose, status 0.
    let status = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" count 8 >/dev/null")
        .arg(nqueens_path())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

/// Runs `sh -c SCRIPT PROGRAM ARGS...` in the package's directory; the
/// status.
fn sh(script: &str, program: &PathBuf, args: &[&str]) -> i32 {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap()
        .code()
        .expect("killed by a signal")
}

#[test]
fn output_to_dev_null_read_write_still_does_the_work() {
    let dir = tempfile::tempdir().unwrap();
    // The shell's `1<>/dev/null`: the checkpoint of the count is written.
    let journal = dir.path().join("q10.journal");
    let journal = journal.to_str().unwrap();
    let status = sh(
        "exec \"$0\" \"$@\" 1<>/dev/null",
        &nqueens_path(),
        &["count", "10", "--checkpoint", journal],
    );
    assert_eq!(status, 0);
    assert!(std::fs::metadata(journal).unwrap().len() > 0);
    let status = sh(
        "exec \"$0\" \"$@\" 1<>/dev/null",
        &example("sudoku"),
        &["examples/data/hard.txt"],
    );
    assert_eq!(status, 0);
    // Python's subprocess.DEVNULL: the model's shard file is written.
    let out = dir.path().join("shards");
    let script = "import subprocess, sys\n\
        sys.exit(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode)";
    let model = example("model");
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(&model)
        .args(["queens", "8", "--shard", "0/2", "--out"])
        .arg(&out)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
}

#[test]
fn an_error_message_to_a_full_standard_error_aborted() {
    // `eprintln!` panicked on `2>/dev/full`: status 134 in a release
    // build, 101 in a debug one, instead of the error's status.
    let cases: Vec<(PathBuf, Vec<&str>, i32)> = vec![
        (nqueens_path(), vec!["count", "99"], 2),
        (nqueens_path(), vec!["one", "2"], 1),
        (example("sudoku"), vec!["no/such/file"], 2),
        (example("coloring"), vec!["no/such/file"], 2),
        (example("pentomino"), vec!["0x0"], 2),
        (example("judge"), vec!["nosuchcommand"], 2),
        (example("model"), vec!["queens", "99"], 2),
        (example("model"), vec!["takuzu", "3"], 2),
    ];
    for (program, args, expected) in cases {
        let status = sh("exec \"$0\" \"$@\" 2>/dev/full >/dev/null", &program, &args);
        assert_eq!(status, expected, "{program:?} {args:?}");
    }
    // A message on the way (the shard's file name) does not stop the work.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let status = sh(
        "exec \"$0\" \"$@\" 2>/dev/full",
        &example("model"),
        &["queens", "8", "--shard", "1/2", "--out", out],
    );
    assert_eq!(status, 0);
    assert_eq!(std::fs::read_dir(out).unwrap().count(), 1);
}
