//! The text formats of the puzzles read from files and arguments, and the
//! reading of those files: line by line within [`BOARD_LIMITS`] or
//! [`SUDOKU_LIMITS`], each line checked before it is kept, so that
//! `/dev/zero` or an endless comment line is refused at once.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{Context, anyhow, bail};
use csp::puzzle;
use runner::{LineLimits, Lines, echo};

/// The most a board file (samurai, kakuro, hidato) holds: lines of 64 KiB
/// and 16 MiB in all, far beyond any grid that can be solved.
pub const BOARD_LIMITS: LineLimits = LineLimits {
    line: 1 << 16,
    total: 1 << 24,
};

/// The most a file of sudokus holds: lines (comments too) of 64 KiB, and
/// 256 MiB in all, as the sudoku example reads.
pub const SUDOKU_LIMITS: LineLimits = LineLimits {
    line: 1 << 16,
    total: 1 << 28,
};

/// Opens `path` for reading, with an error that names it (and holds no
/// I/O error, which this program keeps for its output).
fn open(path: &Path) -> anyhow::Result<BufReader<File>> {
    File::open(path).map(BufReader::new).map_err(|e| {
        anyhow!(
            "cannot read {}: {}",
            echo(&path.display().to_string()),
            runner::plain(&e)
        )
    })
}

/// The text of a board file, read within [`BOARD_LIMITS`].
pub fn read_board(path: &Path) -> anyhow::Result<String> {
    let name = echo(&path.display().to_string());
    runner::read_text(open(path)?, BOARD_LIMITS).map_err(|e| anyhow!("{name}: {e}"))
}

/// Calls `each` with the givens of every sudoku of `reader` (one
/// 81-character line per puzzle; empty lines and `#` comments skipped),
/// read within [`SUDOKU_LIMITS`]. Errors name `name` and the line; an
/// input with no puzzle is one.
pub fn read_sudokus(
    reader: impl BufRead,
    name: &str,
    mut each: impl FnMut([u8; 81]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut lines = Lines::new(reader, SUDOKU_LIMITS);
    let mut any = false;
    while let Some(line) = lines.next_line() {
        let (number, text) = line.map_err(|e| anyhow!("{name}: {e}"))?;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        any = true;
        let givens = parse_sudoku(text).with_context(|| format!("{name}: line {number}"))?;
        each(givens)?;
    }
    if !any {
        bail!("{name}: no puzzle in the file (a puzzle is a line of 81 cells)");
    }
    Ok(())
}

/// [`read_sudokus`] of the file at `path`.
pub fn read_sudoku_file(
    path: &Path,
    each: impl FnMut([u8; 81]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    read_sudokus(open(path)?, &echo(&path.display().to_string()), each)
}

/// A samurai board: 21 lines of up to 21 characters, row by row.
pub fn parse_samurai(text: &str) -> anyhow::Result<[u8; 441]> {
    let count = text.lines().count();
    if count != 21 {
        bail!("a samurai board has 21 lines, got {count}");
    }
    let lines: Vec<&str> = text.lines().collect();
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
                    "line {}, column {}: {ch:?} is not {}",
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
                    format!(
                        "line {}: {:?} is not '.', '#' or DOWN\\RIGHT",
                        r + 1,
                        echo(token)
                    )
                })?;
                for (clue, across) in [(down, false), (right, true)] {
                    if !clue.is_empty() {
                        let sum: i64 = clue.parse().with_context(|| {
                            format!("line {}: {:?} is not a clue", r + 1, echo(clue))
                        })?;
                        clues.push((r, c, across, sum));
                    }
                }
            }
            row.push(Err(token.to_owned()));
        }
        // A grid of short rows takes no more than its text's worth.
        row.shrink_to_fit();
        rows.push(row);
    }
    if rows.iter().all(Vec::is_empty) {
        bail!("no grid: a kakuro is rows of cells separated by spaces");
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
    if text.trim().is_empty() {
        bail!("no grid: a hidato is rows of cells separated by spaces");
    }
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
                            "line {}: {:?} is not '.', '#' or a number from 1",
                            r + 1,
                            echo(token)
                        ),
                    },
                })
                .collect::<anyhow::Result<Vec<i64>>>()
                .map(|mut row| {
                    // A grid of short rows takes no more than its text's worth.
                    row.shrink_to_fit();
                    row
                })
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
            _ => bail!("column {}: {ch:?} is not a digit, '.' or '0'", i + 1),
        };
    }
    Ok(cells)
}

/// The most rows, columns and cells in a block of a nonogram. A line's
/// clue is an automaton with a state per cell of its blocks, laid out over
/// a layer per cell of the line: a block of 10^8 cells took gigabytes, one
/// of 2^32 + 1 more than any memory. Within this maximum the model of a
/// 256 by 256 grid takes some tens of megabytes.
pub const NONOGRAM_MAX: usize = 256;

/// The clues of a nonogram's rows or columns: lines separated by '/',
/// blocks by ','; at most [`NONOGRAM_MAX`] lines and blocks of at most as
/// many cells.
pub fn parse_clues(text: &str) -> anyhow::Result<Vec<Vec<usize>>> {
    let lines = text.split('/').count();
    if lines > NONOGRAM_MAX {
        bail!(
            "{lines} lines of clues: a nonogram has at most {NONOGRAM_MAX} rows and {NONOGRAM_MAX} columns"
        );
    }
    text.split('/')
        .map(|line| {
            line.split(',')
                .filter(|b| !b.trim().is_empty() && b.trim() != "0")
                .map(|b| match b.trim().parse::<usize>() {
                    Ok(cells) if cells <= NONOGRAM_MAX => Ok(cells),
                    Ok(_) => bail!(
                        "a block of {} cells: a nonogram's lines have at most {NONOGRAM_MAX}",
                        echo(b.trim())
                    ),
                    Err(e) => Err(anyhow!(e))
                        .with_context(|| format!("{:?} is not a block length", echo(b))),
                })
                .collect()
        })
        .collect()
}
