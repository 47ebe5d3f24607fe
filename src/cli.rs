//! The command line: what the user can ask for.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use nqueens::echo;
use runner::{parse_seconds, parse_threads};

/// Count, list and print the solutions of the N-queens problem.
#[derive(Debug, Parser)]
#[command(
    name = "nqueens",
    version,
    after_help = "Examples:\n  nqueens count 16 --fundamental\n  nqueens solve 8 --format boards --limit 2\n  echo 6 | nqueens checker\n  nqueens one 1000000 > queens.txt\n  nqueens solve 10 | nqueens verify"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The number of solutions of the n x n board.
    ///
    /// Counted by a symmetry-reducing counter on all cores, or in shards for
    /// a cluster, with checkpoints that survive a crash.
    #[command(
        allow_negative_numbers = true,
        after_help = "Examples:\n  $ nqueens count 8\n  92\n  $ nqueens count 12 --fundamental\n  14200 1787\n  $ nqueens count 10 --json\n  {\"n\":10,\"total\":724,\"threads\":2,\"seconds\":0.0003}\n  $ nqueens count 18 --checkpoint q18.json     resumes after a crash\n  $ nqueens count 20 --shard 3/64 --out results/\n\nWith --fundamental the line holds the total, a space, and the number of solutions up to rotation and reflection. A count that runs out of --timeout exits with status 1 and prints no count."
    )]
    Count(CountArgs),

    /// Every solution in lexicographic order, streamed as it is found.
    #[command(
        allow_negative_numbers = true,
        after_help = "Examples:\n  nqueens solve 8                       one line of 1-based columns per solution\n  nqueens solve 8 --format classic      the textbook print: sum=K, then the columns\n  nqueens solve 12 --skip 100 --limit 5 solutions 101 to 105\n  nqueens solve 8 --format svg > 8.svg  a picture of the first solution\n  nqueens solve 30 | head -n 1          stops at once when the reader is done"
    )]
    Solve(SolveArgs),

    /// The Checker Challenge: the first three solutions, then the count.
    ///
    /// USACO 1.5 "checker", Luogu P1219, AcWing 1432: the first three
    /// solutions in lexicographic order, then the number of solutions.
    #[command(
        after_help = "Example:\n  $ echo 6 | nqueens checker\n  2 4 6 1 3 5\n  3 6 2 5 1 4\n  4 1 5 2 6 3\n  4"
    )]
    Checker(StatementArgs),

    /// Every solution as a board of `.` and `Q` (AcWing 843).
    ///
    /// n lines of `.` and `Q` per solution, each board followed by a blank
    /// line, in lexicographic order.
    #[command(
        after_help = "Example:\n  $ nqueens boards 4\n  .Q..\n  ...Q\n  Q...\n  ..Q.\n\n  ..Q.\n  Q...\n  ...Q\n  .Q.."
    )]
    Boards(StatementArgs),

    /// One solution of a board of any size, built in O(n) without search.
    ///
    /// n = 10,000,000 takes well under a second. The boards 2x2 and 3x3 have
    /// no solution: it says so and exits with status 1.
    #[command(
        allow_negative_numbers = true,
        after_help = "Examples:\n  $ nqueens one 8\n  2 4 6 8 3 1 7 5\n  $ nqueens one 10000000 --format json > one.json\n  $ nqueens one 12 --format svg > 12.svg"
    )]
    One(OneArgs),

    /// Adds up the shard results of a count run in pieces.
    ///
    /// Checks first that every shard is there once, all of the same count
    /// (n, number of shards and split of the work); each problem is one line
    /// on standard error, and the status is 1.
    #[command(
        after_help = "Examples:\n  $ nqueens merge results/ --fundamental\n  73712 9233\n  $ nqueens merge results/ --status\n  shards: 8 for n = 13\n  done: 0-2,4-7\n  missing: 3"
    )]
    Merge(MergeArgs),

    /// Checks placements and names the queens that attack each other.
    ///
    /// A placement is 1-based columns, row by row, separated by spaces; one
    /// placement per line. The status is 1 if any placement is not a
    /// solution.
    #[command(
        after_help = "Examples:\n  $ echo 2 4 1 3 | nqueens verify\n  ok: a solution of 4-queens\n  $ echo 1 3 2 | nqueens verify\n  not a solution: the queens in rows 2 and 3 (columns 3 and 2) attack each other along an anti-diagonal\n  $ nqueens solve 10 | nqueens verify\n  ok: 724 placements, all solutions of 10-queens"
    )]
    Verify(VerifyArgs),

    /// What a count will cost: Q(N), the CPU time and a plan, before counting.
    ///
    /// Up to n = 22 a random sample of the fast counter's tasks is solved
    /// and timed, and scaled up to all of them; beyond, Knuth's random
    /// probes of the plain search tree estimate it. The output says which.
    #[command(
        after_help = "Examples:\n  nqueens estimate 18\n  nqueens estimate 21 --samples 200 --per-task 2h --json\n  nqueens estimate 27\n  nqueens estimate 30 --samples 100000 --timeout 60\n\nAn estimate expected to take over a minute says so on standard error before it runs."
    )]
    Estimate(EstimateArgs),

    /// The backtracking search of a small board, step by step.
    ///
    /// `text` tells the walk in words, a line per queen placed; `svg` draws
    /// the search tree: each node the column of a queen, numbered in the
    /// order the walk visits it, solutions in green, dead ends crossed.
    #[command(
        after_help = "Examples:\n  nqueens trace 4\n  nqueens trace 5 --format svg > trace-5.svg\n  nqueens trace 8 --max-nodes 40"
    )]
    Trace(TraceArgs),

    /// Completes a board someone started: the queens placed stay.
    ///
    /// The queens come from --placed as 1-based ROW:COL pairs, or as a
    /// board of `.` and `Q` on standard input. One completion is printed,
    /// or "no completion" on standard error with status 1.
    #[command(
        allow_negative_numbers = true,
        after_help = "Examples:\n  $ nqueens complete 8 --placed \"1:1 2:5\"\n  1 5 8 6 3 7 2 4\n  $ nqueens complete 8 --placed \"1:1\" --count\n  4\n  $ printf '.Q..\\n....\\n....\\n....\\n' | nqueens complete 4 --format boards"
    )]
    Complete(CompleteArgs),
}

#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// The board size.
    #[arg(value_parser = parse_n)]
    pub n: u32,
    /// Tasks to solve (n <= 22); beyond, 3125 Knuth probes per sample.
    #[arg(long, short = 'k', default_value_t = 64, value_parser = parse_amount)]
    pub samples: u64,
    /// Worker threads (0: one per core), for the sample and the plan.
    #[arg(long, short, default_value_t = 0, value_parser = parse_threads)]
    pub threads: usize,
    /// The time each shard of the plan should take: 1h, 30m, 90s, 2d.
    #[arg(long, default_value = "1h")]
    pub per_task: String,
    /// The seed of the random sample or probes.
    #[arg(long, default_value_t = 1, value_parser = parse_amount)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds. Knuth's probes (n > 22) give the
    /// estimate of the probes taken, and standard error says so; a task
    /// sample cut short gives none. The status is 1 either way.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The board size.
    #[arg(value_parser = parse_n)]
    pub n: u32,
    /// Text or a picture of the search tree.
    #[arg(long, short, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,
    /// Stop after this many nodes of the walk (the empty board counts as one).
    #[arg(long, value_name = "K", default_value_t = 200, value_parser = parse_nodes)]
    pub max_nodes: usize,
}

/// How `trace` shows the walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// The walk in words, indented by row.
    Text,
    /// The search tree as an SVG picture.
    Svg,
}

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The board size.
    #[arg(value_parser = parse_n)]
    pub n: u32,
    /// The queens already placed: 1-based ROW:COL pairs, e.g. "1:1 3:5";
    /// without it, a board of `.` and `Q` (at most 1 MiB of text) is read
    /// from standard input.
    // A value starting with '-' ("-1:1") is a square off the board, not an
    // option: it gets that message.
    #[arg(long, value_name = "ROW:COL ...", allow_hyphen_values = true)]
    pub placed: Option<String>,
    /// How to print the completion.
    #[arg(long, short, value_enum, default_value_t = Format::List)]
    pub format: Format,
    /// Count the completions instead of printing one.
    #[arg(long)]
    pub count: bool,
    /// Worker threads for --count (0: one per core).
    #[arg(long, short, default_value_t = 0, value_parser = parse_threads)]
    pub threads: usize,
    /// Give up after this many seconds; the status is then 1 and no answer
    /// is claimed.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The board size.
    #[arg(value_parser = parse_n)]
    pub n: u32,
    /// Worker threads (0: one per core).
    #[arg(long, short, default_value_t = 0, value_parser = parse_threads)]
    pub threads: usize,
    /// Also count the solutions up to rotation and reflection.
    #[arg(long, visible_alias = "unique")]
    pub fundamental: bool,
    /// Print one JSON object: n, total, fundamental (if asked), threads, seconds.
    #[arg(long)]
    pub json: bool,
    /// Count with the generic backtracking engine instead of the fast counter,
    /// for comparison (no symmetry, every node visited).
    #[arg(long)]
    pub engine: bool,
    /// Give up after this many seconds; an unfinished count is reported as
    /// such, never as a result.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// No progress bar, no notes on standard error.
    #[arg(long, short)]
    pub quiet: bool,
    /// Count only shard I of M (0 <= I < M) and write the result to a file in
    /// --out; `slurm` takes I and M from SLURM_ARRAY_TASK_ID and
    /// SLURM_ARRAY_TASK_COUNT, `slurm/M` takes I from SLURM_ARRAY_TASK_ID.
    #[arg(long, value_name = "I/M", requires = "out")]
    pub shard: Option<String>,
    /// The directory for shard results (with --shard).
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub out: Option<PathBuf>,
    /// Record finished subproblems in FILE as the count goes, and continue
    /// from it if it exists: a count killed at any moment resumes there.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Rewrite the checkpoint snapshot at most this often (finished
    /// subproblems reach the checkpoint's journal at once regardless).
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0, value_parser = parse_seconds)]
    pub checkpoint_every: f64,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The directory of shard results.
    pub dir: PathBuf,
    /// Also print the number of solutions up to rotation and reflection.
    #[arg(long, visible_alias = "unique")]
    pub fundamental: bool,
    /// Print one JSON object: n, total, fundamental, shards, seconds (summed).
    #[arg(long)]
    pub json: bool,
    /// List the shards done and missing instead of merging.
    #[arg(long)]
    pub status: bool,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board size.
    #[arg(value_parser = parse_n)]
    pub n: u32,
    /// How to print each solution.
    #[arg(long, short, value_enum, default_value_t = Format::List)]
    pub format: Format,
    /// Stop after printing this many solutions.
    #[arg(long, short, value_name = "K", value_parser = parse_amount)]
    pub limit: Option<u64>,
    /// Leave out the first K solutions.
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = parse_amount)]
    pub skip: u64,
    /// Print search statistics (nodes, solutions, dead ends, depth) to
    /// standard error at the end.
    #[arg(long)]
    pub stats: bool,
    /// Give up after this many seconds: the solutions found so far are
    /// printed, standard error says the list is incomplete, and the status
    /// is 1.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
}

/// The board size of a problem statement, read from standard input when it
/// is not given, as an online judge gives it.
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub struct StatementArgs {
    /// The board size; read from standard input when absent.
    #[arg(value_parser = parse_n)]
    pub n: Option<u32>,
}

#[derive(Debug, Args)]
pub struct OneArgs {
    /// The board size.
    #[arg(value_parser = parse_n)]
    pub n: u32,
    /// How to print the solution.
    #[arg(long, short, value_enum, default_value_t = OneFormat::List)]
    pub format: OneFormat,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The file to read; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// How `solve` prints a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// 1-based columns separated by spaces, one solution per line.
    List,
    /// n lines of `.` and `Q`, then a blank line.
    Boards,
    /// `sum=K`, then the columns right-aligned in width 4.
    Classic,
    /// One JSON object per line: `{"n":8,"index":0,"columns":[1,5,8,6,3,7,2,4]}`.
    Json,
    /// An SVG picture of one solution (the first after --skip).
    Svg,
}

/// How `one` prints its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OneFormat {
    /// 1-based columns separated by spaces.
    List,
    /// One JSON object: `{"n":8,"index":0,"columns":[...]}`.
    Json,
    /// An SVG picture (up to 10000 columns).
    Svg,
}

fn parse_n(text: &str) -> Result<u32, nqueens::ParseSizeError> {
    nqueens::parse_size(text)
}

fn parse_amount(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("expected a whole number, 0 or more, got {:?}", echo(text)))
}

fn parse_nodes(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) if (1..=crate::trace::TRACE_NODES_MAX).contains(&k) => Ok(k),
        _ => Err(format!(
            "expected a number of nodes from 1 to {}, got {:?}",
            crate::trace::TRACE_NODES_MAX,
            echo(text)
        )),
    }
}
