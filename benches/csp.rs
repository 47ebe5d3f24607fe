//! Models on the `csp` crate: 12-queens (every solution), the hard sudokus
//! of `examples/data/hard.txt`, the Golomb ruler of 9 marks (proved
//! optimal) and a 25x25 nonogram, each compiled and searched.
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

fn golomb(c: &mut Criterion) {
    let mut group = c.benchmark_group("csp");
    group.sample_size(10);
    group.bench_function("golomb ruler of 9 marks, proved optimal", |b| {
        b.iter(|| {
            let (model, _) = puzzle::golomb(black_box(9)).unwrap();
            let report = model
                .compile()
                .optimize(&backtrack::Limits::default(), |_| {});
            assert_eq!(report.value.objective, Some(44));
            assert!(report.outcome.is_complete());
        })
    });
    group.finish();
}

/// The block lengths of a line of 0s and 1s.
fn clue(line: &[i64]) -> Vec<usize> {
    line.split(|&c| c == 0)
        .map(<[i64]>::len)
        .filter(|&l| l > 0)
        .collect()
}

/// A 25x25 picture (rings and a diagonal band) as the clues of its rows and
/// columns.
fn nonogram_clues() -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let grid: Vec<Vec<i64>> = (0..25i64)
        .map(|r| {
            (0..25i64)
                .map(|c| {
                    let ring = ((r - 12).pow(2) + (c - 12).pow(2)) / 16 % 2 == 0;
                    i64::from(ring != ((r - c).abs() <= 1))
                })
                .collect()
        })
        .collect();
    let rows = grid.iter().map(|r| clue(r)).collect();
    let cols = (0..25)
        .map(|j| clue(&grid.iter().map(|r| r[j]).collect::<Vec<_>>()))
        .collect();
    (rows, cols)
}

fn nonogram(c: &mut Criterion) {
    let (rows, cols) = nonogram_clues();
    let mut group = c.benchmark_group("csp");
    group.sample_size(10);
    group.bench_function("nonogram 25x25, first solution", |b| {
        b.iter(|| {
            let (model, _) = puzzle::nonogram(black_box(&rows), &cols).unwrap();
            assert_eq!(model.compile().solutions(1).len(), 1);
        })
    });
    group.finish();
}

criterion_group!(benches, queens, sudokus, golomb, nonogram);
criterion_main!(benches);
