//! `complete`: finish a board someone started.

use std::io::{self, IsTerminal, Read, Write};
use std::time::Duration;

use backtrack::{Limits, Parallel, Search};
use nqueens::format;
use nqueens::{COMPLETE_MAX, Completion};

use crate::cli::{CompleteArgs, Format};
use crate::error::UsageError;
use runner::eprintln;

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
            parse_board(n, &read_board(stdin.lock())?)?
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

/// The text of a board on standard input, all of it up to
/// [`BOARD_TEXT_MAX`] bytes: more is refused, not cut (a cut could fall
/// inside a character or drop a line).
fn read_board(input: impl Read) -> Result<String, UsageError> {
    let mut bytes = Vec::new();
    input
        .take(BOARD_TEXT_MAX + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            UsageError(format!(
                "cannot read the board from standard input: {}",
                runner::plain(&e)
            ))
        })?;
    if bytes.len() as u64 > BOARD_TEXT_MAX {
        return Err(UsageError(format!(
            "the board on standard input is longer than {BOARD_TEXT_MAX} bytes (1 MiB), the most complete reads"
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| UsageError("the board on standard input is not text (UTF-8)".to_owned()))
}

/// `--placed`: 1-based `ROW:COL` pairs, separated by spaces or commas, as
/// 0-based squares. A row or column that is a whole number outside 1 to n
/// (0, -1, 99999999999999999999) is a queen off the board: all of them
/// are named at once, the first few as typed and the others counted.
fn parse_placed(n: u32, text: &str) -> Result<Vec<(u32, u32)>, UsageError> {
    let mut placed = Vec::new();
    let mut off: Vec<String> = Vec::new();
    let mut off_count = 0usize;
    for token in text.split([' ', ',', '\t', '\n']).filter(|t| !t.is_empty()) {
        let bad = || {
            UsageError(format!(
                "--placed takes 1-based ROW:COL pairs such as \"1:1 3:5\", got {:?}",
                nqueens::echo(token)
            ))
        };
        let (row, col) = token.split_once(':').ok_or_else(bad)?;
        match (coordinate(n, row), coordinate(n, col)) {
            (Some(Some(row)), Some(Some(col))) => placed.push((row, col)),
            (Some(_), Some(_)) => {
                off_count += 1;
                if off.len() < nqueens::SQUARES_SHOWN {
                    off.push(nqueens::echo(token));
                }
            }
            _ => return Err(bad()),
        }
    }
    if off_count > 0 {
        let more = off_count - off.len();
        return Err(UsageError(format!(
            "{} off the {n}x{n} board (rows and columns go from 1 to {n}): {}{}",
            if off_count == 1 {
                "a queen lies"
            } else {
                "queens lie"
            },
            off.join(" "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        )));
    }
    Ok(placed)
}

/// A 1-based row or column as typed: `None` if it is not a whole number,
/// `Some(None)` if it is one outside 1 to n, else the 0-based value.
fn coordinate(n: u32, text: &str) -> Option<Option<u32>> {
    let text = text.trim();
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match text.parse::<i64>() {
        Ok(k) if (1..=i64::from(n)).contains(&k) => u32::try_from(k - 1).ok(),
        _ => None,
    })
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
