//! The command line: what the user can ask for.

use clap::{Parser, Subcommand, ValueEnum};

/// Count, list and print the solutions of the N-queens problem.
#[derive(Debug, Parser)]
#[command(
    name = "nqueens",
    version,
    after_help = "Examples:\n  nqueens count 12\n  nqueens solve 8 --format boards\n  echo 6 | nqueens checker"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The Checker Challenge (USACO 1.5, Luogu P1219, AcWing 1432): the first
    /// three solutions in lexicographic order, then the number of solutions.
    #[command(
        after_help = "Example:\n  $ echo 6 | nqueens checker\n  2 4 6 1 3 5\n  3 6 2 5 1 4\n  4 1 5 2 6 3\n  4"
    )]
    Checker(StatementArgs),

    /// Every solution as a board of `.` and `Q` (AcWing 843), each followed by
    /// a blank line.
    #[command(
        after_help = "Example:\n  $ nqueens boards 4\n  .Q..\n  ...Q\n  Q...\n  ..Q.\n\n  ..Q.\n  Q...\n  ...Q\n  .Q.."
    )]
    Boards(StatementArgs),

    /// Every solution in lexicographic order, streamed as it is found.
    #[command(
        allow_negative_numbers = true,
        after_help = "Examples:\n  nqueens solve 8                     one line of 1-based columns per solution\n  nqueens solve 8 --format classic    the textbook print: sum=K, then the columns\n  nqueens solve 30 | head -n 1        stops at once when the reader is done"
    )]
    Solve {
        /// The board size.
        #[arg(value_parser = parse_n)]
        n: u32,
        /// How to print each solution.
        #[arg(long, short, value_enum, default_value_t = Format::List)]
        format: Format,
    },

    /// The number of solutions, by a full search of the tree.
    #[command(
        allow_negative_numbers = true,
        after_help = "Example:\n  $ nqueens count 8\n  92"
    )]
    Count {
        /// The board size.
        #[arg(value_parser = parse_n)]
        n: u32,
    },
}

/// The board size of a problem statement, read from standard input when it
/// is not given, as an online judge gives it.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct StatementArgs {
    /// The board size; read from standard input when absent.
    #[arg(value_parser = parse_n)]
    pub n: Option<u32>,
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
}

fn parse_n(text: &str) -> Result<u32, nqueens::ParseSizeError> {
    nqueens::parse_size(text)
}
