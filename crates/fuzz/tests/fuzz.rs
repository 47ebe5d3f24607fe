//! Every parser and file reader fed arbitrary bytes and mutations of valid
//! inputs. For each: no panic; invalid input gives an error with a message;
//! valid input gives back the value it was printed from; and the memory
//! taken stays within [`fuzz::memory_bound`] of the input's size.

mod dimacs;
mod exact_cover;
mod files;
mod flatzinc;
mod identity;
mod lines;
mod model;
mod placement;
mod size;
mod sudoku;

use proptest::prelude::*;

#[global_allocator]
static ALLOCATOR: fuzz::Counting = fuzz::Counting;

/// A mutation of a valid input: bytes replaced, inserted, removed, or the
/// whole cut short.
#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, u8),
    Insert(usize, Vec<u8>),
    Remove(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Replace(at, byte)),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
        (any::<usize>(), 1..16usize).prop_map(|(at, len)| Mutation::Remove(at, len)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// `bytes` with each mutation applied in turn (positions taken modulo the
/// length).
fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for mutation in mutations {
        let len = bytes.len();
        match mutation {
            Mutation::Replace(at, byte) if len > 0 => bytes[at % len] = *byte,
            Mutation::Replace(..) => {}
            Mutation::Insert(at, new) => {
                let at = at % (len + 1);
                bytes.splice(at..at, new.iter().copied());
            }
            Mutation::Remove(at, count) if len > 0 => {
                let at = at % len;
                bytes.drain(at..(at + count).min(len));
            }
            Mutation::Remove(..) => {}
            Mutation::Truncate(at) => bytes.truncate(at % (len + 1)),
        }
    }
    bytes
}

fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 1..6)
}

/// Asserts the memory bound for an input of `len` bytes.
fn assert_memory(peak: usize, len: usize, what: &str) {
    assert!(
        peak <= fuzz::memory_bound(len),
        "{what}: {peak} bytes at peak for {len} bytes of input (bound {})",
        fuzz::memory_bound(len)
    );
}

/// Asserts that an error message says something.
fn assert_message(message: &str, what: &str) {
    assert!(!message.trim().is_empty(), "{what}: an empty message");
}

/// Asserts that an error message about a user's text is one short line,
/// whatever the text: it repeats at most a few dozen characters of it.
fn assert_short_message(message: &str, what: &str) {
    assert!(!message.trim().is_empty(), "{what}: an empty message");
    assert!(!message.contains('\n'), "{what}: {message:?}");
    assert!(message.len() <= 400, "{what}: {} bytes", message.len());
}

#[test]
fn the_counting_allocator_counts() {
    let ((), peak) = fuzz::peak_during(|| {
        let v = vec![0u8; 10_000];
        std::hint::black_box(&v);
    });
    assert!((10_000..20_000).contains(&peak), "{peak}");
}
