//! FNV-1a, 64 bits: the hash of task lists and root states, and the
//! checksum of every file this crate writes.
//!
//! The hash is fixed by its definition (offset basis 0xcbf29ce484222325,
//! prime 0x100000001b3), so it is the same in every run, on every machine
//! and in every version: unlike `std::collections::hash_map::DefaultHasher`,
//! which promises none of that. It is a checksum against accidents (a
//! hand edit, a flipped bit, a line from another file), not a seal against
//! someone who recomputes it.

use std::io;

use serde::Serialize;

/// An FNV-1a hash being computed; bytes are fed through [`io::Write`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fnv(u64);

impl Fnv {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    pub(crate) fn new() -> Fnv {
        Fnv(Self::OFFSET)
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    /// Feeds `value` as compact JSON, then a newline. A value whose
    /// `Serialize` fails hashes as its bytes so far.
    pub(crate) fn json(&mut self, value: &impl Serialize) {
        let _ = serde_json::to_writer(&mut *self, value);
        self.bytes(b"\n");
    }

    pub(crate) fn finish(self) -> u64 {
        self.0
    }
}

impl io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The checksum of `value` as a file keeps it: FNV-1a of its compact JSON,
/// as 16 hex digits.
pub(crate) fn checksum(value: &impl Serialize) -> String {
    let mut hash = Fnv::new();
    hash.json(value);
    format!("{:016x}", hash.finish())
}

/// A short hash of a text, to tell apart in messages two long texts that
/// are cut to the same first characters: 8 hex digits.
pub(crate) fn short_hash(text: &str) -> String {
    let mut hash = Fnv::new();
    hash.bytes(text.as_bytes());
    format!("{:08x}", hash.finish() >> 32)
}
