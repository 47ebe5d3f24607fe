//! `complete`: finish a board someone started.

use std::io::{self, IsTerminal, Read, Write};
use std::time::Duration;

use backtrack::{Limits, Parallel, Search};
use nqueens::format;
use nqueens::{COMPLETE_MAX, Completion};

use crate::cli::{CompleteArgs, Format};
use crate::error::UsageError;

/// The most text read from standard input for a board: a 128x128 board
/// with line ends, and room for blank space around it.
const BOARD_TEXT_MAX: u64 = 1 << 20;

/// `complete`: one completion, or the number of completions with
/// `--count`. `Ok(false)` when there is none, or `--timeout` stopped the
/// search first: both are said on standard error, status 1.
pub fn complete(out: &mut impl Write, args: &CompleteArgs) -> anyhow::Result<bool> {
    let n = args.n;
    if n > COMPLETE_MAX {
        return Err(UsageError(format!(
            "complete takes n from 1 to {COMPLETE_MAX}, got {n}"
        ))
        .into());
    }
    let placed = match &args.placed {
        Some(text) => parse_placed(n, text)?,
        None => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                eprintln!(
                    "nqueens complete: reading a board of '.' and 'Q' from standard input (or give --placed \"ROW:COL ...\")"
                );
            }
            let mut text = String::new();
            stdin
                .lock()
                .take(BOARD_TEXT_MAX)
                .read_to_string(&mut text)
                .map_err(|e| {
                    UsageError(format!("cannot read the board from standard input: {e}"))
                })?;
            parse_board(n, &text)?
        }
    };
    if args.format == Format::Svg && args.count {
        return Err(UsageError("--count prints a number: it does not take --format".into()).into());
    }
    let problem = Completion::new(n, &placed)?;
    let mut limits = Limits::default();
    if let Some(seconds) = args.timeout {
        limits = limits.time(Duration::from_secs_f64(seconds));
    }
    let threads = backtrack::Runner::new(args.threads).threads();
    let seconds = args.timeout.unwrap_or_default();
    if args.count {
        let report = if threads == 1 {
            Search::new(problem).with_limits(limits).count()
        } else {
            Parallel::auto()
                .threads(threads)
                .limits(limits)
                .count(&problem)
        };
        return match report.complete() {
            Some(count) => {
                writeln!(out, "{count}")?;
                Ok(true)
            }
            None => {
                eprintln!(
                    "the count of the completions did not finish within {seconds} s (--timeout); no result"
                );
                Ok(false)
            }
        };
    }
    let mut search = Search::new(problem).with_limits(limits);
    let found = search.next_solution().is_some();
    match search.problem().columns().filter(|_| found) {
        Some(columns) => {
            match args.format {
                Format::List => format::write_line(out, &columns)?,
                Format::Boards => format::write_board(out, &columns)?,
                Format::Classic => format::write_classic(out, 1, &columns)?,
                Format::Json => crate::solve::write_json(out, n, 0, &columns)?,
                Format::Svg => format::write_svg(out, &columns)?,
            }
            Ok(true)
        }
        _ if search.is_exhausted() => {
            let queens = placed.len();
            eprintln!(
                "no completion: no solution of {n}-queens holds the {queens} queen{} placed (the whole search tree was searched, {} nodes)",
                if queens == 1 { "" } else { "s" },
                search.stats().nodes
            );
            Ok(false)
        }
        _ => {
            eprintln!(
                "no completion found within {seconds} s (--timeout): the search did not finish, so one may still exist"
            );
            Ok(false)
        }
    }
}

/// `--placed`: 1-based `ROW:COL` pairs, separated by spaces or commas, as
/// 0-based squares. Squares off the board are left for the library to
/// name, all at once; a 0 cannot be made 0-based and is refused here.
fn parse_placed(n: u32, text: &str) -> Result<Vec<(u32, u32)>, UsageError> {
    let mut placed = Vec::new();
    for token in text.split([' ', ',', '\t', '\n']).filter(|t| !t.is_empty()) {
        let bad = || {
            UsageError(format!(
                "--placed takes 1-based ROW:COL pairs such as \"1:1 3:5\", got {:?}",
                nqueens::echo(token)
            ))
        };
        let (row, col) = token.split_once(':').ok_or_else(bad)?;
        let parse = |part: &str| part.trim().parse::<u32>().map_err(|_| bad());
        let (row, col) = (parse(row)?, parse(col)?);
        if row == 0 || col == 0 {
            return Err(UsageError(format!(
                "--placed: rows and columns go from 1 to {n}, got {token}"
            )));
        }
        placed.push((row - 1, col - 1));
    }
    Ok(placed)
}

/// A board of `.` and `Q`, n lines of n squares (blank lines around it and
/// blank space around a line are skipped), as the squares of its queens.
fn parse_board(n: u32, text: &str) -> Result<Vec<(u32, u32)>, UsageError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    if lines.len() != n as usize {
        return Err(UsageError(format!(
            "expected a board of {n} lines of {n} squares ('.' or 'Q') on standard input, got {} non-blank lines",
            lines.len()
        )));
    }
    let mut placed = Vec::new();
    for (row, (number, line)) in (0u32..).zip(&lines) {
        if line.chars().count() != n as usize {
            return Err(UsageError(format!(
                "line {number} of the board has {} squares, expected {n}: {:?}",
                line.chars().count(),
                nqueens::echo(line)
            )));
        }
        for (col, square) in (0u32..).zip(line.chars()) {
            match square {
                '.' => {}
                'Q' | 'q' => placed.push((row, col)),
                other => {
                    return Err(UsageError(format!(
                        "line {number} of the board holds {other:?}: a square is '.' (empty) or 'Q' (a queen)"
                    )));
                }
            }
        }
    }
    Ok(placed)
}
