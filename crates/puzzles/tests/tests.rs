//! The puzzles' tests: one binary, one module per puzzle. Every solution a
//! search reports is checked by code that shares nothing with the search.

mod coloring;
mod exact_cover;
mod pentomino;
mod queens;
mod sudoku;
