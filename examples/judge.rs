//! The two classic N-queens statements, exactly as an online judge runs
//! them: n on standard input, the expected output on standard output.
//!
//! ```text
//! echo 6 | cargo run --release --example judge -- checker
//! echo 4 | cargo run --release --example judge -- boards
//! ```
//!
//! - `checker`: the Checker Challenge (USACO 1.5 "checker"; Luogu P1219;
//!   AcWing 1432). The first three solutions in lexicographic order, each as
//!   the 1-based columns of rows 1..n, then the number of solutions.
//! - `boards`: AcWing 843. Every solution as n lines of `.` and `Q`, each
//!   board followed by a blank line.
//!
//! Bad input (no mode, an unknown mode, empty input, not a number, 0, a
//! negative or too large n, more than
//! [`SIZE_TEXT_MAX`](nqueens::SIZE_TEXT_MAX) bytes of text) prints one
//! line on standard error and exits with status 2; `--help` prints the
//! usage and exits with status 0. Output that cannot be written exits with
//! status 1 (a closed pipe, `| head`, with 0).

#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::error::Error as _;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};
use nqueens::format::{self, BOARDS_MAX, CHECKER_MAX};
use runner::eprintln;

const USAGE: &str = "usage: judge checker|boards < n";

/// Runs an N-queens problem statement as an online judge does: n on
/// standard input, the expected output on standard output.
#[derive(Debug, Parser)]
#[command(
    name = "judge",
    after_help = "Examples:\n  echo 6 | judge checker\n  echo 4 | judge boards"
)]
struct Cli {
    /// The statement: `checker` (USACO 1.5, 1 <= n <= 15) or `boards`
    /// (AcWing 843, 1 <= n <= 12).
    #[arg(value_name = "MODE", value_parser = parse_mode)]
    mode: Option<Mode>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// The Checker Challenge: the first three solutions, then the count.
    Checker,
    /// Every solution as a board of `.` and `Q`.
    Boards,
}

impl Mode {
    fn max(self) -> u32 {
        match self {
            Mode::Checker => CHECKER_MAX,
            Mode::Boards => BOARDS_MAX,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::Checker => "checker",
            Mode::Boards => "boards",
        }
    }
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    Mode::from_str(text, false)
        .map_err(|_| format!("unknown mode {:?} ({USAGE})", nqueens::echo(text)))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version; nothing is left to do if stdout is gone.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("judge: {}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
        // The reader went away (`| head`): nothing more to say.
        Err(Failure::Io(e)) => match runner::write_failure(&e) {
            None => ExitCode::SUCCESS,
            Some(message) => {
                eprintln!("judge: {message}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Clap's message as one line: a mode's own message as it is, anything
/// else with the usage.
fn one_line(e: &clap::Error) -> String {
    if e.kind() == ErrorKind::ValueValidation
        && let Some(source) = e.source()
    {
        return source.to_string();
    }
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or_default();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    // An unexpected argument is quoted: cut it as every message does.
    let first = match e.get(clap::error::ContextKind::InvalidArg) {
        Some(clap::error::ContextValue::String(arg)) => first.replace(arg, &nqueens::echo(arg)),
        _ => first.to_owned(),
    };
    format!("{first} ({USAGE})")
}

enum Failure {
    Usage(String),
    Io(io::Error),
}

fn run(cli: Cli) -> Result<(), Failure> {
    let mode = cli
        .mode
        .ok_or_else(|| Failure::Usage(format!("no mode given ({USAGE})")))?;
    let n = nqueens::read_size(io::stdin().lock()).map_err(|e| match e {
        nqueens::Error::Io(e) => Failure::Usage(format!("cannot read n from standard input: {e}")),
        other => Failure::Usage(other.to_string()),
    })?;
    let max = mode.max();
    if n > max {
        return Err(Failure::Usage(format!(
            "n must be between 1 and {max} for {}, got {n}",
            mode.name()
        )));
    }
    let mut out = BufWriter::new(runner::stdout());
    let written = match mode {
        Mode::Checker => format::checker(&mut out, n),
        Mode::Boards => format::boards(&mut out, n),
    };
    match written {
        Ok(()) => out.flush().map_err(Failure::Io),
        Err(nqueens::Error::Io(e)) => Err(Failure::Io(e)),
        Err(other) => Err(Failure::Usage(other.to_string())),
    }
}
