//! The models added with the solver's globals and objectives: each prints
//! its optimum (with whether it is proved) or its first solutions, within
//! the limits of `--time` and `--nodes`.

use std::io::Write;

use csp::{Solution, Var, puzzle};

use crate::limit::Bound;
use crate::show::each;

/// `golomb N`: the shortest ruler, `LENGTH: MARKS` and `optimal`.
pub fn golomb(n: usize, bound: &Bound, out: &mut dyn Write) -> anyhow::Result<()> {
    let (model, marks) = puzzle::golomb(n)?;
    let report = model.compile().optimize(bound.limits(), |_| {});
    print_optimum(&report, out, |s| {
        let line: Vec<String> = marks.iter().map(|&v: &Var| s[v].to_string()).collect();
        line.join(" ")
    })?;
    bound.check(report.outcome, || {
        format!("golomb {n}: the search stopped before the shortest ruler was proved")
    })
}

/// `OBJECTIVE: SOLUTION`, then `optimal` or the bound proved, or `no
/// solution`.
fn print_optimum(
    report: &backtrack::Report<csp::Optimum>,
    out: &mut dyn Write,
    show: impl Fn(&Solution) -> String,
) -> anyhow::Result<()> {
    let found = &report.value;
    match (&found.best, found.objective) {
        (Some(best), Some(objective)) => writeln!(out, "{objective}: {}", show(best))?,
        _ if report.outcome.is_complete() => writeln!(out, "no solution")?,
        _ => writeln!(out, "no solution found")?,
    }
    if report.outcome.is_complete() {
        if found.best.is_some() {
            writeln!(out, "optimal")?;
        }
    } else {
        match found.bound {
            Some(bound) => writeln!(out, "stopped; bound {bound}")?,
            None => writeln!(out, "stopped")?,
        }
    }
    Ok(())
}

/// `magic-sequence N`: the first sequences found (one, or `--first K`),
/// the numbers of each on one line, or `no solution`.
pub fn magic_sequence(
    n: usize,
    first: Option<usize>,
    bound: &Bound,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let (model, x) = puzzle::magic_sequence(n)?;
    let found = each(
        &model.compile(),
        first.unwrap_or(1),
        bound,
        out,
        |out, _, s| {
            let line: Vec<String> = x.iter().map(|&v| s[v].to_string()).collect();
            writeln!(out, "{}", line.join(" "))
        },
    )?;
    if found == 0 {
        writeln!(out, "no solution")?;
    }
    Ok(())
}

/// Why an N by N board has no closed knight's tour, when its size alone
/// decides it (Schwenk, 1991: an N by N board has one exactly when N is
/// even and at least 6).
pub fn no_closed_tour(n: usize) -> Option<&'static str> {
    if n % 2 == 1 {
        Some(
            "each move of a knight changes the colour of its square, so a closed tour has an even number of squares, and an odd board has an odd number",
        )
    } else if n <= 4 {
        Some("a board of 2 or 4 squares a side has none (Schwenk, 1991)")
    } else {
        None
    }
}

/// `knights N`: the first closed tours (one, or `--first K`), each square
/// numbered by its move, a blank line between two; `no solution` with its
/// reason at once when the size decides it.
pub fn knights(
    n: usize,
    first: Option<usize>,
    bound: &Bound,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    if let Some(reason) = no_closed_tour(n) {
        writeln!(out, "no solution: {reason}")?;
        return Ok(());
    }
    let (model, succ) = puzzle::knights_tour(n)?;
    let width = (n * n - 1).to_string().len();
    let found = each(
        &model.compile(),
        first.unwrap_or(1),
        bound,
        out,
        |out, i, s| {
            if i > 0 {
                writeln!(out)?;
            }
            let mut step = vec![0; n * n];
            let mut at = 0;
            for k in 1..n * n {
                // A successor is a square of the board: from 0 to n * n - 1.
                at = usize::try_from(s[succ[at]]).unwrap_or_default();
                step[at] = k;
            }
            for row in step.chunks(n) {
                let line: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
                writeln!(out, "{}", line.join(" "))?;
            }
            Ok(())
        },
    )?;
    if found == 0 {
        writeln!(out, "no solution")?;
    }
    Ok(())
}

/// `jobshop-ft06`: the least makespan, the starts of each job's tasks.
pub fn jobshop_ft06(bound: &Bound, out: &mut dyn Write) -> anyhow::Result<()> {
    let (model, starts, _) = puzzle::jobshop(&puzzle::FT06)?;
    let report = model.compile().optimize(bound.limits(), |_| {});
    print_optimum(&report, out, |s| {
        let jobs: Vec<String> = starts
            .iter()
            .map(|job| {
                job.iter()
                    .map(|&v| s[v].to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        jobs.join(" / ")
    })?;
    bound.check(report.outcome, || {
        "jobshop-ft06: the search stopped before the least makespan was proved".to_owned()
    })
}
