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
//! negative or too large n) prints one line on standard error and exits
//! with status 2.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use nqueens::format::{self, BOARDS_MAX, CHECKER_MAX};

const USAGE: &str = "usage: judge checker|boards < n";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
        // The reader went away (`| head`): nothing more to say.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("judge: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    Usage(String),
    Io(io::Error),
}

fn run() -> Result<(), Failure> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().ok_or_else(|| usage("no mode given"))?;
    if let Some(extra) = args.next() {
        return Err(usage(&format!("unexpected argument {extra:?}")));
    }
    let max = match mode.as_str() {
        "checker" => CHECKER_MAX,
        "boards" => BOARDS_MAX,
        "-h" | "--help" => {
            println!(
                "{USAGE}\n  checker: the Checker Challenge (USACO 1.5), 1 <= n <= {CHECKER_MAX}\n  boards:  every board (AcWing 843), 1 <= n <= {BOARDS_MAX}"
            );
            return Ok(());
        }
        other => return Err(usage(&format!("unknown mode {other:?}"))),
    };
    let n = nqueens::read_size(io::stdin().lock()).map_err(|e| match e {
        nqueens::Error::Io(e) => Failure::Usage(format!("cannot read n from standard input: {e}")),
        other => Failure::Usage(other.to_string()),
    })?;
    if n > max {
        return Err(Failure::Usage(format!(
            "n must be between 1 and {max} for {mode}, got {n}"
        )));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let written = match mode.as_str() {
        "checker" => format::checker(&mut out, n),
        _ => format::boards(&mut out, n),
    };
    match written {
        Ok(()) => out.flush().map_err(Failure::Io),
        Err(nqueens::Error::Io(e)) => Err(Failure::Io(e)),
        Err(other) => Err(Failure::Usage(other.to_string())),
    }
}

fn usage(problem: &str) -> Failure {
    Failure::Usage(format!("{problem} ({USAGE})"))
}
