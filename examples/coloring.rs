//! Colours a graph read in the DIMACS `.col` format, from a file or
//! standard input.
//!
//! ```text
//! cargo run --release --example coloring -- examples/data/myciel4.col
//! cargo run --release --example coloring -- --colors 7 examples/data/queen6_6.col
//! cargo run --release --example coloring -- --count 3 < graph.col
//! ```
//!
//! - By default: the chromatic number, then the colour of each vertex in a
//!   colouring that uses that many colours, one `VERTEX COLOUR` line per
//!   vertex (both from 1).
//! - `--colors K`: a colouring with at most K colours, or `no colouring
//!   with K colours`.
//! - `--count K`: the number of colourings with the colours 1..K, and the
//!   number up to a renaming of the colours.
//! - `--time SECONDS`: stop the chromatic number search after that long and
//!   print the bounds found, with the best colouring; a `--colors` or
//!   `--count` search stopped by it prints no answer and exits with
//!   status 1.
//!
//! A malformed file prints one line naming its line on standard error and
//! exits with status 2; output that cannot be written exits with status 1
//! (a closed pipe, `| head`, with 0).

#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use backtrack::Limits;
use clap::Parser;
use puzzles::coloring::{self, Graph, MAX_COLOURS};
use runner::eprintln;
use runner::parse_seconds;

/// Colours a graph given in the DIMACS .col format (from FILE or standard
/// input).
///
/// By default prints the chromatic number, then a colouring with that many
/// colours as one 'VERTEX COLOUR' line per vertex (both from 1).
#[derive(Debug, Parser)]
#[command(
    name = "coloring",
    after_help = "Examples:\n  coloring examples/data/queen5_5.col\n  coloring --colors 7 examples/data/queen6_6.col\n  coloring --count 3 < graph.col\n  coloring --time 10 examples/data/queen8_8.col"
)]
struct Cli {
    /// The graph; standard input when absent or `-`.
    file: Option<String>,
    /// Find a colouring with at most K colours.
    #[arg(long, visible_alias = "colours", value_name = "K", value_parser = parse_colours, conflicts_with = "count")]
    colors: Option<usize>,
    /// Count the colourings with K colours.
    #[arg(long, value_name = "K", value_parser = parse_colours)]
    count: Option<usize>,
    /// Give up the chromatic number search after SECONDS and print the
    /// bounds found so far, with the best colouring (with --colors or
    /// --count: give up, with no answer and status 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time: Option<f64>,
    /// Refuse a file whose problem line declares another number of edges
    /// than it lists (by default a warning on standard error).
    #[arg(long)]
    strict: bool,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let line = runner::usage_line(&e.render().to_string(), "coloring");
            eprintln!("coloring: {line}");
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("coloring: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Unfinished(message)) => {
            eprintln!("coloring: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Io(e)) => match runner::write_failure(&e) {
            None => ExitCode::SUCCESS,
            Some(message) => {
                eprintln!("coloring: {message}");
                ExitCode::FAILURE
            }
        },
    }
}

enum Failure {
    /// A mistake in the arguments or the input.
    Usage(String),
    /// A search that `--time` stopped before its answer.
    Unfinished(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

enum Mode {
    Chromatic,
    Find(usize),
    Count(usize),
}

fn run(cli: Cli) -> Result<(), Failure> {
    let mode = match (cli.colors, cli.count) {
        (Some(k), _) => Mode::Find(k),
        (None, Some(k)) => Mode::Count(k),
        (None, None) => Mode::Chromatic,
    };
    let limits = match cli.time {
        Some(seconds) => Limits::default().time(Duration::from_secs_f64(seconds)),
        None => Limits::default(),
    };
    let file = cli.file;
    let name = match file.as_deref() {
        None | Some("-") => "standard input".to_owned(),
        Some(path) => runner::echo(path),
    };
    let input: Box<dyn BufRead> = match file.as_deref() {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => Box::new(BufReader::new(File::open(path).map_err(|e| {
            Failure::Usage(format!("cannot open {name}: {}", runner::plain(&e)))
        })?)),
    };
    let (graph, declared) =
        Graph::parse_dimacs_declared(input).map_err(|e| Failure::Usage(format!("{name}: {e}")))?;
    let edges = graph.edges() as u64;
    // Files that list each edge both ways declare twice as many.
    if declared != edges && Some(declared) != edges.checked_mul(2) {
        let message = format!("the problem line declares {declared} edges, the file lists {edges}");
        if cli.strict {
            return Err(Failure::Usage(message));
        }
        eprintln!("coloring: warning: {message}");
    }
    let mut out = BufWriter::new(runner::stdout());
    let unfinished = |outcome: backtrack::Outcome| {
        Failure::Unfinished(format!(
            "the search did not finish within {} s (--time): no answer ({outcome})",
            cli.time.unwrap_or_default()
        ))
    };
    match mode {
        Mode::Chromatic => {
            let report = coloring::chromatic_number_within(&graph, &limits)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            let best = report.value;
            if report.outcome.is_complete() {
                writeln!(out, "chromatic number: {}", best.colours)?;
            } else {
                writeln!(
                    out,
                    "chromatic number: between {} and {} ({})",
                    best.lower_bound, best.colours, report.outcome
                )?;
            }
            write_colouring(&mut out, &best.colouring)?;
        }
        Mode::Find(k) => {
            let report = coloring::find_within(&graph, k, &limits)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            if report.outcome.is_limited() {
                return Err(unfinished(report.outcome));
            }
            match report.value {
                Some(colouring) => {
                    let used = colouring.iter().map(|&c| c + 1).max().unwrap_or(0);
                    writeln!(out, "a colouring with {used} colours:")?;
                    write_colouring(&mut out, &colouring)?;
                }
                None => writeln!(out, "no colouring with {k} colours")?,
            }
        }
        Mode::Count(k) => {
            let report = coloring::count_within(&graph, k, &limits)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            if report.outcome.is_limited() {
                return Err(unfinished(report.outcome));
            }
            let counted = report.value;
            writeln!(out, "colourings with {k} colours: {}", counted.all)?;
            writeln!(out, "up to a renaming of the colours: {}", counted.classes)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// One `VERTEX COLOUR` line per vertex, both from 1.
fn write_colouring(out: &mut impl Write, colouring: &[usize]) -> io::Result<()> {
    for (vertex, colour) in colouring.iter().enumerate() {
        writeln!(out, "{} {}", vertex + 1, colour + 1)?;
    }
    Ok(())
}

fn parse_colours(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) if (1..=MAX_COLOURS).contains(&k) => Ok(k),
        _ => Err(format!(
            "needs a number of colours from 1 to {MAX_COLOURS}, got {text:?}"
        )),
    }
}
