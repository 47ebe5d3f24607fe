//! Counts the tilings of a rectangle by the twelve pentominoes.
//!
//! ```text
//! cargo run --release --example pentomino -- 6x10
//! cargo run --release --example pentomino -- 3x20 --show
//! ```
//!
//! The board is one of 6x10, 5x12, 4x15 or 3x20 (or their transposes: any
//! rectangle of 60 cells). Prints the number of tilings up to rotations and
//! reflections of the board, and the number of all tilings with the
//! symmetric copies counted apart; `--show` also draws the first tiling
//! found, a letter per piece. `--threads N` counts on N threads (0: one per
//! core). A bad board prints one line on standard error and exits with
//! status 2.

use std::process::ExitCode;

use backtrack::Parallel;
use puzzles::pentomino::Pentominoes;

const USAGE: &str = "usage: pentomino ROWSxCOLS [--show] [--threads N]";

const HELP: &str = "\
Counts the tilings of a ROWS by COLS rectangle by the twelve pentominoes.

usage: pentomino ROWSxCOLS [--show] [--threads N]

The board has 60 cells: 6x10, 5x12, 4x15 or 3x20 (or turned: 10x6, ...).

options:
  --show        draw the first tiling found, a letter per piece
  --threads N   count on N threads (0: one per core; default: this thread)
  -h, --help    this help

example:
  cargo run --release --example pentomino -- 6x10 --show";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pentomino: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut board = None;
    let mut show = false;
    let mut threads = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return Ok(());
            }
            "--show" => show = true,
            "--threads" => {
                let value = args
                    .next()
                    .ok_or_else(|| usage("--threads needs a number"))?;
                threads = Some(
                    value
                        .parse::<usize>()
                        .map_err(|_| usage(&format!("--threads needs a number, got {value:?}")))?,
                );
            }
            flag if flag.starts_with('-') => {
                return Err(usage(&format!("unknown option {flag:?}")));
            }
            size if board.is_none() => board = Some(parse_board(size)?),
            extra => return Err(usage(&format!("unexpected argument {extra:?}"))),
        }
    }
    let (rows, cols) = board.ok_or_else(|| usage("no board given"))?;
    let pentominoes = Pentominoes::new(rows, cols).map_err(|e| e.to_string())?;
    let counts = match threads {
        None => pentominoes.count(),
        Some(threads) => pentominoes.count_parallel(&Parallel::auto().threads(threads)),
    };
    println!(
        "{rows}x{cols}: {} tilings up to rotation and reflection ({} counting the symmetric copies apart)",
        counts.classes, counts.tilings
    );
    if show {
        let problem = pentominoes.problem(false);
        match backtrack::first(problem, 1).first() {
            Some(options) => match pentominoes.tiling(false, options) {
                Some(tiling) => print!("\n{tiling}"),
                None => return Err("the search returned a tiling that does not check".into()),
            },
            None => println!("no tiling"),
        }
    }
    Ok(())
}

/// `6x10` as `(6, 10)`.
fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let bad = || usage(&format!("expected a board such as 6x10, got {text:?}"));
    let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        rows.parse().map_err(|_| bad())?,
        cols.parse().map_err(|_| bad())?,
    ))
}

fn usage(problem: &str) -> String {
    format!("{problem} ({USAGE})")
}
