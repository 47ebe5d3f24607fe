//! `nqueens`: count, list and print N-queens solutions.
//!
//! `main` turns the outcome of [`run`] into an exit status: 0 on success;
//! 1 when the answer is "no" (`verify` found a placement that is not a
//! solution, `one` was asked for n = 2 or 3, `complete` has no completion), when a count ran out of time,
//! or when the output cannot be written (a full disk, `/dev/full`); 2 for a
//! usage mistake, with one line on standard error. Output sent to
//! `/dev/null` is dropped, status 0 ([`runner::stdout`] says why a closed
//! standard output is the same). A closed pipe (`nqueens solve 20 | head`) ends the
//! program quietly with status 0 ([`runner::write_failure`] decides both).
//!
//! The limits on what a user can ask for are in the README's "Errors and
//! limits"; every one is checked before anything is allocated for it.

// What a user types must never panic the tool.
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod cli;
mod complete;
mod count;
mod error;
mod estimate;
mod merge;
mod solve;
mod trace;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use nqueens::format::{self, BOARDS_MAX, CHECKER_MAX};

use crate::cli::{Cli, Command, StatementArgs};
use crate::error::UsageError;
use runner::eprintln;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match run(cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if let Some(message) = write_error(&e).and_then(|io| runner::write_failure(&io)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
        Err(e) if e.is::<merge::MergeRefused>() => {
            for line in e.to_string().lines() {
                eprintln!("error: {line}");
            }
            ExitCode::FAILURE
        }
        Err(e) if e.is::<UsageError>() => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(e) if e.is::<nqueens::Error>() => {
            // The library's own messages name the problem in the user's terms.
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
            eprintln!("error: {}", one_line(&cut_values(e), &command_path()));
            ExitCode::from(2)
        }
    }
}

/// Clap's message with the value it quotes cut to a few dozen characters,
/// as every other message does.
fn cut_values(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let mut rendered = e.render().to_string();
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
        if let Some(ContextValue::String(value)) = e.get(kind) {
            let cut = nqueens::echo(value);
            if cut.len() < value.len() {
                rendered = rendered.replace(value.as_str(), &cut);
            }
        }
    }
    rendered
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

/// Whether writing failed because the reader went away: an I/O error
/// anywhere in the chain, bare or wrapped by the library or by
/// `serde_json`'s writer.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .any(|cause| io_error_of(cause).is_some_and(|io| runner::write_failure(&io).is_none()))
}

/// The failed write to standard output that `e` is, if it is one: an I/O
/// error at the top, bare or wrapped as in [`is_broken_pipe`]. (What is
/// read reports its errors in words, as a [`UsageError`].)
fn write_error(e: &anyhow::Error) -> Option<io::Error> {
    io_error_of(e.as_ref())
}

/// `cause` as the I/O error it is or wraps, rebuilt from its kind and
/// message (`serde_json` gives no access to the one it holds).
fn io_error_of(cause: &(dyn std::error::Error + 'static)) -> Option<io::Error> {
    if let Some(io) = cause.downcast_ref::<io::Error>() {
        Some(io::Error::new(io.kind(), runner::plain(io)))
    } else if let Some(nqueens::Error::Io(io)) = cause.downcast_ref::<nqueens::Error>() {
        Some(io::Error::new(io.kind(), runner::plain(io)))
    } else if let Some(json) = cause.downcast_ref::<serde_json::Error>() {
        json.io_error_kind()
            .map(|kind| io::Error::new(kind, json.to_string()))
    } else {
        None
    }
}

/// Runs a command; `Ok(false)` when its answer is "no".
fn run(cli: Cli) -> anyhow::Result<bool> {
    let mut out = BufWriter::new(runner::stdout());
    let answer = match cli.command {
        Command::Checker(args) => {
            let n = statement_size(&args, "checker", CHECKER_MAX)?;
            format::checker(&mut out, n)?;
            true
        }
        Command::Boards(args) => {
            let n = statement_size(&args, "boards", BOARDS_MAX)?;
            format::boards(&mut out, n)?;
            true
        }
        Command::Solve(args) => solve::solve(&mut out, &args)?,
        Command::Count(args) => {
            count::count(&mut out, &args)?;
            true
        }
        Command::Merge(args) => merge::merge(&mut out, &args)?,
        Command::One(args) => solve::one(&mut out, &args)?,
        Command::Verify(args) => solve::verify(&mut out, &args)?,
        Command::Estimate(args) => estimate::estimate(&mut out, &args)?,
        Command::Trace(args) => {
            trace::trace(&mut out, &args)?;
            true
        }
        Command::Complete(args) => complete::complete(&mut out, &args)?,
    };
    out.flush()?;
    Ok(answer)
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
