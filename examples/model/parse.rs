//! The text formats of the puzzles read from files and arguments.

use anyhow::{Context, bail};
use csp::puzzle;

/// A samurai board: 21 lines of up to 21 characters, row by row.
pub fn parse_samurai(text: &str) -> anyhow::Result<[u8; 441]> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != 21 {
        bail!("a samurai board has 21 lines, got {}", lines.len());
    }
    let mut inside = [false; 441];
    for (r0, c0) in puzzle::SAMURAI_GRIDS {
        for i in 0..81 {
            inside[(r0 + i / 9) * 21 + c0 + i % 9] = true;
        }
    }
    let mut cells = [0; 441];
    for (r, line) in lines.iter().enumerate() {
        let chars: Vec<char> = line.trim_end_matches('\r').chars().collect();
        if chars.len() > 21 {
            bail!("line {}: more than 21 characters", r + 1);
        }
        for c in 0..21 {
            let ch = chars.get(c).copied().unwrap_or(' ');
            let at = r * 21 + c;
            cells[at] = match (ch, inside[at]) {
                ('.' | '0', _) | (' ' | '-', false) => 0,
                ('1'..='9', true) => ch as u8 - b'0',
                _ => bail!(
                    "line {}, column {}: '{ch}' is not {}",
                    r + 1,
                    c + 1,
                    if inside[at] {
                        "a digit, '.' or '0'"
                    } else {
                        "a space or '-' (outside the five grids)"
                    }
                ),
            };
        }
    }
    Ok(cells)
}

/// A kakuro grid: each row's tokens, a white cell as its number (`Ok`),
/// a black one as its text (`Err`), and the runs with their clues.
pub struct Kakuro {
    pub rows: Vec<Vec<Result<usize, String>>>,
    pub cells: usize,
    pub runs: Vec<(Vec<usize>, i64)>,
}

pub fn parse_kakuro(text: &str) -> anyhow::Result<Kakuro> {
    let mut rows: Vec<Vec<Result<usize, String>>> = Vec::new();
    let mut clues = Vec::new();
    let mut cells = 0;
    for (r, line) in text.lines().enumerate() {
        let mut row = Vec::new();
        for (c, token) in line.split_whitespace().enumerate() {
            if token == "." {
                row.push(Ok(cells));
                cells += 1;
                continue;
            }
            if token != "#" {
                let (down, right) = token.split_once('\\').with_context(|| {
                    format!("line {}: '{token}' is not '.', '#' or DOWN\\RIGHT", r + 1)
                })?;
                for (clue, across) in [(down, false), (right, true)] {
                    if !clue.is_empty() {
                        let sum: i64 = clue
                            .parse()
                            .with_context(|| format!("line {}: '{clue}' is not a clue", r + 1))?;
                        clues.push((r, c, across, sum));
                    }
                }
            }
            row.push(Err(token.to_owned()));
        }
        rows.push(row);
    }
    let white = |r: usize, c: usize| {
        rows.get(r)
            .and_then(|row| row.get(c))
            .and_then(|t| t.as_ref().ok())
    };
    let mut runs = Vec::new();
    for (r, c, across, sum) in clues {
        let run: Vec<usize> = (1..)
            .map_while(|k| {
                if across {
                    white(r, c + k)
                } else {
                    white(r + k, c)
                }
            })
            .copied()
            .collect();
        if run.is_empty() {
            bail!("line {}: a clue with no white cell after it", r + 1);
        }
        runs.push((run, sum));
    }
    Ok(Kakuro { rows, cells, runs })
}

/// A hidato grid: 0 for an open cell, the given numbers, -1 for a hole.
pub fn parse_hidato(text: &str) -> anyhow::Result<Vec<Vec<i64>>> {
    text.lines()
        .enumerate()
        .map(|(r, line)| {
            line.split_whitespace()
                .map(|token| match token {
                    "." => Ok(0),
                    "#" => Ok(-1),
                    _ => match token.parse::<i64>() {
                        Ok(k) if k > 0 => Ok(k),
                        _ => bail!(
                            "line {}: '{token}' is not '.', '#' or a number from 1",
                            r + 1
                        ),
                    },
                })
                .collect()
        })
        .collect()
}

pub fn parse_sudoku(line: &str) -> anyhow::Result<[u8; 81]> {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() != 81 {
        bail!("expected 81 cells, got {}", chars.len());
    }
    let mut cells = [0; 81];
    for (i, (cell, ch)) in cells.iter_mut().zip(chars).enumerate() {
        *cell = match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => bail!("column {}: '{ch}' is not a digit, '.' or '0'", i + 1),
        };
    }
    Ok(cells)
}

pub fn parse_clues(text: &str) -> anyhow::Result<Vec<Vec<usize>>> {
    text.split('/')
        .map(|line| {
            line.split(',')
                .filter(|b| !b.trim().is_empty() && b.trim() != "0")
                .map(|b| {
                    b.trim()
                        .parse::<usize>()
                        .with_context(|| format!("'{b}' is not a block length"))
                })
                .collect()
        })
        .collect()
}
