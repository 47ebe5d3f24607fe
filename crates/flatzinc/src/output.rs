//! A solution as the FlatZinc specification prints it.

use std::fmt::Write as _;

use crate::instance::{Instance, Output, Term, Value};

/// The lines of one solution, without the `----------` that follows it:
/// `x = 3;` for each `output_var` and `a = array1d(1..3, [1, 2, 3]);` for
/// each `output_array`, in the order of the file, each ending in `\n`.
///
/// # Example
///
/// ```
/// let text = "var 1..3: x :: output_var;\n\
///             array [1..2] of var bool: b :: output_array([1..2]);\n\
///             solve satisfy;";
/// let instance = flatzinc::resolve(&flatzinc::parse(text)?)?;
/// use flatzinc::Value::{Bool, Int};
/// let lines = flatzinc::solution_lines(&instance, &[Int(3), Bool(true), Bool(false)]);
/// assert_eq!(lines, "x = 3;\nb = array1d(1..2, [true, false]);\n");
/// # Ok::<(), flatzinc::ParseError>(())
/// ```
pub fn solution_lines(instance: &Instance, values: &[Value]) -> String {
    fn value<'a>(values: &'a [Value], t: &'a Term) -> &'a Value {
        match t {
            Term::Var(id) => &values[id.0],
            Term::Const(v) => v,
        }
    }
    let mut out = String::new();
    for output in &instance.outputs {
        match output {
            Output::Var { name, term } => {
                let _ = writeln!(out, "{name} = {};", show(value(values, term)));
            }
            Output::Array { name, dims, items } => {
                let mut ranges: Vec<String> =
                    dims.iter().map(|(lo, hi)| format!("{lo}..{hi}")).collect();
                // `output_array([])` names no dimension: printed as one,
                // `1..n` (as MiniZinc prints an empty array: `1..0`).
                if ranges.is_empty() {
                    ranges.push(format!("1..{}", items.len()));
                }
                let items: Vec<String> = items.iter().map(|t| show(value(values, t))).collect();
                let _ = writeln!(
                    out,
                    "{name} = array{}d({}, [{}]);",
                    ranges.len(),
                    ranges.join(", "),
                    items.join(", ")
                );
            }
        }
    }
    out
}

/// A value as FlatZinc writes it: `true`, `-3`, `1.5`, `{1,3}` (a set of
/// consecutive values as `1..3`).
pub fn show(value: &Value) -> String {
    match value {
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(x) => format!("{x:?}"),
        Value::Set(s) => match (s.first(), s.last()) {
            (Some(&lo), Some(&hi)) if s.len() > 1 && hi.abs_diff(lo) == (s.len() - 1) as u64 => {
                format!("{lo}..{hi}")
            }
            _ => {
                let items: Vec<String> = s.iter().map(i64::to_string).collect();
                format!("{{{}}}", items.join(","))
            }
        },
    }
}
