//! A program's standard output and standard error, and what its programs
//! do when writing them fails: the reader going away (`| head`) ends the
//! program quietly with status 0; any other failure of the output (a full
//! disk, `/dev/full`) is a one-line message and status 1. A message that
//! cannot be written to standard error is dropped: the status still says
//! how the program ended.
//!
//! Output sent to `/dev/null` is dropped on purpose, whichever way the
//! device was opened: `>/dev/null`, `1<>/dev/null`, Python's
//! `subprocess.DEVNULL` (read and write). A program started with its
//! standard output closed (`program >&-`) cannot be told from those: the
//! Rust runtime opens `/dev/null` for reading and writing in place of a
//! closed descriptor 1 before `main` runs, so such a program does its work
//! and ends with status 0, its output dropped.

use std::fmt;
use std::io::{self, Write};

use crate::error::plain;

/// The program's standard output, written as it is: `/dev/null`, however
/// it was opened, is a sink like any other (see the module's text for why
/// a closed standard output is one too).
#[derive(Debug)]
pub struct Stdout {
    inner: io::Stdout,
}

/// The program's [`Stdout`]; wrap it in a [`BufWriter`](io::BufWriter)
/// for many small writes.
pub fn stdout() -> Stdout {
    Stdout {
        inner: io::stdout(),
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes `args` and a newline to standard error, dropping them if they
/// cannot be written (`2>/dev/full`, a closed pipe); what [`eprintln!`](crate::eprintln!)
/// calls. The standard `eprintln!` panics then, and a program whose error
/// message cannot be shown would abort instead of ending with its status.
pub fn eprint_line(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr
        .write_fmt(args)
        .and_then(|()| stderr.write_all(b"\n"));
}

/// `eprintln!` that never panics: a line on standard error, dropped if
/// it cannot be written (see [`eprint_line`]). Import it in place of the
/// standard one with `use runner::eprintln;`.
///
/// # Example
///
/// ```
/// use runner::eprintln;
///
/// eprintln!("model: {} is not a size", "x");
/// ```
#[macro_export]
macro_rules! eprintln {
    ($($arg:tt)*) => {
        $crate::eprint_line(::std::format_args!($($arg)*))
    };
}

/// What a program does when writing its output failed with `e`: `None`
/// when the reader went away (a broken pipe: end quietly, status 0), else
/// the line to print on standard error before ending with status 1.
///
/// # Example
///
/// ```
/// use std::io;
///
/// assert_eq!(runner::write_failure(&io::ErrorKind::BrokenPipe.into()), None);
/// let full = io::Error::from(io::ErrorKind::StorageFull);
/// assert_eq!(
///     runner::write_failure(&full).as_deref(),
///     Some("cannot write the output: no storage space")
/// );
/// ```
pub fn write_failure(e: &io::Error) -> Option<String> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return None;
    }
    Some(format!("cannot write the output: {}", plain(e)))
}
