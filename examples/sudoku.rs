//! Solves sudoku puzzles in the one-line format, one per line, from a file
//! or standard input; or counts their solutions, a puzzle per task of a
//! work list, on several threads, with a checkpoint, or in shards.
//!
//! ```text
//! cargo run --release --example sudoku -- examples/data/hard.txt
//! cargo run --release --example sudoku -- --max 2 examples/data/hard.txt
//! cargo run --release --example sudoku -- --max 2 --threads 2 --checkpoint c.journal examples/data/hard.txt
//! cargo run --release --example sudoku -- --max 2 --shard 0/2 --out results/ examples/data/hard.txt
//! cargo run --release --example sudoku -- merge results/
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
//!   (`--max 2` tells a proper puzzle from an ambiguous one). `merge`
//!   prints the same lines, in the order of the file, from the shards.
//!
//! A bad puzzle (wrong length, a bad character, givens in conflict), a
//! line longer than 64 KiB or an input with no puzzle prints one line
//! naming the input, its line and character on standard error and exits
//! with status 2; a `merge` that refuses the shards, a count that cannot
//! finish, or output that cannot be written exits with status 1 (a closed
//! pipe, `| head`, with 0).

#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use backtrack::{Limits, PerTask, Report, Search, WorkList};
use clap::{Args, Parser, Subcommand};
use puzzles::sudoku::{self, MAX_BOX, MIN_BOX, Sudoku};
use runner::eprintln;
use runner::{Identity, Job, parse_threads};

/// Solves sudoku puzzles, one per line, from FILE or standard input.
///
/// A puzzle is one line of box^4 characters, row by row: a digit (1-9, then
/// A-P on 16x16 and 25x25 grids) for a given, '.' or '0' for an empty
/// cell. Empty lines and lines starting with '#' are skipped.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  sudoku examples/data/hard.txt\n  sudoku --max 2 examples/data/hard.txt\n  sudoku --max 2 --shard 0/2 --out results/ examples/data/hard.txt\n  sudoku merge results/"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    args: SolveArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Prints each puzzle's count from the shard results in DIR, in the
    /// order of the file, once every shard is there.
    Merge {
        /// The directory of shard results.
        dir: PathBuf,
    },
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// The file of puzzles; standard input when absent or `-`.
    file: Option<String>,
    /// Count the solutions of each puzzle, up to N (--max 2 tells a unique
    /// solution from several).
    #[arg(long, value_name = "N", value_parser = parse_max)]
    max: Option<u64>,
    /// The box size, 2 to 5 (default 3: 9x9 grids).
    #[arg(long = "box", value_name = "B", default_value_t = 3, value_parser = parse_box)]
    box_size: usize,
    /// Count on this many threads (with --max; 0: one per core).
    #[arg(long, short, default_value_t = 1, requires = "max", value_parser = parse_threads)]
    threads: usize,
    /// Record finished puzzles in FILE and continue from it (with --max).
    #[arg(long, value_name = "FILE", requires = "max")]
    checkpoint: Option<PathBuf>,
    /// Count only shard I of M of the puzzles, written to a file in --out
    /// (with --max).
    #[arg(long, value_name = "I/M", requires_all = ["out", "max"])]
    shard: Option<String>,
    /// The directory for shard results.
    #[arg(long, value_name = "DIR", requires = "shard")]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let line = runner::usage_line(&e.render().to_string(), "sudoku");
            eprintln!("sudoku: {line}");
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("sudoku: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Refused(lines)) => {
            for line in lines {
                eprintln!("sudoku: {line}");
            }
            ExitCode::FAILURE
        }
        Err(Failure::Unfinished(message)) => {
            eprintln!("sudoku: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Io(e)) => match runner::write_failure(&e) {
            None => ExitCode::SUCCESS,
            Some(message) => {
                eprintln!("sudoku: {message}");
                ExitCode::FAILURE
            }
        },
    }
}

enum Failure {
    /// A mistake in the arguments or the input.
    Usage(String),
    /// Shards that `merge` does not trust, one line each.
    Refused(Vec<String>),
    /// A count that could not finish.
    Unfinished(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<runner::Error> for Failure {
    fn from(e: runner::Error) -> Failure {
        Failure::Usage(e.to_string().replace('\n', "; "))
    }
}

/// A merge's errors: a refusal is status 1, as the `nqueens` tool's.
fn merge_failure(e: runner::Error) -> Failure {
    match e {
        runner::Error::Refused(lines) => Failure::Refused(lines),
        other => other.into(),
    }
}

/// Counting the solutions of each puzzle of a file, up to `max`: a task
/// per puzzle, its count kept apart.
struct Counts {
    puzzles: Vec<Sudoku>,
    max: u64,
    box_size: usize,
    hash: u64,
}

impl WorkList for Counts {
    type Output = PerTask<u64>;

    fn len(&self) -> usize {
        self.puzzles.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<PerTask<u64>> {
        let mut found = 0;
        let mut search = Search::new(self.puzzles[index].clone()).with_limits(limits.clone());
        let outcome = search.for_each(|_, _| {
            found += 1;
            if found >= self.max {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Report {
            value: PerTask::one(index, found),
            outcome,
        }
    }
}

impl Job for Counts {
    fn identity(&self) -> Identity {
        Identity::new(
            format!(
                "sudoku box={} max={} puzzles={}",
                self.box_size,
                self.max,
                self.puzzles.len()
            ),
            1,
            self.puzzles.len() as u64,
            self.hash,
        )
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let mut out = BufWriter::new(runner::stdout());
    if let Some(Command::Merge { dir }) = cli.command {
        let merged = runner::merge::<PerTask<u64>>(&dir, |identity| max_of(identity).map(|_| ()))
            .map_err(merge_failure)?;
        let max = max_of(&merged.identity).map_err(Failure::Usage)?;
        for count in merged.value.0.values() {
            print_count(&mut out, *count, max)?;
        }
        return out.flush().map_err(Failure::Io);
    }
    let args = cli.args;
    let name = match args.file.as_deref() {
        None | Some("-") => "standard input".to_owned(),
        Some(path) => runner::echo(path),
    };
    let input: Box<dyn BufRead> = match args.file.as_deref() {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => Box::new(BufReader::new(File::open(path).map_err(|e| {
            Failure::Usage(format!(
                "cannot open {}: {}",
                runner::echo(path),
                runner::plain(&e)
            ))
        })?)),
    };
    let Some(max) = args.max else {
        let mut any = false;
        for puzzle in sudoku::read_puzzles(input, args.box_size) {
            // What was solved so far is shown before the complaint.
            let (_, puzzle) = match puzzle {
                Ok(puzzle) => puzzle,
                Err(e) => {
                    out.flush().map_err(Failure::Io)?;
                    return Err(Failure::Usage(format!("{name}: {e}")));
                }
            };
            any = true;
            match puzzle.solve() {
                Some(solved) => writeln!(out, "{solved}"),
                None => writeln!(out, "no solution"),
            }
            .map_err(Failure::Io)?;
        }
        out.flush().map_err(Failure::Io)?;
        return if any {
            Ok(())
        } else {
            Err(Failure::Usage(format!("no puzzle in {name}")))
        };
    };
    let mut puzzles = Vec::new();
    for puzzle in sudoku::read_puzzles(input, args.box_size) {
        let (_, puzzle) = puzzle.map_err(|e| Failure::Usage(format!("{name}: {e}")))?;
        puzzles.push(puzzle);
    }
    if puzzles.is_empty() {
        return Err(Failure::Usage(format!("no puzzle in {name}")));
    }
    let hash = runner::fingerprint(puzzles.iter().map(|p| p.to_string()));
    let work = Counts {
        puzzles,
        max,
        box_size: args.box_size,
        hash,
    };
    let mut options = runner::Options::new()
        .threads(args.threads)
        .program(format!("sudoku {}", env!("CARGO_PKG_VERSION")));
    if let Some(path) = &args.checkpoint {
        options = options.checkpoint(path);
    }
    if let (Some(shard), Some(dir)) = (&args.shard, &args.out) {
        options = options.shard(runner::Shard::parse(shard)?, dir);
    }
    let finished = runner::run(&work, &options)?;
    if finished.outcome.is_limited() {
        return Err(Failure::Unfinished("the count did not finish".into()));
    }
    if let Some(path) = finished.shard_file {
        eprintln!("sudoku: shard written to {}", path.display());
        return Ok(());
    }
    for count in finished.value.0.values() {
        print_count(&mut out, *count, max)?;
    }
    out.flush().map_err(Failure::Io)
}

fn print_count(out: &mut impl Write, count: u64, max: u64) -> Result<(), Failure> {
    match count {
        1 if max > 1 => writeln!(out, "1 solution (unique)"),
        1 => writeln!(out, "1 solution or more"),
        count if count == max => writeln!(out, "{count} solutions or more"),
        count => writeln!(out, "{count} solutions"),
    }
    .map_err(Failure::Io)
}

/// The `max` of a count of this program's, from its identity.
fn max_of(identity: &Identity) -> Result<u64, String> {
    identity
        .problem
        .strip_prefix("sudoku ")
        .and_then(|rest| rest.split(' ').find_map(|part| part.strip_prefix("max=")))
        .and_then(|max| max.parse().ok())
        .ok_or_else(|| {
            format!(
                "{} is not a count of this program",
                runner::echo_name(&identity.problem)
            )
        })
}

fn parse_max(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(max) if max >= 1 => Ok(max),
        _ => Err(format!("--max needs a number of at least 1, got {text:?}")),
    }
}

fn parse_box(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(b) if (MIN_BOX..=MAX_BOX).contains(&b) => Ok(b),
        _ => Err(format!(
            "--box needs a box size from {MIN_BOX} to {MAX_BOX}, got {text:?}"
        )),
    }
}
