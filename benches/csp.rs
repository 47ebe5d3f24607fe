//! Models on the `csp` crate: 12-queens (every solution) and the hard
//! sudokus of `examples/data/hard.txt`, each compiled and searched.
//!
//! Run with `cargo bench --bench csp`; `cargo test --benches` runs each
//! once as a test.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use csp::puzzle;

fn queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("csp");
    group.sample_size(10);
    group.bench_function("queens 12, all solutions", |b| {
        b.iter(|| {
            let (model, _) = puzzle::queens(black_box(12)).unwrap();
            let count = backtrack::count(model.compile());
            assert_eq!(count, 14200);
            count
        })
    });
    group.finish();
}

/// The puzzles of `examples/data/hard.txt`, as given cells (0 for empty).
fn hard_sudokus() -> Vec<[u8; 81]> {
    let text = include_str!("../examples/data/hard.txt");
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut cells = [0; 81];
            for (cell, ch) in cells.iter_mut().zip(line.chars()) {
                *cell = ch.to_digit(10).unwrap_or(0) as u8;
            }
            cells
        })
        .collect()
}

fn sudokus(c: &mut Criterion) {
    let puzzles = hard_sudokus();
    let mut group = c.benchmark_group("csp");
    group.sample_size(10);
    group.bench_function(format!("{} hard sudokus, solved", puzzles.len()), |b| {
        b.iter(|| {
            for givens in &puzzles {
                let (model, _) = puzzle::sudoku(black_box(givens)).unwrap();
                assert_eq!(model.compile().solutions(1).len(), 1);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, queens, sudokus);
criterion_main!(benches);
