//! `trace`: the backtracking search of a small board, step by step.

use std::io::Write;

use backtrack::{Kind, Trace};
use nqueens::{NQueens, WideQueens};

use crate::cli::{TraceArgs, TraceFormat};
use crate::error::UsageError;

/// The largest n `trace` takes.
pub const TRACE_N_MAX: u32 = 1000;

/// The most nodes a trace records.
pub const TRACE_NODES_MAX: usize = 100_000;

/// `trace`: the walk as tutorial text, or the tree as an SVG picture.
pub fn trace(out: &mut impl Write, args: &TraceArgs) -> anyhow::Result<()> {
    let n = args.n;
    if n > TRACE_N_MAX {
        return Err(UsageError(format!("trace takes n from 1 to {TRACE_N_MAX}, got {n}")).into());
    }
    let trace = if n <= NQueens::MAX_N {
        backtrack::trace(NQueens::new(n)?, args.max_nodes, |_, col| label(col))
    } else {
        backtrack::trace(WideQueens::new(n)?, args.max_nodes, |_, col| label(col))
    };
    match args.format {
        TraceFormat::Text => write_text(out, n, &trace)?,
        TraceFormat::Svg => out.write_all(trace.svg().as_bytes())?,
    }
    Ok(())
}

/// A queen's column as the trace shows it, from 1.
fn label(col: u32) -> String {
    (col + 1).to_string()
}

/// The walk in words: a line per queen placed, indented by its row, what
/// became of it, and where the search goes back to.
fn write_text(out: &mut impl Write, n: u32, trace: &Trace) -> std::io::Result<()> {
    writeln!(
        out,
        "{n}-queens: a queen per row from the top, the columns of each row tried from the left"
    )?;
    let nodes = &trace.nodes;
    if nodes.first().is_some_and(|root| root.kind == Kind::DeadEnd) {
        writeln!(out, "row 1 has no column: no solution")?;
    }
    let mut solutions = 0;
    for (id, node) in nodes.iter().enumerate().skip(1) {
        let indent = 2 * (node.depth - 1);
        let row = node.depth;
        write!(out, "{:indent$}row {row}: column {}", "", node.label)?;
        match node.kind {
            Kind::Inner => writeln!(out)?,
            Kind::DeadEnd => writeln!(out, " ... row {} has no free column: dead end", row + 1)?,
            Kind::Solution => {
                solutions += 1;
                let mut columns = Vec::new();
                let mut at = Some(id);
                while let Some(i) = at.filter(|&i| i > 0) {
                    columns.push(nodes[i].label.as_str());
                    at = nodes[i].parent;
                }
                columns.reverse();
                writeln!(out, " ... solution {solutions}: {}", columns.join(" "))?;
            }
        }
        if node.kind != Kind::Inner {
            match nodes.get(id + 1) {
                Some(next) if next.depth < node.depth => {
                    let back = next.depth;
                    writeln!(
                        out,
                        "{:indent$}back to row {back}: its next column",
                        "",
                        indent = 2 * (back - 1)
                    )?;
                }
                _ => {}
            }
        }
    }
    if trace.cut {
        writeln!(
            out,
            "... cut after {} nodes (--max-nodes); the search goes on",
            nodes.len()
        )?;
    } else {
        writeln!(
            out,
            "every column of row 1 tried: the search is over, {solutions} solution{} in {} nodes",
            if solutions == 1 { "" } else { "s" },
            nodes.len()
        )?;
    }
    Ok(())
}
