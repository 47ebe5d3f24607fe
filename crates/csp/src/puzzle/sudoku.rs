//! Sudoku and its variants: grids of all-different rows, columns and boxes.

use crate::error::Error;
use crate::model::Model;
use crate::var::Var;

/// Sudoku: 81 cells row by row, `0` for an empty cell, a digit for a given
/// (any other number gives a model with no solution).
pub fn sudoku(givens: &[u8; 81]) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let cells = m.vars(81, 1..=9)?;
    sudoku_rules(&mut m, &cells)?;
    for (&cell, &given) in cells.iter().zip(givens) {
        if given != 0 {
            m.fix(cell, i64::from(given))?;
        }
    }
    Ok((m, cells))
}

/// The rows, columns and boxes of a 9x9 grid, all different.
fn sudoku_rules(m: &mut Model, cells: &[Var]) -> Result<(), Error> {
    for i in 0..9 {
        let row: Vec<Var> = (0..9).map(|j| cells[i * 9 + j]).collect();
        let col: Vec<Var> = (0..9).map(|j| cells[j * 9 + i]).collect();
        let boxed: Vec<Var> = (0..9)
            .map(|j| cells[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3])
            .collect();
        m.all_different(&row)?;
        m.all_different(&col)?;
        m.all_different(&boxed)?;
    }
    Ok(())
}

/// Killer sudoku: a sudoku without givens whose cages (cells, as indices
/// row by row, and their sum) hold different digits adding up to the sum.
pub fn killer_sudoku(cages: &[(Vec<usize>, i64)]) -> Result<(Model, Vec<Var>), Error> {
    let (mut m, cells) = sudoku(&[0; 81])?;
    super::cages(&mut m, &cells, cages)?;
    Ok((m, cells))
}

/// The top left corners, as `(row, column)`, of the five 9x9 grids of a
/// samurai sudoku on its 21x21 board: four in the corners, and one in the
/// middle that shares a 3x3 box with each of them.
pub const SAMURAI_GRIDS: [(usize, usize); 5] = [(0, 0), (0, 12), (12, 0), (12, 12), (6, 6)];

/// Samurai sudoku: the five 9x9 sudokus of [`SAMURAI_GRIDS`] on a 21x21
/// board, each with all-different rows, columns and boxes; the middle one
/// shares its corner boxes with the other four. `givens` holds the board
/// row by row, 441 cells: `0` for an empty cell, a digit for a given (any
/// other number gives a model with no solution); the cells outside the five
/// grids are not part of the puzzle and their entries are ignored. The
/// board's cells row by row, `None` outside the grids.
pub fn samurai_sudoku(givens: &[u8; 441]) -> Result<(Model, Vec<Option<Var>>), Error> {
    let mut m = Model::new();
    let mut board: Vec<Option<Var>> = vec![None; 441];
    let mut grids = Vec::with_capacity(5);
    for (r0, c0) in SAMURAI_GRIDS {
        let mut cells = Vec::with_capacity(81);
        for i in 0..81 {
            let at = (r0 + i / 9) * 21 + c0 + i % 9;
            let cell = match board[at] {
                Some(var) => var,
                None => *board[at].insert(m.var(1..=9)?),
            };
            cells.push(cell);
        }
        grids.push(cells);
    }
    for cells in &grids {
        sudoku_rules(&mut m, cells)?;
    }
    for (cell, &given) in board.iter().zip(givens) {
        if let (Some(var), 1..) = (cell, given) {
            m.fix(*var, i64::from(given))?;
        }
    }
    Ok((m, board))
}
