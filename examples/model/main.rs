//! Classic puzzles modelled with the `csp` crate in a few lines each, and
//! searched by the `backtrack` engine.
//!
//! ```text
//! cargo run --release --example model -- queens 12          # 14200
//! cargo run --release --example model -- queens 14 --threads 2
//! cargo run --release --example model -- magic 3 --first 1
//! cargo run --release --example model -- send-more-money
//! cargo run --release --example model -- sudoku examples/data/hard.txt
//! ```
//!
//! Without `--first` a model prints its count (or, for the puzzles with one
//! answer, the answer); `--first K` prints the first K solutions, each as
//! soon as the search finds it (golomb and jobshop-ft06, which print their
//! optimum, refuse it); `--time SECONDS` and `--nodes N` bound the search
//! of every model (limit.rs says what is printed then);
//! `--threads N` counts on N threads through the `runner` crate, the
//! subproblems three choices deep as the tasks; `--checkpoint FILE` keeps
//! the finished tasks of a count in a journal (a count killed and run again
//! goes on from it), and `--shard I/M --out DIR` counts one shard of a
//! cluster job, which `merge DIR` adds up:
//!
//! ```text
//! cargo run --release --example model -- queens 14 --checkpoint q14.journal
//! cargo run --release --example model -- queens 14 --shard 0/2 --out results/
//! cargo run --release --example model -- queens 14 --shard 1/2 --out results/
//! cargo run --release --example model -- merge results/  # 365596
//! ```
//!
//! A mistake in the arguments, in a puzzle file or in the model asked for
//! prints one line on standard error and exits with status 2; a search
//! stopped by `--time` or `--nodes`, a `merge` that refuses the shards, or
//! output that cannot be written, exits with status 1 (a closed pipe,
//! `| head`, with 0).

#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use count::{count_or_show, merge};
use csp::{Var, puzzle};
use limit::Bound;
use parse::{parse_clues, parse_hidato, parse_kakuro, parse_samurai, read_board, read_sudoku_file};
use runner::eprintln;
use runner::{parse_seconds, parse_threads};
use show::{digit, each, grid, parse_first, show_all, show_solutions, show_sudoku};

mod count;
mod limit;
mod optimum;
mod parse;
mod show;
mod status;

/// Puzzles as finite-domain models on the backtrack engine.
#[derive(Debug, Parser)]
#[command(name = "model")]
struct Cli {
    /// Print the first K solutions (K from 1) instead of counting them,
    /// each as soon as it is found.
    #[arg(long, global = true, value_name = "K", value_parser = parse_first)]
    first: Option<usize>,

    /// Count on this many threads (0: one per core), the subproblems three
    /// choices deep as the tasks of a work list (queens, magic, langford,
    /// takuzu).
    #[arg(long, short, global = true, default_value_t = 1, value_parser = parse_threads)]
    threads: usize,

    /// Stop the search after this many seconds: what was found is printed,
    /// a line says the search stopped, and the status is 1 (a count prints
    /// no count).
    #[arg(long, global = true, value_name = "SECONDS", value_parser = parse_seconds)]
    time: Option<f64>,

    /// Stop the search after this many nodes (each puzzle of a sudoku file
    /// its own), as --time does.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,

    /// Keep the finished tasks of the count in this journal, and go on from
    /// it if it exists (queens, magic, langford, takuzu).
    #[arg(long, global = true, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Count only shard I of M (the tasks i with i mod M = I) and write its
    /// result to a file in --out; `merge DIR` adds the shards up.
    #[arg(long, global = true, value_name = "I/M", requires = "out")]
    shard: Option<String>,

    /// The directory for the shard's result.
    #[arg(long, global = true, value_name = "DIR", requires = "shard")]
    out: Option<PathBuf>,

    #[command(subcommand)]
    model: Name,
}

#[derive(Debug, Subcommand)]
enum Name {
    /// N-queens: the number of solutions; solutions as 1-based columns.
    Queens {
        #[arg(value_parser = clap::value_parser!(u16).range(1..=64))]
        n: u16,
    },
    /// Magic squares of order N: how many; solutions as grids.
    Magic {
        #[arg(value_parser = clap::value_parser!(u16).range(1..=16))]
        n: u16,
    },
    /// Langford pairs L(2, N), counted up to reversal.
    Langford {
        #[arg(value_parser = clap::value_parser!(u16).range(1..=32))]
        n: u16,
    },
    /// SEND + MORE = MONEY: one LETTER=DIGIT per line.
    SendMoreMoney,
    /// Solves 9x9 sudokus, one 81-character line per puzzle ('.' or '0'
    /// for an empty cell; '#' comments and empty lines are skipped).
    Sudoku { file: PathBuf },
    /// A killer sudoku (the cages of a built-in demo grid): the solved line.
    Killer,
    /// A samurai sudoku: five 9x9 grids overlapping at the corners, 21
    /// lines of 21 characters ('.' or '0' for an empty cell, a space or '-'
    /// outside the grids), e.g. examples/data/samurai.txt; the solved board.
    Samurai { file: PathBuf },
    /// A kakuro: rows of cells separated by spaces, '.' a white cell, '#' a
    /// black one, 'D\R' a black one with the clues of the run down and the
    /// run right of it (either may be empty), e.g. examples/data/kakuro.txt;
    /// the solved grid.
    Kakuro { file: PathBuf },
    /// A hidato: rows of cells separated by spaces, '.' an open cell, a
    /// number a given, '#' a hole, e.g. examples/data/hidato.txt; the solved
    /// grid (1 to N, each next to the one before).
    Hidato { file: PathBuf },
    /// The xkcd 287 menu: the orders of appetizers costing exactly TOTAL
    /// cents (default 1505, $15.05).
    Xkcd {
        #[arg(default_value_t = 1505, value_parser = clap::value_parser!(i64).range(0..=100_000))]
        total: i64,
    },
    /// The zebra puzzle: who owns the zebra, who drinks water.
    Zebra,
    /// Sujiko: 1 to 9 in a 3x3 grid, the four 2x2 blocks adding up to the
    /// four numbers (top left, top right, bottom left, bottom right).
    Sujiko {
        #[arg(num_args = 4, required = true, allow_negative_numbers = true)]
        circles: Vec<i64>,
    },
    /// Takuzu (binairo) grids of side N (even): how many.
    Takuzu {
        #[arg(value_parser = clap::value_parser!(u16).range(2..=12))]
        n: u16,
    },
    /// Adds up the shard results in DIR (of counts run with `--shard I/M
    /// --out DIR`), once every shard is there, all of one count.
    Merge { dir: PathBuf },
    /// A nonogram from its clues: ROWS and COLS are lines of block lengths
    /// separated by '/', blocks by ',' (e.g. "2/1,1/3" "3/1,1/2"); at most
    /// 256 rows and columns.
    Nonogram { rows: String, cols: String },

    // Models with an objective (optimum.rs): each prints its optimum.
    /// The shortest Golomb ruler with N marks: `LENGTH: MARKS`, then
    /// `optimal` or the bound proved.
    Golomb {
        #[arg(value_parser = clap::value_parser!(u16).range(1..=64))]
        n: u16,
    },
    /// A magic sequence of length N (each x[i] the number of i's): the
    /// first one found, or `no solution`.
    MagicSequence {
        #[arg(value_parser = clap::value_parser!(u16).range(1..=4096))]
        n: u16,
    },
    /// A closed knight's tour of an N by N board: the number of the move
    /// that reaches each square (from 0), or `no solution`.
    Knights {
        #[arg(value_parser = clap::value_parser!(u16).range(1..=64))]
        n: u16,
    },
    /// The job shop ft06 (6 jobs of 6 tasks): its makespan, the starts job
    /// by job, then `optimal`.
    #[command(name = "jobshop-ft06")]
    JobshopFt06,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    ExitCode::SUCCESS
                }
                _ => {
                    let line = runner::usage_line(&e.render().to_string(), "model");
                    eprintln!("model: {line}");
                    ExitCode::from(2)
                }
            };
        }
    };
    // Not buffered: each solution is seen as soon as it is printed.
    let mut out = runner::stdout();
    let result = run(&cli, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => status::report(&e, matches!(cli.model, Name::Merge { .. })),
    }
}

fn run(cli: &Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    let first = cli.first;
    let counts = matches!(
        cli.model,
        Name::Queens { .. } | Name::Magic { .. } | Name::Langford { .. } | Name::Takuzu { .. }
    );
    if (cli.checkpoint.is_some() || cli.shard.is_some()) && !counts {
        bail!("--checkpoint and --shard are for the counts of queens, magic, langford and takuzu");
    }
    if cli.threads != 1 && !counts {
        bail!("--threads is for the counts of queens, magic, langford and takuzu");
    }
    match &cli.model {
        Name::Golomb { .. } | Name::JobshopFt06 if first.is_some() => {
            bail!(
                "golomb and jobshop-ft06 print their optimum: --first is for the models that list solutions"
            )
        }
        Name::Merge { .. } if cli.time.is_some() || cli.nodes.is_some() => {
            bail!("--time and --nodes bound a search: merge does not search")
        }
        _ => {}
    }
    // The clock starts before the model is built.
    let bound = &Bound::new(cli.time, cli.nodes);
    match &cli.model {
        Name::Merge { dir } => merge(dir, out),
        Name::Queens { n } => {
            let (m, q) = puzzle::queens(usize::from(*n))?;
            count_or_show(&m.compile(), &format!("queens {n}"), cli, bound, out, |s| {
                let cols: Vec<String> = q.iter().map(|&v| (s[v] + 1).to_string()).collect();
                cols.join(" ")
            })
        }
        Name::Magic { n } => {
            let n = usize::from(*n);
            let (m, cells) = puzzle::magic_square(n)?;
            count_or_show(&m.compile(), &format!("magic {n}"), cli, bound, out, |s| {
                grid(s, &cells, n)
            })
        }
        Name::Langford { n } => {
            let n = usize::from(*n);
            let (m, a, b) = puzzle::langford(n)?;
            count_or_show(
                &m.compile(),
                &format!("langford {n}"),
                cli,
                bound,
                out,
                |s| {
                    let mut row = vec![0; 2 * n];
                    for k in 0..n {
                        row[s[a[k]] as usize] = k + 1;
                        row[s[b[k]] as usize] = k + 1;
                    }
                    row.iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                },
            )
        }
        Name::SendMoreMoney => show_all(
            &puzzle::send_more_money()?.0,
            first.unwrap_or(usize::MAX),
            bound,
            out,
        ),
        Name::Sudoku { file } => {
            // The rules compiled once; each puzzle's givens fixed on a copy.
            let (rules, cells) = puzzle::sudoku(&[0; 81])?;
            let rules = rules.compile();
            read_sudoku_file(file, |givens| {
                let givens: Vec<(Var, i64)> = cells
                    .iter()
                    .zip(&givens)
                    .filter(|&(_, &given)| given != 0)
                    .map(|(&cell, &given)| (cell, i64::from(given)))
                    .collect();
                let mut network = rules.clone();
                network.fix(&givens)?;
                show_sudoku(&network, &cells, first, bound, out)
            })
        }
        Name::Killer => {
            let (m, cells) = puzzle::killer_sudoku(&demo_cages())?;
            show_sudoku(&m.compile(), &cells, first, bound, out)
        }
        Name::Samurai { file } => {
            let givens = parse_samurai(&read_board(file)?).with_context(|| named(file))?;
            let (m, board) = puzzle::samurai_sudoku(&givens)?;
            show_solutions(&m, first, bound, out, |s| {
                let mut text = String::new();
                for row in board.chunks(21) {
                    let line: String = row
                        .iter()
                        .map(|cell| cell.map_or(' ', |v| digit(s[v])))
                        .collect();
                    let _ = writeln!(text, "{}", line.trim_end());
                }
                text
            })
        }
        Name::Kakuro { file } => {
            let grid = parse_kakuro(&read_board(file)?).with_context(|| named(file))?;
            let (m, cells) = puzzle::kakuro(grid.cells, &grid.runs)?;
            show_solutions(&m, first, bound, out, |s| {
                let mut text = String::new();
                for row in &grid.rows {
                    let line: Vec<String> = row
                        .iter()
                        .map(|token| match token {
                            Ok(cell) => s[cells[*cell]].to_string(),
                            Err(black) => black.clone(),
                        })
                        .collect();
                    let _ = writeln!(text, "{}", line.join(" "));
                }
                text
            })
        }
        Name::Hidato { file } => {
            let grid = parse_hidato(&read_board(file)?).with_context(|| named(file))?;
            let (m, at) = puzzle::hidato(&grid)?;
            let width = grid.iter().map(Vec::len).max().unwrap_or(0);
            let digits = at.len().to_string().len();
            show_solutions(&m, first, bound, out, |s| {
                let mut board = vec![None; grid.len() * width];
                for (k, &v) in at.iter().enumerate() {
                    board[s[v] as usize] = Some(k + 1);
                }
                let mut text = String::new();
                for row in board.chunks(width.max(1)) {
                    let line: Vec<String> = row
                        .iter()
                        .map(|k| match k {
                            Some(k) => format!("{k:>digits$}"),
                            None => format!("{:>digits$}", "#"),
                        })
                        .collect();
                    let _ = writeln!(text, "{}", line.join(" "));
                }
                text
            })
        }
        Name::Xkcd { total } => {
            let (m, counts) = puzzle::xkcd_menu(*total)?;
            each(
                &m.compile(),
                first.unwrap_or(usize::MAX),
                bound,
                out,
                |out, _, s| {
                    let items: Vec<String> = counts
                        .iter()
                        .zip(puzzle::MENU)
                        .filter(|&(&v, _)| s[v] > 0)
                        .map(|(&v, (name, _))| format!("{} {name}", s[v]))
                        .collect();
                    writeln!(out, "{}", items.join(", "))
                },
            )?;
            Ok(())
        }
        Name::Zebra => {
            let (m, vars) = puzzle::zebra()?;
            let mut found = None;
            each(&m.compile(), 1, bound, &mut std::io::sink(), |_, _, s| {
                found = Some(s.clone());
                Ok(())
            })?;
            let Some(s) = found else {
                bail!("the zebra puzzle has no solution: the model is wrong");
            };
            let owner = |thing: usize| {
                let nations = [
                    "Englishman",
                    "Spaniard",
                    "Ukrainian",
                    "Norwegian",
                    "Japanese",
                ];
                (5..10)
                    .zip(nations)
                    .find(|&(n, _)| s[vars[n]] == s[vars[thing]])
                    .map_or("nobody", |(_, name)| name)
            };
            writeln!(
                out,
                "The {} drinks water.\nThe {} owns the zebra.",
                owner(14),
                owner(24)
            )?;
            if first.is_some() {
                write!(out, "{s}")?;
            }
            Ok(())
        }
        Name::Sujiko { circles } => {
            let circles: [i64; 4] = circles
                .as_slice()
                .try_into()
                .context("sujiko takes four numbers")?;
            let (m, cells) = puzzle::sujiko(circles, &[])?;
            each(
                &m.compile(),
                first.unwrap_or(usize::MAX),
                bound,
                out,
                |out, _, s| writeln!(out, "{}", grid(s, &cells, 3)),
            )?;
            Ok(())
        }
        Name::Takuzu { n } => {
            let n = usize::from(*n);
            if n % 2 != 0 {
                bail!("a takuzu grid has an even side, got {n}");
            }
            let (m, cells) = puzzle::takuzu(n)?;
            count_or_show(&m.compile(), &format!("takuzu {n}"), cli, bound, out, |s| {
                grid(s, &cells, n)
            })
        }
        Name::Nonogram { rows, cols } => {
            let (rows, cols) = (parse_clues(rows)?, parse_clues(cols)?);
            let (m, cells) = puzzle::nonogram(&rows, &cols)?;
            let found = each(&m.compile(), first.unwrap_or(2), bound, out, |out, _, s| {
                for row in cells.chunks(cols.len().max(1)) {
                    let line: String = row
                        .iter()
                        .map(|&v| if s[v] == 1 { '#' } else { '.' })
                        .collect();
                    writeln!(out, "{line}")?;
                }
                writeln!(out)
            })?;
            if found == 0 {
                writeln!(out, "no solution")?;
            }
            Ok(())
        }

        // Models with an objective (optimum.rs).
        Name::Golomb { n } => optimum::golomb(usize::from(*n), bound, out),
        Name::MagicSequence { n } => optimum::magic_sequence(usize::from(*n), first, bound, out),
        Name::Knights { n } => optimum::knights(usize::from(*n), first, bound, out),
        Name::JobshopFt06 => optimum::jobshop_ft06(bound, out),
    }
}

/// A file's name as a message repeats it (cut by [`runner::echo`]).
fn named(file: &std::path::Path) -> String {
    runner::echo(&file.display().to_string())
}

/// The cages of the demo killer sudoku: dominoes along each row (the last
/// cell of a row alone), summing to the cells of a known grid.
fn demo_cages() -> Vec<(Vec<usize>, i64)> {
    let grid = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let digits: Vec<i64> = grid.bytes().map(|b| i64::from(b - b'0')).collect();
    (0..9)
        .flat_map(|r| {
            [vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7], vec![8]]
                .map(|c| c.iter().map(|j| r * 9 + j).collect::<Vec<usize>>())
        })
        .map(|cage| {
            let total = cage.iter().map(|&c| digits[c]).sum();
            (cage, total)
        })
        .collect()
}
