//! The puzzles on the engine: hard sudokus (directly and as exact cover),
//! the 6x10 pentomino count, and chromatic numbers. One benchmark per row
//! of the README's "Puzzles' performance" table, each checking its answer
//! (so `cargo test --benches` proves them on the way).
//!
//! Run with `cargo bench --bench puzzles`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzles::coloring::{self, Graph};
use puzzles::pentomino::Pentominoes;
use puzzles::sudoku::{self, Sudoku};

const HARD: &str = include_str!("../examples/data/hard.txt");
const TOP95: &str = include_str!("../examples/data/top95.txt");

fn hard_sudokus() -> Vec<Sudoku> {
    sudoku::read_puzzles(HARD.as_bytes(), 3)
        .map(|puzzle| puzzle.expect("the hard set parses").1)
        .collect()
}

/// top95 repeated 20 times (1,900 puzzles), the first solution of each:
/// divide by 1,900 for the time per puzzle.
fn top95(c: &mut Criterion) {
    let puzzles: Vec<Sudoku> = sudoku::read_puzzles(TOP95.as_bytes(), 3)
        .map(|puzzle| puzzle.expect("top95 parses").1)
        .collect();
    assert_eq!(puzzles.len(), 95);
    let mut group = c.benchmark_group("sudoku");
    group.sample_size(20);
    group.bench_function("top95 x20, solve", |b| {
        b.iter(|| {
            for _ in 0..20 {
                for puzzle in &puzzles {
                    assert!(black_box(puzzle.solve()).is_some_and(|s| s.is_full()));
                }
            }
        })
    });
    group.finish();
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

/// The DIMACS queen graphs: queen8_8 needs 9 colours, past its largest
/// clique (8), so 8 must be ruled out by search; queen8_12's clique (12)
/// is the answer once a 12-colouring is found.
fn queens_chromatic(c: &mut Criterion) {
    let mut group = c.benchmark_group("coloring");
    group.sample_size(10);
    for (rows, cols, chi) in [(8, 8, 9), (8, 12, 12)] {
        let graph = Graph::queens(rows, cols);
        group.bench_function(format!("chromatic number of queen{rows}_{cols}"), |b| {
            b.iter(|| {
                let found = black_box(coloring::chromatic_number(&graph).unwrap());
                assert_eq!((found.colours, found.lower_bound), (chi, chi));
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    top95,
    sudoku,
    pentomino,
    chromatic,
    queens_chromatic
);
criterion_main!(benches);
