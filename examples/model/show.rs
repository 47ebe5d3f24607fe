//! Solutions printed as the search finds them: one at a time, each on its
//! way out before the next is looked for, so that `--first K` of a huge
//! listing starts at once and takes the memory of one solution.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;

use csp::{Model, Network, Solution, Var};

use crate::limit::Bound;

/// `--first K`: a number of solutions from 1 up. `--first 0` would print
/// nothing and, for the puzzles that say so, `no solution` for a puzzle
/// that has one: it is refused.
pub fn parse_first(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!(
            "expected a number of solutions, 1 or more, got {:?}",
            runner::echo(text)
        )),
    }
}

/// Calls `print` with the number (from 0) and each solution of `network`
/// as the search finds it, the first `k` at most, and flushes `out` after
/// each; how many there were. The first error of `print` or of the
/// flush ends the search and is returned; so is a limit of `bound`
/// reached before the `k`-th (a [`Stopped`](crate::limit::Stopped)
/// error: the list is incomplete, and "no solution" cannot be said).
pub fn each(
    network: &Network,
    k: usize,
    bound: &Bound,
    out: &mut dyn Write,
    mut print: impl FnMut(&mut dyn Write, usize, &Solution) -> io::Result<()>,
) -> anyhow::Result<usize> {
    let mut found = 0;
    let mut failed = None;
    if k == 0 {
        return Ok(0);
    }
    let outcome = backtrack::Search::new(network.clone())
        .with_limits(bound.limits().clone())
        .for_each(|network, _| {
            let Some(solution) = network.solution() else {
                return ControlFlow::Continue(());
            };
            if let Err(e) = print(out, found, &solution).and_then(|()| out.flush()) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            found += 1;
            if found >= k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    if let Some(e) = failed {
        return Err(e.into());
    }
    bound.check(outcome, || match found {
        0 => "the search stopped before it found a solution".to_owned(),
        1 => "the search stopped after 1 solution: the list is incomplete".to_owned(),
        _ => format!("the search stopped after {found} solutions: the list is incomplete"),
    })?;
    Ok(found)
}

/// Every solution up to `k`, as `name=value` lines, a blank line between.
pub fn show_all(m: &Model, k: usize, bound: &Bound, out: &mut dyn Write) -> anyhow::Result<()> {
    each(&m.compile(), k, bound, out, |out, i, s| {
        if i > 0 {
            writeln!(out)?;
        }
        write!(out, "{s}")
    })?;
    Ok(())
}

/// The solved line (or `no solution`); with `--first K`, up to K lines.
pub fn show_sudoku(
    network: &Network,
    cells: &[Var],
    first: Option<usize>,
    bound: &Bound,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let found = each(network, first.unwrap_or(1), bound, out, |out, _, s| {
        let line: String = cells.iter().map(|&v| digit(s[v])).collect();
        writeln!(out, "{line}")
    })?;
    if found == 0 {
        writeln!(out, "no solution")?;
    }
    Ok(())
}

/// The first solution (`no solution` if none); with `--first K`, up to K,
/// a blank line between two.
pub fn show_solutions(
    m: &Model,
    first: Option<usize>,
    bound: &Bound,
    out: &mut dyn Write,
    show: impl Fn(&Solution) -> String,
) -> anyhow::Result<()> {
    let found = each(&m.compile(), first.unwrap_or(1), bound, out, |out, i, s| {
        if i > 0 {
            writeln!(out)?;
        }
        write!(out, "{}", show(s))
    })?;
    if found == 0 {
        writeln!(out, "no solution")?;
    }
    Ok(())
}

/// The values of `cells`, `width` to a line.
pub fn grid(s: &Solution, cells: &[Var], width: usize) -> String {
    let mut text = String::new();
    for row in cells.chunks(width) {
        let line: Vec<String> = row.iter().map(|&v| s[v].to_string()).collect();
        let _ = writeln!(text, "{}", line.join(" "));
    }
    text
}

/// A value from 0 to 9 as its digit, `?` for any other.
pub fn digit(value: i64) -> char {
    u32::try_from(value)
        .ok()
        .and_then(|d| char::from_digit(d, 10))
        .unwrap_or('?')
}
