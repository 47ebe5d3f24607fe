//! Writing a file so that a crash never leaves half of it, and reading one
//! with a bound on its size and without blocking.

use std::fs::{self, File, Permissions};
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The largest checkpoint journal read: far more than any real one (it
/// holds one short line per task), and read a line at a time.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The largest shard file read: a shard of counts is a few hundred bytes,
/// one of results kept apart a few bytes per task; it is read whole, then
/// parsed without an intermediate tree.
pub const MAX_SHARD_BYTES: u64 = 1 << 26;

/// The directory `path` is in (`.` for a bare file name).
pub(crate) fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The file a path names once its symbolic links are followed, even when
/// the last one points to a file not there yet: a checkpoint given as a
/// link is written where the link points, and the link kept.
///
/// # Errors
///
/// A loop of links (more than 40), or a link that cannot be read.
pub(crate) fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_owned();
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                path = if target.is_absolute() {
                    target
                } else {
                    parent_dir(&path).join(target)
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes `bytes` to `path` so that a reader sees the old file or the whole
/// new one, never a part, even after a crash or a power cut: a temporary
/// file in the same directory, written and flushed to disk, renamed over
/// `path`, and the directory flushed so the rename itself is kept.
///
/// A new file gets the permissions the umask leaves of `rw-rw-rw-`, as any
/// file a program creates; a file replaced keeps its own.
///
/// # Errors
///
/// Any error creating, writing, syncing or renaming; the temporary file is
/// removed then.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(path);
    let kept = fs::metadata(path).ok().map(|meta| meta.permissions());
    let mut temporary = tempfile::Builder::new()
        .prefix(".tmp-")
        .permissions(Permissions::from_mode(0o666))
        .tempfile_in(dir)?;
    if let Some(permissions) = kept {
        temporary.as_file().set_permissions(permissions)?;
    }
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

fn too_large(limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("larger than {limit} bytes"),
    )
}

/// Opens a regular file of at most `limit` bytes for reading. A FIFO, a
/// device or a directory is refused without being opened, so it cannot
/// block; a symbolic link is followed only to a regular file; the type is
/// checked again on the open file. Returns it with its length.
pub(crate) fn open_limited(path: &Path, limit: u64) -> io::Result<(File, u64)> {
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, "not a regular file");
    if !fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > limit {
        return Err(too_large(limit));
    }
    Ok((file, meta.len()))
}

/// Reads a regular file of at most `limit` bytes ([`open_limited`]), no
/// more than the length it has when opened: a "file" that says it is empty
/// (as those of `/proc` do) is read as empty, never waited on.
pub(crate) fn read_limited(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let (file, len) = open_limited(path, limit)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(len).read_to_end(&mut bytes)?;
    Ok(bytes)
}
