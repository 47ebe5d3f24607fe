//! Random small FlatZinc models for differential testing: a model is a
//! list of variables and constraints ([`Model`]) that prints as FlatZinc
//! for `fzn-csp` ([`Model::text`]) and, with the globals in Gecode's own
//! names or taken apart into builtins, for `fzn-gecode`
//! ([`Model::gecode_text`]); and that lists the candidate assignments of
//! its variables ([`Model::candidates`]) for a brute-force enumeration.
//!
//! Small variables take every value of their domain in the enumeration.
//! A wide or unbounded variable is always *defined*: a constraint the
//! generator wrote fixes it as a function of earlier variables (a linear
//! sum, a product, an absolute value, a maximum or minimum), so the
//! enumeration computes its one candidate value instead of trying them
//! all; whether that value is a solution is still for the judge of the
//! assignment (the test uses `flatzinc::check`) to say.

mod gecode;
mod generate;
mod minizinc;
mod rng;

pub use generate::{FEATURES, KINDS, generate};
pub use rng::Rng;

use std::fmt::Write;

/// A variable's domain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dom {
    /// `var bool`.
    Bool,
    /// A few integers, sorted and distinct, every one of them enumerated.
    Small(Vec<i64>),
    /// `var lo..hi`, too wide to enumerate.
    Wide(i64, i64),
    /// `var int`.
    Unbounded,
}

/// How a wide or unbounded variable's value follows from earlier ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Def {
    /// `Σ a·v + c`.
    Lin(Vec<(i64, usize)>, i128),
    /// `u · v`.
    Times(usize, usize),
    /// `|v|`.
    Abs(usize),
    /// The largest of the variables.
    Max(Vec<usize>),
    /// The smallest of the variables.
    Min(Vec<usize>),
}

/// A variable of a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// Its FlatZinc name.
    pub name: String,
    /// Its declared domain.
    pub dom: Dom,
    /// For a wide or unbounded variable, its definition.
    pub def: Option<Def>,
}

/// An argument of a constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A variable.
    Var(usize),
    /// An integer constant.
    Int(i64),
    /// A set constant.
    Set(Vec<i64>),
    /// An array of variables.
    Vars(Vec<usize>),
    /// An array of integer constants.
    Ints(Vec<i64>),
    /// An array of boolean constants.
    Bools(Vec<bool>),
}

/// A constraint of a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Con {
    /// The kind it was generated as (one of [`KINDS`]).
    pub kind: &'static str,
    /// The FlatZinc name, `int_le_reif` for instance.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Arg>,
    /// An annotation (`domain`, `bounds`), if any.
    pub ann: Option<&'static str>,
    /// The variable it defines, if it is a definition: never dropped
    /// while shrinking.
    pub defines: Option<usize>,
    /// The features of [`FEATURES`] it uses.
    pub features: Vec<&'static str>,
}

/// What the model asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Any solution (all of them with `-a`).
    Satisfy,
    /// The least value of the variable.
    Minimize(usize),
    /// The greatest value of the variable.
    Maximize(usize),
}

/// A random model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The variables, each defined only by earlier ones.
    pub vars: Vec<Var>,
    /// The constraints.
    pub cons: Vec<Con>,
    /// The goal.
    pub goal: Goal,
    /// The search annotations for the csp solver: groups of variables,
    /// each with its variable selection and value choice (`int_search`, or
    /// `bool_search` for booleans). Gecode and MiniZinc get none.
    pub search: Vec<Search>,
}

/// One `int_search` or `bool_search` of the `solve` item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// Its variables, all integers or all booleans.
    pub vars: Vec<usize>,
    /// `input_order`, `first_fail`, ...
    pub selection: &'static str,
    /// `indomain_min`, `indomain_split`, ...
    pub choice: &'static str,
}

fn list<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    let items: Vec<String> = items.iter().map(show).collect();
    format!("[{}]", items.join(", "))
}

fn set(values: &[i64]) -> String {
    match values {
        [] => "{}".to_string(),
        [lo, .., hi] if values.windows(2).all(|w| w[1] == w[0] + 1) => format!("{lo}..{hi}"),
        _ => format!(
            "{{{}}}",
            list(values, i64::to_string).trim_matches(['[', ']'])
        ),
    }
}

/// The FlatZinc type of a domain.
fn ty(dom: &Dom) -> String {
    match dom {
        Dom::Bool => "bool".to_string(),
        Dom::Small(values) => set(values),
        Dom::Wide(lo, hi) => format!("{lo}..{hi}"),
        Dom::Unbounded => "int".to_string(),
    }
}

impl Model {
    /// The FlatZinc text for `fzn-csp`: every variable an `output_var`.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.declarations(&mut out);
        for con in &self.cons {
            let ann = con.ann.map(|a| format!(" :: {a}")).unwrap_or_default();
            let _ = writeln!(out, "constraint {}{ann};", self.call(&con.name, &con.args));
        }
        self.solve(&mut out, true);
        out
    }

    /// The FlatZinc text for `fzn-gecode`, the same variables output, or
    /// `None` where a number passes Gecode's 32-bit limits.
    pub fn gecode_text(&self) -> Option<String> {
        let limit = 1i64 << 30;
        let small = |v: i64| (-limit..=limit).contains(&v);
        for var in &self.vars {
            let (lo, hi) = match &var.dom {
                Dom::Wide(lo, hi) => (*lo, *hi),
                Dom::Small(values) => (
                    values.first().copied().unwrap_or(0),
                    values.last().copied().unwrap_or(0),
                ),
                _ => (0, 0),
            };
            if !(small(lo) && small(hi)) {
                return None;
            }
            if let Some(Def::Lin(_, c)) = &var.def
                && c.abs() > i128::from(limit)
            {
                return None;
            }
        }
        let ints = |a: &Arg| match a {
            Arg::Int(v) => vec![*v],
            Arg::Set(vs) | Arg::Ints(vs) => vs.clone(),
            _ => vec![],
        };
        if self
            .cons
            .iter()
            .flat_map(|c| c.args.iter().flat_map(ints))
            .any(|v| !small(v))
        {
            return None;
        }
        let mut out = String::new();
        self.declarations(&mut out);
        let (mut aux, mut constraints) = (0, String::new());
        let mut copy = self.clone();
        for con in &self.cons {
            let con = gecode::alias(&mut copy, con, &mut aux, &mut out, &mut constraints);
            gecode::post(&copy, &con, &mut aux, &mut out, &mut constraints);
        }
        out.push_str(&constraints);
        self.solve(&mut out, false);
        Some(out)
    }

    fn declarations(&self, out: &mut String) {
        for var in &self.vars {
            let _ = writeln!(out, "var {}: {} :: output_var;", ty(&var.dom), var.name);
        }
    }

    fn solve(&self, out: &mut String, annotated: bool) {
        let searches: Vec<String> = self
            .search
            .iter()
            .filter(|_| annotated)
            .map(|s| {
                let bools = s.vars.iter().all(|&v| self.vars[v].dom == Dom::Bool);
                let which = if bools { "bool_search" } else { "int_search" };
                let vars = list(&s.vars, |&v| self.vars[v].name.clone());
                format!("{which}({vars}, {}, {}, complete)", s.selection, s.choice)
            })
            .collect();
        let ann = match searches.as_slice() {
            [] => String::new(),
            [one] => format!(" :: {one}"),
            all => format!(" :: seq_search([{}])", all.join(", ")),
        };
        let _ = match self.goal {
            Goal::Satisfy => writeln!(out, "solve{ann} satisfy;"),
            Goal::Minimize(v) => writeln!(out, "solve{ann} minimize {};", self.vars[v].name),
            Goal::Maximize(v) => writeln!(out, "solve{ann} maximize {};", self.vars[v].name),
        };
    }

    /// `name(args)` in FlatZinc.
    fn call(&self, name: &str, args: &[Arg]) -> String {
        let args: Vec<String> = args.iter().map(|a| self.arg(a)).collect();
        format!("{name}({})", args.join(", "))
    }

    fn arg(&self, arg: &Arg) -> String {
        match arg {
            Arg::Var(v) => self.vars[*v].name.clone(),
            Arg::Int(i) => i.to_string(),
            Arg::Set(values) => set(values),
            Arg::Vars(vs) => list(vs, |&v| self.vars[v].name.clone()),
            Arg::Ints(vs) => list(vs, i64::to_string),
            Arg::Bools(bs) => list(bs, bool::to_string),
        }
    }

    /// Every candidate assignment, one value per variable (booleans as 0
    /// and 1): the cross product of the small domains, each wide variable
    /// at the value its definition gives (assignments where that value is
    /// no `i64` are left out, as no variable can take it). `None` when
    /// there would be more than `limit`, or a wide variable has no
    /// definition.
    pub fn candidates(&self, limit: usize) -> Option<Vec<Vec<i64>>> {
        let mut size = 1usize;
        for var in &self.vars {
            size = match (&var.dom, &var.def) {
                (_, Some(_)) => size,
                (Dom::Bool, None) => size.checked_mul(2)?,
                (Dom::Small(values), None) => size.checked_mul(values.len())?,
                _ => return None,
            };
            if size > limit {
                return None;
            }
        }
        let mut all = vec![Vec::with_capacity(self.vars.len())];
        for var in &self.vars {
            let mut next = Vec::new();
            for partial in all {
                match (&var.dom, &var.def) {
                    (_, Some(def)) => {
                        if let Some(v) = eval(def, &partial) {
                            let mut p = partial;
                            p.push(v);
                            next.push(p);
                        }
                    }
                    (Dom::Bool, None) => {
                        for v in [0, 1] {
                            let mut p = partial.clone();
                            p.push(v);
                            next.push(p);
                        }
                    }
                    (Dom::Small(values), None) => {
                        for &v in values {
                            let mut p = partial.clone();
                            p.push(v);
                            next.push(p);
                        }
                    }
                    _ => unreachable!("checked above"),
                }
            }
            all = next;
        }
        Some(all)
    }

    /// The model without constraint `k`.
    pub fn without(&self, k: usize) -> Model {
        let mut m = self.clone();
        m.cons.remove(k);
        m
    }

    /// The model without the variables no constraint, definition or goal
    /// mentions.
    pub fn used_only(&self) -> Model {
        let mut used = vec![false; self.vars.len()];
        let mut mark = |v: usize| used[v] = true;
        for con in &self.cons {
            for arg in &con.args {
                match arg {
                    Arg::Var(v) => mark(*v),
                    Arg::Vars(vs) => vs.iter().copied().for_each(&mut mark),
                    _ => {}
                }
            }
        }
        if let Goal::Minimize(v) | Goal::Maximize(v) = self.goal {
            mark(v);
        }
        let mut new_index = vec![usize::MAX; self.vars.len()];
        let mut vars = Vec::new();
        for (i, var) in self.vars.iter().enumerate() {
            if used[i] {
                new_index[i] = vars.len();
                vars.push(var.clone());
            }
        }
        let map = |v: &usize| new_index[*v];
        for var in &mut vars {
            var.def = var.def.as_ref().map(|def| match def {
                Def::Lin(terms, c) => {
                    Def::Lin(terms.iter().map(|(a, v)| (*a, map(v))).collect(), *c)
                }
                Def::Times(u, v) => Def::Times(map(u), map(v)),
                Def::Abs(v) => Def::Abs(map(v)),
                Def::Max(vs) => Def::Max(vs.iter().map(map).collect()),
                Def::Min(vs) => Def::Min(vs.iter().map(map).collect()),
            });
        }
        let mut cons = self.cons.clone();
        for con in &mut cons {
            con.defines = con.defines.as_ref().map(map);
            for arg in &mut con.args {
                match arg {
                    Arg::Var(v) => *v = map(v),
                    Arg::Vars(vs) => vs.iter_mut().for_each(|v| *v = map(v)),
                    _ => {}
                }
            }
        }
        let goal = match self.goal {
            Goal::Satisfy => Goal::Satisfy,
            Goal::Minimize(v) => Goal::Minimize(map(&v)),
            Goal::Maximize(v) => Goal::Maximize(map(&v)),
        };
        let search = self
            .search
            .iter()
            .map(|s| Search {
                vars: s.vars.iter().filter(|&&v| used[v]).map(map).collect(),
                ..s.clone()
            })
            .filter(|s| !s.vars.is_empty())
            .collect();
        Model {
            vars,
            cons,
            goal,
            search,
        }
    }

    /// The features of [`FEATURES`] the model uses.
    pub fn features(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = self
            .cons
            .iter()
            .flat_map(|c| c.features.iter().copied())
            .collect();
        // A small variable at an end of i64, though no constraint uses it
        // (the objective, a search annotation).
        for var in &self.vars {
            if let Dom::Small(values) = &var.dom {
                if values.first() == Some(&i64::MIN) {
                    all.extend(["i64_min", "past_2^62"]);
                }
                if values.last() == Some(&i64::MAX) {
                    all.push("past_2^62");
                }
            }
        }
        if !self.search.is_empty() {
            all.push("search_annotations");
        }
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// A definition's value on the earlier variables' values; `None` when it
/// is no `i64`.
fn eval(def: &Def, values: &[i64]) -> Option<i64> {
    let v = |i: &usize| i128::from(values[*i]);
    let value: i128 = match def {
        Def::Lin(terms, c) => {
            terms
                .iter()
                .map(|(a, x)| i128::from(*a) * v(x))
                .sum::<i128>()
                + c
        }
        Def::Times(a, b) => v(a) * v(b),
        Def::Abs(a) => v(a).abs(),
        Def::Max(vs) => vs.iter().map(v).max()?,
        Def::Min(vs) => vs.iter().map(v).min()?,
    };
    i64::try_from(value).ok()
}
