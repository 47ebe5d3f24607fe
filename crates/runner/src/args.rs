//! The values every program with long searches takes on its command line:
//! how many threads, and a number of seconds (a timeout, how often to
//! write a checkpoint). Parsed the same way everywhere, with the same
//! limits and the same messages.

use std::time::Duration;

use crate::error::echo;

/// The most threads a program takes (0 asks for one per core): each has a
/// stack and a share of the work list, and no machine this runs on has
/// more cores.
pub const THREADS_MAX: usize = 1024;

/// A number of threads from 0 (one per core) to [`THREADS_MAX`], as typed.
///
/// # Errors
///
/// A message that names the range and repeats the text (cut by
/// [`echo`]).
///
/// # Example
///
/// ```
/// assert_eq!(runner::parse_threads(" 8 "), Ok(8));
/// assert!(runner::parse_threads("10000").unwrap_err().contains("0 (one per core) to 1024"));
/// ```
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(threads) if threads <= THREADS_MAX => Ok(threads),
        _ => Err(format!(
            "expected a number of threads from 0 (one per core) to {THREADS_MAX}, got {:?}",
            echo(text)
        )),
    }
}

/// A positive number of seconds that a [`Duration`] can hold (at most
/// about 10^19), as typed: `2`, `0.5`, `1e3`.
///
/// # Errors
///
/// A message that names the range and repeats the text (cut by
/// [`echo`]); 0, negative numbers, `inf` and `NaN` are refused.
///
/// # Example
///
/// ```
/// assert_eq!(runner::parse_seconds("1.5"), Ok(1.5));
/// assert!(runner::parse_seconds("1e20").is_err());
/// assert!(runner::parse_seconds("0").is_err());
/// ```
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && Duration::try_from_secs_f64(seconds).is_ok() => Ok(seconds),
        _ => Err(format!(
            "expected a positive number of seconds (at most 10^19), got {:?}",
            echo(text)
        )),
    }
}

/// A message from an argument parser with every quoted value in it (`'...'`
/// or `"..."`) cut by [`echo`], so that a 100 MB argument gives a short
/// line. A quote left open is cut the same way.
///
/// # Example
///
/// ```
/// let long = "9".repeat(100);
/// let message = format!("invalid value '{long}' for '--threads <N>'");
/// let cut = runner::cut_quoted(&message);
/// assert_eq!(cut, format!("invalid value '{}...' for '--threads <N>'", "9".repeat(32)));
/// // An apostrophe is not a quote.
/// let text = format!("it can't be {long}, it's too long");
/// assert_eq!(runner::cut_quoted(&text), text);
/// ```
pub fn cut_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['\'', '"']) {
        let quote = &rest[open..=open];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        // A quote opens a value only after a space, `(` or `=` (or at the
        // start): the apostrophe of "can't" does not.
        let opens = out[..out.len() - 1]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || c == '(' || c == '=');
        if !opens {
            rest = inside;
            continue;
        }
        match inside.find(quote) {
            Some(close) => {
                out.push_str(&echo(&inside[..close]));
                out.push_str(quote);
                rest = &inside[close + 1..];
            }
            None => {
                out.push_str(&echo(inside));
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// An argument parser's rendered error as the one line a program prints:
/// its first paragraph joined into one line (clap lists the missing
/// arguments on the lines after the first) without the `error: ` prefix,
/// every quoted value cut ([`cut_quoted`]), and a pointer to
/// `PROGRAM --help`.
///
/// # Example
///
/// ```
/// let rendered = "error: unexpected argument '--fast' found\n\nUsage: sudoku [FILE]\n";
/// assert_eq!(
///     runner::usage_line(rendered, "sudoku"),
///     "unexpected argument '--fast' found (see 'sudoku --help')"
/// );
/// let missing = "error: the following required arguments were not provided:\n  --out <DIR>\n\nUsage: model --shard <I/M> --out <DIR> <COMMAND>\n";
/// assert_eq!(
///     runner::usage_line(missing, "model"),
///     "the following required arguments were not provided: --out <DIR> (see 'model --help')"
/// );
/// ```
pub fn usage_line(rendered: &str, program: &str) -> String {
    let paragraph: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let first = paragraph.join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    format!("{} (see '{program} --help')", cut_quoted(first))
}
