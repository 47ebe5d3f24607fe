//! The model in MiniZinc: the builtins called as they are, the globals by
//! their MiniZinc names, so that a solver's library rewrites them
//! (`circuit` and `inverse` with their arrays' first indices, `cumulative`
//! and `disjunctive`).

use std::fmt::Write;

use super::{Arg, Goal, Model};

impl Model {
    /// The model as MiniZinc, with no output item (MiniZinc then prints
    /// every variable as `x = v;`).
    pub fn minizinc_text(&self) -> String {
        let mut out = String::from("include \"globals.mzn\";\n");
        for var in &self.vars {
            let _ = writeln!(out, "var {}: {};", super::ty(&var.dom), var.name);
        }
        for con in &self.cons {
            let _ = writeln!(
                out,
                "constraint {};",
                self.minizinc_call(&con.name, &con.args)
            );
        }
        let _ = match self.goal {
            Goal::Satisfy => writeln!(out, "solve satisfy;"),
            Goal::Minimize(v) => writeln!(out, "solve minimize {};", self.vars[v].name),
            Goal::Maximize(v) => writeln!(out, "solve maximize {};", self.vars[v].name),
        };
        out
    }

    fn minizinc_call(&self, name: &str, args: &[Arg]) -> String {
        let a = |i: usize| self.arg(&args[i]);
        let len = |i: usize| match &args[i] {
            Arg::Vars(vs) => vs.len(),
            Arg::Ints(vs) => vs.len(),
            _ => 0,
        };
        // `array1d(from..from + len - 1, xs)`: an array whose first index
        // is `from`.
        let from = |i: usize, from: &Arg| {
            let from = self.arg(from);
            format!("array1d({from}..{from} + {} - 1, {})", len(i), a(i))
        };
        match name {
            "fzn_all_different_int" => format!("all_different({})", a(0)),
            "fzn_table_int" => {
                let n = len(0).max(1);
                let rows = len(1) / n;
                format!("table({}, array2d(1..{rows}, 1..{n}, {}))", a(0), a(1))
            }
            "fzn_count_eq" | "fzn_count_eq_par" => {
                format!("count_eq({}, {}, {})", a(0), a(1), a(2))
            }
            "fzn_among" => format!("among({}, {}, {})", a(0), a(1), a(2)),
            "fzn_global_cardinality" => {
                format!("global_cardinality({}, {}, {})", a(0), a(1), a(2))
            }
            "fzn_regular" => format!(
                "regular({}, {}, {}, array2d(1..{}, 1..{}, {}), {}, {})",
                a(0),
                a(1),
                a(2),
                a(1),
                a(2),
                a(3),
                a(4),
                a(5)
            ),
            "csp_circuit" => format!("circuit({})", from(1, &args[0])),
            "csp_inverse" => format!("inverse({}, {})", from(0, &args[1]), from(2, &args[3])),
            "csp_disjunctive" => format!("disjunctive({}, {})", a(0), a(1)),
            "csp_cumulative" => format!("cumulative({}, {}, {}, {})", a(0), a(1), a(2), a(3)),
            "fzn_lex_lesseq_int" | "fzn_lex_lesseq_bool" => {
                format!("lex_lesseq({}, {})", a(0), a(1))
            }
            _ => self.call(name, args),
        }
    }
}
