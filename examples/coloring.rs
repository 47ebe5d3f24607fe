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
//!   print the bounds found, with the best colouring.
//!
//! A malformed file prints one line naming its line on standard error and
//! exits with status 2.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use backtrack::Limits;
use puzzles::coloring::{self, Coloring, Graph, MAX_COLOURS};

const USAGE: &str = "usage: coloring [--colors K | --count K] [--time SECONDS] [FILE]";

const HELP: &str = "\
Colours a graph given in the DIMACS .col format (from FILE or standard input).

usage: coloring [--colors K | --count K] [--time SECONDS] [FILE]

By default prints the chromatic number, then a colouring with that many
colours as one 'VERTEX COLOUR' line per vertex (both from 1).

options:
  --colors K        find a colouring with at most K colours
  --count K         count the colourings with K colours
  --time SECONDS    give up the chromatic number search after SECONDS and
                    print the bounds found so far
  -h, --help        this help

example:
  cargo run --release --example coloring -- examples/data/queen5_5.col";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("coloring: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("coloring: cannot write the output: {e}");
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

fn run() -> Result<(), Failure> {
    let mut mode = Mode::Chromatic;
    let mut file = None;
    let mut limits = Limits::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return Ok(());
            }
            "--colors" | "--colours" | "--count" => {
                let value = args.next().unwrap_or_default();
                let k = match value.parse() {
                    Ok(k) if (1..=MAX_COLOURS).contains(&k) => k,
                    _ => {
                        return Err(usage(&format!(
                            "{arg} needs a number of colours from 1 to {MAX_COLOURS}, got {value:?}"
                        )));
                    }
                };
                if !matches!(mode, Mode::Chromatic) {
                    return Err(usage("give at most one of --colors and --count"));
                }
                mode = if arg == "--count" {
                    Mode::Count(k)
                } else {
                    Mode::Find(k)
                };
            }
            "--time" => {
                let value = args.next().unwrap_or_default();
                match value.parse::<f64>() {
                    Ok(seconds) if seconds.is_finite() && seconds > 0.0 => {
                        limits = limits.time(Duration::from_secs_f64(seconds));
                    }
                    _ => {
                        return Err(usage(&format!(
                            "--time needs a positive number of seconds, got {value:?}"
                        )));
                    }
                }
            }
            flag if flag.starts_with('-') && flag != "-" => {
                return Err(usage(&format!("unknown option {flag:?}")));
            }
            path => {
                if file.is_some() {
                    return Err(usage(&format!("unexpected argument {path:?}")));
                }
                file = Some(path.to_owned());
            }
        }
    }
    let input: Box<dyn BufRead> = match file.as_deref() {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => {
            Box::new(BufReader::new(File::open(path).map_err(|e| {
                Failure::Usage(format!("cannot open {path}: {e}"))
            })?))
        }
    };
    let graph = Graph::parse_dimacs(input).map_err(|e| Failure::Usage(e.to_string()))?;
    let mut out = BufWriter::new(io::stdout().lock());
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
            match coloring::find(&graph, k).map_err(|e| Failure::Usage(e.to_string()))? {
                Some(colouring) => {
                    let used = colouring.iter().map(|&c| c + 1).max().unwrap_or(0);
                    writeln!(out, "a colouring with {used} colours:")?;
                    write_colouring(&mut out, &colouring)?;
                }
                None => writeln!(out, "no colouring with {k} colours")?,
            }
        }
        Mode::Count(k) => {
            let all = coloring::count(&graph, k).map_err(|e| Failure::Usage(e.to_string()))?;
            let classes =
                Coloring::classes(&graph, k).map_err(|e| Failure::Usage(e.to_string()))?;
            let classes = backtrack::count(classes);
            writeln!(out, "colourings with {k} colours: {all}")?;
            writeln!(out, "up to a renaming of the colours: {classes}")?;
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

fn usage(problem: &str) -> Failure {
    Failure::Usage(format!("{problem} ({USAGE})"))
}
