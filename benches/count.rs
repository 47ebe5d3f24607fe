//! Counting N-queens: the symmetry-reducing counter on one and on all
//! threads, against the generic engine, sequential and parallel (which
//! visit every node of the plain tree).
//!
//! Run with `cargo bench --bench count`.

use std::hint::black_box;

use backtrack::Parallel;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::{NQueens, Split};

fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for n in 10..=14u32 {
        for threads in [1, 0] {
            let name = if threads == 1 { "fast/1" } else { "fast/all" };
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, &n| {
                b.iter(|| Split::new(black_box(n)).unwrap().count(threads).unwrap())
            });
        }
        // The engine's full tree gets slow quickly: up to 13 is plenty to
        // show the gap.
        if n <= 13 {
            group.bench_with_input(BenchmarkId::new("engine/1", n), &n, |b, &n| {
                b.iter(|| backtrack::count(NQueens::new(black_box(n)).unwrap()))
            });
            group.bench_with_input(BenchmarkId::new("engine/all", n), &n, |b, &n| {
                let problem = NQueens::new(n).unwrap();
                b.iter(|| Parallel::auto().count(black_box(&problem)).value)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, count);
criterion_main!(benches);
