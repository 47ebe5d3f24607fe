//! A global allocator that counts the bytes each thread has allocated.
//!
//! Counted per thread, not in process-wide atomics: the test harness runs
//! tests on several threads, and a process-wide peak would mix their
//! allocations. Memory freed on another thread than the one that
//! allocated it makes the counts drift, which no parser under test does.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    // Const-initialised cells without destructors: reading them never
    // allocates, so the allocator can use them.
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

/// [`System`], counting the bytes in use on each thread and their peak.
/// Install it in a test binary with `#[global_allocator]`; then
/// [`peak_during`] measures a call.
#[derive(Debug)]
pub struct Counting;

/// Adds `bytes` (negative when freed) to this thread's count.
fn count(bytes: isize) {
    // Threads being torn down have no counters left; their allocations go
    // uncounted.
    let _ = CURRENT.try_with(|current| {
        let now = current.get().saturating_add(bytes);
        current.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn size(bytes: usize) -> isize {
    isize::try_from(bytes).unwrap_or(isize::MAX)
}

// SAFETY: every method passes its arguments on to `System` unchanged and
// returns what it returns, so `System`'s guarantees hold; the counting
// itself neither allocates nor touches the memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract (a non-zero size).
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            count(size(layout.size()));
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            count(size(layout.size()));
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller gives a block this allocator, that is
        // `System`, allocated with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        count(-size(layout.size()));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller gives a block `System` allocated with
        // `layout` and a valid new size.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            count(size(new_size) - size(layout.size()));
        }
        new
    }
}

/// Runs `f` and returns its value with the most bytes that were in use at
/// once on this thread during the call, beyond those in use before it.
/// Measures nothing unless [`Counting`] is the global allocator.
pub fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let start = CURRENT.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let value = f();
    let peak = PEAK.with(Cell::get);
    (value, usize::try_from(peak - start).unwrap_or(0))
}
