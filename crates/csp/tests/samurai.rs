//! The samurai sudoku model against the hand-written sudoku solver of the
//! `puzzles` crate, grid by grid.

use csp::puzzle::{self, SAMURAI_GRIDS};
use puzzles::sudoku::Sudoku;

/// The demo board (examples/data/samurai.txt) as 441 cells, 0 for empty.
fn demo() -> [u8; 441] {
    let text = include_str!("../../../examples/data/samurai.txt");
    let mut cells = [0; 441];
    for (r, line) in text.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if let Some(d) = ch.to_digit(10) {
                cells[r * 21 + c] = d as u8;
            }
        }
    }
    cells
}

/// The 81 cells of grid `g` of the board, as a one-line sudoku.
fn grid_line(board: &[u8; 441], g: usize) -> String {
    let (r0, c0) = SAMURAI_GRIDS[g];
    (0..81)
        .map(|i| match board[(r0 + i / 9) * 21 + c0 + i % 9] {
            0 => '.',
            d => char::from(b'0' + d),
        })
        .collect()
}

/// The demo is made so that each corner grid has one solution on its own
/// and the middle one has one once its corner boxes are known: the
/// hand-written solver then finds the whole board, without the model.
fn solved_by_hand(givens: &[u8; 441]) -> [u8; 441] {
    let mut board = *givens;
    for g in [0, 1, 2, 3, 4] {
        let sudoku = Sudoku::parse(&grid_line(&board, g), 3).unwrap();
        assert_eq!(sudoku.count_up_to(2), 1, "grid {g} alone");
        let solved = sudoku.solve().unwrap().to_string();
        let (r0, c0) = SAMURAI_GRIDS[g];
        for (i, ch) in solved.chars().enumerate() {
            board[(r0 + i / 9) * 21 + c0 + i % 9] = ch.to_digit(10).unwrap() as u8;
        }
    }
    board
}

/// Each of the five grids holds 1 to 9 once in every row, column and box.
fn follows_the_rules(board: &[u8; 441]) -> bool {
    SAMURAI_GRIDS.iter().all(|&(r0, c0)| {
        let at = |r: usize, c: usize| board[(r0 + r) * 21 + c0 + c];
        (0..9).all(|i| {
            let mut row: Vec<u8> = (0..9).map(|j| at(i, j)).collect();
            let mut col: Vec<u8> = (0..9).map(|j| at(j, i)).collect();
            let mut boxed: Vec<u8> = (0..9)
                .map(|j| at(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3))
                .collect();
            [&mut row, &mut col, &mut boxed].into_iter().all(|unit| {
                unit.sort_unstable();
                *unit == (1..=9).collect::<Vec<u8>>()
            })
        })
    })
}

#[test]
fn the_demo_samurai_has_one_solution_the_one_solved_grid_by_grid() {
    let givens = demo();
    let (model, board) = puzzle::samurai_sudoku(&givens).unwrap();
    let solutions = model.compile().solutions(2);
    assert_eq!(solutions.len(), 1);
    let mut found = [0u8; 441];
    for (cell, var) in found.iter_mut().zip(&board) {
        if let Some(var) = var {
            *cell = solutions[0][*var] as u8;
        }
    }
    assert!(follows_the_rules(&found));
    assert!(givens.iter().zip(&found).all(|(&g, &f)| g == 0 || g == f));
    assert_eq!(found, solved_by_hand(&givens));
}

#[test]
fn the_samurai_board_has_369_cells() {
    let (model, board) = puzzle::samurai_sudoku(&[0; 441]).unwrap();
    assert_eq!(model.len(), 369);
    assert_eq!(board.iter().flatten().count(), 369);
    assert!(board[9].is_none() && board[9 * 21].is_none() && board[10 * 21 + 10].is_some());
}

/// (6, 6) is in the box the top left and the middle grids share: its digit
/// cannot repeat in the top left grid's row 6, nor in the middle grid's
/// row 0.
#[test]
fn a_cell_of_a_shared_box_is_in_both_grids() {
    let solvable = |givens: &[(usize, usize, u8)]| {
        let mut board = [0; 441];
        for &(r, c, d) in givens {
            board[r * 21 + c] = d;
        }
        let (model, _) = puzzle::samurai_sudoku(&board).unwrap();
        !model.compile().solutions(1).is_empty()
    };
    assert!(solvable(&[(6, 6, 5)]));
    assert!(!solvable(&[(6, 6, 5), (6, 0, 5)]));
    assert!(!solvable(&[(6, 6, 5), (6, 11, 5)]));
    assert!(solvable(&[(6, 6, 5), (7, 11, 5)]));
}
