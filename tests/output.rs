//! Every program with its standard output closed (`>&-`), full
//! (`/dev/full`) and a pipe whose reader is gone: the statuses of the
//! README's table, 1, 1 and 0, and one line on standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::process::{example, nqueens_path};

/// Where the program's standard output goes.
#[derive(Clone, Copy, Debug)]
enum Sink {
    /// Descriptor 1 closed, as `program >&-` starts it.
    Closed,
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
fn every_program_with_a_closed_standard_output_exits_1() {
    for (name, path, args, stdin) in programs() {
        let (status, stderr) = run_into(&path, &args, stdin, Sink::Closed);
        assert_eq!(status, 1, "{name} {args:?}: {stderr}");
        assert_eq!(
            stderr,
            format!(
                "{}: cannot write the output: standard output is closed\n",
                if name == "nqueens" { "error" } else { &name }
            ),
            "{name} {args:?}"
        );
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
