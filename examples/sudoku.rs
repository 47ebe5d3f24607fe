//! Solves sudoku puzzles in the one-line format, one per line, from a file
//! or standard input.
//!
//! ```text
//! cargo run --release --example sudoku -- examples/data/hard.txt
//! cargo run --release --example sudoku -- --max 2 examples/data/hard.txt
//! echo 1.3.....2....... | cargo run --release --example sudoku -- --box 2
//! ```
//!
//! Each puzzle is 81 characters (for the default box size 3): a digit for
//! a given, `.` or `0` for an empty cell. Empty lines and lines starting
//! with `#` are skipped. Output, one line per puzzle:
//!
//! - by default, the solved grid in the same format, or `no solution`;
//! - with `--max N`, the number of solutions counted up to N:
//!   `1 solution (unique)`, `0 solutions`, or `N solutions or more`
//!   (`--max 2` tells a proper puzzle from an ambiguous one).
//!
//! A bad puzzle (wrong length, a bad character, givens in conflict) prints
//! one line naming its line and column on standard error and exits with
//! status 2.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use puzzles::sudoku::{self, MAX_BOX, MIN_BOX};

const USAGE: &str = "usage: sudoku [--max N] [--box B] [FILE]";

const HELP: &str = "\
Solves sudoku puzzles, one per line, from FILE or standard input.

usage: sudoku [--max N] [--box B] [FILE]

A puzzle is one line of box^4 characters, row by row: a digit (1-9, then
A-P on 16x16 and 25x25 grids) for a given, '.' or '0' for an empty cell.
Empty lines and lines starting with '#' are skipped.

options:
  --max N    count the solutions of each puzzle, up to N (--max 2 tells
             a unique solution from several)
  --box B    the box size, 2 to 5 (default 3: 9x9 grids)
  -h, --help this help

example:
  cargo run --release --example sudoku -- --max 2 examples/data/hard.txt";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("sudoku: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("sudoku: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    /// A mistake in the arguments or the input.
    Usage(String),
    /// Writing the output failed.
    Io(io::Error),
}

struct Options {
    max: Option<u64>,
    box_size: usize,
    file: Option<String>,
}

fn parse_args() -> Result<Option<Options>, Failure> {
    let mut options = Options {
        max: None,
        box_size: 3,
        file: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--max" => {
                let value = args.next().ok_or_else(|| usage("--max needs a number"))?;
                match value.parse() {
                    Ok(max) if max >= 1 => options.max = Some(max),
                    _ => {
                        return Err(usage(&format!(
                            "--max needs a number of at least 1, got {value:?}"
                        )));
                    }
                }
            }
            "--box" => {
                let value = args.next().ok_or_else(|| usage("--box needs a number"))?;
                match value.parse() {
                    Ok(b) if (MIN_BOX..=MAX_BOX).contains(&b) => options.box_size = b,
                    _ => {
                        return Err(usage(&format!(
                            "--box needs a box size from {MIN_BOX} to {MAX_BOX}, got {value:?}"
                        )));
                    }
                }
            }
            flag if flag.starts_with('-') && flag != "-" => {
                return Err(usage(&format!("unknown option {flag:?}")));
            }
            file => {
                if options.file.is_some() {
                    return Err(usage(&format!("unexpected argument {file:?}")));
                }
                options.file = Some(file.to_owned());
            }
        }
    }
    Ok(Some(options))
}

fn run() -> Result<(), Failure> {
    let Some(options) = parse_args()? else {
        println!("{HELP}");
        return Ok(());
    };
    let input: Box<dyn BufRead> = match options.file.as_deref() {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => {
            Box::new(BufReader::new(File::open(path).map_err(|e| {
                Failure::Usage(format!("cannot open {path}: {e}"))
            })?))
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for puzzle in sudoku::read_puzzles(input, options.box_size) {
        // What was solved so far is shown before the complaint.
        let (_, puzzle) = match puzzle {
            Ok(puzzle) => puzzle,
            Err(e) => {
                out.flush().map_err(Failure::Io)?;
                return Err(Failure::Usage(e.to_string()));
            }
        };
        match options.max {
            None => match puzzle.solve() {
                Some(solved) => writeln!(out, "{solved}"),
                None => writeln!(out, "no solution"),
            },
            Some(max) => match puzzle.count_up_to(max) {
                1 if max > 1 => writeln!(out, "1 solution (unique)"),
                1 => writeln!(out, "1 solution or more"),
                count if count == max => writeln!(out, "{count} solutions or more"),
                count => writeln!(out, "{count} solutions"),
            },
        }
        .map_err(Failure::Io)?;
    }
    out.flush().map_err(Failure::Io)
}

fn usage(problem: &str) -> Failure {
    Failure::Usage(format!("{problem} ({USAGE})"))
}
