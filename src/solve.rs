//! `solve`, `one` and `verify`: solutions out, placements in.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::time::Duration;

use backtrack::{Limits, Problem, Search};
use nqueens::format::{self, SVG_MAX};
use nqueens::{Conflict, NQueens, Placement, PlacementError, Placements, WideQueens};
use serde::Serialize;
use serde::ser::Serializer;

use crate::cli::{Format, OneArgs, OneFormat, SolveArgs, VerifyArgs};
use crate::error::UsageError;
use runner::eprintln;
use runner::plain;

/// The largest n `solve` accepts. The search is lexicographic backtracking:
/// far below this, the first solution of some n already takes days.
pub const SOLVE_MAX: u32 = 1000;

/// From this n on, `solve` warns that its first solution may take very
/// long. Measured with `nqueens solve N --limit 1`: up to n = 29 the
/// first solution takes at most 3 million nodes (a fraction of a second);
/// n = 30 takes 56 million (seconds), n = 33 140 million, n = 34 and 36 to
/// 40 more than 15 s, and the cost grows fast and unevenly from there.
pub const SOLVE_SLOW_FROM: u32 = 30;

/// The largest n `one` accepts: its columns as text are about a gigabyte.
pub const ONE_MAX: u32 = 100_000_000;

/// One solution as a line of JSON.
#[derive(Serialize)]
struct SolutionJson<'a> {
    n: u32,
    index: u64,
    columns: OneBased<'a>,
}

/// 0-based columns serialised 1-based, without a copy.
struct OneBased<'a>(&'a [u32]);

impl Serialize for OneBased<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|c| c + 1))
    }
}

pub fn write_json(out: &mut impl Write, n: u32, index: u64, columns: &[u32]) -> anyhow::Result<()> {
    let line = SolutionJson {
        n,
        index,
        columns: OneBased(columns),
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// `solve`: the solutions in lexicographic order. `Ok(false)` when there
/// is nothing to draw (`--format svg`) or `--timeout` stopped the search:
/// both are said on standard error, and the status is 1.
pub fn solve(out: &mut impl Write, args: &SolveArgs) -> anyhow::Result<bool> {
    let n = args.n;
    if n > SOLVE_MAX {
        return Err(UsageError(format!(
            "solve takes n from 1 to {SOLVE_MAX}, got {n} (for one solution of a large board, use 'nqueens one {n}')"
        ))
        .into());
    }
    let limit = match (args.format, args.limit) {
        (Format::Svg, Some(k)) if k > 1 => {
            return Err(UsageError(format!(
                "--format svg draws one board, got --limit {k} (choose the board with --skip)"
            ))
            .into());
        }
        (Format::Svg, _) => 1,
        (_, limit) => limit.unwrap_or(u64::MAX),
    };
    if n >= SOLVE_SLOW_FROM && limit > 0 {
        eprintln!(
            "nqueens solve: the solutions of {n}-queens in lexicographic order can take very long to find, even the first (hours or more); for one solution at once, use 'nqueens one {n}'"
        );
    }
    let mut limits = Limits::default();
    if let Some(seconds) = args.timeout {
        limits = limits.time(Duration::from_secs_f64(seconds));
    }
    if n <= NQueens::MAX_N {
        list(
            out,
            args,
            limit,
            Search::new(NQueens::new(n)?).with_limits(limits),
        )
    } else {
        list(
            out,
            args,
            limit,
            Search::new(WideQueens::new(n)?).with_limits(limits),
        )
    }
}

/// The listing of `solve`, on either board.
fn list<P: Problem<Choice = u32>>(
    out: &mut impl Write,
    args: &SolveArgs,
    limit: u64,
    mut search: Search<P>,
) -> anyhow::Result<bool> {
    let n = args.n;
    let mut index = 0u64;
    let mut printed = 0u64;
    while printed < limit {
        let Some(columns) = search.next_solution() else {
            break;
        };
        if index >= args.skip {
            match args.format {
                Format::List => format::write_line(out, columns)?,
                Format::Boards => format::write_board(out, columns)?,
                Format::Classic => format::write_classic(out, index + 1, columns)?,
                Format::Json => write_json(out, n, index, columns)?,
                Format::Svg => format::write_svg(out, columns)?,
            }
            printed += 1;
        }
        index += 1;
    }
    let stopped = printed < limit && !search.is_exhausted();
    if args.stats {
        out.flush()?;
        let stats = search.stats();
        eprintln!(
            "nodes {}, solutions {}, dead ends {}, max depth {}{}",
            stats.nodes,
            stats.solutions,
            stats.dead_ends,
            stats.max_depth,
            if search.is_exhausted() {
                ", search complete"
            } else {
                ", stopped early"
            }
        );
    }
    if stopped {
        let seconds = args.timeout.unwrap_or_default();
        eprintln!(
            "the search of {n}-queens did not finish within {seconds} s (--timeout): {printed} solution{} printed, the list is incomplete",
            if printed == 1 { "" } else { "s" }
        );
        return Ok(false);
    }
    if args.format == Format::Svg && printed == 0 {
        let none = if index == 0 {
            format!("the {n}x{n} board has no solution")
        } else {
            format!(
                "{n}-queens has {index} solutions, --skip {} leaves none",
                args.skip
            )
        };
        eprintln!("no solution to draw: {none}");
        return Ok(false);
    }
    Ok(true)
}

/// `one`: the construction. No solution for n = 2, 3 is an answer, not a
/// mistake: it is printed on standard error, and the status is 1.
pub fn one(out: &mut impl Write, args: &OneArgs) -> anyhow::Result<bool> {
    let n = args.n;
    if n > ONE_MAX {
        return Err(UsageError(format!("one takes n from 1 to {ONE_MAX}, got {n}")).into());
    }
    if args.format == OneFormat::Svg && n > SVG_MAX {
        return Err(UsageError(format!(
            "--format svg draws boards up to {SVG_MAX} columns, got {n}"
        ))
        .into());
    }
    let Some(solution) = nqueens::construct(n) else {
        eprintln!("no solution: the {n}x{n} board has none (only n = 2 and 3 have none)");
        return Ok(false);
    };
    match args.format {
        OneFormat::List => format::write_line(out, solution.columns())?,
        OneFormat::Json => write_json(out, n, 0, solution.columns())?,
        OneFormat::Svg => format::write_svg(out, solution.columns())?,
    }
    Ok(true)
}

/// `verify`: every non-empty line of the input is a placement. Returns
/// whether all of them are solutions. With several placements, each one
/// that is not a solution gets a line with its line number, then a summary.
pub fn verify(out: &mut impl Write, args: &VerifyArgs) -> anyhow::Result<bool> {
    let (name, input): (String, Box<dyn BufRead>) = match args.file.as_deref() {
        None => ("standard input".into(), Box::new(io::stdin().lock())),
        Some(path) if path == Path::new("-") => {
            ("standard input".into(), Box::new(io::stdin().lock()))
        }
        Some(path) => {
            let file = File::open(path).map_err(|e| {
                UsageError(format!("cannot read {}: {}", path.display(), plain(&e)))
            })?;
            (path.display().to_string(), Box::new(BufReader::new(file)))
        }
    };
    let mut placements = 0u64;
    let mut failures = 0u64;
    let mut sizes = Vec::new();
    let mut last_report = String::new();
    // The first placement's failure: printed with its line number only
    // once a second placement shows there is more than one.
    let mut first_failure = None;
    for placement in Placements::new(input) {
        let Placement { line, columns } = placement.map_err(|e| match e {
            PlacementError::Io(e) => UsageError(format!("cannot read {name}: {}", plain(&e))),
            other => UsageError(format!("{name}, {other}")),
        })?;
        // A line of at most PLACEMENT_LINE_MAX bytes holds far fewer than
        // 2^32 queens: the cast is exact.
        let n = columns.len() as u32;
        placements += 1;
        if placements == 2
            && let Some(report) = first_failure.take()
        {
            writeln!(out, "{report}")?;
        }
        if !sizes.contains(&n) {
            sizes.push(n);
        }
        if let Err(conflict) = nqueens::validate(n, &columns) {
            failures += 1;
            last_report = describe(&conflict);
            let report = format!("line {line}: not a solution: {last_report}");
            if placements == 1 {
                first_failure = Some(report);
            } else {
                writeln!(out, "{report}")?;
            }
        }
    }
    if placements == 0 {
        return Err(UsageError(format!(
            "no placement in {name}: expected 1-based columns separated by spaces, e.g. '2 4 1 3'"
        ))
        .into());
    }
    let of = match sizes.as_slice() {
        [n] => format!("of {n}-queens"),
        _ => "of their boards".to_owned(),
    };
    match (placements, failures) {
        (1, 0) => writeln!(out, "ok: a solution {of}")?,
        (1, _) => writeln!(out, "not a solution: {last_report}")?,
        (_, 0) => writeln!(out, "ok: {placements} placements, all solutions {of}")?,
        (_, _) => writeln!(
            out,
            "{failures} of {placements} placements are not solutions"
        )?,
    }
    Ok(failures == 0)
}

/// A conflict in the user's terms: 1-based rows and columns.
fn describe(conflict: &Conflict) -> String {
    match conflict {
        Conflict::Attack {
            first,
            second,
            line,
        } => format!(
            "the queens in rows {} and {} (columns {} and {}) attack each other along {line}",
            first.0 + 1,
            second.0 + 1,
            first.1 + 1,
            second.1 + 1
        ),
        other => other.to_string(),
    }
}
