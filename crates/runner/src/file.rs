//! Writing a file so that a crash never leaves half of it, and reading one
//! with a bound on its size.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::Path;

/// The largest checkpoint or shard file read: far more than any real one
/// (a shard file is a few hundred bytes; a journal holds one short line per
/// task), and small enough to read into memory.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The directory `path` is in (`.` for a bare file name).
pub(crate) fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Writes `bytes` to `path` so that a reader sees the old file or the whole
/// new one, never a part, even after a crash or a power cut: a temporary
/// file in the same directory, written and flushed to disk, renamed over
/// `path`, and the directory flushed so the rename itself is kept.
///
/// # Errors
///
/// Any error creating, writing, syncing or renaming; the temporary file is
/// removed then.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(path);
    let mut temporary = tempfile::Builder::new().prefix(".tmp-").tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    // Not every system can open a directory to sync it; the data itself is
    // on disk already.
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Reads a regular file of at most [`MAX_FILE_BYTES`]. A FIFO, a device or
/// a directory is refused without being opened for reading, so it cannot
/// block; a symbolic link is followed only to a regular file.
pub(crate) fn read_limited(path: &Path) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {MAX_FILE_BYTES} bytes"),
        ));
    }
    let mut bytes = Vec::new();
    File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {MAX_FILE_BYTES} bytes"),
        ));
    }
    Ok(bytes)
}
