//! A program's standard output, and what its programs do when writing it
//! fails: the reader going away (`| head`) ends the program quietly with
//! status 0; any other failure (a full disk, `/dev/full`, a closed
//! standard output) is a one-line message and status 1.

use std::io::{self, Write};

use crate::error::plain;

/// Standard output that refuses to be written when the program was started
/// with it closed (`program >&-`), instead of dropping what is written.
///
/// A program started with descriptor 1 closed gets `/dev/null` in its
/// place from the Rust runtime, opened for reading and writing, and every
/// write then succeeds with nothing written. A shell's `>/dev/null` opens
/// it for writing only; this writer tells the two apart on its first
/// write, and fails that write with "standard output is closed". (Output
/// sent to `/dev/null` opened for reading too, `1<>/dev/null`, is taken
/// for a closed one.)
#[derive(Debug)]
pub struct Stdout {
    inner: io::Stdout,
    checked: bool,
}

/// The program's [`Stdout`]; wrap it in a [`BufWriter`](io::BufWriter)
/// for many small writes.
pub fn stdout() -> Stdout {
    Stdout {
        inner: io::stdout(),
        checked: false,
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.checked {
            self.checked = true;
            if is_closed(&self.inner) {
                return Err(closed());
            }
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The error of a write to a closed standard output.
fn closed() -> io::Error {
    io::Error::other("standard output is closed")
}

/// Whether descriptor 1 is the `/dev/null` that the runtime opens, for
/// reading and writing, in place of a closed one. A terminal is open for
/// both too, so the device is checked first: a read of `/dev/null` cannot
/// block.
#[cfg(unix)]
fn is_closed(stdout: &io::Stdout) -> bool {
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};

    let Ok(null) = std::fs::metadata("/dev/null") else {
        return false;
    };
    let Ok(fd) = stdout.as_fd().try_clone_to_owned() else {
        // No descriptor 1 at all: nothing can be written.
        return true;
    };
    let mut file = std::fs::File::from(fd);
    let is_null = file
        .metadata()
        .is_ok_and(|m| m.file_type().is_char_device() && m.rdev() == null.rdev());
    is_null && file.read(&mut [0; 1]).is_ok()
}

#[cfg(not(unix))]
fn is_closed(_: &io::Stdout) -> bool {
    false
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
