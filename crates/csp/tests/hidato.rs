//! The hidato model against a plain walk that lays the numbers 1, 2, ...
//! along the open cells.

use csp::puzzle;

/// The demo grid (examples/data/hidato.txt): 0 open, -1 a hole, a given.
fn demo() -> Vec<Vec<i64>> {
    include_str!("../../../examples/data/hidato.txt")
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|t| match t {
                    "." => 0,
                    "#" => -1,
                    _ => t.parse().unwrap(),
                })
                .collect()
        })
        .collect()
}

/// Whether number `k` may go to a cell of the board.
type Fits<'a> = dyn Fn(&Vec<Vec<i64>>, (usize, usize), i64) -> bool + 'a;

/// Every filling of a rectangular grid: each solution as the grid with
/// every open cell numbered. A walk from each cell that may hold 1, number
/// by number into a free neighbouring cell, where a given number must land
/// on its own cell and a given cell takes only its number.
fn walks(grid: &[Vec<i64>], limit: usize) -> Vec<Vec<Vec<i64>>> {
    let (h, w) = (grid.len(), grid[0].len());
    let n = grid.iter().flatten().filter(|&&x| x >= 0).count() as i64;
    let mut given_at = vec![None; n as usize + 1];
    for (r, row) in grid.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            if x > 0 && x <= n {
                given_at[x as usize] = Some((r, c));
            }
        }
    }
    let fits = |board: &Vec<Vec<i64>>, (r, c): (usize, usize), k: i64| {
        board[r][c] == 0
            && (grid[r][c] == 0 || grid[r][c] == k)
            && given_at[k as usize].is_none_or(|at| at == (r, c))
    };
    fn go(
        board: &mut Vec<Vec<i64>>,
        at: (usize, usize),
        k: i64,
        n: i64,
        fits: &Fits<'_>,
        limit: usize,
        out: &mut Vec<Vec<Vec<i64>>>,
    ) {
        if out.len() >= limit {
            return;
        }
        if k == n {
            out.push(board.clone());
            return;
        }
        let (h, w) = (board.len() as i64, board[0].len() as i64);
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (r, c) = (at.0 as i64 + dr, at.1 as i64 + dc);
                if (dr, dc) == (0, 0) || r < 0 || c < 0 || r >= h || c >= w {
                    continue;
                }
                let next = (r as usize, c as usize);
                if fits(board, next, k + 1) {
                    board[next.0][next.1] = k + 1;
                    go(board, next, k + 1, n, fits, limit, out);
                    board[next.0][next.1] = 0;
                }
            }
        }
    }
    let mut out = Vec::new();
    // Holes are -1 on the board too: never free.
    let mut board: Vec<Vec<i64>> = grid
        .iter()
        .map(|row| row.iter().map(|&x| if x < 0 { -1 } else { 0 }).collect())
        .collect();
    for r in 0..h {
        for c in 0..w {
            if n > 0 && fits(&board, (r, c), 1) {
                board[r][c] = 1;
                go(&mut board, (r, c), 1, n, &fits, limit, &mut out);
                board[r][c] = 0;
            }
        }
    }
    out
}

/// The model's solutions drawn as numbered grids.
fn solved(grid: &[Vec<i64>], limit: usize) -> Vec<Vec<Vec<i64>>> {
    let w = grid[0].len();
    let (model, at) = puzzle::hidato(grid).unwrap();
    model
        .compile()
        .solutions(limit)
        .iter()
        .map(|s| {
            let mut board: Vec<Vec<i64>> = grid
                .iter()
                .map(|row| row.iter().map(|&x| x.min(0)).collect())
                .collect();
            for (k, &v) in at.iter().enumerate() {
                let cell = s[v] as usize;
                board[cell / w][cell % w] = k as i64 + 1;
            }
            board
        })
        .collect()
}

#[test]
fn the_demo_hidato_has_one_solution_the_walked_one() {
    let grid = demo();
    let expected = walks(&grid, 2);
    assert_eq!(expected.len(), 1);
    assert_eq!(solved(&grid, 2), expected);
}

#[test]
fn small_hidatos_match_the_walks() {
    let grids: [&[&[i64]]; 5] = [
        &[&[0, 0], &[0, 0]],
        &[&[1, 0, 0], &[0, -1, 0], &[0, 0, 0]],
        &[&[0, 0, 0], &[0, 5, 0], &[0, 0, 9]],
        &[&[0, 0, 0, 0], &[0, 0, 0, 12]],
        &[&[3, 0, 0], &[0, 1, 0]],
    ];
    for grid in grids {
        let grid: Vec<Vec<i64>> = grid.iter().map(|row| row.to_vec()).collect();
        let mut expected = walks(&grid, usize::MAX);
        let mut found = solved(&grid, usize::MAX);
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{grid:?}");
    }
}

#[test]
fn a_given_larger_than_the_cells_leaves_no_solution() {
    let (model, _) = puzzle::hidato(&[vec![0, 0], vec![0, 5]]).unwrap();
    assert!(model.compile().solutions(1).is_empty());
}
