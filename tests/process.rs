//! Running the tool and the examples as processes, for the tests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// What a process did.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The whole run as one text, for a snapshot.
    pub fn transcript(&self) -> String {
        format!(
            "status: {}\n--- stdout\n{}--- stderr\n{}",
            self.status, self.stdout, self.stderr
        )
    }
}

/// Runs `program` in the package's directory with `stdin` as its input.
pub fn run(program: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut input = child.stdin.take().unwrap();
    // A process that rejects its arguments may exit before reading.
    if let Err(e) = input.write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
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

/// The `nqueens` binary.
pub fn nqueens_path() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_nqueens"))
}

pub fn nqueens(args: &[&str], stdin: &str) -> Run {
    run(&nqueens_path(), args, stdin)
}

/// The example `name`, built by `cargo test` beside this test; built here
/// if this test runs alone.
pub fn example(name: &str) -> PathBuf {
    // One build at a time: tests run on several threads.
    static BUILDING: Mutex<()> = Mutex::new(());
    let _one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
    let path = profile_dir.join("examples").join(name);
    if !path.exists() {
        let profile = profile_dir.file_name().unwrap().to_str().unwrap();
        let profile = if profile == "debug" { "dev" } else { profile };
        let status = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "--example", name, "--profile", profile])
            .status()
            .unwrap();
        assert!(status.success(), "cannot build the {name} example");
    }
    path
}
