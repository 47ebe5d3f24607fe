//! `nqueens`: count, list and print N-queens solutions.
//!
//! `main` turns the outcome of [`run`] into an exit status: 0 on success, 2
//! for a usage mistake (one line on standard error), 1 when the output
//! cannot be written. A closed pipe (`nqueens solve 20 | head`) ends the
//! program quietly with status 0.

mod cli;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use backtrack::Search;
use clap::Parser;
use clap::error::ErrorKind;
use nqueens::NQueens;
use nqueens::format::{self, BOARDS_MAX, CHECKER_MAX};

use crate::cli::{Cli, Command, Format, StatementArgs};

/// The largest n `count` accepts: beyond it no count finishes in a lifetime.
const COUNT_MAX: u32 = 32;

/// A mistake of the user's: the message says what was wrong and what is
/// accepted; exit status 2.
#[derive(Debug)]
struct UsageError(String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if e.is::<UsageError>() => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Prints help and version in full, and any other parse error as one line.
fn clap_exit(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // Nothing sensible is left to do if stdout is gone.
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            eprintln!(
                "error: {}",
                one_line(&e.render().to_string(), &command_path())
            );
            ExitCode::from(2)
        }
    }
}

/// `nqueens` and the subcommand named on the command line, if any.
fn command_path() -> String {
    use clap::CommandFactory;
    let named = std::env::args().nth(1).filter(|arg| {
        Cli::command()
            .get_subcommands()
            .any(|sub| sub.get_name() == arg)
    });
    match named {
        Some(sub) => format!("nqueens {sub}"),
        None => "nqueens".to_owned(),
    }
}

/// Folds clap's message into one line: its first paragraph, joined, and a
/// pointer to the help of the command that was being parsed (from clap's
/// usage line, or `fallback` when the message has none).
fn one_line(rendered: &str, fallback: &str) -> String {
    let mut message: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    if let Some(first) = message.first_mut() {
        *first = first.strip_prefix("error: ").unwrap_or(first);
    }
    let command: Vec<&str> = rendered
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))
        .map(|usage| {
            usage
                .split_whitespace()
                .take_while(|word| !word.starts_with(['<', '[', '-']))
                .collect()
        })
        .unwrap_or_default();
    let command = if command.is_empty() {
        fallback.to_owned()
    } else {
        command.join(" ")
    };
    format!("{} (see '{command} --help')", message.join(" "))
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let io = cause.downcast_ref::<io::Error>().or_else(|| {
            match cause.downcast_ref::<nqueens::Error>() {
                Some(nqueens::Error::Io(io)) => Some(io),
                _ => None,
            }
        });
        io.is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    match cli.command {
        Command::Checker(args) => {
            let n = statement_size(&args, "checker", CHECKER_MAX)?;
            format::checker(&mut out, n)?;
        }
        Command::Boards(args) => {
            let n = statement_size(&args, "boards", BOARDS_MAX)?;
            format::boards(&mut out, n)?;
        }
        Command::Solve { n, format } => match format {
            Format::List => format::list(&mut out, n)?,
            Format::Boards => format::boards(&mut out, n)?,
            Format::Classic => format::classic(&mut out, n)?,
        },
        Command::Count { n } => {
            if n > COUNT_MAX {
                return Err(
                    UsageError(format!("count takes n from 1 to {COUNT_MAX}, got {n}")).into(),
                );
            }
            let total = Search::new(NQueens::new(n)?).count().value;
            writeln!(out, "{total}")?;
        }
    }
    out.flush().context("cannot write the output")?;
    Ok(())
}

/// The n of a statement command: the argument, or standard input.
fn statement_size(args: &StatementArgs, mode: &str, max: u32) -> anyhow::Result<u32> {
    let n = match args.n {
        Some(n) => n,
        None => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                eprintln!(
                    "nqueens {mode}: reading n from standard input (or give it as an argument)"
                );
            }
            nqueens::read_size(stdin.lock()).map_err(|e| match e {
                nqueens::Error::Io(e) => {
                    UsageError(format!("cannot read n from standard input: {e}"))
                }
                other => UsageError(other.to_string()),
            })?
        }
    };
    if n > max {
        return Err(UsageError(format!("{mode} takes n from 1 to {max}, got {n}")).into());
    }
    Ok(n)
}
