//! A record of the engine's walk, to show how backtracking works: every
//! state visited, in order, as a tree and as a list of events, and a
//! picture of it.

use std::fmt::{self, Write as _};

use crate::problem::Problem;

/// What a visited state turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A state with choices open: the walk went below it.
    Inner,
    /// A state that is not a solution and has no choice open.
    DeadEnd,
    /// A solution (a leaf: solutions are not expanded).
    Solution,
}

/// One state visited by the walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The state it was reached from; `None` for the root.
    pub parent: Option<usize>,
    /// Choices from the root (the root is 0).
    pub depth: usize,
    /// The label of the choice that reached it (empty for the root).
    pub label: String,
    /// What it turned out to be.
    pub kind: Kind,
}

/// One step of the walk, naming a node of [`Trace::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The choice that reaches the node was applied.
    Apply(usize),
    /// The node has no choice open.
    DeadEnd(usize),
    /// The node is a solution.
    Solution(usize),
    /// The choice that reached the node was undone: the walk is back at
    /// its parent.
    Undo(usize),
}

/// The engine's walk over the first states of a search, from [`trace`].
///
/// The nodes are in the order the walk visits them, the root first, with
/// the same counting as [`Stats`](crate::Stats): a complete trace has
/// [`Stats::nodes`](crate::Stats::nodes) nodes, of which
/// [`Stats::solutions`](crate::Stats::solutions) are solutions and
/// [`Stats::dead_ends`](crate::Stats::dead_ends) dead ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Every state visited, in walk order.
    pub nodes: Vec<Node>,
    /// The walk, step by step.
    pub events: Vec<Event>,
    /// Whether the walk was cut at the node limit before the tree ran out.
    pub cut: bool,
}

/// Records the engine's walk over `problem` for at most `max_nodes` states
/// (the root counts as one), naming each choice by `label(state, choice)`,
/// where `state` is the problem before the choice is applied.
///
/// The walk is the engine's: the same states in the same order as
/// [`Search`](crate::Search), solutions not expanded. The problem is left
/// as it was given.
///
/// # Example
///
/// ```
/// use backtrack::{Kind, Problem};
///
/// /// Bit strings of length 2.
/// struct Bits(u32);
/// impl Problem for Bits {
///     type Choice = u8;
///     type Choices = std::array::IntoIter<u8, 2>;
///     fn choices(&self) -> Self::Choices { [0, 1].into_iter() }
///     fn apply(&mut self, _: u8) { self.0 += 1 }
///     fn undo(&mut self, _: u8) { self.0 -= 1 }
///     fn is_solution(&self) -> bool { self.0 == 2 }
/// }
///
/// let trace = backtrack::trace(Bits(0), 100, |_, bit| bit.to_string());
/// assert_eq!(trace.nodes.len(), 7);
/// assert_eq!(trace.nodes.iter().filter(|n| n.kind == Kind::Solution).count(), 4);
/// assert_eq!(trace.to_string(), "root\n  0\n    0: solution\n    1: solution\n  1\n    0: solution\n    1: solution\n");
/// ```
pub fn trace<P, F>(mut problem: P, max_nodes: usize, mut label: F) -> Trace
where
    P: Problem,
    F: FnMut(&P, P::Choice) -> String,
{
    let mut trace = Trace {
        nodes: Vec::new(),
        events: Vec::new(),
        cut: false,
    };
    if max_nodes == 0 {
        trace.cut = true;
        return trace;
    }
    let mut stack = Vec::new();
    let mut path = Vec::new();
    let root = if problem.is_solution() {
        trace.events.push(Event::Solution(0));
        Kind::Solution
    } else {
        let mut choices = problem.choices().peekable();
        if choices.peek().is_some() {
            stack.push((choices, 0));
            Kind::Inner
        } else {
            trace.events.push(Event::DeadEnd(0));
            Kind::DeadEnd
        }
    };
    trace.nodes.push(Node {
        parent: None,
        depth: 0,
        label: String::new(),
        kind: root,
    });
    while let Some((choices, parent)) = stack.last_mut() {
        let parent = *parent;
        let Some(choice) = choices.next() else {
            stack.pop();
            if let Some(choice) = path.pop() {
                problem.undo(choice);
                trace.events.push(Event::Undo(parent));
            }
            continue;
        };
        if trace.nodes.len() >= max_nodes {
            trace.cut = true;
            break;
        }
        let id = trace.nodes.len();
        let text = label(&problem, choice);
        problem.apply(choice);
        trace.events.push(Event::Apply(id));
        let kind = if problem.is_solution() {
            trace.events.push(Event::Solution(id));
            Kind::Solution
        } else {
            let mut below = problem.choices().peekable();
            if below.peek().is_some() {
                stack.push((below, id));
                Kind::Inner
            } else {
                trace.events.push(Event::DeadEnd(id));
                Kind::DeadEnd
            }
        };
        trace.nodes.push(Node {
            parent: Some(parent),
            depth: path.len() + 1,
            label: text,
            kind,
        });
        if kind == Kind::Inner {
            path.push(choice);
        } else {
            problem.undo(choice);
            trace.events.push(Event::Undo(id));
        }
    }
    while let Some(choice) = path.pop() {
        problem.undo(choice);
    }
    trace
}

impl Trace {
    /// How many nodes are of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.nodes.iter().filter(|node| node.kind == kind).count()
    }

    /// The search tree as an SVG picture: each node a circle with its
    /// label inside and its place in the walk (1 for the root) beside it,
    /// solutions filled green, dead ends crossed out in red, and a note
    /// below when the walk was cut.
    pub fn svg(&self) -> String {
        const DX: f64 = 34.0;
        const DY: f64 = 56.0;
        const R: f64 = 12.0;
        const MARGIN: f64 = 24.0;
        let count = self.nodes.len();
        let mut children = vec![Vec::new(); count];
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                children[parent].push(id);
            }
        }
        // Leaves take the next column in walk order; a parent sits over the
        // middle of its children. Children come after their parent, so a
        // pass backwards places every child before its parent.
        let mut x = vec![0.0; count];
        let mut column = 0.0;
        for (id, kids) in children.iter().enumerate() {
            if kids.is_empty() {
                x[id] = column;
                column += 1.0;
            }
        }
        for id in (0..count).rev() {
            if let (Some(first), Some(last)) = (children[id].first(), children[id].last()) {
                x[id] = (x[*first] + x[*last]) / 2.0;
            }
        }
        let depth = self.nodes.iter().map(|node| node.depth).max().unwrap_or(0);
        let at = |id: usize| {
            (
                MARGIN + R + x[id] * DX,
                MARGIN + R + self.nodes[id].depth as f64 * DY,
            )
        };
        let note = if self.cut { 28.0 } else { 0.0 };
        let width = 2.0 * (MARGIN + R) + (column - 1.0).max(0.0) * DX + 16.0;
        let height = 2.0 * (MARGIN + R) + depth as f64 * DY + note;
        let mut svg = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="11">"#
        );
        let _ = writeln!(
            svg,
            r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
        );
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                let ((x1, y1), (x2, y2)) = (at(parent), at(id));
                let _ = writeln!(
                    svg,
                    r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#999999"/>"##
                );
            }
        }
        for (id, node) in self.nodes.iter().enumerate() {
            let (cx, cy) = at(id);
            let (fill, class) = match node.kind {
                Kind::Inner => ("#ffffff", "inner"),
                Kind::DeadEnd => ("#f3d6d6", "dead-end"),
                Kind::Solution => ("#7fc97f", "solution"),
            };
            let _ = writeln!(svg, r#"<g class="node {class}">"#);
            let _ = writeln!(
                svg,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{R}" fill="{fill}" stroke="#333333"/>"##
            );
            let label = if node.parent.is_none() {
                "·"
            } else {
                &node.label
            };
            let _ = writeln!(
                svg,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                cy + 4.0,
                escape(label)
            );
            let _ = writeln!(
                svg,
                r##"<text x="{:.1}" y="{:.1}" font-size="8" fill="#555555">{}</text>"##,
                cx + R - 2.0,
                cy - R + 2.0,
                id + 1
            );
            if node.kind == Kind::DeadEnd {
                let d = R * 0.7;
                let _ = writeln!(
                    svg,
                    r##"<path d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="#c0392b" stroke-width="1.5"/>"##,
                    cx - d,
                    cy + R + 2.0,
                    cx + d,
                    cy + R + 2.0 + 2.0 * d,
                    cx + d,
                    cy + R + 2.0,
                    cx - d,
                    cy + R + 2.0 + 2.0 * d
                );
            }
            let _ = writeln!(svg, "</g>");
        }
        if self.cut {
            let _ = writeln!(
                svg,
                r##"<text x="{MARGIN}" y="{:.1}" fill="#c0392b">cut after {} nodes: the walk goes on</text>"##,
                height - MARGIN / 2.0,
                count
            );
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// `text` safe inside an XML element.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The walk as indented lines, one per node: its label (`root` for the
/// root), and `: solution` or `: dead end` on leaves; a last line says
/// when the walk was cut.
impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for node in &self.nodes {
            let label = if node.parent.is_none() {
                "root"
            } else {
                &node.label
            };
            let end = match node.kind {
                Kind::Inner => "",
                Kind::DeadEnd => ": dead end",
                Kind::Solution => ": solution",
            };
            writeln!(f, "{:indent$}{label}{end}", "", indent = 2 * node.depth)?;
        }
        if self.cut {
            writeln!(f, "(cut after {} nodes)", self.nodes.len())?;
        }
        Ok(())
    }
}
