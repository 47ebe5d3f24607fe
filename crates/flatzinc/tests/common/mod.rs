//! What the tests of `fzn-csp` as a program share: the binary, a model in
//! a file of its own, a run and its output.
// Each test binary uses some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `fzn-csp` binary cargo built for the tests.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fzn-csp"))
}

/// `text` in a file of a fresh directory (kept alive by the guard).
pub fn file(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.fzn");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// `fzn-csp ARGS PATH`, with no standard input.
pub fn run(args: &[&str], path: &Path) -> Output {
    Command::new(binary())
        .args(args)
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}
