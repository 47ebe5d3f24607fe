//! The engine's overhead: counting N-queens through `backtrack` against a
//! hand-written bitmask search of the same tree (no symmetry, every node).
//!
//! The ratio of the two, per n, is the cost of the generic engine. Run with
//! `cargo bench --bench engine`. `for_each` walks with a callback that reads
//! the path, which the engine then keeps up to date at every step (`count`
//! does not): the difference is the cost of that path. `count_values` is
//! the engine's fast count on the board as a value (`QueenMasks`).
//!
//! On a busy machine, count instructions instead of time:
//! `valgrind --tool=callgrind target/release/nqueens count 12 --engine
//! --threads 1` against `plaincount 12` (see the README, "Performance").

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::{NQueens, QueenMasks};

/// The plain bitmask search, written out by hand: the tree the engine walks
/// with `NQueens`, the free columns tried lowest first.
fn handwritten(full: u64, cols: u64, left: u64, right: u64) -> u64 {
    if cols == full {
        return 1;
    }
    let mut count = 0;
    let mut free = full & !(cols | left | right);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        count += handwritten(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    count
}

fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for n in 10..=12u32 {
        group.bench_with_input(BenchmarkId::new("engine", n), &n, |b, &n| {
            b.iter(|| backtrack::count(NQueens::new(black_box(n)).unwrap()))
        });
        group.bench_with_input(BenchmarkId::new("for_each", n), &n, |b, &n| {
            b.iter(|| {
                let mut count = 0u64;
                let _ = backtrack::for_each(NQueens::new(black_box(n)).unwrap(), |_, path| {
                    count += u64::from(path.len() == n as usize);
                    std::ops::ControlFlow::Continue(())
                });
                count
            })
        });
        group.bench_with_input(BenchmarkId::new("count_values", n), &n, |b, &n| {
            let limits = backtrack::Limits::default();
            b.iter(|| {
                backtrack::count_values(QueenMasks::new(black_box(n)).unwrap(), &limits).value
            })
        });
        group.bench_with_input(BenchmarkId::new("handwritten", n), &n, |b, &n| {
            let full = (1u64 << n) - 1;
            b.iter(|| handwritten(black_box(full), 0, 0, 0))
        });
    }
    group.finish();
}

criterion_group!(benches, count);
criterion_main!(benches);
