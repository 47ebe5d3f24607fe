//! The models added with the solver's globals and objectives: each prints
//! its optimum (with whether it is proved) or its first solution.

use std::io::Write;

use csp::{Solution, Var, puzzle};

/// `golomb N`: the shortest ruler, `LENGTH: MARKS` and `optimal`.
pub fn golomb(n: usize, out: &mut dyn Write) -> anyhow::Result<()> {
    let (model, marks) = puzzle::golomb(n)?;
    let report = model
        .compile()
        .optimize(&backtrack::Limits::default(), |_| {});
    print_optimum(&report, out, |s| {
        let line: Vec<String> = marks.iter().map(|&v: &Var| s[v].to_string()).collect();
        line.join(" ")
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
        _ => writeln!(out, "no solution")?,
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

/// `magic-sequence N`: the first sequence found, its numbers on one line.
pub fn magic_sequence(n: usize, out: &mut dyn Write) -> anyhow::Result<()> {
    let (model, x) = puzzle::magic_sequence(n)?;
    match model.compile().solutions(1).first() {
        Some(s) => {
            let line: Vec<String> = x.iter().map(|&v| s[v].to_string()).collect();
            writeln!(out, "{}", line.join(" "))?;
        }
        None => writeln!(out, "no solution")?,
    }
    Ok(())
}

/// `knights N`: the first closed tour, each square numbered by its move.
pub fn knights(n: usize, out: &mut dyn Write) -> anyhow::Result<()> {
    let (model, succ) = puzzle::knights_tour(n)?;
    let Some(s) = model.compile().solutions(1).pop() else {
        writeln!(out, "no solution")?;
        return Ok(());
    };
    let mut step = vec![0; n * n];
    let mut at = 0;
    for k in 1..n * n {
        at = usize::try_from(s[succ[at]])?;
        step[at] = k;
    }
    let width = (n * n - 1).to_string().len();
    for row in step.chunks(n) {
        let line: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
        writeln!(out, "{}", line.join(" "))?;
    }
    Ok(())
}

/// `jobshop-ft06`: the least makespan, the starts of each job's tasks.
pub fn jobshop_ft06(out: &mut dyn Write) -> anyhow::Result<()> {
    let (model, starts, _) = puzzle::jobshop(&puzzle::FT06)?;
    let report = model
        .compile()
        .optimize(&backtrack::Limits::default(), |_| {});
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
    })
}
