//! Counts the tilings of a rectangle by the twelve pentominoes: on several
//! threads, with a checkpoint, or in the shards of a cluster job, through
//! the same library calls as the `nqueens` tool.
//!
//! ```text
//! cargo run --release --example pentomino -- 6x10
//! cargo run --release --example pentomino -- 3x20 --show
//! cargo run --release --example pentomino -- 6x10 --threads 2 --checkpoint 6x10.journal
//! cargo run --release --example pentomino -- 6x10 --shard 3/8 --out results/
//! cargo run --release --example pentomino -- merge results/
//! cargo run --release --example pentomino -- 6x10 --dlx > 6x10.dlx
//! ```
//!
//! The board is one of 6x10, 5x12, 4x15 or 3x20 (or their transposes: any
//! rectangle of 60 cells). Prints the number of tilings up to rotations and
//! reflections of the board, and the number of all tilings with the
//! symmetric copies counted apart; `--show` also draws the first tiling
//! found, a letter per piece; `--dlx` prints the exact cover
//! the count searches in the text format of Knuth's `dlx1`, to compare with
//! it. A mistake prints one line on standard error
//! and exits with status 2; a count that runs out of `--timeout`, a
//! `merge` that refuses the shards, or output that cannot be written exits
//! with status 1 (a closed pipe, `| head -1`, with 0).

#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use backtrack::Limits;
use clap::{Args, Parser, Subcommand};
use puzzles::pentomino::{Count, Pentominoes};
use runner::eprintln;
use runner::{Counts, Identity, Job, parse_seconds, parse_threads};

/// Counts the tilings of a ROWSxCOLS rectangle by the twelve pentominoes.
#[derive(Debug, Parser)]
#[command(
    name = "pentomino",
    args_conflicts_with_subcommands = true,
    after_help = "The board has 60 cells: 6x10, 5x12, 4x15 or 3x20 (or turned: 10x6, ...).\n\nExamples:\n  pentomino 6x10 --show\n  pentomino 6x10 --threads 2 --checkpoint 6x10.journal\n  pentomino 6x10 --shard 3/8 --out results/\n  pentomino merge results/\n  pentomino 6x10 --dlx > 6x10.dlx    (the same exact cover, for Knuth's dlx1)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    count: CountArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Adds up the shard results in DIR, once every shard is there.
    Merge {
        /// The directory of shard results.
        dir: PathBuf,
    },
}

#[derive(Debug, Args)]
struct CountArgs {
    /// The board, ROWSxCOLS with 60 cells.
    board: Option<String>,
    /// Also draw the first tiling found, a letter per piece.
    #[arg(long)]
    show: bool,
    /// Print the exact cover that the count searches (X's centre in the
    /// top-left quarter) as the text Knuth's dlx1 reads, and nothing else.
    #[arg(long, conflicts_with_all = ["show", "checkpoint", "shard", "out", "timeout"])]
    dlx: bool,
    /// Worker threads (0: one per core).
    #[arg(long, short, default_value_t = 1, value_parser = parse_threads)]
    threads: usize,
    /// Give up after this many seconds (the checkpoint keeps what finished).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<f64>,
    /// Record finished tasks in FILE and continue from it if it exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Compact the checkpoint at most this often.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0, value_parser = parse_seconds)]
    checkpoint_every: f64,
    /// Count only shard I of M and write its result to a file in --out
    /// (`slurm` and `slurm/M` take I, and M, from the Slurm job array).
    #[arg(long, value_name = "I/M", requires = "out")]
    shard: Option<String>,
    /// The directory for shard results.
    #[arg(long, value_name = "DIR", requires = "shard")]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("pentomino: {}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::new(runner::stdout());
    match run(cli, &mut out).and_then(|code| out.flush().map(|()| code).map_err(Failure::Io)) {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            eprintln!("pentomino: {}", message.replace('\n', "; "));
            ExitCode::from(2)
        }
        Err(Failure::Refused(lines)) => {
            for line in lines {
                eprintln!("pentomino: {line}");
            }
            ExitCode::FAILURE
        }
        Err(Failure::Io(e)) => match runner::write_failure(&e) {
            None => ExitCode::SUCCESS,
            Some(message) => {
                eprintln!("pentomino: {message}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Why the program stops.
enum Failure {
    /// A mistake in the arguments or the files named: status 2.
    Usage(String),
    /// Shards that `merge` does not trust, one line each: status 1.
    Refused(Vec<String>),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Usage(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Usage(message.to_owned())
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

impl From<runner::Error> for Failure {
    fn from(e: runner::Error) -> Failure {
        Failure::Usage(e.to_string())
    }
}

fn run(cli: Cli, out: &mut impl Write) -> Result<ExitCode, Failure> {
    if let Some(Command::Merge { dir }) = cli.command {
        let merged = runner::merge::<Counts>(&dir, |identity| board_of(identity).map(|_| ()))
            .map_err(|e| match e {
                runner::Error::Refused(lines) => Failure::Refused(lines),
                other => other.into(),
            })?;
        let (rows, cols) = board_of(&merged.identity)?;
        print_counts(out, rows, cols, merged.value)?;
        return Ok(ExitCode::SUCCESS);
    }
    let args = cli.count;
    let board = args
        .board
        .ok_or("no board given (see 'pentomino --help')")?;
    let (rows, cols) = parse_board(&board)?;
    let board = Pentominoes::new(rows, cols).map_err(|e| e.to_string())?;
    if args.dlx {
        board.problem(true).write_dlx(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let count = Count::new(board.clone());
    let limits = match args.timeout {
        Some(seconds) => Limits::default().time(Duration::from_secs_f64(seconds)),
        None => Limits::default(),
    };
    let mut options = runner::Options::new()
        .threads(args.threads)
        .limits(limits)
        .compact_every(Duration::from_secs_f64(args.checkpoint_every))
        .program(format!("pentomino {}", env!("CARGO_PKG_VERSION")));
    if let Some(path) = &args.checkpoint {
        options = options.checkpoint(path);
    }
    if let (Some(shard), Some(dir)) = (&args.shard, &args.out) {
        let shard = runner::Shard::parse(shard)?;
        options = options.shard(shard, dir);
    }
    let finished = runner::run(&count, &options)?;
    if finished.outcome.is_limited() {
        eprintln!(
            "pentomino: the count did not finish in time; no result{}",
            if args.checkpoint.is_some() {
                " (the checkpoint keeps what finished: run again to go on)"
            } else {
                ""
            }
        );
        return Ok(ExitCode::FAILURE);
    }
    if let Some(path) = finished.shard_file {
        eprintln!("pentomino: shard written to {}", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    print_counts(out, rows, cols, finished.value)?;
    if args.show {
        let problem = board.problem(false);
        match backtrack::first(problem, 1).first() {
            Some(options) => match board.tiling(false, options) {
                Some(tiling) => write!(out, "\n{tiling}")?,
                None => return Err("the search returned a tiling that does not check".into()),
            },
            None => writeln!(out, "no tiling")?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_counts(out: &mut impl Write, rows: usize, cols: usize, counts: Counts) -> io::Result<()> {
    writeln!(
        out,
        "{rows}x{cols}: {} tilings up to rotation and reflection ({} counting the symmetric copies apart)",
        counts.fundamental, counts.total
    )
}

/// The board of a pentomino count's identity, if this program splits that
/// count the same way.
fn board_of(identity: &Identity) -> Result<(usize, usize), String> {
    let (rows, cols) = identity
        .problem
        .strip_prefix("pentomino ")
        .and_then(|board| parse_board(board).ok())
        .ok_or_else(|| {
            format!(
                "{} is not a pentomino count",
                runner::echo_name(&identity.problem)
            )
        })?;
    let board = Pentominoes::new(rows, cols).map_err(|e| e.to_string())?;
    if Count::new(board).identity() != *identity {
        return Err(format!(
            "{:?} is split otherwise by this program: count the shards again with it",
            runner::echo(&identity.problem)
        ));
    }
    Ok((rows, cols))
}

/// Clap's message as one line, with a pointer to the help.
fn one_line(e: &clap::Error) -> String {
    runner::usage_line(&e.render().to_string(), "pentomino")
}

/// `6x10` as `(6, 10)`.
fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "expected a board such as 6x10, got {:?}",
            runner::echo(text)
        )
    };
    let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        rows.parse().map_err(|_| bad())?,
        cols.parse().map_err(|_| bad())?,
    ))
}
