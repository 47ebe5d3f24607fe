//! The puzzles on the engine: hard sudokus (directly and as exact cover),
//! the 6x10 pentomino count, and the chromatic number of a mid-size graph.
//!
//! Run with `cargo bench --bench puzzles`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzles::coloring::{self, Graph};
use puzzles::pentomino::Pentominoes;
use puzzles::sudoku::{self, Sudoku};

const HARD: &str = include_str!("../examples/data/hard.txt");

fn hard_sudokus() -> Vec<Sudoku> {
    sudoku::read_puzzles(HARD.as_bytes(), 3)
        .map(|puzzle| puzzle.expect("the hard set parses").1)
        .collect()
}

/// The whole hard set, solved and proved unique: divide by its size (10)
/// for the time per puzzle.
fn sudoku(c: &mut Criterion) {
    let puzzles = hard_sudokus();
    let mut group = c.benchmark_group("sudoku");
    group.bench_function("hard set, solve", |b| {
        b.iter(|| {
            for puzzle in &puzzles {
                black_box(puzzle.solve());
            }
        })
    });
    group.bench_function("hard set, prove unique", |b| {
        b.iter(|| {
            for puzzle in &puzzles {
                black_box(puzzle.count_up_to(2));
            }
        })
    });
    group.bench_function("hard set, exact cover, prove unique", |b| {
        b.iter(|| {
            for puzzle in &puzzles {
                let (cover, _) = sudoku::exact_cover(puzzle).unwrap();
                black_box(backtrack::first(cover, 2));
            }
        })
    });
    group.finish();
}

fn pentomino(c: &mut Criterion) {
    let board = Pentominoes::new(6, 10).unwrap();
    let mut group = c.benchmark_group("pentomino");
    group.sample_size(10);
    // Checked on every run: `cargo test --benches` then proves the count
    // (2339 tilings up to symmetry) on the way.
    group.bench_function("6x10 count", |b| {
        b.iter(|| {
            let counts = black_box(board.count());
            assert_eq!((counts.fundamental, counts.total), (2339, 9356));
        })
    });
    group.finish();
}

/// myciel5: 47 vertices, 236 edges, chromatic number 6, and no triangle,
/// so the clique bound (2) is no help: 5 colours must be ruled out by
/// search.
fn chromatic(c: &mut Criterion) {
    let graph = Graph::mycielski(6);
    let mut group = c.benchmark_group("coloring");
    group.sample_size(10);
    group.bench_function("chromatic number of myciel5", |b| {
        b.iter(|| {
            assert_eq!(
                black_box(coloring::chromatic_number(&graph).unwrap()).colours,
                6
            )
        })
    });
    group.finish();
}

criterion_group!(benches, sudoku, pentomino, chromatic);
criterion_main!(benches);
